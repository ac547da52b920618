//! The red envelope expiry job: returns the unclaimed remainder of every envelope past its
//! expiry to `bonus`. The envelope's state changes in the same transaction as the refund, so a
//! restart or days of downtime resume where it stopped and return each remainder exactly once.

use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::envelopes::{self, RefundReport};

/// Refunds until no expired envelope is left, `envelopes::REFUNDS_PER_TX` per transaction
/// (other writes interleave); returns the envelopes closed and the sum returned. A tick with
/// nothing expired costs one read, not a turn of the writer.
pub async fn refund_expired(db: &Db, now: Timestamp) -> Result<RefundReport, AppError> {
    let mut total = RefundReport::default();
    if !db.read(move |connection| envelopes::any_expired(connection, now)).await? {
        return Ok(total);
    }
    loop {
        let report = db.write(move |tx| envelopes::refund_expired(tx, now)).await?;
        total.closed += report.closed;
        total.refunded_minor += report.refunded_minor;
        if !report.more || report.closed == 0 {
            return Ok(total);
        }
    }
}
