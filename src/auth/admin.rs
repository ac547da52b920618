//! The operator's account commands (`fairhall admin user ...`) and the user rows they show.

use super::grants::{self, Grant};
use super::permissions::RoleName;
use super::sql::{self, NewUserRow};
use super::types::{InviteCode, LoginName, LoginPassword, Phone};
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
    /// Gives the new user the `admin` role.
    pub is_admin: bool,
}

/// One row of `admin user list` and `admin user search`.
#[derive(Debug, Serialize)]
pub struct UserSummary {
    pub id: UserId,
    pub phone: String,
    pub username: Option<String>,
    pub vip_level: i64,
    pub roles: Vec<String>,
    pub frozen: bool,
    pub created_at: Timestamp,
    /// When his newest session started; None before his first login.
    pub last_login_at: Option<Timestamp>,
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
    };
    let user_id = sql::insert_user(tx, &row, now)?;
    ledger::open_user_accounts(tx, user_id)?;
    if user.is_admin {
        grants::add_grant(tx, user_id, &Grant::Role(RoleName::admin()), now)?;
    }
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

/// How the operator's lists name a player beside his id: his login name, else his phone.
pub fn operator_label(connection: &Connection, user_id: UserId) -> Result<String, AppError> {
    connection
        .prepare_cached("SELECT COALESCE(username, phone) FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .ok_or(AppError::NotFound)
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

/// The columns of a `UserSummary`, read from `users u`: roles as a JSON array, last login from
/// the user's sessions (index `sessions_user`).
const SUMMARY_COLUMNS: &str = "u.user_id, u.phone, u.username, u.vip_level,
    (SELECT json_group_array(name) FROM (SELECT name FROM user_grants g
        WHERE g.user_id = u.user_id AND g.kind = 'role' ORDER BY name)),
    u.frozen_at IS NOT NULL, u.created_at,
    (SELECT MAX(created_at) FROM sessions s WHERE s.user_id = u.user_id)";

fn summary(row: &rusqlite::Row) -> rusqlite::Result<UserSummary> {
    let roles: String = row.get(4)?;
    Ok(UserSummary {
        id: row.get(0)?,
        phone: row.get(1)?,
        username: row.get(2)?,
        vip_level: row.get(3)?,
        roles: serde_json::from_str(&roles).map_err(|error| {
            rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, error.into())
        })?,
        frozen: row.get(5)?,
        created_at: row.get(6)?,
        last_login_at: row.get(7)?,
    })
}

pub fn list_users(
    connection: &Connection,
    limit: i64,
    offset: i64,
) -> Result<Vec<UserSummary>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM users u ORDER BY u.user_id LIMIT ?1 OFFSET ?2"
    ))?;
    let rows = query.query_map(params![limit, offset], summary)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many users the hall has (the console's player list pages through them).
pub fn count_users(connection: &Connection) -> Result<i64, AppError> {
    Ok(connection.prepare_cached("SELECT COUNT(*) FROM users")?.query_row([], |row| row.get(0))?)
}

/// What `admin user search TEXT` looks for: the id, a prefix or suffix of the phone's digits,
/// part of the login name (any case), or the whole invite code (any case).
pub struct UserSearch {
    id: Option<i64>,
    phone_digits: Option<String>,
    name_part: String,
    invite_code: String,
}

impl UserSearch {
    /// None for blank text, which would match everyone.
    pub fn parse(text: &str) -> Option<UserSearch> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let digits: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let all_digits = digits.bytes().all(|byte| byte.is_ascii_digit());
        Some(UserSearch {
            id: text.parse().ok(),
            phone_digits: all_digits.then_some(digits),
            name_part: like_escaped(text),
            invite_code: text.to_ascii_uppercase(),
        })
    }
}

/// `text` with the LIKE wildcards and the escape character escaped by `\`.
fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The users `search` matches, oldest first, at most `limit`. Cost: one pass over `users` (an
/// operator's command, bounded by its limit; partial matches cannot use an index).
pub fn search_users(
    connection: &Connection,
    search: &UserSearch,
    limit: i64,
) -> Result<Vec<UserSummary>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM users u
         WHERE u.user_id = ?1
            OR u.phone LIKE ?2 || '%' ESCAPE '\\' OR u.phone LIKE '%' || ?2 ESCAPE '\\'
            OR u.username LIKE '%' || ?3 || '%' ESCAPE '\\'
            OR u.invite_code = ?4
         ORDER BY u.user_id LIMIT ?5"
    ))?;
    let phone = search.phone_digits.as_deref().map(like_escaped);
    let arguments = params![search.id, phone, search.name_part, search.invite_code, limit];
    let rows = query.query_map(arguments, summary)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn user_detail(connection: &Connection, user_id: UserId) -> Result<UserDetail, AppError> {
    connection
        .prepare_cached(
            "SELECT user_id, phone, username, nickname, avatar, invite_code, inviter_id, vip_level,
                    frozen_at, created_at
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
                frozen_at: row.get(8)?,
                created_at: row.get(9)?,
            })
        })
        .optional()?
        .ok_or(AppError::NotFound)
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

/// Letters and digits of a temporary password, without those read alike (0 O o 1 l I).
const TEMPORARY_ALPHABET: &[u8] = b"23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/// A new random login password of 12 characters (about 70 bits), which the console's password
/// reset gives staff to read to the player once; he changes it in the app.
pub fn temporary_password() -> LoginPassword {
    use rand::Rng;
    let mut random = rand::rngs::OsRng;
    let text: String = (0..12)
        .map(|_| char::from(TEMPORARY_ALPHABET[random.gen_range(0..TEMPORARY_ALPHABET.len())]))
        .collect();
    LoginPassword::parse(&text).expect("12 letters and digits are a login password")
}

/// Sets the fund password to the one hashed as `password_hash`, or clears it (None) so the
/// player sets a new one without the old; every session of the account ends.
pub fn reset_fund_password(
    tx: &Tx,
    user_id: UserId,
    password_hash: Option<&str>,
    now: Timestamp,
) -> Result<(), AppError> {
    sql::set_fund_password_hash(tx, user_id, password_hash)?;
    sql::revoke_sessions(tx, user_id, now)
}

/// Gives the user the `admin` role (`admin user grant-admin`, the shorthand of `role add`).
pub fn grant_admin(tx: &Tx, user_id: UserId, now: Timestamp) -> Result<bool, AppError> {
    grants::add_grant(tx, user_id, &Grant::Role(RoleName::admin()), now)
}

/// One login of a user: when and from where the session started, until when it lasts, and
/// whether it ended early (logout, a password reset, a freeze).
#[derive(Debug, Serialize)]
pub struct LoginRecord {
    pub started_at: Timestamp,
    /// "" for sessions started before addresses were kept.
    pub address: String,
    pub expires_at: Timestamp,
    pub ended_at: Option<Timestamp>,
}

/// The user's newest `limit` logins, newest first.
pub fn recent_logins(
    connection: &Connection,
    user_id: UserId,
    limit: i64,
) -> Result<Vec<LoginRecord>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT created_at, address, expires_at, revoked_at FROM sessions WHERE user_id = ?1
         ORDER BY created_at DESC LIMIT ?2",
    )?;
    let rows = query.query_map(params![user_id, limit], |row| {
        Ok(LoginRecord {
            started_at: row.get(0)?,
            address: row.get(1)?,
            expires_at: row.get(2)?,
            ended_at: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
