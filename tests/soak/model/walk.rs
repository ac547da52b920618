//! One seed's walk: its hall (a copy of the template), its generator, the model's state, the
//! dispatch over operations, and the check after each step.

use super::envelopes::ModelEnvelope;
use super::games::OpenBet;
use super::rules::Expected;
use super::template::{CHAIN_LENGTH, Template};
use crate::support::helpers::{Player, Reply, TestApp};
use fairhall::clock::Timestamp;
use fairhall::error::AppError;
use fairhall::ids::UserId;
use fairhall::ledger::{self, SystemAccount};
use fairhall::money::Money;
use fairhall::scheduler::Scheduler;
use fairhall::scheduler::ledger_check::LedgerCheck;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use tempfile::TempDir;

/// What a run counted: operations, verifications and each (operation, outcome).
#[derive(Default)]
pub struct Figures {
    pub operations: usize,
    pub incremental_checks: usize,
    pub verifications: usize,
    pub outcomes: BTreeMap<String, usize>,
    /// Time spent per kind of operation (and in the checks), for the speed budget.
    pub time: BTreeMap<&'static str, std::time::Duration>,
}

impl Figures {
    pub fn add(&mut self, other: &Figures) {
        self.operations += other.operations;
        self.incremental_checks += other.incremental_checks;
        self.verifications += other.verifications;
        for (key, count) in &other.outcomes {
            *self.outcomes.entry(key.clone()).or_default() += count;
        }
        for (kind, spent) in &other.time {
            *self.time.entry(kind).or_default() += *spent;
        }
    }
}

/// A first reply under an Idempotency-Key: what it was sent with and what came back.
pub struct KeyedReply {
    pub player: usize,
    pub key: String,
    /// The request: its path and body.
    pub path: &'static str,
    pub form: Value,
    pub data: Value,
}

pub struct Walk {
    pub app: TestApp,
    /// Removed after the app (fields drop in order).
    _dir: TempDir,
    pub scheduler: Scheduler,
    pub rng: StdRng,
    pub seed: u64,
    pub step: usize,
    /// What the current step does, for failure messages.
    pub operation: String,
    /// Each player and the id of their bank card; only the template's players have a fund
    /// password (`has_fund_password`).
    pub players: Vec<(Player, i64)>,
    /// Who invited each player, if anyone.
    pub inviters: Vec<Option<usize>>,
    pub expected: Vec<Expected>,
    /// Players whose balances the current step may have changed.
    pub touched: BTreeSet<usize>,
    /// (player, deposit id, amount)
    pub pending_deposits: Vec<(usize, i64, i64)>,
    /// (player, withdrawal id, amount, fee)
    pub pending_withdrawals: Vec<(usize, i64, i64, i64)>,
    pub reviewed_deposits: Vec<i64>,
    pub reviewed_withdrawals: Vec<i64>,
    pub open_bets: Vec<OpenBet>,
    /// The period each room showed since the clock last moved: (issue, close_at, draw_at).
    pub shown_periods: BTreeMap<&'static str, (String, Timestamp, Timestamp)>,
    /// (room, issue) of the periods the walk saw drawn.
    pub drawn_issues: BTreeSet<(String, String)>,
    /// Stakes per (room, issue, option, player) and per (room, issue, option), for the limits.
    pub stakes_by_player: BTreeMap<(String, String, String, usize), i64>,
    pub stakes_by_option: BTreeMap<(String, String, String), (i64, i64)>,
    /// Successful requests sent with an Idempotency-Key, for retries.
    pub keyed: Vec<KeyedReply>,
    pub envelopes: Vec<ModelEnvelope>,
    /// Wrong envelope codes sent so far.
    pub wrong_codes: usize,
    /// Wrong fund passwords sent so far (kept below the throttle's limit).
    pub wrong_fund_passwords: usize,
    pub external: i64,
    pub fees: i64,
    /// The walk's product and its (daily, one-off) tasks, as the template created them.
    pub product_id: i64,
    pub task_ids: (i64, i64),
    /// What of the product is sold.
    pub product_sold: i64,
    /// When the last rebate batch ran (the template's first pass ran one).
    pub rebates_ran_at: Timestamp,
    /// Players who placed a bet since the scheduler's last pass (its VIP job re-evaluates them).
    pub bet_since_tick: BTreeSet<usize>,
    /// The last operator week whose salary is paid (the template's first pass paid the week
    /// before the walk's).
    pub salary_paid_through: i64,
    pub figures: Figures,
}

