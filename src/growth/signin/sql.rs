//! Queries on `signins` (owned by `growth::signin`).

use super::types::{DaySignin, SignedDay};
use crate::clock::Timestamp;
use crate::error::{AppError, OnUnique};
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// The streak of `user_id`'s sign-in on `date`, if they signed in that day.
pub fn streak_on(
    connection: &Connection,
    user_id: UserId,
    date: &str,
) -> Result<Option<i64>, AppError> {
    Ok(connection
        .prepare_cached("SELECT streak FROM signins WHERE user_id = ?1 AND day = ?2")?
        .query_row(params![user_id, date], |row| row.get(0))
        .optional()?)
}

pub struct NewSignin<'a> {
    pub user_id: UserId,
    pub date: &'a str,
    pub streak: i64,
    pub reward: Money,
    pub entry_id: i64,
    pub signed_at: Timestamp,
}

/// Records a sign-in; `already_signed` when that day has one (the key decides a race).
pub fn insert(connection: &Connection, signin: &NewSignin) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO signins (user_id, day, streak, reward_minor, entry_id, signed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            signin.user_id,
            signin.date,
            signin.streak,
            signin.reward.minor(),
            signin.entry_id,
            signin.signed_at
        ])
        .on_unique(&[("signins.user_id", || AppError::AlreadySigned)])?;
    Ok(())
}

fn signed_day(row: &Row) -> rusqlite::Result<SignedDay> {
    Ok(SignedDay { date: row.get(0)?, streak: row.get(1)?, reward: row.get(2)? })
}

/// `user_id`'s sign-ins on dates in `[from, until)`, in date order.
pub fn days_between(
    connection: &Connection,
    user_id: UserId,
    (from, until): (&str, &str),
) -> Result<Vec<SignedDay>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT day, streak, reward_minor FROM signins
         WHERE user_id = ?1 AND day >= ?2 AND day < ?3 ORDER BY day",
    )?;
    let rows = query.query_map(params![user_id, from, until], signed_day)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// `user_id`'s latest `limit` sign-ins, newest first.
pub fn recent_days(
    connection: &Connection,
    user_id: UserId,
    limit: i64,
) -> Result<Vec<SignedDay>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT day, streak, reward_minor FROM signins WHERE user_id = ?1
         ORDER BY day DESC LIMIT ?2",
    )?;
    let rows = query.query_map(params![user_id, limit], signed_day)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many days `user_id` signed in, and what they were paid in all.
pub fn totals(connection: &Connection, user_id: UserId) -> Result<(i64, Money), AppError> {
    let (days, reward): (i64, i64) = connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(reward_minor), 0) FROM signins WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok((days, Money::from_minor(reward)?))
}

/// Everyone who signed in on `date`, in the order they did.
pub fn on_day(connection: &Connection, date: &str) -> Result<Vec<DaySignin>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, streak, reward_minor, signed_at FROM signins WHERE day = ?1
         ORDER BY signed_at, user_id",
    )?;
    let rows = query.query_map([date], |row| {
        Ok(DaySignin {
            user_id: row.get(0)?,
            streak: row.get(1)?,
            reward: row.get(2)?,
            signed_at: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
