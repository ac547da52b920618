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

/// `fund_password_required` until one is set; `fund_password_wrong` when it does not match.
pub async fn check_fund_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    user_id: UserId,
    password: FundPassword,
    now: Timestamp,
) -> Result<(), AppError> {
    let stored = db.read(move |connection| fund_password_hash(connection, user_id)).await?;
    let stored = stored.ok_or(AppError::FundPasswordRequired)?;
    let typed = password.as_str().to_string();
    let attempt = FundPasswordAttempt { user_id, typed, stored, now };
    if fund_password_matches(db, settings, attempt).await? {
        Ok(())
    } else {
        Err(AppError::FundPasswordWrong)
    }
}

/// A typed fund password and the hash it must match.
struct FundPasswordAttempt {
    user_id: UserId,
    typed: String,
    stored: String,
    now: Timestamp,
}

/// Like logins, wrong fund passwords lock further tries for a while (`throttled`).
async fn fund_password_matches(
    db: &Db,
    settings: &Arc<AuthSettings>,
    attempt: FundPasswordAttempt,
) -> Result<bool, AppError> {
    let (key, now) = (format!("user:{}", attempt.user_id), attempt.now);
    let check_key = key.clone();
    db.read(move |connection| throttle::check(connection, Scope::FundPassword, &check_key, now))
        .await?;
    let matches = secret_matches_blocking(attempt.typed, attempt.stored).await?;
    let settings = settings.clone();
    db.write(move |tx| {
        throttle::check(tx, Scope::FundPassword, &key, now)?;
        if matches {
            throttle::clear(tx, Scope::FundPassword, &key)
        } else {
            throttle::record_failure(tx, Scope::FundPassword, &key, &settings, now)
        }
    })
    .await?;
    Ok(matches)
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
    user_id: UserId,
    change: FundPasswordChange,
    now: Timestamp,
) -> Result<(), AppError> {
    let stored = db.read(move |connection| fund_password_hash(connection, user_id)).await?;
    if let Some(stored) = &stored {
        let typed = change.old.ok_or(AppError::MissingParams)?;
        let attempt = FundPasswordAttempt { user_id, typed, stored: stored.clone(), now };
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
/// ends every other session of the account; `session` stays logged in.
pub async fn change_password(
    db: &Db,
    session: &SessionUser,
    change: PasswordChange,
    now: Timestamp,
) -> Result<(), AppError> {
    let user_id = session.user_id;
    let stored = db.read(move |connection| sql::password_hash(connection, user_id)).await?;
    if !secret_matches_blocking(change.old, stored.clone()).await? {
        return Err(AppError::OldPasswordWrong);
    }
    let new_hash = hash_secret_blocking(change.new.as_str().to_string()).await?;
    let keep = session.token_hash.clone();
    db.write(move |tx| {
        if !sql::replace_password_hash(tx, user_id, &stored, &new_hash)? {
            return Err(AppError::OldPasswordWrong);
        }
        sql::revoke_other_sessions(tx, user_id, &keep, now)
    })
    .await
}
