//! Clock-driven jobs inside `serve`. The draw tick commits seed chains ahead, draws every due
//! period of every draw source, then settles the drawn periods' bets in chunks (refunding
//! those of closed rooms and of periods that cannot be drawn) and tells live pages. `tick` is
//! a plain function of `now`, so tests drive it with a fixed clock. Each tick also pays the
//! savings interest of every day that has ended (`savings`), every product instalment due
//! (`products`), the rebate and commission batch when due (`rebates`) and the weekly salary of
//! every week that has ended (`salary`), and re-evaluates the VIP level of the players who
//! bet since the last tick (`vip`), and returns the remainder of every expired red envelope
//! (`envelopes`). The operator's notifications have their own job (`notify`), spawned by
//! `serve` beside this tick.

mod bonus_release;
mod envelopes;
pub mod ledger_check;
pub mod notify;
mod products;
pub mod rebates;
pub mod salary;
mod savings;
mod vip;

pub use savings::SavingsJob;

use crate::clock::{Clock, Timestamp};
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::finance::FinanceSettings;
use crate::games;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::chain_plan::{ChainPlan, ensure_chain};
use crate::games::fairness::drawing::{DrawPlan, draw_due};
use crate::games::rules::room::{DrawSource, Room};
use crate::games::settlement::{self, Verdict};
use crate::money_clock;
use chrono_tz::Tz;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How often `serve` runs the tick.
pub const TICK_INTERVAL: Duration = Duration::from_secs(1);

/// The draw scheduler: the chain keys, the operator's time zone and the chain length.
#[derive(Clone)]
pub struct Scheduler {
    db: Db,
    keys: Arc<ChainKeys>,
    timezone: Tz,
    chain_length: u32,
    chunk_bets: u32,
    /// A period that cannot be drawn (its key is missing) is refunded this long after its
    /// draw time (`games.undrawable_refund_secs`).
    undrawable_refund_secs: i64,
    /// Bumped after every tick that drew or settled something; live pages wait on it.
    live: Arc<watch::Sender<u64>>,
    savings: SavingsJob,
    /// The reward programmes' tables and rates (`[growth]`).
    growth: Arc<GrowthConfig>,
    /// The incremental ledger check, after settlements and every `ledger.check_every_secs`.
    ledger_check: ledger_check::LedgerCheckJob,
    /// The longest clock step the money jobs catch up by themselves (`money_clock`).
    max_catch_up_secs: i64,
    /// Whether a tick has run the bonus release since the start (the first tick runs it for
    /// what settled while the server was down; later ones after a settlement).
    bonus_release_started: Arc<std::sync::atomic::AtomicBool>,
}

/// What one tick did, per draw source: (source code, periods drawn).
#[derive(Debug, Default)]
pub struct TickReport {
    pub drawn: Vec<(&'static str, u32)>,
    pub chains_created: u32,
    /// Bets settled (won, lost or refunded) and periods completed.
    pub bets_settled: u64,
    pub periods_settled: u32,
    /// Product instalments paid.
    pub instalments_paid: u32,
    /// The rebate batch paid by this tick, if one was due.
    pub rebate_batch: Option<i64>,
    /// The salary weeks paid by this tick (their Monday 00:00).
    pub salary_weeks: Vec<Timestamp>,
    /// VIP upgrade rewards paid after bets.
    pub vip_upgrades: u32,
    /// Red envelopes closed at expiry (their remainders returned to `bonus`).
    pub envelopes_expired: i64,
    /// Deposit bonuses released by play (one per player released for).
    pub bonus_releases: u32,
    /// The ledger check this tick ran (after a settlement, or when due), if any.
    pub ledger_check: Option<ledger_check::LedgerCheck>,
    /// Whether the money jobs ran, or why they are paused (`money_clock`).
    pub money: Option<money_clock::Gate>,
}

impl Scheduler {
    /// Reads the chain keys of `data_dir`.
    pub fn new(db: Db, data_dir: &Path, timezone: Tz) -> anyhow::Result<Scheduler> {
        let keys = Arc::new(ChainKeys::open(data_dir)?);
        Ok(Scheduler {
            db: db.clone(),
            keys,
            timezone,
            chain_length: games::fairness::chains::CHAIN_LENGTH,
            chunk_bets: crate::config::GamesConfig::default().settle_chunk_bets,
            undrawable_refund_secs: crate::config::GamesConfig::default().undrawable_refund_secs,
            live: Arc::new(watch::channel(0).0),
            savings: SavingsJob::new(
                db,
                FinanceSettings::new(&crate::config::FinanceConfig::default(), timezone),
            ),
            growth: Arc::new(GrowthConfig::default()),
            ledger_check: ledger_check::LedgerCheckJob::new(
                crate::config::LedgerConfig::default().check_every_secs,
            ),
            max_catch_up_secs: crate::config::LedgerConfig::default().max_catch_up_secs,
            bonus_release_started: Arc::default(),
        })
    }

