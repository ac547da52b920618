//! The fund (security) password that guards withdrawals.

use super::types::FundPassword;
use crate::db::Db;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension};

pub(super) fn fund_password_hash(
    connection: &Connection,
    user_id: i64,
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
    user_id: i64,
    password: FundPassword,
) -> Result<(), AppError> {
    let stored = db.read(move |connection| fund_password_hash(connection, user_id)).await?;
    let stored = stored.ok_or(AppError::FundPasswordRequired)?;
    let matches =
        tokio::task::spawn_blocking(move || super::password_matches(password.as_str(), &stored))
            .await
            .map_err(|error| anyhow::anyhow!("a password check failed: {error}"))?;
    if matches { Ok(()) } else { Err(AppError::FundPasswordWrong) }
}
