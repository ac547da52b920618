//! The server's Prometheus metrics: one process-wide registry (`metrics()`) that the HTTP
//! layer, the scheduler and the database writer record into as things happen, and gauges read
//! at scrape time (`Metrics::sample`). `http::metrics` serves it as `/metrics`.
//!
//! Process-wide because the writer thread, the scheduler and the request layer each record
//! into it, and none of them shares a handle with the others; every series is an atomic.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::LazyLock;
use std::time::Duration;

/// A request by the route template it matched (never the raw path: `/token/{t}` and the
/// compat forms' values must not reach the metrics) and its method.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: String,
    pub route: String,
}

/// A finished request: its route, method and status code.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ResponseLabels {
    pub method: String,
    pub route: String,
    pub status: u16,
}

/// One draw source (k3, rgb, ...).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct SourceLabels {
    pub source: String,
}

/// One reward programme (rebate, salary, ...).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ProgrammeLabels {
    pub programme: String,
}

/// One review queue of the money desk (deposit, withdrawal).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct QueueLabels {
    pub queue: String,
}

/// The route label of a request no route matched (the embedded app, unknown paths).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Every series of the server.
pub struct Metrics {
    registry: Registry,
    pub http_requests: Family<ResponseLabels, Counter>,
    pub http_request_duration: Family<RouteLabels, Histogram, fn() -> Histogram>,
    pub bets_placed: Counter,
    pub draws: Family<SourceLabels, Counter>,
    pub settlement_duration: Histogram,
    pub scheduler_lag: Family<SourceLabels, Gauge>,
    pub writer_queue_depth: Gauge,
    pub commit_jobs: Histogram,
    pub commit_rows: Histogram,
    pub wal_bytes: Gauge,
    pub database_bytes: Gauge,
    pub live_streams: Gauge,
    /// The clock's time (Unix seconds) of the last scheduler tick that ran to its end.
    pub scheduler_tick: Gauge,
    pub reward_paid_today: Family<ProgrammeLabels, Gauge>,
    pub reward_held_back_today: Family<ProgrammeLabels, Gauge>,
    pub review_waiting: Family<QueueLabels, Gauge>,
    pub review_oldest_age: Family<QueueLabels, Gauge>,
    /// Seconds since the newest successful backup ended (-1: none yet).
    pub backup_age: Gauge,
    /// 1 when the last backup attempt failed.
    pub backup_failed: Gauge,
    /// 1 while the ledger check has halted money movements.
    pub ledger_halted: Gauge,
}

/// Latency buckets: 1 ms to about 16 s, doubling.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

/// Size buckets of a group commit: 1 to 4096, doubling (a commit takes at most 256 jobs).
fn size_histogram() -> Histogram {
    Histogram::new(exponential_buckets(1.0, 2.0, 13))
}

