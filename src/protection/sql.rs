//! The queries of `protection`. Besides its own tables it reads, never writes, two sums of the
//! domains that call it (which sit above it, so it cannot call them): the deposits a player
//! requested and the bets he placed since an instant, each through a per-player index.

use super::types::{ExclusionRecord, ExclusionRequest, ExclusionState, Overview};
use super::types::{LimitKind, Period};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, params};

/// What the guard reads of a player in one query.
pub(super) struct GuardState {
    /// The end of the latest running exclusion.
    pub excluded_until: Option<Timestamp>,
    pub reality_check_mins: u32,
    /// Whether a limit of the asked kind is set or pending.
    pub has_limits: bool,
}

/// A running exclusion "runs at `now`": started, not ended, not lifted.
const RUNNING: &str = "e.user_id = ?1 AND e.started_at <= ?2 AND e.until > ?2
     AND NOT EXISTS (SELECT 1 FROM protection_exclusion_lifts l
                     WHERE l.exclusion_id = e.exclusion_id)";

pub(super) fn guard_state(
    connection: &Connection,
    user_id: UserId,
    kind: LimitKind,
    now: Timestamp,
) -> Result<GuardState, AppError> {
    let query = format!(
        "SELECT (SELECT MAX(e.until) FROM protection_exclusions e WHERE {RUNNING}),
                (SELECT reality_check_mins FROM protection_settings WHERE user_id = ?1),
                EXISTS (SELECT 1 FROM protection_limits WHERE user_id = ?1 AND kind = ?3
                        AND (amount IS NOT NULL OR pending_amount IS NOT NULL))"
    );
    Ok(connection.prepare_cached(&query)?.query_row(params![user_id, now, kind.code()], |row| {
        Ok(GuardState {
            excluded_until: row.get(0)?,
            reality_check_mins: row.get::<_, Option<u32>>(1)?.unwrap_or(0),
            has_limits: row.get(2)?,
        })
    })?)
}

pub(super) fn running_exclusion(
    connection: &Connection,
    user_id: UserId,
    now: Timestamp,
) -> Result<Option<ExclusionState>, AppError> {
    let query = format!(
        "SELECT e.kind, e.started_at, e.until FROM protection_exclusions e WHERE {RUNNING}
         ORDER BY e.until DESC LIMIT 1"
    );
    Ok(connection
        .prepare_cached(&query)?
        .query_row(params![user_id, now], |row| {
            Ok(ExclusionState { kind: row.get(0)?, started_at: row.get(1)?, until: row.get(2)? })
        })
        .optional()?)
}

pub(super) fn insert_exclusion(
    tx: &Tx,
    user_id: UserId,
    request: ExclusionRequest,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO protection_exclusions (user_id, kind, duration, started_at, until)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        user_id,
        request.kind.code(),
        request.length.code(),
        now,
        now + request.length.secs()
    ])?;
    Ok(())
}

/// Marks every running exclusion of the player lifted; returns how many.
pub(super) fn lift_running(
    tx: &Tx,
    user_id: UserId,
    (operator, reason): (&str, &str),
    now: Timestamp,
) -> Result<usize, AppError> {
    let query = format!(
        "INSERT INTO protection_exclusion_lifts (exclusion_id, lifted_at, operator, reason)
         SELECT e.exclusion_id, ?2, ?3, ?4 FROM protection_exclusions e WHERE {RUNNING}"
    );
    Ok(tx.prepare_cached(&query)?.execute(params![user_id, now, operator, reason])?)
}

