//! A player's betting in a window, for the programmes that count it (tasks).

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, params};

/// How many bets a player placed in a window and their stakes; refunded bets do not count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BetActivity {
    pub bets: i64,
    pub staked: Money,
}

/// `user_id`'s bets placed at or after `since` and before `until` (`None`: open), refunds left
/// out.
pub fn bets_placed(
    connection: &Connection,
    user_id: UserId,
    since: Option<Timestamp>,
    until: Option<Timestamp>,
) -> Result<BetActivity, AppError> {
    let (bets, staked): (i64, i64) = connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(stake), 0) FROM bets
             WHERE user_id = ?1 AND status <> 'refunded'
               AND (?2 IS NULL OR placed_at >= ?2) AND (?3 IS NULL OR placed_at < ?3)",
        )?
        .query_row(params![user_id, since, until], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(BetActivity { bets, staked: Money::from_minor(staked)? })
}
