//! The rebate and commission job: when a batch is due (`growth.rebate.batch_interval_secs`
//! after the last), pays one batch of the bets settled since the last. The batch's watermark is
//! written with its payments, so a restart resumes where it stopped and pays each bet once.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::rebates::{self, BatchSummary};
use std::sync::Arc;

/// Pays a batch when one is due; returns it. A tick with no batch due costs one read, not a
/// turn of the writer; the write checks again.
pub async fn pay_if_due(
    db: &Db,
    growth: &Arc<GrowthConfig>,
    timezone: chrono_tz::Tz,
    now: Timestamp,
) -> Result<Option<BatchSummary>, AppError> {
    let config = growth.clone();
    if !db.read(move |connection| rebates::batch_due(connection, &config.rebate, now)).await? {
        return Ok(None);
    }
    let growth = growth.clone();
    db.write(move |tx| {
        if !rebates::batch_due(tx, &growth.rebate, now)? {
            return Ok(None);
        }
        rebates::run_batch(tx, (&growth, timezone), now)
    })
    .await
}
