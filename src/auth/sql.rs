//! Queries on users and sessions.

use crate::clock::Timestamp;
use crate::db::{EndedSessions, SessionsEnded, Tx};
use crate::error::{AppError, OnUnique};
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, params};

pub(super) struct NewUserRow<'a> {
    pub phone: &'a str,
    pub login_name: Option<&'a str>,
    pub password_hash: &'a str,
    pub invite_code: &'a str,
    pub inviter_id: Option<UserId>,
}

pub(super) fn insert_user(tx: &Tx, user: &NewUserRow, now: Timestamp) -> Result<UserId, AppError> {
    tx.prepare_cached(
        "INSERT INTO users (phone, username, password_hash, invite_code, inviter_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        user.phone,
        user.login_name,
        user.password_hash,
        user.invite_code,
        user.inviter_id,
        now
    ])
    .on_unique(&[
        ("users.phone", || AppError::PhoneTaken),
        ("users.username", || AppError::LoginNameTaken),
    ])?;
    Ok(UserId::from_rowid(tx.last_insert_rowid()))
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
) -> Result<Option<UserId>, AppError> {
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
    pub user_id: UserId,
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
) -> Result<Option<UserId>, AppError> {
    Ok(connection
        .prepare_cached("SELECT user_id FROM users WHERE phone = ?1")?
        .query_row([phone], |row| row.get(0))
        .optional()?)
}

pub(super) struct NewSession<'a> {
    pub token_hash: &'a str,
    pub user_id: UserId,
    /// The client's address as `ClientAddress` saw it.
    pub address: &'a str,
    pub expires_at: Timestamp,
}

pub(super) fn insert_session(
    tx: &Tx,
    session: &NewSession,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO sessions (token_hash, user_id, address, created_at, expires_at, last_seen_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?4)",
    )?
    .execute(params![
        session.token_hash,
        session.user_id,
        session.address,
        now,
        session.expires_at
    ])?;
    Ok(())
}

pub(super) fn revoke_sessions(tx: &Tx, user_id: UserId, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL",
    )?
    .execute(params![user_id, now])?;
    tx.note_sessions_ended(SessionsEnded { user_id, which: EndedSessions::All });
    Ok(())
}

pub(super) struct SessionRow {
    pub user_id: UserId,
    pub expires_at: Timestamp,
    pub last_seen_at: Timestamp,
    pub started_at: Timestamp,
    pub revoked: bool,
    pub frozen: bool,
}

pub(super) fn session(
    connection: &Connection,
    token_hash: &str,
) -> Result<Option<SessionRow>, AppError> {
    Ok(connection
        .prepare_cached(
            // A correlated subquery, not a join: SQLite re-prepared the join form on every call.
            "SELECT s.user_id, s.expires_at, s.revoked_at IS NOT NULL,
                    (SELECT frozen_at IS NOT NULL FROM users WHERE user_id = s.user_id),
                    s.last_seen_at, s.created_at
             FROM sessions s WHERE s.token_hash = ?1",
        )?
        .query_row([token_hash], |row| {
            Ok(SessionRow {
                user_id: row.get(0)?,
                expires_at: row.get(1)?,
                revoked: row.get(2)?,
                frozen: row.get(3)?,
                last_seen_at: row.get(4)?,
                started_at: row.get(5)?,
            })
        })
        .optional()?)
}

/// Moves the session's last use to `now` (never backwards).
pub(super) fn touch_session(tx: &Tx, token_hash: &str, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE sessions SET last_seen_at = ?2 WHERE token_hash = ?1 AND last_seen_at < ?2",
    )?
    .execute(params![token_hash, now])?;
    Ok(())
}

pub(super) fn ended_sessions(
    connection: &Connection,
    token_hashes: &[String],
    idle_secs: i64,
    now: Timestamp,
) -> Result<Vec<String>, AppError> {
    if token_hashes.is_empty() {
        return Ok(Vec::new());
    }
    // One JSON array parameter: no limit on bound variables however many streams are open.
    let named = serde_json::to_string(token_hashes).map_err(anyhow::Error::from)?;
    let mut query = connection.prepare_cached(
        "SELECT named.value FROM json_each(?1) AS named
         WHERE NOT EXISTS (
             SELECT 1 FROM sessions s
             WHERE s.token_hash = named.value AND s.revoked_at IS NULL AND s.expires_at > ?2
               AND s.last_seen_at + ?3 > ?2
               AND (SELECT frozen_at IS NULL FROM users WHERE user_id = s.user_id))",
    )?;
    let rows = query.query_map(params![named, now, idle_secs], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub(super) fn set_password_hash(
    tx: &Tx,
    user_id: UserId,
    password_hash: &str,
) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET password_hash = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, password_hash])?;
    Ok(())
}

