//! The daily savings interest job: settles every ended operator-local day of every player
//! who saves, each in order and exactly once (the progress lives in the database, so a
//! restart or days of downtime resume where it stopped).

use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::finance::{self, FinanceSettings, SettleReport};
use std::sync::Arc;

#[derive(Clone)]
pub struct SavingsJob {
    db: Db,
    settings: Arc<FinanceSettings>,
}

impl SavingsJob {
    pub fn new(db: Db, settings: FinanceSettings) -> SavingsJob {
        SavingsJob { db, settings: Arc::new(settings) }
    }

    /// Settles until no ended day is left, one transaction per `finance::SAVINGS_DAYS_PER_TX`
    /// player days (other writes interleave); returns the sum of what was settled. Ends: every
    /// call settles at least one player day or reports nothing more to do.
    pub async fn tick(&self, now: Timestamp) -> Result<SettleReport, AppError> {
        let mut total = SettleReport::default();
        loop {
            let settings = self.settings.clone();
            let report =
                self.db.write(move |tx| finance::settle_interest(tx, &settings, now)).await?;
            total.days_settled += report.days_settled;
            total.interest_minor += report.interest_minor;
            if !report.more || report.days_settled == 0 {
                return Ok(total);
            }
        }
    }
}
