//! Red envelopes in the walk: the operator creates fixed-share envelopes (by the domain verb);
//! players claim them by code through the API, some with an Idempotency-Key.

use super::walk::{KeyedReply, Walk, reply_outcome, text};
use crate::support::wallet_support::post_request;
use fairhall::growth::envelopes::types::{Mode, NewEnvelope, Target};
use fairhall::growth::envelopes::{self, EnvelopeSettings};
use fairhall::money::Money;
use rand::Rng;
use serde_json::json;
use std::collections::BTreeSet;

/// An envelope as the model knows it.
pub struct ModelEnvelope {
    pub code: String,
    pub share: i64,
    pub shares_left: i64,
    pub expires_at: fairhall::clock::Timestamp,
    /// Approved deposits (their total) a claimer needs.
    pub recharge_min: i64,
    pub claimed_by: BTreeSet<usize>,
}

/// Wrong codes a walk sends at most: the per-address limit counts every player's (the test
/// requests share one address); its own tests are in tests/api/envelope_limits.rs.
const WRONG_CODES_MAX: usize = 2;

impl Walk {
    /// One in five an operator's new envelope of 2-6 equal shares of 1.00-20.00, claimable for
    /// 1-8 hours, some needing a deposit first; else a player's claim of a known envelope or,
    /// rarely, of a wrong code.
    pub async fn envelope(&mut self) {
        if self.envelopes.is_empty() || self.rng.gen_bool(0.2) {
            self.create_envelope().await;
        } else if self.wrong_codes < WRONG_CODES_MAX && self.rng.gen_bool(0.02) {
            self.wrong_codes += 1;
            let player = self.any_player();
            self.begin(format!("player {player} claims an envelope with a wrong code"));
            let reply = self.claim_envelope(player, "ZZZZ9999", None).await;
            self.assert_outcome(reply_outcome(&reply), "envelope_code_abnormal", "envelope claim");
        } else {
            self.claim_known_envelope().await;
        }
    }

    async fn create_envelope(&mut self) {
        let (share, quantity) = (self.rng.gen_range(100..=2_000), self.rng.gen_range(2..=6));
        // Its own minimum, or the configured one (any passed deposit, by default).
        let own_minimum = self.rng.gen_bool(0.3).then_some(50_000);
        let recharge_min =
            own_minimum.unwrap_or(self.app.config.growth.envelope.recharge_min.minor());
        let expires_at = self.app.now() + self.rng.gen_range(3_600..=8 * 3_600);
        self.begin(format!("the operator creates an envelope of {quantity} x {}", text(share)));
        let request = NewEnvelope {
            total: Money::from_minor(share * quantity).expect("in range"),
            quantity,
            mode: Mode::Fixed,
            code: None,
            expires_at,
            target: Target::Everyone,
            recharge_min: own_minimum.map(|minor| Money::from_minor(minor).expect("in range")),
            note: "walk".into(),
        };
        let (settings, now) = (EnvelopeSettings::from_config(&self.app.config), self.app.now());
        let created = self.app.db.write(move |tx| {
            envelopes::create(tx, request, &settings, now)
                .map_err(|error| anyhow::anyhow!("{error}").into())
        });
        let created = created.await.expect("the envelope is created");
        self.envelopes.push(ModelEnvelope {
            code: created.code,
            share,
            shares_left: quantity,
            expires_at,
            recharge_min,
            claimed_by: BTreeSet::new(),
        });
        *self.figures.outcomes.entry("envelope created: ok".into()).or_default() += 1;
    }

    async fn claim_known_envelope(&mut self) {
        let player = self.any_player();
        let index = self.rng.gen_range(0..self.envelopes.len());
        let envelope = &self.envelopes[index];
        let verdict = if envelope.claimed_by.contains(&player) {
            "envelope_claimed"
        } else if envelope.shares_left == 0 {
            "envelope_invalid"
        } else if self.app.now() >= envelope.expires_at {
            "envelope_expired"
        } else if self.expected[player].deposited < envelope.recharge_min {
            "recharge_first"
        } else {
            "ok"
        };
        let code = envelope.code.clone();
        let key = self.rng.gen_bool(0.5).then(|| format!("envelope-{}", self.step));
        self.begin(format!("player {player} claims envelope {index}"));
        let reply = self.claim_envelope(player, &code, key.as_deref()).await;
        self.assert_outcome(reply_outcome(&reply), verdict, "envelope claim");
        if verdict != "ok" {
            return;
        }
        let envelope = &mut self.envelopes[index];
        envelope.shares_left -= 1;
        envelope.claimed_by.insert(player);
        let share = envelope.share;
        self.expected[player].credit_bonus(share);
        assert_eq!(reply.data()["amount"], json!(text(share)), "{}", self.at());
        if let Some(key) = key {
            let (path, form, data) =
                ("/api/envelope/claim", json!({ "code": code }), reply.data().clone());
            self.keyed.push(KeyedReply { player, key, path, form, data });
        }
    }

    async fn claim_envelope(
        &mut self,
        player: usize,
        code: &str,
        key: Option<&str>,
    ) -> crate::support::helpers::Reply {
        let form = json!({ "code": code });
        let request = post_request("/api/envelope/claim", &self.players[player].0, &form, key);
        self.app.send(request).await
    }
}
