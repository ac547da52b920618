//! Queries on `tasks`, `task_texts` and `task_claims` (owned by `growth::tasks`).

use super::types::{Task, TaskClaim, TaskKind, TaskSpec, TaskText};
use crate::clock::Timestamp;
use crate::error::{AppError, OnUnique};
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::collections::HashSet;

const TASK_COLUMNS: &str =
    "task_id, kind, target, reward_minor, daily, sort, start_at, end_at, closed_at, created_at";

fn task_row(row: &Row) -> rusqlite::Result<Task> {
    let code: String = row.get(1)?;
    let kind = TaskKind::parse(&code).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            1,
            rusqlite::types::Type::Text,
            format!("unknown task kind {code}").into(),
        )
    })?;
    Ok(Task {
        id: row.get(0)?,
        kind,
        target: row.get(2)?,
        reward: row.get(3)?,
        daily: row.get(4)?,
        sort: row.get(5)?,
        start_at: row.get(6)?,
        end_at: row.get(7)?,
        closed_at: row.get(8)?,
        created_at: row.get(9)?,
    })
}

pub fn task(connection: &Connection, task_id: i64) -> Result<Option<Task>, AppError> {
    Ok(connection
        .prepare_cached(&format!("SELECT {TASK_COLUMNS} FROM tasks WHERE task_id = ?1"))?
        .query_row([task_id], task_row)
        .optional()?)
}

/// Most tasks a player's list shows (the first by sort, then id).
pub const PLAYER_TASKS_MAX: i64 = 100;

/// The tasks open at `now` (not closed, inside their window), in the players' order (sort,
/// then id), at most `PLAYER_TASKS_MAX`.
pub fn open_tasks(connection: &Connection, now: Timestamp) -> Result<Vec<Task>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {TASK_COLUMNS} FROM tasks
         WHERE closed_at IS NULL AND (start_at IS NULL OR start_at <= ?1)
           AND (end_at IS NULL OR end_at > ?1)
         ORDER BY sort, task_id LIMIT ?2"
    ))?;
    let rows = query.query_map(params![now, PLAYER_TASKS_MAX], task_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every task, newest first (the operator's list).
pub fn all_tasks(connection: &Connection) -> Result<Vec<Task>, AppError> {
    let mut query = connection
        .prepare_cached(&format!("SELECT {TASK_COLUMNS} FROM tasks ORDER BY task_id DESC"))?;
    let rows = query.query_map([], task_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn insert_task(
    connection: &Connection,
    spec: &TaskSpec,
    now: Timestamp,
) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO tasks (kind, target, reward_minor, daily, sort, start_at, end_at,
                                created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        )?
        .execute(params![
            spec.kind.code(),
            spec.target,
            spec.reward.minor(),
            spec.daily,
            spec.sort,
            spec.start_at,
            spec.end_at,
            now
        ])?;
    Ok(connection.last_insert_rowid())
}

/// Writes a task's changeable fields.
pub fn update_task(connection: &Connection, task: &Task, now: Timestamp) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "UPDATE tasks SET target = ?2, reward_minor = ?3, sort = ?4, start_at = ?5,
                              end_at = ?6, updated_at = ?7
             WHERE task_id = ?1",
        )?
        .execute(params![
            task.id,
            task.target,
            task.reward.minor(),
            task.sort,
            task.start_at,
            task.end_at,
            now
        ])?;
    Ok(())
}

/// Closes a task; false when it was closed already.
pub fn close_task(connection: &Connection, task_id: i64, now: Timestamp) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE tasks SET closed_at = ?2, updated_at = ?2
             WHERE task_id = ?1 AND closed_at IS NULL",
        )?
        .execute(params![task_id, now])?;
    Ok(changed == 1)
}

/// Replaces a task's texts.
pub fn put_texts(
    connection: &Connection,
    task_id: i64,
    texts: &[TaskText],
) -> Result<(), AppError> {
    connection.prepare_cached("DELETE FROM task_texts WHERE task_id = ?1")?.execute([task_id])?;
    let mut insert = connection.prepare_cached(
        "INSERT INTO task_texts (task_id, lang, title, description) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for text in texts {
        insert.execute(params![task_id, text.lang, text.title, text.description])?;
    }
    Ok(())
}

pub fn texts(connection: &Connection, task_id: i64) -> Result<Vec<TaskText>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT lang, title, description FROM task_texts WHERE task_id = ?1 ORDER BY lang",
    )?;
    let rows = query.query_map([task_id], |row| {
        Ok(TaskText { lang: row.get(0)?, title: row.get(1)?, description: row.get(2)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The title and description in `lang`, else in `fallback`, else in any language.
pub fn text_in(
    connection: &Connection,
    task_id: i64,
    lang: &str,
    fallback: &str,
) -> Result<(String, String), AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT title, description FROM task_texts WHERE task_id = ?1
             ORDER BY lang = ?2 DESC, lang = ?3 DESC, lang LIMIT 1",
        )?
        .query_row(params![task_id, lang, fallback], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?
        .unwrap_or_default())
}

/// Whether `user_id` claimed `task_id` in `period`.
pub fn claimed(
    connection: &Connection,
    task_id: i64,
    user_id: UserId,
    period: &str,
) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM task_claims
                            WHERE task_id = ?1 AND user_id = ?2 AND period = ?3)",
        )?
        .query_row(params![task_id, user_id, period], |row| row.get(0))?)
}

/// The (task, period) pairs `user_id` claimed in the periods open on the day `today`: that
/// day's (daily tasks) and the one-off period "".
pub fn claimed_tasks(
    connection: &Connection,
    user_id: UserId,
    today: &str,
) -> Result<HashSet<(i64, String)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT task_id, period FROM task_claims WHERE user_id = ?1 AND period IN ('', ?2)",
    )?;
    let rows = query.query_map(params![user_id, today], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub struct NewClaim<'a> {
    pub task_id: i64,
    pub user_id: UserId,
    pub period: &'a str,
    pub reward: Money,
    pub entry_id: i64,
    pub claimed_at: Timestamp,
}

/// Records a claim; `reward_claimed` when the period has one (the key decides a race).
pub fn insert_claim(connection: &Connection, claim: &NewClaim) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO task_claims (task_id, user_id, period, reward_minor, entry_id, claimed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            claim.task_id,
            claim.user_id,
            claim.period,
            claim.reward.minor(),
            claim.entry_id,
            claim.claimed_at
        ])
        .on_unique(&[("task_claims.task_id", || AppError::RewardClaimed)])?;
    Ok(())
}

/// How many claims a task has and what they paid.
pub fn claim_totals(connection: &Connection, task_id: i64) -> Result<(i64, Money), AppError> {
    let (count, paid): (i64, i64) = connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(reward_minor), 0) FROM task_claims WHERE task_id = ?1",
        )?
        .query_row([task_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok((count, Money::from_minor(paid)?))
}

/// A task's latest `limit` claims, newest first.
pub fn claims(
    connection: &Connection,
    task_id: i64,
    limit: i64,
) -> Result<Vec<TaskClaim>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, period, reward_minor, claimed_at FROM task_claims WHERE task_id = ?1
         ORDER BY claimed_at DESC, user_id LIMIT ?2",
    )?;
    let rows = query.query_map(params![task_id, limit], |row| {
        Ok(TaskClaim {
            user_id: row.get(0)?,
            period: row.get(1)?,
            reward: row.get(2)?,
            claimed_at: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
