//! `fairhall admin user ...`: player accounts, their roles and permissions. Each verb names its user by id, phone or login name (`find_user`).

mod exclusions;
mod grants;
mod rows;
mod show;

use super::shared::{explain, find_user, print_json_or, refused};
use crate::auth::{
    self, NewUser, UserSearch,
    types::{FundPassword, LoginName, LoginPassword, Phone},
};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use anyhow::Context;
use clap::Subcommand;
use rows::{SummaryRow, print_summaries};

pub use exclusions::ExclusionsArgs;
pub use grants::{PermissionCommand, RoleCommand};

#[derive(Subcommand)]
pub enum UserCommand {
    /// Create a player (or, with --admin, an operator).
    Create {
        /// The new user's phone number, digits only.
        #[arg(long)]
        phone: String,
        /// Login password; read from standard input when absent.
        #[arg(long)]
        password: Option<String>,
        /// Optional login name.
        #[arg(long)]
        username: Option<String>,
        /// Give the user the `admin` role.
        #[arg(long)]
        admin: bool,
    },
    /// Find users by id, phone (whole, or a prefix or suffix of its digits), login name (any
    /// part, any case) or invite code (whole), oldest first.
    Search {
        /// Part of a phone number or login name, an id, or an invite code.
        text: String,
        /// How many to show (1-1000).
        #[arg(long, default_value_t = 20)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// List users, oldest first.
    List {
        /// Which page (1: the first).
        #[arg(long, default_value_t = 1)]
        page: i64,
        /// Users per page (1-1000).
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show one user (phone, login name or id): account, balances, limits, team and recent
    /// activity.
    Show {
        /// The player: his id, phone or login name.
        user: String,
        /// How many recent ledger entries, logins and bets to show (1-100).
        #[arg(long, default_value_t = 10)]
        recent: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Freeze an account: its sessions end and it cannot log in.
    Freeze {
        /// The player: his id, phone or login name.
        user: String,
    },
    /// Lift a freeze.
    Unfreeze {
        /// The player: his id, phone or login name.
        user: String,
    },
    /// Set a new login password (read from standard input when --password is absent); the
    /// user's sessions end.
    #[command(visible_alias = "set-password")]
    ResetPassword {
        /// The player: his id, phone or login name.
        user: String,
        /// The new password (read from standard input when left out).
        #[arg(long)]
        password: Option<String>,
    },
    /// Set a new fund password (6 digits; read from standard input when --password is absent),
    /// or --clear it so the player sets a new one; the user's sessions end.
    ResetFundPassword {
        /// The player: his id, phone or login name.
        user: String,
        /// The new password (read from standard input when left out).
        #[arg(long, conflicts_with = "clear")]
        password: Option<String>,
        /// Remove the fund password instead of setting one.
        #[arg(long)]
        clear: bool,
    },
    /// Give or take a role.
    Role {
        #[command(subcommand)]
        command: RoleCommand,
    },
    /// Give or take a permission.
    Permission {
        #[command(subcommand)]
        command: PermissionCommand,
    },
    /// The roles and permissions a user holds.
    Roles {
        /// The player: his id, phone or login name.
        user: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Make a user an admin (gives the `admin` role, like `role add USER admin`).
    GrantAdmin {
        /// The player: his id, phone or login name.
        user: String,
    },
    /// The running time-outs and self-exclusions (--all: every one ever taken); `lift` is the
    /// documented process that ends one early (docs/player-protection.md).
    Exclusions(ExclusionsArgs),
}

/// Rows `admin user list` and `admin user search` print at most.
const LIST_LIMIT_MAX: i64 = 1000;

pub async fn run_user(
    db: &Db,
    config: &Config,
    command: UserCommand,
    by: &str,
    now: Timestamp,
) -> anyhow::Result<()> {
    let settings = auth::AuthSettings::from_config(&config.auth)?;
    match command {
        UserCommand::Create { phone, password, username, admin } => {
            create_user(db, &settings, (phone, password, username, admin), now).await
        }
        UserCommand::Search { text, limit, json } => search_users(db, &text, limit, json).await,
        UserCommand::List { page, limit, json } => list_users(db, page, limit, json).await,
        UserCommand::Show { user, recent, json } => {
            show::show_user(db, config, (user, recent, json), now).await
        }
        UserCommand::Freeze { user } => {
            let user_id = find_user(db, user).await?;
            db.write(move |tx| auth::freeze(tx, user_id, now)).await?;
            println!("user {user_id} is frozen; their sessions have ended");
            Ok(())
        }
        UserCommand::Unfreeze { user } => {
            let user_id = find_user(db, user).await?;
            db.write(move |tx| auth::unfreeze(tx, user_id)).await?;
            println!("user {user_id} is no longer frozen");
            Ok(())
        }
        UserCommand::ResetPassword { user, password } => {
            let user_id = find_user(db, user).await?;
            let hash =
                auth::hash_password_blocking(read_password(password)?).await.map_err(explain)?;
            db.write(move |tx| auth::set_password(tx, user_id, &hash, now)).await?;
            println!("user {user_id} has a new password; their sessions have ended");
            Ok(())
        }
        UserCommand::ResetFundPassword { user, password, clear } => {
            reset_fund_password(db, user, (password, clear), now).await
        }
        UserCommand::Role { command } => grants::run_role(db, command, now).await,
        UserCommand::Permission { command } => grants::run_permission(db, command, now).await,
        UserCommand::Roles { user, json } => grants::print_grants(db, user, json).await,
        UserCommand::Exclusions(args) => exclusions::run_exclusions(db, args, by, now).await,
        UserCommand::GrantAdmin { user } => {
            let user_id = find_user(db, user).await?;
            let added = db.write(move |tx| auth::grant_admin(tx, user_id, now)).await?;
            let verb = if added { "is now" } else { "already was" };
            println!("user {user_id} {verb} an admin (role admin)");
            Ok(())
        }
    }
}

async fn create_user(
    db: &Db,
    settings: &auth::AuthSettings,
    (phone, password, username, admin): (String, Option<String>, Option<String>, bool),
    now: Timestamp,
) -> anyhow::Result<()> {
    let user = NewUser {
        phone: Phone::parse(&phone, &settings.phone_pattern)
            .map_err(|error| refused("--phone", error))?,
        login_name: username
            .as_deref()
            .map(LoginName::parse)
            .transpose()
            .map_err(|error| refused("--username", error))?,
        is_admin: admin,
    };
    let hash = auth::hash_password_blocking(read_password(password)?).await.map_err(explain)?;
    let user_id =
        db.write(move |tx| auth::create_user(tx, &user, &hash, now)).await.map_err(explain)?;
    let role = if admin { " with role admin" } else { "" };
    println!("created user {user_id}{role}");
    Ok(())
}

/// `--limit`, refused outside 1..=`LIST_LIMIT_MAX`.
fn checked_limit(limit: i64) -> anyhow::Result<i64> {
    if (1..=LIST_LIMIT_MAX).contains(&limit) {
        Ok(limit)
    } else {
        anyhow::bail!("--limit {limit}: give 1 to {LIST_LIMIT_MAX}")
    }
}

async fn search_users(db: &Db, text: &str, limit: i64, json: bool) -> anyhow::Result<()> {
    let limit = checked_limit(limit)?;
    let Some(search) = UserSearch::parse(text) else {
        anyhow::bail!(
            "TEXT is blank: give an id, a phone or part of it, a login name or an invite code"
        )
    };
    let users = db.read(move |connection| auth::search_users(connection, &search, limit)).await?;
    if users.is_empty() && !json {
        println!("no user matches {:?}", text.trim());
        return Ok(());
    }
    let rows: Vec<SummaryRow> = users.iter().map(SummaryRow::from).collect();
    print_json_or(json, rows.as_slice(), print_summaries)
}

async fn list_users(db: &Db, page: i64, limit: i64, json: bool) -> anyhow::Result<()> {
    let limit = checked_limit(limit)?;
    if page < 1 {
        anyhow::bail!("--page {page}: pages start at 1");
    }
    let offset = (page - 1).saturating_mul(limit);
    let users = db.read(move |connection| auth::list_users(connection, limit, offset)).await?;
    let rows: Vec<SummaryRow> = users.iter().map(SummaryRow::from).collect();
    print_json_or(json, rows.as_slice(), print_summaries)
}

async fn reset_fund_password(
    db: &Db,
    user: String,
    (password, clear): (Option<String>, bool),
    now: Timestamp,
) -> anyhow::Result<()> {
    let user_id = find_user(db, user).await?;
    let hash = if clear {
        None
    } else {
        let (source, text) = match password {
            Some(text) => ("--password", text),
            None => ("standard input", read_line("the fund password")?),
        };
        let password = FundPassword::parse(&text).map_err(|error| refused(source, error))?;
        Some(auth::hash_fund_password_blocking(password).await.map_err(explain)?)
    };
    let cleared = hash.is_none();
    db.write(move |tx| auth::reset_fund_password(tx, user_id, hash.as_deref(), now)).await?;
    if cleared {
        println!(
            "user {user_id} has no fund password now and sets a new one in the app; \
             their sessions have ended"
        );
    } else {
        println!("user {user_id} has a new fund password; their sessions have ended");
    }
    Ok(())
}

fn read_line(what: &str) -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .with_context(|| format!("while reading {what} from standard input"))?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

fn read_password(given: Option<String>) -> anyhow::Result<LoginPassword> {
    let (source, text) = match given {
        Some(text) => ("--password", text),
        None => ("standard input", read_line("the password")?),
    };
    LoginPassword::parse(&text).map_err(|error: AppError| refused(source, error))
}
