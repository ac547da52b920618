//! Queries on `savings_progress` and `savings_interest` (owned by `finance`).

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, params};

/// Where a player's interest stands: the last settled day and what it ended with.
#[derive(Clone, Debug)]
pub struct Progress {
    pub user_id: UserId,
    pub day: String,
    pub closing: Money,
    pub last_posting_id: i64,
}

/// Starts tracking a player from `day` (the day before their first move in); a no-op when
/// they are tracked already.
pub fn start_progress(connection: &Connection, user_id: UserId, day: &str) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO savings_progress (user_id, day, closing_minor, last_posting_id)
             VALUES (?1, ?2, 0, 0) ON CONFLICT (user_id) DO NOTHING",
        )?
        .execute(params![user_id, day])?;
    Ok(())
}

/// Up to `limit` players whose last settled day is before `day`, oldest day first.
pub fn due_progress(
    connection: &Connection,
    day: &str,
    limit: i64,
) -> Result<Vec<Progress>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, day, closing_minor, last_posting_id FROM savings_progress
         WHERE day < ?1 ORDER BY day, user_id LIMIT ?2",
    )?;
    let rows = query.query_map(params![day, limit], |row| {
        Ok(Progress {
            user_id: row.get(0)?,
            day: row.get(1)?,
            closing: row.get(2)?,
            last_posting_id: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn save_progress(connection: &Connection, progress: &Progress) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "UPDATE savings_progress SET day = ?2, closing_minor = ?3, last_posting_id = ?4
             WHERE user_id = ?1",
        )?
        .execute(params![
            progress.user_id,
            progress.day,
            progress.closing.minor(),
            progress.last_posting_id
        ])?;
    Ok(())
}

/// One settled day with a held balance.
pub struct InterestRow<'a> {
    pub user_id: UserId,
    pub day: &'a str,
    pub held: Money,
    pub interest: Money,
    pub rate_bp: i64,
    pub entry_id: Option<i64>,
    pub paid_at: Timestamp,
}

pub fn insert_interest(connection: &Connection, row: &InterestRow) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO savings_interest
             (user_id, day, held_minor, interest_minor, rate_bp, entry_id, paid_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            row.user_id,
            row.day,
            row.held.minor(),
            row.interest.minor(),
            row.rate_bp,
            row.entry_id,
            row.paid_at
        ])?;
    Ok(())
}

/// The interest credited for `day` (zero when none).
pub fn interest_of_day(
    connection: &Connection,
    user_id: UserId,
    day: &str,
) -> Result<Money, AppError> {
    let interest: Option<Money> = connection
        .prepare_cached(
            "SELECT interest_minor FROM savings_interest WHERE user_id = ?1 AND day = ?2",
        )?
        .query_row(params![user_id, day], |row| row.get(0))
        .optional()?;
    Ok(interest.unwrap_or(Money::ZERO))
}

/// (interest paid, sum of the held balances) over the days from `first` to `last`.
pub fn interest_between(
    connection: &Connection,
    user_id: UserId,
    first: &str,
    last: &str,
) -> Result<(i64, i64), AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(SUM(interest_minor), 0), COALESCE(SUM(held_minor), 0)
             FROM savings_interest WHERE user_id = ?1 AND day BETWEEN ?2 AND ?3",
        )?
        .query_row(params![user_id, first, last], |row| Ok((row.get(0)?, row.get(1)?)))?)
}
