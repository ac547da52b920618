//! Account security: the fund (security) password that guards withdrawals, and changing the
//! login password while logged in.

use super::throttle::{self, Scope};
use super::types::{FundPassword, LoginPassword};
use super::{AuthSettings, SessionUser, hash_secret_blocking, secret_matches_blocking, sql};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension};
use serde::Deserialize;
use std::sync::Arc;

pub(super) fn fund_password_hash(
    connection: &Connection,
    user_id: UserId,
) -> Result<Option<String>, AppError> {
    Ok(connection
        .prepare_cached("SELECT fund_password_hash FROM users WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .flatten())
}

/// Who typed a secret: the player and the client address the request came from.
pub struct Typist {
    pub user_id: UserId,
    pub address: String,
}

/// `fund_password_required` until one is set; `fund_password_wrong` when it does not match.
pub async fn check_fund_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    typist: Typist,
    password: FundPassword,
    now: Timestamp,
) -> Result<(), AppError> {
    let user_id = typist.user_id;
    let stored = db.read(move |connection| fund_password_hash(connection, user_id)).await?;
    let stored = stored.ok_or(AppError::FundPasswordRequired)?;
    let typed = password.as_str().to_string();
    let attempt = FundPasswordAttempt { typist, typed, stored, now };
    if fund_password_matches(db, settings, attempt).await? {
        Ok(())
    } else {
        Err(AppError::FundPasswordWrong)
    }
}

/// A typed fund password and the hash it must match.
struct FundPasswordAttempt {
    typist: Typist,
    typed: String,
    stored: String,
    now: Timestamp,
}

/// Like logins, wrong fund passwords lock further tries for a while (`throttled`), per
/// player and per client address (one address trying the 6 digits of many players is as
/// much a guesser as one player's thief). Both locks are checked before the hash.
async fn fund_password_matches(
    db: &Db,
    settings: &Arc<AuthSettings>,
    attempt: FundPasswordAttempt,
) -> Result<bool, AppError> {
    let FundPasswordAttempt { typist, typed, stored, now } = attempt;
    let keys = Arc::new((format!("user:{}", typist.user_id), typist.address));
    let check_keys = keys.clone();
    db.read(move |connection| check_fund_password_locks(connection, &check_keys, now)).await?;
    let matches = secret_matches_blocking(typed, stored).await?;
    let settings = settings.clone();
    db.write(move |tx| {
        // Again where failures are counted: concurrent tries all passed the read-side check.
        check_fund_password_locks(tx, &keys, now)?;
        let (player, address) = (&keys.0, &keys.1);
        if matches {
            throttle::clear(tx, Scope::FundPassword, player)
        } else {
            throttle::record_failure(tx, Scope::FundPassword, player, &settings, now)?;
            throttle::record_failure(tx, Scope::FundPasswordAddress, address, &settings, now)
        }
    })
    .await?;
    Ok(matches)
}

/// `throttled` while the player's or the address's fund password lock lasts.
fn check_fund_password_locks(
    connection: &Connection,
    (player, address): &(String, String),
    now: Timestamp,
) -> Result<(), AppError> {
    throttle::check(connection, Scope::FundPassword, player, now)?;
    throttle::check(connection, Scope::FundPasswordAddress, address, now)
}

/// Fund password fields as sent (api/personal/securitypassword).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct FundPasswordForm {
    /// The current fund password; required once one is set.
    pub old_password: Option<String>,
    /// Exactly 6 digits.
    pub password: Option<String>,
    pub repassword: Option<String>,
}

/// A new fund password, confirmed, and the old one as typed (checked against the stored one).
pub struct FundPasswordChange {
    old: Option<String>,
    new: FundPassword,
}

impl FundPasswordChange {
    pub fn parse(form: FundPasswordForm) -> Result<FundPasswordChange, AppError> {
        let (Some(password), Some(repassword)) = (form.password, form.repassword) else {
            return Err(AppError::MissingParams);
        };
        let new = FundPassword::parse_confirmed(&password, &repassword)?;
        Ok(FundPasswordChange { old: form.old_password, new })
    }
}

