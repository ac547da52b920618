//! Wallet operations of the walk: deposits and their reviews, conversions, withdrawals and
//! their reviews, operator adjustments (moved here from the former tests/api/ledger_random.rs).

use super::programmes::{LEVELS, WITHDRAW_SINGLE_MAX};
use super::rules::{DEPOSIT_MIN, WITHDRAW_MAX, WITHDRAW_MIN, operator_day, withdrawal_fee};
use super::walk::{KeyedReply, Walk, outcome, reply_outcome, text};
use crate::support::wallet_support::{DepositUpload, PNG, WalletApp, withdrawal_form};
use fairhall::money::Money;
use fairhall::wallet::deposits::{self, DepositForm, DepositRequest};
use fairhall::wallet::types::{Conversion, ConversionForm, Method};
use fairhall::wallet::withdrawals::{self, Decision, WithdrawalRequest};
use fairhall::wallet::{self, Adjustment};
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::json;

impl Walk {
    /// A deposit request of 10.00-2000.00 or, one in twenty, below the minimum; one in ten by
    /// the API.
    pub async fn request_deposit(&mut self) {
        let player = self.any_player();
        let below = self.rng.gen_bool(0.05);
        let amount = if below {
            self.rng.gen_range(1..DEPOSIT_MIN)
        } else {
            self.rng.gen_range(DEPOSIT_MIN..=200_000)
        };
        let expected = if amount < DEPOSIT_MIN { "below_minimum" } else { "ok" };
        let id = if self.rng.gen_bool(0.1) {
            self.begin(format!(
                "player {player} requests a deposit of {} by the API",
                text(amount)
            ));
            let upload = DepositUpload::new(&text(amount));
            let reply = self.app.recharge(&self.players[player].0, &upload, None).await;
            self.assert_outcome(reply_outcome(&reply), expected, "deposit by the API");
            reply.data()["id"].as_i64()
        } else {
            self.begin(format!("player {player} requests a deposit of {}", text(amount)));
            let (user_id, now) = (self.players[player].0.id, self.app.now());
            let settings = self.app.wallet_settings();
            let form = DepositForm {
                amount: Some(text(amount)),
                method: Some("bank".into()),
                ..DepositForm::default()
            };
            let result = self
                .app
                .db
                .write(move |tx| {
                    let draft = DepositRequest::parse(form, Some(PNG.to_vec()), &settings)?;
                    let request = draft.decode(&settings)?;
                    let voucher_file = "walk.png";
                    let deposit = deposits::NewDeposit { user_id, request: &request, voucher_file };
                    deposits::request(tx, &deposit, &settings, now)
                })
                .await;
            self.assert_outcome(outcome(&result), expected, "deposit");
            result.ok().map(|record| record.id)
        };
        if let Some(id) = id {
            self.pending_deposits.push((player, id, amount));
        }
    }

    /// Approves or rejects a pending deposit; sometimes reviews a closed one again.
    pub async fn review_deposit(&mut self) {
        let again = !self.reviewed_deposits.is_empty() && self.rng.gen_bool(0.1);
        if again || self.pending_deposits.is_empty() {
            let Some(&id) = self
                .reviewed_deposits
                .get(self.rng.gen_range(0..self.reviewed_deposits.len().max(1)))
            else {
                return;
            };
            self.begin(format!("deposit {id} is reviewed again"));
            let result = self.app.review_deposit(id, None).await;
            self.assert_outcome(outcome(&result), "already_reviewed", "deposit review again");
            return;
        }
        let index = self.rng.gen_range(0..self.pending_deposits.len());
        let (player, id, amount) = self.pending_deposits.swap_remove(index);
        self.touched.insert(player);
        let approve = self.rng.gen_bool(0.7);
        self.begin(format!("deposit {id} of player {player} is reviewed (approve: {approve})"));
        let result = self.app.review_deposit(id, (!approve).then_some("walk")).await;
        self.assert_outcome(outcome(&result), "ok", "deposit review");
        if approve {
            self.approve_deposit(player, amount);
        }
        self.reviewed_deposits.push(id);
    }

