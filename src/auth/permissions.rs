//! Roles and permissions (spec section 6): the names a user may hold and the rules that decide
//! whether held names grant what is asked. Pure: no database, no clock.
//!
//! A permission is granted by the wildcard permission `*:*:*`, by one whose `*` segments match
//! the asked name's segments, or by the exact one; a role by the `admin` role or by the exact
//! one. Empty input (an empty name or an empty list) is never granted. The any-of and all-of variants apply the same rule to each name asked for.

use std::fmt;

/// The permission that grants every permission.
pub const ALL_PERMISSIONS: &str = "*:*:*";
/// Reviewing deposits in the console: the queue, the voucher, approve, reject, fail.
pub const DEPOSIT_REVIEW: &str = "wallet:deposit:review";
/// Reviewing withdrawals in the console: the queue, a withdrawal with the player's turnover
/// and links, pay, reject, fail.
pub const WITHDRAWAL_REVIEW: &str = "wallet:withdrawal:review";
/// Reading a withdrawal's whole card number or address in the console (each read audited).
pub const CARD_READ: &str = "wallet:card:read";

/// The console's player desk: finding players and reading one's page (balances, limits, team,
/// ledger entries, bets, logins).
pub const PLAYER_READ: &str = "player:account:read";
/// Freezing and unfreezing a player's account.
pub const PLAYER_FREEZE: &str = "player:account:freeze";
/// Giving a player a temporary login password, or clearing his fund password.
pub const PASSWORD_RESET: &str = "player:password:reset";
/// Crediting or debiting a player's wallet with a reason (and the four-eyes rule's second
/// approval of another's).
pub const BALANCE_ADJUST: &str = "wallet:balance:adjust";
/// The reports: figures by day and room, and the linked players.
pub const REPORT_READ: &str = "report:figures:read";
/// Reading the audit log (every change, who made it, before and after).
pub const AUDIT_READ: &str = "audit:log:read";
/// The console's health page: readiness, storage, the ledger check, backups and archives.
pub const HEALTH_READ: &str = "system:health:read";
/// Taking a backup now (the daily job's, one at a time).
pub const BACKUP_RUN: &str = "system:backup:run";
/// Running the full ledger check (`admin verify`); a pass ends a halt.
pub const LEDGER_VERIFY: &str = "system:ledger:verify";
/// Downloading a backup archive (it holds the database and the keys; each download audited).
pub const BACKUP_DOWNLOAD: &str = "system:backup:download";
/// Giving and taking users' roles (who is staff, and with what role).
pub const STAFF_MANAGE: &str = "staff:member:manage";

/// The role that grants every role; `admin user create --admin` and `grant-admin` give it.
pub const ADMIN_ROLE: &str = "admin";

/// Why a role or permission name was refused (operator-only, so English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidName(&'static str);

impl fmt::Display for InvalidName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.0)
    }
}

impl std::error::Error for InvalidName {}

/// Longest role or permission name.
pub const NAME_LENGTH_MAX: usize = 64;

/// Printable ASCII without spaces, 1 to `NAME_LENGTH_MAX` characters.
fn check_name(text: &str) -> Result<(), InvalidName> {
    if text.is_empty() || text.len() > NAME_LENGTH_MAX {
        return Err(InvalidName("give 1 to 64 characters"));
    }
    if !text.bytes().all(|byte| byte.is_ascii_graphic()) {
        return Err(InvalidName("use ASCII letters, digits and punctuation, without spaces"));
    }
    Ok(())
}

/// A role name as stored: e.g. `admin`, `support`, `finance-lead`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RoleName(String);

impl RoleName {
    pub fn parse(text: &str) -> Result<RoleName, InvalidName> {
        check_name(text)?;
        if text.contains(':') {
            return Err(InvalidName("a role name has no ':' (permissions do)"));
        }
        Ok(RoleName(text.to_string()))
    }

