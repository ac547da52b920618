//! The release of deposit bonuses by play (`flows::bonus_release`), after each tick that
//! settled bets (and at the first tick, for what settled while the server was down), a batch
//! of players per transaction; a read first, since most ticks have nobody to release for.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::flows::bonus_release;
use crate::growth::bonus_release::pending_players;
use crate::ids::UserId;
use std::sync::Arc;

/// Runs every batch; returns the releases paid.
pub async fn release_due(
    db: &Db,
    growth: Arc<GrowthConfig>,
    now: Timestamp,
) -> Result<u32, AppError> {
    let mut after = UserId::from_rowid(0);
    // Most ticks have nobody with a grant pending: one read instead of a write.
    let anyone = db.read(move |connection| Ok(!pending_players(connection, after, 1)?.is_empty()));
    if !anyone.await? {
        return Ok(0);
    }
    let mut releases = 0;
    loop {
        let growth = growth.clone();
        let batch = db.write(move |tx| bonus_release::release_batch(tx, &growth, after, now));
        let (released, next) = batch.await?;
        releases += u32::try_from(released.len()).unwrap_or(u32::MAX);
        match next {
            Some(next) => after = next,
            None => return Ok(releases),
        }
    }
}
