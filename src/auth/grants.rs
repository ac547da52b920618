//! The roles and permissions each user holds (`user_grants`), as the operator adds and removes
//! them; the rules that read them are in `auth::permissions`.

use super::permissions::{Permission, RoleName};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use serde::Serialize;

/// What a `user_grants` row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrantKind {
    Role,
    Permission,
}

impl GrantKind {
    fn code(self) -> &'static str {
        match self {
            GrantKind::Role => "role",
            GrantKind::Permission => "permission",
        }
    }
}

/// A checked role or permission, ready to store.
pub enum Grant {
    Role(RoleName),
    Permission(Permission),
}

impl Grant {
    fn kind_and_name(&self) -> (GrantKind, &str) {
        match self {
            Grant::Role(role) => (GrantKind::Role, role.as_str()),
            Grant::Permission(permission) => (GrantKind::Permission, permission.as_str()),
        }
    }
}

/// A user's roles and permissions, each sorted by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Grants {
    pub roles: Vec<String>,
    pub permissions: Vec<String>,
}

/// The user's account type (spec section 3, "account type"; its values are not shown): an
/// ordinary player, the operator's test account or an agent of the partner programme. It is
/// read from the roles the operator gives (`admin user role add USER test|agent`), so it needs
/// no column of its own and every change to it is audited like a role's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AccountType {
    Normal,
    Test,
    Agent,
}

impl AccountType {
    /// `test` before `agent`: an account the operator tests with stays marked as one whatever
    /// else it is. Only the exact role names count: `admin` holds every role for permission
    /// checks, but a staff account is not thereby an agent.
    pub fn of<S: AsRef<str>>(roles: &[S]) -> AccountType {
        let holds = |name: &str| roles.iter().any(|role| role.as_ref() == name);
        if holds("test") {
            AccountType::Test
        } else if holds("agent") {
            AccountType::Agent
        } else {
            AccountType::Normal
        }
    }
}

/// Gives `grant` to the user; true when he did not hold it yet.
pub fn add_grant(
    tx: &Tx,
    user_id: UserId,
    grant: &Grant,
    now: Timestamp,
) -> Result<bool, AppError> {
    let (kind, name) = grant.kind_and_name();
    let added = tx
        .prepare_cached(
            "INSERT INTO user_grants (user_id, kind, name, granted_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (user_id, kind, name) DO NOTHING",
        )?
        .execute(params![user_id, kind.code(), name, now])?;
    Ok(added == 1)
}

/// Takes `grant` from the user; true when he held it.
pub fn remove_grant(tx: &Tx, user_id: UserId, grant: &Grant) -> Result<bool, AppError> {
    let (kind, name) = grant.kind_and_name();
    let removed = tx
        .prepare_cached("DELETE FROM user_grants WHERE user_id = ?1 AND kind = ?2 AND name = ?3")?
        .execute(params![user_id, kind.code(), name])?;
    Ok(removed == 1)
}

/// The user's roles and permissions (one indexed read: the key starts with the user).
pub fn grants(connection: &Connection, user_id: UserId) -> Result<Grants, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT kind, name FROM user_grants WHERE user_id = ?1 ORDER BY kind, name",
    )?;
    let rows = query.query_map([user_id], |row| Ok((row.get::<_, String>(0)?, row.get(1)?)))?;
    let mut grants = Grants::default();
    for row in rows {
        let (kind, name) = row?;
        if kind == GrantKind::Role.code() {
            grants.roles.push(name);
        } else {
            grants.permissions.push(name);
        }
    }
    Ok(grants)
}
