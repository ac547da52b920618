//! The daily sign-in through the API.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::post_request;
use serde_json::json;

/// Signs `player` in, optionally with an idempotency key.
pub async fn sign(app: &TestApp, player: &Player, key: Option<&str>) -> Reply {
    app.send(post_request("/api/signin/sign", player, &json!({}), key)).await
}
