//! Per-player money totals other domains report on (the team page, tasks): what players
//! deposited (passed deposits) and withdrew (paid withdrawals), read from wallet's own tables.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// The money one player moved through the wallet, in minor units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalletTotals {
    pub deposited: i64,
    pub withdrawn: i64,
}

/// The passed deposits and paid withdrawals of each of `players` who has any.
pub fn wallet_totals(
    connection: &Connection,
    players: &[UserId],
) -> Result<HashMap<UserId, WalletTotals>, AppError> {
    let ids = serde_json::to_string(players).map_err(anyhow::Error::from)?;
    let mut totals: HashMap<UserId, WalletTotals> = HashMap::new();
    let mut deposits = connection.prepare_cached(
        "SELECT user_id, SUM(amount) FROM deposits
         WHERE status = 'passed' AND user_id IN (SELECT value FROM json_each(?1))
         GROUP BY user_id",
    )?;
    for row in deposits.query_map([&ids], |row| Ok((row.get(0)?, row.get(1)?)))? {
        let (user, amount): (UserId, i64) = row?;
        totals.entry(user).or_default().deposited = amount;
    }
    let mut withdrawals = connection.prepare_cached(
        "SELECT user_id, SUM(amount) FROM withdrawals
         WHERE status = 'passed' AND user_id IN (SELECT value FROM json_each(?1))
         GROUP BY user_id",
    )?;
    for row in withdrawals.query_map([&ids], |row| Ok((row.get(0)?, row.get(1)?)))? {
        let (user, amount): (UserId, i64) = row?;
        totals.entry(user).or_default().withdrawn = amount;
    }
    Ok(totals)
}

/// The total of `user_id`'s deposits passed (approved) at or after `since` and before
/// `until`; `None` bounds are open.
pub fn passed_total(
    connection: &Connection,
    user_id: UserId,
    since: Option<Timestamp>,
    until: Option<Timestamp>,
) -> Result<Money, AppError> {
    let total: i64 = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount), 0) FROM deposits
             WHERE user_id = ?1 AND status = 'passed'
               AND (?2 IS NULL OR reviewed_at >= ?2) AND (?3 IS NULL OR reviewed_at < ?3)",
        )?
        .query_row(params![user_id, since, until], |row| row.get(0))?;
    Money::from_minor(total)
}
