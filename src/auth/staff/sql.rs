//! The queries of `staff` and `staff_recovery_codes`.

use super::types::{LIST_MAX, StaffSummary};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, params};

/// A staff row as the verbs need it.
pub struct StaffRow {
    pub user_id: UserId,
    pub name: String,
    pub passphrase_hash: String,
    pub role: String,
    pub totp_secret: String,
    pub confirmed: bool,
    pub last_used_step: i64,
    pub disabled: bool,
}

/// The login name, else the phone, of `user_id`; `NotFound` without such a user.
pub fn account_name(connection: &Connection, user_id: UserId) -> Result<String, AppError> {
    connection
        .prepare_cached("SELECT coalesce(username, phone) FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)
}

pub fn find(connection: &Connection, user_id: UserId) -> Result<Option<StaffRow>, AppError> {
    let row = connection
        .prepare_cached(
            "SELECT s.user_id, coalesce(u.username, u.phone), s.passphrase_hash, s.role,
                    s.totp_secret, s.confirmed_at IS NOT NULL, s.last_used_step,
                    s.disabled_at IS NOT NULL
             FROM staff s JOIN users u ON u.user_id = s.user_id WHERE s.user_id = ?1",
        )?
        .query_row([user_id], |row| {
            Ok(StaffRow {
                user_id: row.get(0)?,
                name: row.get(1)?,
                passphrase_hash: row.get(2)?,
                role: row.get(3)?,
                totp_secret: row.get(4)?,
                confirmed: row.get(5)?,
                last_used_step: row.get(6)?,
                disabled: row.get(7)?,
            })
        })
        .optional()?;
    Ok(row)
}

/// The fields of a new staff row.
pub struct Insert<'a> {
    pub user_id: UserId,
    pub passphrase_hash: &'a str,
    pub role: &'a str,
    pub totp_secret: &'a str,
}

pub fn insert(tx: &Tx, row: &Insert, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO staff (user_id, passphrase_hash, role, totp_secret, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
    )?
    .execute(params![row.user_id, row.passphrase_hash, row.role, row.totp_secret, now])?;
    Ok(())
}

/// A new secret to confirm again; the passphrase too when given.
pub fn replace_secret(
    tx: &Tx,
    user_id: UserId,
    (totp_secret, passphrase_hash): (&str, Option<&str>),
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff SET totp_secret = ?2, confirmed_at = NULL, last_used_step = 0,
             passphrase_hash = coalesce(?3, passphrase_hash), updated_at = ?4
         WHERE user_id = ?1",
    )?
    .execute(params![user_id, totp_secret, passphrase_hash, now])?;
    Ok(())
}

/// Stores `step` as the newest accepted, and the enrolment as confirmed.
pub fn accept_step(tx: &Tx, user_id: UserId, step: i64, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff SET last_used_step = ?2, confirmed_at = coalesce(confirmed_at, ?3),
             updated_at = ?3
         WHERE user_id = ?1 AND last_used_step < ?2",
    )?
    .execute(params![user_id, step, now])?;
    Ok(())
}

pub fn disable(tx: &Tx, user_id: UserId, reason: &str, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff SET disabled_at = ?2, disabled_reason = ?3, updated_at = ?2
         WHERE user_id = ?1",
    )?
    .execute(params![user_id, now, reason])?;
    Ok(())
}

/// Replaces every recovery code of `user_id` with `hashes`.
pub fn replace_recovery_codes(tx: &Tx, user_id: UserId, hashes: &[String]) -> Result<(), AppError> {
    tx.prepare_cached("DELETE FROM staff_recovery_codes WHERE user_id = ?1")?.execute([user_id])?;
    let mut insert =
        tx.prepare_cached("INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES (?1, ?2)")?;
    for hash in hashes {
        insert.execute(params![user_id, hash])?;
    }
    Ok(())
}

/// Whether the code of `hash` exists: `Some(true)` when already used.
pub fn recovery_code_used(
    connection: &Connection,
    user_id: UserId,
    hash: &str,
) -> Result<Option<bool>, AppError> {
    let used = connection
        .prepare_cached(
            "SELECT used_at IS NOT NULL FROM staff_recovery_codes
             WHERE user_id = ?1 AND code_hash = ?2",
        )?
        .query_row(params![user_id, hash], |row| row.get(0))
        .optional()?;
    Ok(used)
}

pub fn use_recovery_code(
    tx: &Tx,
    user_id: UserId,
    hash: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE staff_recovery_codes SET used_at = ?3
         WHERE user_id = ?1 AND code_hash = ?2 AND used_at IS NULL",
    )?
    .execute(params![user_id, hash, now])?;
    Ok(())
}

pub fn list(connection: &Connection) -> Result<Vec<StaffSummary>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT s.user_id, coalesce(u.username, u.phone), s.role, s.confirmed_at IS NOT NULL,
                s.disabled_at IS NOT NULL, s.disabled_reason, s.created_at
         FROM staff s JOIN users u ON u.user_id = s.user_id ORDER BY s.user_id LIMIT ?1",
    )?;
    let rows = query.query_map([LIST_MAX], |row| {
        Ok(StaffSummary {
            id: row.get(0)?,
            name: row.get(1)?,
            role: row.get(2)?,
            enrolled: row.get(3)?,
            disabled: row.get(4)?,
            disabled_reason: row.get(5)?,
            created_at: Timestamp::from_secs(row.get(6)?),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
