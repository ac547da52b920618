//! Helpers every command group shares: the runtime, how a user reference resolves, and how
//! refusals, flags and times print.

use crate::auth;
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::ids::UserId;
use anyhow::Context;

/// The runtime of a CLI command: one thread, the command's work only.
pub fn current_thread_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("while starting the async runtime")
}

/// The user a reference (id, phone or login name) names.
pub async fn find_user(db: &Db, reference: String) -> anyhow::Result<UserId> {
    db.read(move |connection| auth::find_user(connection, &reference)).await.map_err(|error| {
        match error {
            AppError::NotFound => anyhow::anyhow!("no user with that id, phone or login name"),
            other => other.into(),
        }
    })
}

/// A refusal as the operator reads it: the English message and its key.
pub fn explain(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) => cause,
        refusal => {
            let message = crate::i18n::message("en", refusal.key(), &refusal.message_args());
            anyhow::anyhow!("{message} ({})", refusal.key())
        }
    }
}

pub fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

pub fn format_time(timestamp: Timestamp) -> String {
    timestamp
        .to_datetime()
        .map(|time| time.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

/// `value` as pretty JSON with `--json`, else as `print` shows it.
pub fn print_json_or<T: serde::Serialize + ?Sized>(
    json: bool,
    value: &T,
    print: impl FnOnce(&T),
) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(value)?);
    } else {
        print(value);
    }
    Ok(())
}
