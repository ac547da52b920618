//! Settled stakes for the growth programmes (rebates, commissions, the team's volume): what
//! each player staked in bets settled won or lost within a span of settlement times. Refunded
//! bets are not stakes that played, so they never count.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// What one player staked in settled (won or lost) bets, and in how many.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettledStakes {
    pub stake: i64,
    pub bets: i64,
}

/// Per player, the stakes of bets settled won or lost at `from <= settled_at < until`.
pub fn settled_stakes_between(
    connection: &Connection,
    from: Timestamp,
    until: Timestamp,
) -> Result<HashMap<UserId, SettledStakes>, AppError> {
    let mut statement = connection.prepare_cached(
        "SELECT user_id, SUM(stake), COUNT(*) FROM bets
         WHERE settled_at >= ?1 AND settled_at < ?2 AND status IN ('won', 'lost')
         GROUP BY user_id",
    )?;
    let rows = statement.query_map(params![from, until], |row| {
        Ok((row.get(0)?, SettledStakes { stake: row.get(1)?, bets: row.get(2)? }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Per player of `players`, the stakes of every bet he had settled won or lost.
pub fn settled_stakes_of(
    connection: &Connection,
    players: &[UserId],
) -> Result<HashMap<UserId, SettledStakes>, AppError> {
    let ids = serde_json::to_string(players).map_err(anyhow::Error::from)?;
    let mut statement = connection.prepare_cached(
        "SELECT user_id, SUM(stake), COUNT(*) FROM bets
         WHERE user_id IN (SELECT value FROM json_each(?1)) AND status IN ('won', 'lost')
         GROUP BY user_id",
    )?;
    let rows = statement.query_map([ids], |row| {
        Ok((row.get(0)?, SettledStakes { stake: row.get(1)?, bets: row.get(2)? }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