/// Sets the fund password the first time without the old one; later the old one must match
/// (`missing_params` without it, `fund_password_wrong` when it differs).
pub async fn set_fund_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    typist: Typist,
    change: FundPasswordChange,
    now: Timestamp,
) -> Result<(), AppError> {
    let user_id = typist.user_id;
    let stored = db.read(move |connection| fund_password_hash(connection, user_id)).await?;
    if let Some(stored) = &stored {
        let typed = change.old.ok_or(AppError::MissingParams)?;
        let attempt = FundPasswordAttempt { typist, typed, stored: stored.clone(), now };
        if !fund_password_matches(db, settings, attempt).await? {
            return Err(AppError::FundPasswordWrong);
        }
    }
    let new_hash = hash_secret_blocking(change.new.as_str().to_string()).await?;
    let replaced = db
        .write(move |tx| sql::replace_fund_password_hash(tx, user_id, stored.as_deref(), &new_hash))
        .await?;
    // Changed by a concurrent request after the old one was checked: that check is void.
    if replaced { Ok(()) } else { Err(AppError::FundPasswordWrong) }
}

/// Login password change fields as sent (api/personal/editpassword).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct PasswordChangeForm {
    pub old_password: Option<String>,
    /// 6-18 letters, digits or underscores.
    pub password: Option<String>,
    pub repassword: Option<String>,
}

/// A new login password, confirmed, and the old one as typed.
pub struct PasswordChange {
    old: String,
    new: LoginPassword,
}

impl PasswordChange {
    pub fn parse(form: PasswordChangeForm) -> Result<PasswordChange, AppError> {
        let (Some(old), Some(password), Some(repassword)) =
            (form.old_password, form.password, form.repassword)
        else {
            return Err(AppError::MissingParams);
        };
        let new = LoginPassword::parse_confirmed(&password, &repassword)?;
        Ok(PasswordChange { old, new })
    }
}

/// Changes the login password when the old one matches (`old_password_wrong` otherwise) and
/// ends every other session of the account; `session` stays logged in. A wrong old password
/// counts as a wrong login of the account and of the client `address` (a stolen session must
/// not become an unthrottled password oracle), and their locks refuse before the hash.
pub async fn change_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    (session, address): (&SessionUser, String),
    change: PasswordChange,
    now: Timestamp,
) -> Result<(), AppError> {
    let user_id = session.user_id;
    let keys = Arc::new((format!("user:{user_id}"), address));
    let Some(stored) =
        check_login_password(db, settings, (user_id, &keys), change.old, now).await?
    else {
        return Err(AppError::OldPasswordWrong);
    };
    let new_hash = hash_secret_blocking(change.new.as_str().to_string()).await?;
    let keep = session.token_hash.clone();
    db.write(move |tx| {
        if !sql::replace_password_hash(tx, user_id, &stored, &new_hash)? {
            return Err(AppError::OldPasswordWrong);
        }
        throttle::clear(tx, Scope::Account, &keys.0)?;
        sql::revoke_other_sessions(tx, user_id, &keep, now)
    })
    .await
}

/// Confirms a step the player takes with his login password (a time-out or self-exclusion):
/// `login_failed` when it does not match, counted and locked like a wrong login of the account
/// and of the client `address`.
pub async fn confirm_login_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    (session, address): (&SessionUser, String),
    typed: String,
    now: Timestamp,
) -> Result<(), AppError> {
    let user_id = session.user_id;
    let keys = Arc::new((format!("user:{user_id}"), address));
    match check_login_password(db, settings, (user_id, &keys), typed, now).await? {
        Some(_) => Ok(()),
        None => Err(AppError::LoginFailed),
    }
}

/// Checks `typed` against the account's login password behind the login locks of the account
/// and the address (`keys`), which refuse before the hash; a mismatch counts as a wrong login
/// of both. The stored hash when it matches, None when it does not.
async fn check_login_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    (user_id, keys): (UserId, &Arc<(String, String)>),
    typed: String,
    now: Timestamp,
) -> Result<Option<String>, AppError> {
    let check_keys = keys.clone();
    let stored = db
        .read(move |connection| {
            check_login_locks(connection, &check_keys, now)?;
            sql::password_hash(connection, user_id)
        })
        .await?;
    if secret_matches_blocking(typed, stored.clone()).await? {
        return Ok(Some(stored));
    }
    let (settings, keys) = (settings.clone(), keys.clone());
    db.write(move |tx| {
        check_login_locks(tx, &keys, now)?;
        throttle::record_failure(tx, Scope::Account, &keys.0, &settings, now)?;
        throttle::record_failure(tx, Scope::Address, &keys.1, &settings, now)
    })
    .await?;
    Ok(None)
}

/// `throttled` while the account's or the address's login lock lasts.
fn check_login_locks(
    connection: &Connection,
    (account, address): &(String, String),
    now: Timestamp,
) -> Result<(), AppError> {
    throttle::check(connection, Scope::Account, account, now)?;
    throttle::check(connection, Scope::Address, address, now)
}