pub fn outcome<T>(result: &Result<T, AppError>) -> &'static str {
    match result {
        Ok(_) => "ok",
        Err(error) => error.key(),
    }
}

pub fn reply_outcome(reply: &Reply) -> &str {
    if reply.code() == 1 { "ok" } else { reply.err() }
}

pub fn text(minor: i64) -> String {
    Money::from_minor(minor).expect("in range").to_string()
}

impl Walk {
    pub async fn start(template: &Template, seed: u64) -> Walk {
        let (dir, app) = template.instance();
        let settings = fairhall::finance::FinanceSettings::from_config(&app.config);
        let scheduler = app.scheduler().with_chain_length(CHAIN_LENGTH).with_finance(settings);
        let players = template.players.clone();
        Walk {
            product_id: template.product,
            task_ids: template.tasks,
            expected: vec![Expected::default(); players.len()],
            players,
            inviters: super::template::INVITERS.to_vec(),
            app,
            _dir: dir,
            scheduler,
            rng: StdRng::seed_from_u64(seed),
            seed,
            step: 0,
            operation: String::new(),
            touched: BTreeSet::new(),
            pending_deposits: Vec::new(),
            pending_withdrawals: Vec::new(),
            reviewed_deposits: Vec::new(),
            reviewed_withdrawals: Vec::new(),
            open_bets: Vec::new(),
            drawn_issues: BTreeSet::new(),
            shown_periods: BTreeMap::new(),
            stakes_by_player: BTreeMap::new(),
            stakes_by_option: BTreeMap::new(),
            keyed: Vec::new(),
            wrong_fund_passwords: 0,
            envelopes: Vec::new(),
            wrong_codes: 0,
            external: 0,
            fees: 0,
            product_sold: 0,
            rebates_ran_at: crate::support::helpers::START,
            bet_since_tick: BTreeSet::new(),
            salary_paid_through: super::programmes::operator_week(crate::support::helpers::START)
                - 1,
            figures: Figures::default(),
        }
    }

    pub async fn run(&mut self, operations: usize) {
        for step in 0..operations {
            self.step = step;
            self.touched.clear();
            let started = std::time::Instant::now();
            let kind = self.one_operation().await;
            *self.figures.time.entry(kind).or_default() += started.elapsed();
            self.figures.operations += 1;
            let started = std::time::Instant::now();
            self.check().await;
            *self.figures.time.entry("check").or_default() += started.elapsed();
            let started = std::time::Instant::now();
            self.check_incrementally().await;
            *self.figures.time.entry("incremental check").or_default() += started.elapsed();
        }
        let started = std::time::Instant::now();
        self.verify().await;
        *self.figures.time.entry("verify").or_default() += started.elapsed();
    }

