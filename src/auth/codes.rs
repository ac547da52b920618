//! Verification codes: sent to a phone or email, stored hashed, valid for a while, a limited
//! number of wrong tries, used once.

use super::types::{CodePurpose, CodeTarget, VerificationCode};
use super::{AuthSettings, CodeRequest};
use crate::clock::Timestamp;
use crate::config::CodeDelivery;
use crate::db::Tx;
use crate::error::{AppError, Committed};
use crate::rate_limit;
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// How long the operator's webhook may take to accept a code.
const WEBHOOK_TIMEOUT: Duration = Duration::from_secs(5);

/// A code delivered in `log` mode, as `fairhall admin codes` lists it.
#[derive(Debug, serde::Serialize)]
pub struct SentCode {
    pub target: String,
    pub purpose: String,
    pub code: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

pub(super) fn hash_code(target: &str, code: &VerificationCode) -> String {
    hex::encode(Sha256::digest(format!("{target}:{}", code.as_str())))
}

/// Seconds until another code may go to `target`, or None when one may go now.
pub(super) fn resend_wait(
    connection: &Connection,
    target: &CodeTarget,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Option<i64>, AppError> {
    let last: Option<Timestamp> = connection
        .prepare_cached("SELECT MAX(created_at) FROM verification_codes WHERE target = ?1")?
        .query_row([target.as_str()], |row| row.get(0))?;
    let wait = last.map(|created_at| created_at + settings.code_resend_secs - now);
    Ok(wait.filter(|seconds| *seconds > 0))
}

/// Stores a new code for `target` (and, in `log` mode, its plain text for the operator, unless
/// it is a decoy that is never delivered). Counts towards the daily sends of the client address
/// and of the target. Returns the code's row id so a failed delivery can withdraw it.
pub(super) fn store(
    tx: &Tx,
    request: &CodeRequest,
    code: &VerificationCode,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<i64, AppError> {
    let (target, purpose) = (&request.target, request.purpose);
    if let Some(seconds) = resend_wait(tx, target, settings, now)? {
        return Err(AppError::CodeTooSoon { seconds });
    }
    rate_limit::hit(tx, settings.code_sends_per_address, &request.address, now)?;
    rate_limit::hit(tx, settings.code_sends_per_target, target.as_str(), now)?;
    let expires_at = now + settings.code_ttl_secs;
    tx.prepare_cached(
        "INSERT INTO verification_codes (target, purpose, code_hash, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        target.as_str(),
        purpose.code(),
        hash_code(target.as_str(), code),
        now,
        expires_at
    ])?;
    let code_id = tx.last_insert_rowid();
    if request.deliver && settings.code_delivery == CodeDelivery::Log {
        tx.prepare_cached(
            "INSERT INTO code_outbox (target, purpose, code, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            target.as_str(),
            purpose.code(),
            code.as_str(),
            now,
            expires_at
        ])?;
        tracing::info!(
            target = target.as_str(),
            purpose = purpose.code(),
            code = code.as_str(),
            "verification code"
        );
    }
    Ok(code_id)
}

/// Withdraws a code whose delivery failed, so the player may ask again at once.
pub(super) fn withdraw(tx: &Tx, code_id: i64) -> Result<(), AppError> {
    tx.prepare_cached("DELETE FROM verification_codes WHERE verification_code_id = ?1")?
        .execute([code_id])?;
    Ok(())
}

/// POSTs the code to the operator's webhook (blocking; run it off the async threads).
pub(super) fn deliver_by_webhook(
    url: &str,
    target: &CodeTarget,
    purpose: CodePurpose,
    code: &VerificationCode,
    expires_at: Timestamp,
) -> Result<(), AppError> {
    let agent: ureq::Agent =
        ureq::Agent::config_builder().timeout_global(Some(WEBHOOK_TIMEOUT)).build().into();
    let body = serde_json::json!({
        "target": target.as_str(),
        "purpose": purpose.code(),
        "code": code.as_str(),
        "expires_at": expires_at,
        "message": format!("Your verification code is {}", code.as_str()),
    });
    agent.post(url).send_json(&body).map(drop).map_err(|error| {
        tracing::warn!(%error, "the verification code webhook failed");
        AppError::CodeDeliveryFailed
    })
}

/// A code as a player typed it, for a target and purpose, from a client address, and by a
/// logged-in player ("user:<id>") when the flow has one.
pub(super) struct CodeCheck<'a> {
    pub target: &'a str,
    pub purpose: CodePurpose,
    pub code: &'a VerificationCode,
    pub address: &'a str,
    pub player: Option<&'a str>,
}