    pub fn admin() -> RoleName {
        RoleName(ADMIN_ROLE.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A permission as stored: `:`-separated segments, each `*` or a name without `*`, e.g.
/// `wallet:deposit:approve` or `*:*:*`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Permission(String);

impl Permission {
    pub fn parse(text: &str) -> Result<Permission, InvalidName> {
        check_name(text)?;
        let segments_ok = text
            .split(':')
            .all(|segment| segment == "*" || !(segment.is_empty() || segment.contains('*')));
        if !segments_ok {
            return Err(InvalidName(
                "separate non-empty segments with ':'; a segment is '*' or has no '*'",
            ));
        }
        Ok(Permission(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `held` grants the permission `wanted`: the wildcard `*:*:*`, or a held name with as
/// many segments whose every segment is `*` or the same (`wallet:*:*` grants
/// `wallet:deposit:review`); never for "".
pub fn has_permission<S: AsRef<str>>(held: &[S], wanted: &str) -> bool {
    !wanted.is_empty() && held.iter().any(|name| grants(name.as_ref(), wanted))
}

fn grants(held: &str, wanted: &str) -> bool {
    if held == ALL_PERMISSIONS || held == wanted {
        return true;
    }
    let (mut held, mut wanted) = (held.split(':'), wanted.split(':'));
    loop {
        match (held.next(), wanted.next()) {
            (None, None) => return true,
            (Some(granted), Some(asked)) if granted == "*" || granted == asked => {}
            _ => return false,
        }
    }
}

/// Whether `held` grants at least one of `wanted`; false for an empty list.
pub fn has_any_permission<S: AsRef<str>>(held: &[S], wanted: &[&str]) -> bool {
    wanted.iter().any(|name| has_permission(held, name))
}

/// Whether `held` grants every one of `wanted`; false for an empty list.
pub fn has_all_permissions<S: AsRef<str>>(held: &[S], wanted: &[&str]) -> bool {
    !wanted.is_empty() && wanted.iter().all(|name| has_permission(held, name))
}

/// Whether `held` grants the role `wanted`: the admin role or the exact one; never for "".
pub fn has_role<S: AsRef<str>>(held: &[S], wanted: &str) -> bool {
    !wanted.is_empty()
        && held.iter().any(|name| name.as_ref() == ADMIN_ROLE || name.as_ref() == wanted)
}

/// Whether `held` grants at least one of `wanted`; false for an empty list.
pub fn has_any_role<S: AsRef<str>>(held: &[S], wanted: &[&str]) -> bool {
    wanted.iter().any(|name| has_role(held, name))
}

/// Whether `held` grants every one of `wanted`; false for an empty list.
pub fn has_all_roles<S: AsRef<str>>(held: &[S], wanted: &[&str]) -> bool {
    !wanted.is_empty() && wanted.iter().all(|name| has_role(held, name))
}

/// Checks the role table of `[console]` (the configuration cannot, sitting below the domains):
/// every role and permission name must parse, and the error names the key.
pub fn check_console_roles(
    roles: &std::collections::BTreeMap<String, Vec<String>>,
) -> anyhow::Result<()> {
    for (role, permissions) in roles {
        if let Err(error) = RoleName::parse(role) {
            anyhow::bail!("config key `console.roles`: the role {role:?}: {error}");
        }
        for permission in permissions {
            if let Err(error) = Permission::parse(permission) {
                anyhow::bail!(
                    "config key `console.roles.{role}`: the permission {permission:?}: {error}"
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: [&str; 0] = [];

    #[test]
    fn the_exact_permission_is_granted_and_another_is_not() {
        let held = ["wallet:deposit:approve"];
        assert!(has_permission(&held, "wallet:deposit:approve"));
        assert!(!has_permission(&held, "wallet:deposit:reject"));
        assert!(!has_permission(&held, "wallet:deposit"));
        assert!(!has_permission(&NONE, "wallet:deposit:approve"));
    }

    #[test]
    fn the_wildcard_permission_grants_every_permission() {
        let held = ["*:*:*"];
        assert!(has_permission(&held, "wallet:deposit:approve"));
        assert!(has_permission(&held, "anything"));
        assert!(has_all_permissions(&held, &["a:b:c", "d:e:f"]));
    }

    #[test]
    fn a_wildcard_segment_matches_any_one_segment_in_its_place() {
        let held = ["wallet:*:*", "player:*:read"];
        assert!(has_permission(&held, "wallet:deposit:approve"));
        assert!(has_permission(&held, "wallet:*:*"));
        assert!(has_permission(&held, "player:account:read"));
        assert!(!has_permission(&held, "player:account:freeze"));
        assert!(!has_permission(&held, "room:wallet:edit"));
        assert!(!has_permission(&held, "wallet:deposit"), "fewer segments");
        assert!(!has_permission(&held, "wallet:deposit:approve:all"), "more segments");
    }

    #[test]
    fn empty_input_is_never_granted() {
        let everything = ["*:*:*", "admin"];
        assert!(!has_permission(&everything, ""));
        assert!(!has_any_permission(&everything, &[]));
        assert!(!has_all_permissions(&everything, &[]));
        assert!(!has_role(&everything, ""));
        assert!(!has_any_role(&everything, &[]));
        assert!(!has_all_roles(&everything, &[]));
    }

    #[test]
    fn any_of_needs_one_and_all_of_needs_every_permission() {
        let held = ["news:article:edit"];
        assert!(has_any_permission(&held, &["room:limits:set", "news:article:edit"]));
        assert!(!has_any_permission(&held, &["room:limits:set"]));
        assert!(!has_all_permissions(&held, &["room:limits:set", "news:article:edit"]));
        assert!(has_all_permissions(&held, &["news:article:edit"]));
    }

    #[test]
    fn the_admin_role_grants_every_role() {
        let held = ["admin"];
        assert!(has_role(&held, "support"));
        assert!(has_role(&held, "admin"));
        assert!(has_all_roles(&held, &["support", "finance"]));
    }

    #[test]
    fn roles_match_exactly_and_any_or_all_of_a_list() {
        let held = ["support"];
        assert!(has_role(&held, "support"));
        assert!(!has_role(&held, "finance"));
        assert!(!has_role(&held, "Support"));
        assert!(has_any_role(&held, &["finance", "support"]));
        assert!(!has_all_roles(&held, &["finance", "support"]));
        assert!(!has_role(&NONE, "support"));
    }

    #[test]
    fn the_admin_role_is_not_a_permission_and_the_wildcard_is_not_a_role() {
        assert!(!has_permission(&["admin"], "wallet:deposit:approve"));
        assert!(!has_role(&["*:*:*"], "support"));
    }

    #[test]
    fn names_are_checked_at_the_edge() {
        let long = "a".repeat(NAME_LENGTH_MAX + 1);
        let refused_roles = ["", "two words", "rôle", "a:b", long.as_str(), "tab\there"];
        for text in refused_roles {
            assert!(RoleName::parse(text).is_err(), "role {text:?}");
        }
        for text in ["admin", "support", "finance-lead", &"r".repeat(NAME_LENGTH_MAX)] {
            assert_eq!(RoleName::parse(text).map(|role| role.0), Ok(text.to_string()));
        }
        let refused_permissions =
            ["", "a::b", ":a", "a:", "wal*:x", "has space:x", "é:x", long.as_str()];
        for text in refused_permissions {
            assert!(Permission::parse(text).is_err(), "permission {text:?}");
        }
        for text in ["*:*:*", "wallet:deposit:approve", "wallet:*:*", "report"] {
            assert_eq!(Permission::parse(text).map(|permission| permission.0), Ok(text.into()));
        }
    }

    #[test]
    fn console_roles_are_checked_by_key() {
        use std::collections::BTreeMap;
        let good = BTreeMap::from([("support".to_string(), vec!["wallet:*:review".to_string()])]);
        check_console_roles(&good).unwrap();
        let bad_permission =
            BTreeMap::from([("support".to_string(), vec!["wallet:dep*sit".to_string()])]);
        let error = check_console_roles(&bad_permission).unwrap_err().to_string();
        assert!(error.contains("console.roles.support"), "{error}");
        let bad_role = BTreeMap::from([("a:b".to_string(), vec![])]);
        let error = check_console_roles(&bad_role).unwrap_err().to_string();
        assert!(error.contains("console.roles"), "{error}");
    }
}
