//! The operator's account commands (`fairhall admin user ...`) and the user rows they show.

use super::sql::{self, NewUserRow};
use super::types::{InviteCode, LoginName, Phone};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// Attempts at a unique random invite code before giving up (collisions are rare: 32^8 codes).
const INVITE_CODE_TRIES: usize = 8;

pub struct NewUser {
    pub phone: Phone,
    pub login_name: Option<LoginName>,
    pub is_admin: bool,
}

#[derive(Debug, Serialize)]
pub struct UserSummary {
    pub id: UserId,
    pub phone: String,
    pub username: Option<String>,
    pub vip_level: i64,
    pub is_admin: bool,
    pub frozen: bool,
    pub created_at: Timestamp,
}

#[derive(Debug, Serialize)]
pub struct UserDetail {
    pub id: UserId,
    pub phone: String,
    pub username: Option<String>,
    pub nickname: String,
    pub avatar: String,
    pub invite_code: String,
    pub inviter_id: Option<UserId>,
    pub vip_level: i64,
    pub is_admin: bool,
    pub frozen_at: Option<Timestamp>,
    pub created_at: Timestamp,
}

pub(super) fn insert_user_with_accounts(
    tx: &Tx,
    user: &NewUser,
    password_hash: &str,
    inviter_id: Option<UserId>,
    now: Timestamp,
) -> Result<UserId, AppError> {
    let invite_code = fresh_invite_code(tx)?;
    let row = NewUserRow {
        phone: user.phone.as_str(),
        login_name: user.login_name.as_ref().map(LoginName::as_str),
        password_hash,
        invite_code: invite_code.as_str(),
        inviter_id,
        is_admin: user.is_admin,
    };
    let user_id = sql::insert_user(tx, &row, now)?;
    ledger::open_user_accounts(tx, user_id)?;
    Ok(user_id)
}

fn fresh_invite_code(connection: &Connection) -> Result<InviteCode, AppError> {
    for _ in 0..INVITE_CODE_TRIES {
        let code = InviteCode::generate();
        if !sql::invite_code_taken(connection, code.as_str())? {
            return Ok(code);
        }
    }
    Err(anyhow::anyhow!("no free invite code after {INVITE_CODE_TRIES} tries").into())
}

/// Creates a player (or admin) directly, without invite or verification code.
pub fn create_user(
    tx: &Tx,
    user: &NewUser,
    password_hash: &str,
    now: Timestamp,
) -> Result<UserId, AppError> {
    insert_user_with_accounts(tx, user, password_hash, None, now)
}

/// The player's VIP level as the growth programme last set it (0 until then).
pub fn vip_level(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    connection
        .prepare_cached("SELECT vip_level FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)
}

/// Sets the player's VIP level: only `growth::vip`, which decides it from his totals, calls it.
pub fn set_vip_level(tx: &Tx, user_id: UserId, level: i64) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET vip_level = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, level])?;
    Ok(())
}

/// The user a CLI argument names: numeric id, phone number or login name.
pub fn find_user(connection: &Connection, reference: &str) -> Result<UserId, AppError> {
    let reference = reference.trim();
    let by_id: Option<UserId> = match UserId::parse(reference) {
        Ok(id) => connection
            .prepare_cached("SELECT user_id FROM users WHERE user_id = ?1")?
            .query_row([id], |row| row.get(0))
            .optional()?,
        Err(_) => None,
    };
    let found = match by_id {
        Some(id) => Some(id),
        None => connection
            .prepare_cached(
                "SELECT user_id FROM users WHERE phone = ?1 OR username = ?1 COLLATE NOCASE",
            )?
            .query_row([reference], |row| row.get(0))
            .optional()?,
    };
    found.ok_or(AppError::NotFound)
}

pub fn list_users(
    connection: &Connection,
    limit: i64,
    offset: i64,
) -> Result<Vec<UserSummary>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, phone, username, vip_level, is_admin, frozen_at IS NOT NULL, created_at
         FROM users ORDER BY user_id LIMIT ?1 OFFSET ?2",
    )?;
    let rows = query.query_map(params![limit, offset], |row| {
        Ok(UserSummary {
            id: row.get(0)?,
            phone: row.get(1)?,
            username: row.get(2)?,
            vip_level: row.get(3)?,
            is_admin: row.get(4)?,
            frozen: row.get(5)?,
            created_at: row.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn user_detail(connection: &Connection, user_id: UserId) -> Result<UserDetail, AppError> {
    connection
        .prepare_cached(
            "SELECT user_id, phone, username, nickname, avatar, invite_code, inviter_id, vip_level,
                    is_admin, frozen_at, created_at
             FROM users WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| {
            Ok(UserDetail {
                id: row.get(0)?,
                phone: row.get(1)?,
                username: row.get(2)?,
                nickname: row.get(3)?,
                avatar: row.get(4)?,
                invite_code: row.get(5)?,
                inviter_id: row.get(6)?,
                vip_level: row.get(7)?,
                is_admin: row.get(8)?,
                frozen_at: row.get(9)?,
                created_at: row.get(10)?,
            })
        })
        .optional()?
        .ok_or(AppError::NotFound)
}

/// A user with balances, as `admin user show` prints it.
#[derive(Debug, Serialize)]
pub struct UserReport {
    #[serde(flatten)]
    pub detail: UserDetail,
    pub balances: ledger::Balances,
}

pub fn show_user(connection: &Connection, user_id: UserId) -> Result<UserReport, AppError> {
    Ok(UserReport {
        detail: user_detail(connection, user_id)?,
        balances: ledger::balances(connection, user_id)?,
    })
}

/// Freezes an account and ends its sessions; the app logs the player out (ret 555).
pub fn freeze(tx: &Tx, user_id: UserId, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET frozen_at = ?2 WHERE user_id = ?1 AND frozen_at IS NULL")?
        .execute(params![user_id, now])?;
    sql::revoke_sessions(tx, user_id, now)
}

pub fn unfreeze(tx: &Tx, user_id: UserId) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET frozen_at = NULL WHERE user_id = ?1")?
        .execute([user_id])?;
    Ok(())
}

/// Sets a new login password; every session of the account ends.
pub fn set_password(
    tx: &Tx,
    user_id: UserId,
    password_hash: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    sql::set_password_hash(tx, user_id, password_hash)?;
    sql::revoke_sessions(tx, user_id, now)
}

pub fn grant_admin(tx: &Tx, user_id: UserId) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE users SET is_admin = 1 WHERE user_id = ?1")?.execute([user_id])?;
    Ok(())
}