    /// A conversion of up to 110 % of the source balance, mostly toward the game (bets need
    /// it); one in four by the API, half of those with an Idempotency-Key (kept for retries).
    pub async fn convert(&mut self) {
        let player = self.any_player();
        let to_game = self.rng.gen_bool(0.7);
        let expected = &self.expected[player];
        let source = if to_game { expected.wallet } else { expected.game };
        let amount = self.rng.gen_range(1..=source * 11 / 10 + 100);
        let verdict = if amount <= source { "ok" } else { "insufficient_balance" };
        let from = if to_game { "balance" } else { "game" };
        self.begin(format!("player {player} converts {} from {from}", text(amount)));
        if self.rng.gen_bool(0.25) {
            let form = json!({ "from": from, "amount": text(amount) });
            let key = self.rng.gen_bool(0.5).then(|| format!("convert-{}", self.step));
            let reply =
                self.app.conversion(&self.players[player].0, form.clone(), key.as_deref()).await;
            self.assert_outcome(reply_outcome(&reply), verdict, "conversion by the API");
            if let (Some(key), "ok") = (key, verdict) {
                let path = "/api/personal/conversion";
                let data = reply.data().clone();
                self.keyed.push(KeyedReply { player, key, path, form, data });
            }
        } else {
            let form = ConversionForm { from: Some(from.into()), amount: Some(text(amount)) };
            let conversion = Conversion::parse(form).expect("a valid conversion");
            let (user_id, now) = (self.players[player].0.id, self.app.now());
            let result =
                self.app.db.write(move |tx| wallet::convert(tx, user_id, &conversion, now)).await;
            self.assert_outcome(outcome(&result), verdict, "conversion");
        }
        if verdict == "ok" {
            let expected = &mut self.expected[player];
            let sign = if to_game { 1 } else { -1 };
            expected.wallet -= sign * amount;
            expected.game += sign * amount;
        }
    }

    /// What the rules say of a withdrawal of `amount` now: the refusal key (or "ok") and fee.
    pub fn withdrawal_verdict(&self, player: usize, amount: i64) -> (&'static str, i64) {
        let expected = &self.expected[player];
        let today = operator_day(self.app.now());
        let count_today =
            expected.withdrawals_at.iter().filter(|at| operator_day(**at) == today).count();
        let fee = withdrawal_fee(amount);
        let verdict = if expected.turnover > 0 {
            "turnover_remaining"
        } else if amount < WITHDRAW_MIN {
            "below_minimum"
        } else if amount > WITHDRAW_MAX || amount > WITHDRAW_SINGLE_MAX {
            "limit_exceeded"
        } else if count_today >= LEVELS[expected.vip_level].withdraw_daily_count {
            "withdraw_count_exceeded"
        } else if amount + fee > expected.wallet {
            "insufficient_balance"
        } else {
            "ok"
        };
        (verdict, fee)
    }

