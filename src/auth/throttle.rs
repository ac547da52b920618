//! Throttling of wrong secrets (login passwords, fund passwords) per account and per client
//! address.

use super::AuthSettings;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

#[derive(Clone, Copy)]
pub(super) enum Scope {
    Account,
    Address,
    /// Wrong fund passwords of one player (6 digits are few: guessing must stay slow).
    FundPassword,
    /// Wrong fund passwords from one client address, whichever players they were typed for.
    FundPasswordAddress,
}

impl Scope {
    fn code(self) -> &'static str {
        match self {
            Scope::Account => "account",
            Scope::Address => "address",
            Scope::FundPassword => "fund_password",
            Scope::FundPasswordAddress => "fund_password_address",
        }
    }

    fn max_failures(self, settings: &AuthSettings) -> i64 {
        match self {
            Scope::Account => settings.login_max_failures_per_account,
            Scope::Address => settings.login_max_failures_per_address,
            Scope::FundPassword => settings.fund_password_failures_per_account,
            Scope::FundPasswordAddress => settings.fund_password_failures_per_address,
        }
    }
}

/// Refuses with `throttled` while `key` is locked in `scope`.
pub(super) fn check(
    connection: &Connection,
    scope: Scope,
    key: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    let locked_until: Option<Timestamp> = connection
        .prepare_cached("SELECT locked_until FROM login_failures WHERE scope = ?1 AND key = ?2")?
        .query_row(params![scope.code(), key], |row| row.get(0))
        .optional()?;
    match locked_until {
        Some(until) if until > now => Err(AppError::Throttled { seconds: until - now }),
        _ => Ok(()),
    }
}

/// Counts a failure within the current window; the failure that reaches the limit locks.
pub(super) fn record_failure(
    tx: &Tx,
    scope: Scope,
    key: &str,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<(), AppError> {
    let window_open_since = now - settings.login_lock_secs;
    tx.prepare_cached(
        "INSERT INTO login_failures (scope, key, failures, window_start) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (scope, key) DO UPDATE SET
           failures = CASE WHEN window_start > ?4 THEN failures + 1 ELSE 1 END,
           window_start = CASE WHEN window_start > ?4 THEN window_start ELSE ?3 END",
    )?
    .execute(params![scope.code(), key, now, window_open_since])?;
    tx.prepare_cached(
        "UPDATE login_failures SET locked_until = ?3, failures = 0, window_start = ?4
         WHERE scope = ?1 AND key = ?2 AND failures >= ?5",
    )?
    .execute(params![
        scope.code(),
        key,
        now + settings.login_lock_secs,
        now,
        scope.max_failures(settings)
    ])?;
    Ok(())
}

pub(super) fn clear(tx: &Tx, scope: Scope, key: &str) -> Result<(), AppError> {
    tx.prepare_cached("DELETE FROM login_failures WHERE scope = ?1 AND key = ?2")?
        .execute(params![scope.code(), key])?;
    Ok(())
}
