//! The sustained-load benchmark, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench sustained                      # 5 minutes, 64 clients
//! cargo bench --bench sustained -- --minutes 1 --clients 64
//! ```
//!
//! Measured as a user would: the release binary `fairhall serve` runs as its own process on a
//! temp data directory and a free 127.0.0.1 port, with the real clock and its own scheduler
//! drawing and settling k3 every 60 s. The players are made and funded with the library's
//! verbs before it starts, then log in through the API. `--clients` keep-alive connections
//! (one player each, all driven by one client thread) place one-line bets of 1.00 on the open
//! periods of k3, pk10, rgb3 and usa_ordinary (`support::SPREAD_ROOMS`, read from `GET api/roominfo/index`):
//! a client whose room has closed before its draw goes on in another room whose betting is
//! open, as players do, and waits for a draw only when all four are closed. Each minute
//! prints bets/s, the p99 latency, the largest `-wal` size seen (sampled every 100 ms) and the
//! server's RSS. Last, SIGTERM: the server must stop cleanly with no `-wal` file left, and
//! `fairhall admin verify` must pass.
//! `cargo test --benches` runs the binary without `--bench`; it then only says it skipped.

mod support;

use anyhow::{Context, ensure};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use support::{Load, Sample, Samples, Server};

/// Credited to every player and moved to the game balance: far more than they stake.
const FUNDS: &str = "1000000.00";
const MINUTE: Duration = Duration::from_secs(60);
/// The default bound of the log, which the server runs with (`db.wal_max_bytes`).
const WAL_MAX_BYTES: u64 = 64 * 1024 * 1024;

fn main() -> anyhow::Result<()> {
    let (mut minutes, mut clients) = (5, 64);
    let mut words = Vec::new();
    let options = &mut [("minutes", &mut minutes), ("clients", &mut clients)];
    if !support::parse_options(std::env::args().skip(1), options, &mut words)? {
        println!("sustained benchmark skipped: run it with `cargo bench --bench sustained`");
        return Ok(());
    }
    ensure!(minutes > 0 && clients > 0, "--minutes and --clients must be positive");
    let clients = usize::try_from(clients)?;
    let dir = tempfile::tempdir().context("while creating a temp directory")?;
    let started = Instant::now();
    support::make_players(dir.path(), 0, clients, FUNDS)?;
    let server = Server::start(dir.path())?;
    let tokens: Vec<String> =
        (0..clients).map(|number| support::login(&server, number)).collect::<Result<_, _>>()?;
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "machine: {cores} cores; server {} (pid {}) on {}; {clients} players ready in {:.1} s",
        support::binary().display(),
        server.pid(),
        server.address,
        started.elapsed().as_secs_f64()
    );
    let load = Load::new(server.address, &support::SPREAD_ROOMS);
    let stop_sampling = std::sync::atomic::AtomicBool::new(false);
    let began = Instant::now();
    let (bets, samples) = std::thread::scope(|scope| {
        let sampler = scope.spawn(|| support::sample(dir.path(), server.pid(), &stop_sampling));
        let driver = scope.spawn(|| support::run_clients(&load, &tokens));
        std::thread::sleep(MINUTE * u32::try_from(minutes).unwrap_or(1));
        load.stop.store(true, Ordering::SeqCst);
        let bets = driver.join();
        stop_sampling.store(true, Ordering::SeqCst);
        (bets, sampler.join())
    });
    let bets = bets.map_err(|_| anyhow::anyhow!("the clients panicked"))??;
    let samples = samples.map_err(|_| anyhow::anyhow!("the sampler panicked"))?;
    report_minutes(began, minutes, &bets, &samples);
    report_refusals(&load);
    finish(server, dir.path())
}

/// One line per minute of the run; replies read after the last minute count in it.
fn report_minutes(began: Instant, minutes: u64, bets: &[Sample], samples: &Samples) {
    let minute_of = |at: Instant| minute_of(began, at).min(minutes - 1);
    let mut largest_wal = 0;
    for minute in 0..minutes {
        let of_minute: Vec<&Sample> =
            bets.iter().filter(|bet| minute_of(bet.done) == minute).collect();
        let placed = of_minute.iter().filter(|bet| bet.placed).count();
        let mut latencies: Vec<Duration> = of_minute.iter().map(|bet| bet.latency).collect();
        let p99 = support::percentile_ms(&mut latencies, 0.99);
        let of_samples = samples.at.iter().filter(|(at, ..)| minute_of(*at) == minute);
        let (wal, rss) = of_samples.fold((0, 0), |(wal, _), (_, size, rss)| (wal.max(*size), *rss));
        largest_wal = largest_wal.max(wal);
        let seconds = 60.0;
        println!(
            "minute {}: {:.0} bets/s ({placed} placed), p99 {p99:.1} ms, largest -wal {:.1} MB, \
             server RSS {:.1} MB",
            minute + 1,
            placed as f64 / seconds,
            wal as f64 / 1e6,
            rss as f64 / 1e6
        );
    }
    let mut all: Vec<Duration> = bets.iter().map(|bet| bet.latency).collect();
    let placed = bets.iter().filter(|bet| bet.placed).count();
    println!(
        "whole run: {placed} bets placed in {:.0} s = {:.0} bets/s, p99 {:.1} ms; largest -wal \
         {:.1} MB (bound {:.1} MB: {})",
        began.elapsed().as_secs_f64(),
        placed as f64 / began.elapsed().as_secs_f64(),
        support::percentile_ms(&mut all, 0.99),
        largest_wal as f64 / 1e6,
        WAL_MAX_BYTES as f64 / 1e6,
        if largest_wal <= WAL_MAX_BYTES { "held" } else { "EXCEEDED" }
    );
    println!("  targets: every minute >= 5000 bets/s, p99 < 50 ms, -wal never above the bound");
}

fn minute_of(began: Instant, at: Instant) -> u64 {
    at.saturating_duration_since(began).as_secs() / 60
}

fn report_refusals(load: &Load) {
    let first = load.first_refusal.lock().ok().and_then(|first| first.clone());
    println!(
        "refusals: {} period_closed (then re-read), {} other{}",
        load.closed.load(Ordering::Relaxed),
        load.refused.load(Ordering::Relaxed),
        first.map(|first| format!(", first: {first}")).unwrap_or_default()
    );
}

/// SIGTERM, then: no `-wal` left, and the ledger verifies.
fn finish(server: Server, data_dir: &std::path::Path) -> anyhow::Result<()> {
    let stopped = server.stop()?;
    let wal = data_dir.join("fairhall.db-wal");
    println!(
        "stop: SIGTERM to exit in {:.2} s; -wal file after exit: {}; fairhall.db {:.1} MB",
        stopped.as_secs_f64(),
        if wal.exists() {
            format!("{} bytes (LEFT BEHIND)", support::file_bytes(&wal))
        } else {
            "none".into()
        },
        support::file_bytes(&data_dir.join("fairhall.db")) as f64 / 1e6
    );
    let verifying = Instant::now();
    let verified = support::admin(data_dir, &["admin", "verify"]);
    println!(
        "fairhall admin verify: {} in {:.1} s",
        if verified.is_ok() { "ok" } else { "FAILED" },
        verifying.elapsed().as_secs_f64()
    );
    verified.map(|_| ())
}