    /// The same scheduler catching up clock steps of at most `secs` (`ledger.max_catch_up_secs`).
    pub fn with_max_catch_up_secs(mut self, secs: i64) -> Scheduler {
        self.max_catch_up_secs = secs;
        self
    }

    /// The same scheduler checking the ledger every `secs` (`ledger.check_every_secs`).
    pub fn with_ledger_check_every_secs(mut self, secs: u64) -> Scheduler {
        self.ledger_check = ledger_check::LedgerCheckJob::new(secs);
        self
    }

    /// The ledger check `serve` runs before it takes requests: every pass until the check has
    /// caught up with the journal (the writes since the last check, normally seconds' worth).
    pub async fn check_ledger_at_start(&self, now: Timestamp) -> ledger_check::LedgerCheck {
        ledger_check::check_logged(&self.db, now, None).await
    }

    /// The same scheduler settling at most `chunk_bets` bets per transaction.
    pub fn with_chunk_bets(mut self, chunk_bets: u32) -> Scheduler {
        self.chunk_bets = chunk_bets.max(1);
        self
    }

    /// The same scheduler refunding a period that cannot be drawn `secs` after its draw time.
    pub fn with_undrawable_refund_secs(mut self, secs: i64) -> Scheduler {
        self.undrawable_refund_secs = secs.max(0);
        self
    }

    /// The same scheduler paying savings interest by `settings` (`[finance]`).
    pub fn with_finance(mut self, settings: FinanceSettings) -> Scheduler {
        self.savings = SavingsJob::new(self.db.clone(), settings);
        self
    }

    /// The same scheduler running the reward programmes' jobs by `growth` (`[growth]`).
    pub fn with_growth(mut self, growth: GrowthConfig) -> Scheduler {
        self.growth = Arc::new(growth);
        self
    }

    /// The same scheduler announcing its draws and settlements on `live`.
    pub fn announcing(mut self, live: Arc<watch::Sender<u64>>) -> Scheduler {
        self.live = live;
        self
    }

    /// The same scheduler with shorter chains (tests: generating 100,000 links is slow unoptimized).
    pub fn with_chain_length(mut self, chain_length: u32) -> Scheduler {
        self.chain_length = chain_length;
        self
    }

    /// One pass over every draw source; a failing source is logged and the others still run.
    pub async fn tick(&self, now: Timestamp) -> TickReport {
        let mut report = TickReport::default();
        for source in DrawSource::all() {
            match self.tick_source(source, now).await {
                Ok((created, drawn)) => {
                    crate::metrics::metrics().record_draws(source.code(), drawn);
                    report.chains_created += u32::from(created);
                    report.drawn.push((source.code(), drawn));
                }
                Err(error) => {
                    let error = anyhow::Error::from(error);
                    tracing::error!(
                        source = source.code(),
                        error = format!("{error:#}"),
                        "draw tick failed"
                    );
                }
            }
        }
        (report.bets_settled, report.periods_settled) = self.settle_due(now).await;
        self.money_jobs(now, &mut report).await;
        self.pay_growth(now, &mut report).await;
        // Last, so it checks what this tick's settlement and payouts wrote.
        report.ledger_check = self.ledger_check.tick(&self.db, now, report.bets_settled > 0).await;
        let drew = report.drawn.iter().any(|(_, drawn)| *drawn > 0);
        if drew || report.bets_settled > 0 {
            self.live.send_modify(|generation| *generation += 1);
        }
        crate::metrics::metrics().record_tick(now);
        report
    }

