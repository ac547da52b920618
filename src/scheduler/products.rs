//! The product payout job: pays every instalment that has fallen due, oldest first and each
//! order's in order. The schedule rows record what is paid, so a restart or days of downtime
//! resume where it stopped and pay each instalment exactly once.

use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::finance::goods::{self, PayoutReport};

/// Pays until nothing due is left, `goods::PAYOUTS_PER_TX` instalments per transaction (other
/// writes interleave); returns the sum of what was paid.
pub async fn pay_due(db: &Db, now: Timestamp) -> Result<PayoutReport, AppError> {
    let mut total = PayoutReport::default();
    loop {
        let report = db.write(move |tx| goods::pay_due(tx, now)).await?;
        total.paid += report.paid;
        total.interest_minor += report.interest_minor;
        total.principal_minor += report.principal_minor;
        if !report.more || report.paid == 0 {
            return Ok(total);
        }
    }
}
