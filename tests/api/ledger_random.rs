//! A seeded random walk over the wallet: thousands of deposits, reviews, conversions,
//! withdrawals, adjustments, played turnover and clock jumps across 20 players, mostly through
//! the domain verbs (fast) and partly through the API. An independent model predicts every
//! outcome (the refusal key too) and every balance; the ledger must agree with it and verify.
//!
//! The seed is random and printed; `FAIRHALL_SEED=<n> cargo test ledger_random` replays a run.

use crate::helpers::{Player, Reply, TestApp};
use crate::wallet_support::{DepositUpload, PNG, WalletApp, assert_ledger_verifies, money};
use fairhall::clock::Timestamp;
use fairhall::config::Config;
use fairhall::error::AppError;
use fairhall::money::Money;
use fairhall::wallet::deposits::{self, DepositForm, DepositRequest};
use fairhall::wallet::types::{Conversion, ConversionForm, Method};
use fairhall::wallet::withdrawals::{self, Decision, WithdrawalRequest};
use fairhall::wallet::{self, Adjustment};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

const PLAYERS: usize = 20;
const OPERATIONS: usize = 3000;
/// The ledger is checked against the model after every this many operations.
const CHECK_EVERY: usize = 250;

// The rules of the walk's config, in minor units (the model's own copy).
const DEPOSIT_MIN: i64 = 1_000;
const TURNOVER_PERCENT: i64 = 50;
const WITHDRAW_MIN: i64 = 100;
const WITHDRAW_SINGLE_MAX: i64 = 30_000;
const WITHDRAW_MAX: i64 = 50_000;
const WITHDRAW_DAILY_COUNT: usize = 4;
const FEE_BP: i64 = 150;
const SMALL_BELOW: i64 = 500;
const SMALL_FEE: i64 = 30;
/// Asia/Ho_Chi_Minh (the default operator time zone) is UTC+7 all year.
const OPERATOR_OFFSET_SECS: i64 = 7 * 3600;

fn configure(config: &mut Config) {
    let amount = |minor: i64| Money::from_minor(minor).expect("in range");
    let wallet = &mut config.wallet;
    wallet.deposit_min = amount(DEPOSIT_MIN);
    wallet.turnover_percent = TURNOVER_PERCENT;
    wallet.withdraw_min = amount(WITHDRAW_MIN);
    wallet.withdraw_max = amount(WITHDRAW_MAX);
    wallet.withdraw_fee_bp = FEE_BP;
    wallet.withdraw_small_below = amount(SMALL_BELOW);
    wallet.withdraw_small_fee = amount(SMALL_FEE);
    // The walk models balances, not the deposit request limits (tests/api/deposit_limits.rs).
    wallet.deposit_pending_max = i64::MAX;
    wallet.deposit_requests_per_hour = i64::MAX;
    // The walk's players stay at VIP0 (no bets), whose row sets the cap and the daily count.
    let level = &mut config.growth.vip.levels[0];
    level.withdraw_single_max = amount(WITHDRAW_SINGLE_MAX);
    level.withdraw_daily_count = WITHDRAW_DAILY_COUNT as i64;
}

/// What the model expects of one player, in minor units.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Expected {
    wallet: i64,
    game: i64,
    frozen: i64,
    turnover: i64,
    /// When each of their withdrawals was requested.
    withdrawals_at: Vec<Timestamp>,
}

struct Walk {
    app: TestApp,
    rng: StdRng,
    seed: u64,
    step: usize,
    players: Vec<(Player, i64)>,
    expected: Vec<Expected>,
    /// (player, deposit id, amount)
    pending_deposits: Vec<(usize, i64, i64)>,
    /// (player, withdrawal id, amount, fee)
    pending_withdrawals: Vec<(usize, i64, i64, i64)>,
    reviewed_deposits: Vec<i64>,
    reviewed_withdrawals: Vec<i64>,
    external: i64,
    fees: i64,
    /// How often each (operation, outcome) happened, printed at the end.
    tally: std::collections::BTreeMap<String, usize>,
}

