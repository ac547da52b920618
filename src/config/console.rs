//! `[console]`: the operator console at `/admin/` (issue 33, `http::console`): whether it is
//! served and where, how long its sessions live and the roles' permissions.

use anyhow::bail;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::net::SocketAddr;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ConsoleConfig {
    /// Serve the console. Off: `/admin/` answers 404 like any unknown path.
    pub enabled: bool,
    /// Empty: the console is served on `server.listen` with the app. An address (such as
    /// "127.0.0.1:8081", reached through an SSH tunnel or a VPN): only there, and the app's
    /// listener answers 404 for `/admin/`.
    pub listen: String,
    /// A session unused this long ends (seconds, at least 60).
    pub idle_timeout_secs: i64,
    /// A session ends this long after its sign-in however busy it is (seconds, at least
    /// `idle_timeout_secs`).
    pub session_lifetime_secs: i64,
    /// Each staff role and the permissions it grants (`auth::permissions`: `*` segments match
    /// any name; the names are checked by `auth::permissions::check_console_roles` when the
    /// app starts, since configuration sits below the domains). A staff member also holds the permissions granted to his own account
    /// (`admin user permission add`).
    pub roles: BTreeMap<String, Vec<String>>,
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        let role = |name: &str, permissions: &[&str]| {
            (
                name.to_string(),
                permissions.iter().map(|permission| permission.to_string()).collect(),
            )
        };
        ConsoleConfig {
            enabled: true,
            listen: String::new(),
            idle_timeout_secs: 1_800,
            session_lifetime_secs: 43_200,
            roles: BTreeMap::from([
                role("admin", &["*:*:*"]),
                role(
                    "finance",
                    &["wallet:*:*", "player:account:read", "report:figures:read", "audit:log:read"],
                ),
                role(
                    "support",
                    &[
                        "player:account:read",
                        "player:account:freeze",
                        "player:password:reset",
                        "wallet:deposit:review",
                    ],
                ),
                role("content", &["content:*:*", "room:settings:edit", "product:item:edit"]),
            ]),
        }
    }
}

impl ConsoleConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if self.listen_address()?.is_some() && !self.enabled {
            bail!("config key `console.listen` is set but `console.enabled` is false");
        }
        if self.idle_timeout_secs < 60 {
            bail!(
                "config key `console.idle_timeout_secs` must be at least 60, found {}",
                self.idle_timeout_secs
            );
        }
        if self.session_lifetime_secs < self.idle_timeout_secs {
            bail!(
                "config key `console.session_lifetime_secs` must be at least \
                 `console.idle_timeout_secs` ({}), found {}",
                self.idle_timeout_secs,
                self.session_lifetime_secs
            );
        }
        Ok(())
    }

    /// The console's own address, when it has one.
    pub fn listen_address(&self) -> anyhow::Result<Option<SocketAddr>> {
        let text = self.listen.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse() {
            Ok(address) => Ok(Some(address)),
            Err(_) => bail!(
                "config key `console.listen` must be empty or an address like \"127.0.0.1:8081\", \
                 found {text:?}"
            ),
        }
    }

    /// Whether the app's own listener serves the console.
    pub fn on_the_app_listener(&self) -> bool {
        self.enabled && self.listen.trim().is_empty()
    }

    /// The permissions `role` grants (none for a role the table does not name).
    pub fn role_permissions(&self, role: &str) -> &[String] {
        self.roles.get(role).map(Vec::as_slice).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validated(change: impl FnOnce(&mut ConsoleConfig)) -> anyhow::Result<()> {
        let mut config = ConsoleConfig::default();
        change(&mut config);
        config.validate()
    }

    #[test]
    fn console_defaults_are_valid_and_served_with_the_app() {
        let config = ConsoleConfig::default();
        config.validate().unwrap();
        assert!(config.on_the_app_listener());
        assert_eq!(config.role_permissions("admin"), ["*:*:*"]);
        assert!(config.role_permissions("nobody").is_empty());
    }

    /// A change that makes the configuration invalid.
    type Change = Box<dyn FnOnce(&mut ConsoleConfig)>;

    #[test]
    fn console_refuses_bad_keys_by_name() {
        let cases: [(&str, Change); 3] = [
            ("console.listen", Box::new(|config| config.listen = "localhost".into())),
            ("console.idle_timeout_secs", Box::new(|config| config.idle_timeout_secs = 59)),
            (
                "console.session_lifetime_secs",
                Box::new(|config| config.session_lifetime_secs = config.idle_timeout_secs - 1),
            ),
        ];
        for (key, change) in cases {
            let error = validated(change).unwrap_err().to_string();
            assert!(error.contains(key), "{key}: {error}");
        }
    }

    #[test]
    fn console_on_its_own_address_leaves_the_app_listener() {
        let config = ConsoleConfig { listen: "127.0.0.1:8081".into(), ..ConsoleConfig::default() };
        config.validate().unwrap();
        assert!(!config.on_the_app_listener());
        assert_eq!(config.listen_address().unwrap(), Some("127.0.0.1:8081".parse().unwrap()));
    }
}
