//! `admin user role add|remove`, `admin user permission add|remove` and `admin user roles`.

use crate::auth::grants::{self, Grant};
use crate::auth::permissions::{Permission, RoleName};
use crate::cli::shared::{find_user, print_json_or};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::ids::UserId;
use clap::Subcommand;
use serde::Serialize;

#[derive(Subcommand)]
pub enum RoleCommand {
    /// Give USER the role ROLE (ASCII without spaces or ':', 1-64 characters; `admin` grants
    /// every role).
    Add {
        /// The player: his id, phone or login name.
        user: String,
        /// The role: ASCII without spaces or ':', 1-64 characters.
        role: String,
    },
    /// Take the role ROLE from USER.
    Remove {
        /// The player: his id, phone or login name.
        user: String,
        /// The role: ASCII without spaces or ':', 1-64 characters.
        role: String,
    },
}

#[derive(Subcommand)]
pub enum PermissionCommand {
    /// Give USER the permission PERM (':'-separated segments such as wallet:deposit:approve,
    /// ASCII without spaces, 1-64 characters; `*:*:*` grants every permission).
    Add {
        /// The player: his id, phone or login name.
        user: String,
        /// The permission: ':'-separated segments such as wallet:deposit:approve.
        perm: String,
    },
    /// Take the permission PERM from USER.
    Remove {
        /// The player: his id, phone or login name.
        user: String,
        /// The permission: ':'-separated segments such as wallet:deposit:approve.
        perm: String,
    },
}

fn role(text: &str) -> anyhow::Result<Grant> {
    RoleName::parse(text)
        .map(Grant::Role)
        .map_err(|error| anyhow::anyhow!("ROLE {text:?}: {error}"))
}

fn permission(text: &str) -> anyhow::Result<Grant> {
    Permission::parse(text)
        .map(Grant::Permission)
        .map_err(|error| anyhow::anyhow!("PERM {text:?}: {error}"))
}

pub async fn run_role(db: &Db, command: RoleCommand, now: Timestamp) -> anyhow::Result<()> {
    match command {
        RoleCommand::Add { user, role: name } => {
            add(db, user, (role(&name)?, "role", name), now).await
        }
        RoleCommand::Remove { user, role: name } => {
            remove(db, user, (role(&name)?, "role", name)).await
        }
    }
}

pub async fn run_permission(
    db: &Db,
    command: PermissionCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    match command {
        PermissionCommand::Add { user, perm } => {
            add(db, user, (permission(&perm)?, "permission", perm), now).await
        }
        PermissionCommand::Remove { user, perm } => {
            remove(db, user, (permission(&perm)?, "permission", perm)).await
        }
    }
}

/// Gives the grant (checked before the user is looked up: a bad name fails the same way
/// whoever it is for).
async fn add(
    db: &Db,
    user: String,
    (grant, noun, name): (Grant, &str, String),
    now: Timestamp,
) -> anyhow::Result<()> {
    let user_id = find_user(db, user).await?;
    let added = db.write(move |tx| grants::add_grant(tx, user_id, &grant, now)).await?;
    let verb = if added { "now holds" } else { "already held" };
    println!("user {user_id} {verb} {noun} {name}");
    Ok(())
}

async fn remove(
    db: &Db,
    user: String,
    (grant, noun, name): (Grant, &str, String),
) -> anyhow::Result<()> {
    let user_id = find_user(db, user).await?;
    let removed = db.write(move |tx| grants::remove_grant(tx, user_id, &grant)).await?;
    let verb = if removed { "no longer holds" } else { "did not hold" };
    println!("user {user_id} {verb} {noun} {name}");
    Ok(())
}

#[derive(Serialize)]
struct UserGrants {
    id: UserId,
    #[serde(flatten)]
    grants: grants::Grants,
}

pub async fn print_grants(db: &Db, user: String, json: bool) -> anyhow::Result<()> {
    let user_id = find_user(db, user).await?;
    let grants = db.read(move |connection| grants::grants(connection, user_id)).await?;
    print_json_or(json, &UserGrants { id: user_id, grants }, |shown| {
        let list = |names: &[String]| if names.is_empty() { "-".into() } else { names.join(", ") };
        println!("user {}", shown.id);
        println!("{:<13}{}", "roles", list(&shown.grants.roles));
        println!("{:<13}{}", "permissions", list(&shown.grants.permissions));
    })
}