/// Checks the code against the newest live code of its target and purpose, without using it
/// up, and returns that code's id. Every check counts towards the daily checks of the client
/// address and of the target; a wrong code costs an attempt of the code and counts towards the
/// target's lock (`throttled` for `code_lock_secs` after `code_failures_per_target`).
pub(super) fn verify(
    tx: &Tx,
    check: &CodeCheck,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<i64>, AppError> {
    let CodeCheck { target, purpose, code, address, player } = *check;
    rate_limit::check(tx, settings.code_failures_per_target, target, now)?;
    rate_limit::hit(tx, settings.code_checks_per_address, address, now)?;
    // A logged-in check counts for the player too, under the same daily bound: many players
    // behind one address, or one player from many addresses, are each held to it.
    if let Some(player) = player {
        rate_limit::hit(tx, settings.code_checks_per_address, player, now)?;
    }
    rate_limit::hit(tx, settings.code_checks_per_target, target, now)?;
    let live = live_code(tx, target, purpose, now)?;
    let matching = match live {
        Some((code_id, code_hash, attempts))
            if attempts < settings.code_max_attempts && code_hash == hash_code(target, code) =>
        {
            return Ok(Committed::Done(code_id));
        }
        Some((code_id, _, attempts)) if attempts < settings.code_max_attempts => Some(code_id),
        _ => None,
    };
    if let Some(code_id) = matching {
        tx.prepare_cached(
            "UPDATE verification_codes SET attempts = attempts + 1 WHERE verification_code_id = ?1",
        )?
        .execute([code_id])?;
    }
    rate_limit::hit(tx, settings.code_failures_per_target, target, now)?;
    Ok(Committed::Refused(AppError::InvalidCode))
}

/// The newest live code of a target and purpose: its id, hash and wrong attempts.
fn live_code(
    tx: &Tx,
    target: &str,
    purpose: CodePurpose,
    now: Timestamp,
) -> Result<Option<(i64, String, i64)>, AppError> {
    Ok(tx
        .prepare_cached(
            "SELECT verification_code_id, code_hash, attempts FROM verification_codes
             WHERE target = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3
             ORDER BY created_at DESC, verification_code_id DESC LIMIT 1",
        )?
        .query_row(params![target, purpose.code(), now], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .optional()?)
}

/// Uses up the code `verify` accepted, unless it was used, replaced or expired meanwhile
/// (`invalid_code`).
pub(super) fn use_up(
    tx: &Tx,
    check: &CodeCheck,
    code_id: i64,
    now: Timestamp,
) -> Result<Committed<()>, AppError> {
    let live = live_code(tx, check.target, check.purpose, now)?;
    let still_live = live.is_some_and(|(live_id, code_hash, _)| {
        live_id == code_id && code_hash == hash_code(check.target, check.code)
    });
    if !still_live {
        return Ok(Committed::Refused(AppError::InvalidCode));
    }
    tx.prepare_cached(
        "UPDATE verification_codes SET consumed_at = ?2 WHERE verification_code_id = ?1",
    )?
    .execute(params![code_id, now])?;
    Ok(Committed::Done(()))
}

/// `verify` and `use_up` in one go, where nothing costly comes between them.
pub(super) fn consume(
    tx: &Tx,
    check: &CodeCheck,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<()>, AppError> {
    match verify(tx, check, settings, now)? {
        Committed::Done(code_id) => use_up(tx, check, code_id, now),
        Committed::Refused(error) => Ok(Committed::Refused(error)),
    }
}

/// The newest codes delivered in `log` mode, newest first.
pub fn recent(connection: &Connection, limit: i64) -> Result<Vec<SentCode>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT target, purpose, code, created_at, expires_at FROM code_outbox
         ORDER BY code_outbox_id DESC LIMIT ?1",
    )?;
    let rows = query.query_map([limit], |row| {
        Ok(SentCode {
            target: row.get(0)?,
            purpose: row.get(1)?,
            code: row.get(2)?,
            created_at: row.get(3)?,
            expires_at: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
