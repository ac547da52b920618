//! The deliveries table (`notification_deliveries`): written, claimed, settled and listed.

use super::{Channel, Event, retry_delay_secs};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::{Connection, params};

/// A delivery to send: its id (`X-Fairhall-Delivery`), channel, exact body and past tries.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub id: i64,
    pub channel: Channel,
    pub payload: String,
    pub attempts: u32,
}

/// A delivery as `fairhall admin notify log` lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Delivery {
    pub id: i64,
    pub event: String,
    pub channel: String,
    pub attempts: u32,
    /// delivered, waiting or given_up.
    pub state: String,
    pub last_error: Option<String>,
    pub created_at: Timestamp,
    /// When the next try is due (while waiting).
    pub next_attempt_at: Option<Timestamp>,
    pub delivered_at: Option<Timestamp>,
    pub given_up_at: Option<Timestamp>,
}

/// The id the next delivery gets: taken on the single writer, so a body can name its own id.
pub(super) fn next_id(tx: &Tx) -> Result<i64, AppError> {
    Ok(tx
        .prepare_cached(
            "SELECT COALESCE(MAX(notification_delivery_id), 0) + 1 FROM notification_deliveries",
        )?
        .query_row([], |row| row.get(0))?)
}

pub(super) fn insert(
    tx: &Tx,
    (id, event, channel): (i64, Event, Channel),
    payload: &str,
    due_at: Timestamp,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO notification_deliveries
             (notification_delivery_id, event, channel, payload, next_attempt_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![id, event.code(), channel.code(), payload, due_at, now])?;
    Ok(())
}

/// The deliveries due at `now`, oldest due first, at most `limit`, each claimed for
/// `CLAIM_SECS` (another sender leaves it alone meanwhile).
/// Whether a delivery is due at `now`: the job asks this on a read connection first, so that
/// an idle hall's job takes no write turn every tick.
pub fn any_due(connection: &Connection, now: Timestamp) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM notification_deliveries
                            WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?1)",
        )?
        .query_row([now], |row| row.get(0))?)
}

pub fn claim_due(tx: &Tx, now: Timestamp, limit: i64) -> Result<Vec<Outgoing>, AppError> {
    let due: Vec<(i64, String, String, u32)> = tx
        .prepare_cached(
            "SELECT notification_delivery_id, channel, payload, attempts
             FROM notification_deliveries
             WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?1
             ORDER BY next_attempt_at, notification_delivery_id LIMIT ?2",
        )?
        .query_map(params![now, limit], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut claimed = Vec::with_capacity(due.len());
    for (id, channel, payload, attempts) in due {
        tx.prepare_cached(
            "UPDATE notification_deliveries SET next_attempt_at = ?2
             WHERE notification_delivery_id = ?1",
        )?
        .execute(params![id, now + super::CLAIM_SECS])?;
        // The schema admits only the channels `Channel` knows.
        if let Some(channel) = Channel::parse(&channel) {
            claimed.push(Outgoing { id, channel, payload, attempts });
        }
    }
    Ok(claimed)
}

/// Records a try of delivery `id` at `now`: delivered, or failed with its error and due again
/// after `retry_delay_secs`, or given up once it has failed `max_attempts` times. Returns the
/// delivery's state ("delivered", "waiting", "given_up").
pub fn record_outcome(
    tx: &Tx,
    id: i64,
    outcome: Result<(), String>,
    max_attempts: u32,
    now: Timestamp,
) -> Result<&'static str, AppError> {
    let attempts: u32 = tx
        .prepare_cached(
            "SELECT attempts FROM notification_deliveries WHERE notification_delivery_id = ?1",
        )?
        .query_row([id], |row| row.get(0))?;
    let attempts = attempts.saturating_add(1);
    let (state, next, delivered, given_up, error) = match outcome {
        Ok(()) => ("delivered", None, Some(now), None, None),
        Err(error) if attempts >= max_attempts => ("given_up", None, None, Some(now), Some(error)),
        Err(error) => ("waiting", Some(now + retry_delay_secs(attempts)), None, None, Some(error)),
    };
    tx.prepare_cached(
        "UPDATE notification_deliveries
         SET attempts = ?2, next_attempt_at = ?3, delivered_at = ?4, given_up_at = ?5,
             last_error = COALESCE(?6, last_error)
         WHERE notification_delivery_id = ?1",
    )?
    .execute(params![id, attempts, next, delivered, given_up, error])?;
    Ok(state)
}

/// The newest `limit` deliveries, newest first.
pub fn log(connection: &Connection, limit: i64) -> Result<Vec<Delivery>, AppError> {
    let rows = connection
        .prepare_cached(
            "SELECT notification_delivery_id, event, channel, attempts, last_error, created_at,
                    next_attempt_at, delivered_at, given_up_at
             FROM notification_deliveries ORDER BY notification_delivery_id DESC LIMIT ?1",
        )?
        .query_map([limit], |row| {
            let (delivered_at, given_up_at) = (row.get(7)?, row.get(8)?);
            let state = match (delivered_at, given_up_at) {
                (Some(_), _) => "delivered",
                (None, Some(_)) => "given_up",
                (None, None) => "waiting",
            };
            Ok(Delivery {
                id: row.get(0)?,
                event: row.get(1)?,
                channel: row.get(2)?,
                attempts: row.get(3)?,
                state: state.to_string(),
                last_error: row.get(4)?,
                created_at: row.get(5)?,
                next_attempt_at: row.get(6)?,
                delivered_at,
                given_up_at,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}
