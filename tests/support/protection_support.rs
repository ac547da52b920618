//! Player protection endpoints (api/protection/*) on `TestApp`, and the config the protection
//! tests run with.

use crate::support::helpers::{PASSWORD, Player, Reply, TestApp};
use crate::support::wallet_support::post_request;
use fairhall::config::Config;
use serde_json::{Value, json};

pub const DAY: i64 = 86_400;

/// Deposits are requested far more often here than the hourly and pending limits allow a
/// player elsewhere; the protection limits are what these tests look at.
pub fn many_deposits(config: &mut Config) {
    config.wallet.deposit_pending_max = 100;
    config.wallet.deposit_requests_per_hour = 100;
}

pub trait ProtectionApp {
    async fn protection(&self, player: &Player) -> Value;
    async fn set_limit(&self, player: &Player, kind: &str, period: &str, amount: &str) -> Reply;
    async fn set_reality_check(&self, player: &Player, mins: &str) -> Reply;
    async fn session_check(&self, player: &Player) -> Reply;
    async fn acknowledge(&self, player: &Player) -> Reply;
    async fn exclude(&self, player: &Player, kind: &str, duration: &str) -> Reply;
    async fn exclude_with(&self, player: &Player, form: Value) -> Reply;
}

impl ProtectionApp for TestApp {
    async fn protection(&self, player: &Player) -> Value {
        self.get("/api/protection/index", Some(&player.token)).await.assert_ok().clone()
    }

    async fn set_limit(&self, player: &Player, kind: &str, period: &str, amount: &str) -> Reply {
        let form = json!({ "kind": kind, "period": period, "amount": amount });
        self.send(post_request("/api/protection/limit", player, &form, None)).await
    }

    async fn set_reality_check(&self, player: &Player, mins: &str) -> Reply {
        let form = json!({ "interval_mins": mins });
        self.send(post_request("/api/protection/reality_check", player, &form, None)).await
    }

    async fn session_check(&self, player: &Player) -> Reply {
        self.get("/api/protection/session", Some(&player.token)).await
    }

    async fn acknowledge(&self, player: &Player) -> Reply {
        self.send(post_request("/api/protection/session/ack", player, &json!({}), None)).await
    }

    async fn exclude(&self, player: &Player, kind: &str, duration: &str) -> Reply {
        let form = json!({ "kind": kind, "duration": duration, "password": PASSWORD });
        self.exclude_with(player, form).await
    }

    async fn exclude_with(&self, player: &Player, form: Value) -> Reply {
        self.send(post_request("/api/protection/exclude", player, &form, None)).await
    }
}

/// The limit of `period` among `limits` (a list of the page).
pub fn limit<'a>(limits: &'a Value, period: &str) -> &'a Value {
    limits
        .as_array()
        .and_then(|list| list.iter().find(|limit| limit["period"] == period))
        .unwrap_or_else(|| panic!("a {period} limit in {limits}"))
}