    /// A withdrawal of 0.50 up to beyond the balance and the limits; one in two hundred by the API
    /// (which checks the fund password: an argon2 run, which the speed budget counts).
    pub async fn request_withdrawal(&mut self) {
        // Mostly a player whose turnover is played, if any: the others are refused at once.
        let free: Vec<usize> =
            (0..self.players.len()).filter(|&index| self.expected[index].turnover == 0).collect();
        let player = match free.choose(&mut self.rng) {
            Some(&player) if self.rng.gen_bool(0.7) => player,
            _ => self.rng.gen_range(0..self.players.len()),
        };
        self.touched.insert(player);
        let ceiling = (self.expected[player].wallet * 6 / 5).clamp(1_000, 60_000);
        let amount = self.rng.gen_range(50..=ceiling);
        let (verdict, fee) = self.withdrawal_verdict(player, amount);
        let (user, card) = self.players[player].clone();
        let by_api = Walk::has_fund_password(player) && self.rng.gen_bool(0.005);
        self.begin(format!("player {player} withdraws {} (by the API: {by_api})", text(amount)));
        let id = if by_api {
            let form = withdrawal_form(card, &text(amount));
            let reply = self.app.do_withdraw(&user, form, None).await;
            self.assert_outcome(reply_outcome(&reply), verdict, "withdrawal by the API");
            reply.data()["id"].as_i64()
        } else {
            let request = WithdrawalRequest {
                method: Method::Bank,
                target_id: card,
                amount: Money::from_minor(amount).expect("in range"),
            };
            let (user_id, now, settings) = (user.id, self.app.now(), self.app.wallet_settings());
            let result = self
                .app
                .db
                .write(move |tx| withdrawals::request(tx, user_id, &request, &settings, now))
                .await;
            self.assert_outcome(outcome(&result), verdict, "withdrawal");
            result.ok().map(|record| record.id)
        };
        if let Some(id) = id {
            let expected = &mut self.expected[player];
            expected.wallet -= amount + fee;
            expected.frozen += amount + fee;
            expected.withdrawals_at.push(self.app.now());
            self.pending_withdrawals.push((player, id, amount, fee));
        }
    }

    /// Pays out, rejects or fails a pending withdrawal; sometimes reviews a closed one again.
    pub async fn review_withdrawal(&mut self) {
        let decision = [Decision::Pass, Decision::Reject, Decision::Fail][self.rng.gen_range(0..3)];
        let again = !self.reviewed_withdrawals.is_empty() && self.rng.gen_bool(0.1);
        if again {
            let id =
                self.reviewed_withdrawals[self.rng.gen_range(0..self.reviewed_withdrawals.len())];
            self.begin(format!("withdrawal {id} is reviewed again ({decision:?})"));
            let result = self.app.review_withdrawal(id, decision, "again").await;
            self.assert_outcome(outcome(&result), "already_reviewed", "withdrawal review again");
            return;
        }
        if self.pending_withdrawals.is_empty() {
            return;
        }
        let index = self.rng.gen_range(0..self.pending_withdrawals.len());
        let (player, id, amount, fee) = self.pending_withdrawals.swap_remove(index);
        self.touched.insert(player);
        self.begin(format!("withdrawal {id} of player {player} is reviewed ({decision:?})"));
        let result = self.app.review_withdrawal(id, decision, "walk").await;
        self.assert_outcome(outcome(&result), "ok", "withdrawal review");
        let expected = &mut self.expected[player];
        expected.frozen -= amount + fee;
        if decision == Decision::Pass {
            self.external += amount;
            self.fees += fee;
        } else {
            expected.wallet += amount + fee;
        }
        self.reviewed_withdrawals.push(id);
    }

    /// An operator credit or debit of up to 500.00 (debits may exceed the balance).
    pub async fn adjust(&mut self) {
        let player = self.any_player();
        let (credit, amount) = (self.rng.gen_bool(0.5), self.rng.gen_range(1..=50_000));
        self.begin(format!("player {player} is adjusted by {} (credit: {credit})", text(amount)));
        let verdict = if credit || amount <= self.expected[player].wallet {
            "ok"
        } else {
            "insufficient_balance"
        };
        let adjustment = Adjustment {
            user_id: self.players[player].0.id,
            credit,
            amount: Money::from_minor(amount).expect("in range"),
            reason: "walk".into(),
            admin: "walker".into(),
        };
        let result = self.app.adjust_wallet(adjustment).await;
        self.assert_outcome(outcome(&result), verdict, "adjustment");
        if verdict == "ok" {
            let sign = if credit { 1 } else { -1 };
            self.expected[player].wallet += sign * amount;
            self.external -= sign * amount;
        }
    }
}