/// The time-outs and self-exclusions running at `now` (or every one with `all`), latest first,
/// at most `limit`.
pub(super) fn exclusions(
    connection: &Connection,
    all: bool,
    now: Timestamp,
    limit: u32,
) -> Result<Vec<ExclusionRecord>, AppError> {
    let mut statement = connection.prepare_cached(
        "SELECT e.exclusion_id, e.user_id, e.kind, e.duration, e.started_at, e.until,
                l.lifted_at, l.reason
         FROM protection_exclusions e
         LEFT JOIN protection_exclusion_lifts l ON l.exclusion_id = e.exclusion_id
         WHERE ?1 OR (e.started_at <= ?2 AND e.until > ?2 AND l.exclusion_id IS NULL)
         ORDER BY e.exclusion_id DESC LIMIT ?3",
    )?;
    let rows = statement.query_map(params![all, now, limit], |row| {
        Ok(ExclusionRecord {
            exclusion_id: row.get(0)?,
            user_id: row.get(1)?,
            kind: row.get(2)?,
            duration: row.get(3)?,
            started_at: row.get(4)?,
            until: row.get(5)?,
            lifted_at: row.get(6)?,
            lift_reason: row.get(7)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A stored limit of one period.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LimitRow {
    pub amount: Option<i64>,
    pub pending_amount: Option<i64>,
    pub pending_at: Option<Timestamp>,
}

pub(super) fn limit_row(
    connection: &Connection,
    user_id: UserId,
    kind: LimitKind,
    period: Period,
) -> Result<LimitRow, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT amount, pending_amount, pending_at FROM protection_limits
             WHERE user_id = ?1 AND kind = ?2 AND period = ?3",
        )?
        .query_row(params![user_id, kind.code(), period.code()], |row| {
            Ok(LimitRow {
                amount: row.get(0)?,
                pending_amount: row.get(1)?,
                pending_at: row.get(2)?,
            })
        })
        .optional()?
        .unwrap_or_default())
}

pub(super) fn store_limit(
    tx: &Tx,
    (user_id, kind, period): (UserId, LimitKind, Period),
    row: LimitRow,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO protection_limits (user_id, kind, period, amount, pending_amount, pending_at,
                                        updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (user_id, kind, period) DO UPDATE SET amount = excluded.amount,
             pending_amount = excluded.pending_amount, pending_at = excluded.pending_at,
             updated_at = excluded.updated_at",
    )?
    .execute(params![
        user_id,
        kind.code(),
        period.code(),
        row.amount,
        row.pending_amount,
        row.pending_at,
        now
    ])?;
    Ok(())
}

pub(super) fn reality_check_mins(
    connection: &Connection,
    user_id: UserId,
) -> Result<u32, AppError> {
    let mins: Option<u32> = connection
        .prepare_cached("SELECT reality_check_mins FROM protection_settings WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?;
    Ok(mins.unwrap_or(0))
}

pub(super) fn store_reality_check_mins(
    tx: &Tx,
    user_id: UserId,
    mins: u32,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO protection_settings (user_id, reality_check_mins, updated_at)
         VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE SET reality_check_mins = excluded.reality_check_mins,
             updated_at = excluded.updated_at",
    )?
    .execute(params![user_id, mins, now])?;
    Ok(())
}

pub(super) fn session_ack(
    connection: &Connection,
    token_hash: &str,
) -> Result<Option<Timestamp>, AppError> {
    Ok(connection
        .prepare_cached("SELECT acked_at FROM protection_session_acks WHERE token_hash = ?1")?
        .query_row([token_hash], |row| row.get(0))
        .optional()?)
}

pub(super) fn store_session_ack(tx: &Tx, token_hash: &str, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO protection_session_acks (token_hash, acked_at) VALUES (?1, ?2)
         ON CONFLICT (token_hash) DO UPDATE SET acked_at = excluded.acked_at",
    )?
    .execute(params![token_hash, now])?;
    Ok(())
}

/// How many players hold each kind of protection now (`overview`).
pub(super) fn overview(connection: &Connection, now: Timestamp) -> Result<Overview, AppError> {
    let count = |sql: &str, kind: &str| -> Result<i64, AppError> {
        Ok(connection.prepare_cached(sql)?.query_row(params![kind, now], |row| row.get(0))?)
    };
    let limits = "SELECT COUNT(DISTINCT user_id) FROM protection_limits
                  WHERE kind = ?1 AND amount IS NOT NULL AND updated_at <= ?2";
    let running = "SELECT COUNT(DISTINCT e.user_id) FROM protection_exclusions e
                   LEFT JOIN protection_exclusion_lifts l ON l.exclusion_id = e.exclusion_id
                   WHERE e.kind = ?1 AND e.started_at <= ?2 AND e.until > ?2
                     AND l.exclusion_id IS NULL";
    let reality = connection
        .prepare_cached("SELECT COUNT(*) FROM protection_settings WHERE reality_check_mins > 0")?
        .query_row([], |row| row.get(0))?;
    Ok(Overview {
        deposit_limits: count(limits, "deposit")?,
        loss_limits: count(limits, "loss")?,
        reality_checks: reality,
        timeouts: count(running, "timeout")?,
        self_exclusions: count(running, "self_exclusion")?,
    })
}