    /// One operation, drawn by weight (out of 4,000: a registration, which costs an argon2
    /// run, comes once in 4,000); returns its kind.
    async fn one_operation(&mut self) -> &'static str {
        match self.rng.gen_range(0..4_000) {
            0..400 => {
                self.request_deposit().await;
                "deposit"
            }
            400..720 => {
                self.review_deposit().await;
                "deposit review"
            }
            720..1200 => {
                self.convert().await;
                "conversion"
            }
            1200..1520 => {
                self.request_withdrawal().await;
                "withdrawal"
            }
            1520..1760 => {
                self.review_withdrawal().await;
                "withdrawal review"
            }
            1760..1900 => {
                self.adjust().await;
                "adjustment"
            }
            1900..2700 => {
                self.bet().await;
                "bet"
            }
            2700..2750 => {
                self.advance_clock().await;
                "clock and scheduler"
            }
            2750..2930 => {
                self.move_savings().await;
                "savings move"
            }
            2930..3050 => {
                self.sign_in().await;
                "sign-in"
            }
            3490..3740 => {
                self.retry().await;
                "retry"
            }
            3740..3999 => {
                self.invalid().await;
                "invalid"
            }
            3050..3210 => {
                self.buy_product().await;
                "product purchase"
            }
            3210..3370 => {
                self.envelope().await;
                "envelope"
            }
            3370..3490 => {
                self.claim_task().await;
                "task claim"
            }
            _ => {
                self.register().await;
                "registration"
            }
        }
    }

    /// Whether player `index` set a fund password (the template's players did).
    pub fn has_fund_password(index: usize) -> bool {
        index < super::template::PLAYERS
    }

    /// The player index picked for an operation.
    pub fn any_player(&mut self) -> usize {
        let player = self.rng.gen_range(0..self.players.len());
        self.touched.insert(player);
        player
    }

    pub fn begin(&mut self, operation: impl Into<String>) {
        self.operation = operation.into();
    }

    pub fn at(&self) -> String {
        format!(
            "seed {} (replay with FAIRHALL_SEED={}), step {}: {}",
            self.seed, self.seed, self.step, self.operation
        )
    }

    /// Asserts the outcome the model predicted and counts it under `what`.
    #[track_caller]
    pub fn assert_outcome(&mut self, actual: &str, expected: &str, what: &str) {
        assert_eq!(actual, expected, "{}", self.at());
        *self.figures.outcomes.entry(format!("{what}: {actual}")).or_default() += 1;
    }

    /// Every invariant holds on what this step wrote: the server's own check
    /// (`flows::ledger_check::verify_since` from the stored watermark, pass after pass until caught up, each
    /// passing pass recorded), which a failure halts payments with. It covers all of `verify`
    /// but the recounts and SQLite's own integrity checks, which the end of the walk runs.
    async fn check_incrementally(&mut self) {
        let at = self.at();
        let check = fairhall::scheduler::ledger_check::check(&self.app.db, self.app.now(), None)
            .await
            .expect("the check runs");
        assert!(
            matches!(check, LedgerCheck::Passed { more: false, .. }),
            "{at}: the incremental ledger check: {check:?}"
        );
        self.figures.incremental_checks += 1;
    }

    /// The ledger verifies: every invariant over the whole database.
    async fn verify(&mut self) {
        let at = self.at();
        let report =
            self.app.db.read(fairhall::flows::ledger_check::verify).await.expect("readable");
        assert!(report.is_ok(), "{at}: the ledger does not verify: {report:?}");
        assert_eq!(report.postings_total, 0, "{at}");
        self.figures.verifications += 1;
    }

    /// Every touched player's balances and turnover equal the model, and so do the external
    /// and fee accounts (read in one trip to the read pool).
    async fn check(&mut self) {
        let at = self.at();
        let touched: Vec<(usize, UserId)> =
            self.touched.iter().map(|&index| (index, self.players[index].0.id)).collect();
        let (players, system) = self
            .app
            .db
            .read(move |connection| {
                let mut players = Vec::new();
                for (index, user_id) in touched {
                    let balances = ledger::balances(connection, user_id)?;
                    let turnover = fairhall::wallet::turnover_remaining(connection, user_id)?;
                    let vip_level = fairhall::auth::vip_level(connection, user_id)?;
                    let held = [
                        balances.wallet,
                        balances.game,
                        balances.frozen,
                        balances.savings,
                        balances.invest,
                    ];
                    players.push((index, held.map(Money::minor), turnover.minor(), vip_level));
                }
                let external = ledger::system_balance(connection, SystemAccount::External)?;
                let fees = ledger::system_balance(connection, SystemAccount::Fees)?;
                Ok((players, (external, fees)))
            })
            .await
            .expect("the balances are readable");
        for (index, held, turnover, vip_level) in players {
            let expected = &self.expected[index];
            let model = [
                expected.wallet,
                expected.game,
                expected.frozen,
                expected.savings,
                expected.invest,
            ];
            let names = "(wallet, game, frozen, savings, invest)";
            assert_eq!(held, model, "{at}: player {index} {names}");
            assert_eq!(turnover, expected.turnover, "{at}: player {index} turnover");
            assert_eq!(vip_level, expected.vip_level as i64, "{at}: player {index} VIP level");
        }
        assert_eq!(system, (self.external, self.fees), "{at}: (external, fees)");
    }

    pub fn figures(&mut self) -> Figures {
        std::mem::take(&mut self.figures)
    }
}
