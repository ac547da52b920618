//! `fairhall admin user ...`: player accounts.

use super::shared::{explain, find_user, format_time, yes_no};
use crate::auth::{
    self, NewUser,
    types::{LoginName, LoginPassword, Phone},
};
use crate::clock::Timestamp;
use crate::db::Db;
use anyhow::Context;
use clap::Subcommand;

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

pub async fn run_user(
    db: &Db,
    settings: &auth::AuthSettings,
    command: UserCommand,
    now: Timestamp,
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
            let user_id = find_user(db, user).await?;
            let report = db.read(move |connection| auth::show_user(connection, user_id)).await?;
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        UserCommand::Freeze { user } => {
            let user_id = find_user(db, user).await?;
            db.write(move |tx| auth::freeze(tx, user_id, now)).await?;
            println!("user {user_id} is frozen; their sessions have ended");
        }
        UserCommand::Unfreeze { user } => {
            let user_id = find_user(db, user).await?;
            db.write(move |tx| auth::unfreeze(tx, user_id)).await?;
            println!("user {user_id} is no longer frozen");
        }
        UserCommand::SetPassword { user, password } => {
            let user_id = find_user(db, user).await?;
            let hash =
                auth::hash_password_blocking(read_password(password)?).await.map_err(explain)?;
            db.write(move |tx| auth::set_password(tx, user_id, &hash, now)).await?;
            println!("user {user_id} has a new password; their sessions have ended");
        }
        UserCommand::GrantAdmin { user } => {
            let user_id = find_user(db, user).await?;
            db.write(move |tx| auth::grant_admin(tx, user_id)).await?;
            println!("user {user_id} is an admin");
        }
    }
    Ok(())
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
