//! Fixed-window rate limits: at most `max` hits per key in a window of `window_secs` that
//! opens at a key's first hit. Refusals are `throttled` with the seconds until the window ends.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// Expired rows of a scope removed by one hit: keeps the table near its live size with a
/// bounded amount of work per request.
const PRUNE_PER_HIT: i64 = 8;

/// One limit: its scope (a table key, never renamed) and its bound.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window_secs: i64,
}

/// Refuses with `throttled` while `key` has used up its hits of the current window.
pub fn check(
    connection: &Connection,
    limit: Limit,
    key: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    let row: Option<(Timestamp, i64)> = connection
        .prepare_cached("SELECT window_start, hits FROM rate_limits WHERE scope = ?1 AND key = ?2")?
        .query_row(params![limit.scope, key], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    match row {
        Some((start, hits)) if start + limit.window_secs > now && hits >= limit.max => {
            Err(AppError::Throttled { seconds: start + limit.window_secs - now })
        }
        _ => Ok(()),
    }
}

/// Counts one hit of `key`, refusing (and counting nothing) when its window is used up.
pub fn hit(tx: &Tx, limit: Limit, key: &str, now: Timestamp) -> Result<(), AppError> {
    check(tx, limit, key, now)?;
    tx.prepare_cached(
        "INSERT INTO rate_limits (scope, key, window_start, hits) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = CASE WHEN window_start > ?4 THEN hits + 1 ELSE 1 END,
           window_start = CASE WHEN window_start > ?4 THEN window_start ELSE ?3 END",
    )?
    .execute(params![limit.scope, key, now, now - limit.window_secs])?;
    tx.prepare_cached(
        "DELETE FROM rate_limits WHERE scope = ?1 AND key IN (
           SELECT key FROM rate_limits WHERE scope = ?1 AND window_start <= ?2 LIMIT ?3)",
    )?
    .execute(params![limit.scope, now - limit.window_secs, PRUNE_PER_HIT])?;
    Ok(())
}

/// Forgets the hits of `key` (e.g. failures, after a success).
pub fn clear(tx: &Tx, limit: Limit, key: &str) -> Result<(), AppError> {
    tx.prepare_cached("DELETE FROM rate_limits WHERE scope = ?1 AND key = ?2")?
        .execute(params![limit.scope, key])?;
    Ok(())
}
