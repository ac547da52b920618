//! Retries with an Idempotency-Key (same parameters: the first reply again, nothing moves;
//! other parameters: `idempotency_conflict`) and invalid operations, which change nothing.

use super::games::shown_period;
use super::walk::{Walk, outcome, reply_outcome, text};
use crate::support::wallet_support::{WalletApp, post_request, withdrawal_form};
use fairhall::money::Money;
use fairhall::wallet::types::Method;
use fairhall::wallet::withdrawals::{self, Decision, WithdrawalRequest};
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::{Value, json};

/// Amounts no money parser may take, and the refusal of each (an empty field is absent).
const MALFORMED_AMOUNTS: [(&str, &str); 9] = [
    ("abc", "invalid_amount"),
    ("1.234", "invalid_amount"),
    ("-5", "invalid_amount"),
    ("1e3", "invalid_amount"),
    ("0", "invalid_amount"),
    ("00.50", "invalid_amount"),
    ("1000000000000000", "invalid_amount"),
    ("12.", "invalid_amount"),
    ("", "missing_params"),
];

/// Wrong fund passwords a walk sends at most: below the throttle's limit (5), whose own tests
/// are in tests/api/throttle.rs; each costs an argon2 run.
const WRONG_FUND_PASSWORDS_MAX: usize = 1;

/// `amount` text one minor unit larger.
fn one_more(amount: &Value) -> Value {
    let minor = Money::parse(amount.as_str().expect("an amount")).expect("an amount").minor();
    json!(text(minor + 1))
}

impl Walk {
    /// Sends a keyed request again: mostly as it was (the first reply comes back and nothing
    /// moves), else with another amount (refused with `idempotency_conflict`).
    pub async fn retry(&mut self) {
        let Some(first) = self.keyed.choose(&mut self.rng) else {
            return;
        };
        let (player, key, path) = (first.player, first.key.clone(), first.path);
        let (mut form, data) = (first.form.clone(), first.data.clone());
        self.touched.insert(player);
        // A sign-in has no parameters; a claim's is the envelope or task it names, and another
        // one is another claim (a conflict too, covered by conversions, savings and bets).
        let fixed = ["/api/signin/sign", "/api/envelope/claim", "/api/task/claim"].contains(&path);
        let changed = !fixed && self.rng.gen_bool(0.3);
        if changed {
            if form.get("amount").is_some() {
                form["amount"] = one_more(&form["amount"]);
            } else {
                form["bets"][0]["amount"] = one_more(&form["bets"][0]["amount"]);
            }
        }
        self.begin(format!("player {player} retries {path} with key {key} (changed: {changed})"));
        let request = post_request(path, &self.players[player].0, &form, Some(&key));
        let reply = self.app.send(request).await;
        if changed {
            self.assert_outcome(reply_outcome(&reply), "idempotency_conflict", "changed retry");
        } else {
            self.assert_outcome(reply_outcome(&reply), "ok", "retry");
            assert_eq!(reply.data(), &data, "{}: the replay differs", self.at());
        }
    }

    /// One invalid operation: a malformed amount, an unknown id, an unknown bet option, a wrong
    /// fund password. Each is refused with its key and moves nothing.
    pub async fn invalid(&mut self) {
        let player = self.any_player();
        let user = self.players[player].0.clone();
        let (malformed, refusal) = *MALFORMED_AMOUNTS.choose(&mut self.rng).expect("amounts");
        match self.rng.gen_range(0..13) {
            0 => {
                self.begin(format!("player {player} converts the malformed amount {malformed:?}"));
                let form = json!({ "from": "balance", "amount": malformed });
                let reply = self.app.conversion(&user, form, None).await;
                self.assert_outcome(reply_outcome(&reply), refusal, "malformed amount");
            }
            1 => {
                self.begin(format!("player {player} saves the malformed amount {malformed:?}"));
                let form = json!({ "amount": malformed });
                let reply = self.app.send(post_request("/api/yuebao/in", &user, &form, None)).await;
                self.assert_outcome(reply_outcome(&reply), refusal, "malformed amount");
            }
            2 => {
                let id = 1_000_000 + self.rng.gen_range(0..1_000);
                self.begin(format!("the unknown deposit {id} is reviewed"));
                let result = self.app.review_deposit(id, None).await;
                self.assert_outcome(outcome(&result), "not_found", "unknown deposit");
            }
            3 => {
                let id = 1_000_000 + self.rng.gen_range(0..1_000);
                self.begin(format!("the unknown withdrawal {id} is reviewed"));
                let result = self.app.review_withdrawal(id, Decision::Pass, "walk").await;
                self.assert_outcome(outcome(&result), "not_found", "unknown withdrawal");
            }
            4 => {
                self.begin(format!("player {player} bets on an unknown option"));
                let (issue, _, _) = shown_period(self, "k3").await;
                let bets = json!([{ "option": "sum_99", "amount": "5" }]);
                let form = json!({ "room": "k3", "issue": issue, "bets": bets });
                let reply =
                    self.app.send(post_request("/api/rooms/betting", &user, &form, None)).await;
                self.assert_outcome(reply_outcome(&reply), "bad_params", "unknown option");
            }
            5 => self.withdraw_to_another_card(player).await,
            6 => self.wrong_fund_password(player).await,
            _ => self.invalid_bet(player).await,
        }
    }