    /// Whether the money jobs may run at `now` (`money_clock`): one read, and a write at most
    /// once a minute. None when the gate could not be read (logged; nothing is paid).
    async fn money_gate(&self, now: Timestamp) -> Option<money_clock::Gate> {
        let max_catch_up_secs = self.max_catch_up_secs;
        let gate =
            match self.db.read(move |connection| money_clock::without_write(connection, now)).await
            {
                Ok(Some(gate)) => Ok(gate),
                Ok(None) => {
                    self.db.write(move |tx| money_clock::pass(tx, now, max_catch_up_secs)).await
                }
                Err(error) => Err(error),
            };
        gate.inspect_err(|error| {
            tracing::error!(error = format!("{error:#}"), "the money clock could not be read");
        })
        .ok()
    }

    /// The jobs that pay for time passed, behind the money clock (`money_clock`): savings
    /// interest, product instalments, rebates and commissions, the weekly salary. A tick runs
    /// them after settlement, so a batch sees this tick's bets.
    pub async fn money_jobs(&self, now: Timestamp, report: &mut TickReport) {
        report.money = self.money_gate(now).await;
        if report.money == Some(money_clock::Gate::Run) {
            self.pay_for_time(now, report).await;
        }
    }

    async fn pay_for_time(&self, now: Timestamp, report: &mut TickReport) {
        if let Err(error) = self.savings.tick(now).await {
            let error = anyhow::Error::from(error);
            tracing::error!(error = format!("{error:#}"), "savings interest failed");
        }
        match products::pay_due(&self.db, now).await {
            Ok(paid) => report.instalments_paid = paid.paid,
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "product payouts failed");
            }
        }
        match rebates::pay_if_due(&self.db, &self.growth, self.timezone, now).await {
            Ok(batch) => report.rebate_batch = batch.map(|batch| batch.batch_id),
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "rebate batch failed");
            }
        }
        match salary::pay_due(&self.db, &self.growth, self.timezone, now).await {
            Ok(weeks) => report.salary_weeks = weeks.iter().map(|week| week.week.start).collect(),
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "weekly salary failed");
            }
        }
    }

    /// The reward programmes' jobs that do not pay for time: VIP upgrades after bets, the
    /// deposit bonuses' release after a settlement, the expiry of red envelopes (their remainders go back to `bonus`).
    async fn pay_growth(&self, now: Timestamp, report: &mut TickReport) {
        match vip::reevaluate_bettors(&self.db, self.growth.clone(), self.timezone, now).await {
            Ok(upgrades) => report.vip_upgrades = upgrades,
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "VIP levels after bets failed");
            }
        }
        let started = self.bonus_release_started.swap(true, std::sync::atomic::Ordering::Relaxed);
        if report.bets_settled > 0 || !started {
            match bonus_release::release_due(&self.db, self.growth.clone(), now).await {
                Ok(releases) => report.bonus_releases = releases,
                Err(error) => {
                    let error = anyhow::Error::from(error);
                    tracing::error!(error = format!("{error:#}"), "bonus release failed");
                }
            }
        }
        match envelopes::refund_expired(&self.db, now).await {
            Ok(refunded) => report.envelopes_expired = refunded.closed,
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "envelope expiry refunds failed");
            }
        }
    }

    /// Settles every period that has open bets and a verdict, chunk by chunk; each chunk is
    /// its own transaction, so other writes interleave. A room that fails is logged and the
    /// others still settle. Returns (bets, periods) settled.
    async fn settle_due(&self, now: Timestamp) -> (u64, u32) {
        let (mut bets, mut completed) = (0u64, 0u32);
        for room in Room::all() {
            match self.settle_room(room, now).await {
                Ok((room_bets, room_periods)) => {
                    (bets, completed) = (bets + room_bets, completed + room_periods)
                }
                Err(error) => {
                    let error = anyhow::Error::from(error);
                    tracing::error!(
                        room = room.code(),
                        error = format!("{error:#}"),
                        "settlement failed"
                    );
                }
            }
        }
        (bets, completed)
    }

    /// Settles the periods of `room` that have a verdict, oldest first.
    async fn settle_room(&self, room: Room, now: Timestamp) -> Result<(u64, u32), AppError> {
        let (mut bets, mut completed) = (0u64, 0u32);
        // Periods of a room are drawn in order: once the oldest must wait, so do the rest.
        while let Some(period) =
            self.db.read(move |connection| settlement::oldest_open_period(connection, room)).await?
        {
            let mut verdict =
                self.db.read(move |connection| settlement::verdict(connection, period)).await?;
            if matches!(verdict, Verdict::Wait) {
                if !self.undrawable_for_too_long(period, now).await? {
                    break;
                }
                verdict = Verdict::Refund("not drawable");
            }
            bets += self.settle_period(period, Arc::new(verdict), now).await?;
            completed += 1;
        }
        Ok((bets, completed))
    }

    /// Whether `period` cannot be drawn here (its chain's key is missing) and was due more
    /// than `undrawable_refund_secs` ago: its bets are refunded rather than wait forever.
    async fn undrawable_for_too_long(
        &self,
        period: settlement::OpenPeriodBets,
        now: Timestamp,
    ) -> Result<bool, AppError> {
        let (keys, timezone) = (self.keys.clone(), self.timezone);
        let source = period.room.draw_source();
        let due_at = self
            .db
            .read(move |connection| {
                games::fairness::drawing::undrawable_since(
                    connection,
                    &keys,
                    (source, timezone),
                    period.issue,
                )
            })
            .await?;
        Ok(due_at.is_some_and(|due_at| now >= due_at + self.undrawable_refund_secs))
    }

    /// The chains whose keys are missing though their periods are still to be drawn: `serve`
    /// refuses to start with them (their bets could only wait).
    pub async fn missing_keys(&self) -> Result<Vec<String>, AppError> {
        let mut missing = Vec::new();
        for source in DrawSource::all() {
            let (keys, timezone) = (self.keys.clone(), self.timezone);
            missing.extend(
                self.db
                    .read(move |connection| {
                        games::fairness::drawing::missing_keys(connection, &keys, source, timezone)
                    })
                    .await?,
            );
        }
        Ok(missing)
    }

    /// Settles every open bet of `period`, one chunk per transaction; returns how many.
    async fn settle_period(
        &self,
        period: settlement::OpenPeriodBets,
        verdict: Arc<Verdict>,
        now: Timestamp,
    ) -> Result<u64, AppError> {
        let mut bets = 0;
        loop {
            let (verdict, limit) = (verdict.clone(), self.chunk_bets);
            let started = crate::clock::monotonic_now();
            let chunk = self
                .db
                .write(move |tx| settlement::settle_chunk(tx, period, &verdict, limit, now))
                .await?;
            crate::metrics::metrics().settlement_duration.observe(started.elapsed().as_secs_f64());
            bets += u64::from(chunk.settled);
            if chunk.done {
                return Ok(bets);
            }
        }
    }

    async fn tick_source(
        &self,
        source: DrawSource,
        now: Timestamp,
    ) -> Result<(bool, u32), AppError> {
        let (keys, timezone, length) = (self.keys.clone(), self.timezone, self.chain_length);
        self.db
            .write(move |tx| {
                let schedule = games::schedule::source_schedule(tx, source, timezone)?;
                let plan = ChainPlan { keys: &keys, source, schedule, length };
                let created = ensure_chain(tx, &plan, now)?.is_some();
                let drawn = draw_due(tx, &DrawPlan { keys: &keys, source, timezone }, now)?;
                Ok((created, drawn))
            })
            .await
    }

    /// Server loop: ticks every `TICK_INTERVAL` until the task is dropped.
    pub async fn run(self, clock: Clock) {
        loop {
            self.tick(clock.now()).await;
            tokio::time::sleep(until_next_second()).await;
        }
    }
}

/// Draw times are whole seconds: ticking just after each one draws a period within
/// milliseconds of its draw time instead of up to a second late.
fn until_next_second() -> Duration {
    let into_second = Duration::from_nanos(u64::from(crate::clock::system_subsec_nanos()));
    let left = TICK_INTERVAL.saturating_sub(into_second);
    left + Duration::from_millis(2)
}
