//! The VIP job: betting points grow when bets are placed in `games`, which cannot call growth,
//! so each tick re-evaluates the players with a bet among the ledger entries written since the
//! job's watermark (`growth::vip::reevaluate_bettors`), a bounded batch per transaction, and
//! pays the upgrade rewards they reached. An idle tick costs one read. A tick runs at most
//! `BATCHES_PER_TICK` batches, so catching up (the first run on an old database re-reads every
//! bet) is spread over ticks instead of holding back the next tick's draws.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::rewards::RewardRules;
use crate::growth::vip;
use std::sync::Arc;

/// Entries one tick reads at most: 4 x `vip::ENTRIES_PER_TX`, above what the sustained load
/// writes in a second.
const BATCHES_PER_TICK: u32 = 4;

/// Runs batches until the watermark has caught up or `BATCHES_PER_TICK` ran; returns the
/// upgrade rewards paid.
pub async fn reevaluate_bettors(
    db: &Db,
    growth: Arc<GrowthConfig>,
    timezone: chrono_tz::Tz,
    now: Timestamp,
) -> Result<u32, AppError> {
    let rules = Arc::new(RewardRules::new(&growth, timezone));
    let mut upgrades = 0;
    for _ in 0..BATCHES_PER_TICK {
        if !db.read(vip::bettors_pending).await? {
            break;
        }
        let (growth, rules) = (growth.clone(), rules.clone());
        let report =
            db.write(move |tx| vip::reevaluate_bettors(tx, (&growth, &rules), now)).await?;
        upgrades += report.upgrades;
        if !report.advanced {
            break;
        }
    }
    Ok(upgrades)
}