fn outcome<T>(result: &Result<T, AppError>) -> &'static str {
    match result {
        Ok(_) => "ok",
        Err(error) => error.key(),
    }
}

fn reply_outcome(reply: &Reply) -> &str {
    if reply.code() == 1 { "ok" } else { reply.err() }
}

fn text(minor: i64) -> String {
    Money::from_minor(minor).expect("in range").to_string()
}

#[tokio::test]
async fn a_random_walk_keeps_the_ledger_equal_to_the_model() {
    let seed = std::env::var("FAIRHALL_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    eprintln!("ledger_random seed {seed} (replay with FAIRHALL_SEED={seed})");
    let mut walk = Walk::start(seed).await;

    for step in 0..OPERATIONS {
        walk.step = step;
        match walk.rng.gen_range(0..100) {
            0..14 => walk.request_deposit().await,
            14..26 => walk.review_deposit().await,
            26..50 => walk.convert().await,
            50..68 => walk.request_withdrawal().await,
            68..80 => walk.review_withdrawal().await,
            80..88 => walk.adjust().await,
            88..98 => walk.play_turnover().await,
            _ => walk.advance_clock(),
        }
        if (step + 1) % CHECK_EVERY == 0 {
            walk.check().await;
        }
    }
    walk.check().await;
    let report = walk.app.ledger_report().await;
    eprintln!(
        "ledger_random seed {seed}: {} entries, {} postings",
        report.entries, report.postings
    );
    eprintln!("{:#?}", walk.tally);
}

impl Walk {
    async fn start(seed: u64) -> Walk {
        let app = TestApp::spawn_with(configure).await;
        let mut players = Vec::new();
        for _ in 0..PLAYERS {
            let player = app.player().await;
            let card = app.link_card(&player).await;
            players.push((player, card));
        }
        // One player withdraws through the API, which needs the fund password.
        app.set_fund_password(&players[0].0).await;
        Walk {
            app,
            rng: StdRng::seed_from_u64(seed),
            seed,
            step: 0,
            players,
            expected: vec![Expected::default(); PLAYERS],
            pending_deposits: Vec::new(),
            pending_withdrawals: Vec::new(),
            reviewed_deposits: Vec::new(),
            reviewed_withdrawals: Vec::new(),
            external: 0,
            fees: 0,
            tally: std::collections::BTreeMap::new(),
        }
    }

    #[track_caller]
    fn assert_outcome(&mut self, actual: &str, expected: &str, what: &str) {
        assert_eq!(actual, expected, "seed {}, operation {}: {what}", self.seed, self.step);
        *self.tally.entry(format!("{what}: {actual}")).or_default() += 1;
    }

    /// A deposit request of 10.00-2000.00 or, one in twenty, of less than the minimum; one in
    /// ten by the API.
    async fn request_deposit(&mut self) {
        let player = self.rng.gen_range(0..PLAYERS);
        let below = self.rng.gen_bool(0.05);
        let amount = if below {
            self.rng.gen_range(1..DEPOSIT_MIN)
        } else {
            self.rng.gen_range(DEPOSIT_MIN..=200_000)
        };
        let expected = if amount < DEPOSIT_MIN { "below_minimum" } else { "ok" };
        let id = if self.rng.gen_bool(0.1) {
            let upload = DepositUpload::new(&text(amount));
            let reply = self.app.recharge(&self.players[player].0, &upload, None).await;
            self.assert_outcome(reply_outcome(&reply), expected, "a deposit by the API");
            reply.data()["id"].as_i64()
        } else {
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
                    let request = DepositRequest::parse(form, Some(PNG.to_vec()), &settings)?;
                    let voucher_file = "walk.png";
                    let deposit = deposits::NewDeposit { user_id, request: &request, voucher_file };
                    deposits::request(tx, &deposit, &settings, now)
                })
                .await;
            self.assert_outcome(outcome(&result), expected, "a deposit");
            result.ok().map(|record| record.id)
        };
        if let Some(id) = id {
            self.pending_deposits.push((player, id, amount));
        }
    }

    /// Approves or rejects a pending deposit; sometimes reviews a closed one again.
    async fn review_deposit(&mut self) {
        let again = !self.reviewed_deposits.is_empty() && self.rng.gen_bool(0.1);
        if again || self.pending_deposits.is_empty() {
            let Some(&id) = self
                .reviewed_deposits
                .get(self.rng.gen_range(0..self.reviewed_deposits.len().max(1)))
            else {
                return;
            };
            let result = self.app.review_deposit(id, None).await;
            self.assert_outcome(outcome(&result), "already_reviewed", "a second deposit review");
            return;
        }
        if self.pending_deposits.is_empty() {
            return;
        }
        let (player, id, amount) =
            self.pending_deposits.swap_remove(self.rng.gen_range(0..self.pending_deposits.len()));
        let approve = self.rng.gen_bool(0.7);
        let result = self.app.review_deposit(id, (!approve).then_some("walk")).await;
        self.assert_outcome(outcome(&result), "ok", "a deposit review");
        if approve {
            let expected = &mut self.expected[player];
            expected.wallet += amount;
            expected.turnover += amount * TURNOVER_PERCENT / 100;
            self.external -= amount;
        }
        self.reviewed_deposits.push(id);
    }

    /// A conversion either way of up to 120 % of the source balance, one in four by the API.
    async fn convert(&mut self) {
        let player = self.rng.gen_range(0..PLAYERS);
        let to_game = self.rng.gen_bool(0.5);
        let expected = &self.expected[player];
        let source = if to_game { expected.wallet } else { expected.game };
        let amount = self.rng.gen_range(1..=source * 6 / 5 + 100);
        let verdict = if amount <= source { "ok" } else { "insufficient_balance" };
        let from = if to_game { "balance" } else { "game" };
        if self.rng.gen_bool(0.25) {
            let form = json!({ "from": from, "amount": text(amount) });
            let reply = self.app.conversion(&self.players[player].0, form, None).await;
            self.assert_outcome(reply_outcome(&reply), verdict, "a conversion by the API");
        } else {
            let form = ConversionForm { from: Some(from.into()), amount: Some(text(amount)) };
            let conversion = Conversion::parse(form).expect("a valid conversion");
            let (user_id, now) = (self.players[player].0.id, self.app.now());
            let result =
                self.app.db.write(move |tx| wallet::convert(tx, user_id, &conversion, now)).await;
            self.assert_outcome(outcome(&result), verdict, "a conversion");
        }
        if verdict == "ok" {
            let expected = &mut self.expected[player];
            let sign = if to_game { 1 } else { -1 };
            expected.wallet -= sign * amount;
            expected.game += sign * amount;
        }
    }

    /// What the rules say of a withdrawal of `amount` now: the refusal key (or "ok") and fee.
    fn withdrawal_verdict(&self, player: usize, amount: i64) -> (&'static str, i64) {
        let expected = &self.expected[player];
        let now = self.app.now();
        let day_start = now - (now.secs() + OPERATOR_OFFSET_SECS).rem_euclid(86_400);
        let today = expected.withdrawals_at.iter().filter(|at| **at >= day_start).count();
        let fee = if amount < SMALL_BELOW { SMALL_FEE } else { (amount * FEE_BP + 9_999) / 10_000 };
        let verdict = if expected.turnover > 0 {
            "turnover_remaining"
        } else if amount < WITHDRAW_MIN {
            "below_minimum"
        } else if amount > WITHDRAW_MAX || amount > WITHDRAW_SINGLE_MAX {
            "limit_exceeded"
        } else if today >= WITHDRAW_DAILY_COUNT {
            "withdraw_count_exceeded"
        } else if amount + fee > expected.wallet {
            "insufficient_balance"
        } else {
            "ok"
        };
        (verdict, fee)
    }

    /// A withdrawal of 0.50 up to beyond the balance and the limits; player 0 uses the API.
    async fn request_withdrawal(&mut self) {
        let player = self.rng.gen_range(0..PLAYERS);
        let ceiling = (self.expected[player].wallet * 6 / 5).clamp(1_000, 60_000);
        let amount = self.rng.gen_range(50..=ceiling);
        let (verdict, fee) = self.withdrawal_verdict(player, amount);
        let (user, card) = &self.players[player];
        let id = if player == 0 {
            let form = crate::wallet_support::withdrawal_form(*card, &text(amount));
            let reply = self.app.do_withdraw(user, form, None).await;
            self.assert_outcome(reply_outcome(&reply), verdict, "a withdrawal by the API");
            reply.data()["id"].as_i64()
        } else {
            let request = WithdrawalRequest {
                method: Method::Bank,
                target_id: *card,
                amount: Money::from_minor(amount).expect("in range"),
            };
            let (user_id, now, settings) = (user.id, self.app.now(), self.app.wallet_settings());
            let result = self
                .app
                .db
                .write(move |tx| withdrawals::request(tx, user_id, &request, &settings, now))
                .await;
            self.assert_outcome(outcome(&result), verdict, "a withdrawal");
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
    async fn review_withdrawal(&mut self) {
        let decision = [Decision::Pass, Decision::Reject, Decision::Fail][self.rng.gen_range(0..3)];
        let again = !self.reviewed_withdrawals.is_empty() && self.rng.gen_bool(0.1);
        if again {
            let id =
                self.reviewed_withdrawals[self.rng.gen_range(0..self.reviewed_withdrawals.len())];
            let result = self.app.review_withdrawal(id, decision, "again").await;
            self.assert_outcome(outcome(&result), "already_reviewed", "a second review");
            return;
        }
        if self.pending_withdrawals.is_empty() {
            return;
        }
        let index = self.rng.gen_range(0..self.pending_withdrawals.len());
        let (player, id, amount, fee) = self.pending_withdrawals.swap_remove(index);
        let result = self.app.review_withdrawal(id, decision, "walk").await;
        self.assert_outcome(outcome(&result), "ok", "a withdrawal review");
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
    async fn adjust(&mut self) {
        let player = self.rng.gen_range(0..PLAYERS);
        let (credit, amount) = (self.rng.gen_bool(0.5), self.rng.gen_range(1..=50_000));
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
        self.assert_outcome(outcome(&result), verdict, "an adjustment");
        if verdict == "ok" {
            let sign = if credit { 1 } else { -1 };
            self.expected[player].wallet += sign * amount;
            self.external -= sign * amount;
        }
    }

    /// Settled stakes of up to 5000.00 count against a player's turnover.
    async fn play_turnover(&mut self) {
        let player = self.rng.gen_range(0..PLAYERS);
        let stake = self.rng.gen_range(1..=500_000);
        self.app.play_turnover(&self.players[player].0, &text(stake)).await;
        let expected = &mut self.expected[player];
        expected.turnover = (expected.turnover - stake).max(0);
    }

    /// Up to 4 hours later: the daily withdrawal count starts again at operator midnight.
    fn advance_clock(&mut self) {
        self.app.clock.advance(self.rng.gen_range(0..=4 * 3600));
    }

    /// The ledger verifies and every balance and turnover equals the model.
    async fn check(&self) {
        let at = format!("seed {}, after operation {}", self.seed, self.step);
        let report = assert_ledger_verifies(&self.app).await;
        assert_eq!(report.postings_total, 0, "{at}");
        for (index, (player, _)) in self.players.iter().enumerate() {
            let balances = self.app.balances_of(player).await;
            let expected = &self.expected[index];
            let actual = (balances.wallet.minor(), balances.game.minor(), balances.frozen.minor());
            assert_eq!(
                actual,
                (expected.wallet, expected.game, expected.frozen),
                "{at}: player {index}"
            );
            let turnover = self.app.turnover_of(player).await;
            assert_eq!(
                turnover,
                Money::from_minor(expected.turnover).expect("in range"),
                "{at}: player {index}"
            );
            assert_eq!((balances.savings, balances.invest), (money("0"), money("0")), "{at}");
        }
        assert_eq!(self.app.system_balance("external").await, self.external, "{at}");
        assert_eq!(self.app.system_balance("fees").await, self.fees, "{at}");
    }
}
