//! Passed deposits counted by the programmes: how much a player deposited in a window, and
//! whether a player ever deposited.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, params};

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

/// Whether `user_id` has at least one passed deposit.
pub fn has_passed_deposit(connection: &Connection, user_id: UserId) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM deposits WHERE user_id = ?1 AND status = 'passed')",
        )?
        .query_row([user_id], |row| row.get(0))?)
}
