//! The live-stream benchmark, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench live                          # 10,000 streams of k3, 64 bettors
//! cargo bench --bench live -- --streams 10000 --bettors 64 --idle-secs 20 --bet-secs 10
//! ```
//!
//! It starts the release binary (`fairhall serve`, built by `cargo bench`) as a child process on
//! a temp data directory and a free 127.0.0.1 port, and holds the streams from this process:
//! 1. registers `--bettors` players through the API, credits them with
//!    `fairhall admin wallet adjust` and moves the money to the game balance;
//! 2. measures the server idle without streams (CPU from /proc/<pid>/stat, RSS from
//!    /proc/<pid>/status), opens `--streams` streams of k3 (the bettors' own with their
//!    session, the rest anonymous; 10 per client address via X-Forwarded-For) and measures
//!    the memory they took and the server's CPU over `--idle-secs` with nobody betting;
//! 3. waits for k3's next draw and prints, over every stream, when the event with the result
//!    arrived after the server built it (`sent_ms`);
//! 4. places one-line k3 bets from the bettors over keep-alive connections for `--bet-secs`
//!    while the streams stay open, and prints the rate and latencies.
//!
//! `cargo test --benches` runs the binary without `--bench`; it then only says it skipped.

mod server;
mod streams;
#[path = "../support/mod.rs"]
mod support;

use anyhow::{Context, ensure};
use server::{Options, Server};
use std::time::{Duration, Instant};
use streams::{Bets, Streams, percentiles};

fn main() -> anyhow::Result<()> {
    let Some(options) = Options::parse(std::env::args().skip(1))? else {
        println!("live benchmark skipped: run it with `cargo bench --bench live`");
        return Ok(());
    };
    let open_files = rlimit::increase_nofile_limit(u64::MAX).context("while raising the limit")?;
    ensure!(
        open_files > options.streams as u64 + 1_000,
        "the open files limit {open_files} is too low for {} streams",
        options.streams
    );
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "machine: {cores} cores (shared by the server and this client); open files {open_files}"
    );
    let server = Server::start()?;
    let bettors = server.players(options.bettors)?;
    println!("setup: {} players registered and funded", bettors.len());
    let streams = open_idle_streams(&server, &bettors, &options)?;

    let draw = streams.next_draw(Duration::from_secs(150))?;
    let (p50, p99, max) = percentiles(&draw.delays_ms);
    println!(
        "draw of k3 issue {}: {} of {} streams got the result; received - sent_ms: p50 {p50:.0} ms, \
         p99 {p99:.0} ms, max {max:.0} ms (target p99 < 200 ms); first to last arrival {:.0} ms",
        draw.issue,
        draw.delays_ms.len(),
        streams.opened(),
        draw.spread_ms
    );

    let balance_events_before = streams.balance_events();
    let usage = server.usage_start();
    let bets =
        Bets::run(&server, &bettors, &draw.next_issue, Duration::from_secs(options.bet_secs));
    let used = server.usage_since(&usage);
    bets.report(streams.opened());
    println!(
        "  server CPU while betting: {:.2} cores; balance events received by the bettors' \
         streams: {}",
        used.cores(),
        streams.balance_events() - balance_events_before
    );
    streams.close();
    server.stop()
}

/// Measures the server idle, opens the streams, and measures their memory and idle CPU.
fn open_idle_streams(
    server: &Server,
    bettors: &[server::Player],
    options: &Options,
) -> anyhow::Result<Streams> {
    let idle_empty = server.usage_over(Duration::from_secs(10));
    println!(
        "idle, no stream: {:.3} cores over {:.0} s, RSS {:.1} MB",
        idle_empty.cores(),
        idle_empty.wall.as_secs_f64(),
        idle_empty.rss_kb as f64 / 1024.0
    );
    let rss_before = server.rss_kb();
    let started = Instant::now();
    let streams = Streams::open(server, bettors, options.streams)?;
    println!(
        "opened {} streams in {:.1} s ({} refused or failed)",
        streams.opened(),
        started.elapsed().as_secs_f64(),
        streams.failed()
    );
    std::thread::sleep(Duration::from_secs(2));
    let rss_after = server.rss_kb();
    let added = rss_after.saturating_sub(rss_before) as f64 * 1024.0;
    println!(
        "memory: RSS {:.1} MB before, {:.1} MB with the streams = {:.0} bytes per stream \
         (target < 10 kB)",
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        added / streams.opened().max(1) as f64
    );
    let idle = server.usage_over(Duration::from_secs(options.idle_secs));
    println!(
        "idle with {} streams: {:.3} cores over {:.0} s (target < 0.05)",
        streams.opened(),
        idle.cores(),
        idle.wall.as_secs_f64()
    );
    Ok(streams)
}
