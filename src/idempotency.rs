//! Money-moving requests may carry an `Idempotency-Key`: the first reply is stored in the same
//! transaction as the money movement, a replay returns it and moves nothing, and the same key
//! with other parameters is refused.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A client-chosen key: 1-64 visible ASCII characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub fn parse(text: &str) -> Result<IdempotencyKey, AppError> {
        let visible = text.bytes().all(|byte| byte.is_ascii_graphic());
        if visible && (1..=64).contains(&text.len()) {
            Ok(IdempotencyKey(text.to_string()))
        } else {
            Err(AppError::BadParams)
        }
    }
}

/// A money-moving request as idempotency sees it.
pub struct Request<'a> {
    pub user_id: UserId,
    pub key: Option<&'a IdempotencyKey>,
    /// The parameters (e.g. "conversion:balance:10.00"); a replay must describe the same ones.
    pub description: String,
}

/// Runs `work` unless the request's key was used before by its user.
pub fn once<T, F>(tx: &Tx, request: &Request, now: Timestamp, work: F) -> Result<Value, AppError>
where
    T: Serialize,
    F: FnOnce(&Tx) -> Result<T, AppError>,
{
    let Request { user_id, key, description } = request;
    let (user_id, request) = (*user_id, description.as_str());
    let reply = |value: T| {
        serde_json::to_value(value).map_err(|error| AppError::from(anyhow::Error::from(error)))
    };
    let Some(IdempotencyKey(key)) = key else {
        return reply(work(tx)?);
    };
    let fingerprint = hex::encode(Sha256::digest(request.as_bytes()));
    let stored: Option<(String, String)> = tx
        .prepare_cached(
            "SELECT fingerprint, response FROM idempotency_keys WHERE user_id = ?1 AND key = ?2",
        )?
        .query_row(params![user_id, key], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    if let Some((stored_fingerprint, response)) = stored {
        if stored_fingerprint != fingerprint {
            return Err(AppError::IdempotencyConflict);
        }
        return serde_json::from_str(&response).map_err(|error| anyhow::Error::from(error).into());
    }
    let value = reply(work(tx)?)?;
    tx.prepare_cached(
        "INSERT INTO idempotency_keys (user_id, key, fingerprint, response, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![user_id, key, fingerprint, value.to_string(), now])?;
    Ok(value)
}