    /// A bet with a malformed amount, on a room that does not exist, or a long/short trade
    /// of an option that is not up or down (`odd`) or outside yn28 (k3's `big`).
    async fn invalid_bet(&mut self, player: usize) {
        let user = self.players[player].0.clone();
        let (room, option, amount, trade, expected) = match self.rng.gen_range(0..4) {
            0 => ("k3", "sum_10", "1.234", false, "invalid_amount"),
            1 => ("k4", "sum_10", "5", false, "bad_params"),
            2 => ("usa_vip", "odd", "20", true, "bad_params"),
            _ => ("k3", "big", "20", true, "bad_params"),
        };
        self.begin(format!("player {player} bets {amount} on {option} in {room} (trade: {trade})"));
        let shown = if room == "k4" { "k3" } else { room };
        let (issue, _, _) = shown_period(self, shown).await;
        let bets = json!([{ "option": option, "amount": amount }]);
        let mut form = json!({ "room": room, "issue": issue, "bets": bets });
        if trade {
            form["mode"] = json!("trade");
        }
        let reply = self.app.send(post_request("/api/rooms/betting", &user, &form, None)).await;
        self.assert_outcome(reply_outcome(&reply), expected, "invalid bet");
    }

    /// A withdrawal to another player's card (by the domain verb: the API would add an
    /// argon2 run of the fund password): refused as a missing account once the amount's own
    /// rules pass.
    async fn withdraw_to_another_card(&mut self, player: usize) {
        let other = self.rng.gen_range(0..self.players.len());
        if other == player {
            return;
        }
        self.begin(format!("player {player} withdraws to player {other}'s card"));
        let request = WithdrawalRequest {
            method: Method::Bank,
            target_id: self.players[other].1,
            amount: Money::from_minor(500).expect("in range"),
        };
        let expected = match self.withdrawal_verdict(player, 500).0 {
            "ok" | "insufficient_balance" => "withdraw_account_missing",
            refusal => refusal,
        };
        let (user_id, now, settings) =
            (self.players[player].0.id, self.app.now(), self.app.wallet_settings());
        let result = self
            .app
            .db
            .write(move |tx| withdrawals::request(tx, user_id, &request, &settings, now))
            .await;
        self.assert_outcome(outcome(&result), expected, "another player's card");
    }

    /// A withdrawal by the API with a wrong fund password, while the walk stays below the
    /// throttle's limit.
    async fn wrong_fund_password(&mut self, player: usize) {
        let allowed = Walk::has_fund_password(player)
            && self.wrong_fund_passwords < WRONG_FUND_PASSWORDS_MAX
            && self.rng.gen_bool(0.05);
        if !allowed {
            return;
        }
        self.wrong_fund_passwords += 1;
        self.begin(format!("player {player} withdraws with a wrong fund password"));
        let (user, card) = self.players[player].clone();
        let mut form = withdrawal_form(card, "5.00");
        form["fund_password"] = json!("135799");
        let reply = self.app.do_withdraw(&user, form, None).await;
        self.assert_outcome(reply_outcome(&reply), "fund_password_wrong", "wrong fund password");
    }
}