pub(super) fn password_hash(connection: &Connection, user_id: UserId) -> Result<String, AppError> {
    connection
        .prepare_cached("SELECT password_hash FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)
}

/// Replaces the password hash only while it is still `expected` (what the old password was
/// checked against); false when it changed in between.
pub(super) fn replace_password_hash(
    tx: &Tx,
    user_id: UserId,
    expected: &str,
    password_hash: &str,
) -> Result<bool, AppError> {
    let changed = tx
        .prepare_cached(
            "UPDATE users SET password_hash = ?3 WHERE user_id = ?1 AND password_hash = ?2",
        )?
        .execute(params![user_id, expected, password_hash])?;
    Ok(changed == 1)
}

/// Like `replace_password_hash` for the fund password; `expected` is None the first time.
pub(super) fn replace_fund_password_hash(
    tx: &Tx,
    user_id: UserId,
    expected: Option<&str>,
    password_hash: &str,
) -> Result<bool, AppError> {
    let changed = tx
        .prepare_cached(
            "UPDATE users SET fund_password_hash = ?3
             WHERE user_id = ?1 AND fund_password_hash IS ?2",
        )?
        .execute(params![user_id, expected, password_hash])?;
    Ok(changed == 1)
}

/// Sets (or, with None, clears) the fund password whatever it was: the operator's reset.
pub(super) fn set_fund_password_hash(
    tx: &Tx,
    user_id: UserId,
    password_hash: Option<&str>,
) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET fund_password_hash = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, password_hash])?;
    Ok(())
}

/// Ends every session of the user but the one whose token hash is `keep`.
pub(super) fn revoke_other_sessions(
    tx: &Tx,
    user_id: UserId,
    keep: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE sessions SET revoked_at = ?3
         WHERE user_id = ?1 AND token_hash <> ?2 AND revoked_at IS NULL",
    )?
    .execute(params![user_id, keep, now])?;
    let which = EndedSessions::AllBut(keep.to_string());
    tx.note_sessions_ended(SessionsEnded { user_id, which });
    Ok(())
}

/// The personal-centre columns of a user.
pub struct ProfileFields {
    pub real_name: String,
    pub email: String,
    pub tax_number: String,
    pub fund_password_set: bool,
}

pub(super) fn profile_fields(
    connection: &Connection,
    user_id: UserId,
) -> Result<ProfileFields, AppError> {
    connection
        .prepare_cached(
            "SELECT real_name, email, tax_number, fund_password_hash IS NOT NULL
             FROM users WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| {
            Ok(ProfileFields {
                real_name: row.get(0)?,
                email: row.get(1)?,
                tax_number: row.get(2)?,
                fund_password_set: row.get(3)?,
            })
        })
        .optional()?
        .ok_or(AppError::NotFound)
}

pub(super) fn real_name(connection: &Connection, user_id: UserId) -> Result<String, AppError> {
    connection
        .prepare_cached("SELECT real_name FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)
}

pub(super) fn set_real_name(tx: &Tx, user_id: UserId, real_name: &str) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET real_name = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, real_name])?;
    Ok(())
}

/// Personal-centre columns to change; None leaves a column as it is.
pub(super) struct ProfileChanges<'a> {
    pub nickname: Option<&'a str>,
    pub email: Option<&'a str>,
    pub tax_number: Option<&'a str>,
}

pub(super) fn update_profile_fields(
    tx: &Tx,
    user_id: UserId,
    changes: &ProfileChanges,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE users SET nickname = COALESCE(?2, nickname), email = COALESCE(?3, email),
                          tax_number = COALESCE(?4, tax_number)
         WHERE user_id = ?1",
    )?
    .execute(params![user_id, changes.nickname, changes.email, changes.tax_number])?;
    Ok(())
}

/// Changes the phone number, which is also the login; `phone_taken` when another user has it.
pub(super) fn set_phone(tx: &Tx, user_id: UserId, phone: &str) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET phone = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, phone])
        .on_unique(&[("users.phone", || AppError::PhoneTaken)])?;
    Ok(())
}

/// Sets the avatar and returns the one it replaces.
pub(super) fn replace_avatar(tx: &Tx, user_id: UserId, avatar: &str) -> Result<String, AppError> {
    let previous: String = tx
        .prepare_cached("SELECT avatar FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)?;
    tx.prepare_cached("UPDATE users SET avatar = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, avatar])?;
    Ok(previous)
}

/// Records that the player confirmed the legal age at `now`, with his date of birth when given.
pub(super) fn record_age_confirmation(
    tx: &Tx,
    user_id: UserId,
    birth_date: Option<&str>,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE users SET age_confirmed_at = ?2, birth_date = ?3 WHERE user_id = ?1",
    )?
    .execute(params![user_id, now, birth_date])?;
    Ok(())
}
