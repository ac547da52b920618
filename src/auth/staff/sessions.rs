//! The console's sessions (`staff_sessions`): started by a sign-in, found by the token of the
//! browser's cookie (only its SHA-256 is stored), ended by signing out, by disabling or
//! resetting the staff member, after `idle_secs` unused or `lifetime_secs` after the sign-in.

use super::types::StaffMember;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rand::RngCore;
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

/// A use is written back at most this often: a console polling every few seconds does not
/// write on every request, and the idle timeout is still exact to within this.
const TOUCH_EVERY_SECS: i64 = 30;

/// How long sessions live (`console.idle_timeout_secs`, `console.session_lifetime_secs`).
#[derive(Clone, Copy, Debug)]
pub struct Lifetimes {
    pub idle_secs: i64,
    pub lifetime_secs: i64,
}

/// What a sign-in hands the browser: the cookie's token and the CSRF token.
pub struct StartedSession {
    pub token: String,
    pub csrf: String,
    pub ends_at: Timestamp,
}

/// A live session and its staff member.
#[derive(Clone, Debug)]
pub struct StaffSession {
    pub session_id: i64,
    pub member: StaffMember,
    pub csrf: String,
    pub ends_at: Timestamp,
    /// Whether this use should be written back (`touch`).
    pub stale: bool,
}

/// Starts a session of `user_id` signed in from `address`.
pub fn start(
    tx: &Tx,
    user_id: UserId,
    address: &str,
    limits: Lifetimes,
    now: Timestamp,
) -> Result<StartedSession, AppError> {
    let (token, csrf) = (random_hex::<32>(), random_hex::<16>());
    let ends_at = now + limits.lifetime_secs;
    tx.prepare_cached(
        "INSERT INTO staff_sessions
             (token_hash, user_id, csrf, address, created_at, last_seen, ends_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)",
    )?
    .execute(params![token_hash(&token), user_id, csrf, address, now, ends_at])?;
    Ok(StartedSession { token, csrf, ends_at })
}

/// The live session of `token`: not ended, within its lifetime and idle timeout, of a staff
/// member who is not disabled. `None` otherwise.
pub fn find(
    connection: &Connection,
    token: &str,
    limits: Lifetimes,
    now: Timestamp,
) -> Result<Option<StaffSession>, AppError> {
    let found = connection
        .prepare_cached(
            "SELECT ss.session_id, ss.user_id, coalesce(u.username, u.phone), s.role, ss.csrf,
                    ss.ends_at, ss.last_seen
             FROM staff_sessions ss
             JOIN staff s ON s.user_id = ss.user_id
             JOIN users u ON u.user_id = ss.user_id
             WHERE ss.token_hash = ?1 AND ss.ended_at IS NULL AND s.disabled_at IS NULL
               AND ss.ends_at > ?2 AND ss.last_seen + ?3 > ?2",
        )?
        .query_row(params![token_hash(token), now, limits.idle_secs], |row| {
            let last_seen: Timestamp = row.get(6)?;
            Ok(StaffSession {
                session_id: row.get(0)?,
                member: StaffMember { user_id: row.get(1)?, name: row.get(2)?, role: row.get(3)? },
                csrf: row.get(4)?,
                ends_at: row.get(5)?,
                stale: now - last_seen >= TOUCH_EVERY_SECS,
            })
        })
        .optional()?;
    Ok(found)
}

/// Records a use of the session (its idle timeout starts again).
pub fn touch(tx: &Tx, session_id: i64, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff_sessions SET last_seen = max(last_seen, ?2)
         WHERE session_id = ?1 AND ended_at IS NULL",
    )?
    .execute(params![session_id, now])?;
    Ok(())
}

/// Ends one session (signing out).
pub fn end(tx: &Tx, session_id: i64, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff_sessions SET ended_at = ?2 WHERE session_id = ?1 AND ended_at IS NULL",
    )?
    .execute(params![session_id, now])?;
    Ok(())
}

/// Ends every session of `user_id`; returns how many were open.
pub fn end_all(tx: &Tx, user_id: UserId, now: Timestamp) -> Result<usize, AppError> {
    Ok(tx
        .prepare_cached(
            "UPDATE staff_sessions SET ended_at = ?2 WHERE user_id = ?1 AND ended_at IS NULL",
        )?
        .execute(params![user_id, now])?)
}

/// A session token needs no slow hash: 256 random bits cannot be guessed.
fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn random_hex<const BYTES: usize>() -> String {
    let mut bytes = [0u8; BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}
