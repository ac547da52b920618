//! Queries on users and sessions.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::{AppError, OnUnique};
use rusqlite::{Connection, OptionalExtension, params};

pub(super) struct NewUserRow<'a> {
    pub phone: &'a str,
    pub login_name: Option<&'a str>,
    pub password_hash: &'a str,
    pub invite_code: &'a str,
    pub inviter_id: Option<i64>,
    pub is_admin: bool,
}

pub(super) fn insert_user(tx: &Tx, user: &NewUserRow, now: Timestamp) -> Result<i64, AppError> {
    // Logins match login names case-insensitively, so they must be unique regardless of case;
    // the column's UNIQUE constraint compares exactly.
    if let Some(login_name) = user.login_name
        && login_name_taken(tx, login_name)?
    {
        return Err(AppError::LoginNameTaken);
    }
    tx.prepare_cached(
        "INSERT INTO users (phone, username, password_hash, invite_code, inviter_id, is_admin, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        user.phone,
        user.login_name,
        user.password_hash,
        user.invite_code,
        user.inviter_id,
        user.is_admin,
        now
    ])
    .on_unique(&[
        ("users.phone", || AppError::PhoneTaken),
        ("users.username", || AppError::LoginNameTaken),
    ])?;
    Ok(tx.last_insert_rowid())
}

fn login_name_taken(connection: &Connection, login_name: &str) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE")?
        .query_row([login_name], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(super) fn phone_registered(connection: &Connection, phone: &str) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM users WHERE phone = ?1")?
        .query_row([phone], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(super) fn user_by_invite_code(
    connection: &Connection,
    code: &str,
) -> Result<Option<i64>, AppError> {
    Ok(connection
        .prepare_cached("SELECT user_id FROM users WHERE invite_code = ?1")?
        .query_row([code], |row| row.get(0))
        .optional()?)
}

pub(super) fn invite_code_taken(connection: &Connection, code: &str) -> Result<bool, AppError> {
    Ok(user_by_invite_code(connection, code)?.is_some())
}

/// The user an account text (phone or login name) names, with their password hash.
pub(super) struct Credentials {
    pub user_id: i64,
    pub password_hash: String,
    pub frozen: bool,
}

pub(super) fn credentials(
    connection: &Connection,
    account: &str,
) -> Result<Option<Credentials>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT user_id, password_hash, frozen_at IS NOT NULL FROM users
             WHERE phone = ?1 OR username = ?1 COLLATE NOCASE",
        )?
        .query_row([account], |row| {
            Ok(Credentials {
                user_id: row.get(0)?,
                password_hash: row.get(1)?,
                frozen: row.get(2)?,
            })
        })
        .optional()?)
}

pub(super) fn user_id_by_phone(
    connection: &Connection,
    phone: &str,
) -> Result<Option<i64>, AppError> {
    Ok(connection
        .prepare_cached("SELECT user_id FROM users WHERE phone = ?1")?
        .query_row([phone], |row| row.get(0))
        .optional()?)
}

pub(super) fn insert_session(
    tx: &Tx,
    token_hash: &str,
    user_id: i64,
    now: Timestamp,
    expires_at: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![token_hash, user_id, now, expires_at])?;
    Ok(())
}

pub(super) fn revoke_sessions(tx: &Tx, user_id: i64, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL",
    )?
    .execute(params![user_id, now])?;
    Ok(())
}

pub(super) struct SessionRow {
    pub user_id: i64,
    pub expires_at: Timestamp,
    pub revoked: bool,
    pub frozen: bool,
}

pub(super) fn session(
    connection: &Connection,
    token_hash: &str,
) -> Result<Option<SessionRow>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT s.user_id, s.expires_at, s.revoked_at IS NOT NULL, u.frozen_at IS NOT NULL
             FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.token_hash = ?1",
        )?
        .query_row([token_hash], |row| {
            Ok(SessionRow {
                user_id: row.get(0)?,
                expires_at: row.get(1)?,
                revoked: row.get(2)?,
                frozen: row.get(3)?,
            })
        })
        .optional()?)
}

pub(super) fn set_password_hash(
    tx: &Tx,
    user_id: i64,
    password_hash: &str,
) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET password_hash = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, password_hash])?;
    Ok(())
}
