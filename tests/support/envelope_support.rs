//! Red envelope fixtures: envelopes created by the operator's verb, claims through the API,
//! the expiry job, and VIP levels for targeting.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{assert_ledger_verifies, post_request};
use fairhall::clock::Timestamp;
use fairhall::growth::envelopes::types::{Created, Mode, NewEnvelope, Target};
use fairhall::growth::envelopes::{self, EnvelopeSettings, RefundReport};
use fairhall::ids::UserId;
use fairhall::money::Money;
use serde_json::json;
use std::net::SocketAddr;

pub const CLAIM: &str = "/api/envelope/claim";

/// An envelope for everyone of `total` in `quantity` shares, expiring in 24 hours.
pub fn everyone(total: &str, quantity: i64, mode: Mode, now: Timestamp) -> NewEnvelope {
    NewEnvelope {
        total: Money::parse(total).expect("an amount"),
        quantity,
        mode,
        code: None,
        expires_at: now + 86_400,
        target: Target::Everyone,
        recharge_min: None,
        note: String::new(),
    }
}

/// Envelope endpoints and fixtures on `TestApp`.
pub trait EnvelopeApp {
    async fn create_envelope(&self, request: NewEnvelope) -> Created;
    async fn claim(&self, player: &Player, code: &str) -> Reply;
    async fn claim_with_key(&self, player: &Player, code: &str, key: &str) -> Reply;
    async fn claim_from(&self, player: &Player, code: &str, peer: SocketAddr) -> Reply;
    async fn refund_expired(&self) -> RefundReport;
    async fn set_vip_level(&self, user_id: UserId, level: i64);
}

impl EnvelopeApp for TestApp {
    async fn create_envelope(&self, request: NewEnvelope) -> Created {
        let (settings, now) = (EnvelopeSettings::from_config(&self.config), self.now());
        let created = self.db.write(move |tx| {
            envelopes::create(tx, request, &settings, now)
                .map_err(|error| anyhow::anyhow!("{error}").into())
        });
        created.await.expect("the envelope is created")
    }

    async fn claim(&self, player: &Player, code: &str) -> Reply {
        self.send(post_request(CLAIM, player, &json!({ "code": code }), None)).await
    }

    async fn claim_with_key(&self, player: &Player, code: &str, key: &str) -> Reply {
        self.send(post_request(CLAIM, player, &json!({ "code": code }), Some(key))).await
    }

    async fn claim_from(&self, player: &Player, code: &str, peer: SocketAddr) -> Reply {
        let mut request = post_request(CLAIM, player, &json!({ "code": code }), None);
        request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
        self.send(request).await
    }

    async fn refund_expired(&self) -> RefundReport {
        let now = self.now();
        let refunded = self.db.write(move |tx| envelopes::refund_expired(tx, now));
        refunded.await.expect("the expiry job runs")
    }

    /// The VIP programme keeps `users.vip_level` (its own verbs, on its own branch); here the
    /// level is set directly so that targeting can be tested on its own.
    async fn set_vip_level(&self, user_id: UserId, level: i64) {
        let set = self.db.write(move |tx| {
            tx.execute("UPDATE users SET vip_level = ?2 WHERE user_id = ?1", (user_id, level))?;
            Ok(())
        });
        set.await.expect("the level is set");
    }
}

pub fn amount_of(reply: &Reply) -> i64 {
    Money::parse(reply.assert_ok()["amount"].as_str().expect("an amount")).expect("money").minor()
}

/// The ledger verifies, and the `envelopes` account holds exactly what the live envelopes still
/// owe.
pub async fn assert_envelopes_verify(app: &TestApp) {
    assert_ledger_verifies(app).await;
    let reserve = app.db.read(envelopes::reserve).await.expect("readable");
    assert!(reserve.agrees(), "{reserve:?}");
}