impl Metrics {
    fn new() -> Metrics {
        let mut metrics = Metrics {
            registry: Registry::with_prefix("fairhall"),
            http_requests: Family::default(),
            http_request_duration: Family::new_with_constructor(latency_histogram),
            bets_placed: Counter::default(),
            draws: Family::default(),
            settlement_duration: latency_histogram(),
            scheduler_lag: Family::default(),
            writer_queue_depth: Gauge::default(),
            commit_jobs: size_histogram(),
            commit_rows: size_histogram(),
            wal_bytes: Gauge::default(),
            database_bytes: Gauge::default(),
            live_streams: Gauge::default(),
            scheduler_tick: Gauge::default(),
            reward_paid_today: Family::default(),
            reward_held_back_today: Family::default(),
            review_waiting: Family::default(),
            review_oldest_age: Family::default(),
            backup_age: Gauge::default(),
            backup_failed: Gauge::default(),
            ledger_halted: Gauge::default(),
        };
        let registry = &mut metrics.registry;
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route template and status",
            metrics.http_requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to the response head, by method and route template",
            metrics.http_request_duration.clone(),
        );
        registry.register("bets_placed", "Bet orders placed", metrics.bets_placed.clone());
        registry.register("draws", "Periods drawn, by draw source", metrics.draws.clone());
        registry.register(
            "settlement_duration_seconds",
            "Time of one settlement transaction (a chunk of one period's bets)",
            metrics.settlement_duration.clone(),
        );
        registry.register(
            "scheduler_lag_seconds",
            "How far past its draw time the oldest undrawn period of each source is",
            metrics.scheduler_lag.clone(),
        );
        registry.register(
            "scheduler_last_tick_seconds",
            "The clock's time (Unix seconds) of the last scheduler tick that ran to its end: \
             draws, settlement, the money jobs, the programmes and the ledger check",
            metrics.scheduler_tick.clone(),
        );
        metrics.register_storage_and_rewards();
        metrics
    }

    /// The database's series and the reward programmes' gauges.
    fn register_storage_and_rewards(&mut self) {
        let registry = &mut self.registry;
        registry.register(
            "db_writer_queue_depth",
            "Writes waiting for the database writer thread",
            self.writer_queue_depth.clone(),
        );
        registry.register(
            "db_commit_jobs",
            "Writes (savepoints) per group commit",
            self.commit_jobs.clone(),
        );
        registry.register(
            "db_commit_rows",
            "Rows inserted, updated or deleted per group commit",
            self.commit_rows.clone(),
        );
        registry.register(
            "db_wal_bytes",
            "Size of the write-ahead log file",
            self.wal_bytes.clone(),
        );
        registry.register(
            "db_size_bytes",
            "Size of the database file",
            self.database_bytes.clone(),
        );
        registry.register("live_streams", "Live room streams open now", self.live_streams.clone());
        registry.register(
            "reward_paid_today_minor_units",
            "What each reward programme paid on the operator's day so far ([growth.budget] counts it)",
            self.reward_paid_today.clone(),
        );
        registry.register(
            "reward_held_back_today_minor_units",
            "What the day's budget held back from each reward programme so far",
            self.reward_held_back_today.clone(),
        );
        registry.register(
            "review_waiting",
            "Deposits and withdrawals waiting for the operator's review, by queue",
            self.review_waiting.clone(),
        );
        registry.register(
            "review_oldest_age_seconds",
            "How long the oldest waiting item of each review queue has waited (0 when none waits)",
            self.review_oldest_age.clone(),
        );
        registry.register(
            "backup_age_seconds",
            "Seconds since the newest successful backup ended (-1 before the first)",
            self.backup_age.clone(),
        );
        registry.register(
            "backup_failed",
            "1 when the last backup attempt failed (backup-status.json says why)",
            self.backup_failed.clone(),
        );
        registry.register(
            "ledger_halted",
            "1 while a failed ledger check halts every money movement (`admin verify` resumes)",
            self.ledger_halted.clone(),
        );
    }

    /// A scheduler tick that ran to its end at the clock's `now`.
    pub fn record_tick(&self, now: crate::clock::Timestamp) {
        self.scheduler_tick.set(now.secs());
    }

    /// A finished HTTP request.
    pub fn record_request(&self, route: RouteLabels, status: u16, elapsed: Duration) {
        self.http_request_duration.get_or_create(&route).observe(elapsed.as_secs_f64());
        let RouteLabels { method, route } = route;
        self.http_requests.get_or_create(&ResponseLabels { method, route, status }).inc();
    }

    /// Periods drawn by one scheduler tick.
    pub fn record_draws(&self, source: &str, drawn: u32) {
        if drawn > 0 {
            let labels = SourceLabels { source: source.to_string() };
            self.draws.get_or_create(&labels).inc_by(u64::from(drawn));
        }
    }

    /// One group commit of the writer: its writes and the rows they changed.
    pub fn record_commit(&self, jobs: usize, rows: u64) {
        self.commit_jobs.observe(jobs as f64);
        self.commit_rows.observe(rows as f64);
    }

    /// Sets the gauges read at scrape time.
    pub fn sample(&self, sample: &Sample) {
        for (source, secs) in &sample.lag_sources {
            self.scheduler_lag
                .get_or_create(&SourceLabels { source: source.to_string() })
                .set(*secs);
        }
        self.writer_queue_depth.set(saturating_i64(sample.writer_queue_depth as u64));
        self.wal_bytes.set(saturating_i64(sample.wal_bytes));
        self.database_bytes.set(saturating_i64(sample.database_bytes));
        self.live_streams.set(saturating_i64(sample.live_streams as u64));
        for (programme, paid, held_back) in &sample.reward_spend {
            let labels = ProgrammeLabels { programme: programme.to_string() };
            self.reward_paid_today.get_or_create(&labels).set(*paid);
            self.reward_held_back_today.get_or_create(&labels).set(*held_back);
        }
        for (queue, waiting, oldest_age_secs) in &sample.review_queues {
            let labels = QueueLabels { queue: queue.to_string() };
            self.review_waiting.get_or_create(&labels).set(*waiting);
            self.review_oldest_age.get_or_create(&labels).set(*oldest_age_secs);
        }
        self.backup_age.set(sample.backup_age_secs.unwrap_or(-1));
        self.backup_failed.set(i64::from(sample.backup_failed));
        self.ledger_halted.set(i64::from(sample.ledger_halted));
    }

    /// The registry in the Prometheus text format (version 0.0.4).
    pub fn encode(&self) -> Result<String, std::fmt::Error> {
        let mut text = String::with_capacity(16 * 1024);
        prometheus_client::encoding::prometheus_text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// What the gauges show, read when `/metrics` is scraped.
pub struct Sample {
    /// (draw source, seconds its oldest undrawn period is past its draw time).
    pub lag_sources: Vec<(&'static str, i64)>,
    pub writer_queue_depth: usize,
    pub wal_bytes: u64,
    pub database_bytes: u64,
    pub live_streams: usize,
    /// (programme, minor units paid today, minor units held back today).
    pub reward_spend: Vec<(&'static str, i64, i64)>,
    /// (queue, items waiting, seconds the oldest has waited).
    pub review_queues: Vec<(&'static str, i64, i64)>,
    /// Seconds since the newest successful backup ended; None before the first.
    pub backup_age_secs: Option<i64>,
    pub backup_failed: bool,
    pub ledger_halted: bool,
}

fn saturating_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process-wide metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_family_with_the_prefix() {
        let metrics = Metrics::new();
        metrics.record_request(
            RouteLabels { method: "GET".into(), route: "/api/personal/index".into() },
            200,
            Duration::from_millis(3),
        );
        metrics.bets_placed.inc();

        let text = metrics.encode().unwrap();

        for family in [
            "fairhall_http_requests_total",
            "fairhall_http_request_duration_seconds_bucket",
            "fairhall_bets_placed_total 1",
            "fairhall_settlement_duration_seconds_count",
            "fairhall_db_commit_rows_bucket",
            "fairhall_db_wal_bytes",
            "fairhall_live_streams",
        ] {
            assert!(text.contains(family), "{family} in\n{text}");
        }
        assert!(text.contains(r#"route="/api/personal/index""#), "{text}");
    }
}
