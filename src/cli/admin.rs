//! `fairhall admin ...`: operator commands. Each parses its arguments, calls one domain verb
//! on the same database `serve` uses, and prints the result.

use crate::auth::{
    self, NewUser,
    types::{LoginName, LoginPassword, Phone},
};
use crate::clock::Clock;
use crate::config::Config;
use crate::crypto::CardCipher;
use crate::db::Db;
use crate::error::AppError;
use crate::wallet::WalletSettings;
use anyhow::Context;
use clap::Subcommand;
use std::sync::Arc;

#[derive(Subcommand)]
pub enum AdminCommand {
    /// Player accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Deposits awaiting review, and their approval or rejection.
    Deposit {
        #[command(subcommand)]
        command: super::wallet::DepositCommand,
    },
    /// Withdrawals awaiting payout, and their approval, rejection or failure.
    Withdraw {
        #[command(subcommand)]
        command: super::wallet::WithdrawCommand,
    },
    /// A player's wallet: adjust with a reason, or show balances and recent changes.
    Wallet {
        #[command(subcommand)]
        command: super::wallet::WalletCommand,
    },
    /// Game rooms: list, show, open or close for betting, change the period, close or limits.
    Room {
        #[command(subcommand)]
        command: super::games::RoomCommand,
    },
    /// News articles players read: add, list, show, edit, remove.
    News {
        #[command(subcommand)]
        command: super::content::NewsCommand,
    },
    /// Recompute every balance from the ledger's postings; exits non-zero on any mismatch.
    Verify,
    /// Verification codes delivered in `log` mode, newest first.
    Codes {
        /// How many to show.
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
}

#[derive(Subcommand)]
pub enum UserCommand {
    /// Create a player (or, with --admin, an operator).
    Create {
        #[arg(long)]
        phone: String,
        /// Login password; read from standard input when absent.
        #[arg(long)]
        password: Option<String>,
        /// Optional login name.
        #[arg(long)]
        username: Option<String>,
        /// Make the user an admin.
        #[arg(long)]
        admin: bool,
    },
    /// List users, oldest first.
    List {
        #[arg(long, default_value_t = 1)]
        page: i64,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Show one user (phone, login name or id) with balances.
    Show { user: String },
    /// Freeze an account: its sessions end and it cannot log in.
    Freeze { user: String },
    /// Lift a freeze.
    Unfreeze { user: String },
    /// Set a new login password (read from standard input when --password is absent).
    SetPassword {
        user: String,
        #[arg(long)]
        password: Option<String>,
    },
    /// Make a user an admin.
    GrantAdmin { user: String },
}

/// Rows `admin user list` prints at most per page.
const LIST_LIMIT_MAX: i64 = 1000;

pub fn run(mut config: Config, command: AdminCommand) -> anyhow::Result<()> {
    let runtime = super::current_thread_runtime()?;
    runtime.block_on(async move {
        let db = crate::startup::open(&mut config)?;
        let settings = auth::AuthSettings::from_config(&config.auth)?;
        let now = Clock::System.now();
        match command {
            AdminCommand::Codes { limit } => {
                let codes = db
                    .read(move |connection| auth::codes::recent(connection, limit.clamp(1, 1000)))
                    .await?;
                for code in codes {
                    println!(
                        "{} {} {} {}",
                        code.target,
                        code.purpose,
                        code.code,
                        format_time(code.expires_at)
                    );
                }
                Ok(())
            }
            AdminCommand::User { command } => run_user(&db, &settings, command, now).await,
            AdminCommand::Verify => verify_ledger(&db).await,
            AdminCommand::Room { command } => {
                let data_dir = config.server.data_dir.as_path();
                super::games::run_room(&db, (config.timezone(), data_dir), command).await
            }
            AdminCommand::Deposit { command } => {
                let settings = Arc::new(WalletSettings::from_config(&config));
                super::wallet::run_deposit(&db, settings, command).await
            }
            AdminCommand::Withdraw { command } => {
                let secrets = &config.secrets;
                let cipher = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?;
                super::wallet::run_withdraw(&db, Arc::new(cipher), command).await
            }
            AdminCommand::Wallet { command } => super::wallet::run_wallet(&db, command).await,
            AdminCommand::News { command } => super::content::run_news(&db, command).await,
        }
    })
}

async fn run_user(
    db: &Db,
    settings: &auth::AuthSettings,
    command: UserCommand,
    now: i64,
) -> anyhow::Result<()> {
    match command {
        UserCommand::Create { phone, password, username, admin } => {
            let user = NewUser {
                phone: Phone::parse(&phone, &settings.phone_pattern).map_err(explain)?,
                login_name: username
                    .as_deref()
                    .map(LoginName::parse)
                    .transpose()
                    .map_err(explain)?,
                is_admin: admin,
            };
            let hash =
                auth::hash_password_blocking(read_password(password)?).await.map_err(explain)?;
            let user_id = db
                .write(move |tx| auth::create_user(tx, &user, &hash, now))
                .await
                .map_err(explain)?;
            println!("created user {user_id}");
        }
        UserCommand::List { page, limit } => {
            let limit = limit.clamp(1, LIST_LIMIT_MAX);
            let offset = (page.max(1) - 1) * limit;
            let users =
                db.read(move |connection| auth::list_users(connection, limit, offset)).await?;
            println!("id\tphone\tlogin name\tvip\tadmin\tfrozen\tcreated");
            for user in users {
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    user.id,
                    user.phone,
                    user.username.unwrap_or_default(),
                    user.vip_level,
                    yes_no(user.is_admin),
                    yes_no(user.frozen),
                    format_time(user.created_at)
                );
            }
        }
        UserCommand::Show { user } => {
            let user_id = find(db, user).await?;
            let report = db.read(move |connection| auth::show_user(connection, user_id)).await?;
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        UserCommand::Freeze { user } => {
            let user_id = find(db, user).await?;
            db.write(move |tx| auth::freeze(tx, user_id, now)).await?;
            println!("user {user_id} is frozen; their sessions have ended");
        }
        UserCommand::Unfreeze { user } => {
            let user_id = find(db, user).await?;
            db.write(move |tx| auth::unfreeze(tx, user_id)).await?;
            println!("user {user_id} is no longer frozen");
        }
        UserCommand::SetPassword { user, password } => {
            let user_id = find(db, user).await?;
            let hash =
                auth::hash_password_blocking(read_password(password)?).await.map_err(explain)?;
            db.write(move |tx| auth::set_password(tx, user_id, &hash, now)).await?;
            println!("user {user_id} has a new password; their sessions have ended");
        }
        UserCommand::GrantAdmin { user } => {
            let user_id = find(db, user).await?;
            db.write(move |tx| auth::grant_admin(tx, user_id)).await?;
            println!("user {user_id} is an admin");
        }
    }
    Ok(())
}

async fn verify_ledger(db: &Db) -> anyhow::Result<()> {
    let report = db.read(crate::ledger::verify).await?;
    println!(
        "{} accounts, {} entries, {} postings; postings sum to {}",
        report.accounts, report.entries, report.postings, report.postings_total
    );
    let problems = [
        ("balance differs from its postings", &report.mismatched_accounts),
        ("player account below zero", &report.negative_player_accounts),
    ];
    for (problem, accounts) in problems {
        for account in accounts {
            println!(
                "account {} (user {}, {}): balance {} but postings sum to {}: {problem}",
                account.account_id,
                account.user_id.map_or("system".to_string(), |id| id.to_string()),
                account.kind,
                account.balance,
                account.postings_sum
            );
        }
    }
    for entry_id in &report.unbalanced_entries {
        println!("entry {entry_id}: postings do not sum to zero");
    }
    for account_id in &report.miscounted_accounts {
        println!("account {account_id}: its record counts differ from its postings");
    }
    let miscounted_bets = db.read(crate::games::records::recount_bets).await?;
    for (user_id, room) in &miscounted_bets {
        println!("user {user_id}, room {room}: the bet counts differ from the bets");
    }
    if report.is_ok() && miscounted_bets.is_empty() {
        println!("ledger verified: every balance equals the sum of its postings");
        Ok(())
    } else {
        anyhow::bail!("the ledger does not verify")
    }
}

pub(super) async fn find(db: &Db, reference: String) -> anyhow::Result<i64> {
    db.read(move |connection| auth::find_user(connection, &reference)).await.map_err(|error| {
        match error {
            AppError::NotFound => anyhow::anyhow!("no user with that id, phone or login name"),
            other => other.into(),
        }
    })
}

fn read_password(given: Option<String>) -> anyhow::Result<LoginPassword> {
    let text = match given {
        Some(text) => text,
        None => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .context("while reading the password from standard input")?;
            line.trim_end_matches(['\r', '\n']).to_string()
        }
    };
    LoginPassword::parse(&text).map_err(explain)
}

/// A refusal as the operator reads it: the English message and its key.
pub(super) fn explain(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) => cause,
        refusal => {
            let message = crate::i18n::message("en", refusal.key(), &refusal.message_args());
            anyhow::anyhow!("{message} ({})", refusal.key())
        }
    }
}

pub(super) fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

pub(super) fn format_time(timestamp: i64) -> String {
    chrono::DateTime::from_timestamp(timestamp, 0)
        .map(|time| time.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}
