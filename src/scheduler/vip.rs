//! The VIP job: betting points grow when bets are placed in `games`, which cannot call growth,
//! so each tick re-evaluates the players with a bet among the ledger entries written since the
//! job's watermark (`growth::vip::reevaluate_bettors`), a bounded batch per transaction, and
//! pays the upgrade rewards they reached. An idle tick costs one read.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::vip;
use std::sync::Arc;

/// Runs batches until the watermark has caught up; returns the upgrade rewards paid.
pub async fn reevaluate_bettors(
    db: &Db,
    growth: Arc<GrowthConfig>,
    now: Timestamp,
) -> Result<u32, AppError> {
    let mut upgrades = 0;
    while db.read(vip::bettors_pending).await? {
        let growth = growth.clone();
        let report = db.write(move |tx| vip::reevaluate_bettors(tx, &growth, now)).await?;
        upgrades += report.upgrades;
        if !report.advanced {
            break;
        }
    }
    Ok(upgrades)
}
