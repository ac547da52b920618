//! A month-old database and the benchmark against it, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench aged -- seed /tmp/aged             # 2,000 players, 5,000,000 bets, 30 days
//! cargo bench --bench aged -- seed /tmp/aged --players 200 --bets 100000 --days 2
//! cargo bench --bench aged -- run /tmp/aged              # 60 s of bets, record pages, verify
//! ```
//!
//! `seed DIR` fabricates money: it is a development tool, never an admin command. It fills an
//! empty data directory the way a month of play would, through the same verbs as the server:
//! players are made and funded by operator adjustments, the scheduler (with a simulated clock
//! starting `--days` ago) commits the seed chains and draws every period of every room, each
//! k3 period gets its share of one-line bets placed by `games::betting::place` (one write per
//! simulated hour), and the scheduler's tick settles them through the ledger. Player 0
//! (13800000000) is the heavy player: one bet in `HEAVY_EVERY`. The result passes
//! `fairhall admin verify`.
//!
//! `run DIR` starts the release binary on DIR as a separate process and measures: bets/s and
//! p99 of 64 clients betting on k3 for `--seconds`; p99 of `GET api/personal/betting_record`
//! and `GET api/personal/accountchangerecord` (pages 1..=`PAGES` of 20, three passes) for the
//! heavy player and of `GET api/trend/index`; the wall time of `fairhall admin verify` after
//! a clean stop.

mod support;

use anyhow::{Context, bail, ensure};
use fairhall::clock::{Clock, Timestamp};
use fairhall::config::Config;
use fairhall::db::Db;
use fairhall::error::AppError;
use fairhall::games::betting::{self, BetLine, Order, Quote};
use fairhall::games::rules::options::BetOption;
use fairhall::games::rules::room::{Game, Room};
use fairhall::games::schedule;
use fairhall::ids::UserId;
use fairhall::money::Money;
use fairhall::scheduler::Scheduler;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use support::{Load, Server};

/// Every player's funds: far more than a month of their bets needs.
const FUNDS: &str = "1000000.00";
/// Player 0 places one bet in this many.
const HEAVY_EVERY: u64 = 25;
/// Players made per write while seeding.
const PLAYERS_PER_WRITE: usize = 500;
/// Record pages read per pass, and passes.
const PAGES: u32 = 50;
const PASSES: u32 = 3;

fn main() -> anyhow::Result<()> {
    let (mut players, mut bets, mut days, mut seconds, mut clients) =
        (2_000, 5_000_000, 30, 60, 64);
    let mut words = Vec::new();
    let options = &mut [
        ("players", &mut players),
        ("bets", &mut bets),
        ("days", &mut days),
        ("seconds", &mut seconds),
        ("clients", &mut clients),
    ];
    if !support::parse_options(std::env::args().skip(1), options, &mut words)? {
        println!("aged benchmark skipped: run it with `cargo bench --bench aged -- seed|run DIR`");
        return Ok(());
    }
    match words.as_slice() {
        [command, dir] if command == "seed" => seed(Path::new(dir), players, bets, days),
        [command, dir] if command == "run" => {
            run(Path::new(dir), Duration::from_secs(seconds), usize::try_from(clients)?)
        }
        _ => bail!(
            "usage: cargo bench --bench aged -- seed DIR [--players N --bets N --days N] | run DIR [--seconds N --clients N]"
        ),
    }
}

/// What seeding needs at hand.
struct Seeder {
    runtime: tokio::runtime::Runtime,
    db: Db,
    scheduler: Scheduler,
    timezone: chrono_tz::Tz,
    user_ids: Vec<UserId>,
}

fn seed(dir: &Path, players: u64, bets: u64, days: u64) -> anyhow::Result<()> {
    ensure!(!dir.join("fairhall.db").exists(), "{} already holds a database", dir.display());
    ensure!(players >= 2 && days >= 1, "--players >= 2 and --days >= 1");
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let mut config = Config::default();
    config.server.data_dir = dir.to_path_buf();
    let db = fairhall::startup::open(&mut config)?;
    let timezone = config.timezone();
    let scheduler =
        Scheduler::new(db.clone(), dir, timezone)?.with_chunk_bets(config.games.settle_chunk_bets);
    let now = Clock::System.now();
    let begin = Timestamp::from_secs((now.secs() - i64::try_from(days)? * 86_400) / 3_600 * 3_600);
    runtime.block_on(scheduler.tick(begin));
    let mut seeder = Seeder { runtime, db, scheduler, timezone, user_ids: Vec::new() };
    seeder.make_players(players, begin)?;
    let hours = days * 24;
    let per_hour = bets.div_ceil(hours);
    // The first hour only commits the chains (their first periods start after `begin`).
    for hour in 1..=hours {
        let from = begin + i64::try_from(hour)? * 3_600;
        seeder.place_hour(from, per_hour, hour * per_hour)?;
        seeder.runtime.block_on(seeder.scheduler.tick(from + 3_600));
        if hour % 24 == 0 {
            println!(
                "day {} of {days} seeded ({:.0} s)",
                hour / 24,
                started.elapsed().as_secs_f64()
            );
        }
    }
    // Draws (and settles) up to now, as the server would on start.
    let mut at = begin + i64::try_from(hours + 1)? * 3_600;
    while at < now + 3_600 {
        seeder.runtime.block_on(seeder.scheduler.tick(at.min(now)));
        at += 3_600;
    }
    let report = seeder.runtime.block_on(seeder.db.read(fairhall::flows::ledger_check::verify))?;
    ensure!(report.is_ok(), "the seeded ledger does not verify: {report:?}");
    seeder.runtime.block_on(seeder.db.close())?;
    println!(
        "seeded {} in {:.0} s: {players} players, {} entries, {} postings; fairhall.db {:.0} MB",
        dir.display(),
        started.elapsed().as_secs_f64(),
        report.entries,
        report.postings,
        support::file_bytes(&dir.join("fairhall.db")) as f64 / 1e6
    );
    Ok(())
}

impl Seeder {
    fn make_players(&mut self, players: u64, now: Timestamp) -> anyhow::Result<()> {
        let hash = fairhall::auth::hash_password(&fairhall::auth::types::LoginPassword::parse(
            support::PASSWORD,
        )?)?;
        let digits = regex::Regex::new(r"^\d+$")?;
        let funds = Money::parse(FUNDS)?;
        let numbers: Vec<usize> = (0..usize::try_from(players)?).collect();
        for chunk in numbers.chunks(PLAYERS_PER_WRITE) {
            let users: Vec<fairhall::auth::NewUser> = chunk
                .iter()
                .map(|number| {
                    let phone =
                        fairhall::auth::types::Phone::parse(&support::phone(*number), &digits)?;
                    Ok(fairhall::auth::NewUser { phone, login_name: None, is_admin: false })
                })
                .collect::<anyhow::Result<_>>()?;
            let hash = hash.clone();
            let made = self.db.write(move |tx| {
                let mut ids = Vec::with_capacity(users.len());
                for user in &users {
                    let user_id = fairhall::auth::create_user(tx, user, &hash, now)?;
                    support::fund(tx, user_id, funds, now)?;
                    ids.push(user_id);
                }
                Ok(ids)
            });
            self.user_ids.extend(self.runtime.block_on(made)?);
        }
        Ok(())
    }

    /// Places `count` one-line k3 bets spread over the periods opening in the hour from `from`
    /// (bet number `first` onwards decides player, option and stake), in one write.
    fn place_hour(&self, from: Timestamp, count: u64, first: u64) -> anyhow::Result<()> {
        let (user_ids, timezone) = (self.user_ids.clone(), self.timezone);
        let codes = support::K3_OPTIONS;
        let placed = self.db.write(move |tx| {
            let room = Room::parse("k3")?;
            let terms = betting::room_terms(tx, room)?;
            for number in 0..count {
                // Each bet at its own second of the hour, inside its period's betting window.
                let now = from + i64::try_from(number * 3_600 / count).unwrap_or(0);
                let period = schedule::open_period(tx, &terms.settings, timezone, now)?;
                if now >= period.close_at {
                    continue;
                }
                let bet = first + number;
                let user_id = if bet.is_multiple_of(HEAVY_EVERY) {
                    user_ids[0]
                } else {
                    user_ids[1 + usize::try_from(bet * 7_919).unwrap_or(0) % (user_ids.len() - 1)]
                };
                let option = BetOption::parse(
                    Game::K3,
                    codes[usize::try_from(bet).unwrap_or(0) % codes.len()],
                )?;
                let stake = Money::from_minor(100 * i64::try_from(1 + bet % 10).unwrap_or(1))?;
                let lines = vec![BetLine { option, stake }];
                let order = Order { room, issue: period.issue, lines, trade: false };
                let quote = Quote { terms: terms.clone(), period };
                betting::place(
                    tx,
                    betting::Bettor { user_id, session: None },
                    &quote,
                    &order,
                    now,
                )?;
            }
            Ok::<(), AppError>(())
        });
        Ok(self.runtime.block_on(placed)?)
    }
}

fn run(dir: &Path, seconds: Duration, clients: usize) -> anyhow::Result<()> {
    ensure!(dir.join("fairhall.db").exists(), "seed {} first", dir.display());
    let server = Server::start(dir)?;
    let heavy = support::login(&server, 0)?;
    let tokens: Vec<String> =
        (1..=clients).map(|number| support::login(&server, number)).collect::<Result<_, _>>()?;
    println!(
        "server {} (pid {}) on {}, data {}",
        support::binary().display(),
        server.pid(),
        server.address,
        dir.display()
    );
    measure_bets(&server, &tokens, seconds)?;
    let agent = support::agent();
    let betting = "/api/personal/betting_record?limit=20&page=";
    let changes = "/api/personal/accountchangerecord?limit=20&page=";
    let total =
        support::get_data(&agent, &server.url(&format!("{betting}1")), Some(&heavy))?["total"]
            .clone();
    println!("heavy player 13800000000: {total} bets");
    measure_pages(&agent, &server, "betting_record", betting, &heavy)?;
    measure_pages(&agent, &server, "accountchangerecord", changes, &heavy)?;
    let trend =
        |page: u32| server.url(&format!("/api/trend/index?region=usa&limit={}", 20 + page % 181));
    measure(&agent, "trend/index (usa, limit 20..200)", PAGES * PASSES, trend, None)?;
    let stopped = server.stop()?;
    let wal = dir.join("fairhall.db-wal");
    println!("stop: {:.2} s; -wal left: {}", stopped.as_secs_f64(), wal.exists());
    let verifying = Instant::now();
    let verified = support::admin(dir, &["admin", "verify"])?;
    println!(
        "fairhall admin verify: {:.1} s (target < 60 s); fairhall.db {:.0} MB",
        verifying.elapsed().as_secs_f64(),
        support::file_bytes(&dir.join("fairhall.db")) as f64 / 1e6
    );
    println!("{}", verified.lines().take(3).collect::<Vec<_>>().join(" "));
    Ok(())
}

fn measure_bets(server: &Server, tokens: &[String], seconds: Duration) -> anyhow::Result<()> {
    let load = Load::new(server.address, &support::SPREAD_ROOMS);
    let began = Instant::now();
    let bets = std::thread::scope(|scope| {
        let driver = scope.spawn(|| support::run_clients(&load, tokens));
        std::thread::sleep(seconds);
        load.stop.store(true, Ordering::SeqCst);
        driver.join()
    });
    let bets = bets.map_err(|_| anyhow::anyhow!("the clients panicked"))??;
    let wall = began.elapsed().as_secs_f64();
    let placed = bets.iter().filter(|bet| bet.placed).count();
    let mut latencies: Vec<Duration> = bets.iter().map(|bet| bet.latency).collect();
    println!(
        "bets: {placed} placed in {wall:.0} s by {} clients = {:.0} bets/s, p99 {:.1} ms \
         ({} period_closed, {} other refusals)",
        tokens.len(),
        placed as f64 / wall,
        support::percentile_ms(&mut latencies, 0.99),
        load.closed.load(Ordering::Relaxed),
        load.refused.load(Ordering::Relaxed)
    );
    Ok(())
}

fn measure_pages(
    agent: &ureq::Agent,
    server: &Server,
    label: &str,
    path: &str,
    token: &str,
) -> anyhow::Result<()> {
    let url = |number: u32| server.url(&format!("{path}{}", 1 + number % PAGES));
    measure(
        agent,
        &format!("{label} (heavy player, pages 1..={PAGES})"),
        PAGES * PASSES,
        url,
        Some(token),
    )
}

/// `count` GETs one after the other; prints p50, p99 and max.
fn measure(
    agent: &ureq::Agent,
    label: &str,
    count: u32,
    url: impl Fn(u32) -> String,
    token: Option<&str>,
) -> anyhow::Result<()> {
    let mut latencies = Vec::with_capacity(usize::try_from(count)?);
    for number in 0..count {
        let started = Instant::now();
        support::get_data(agent, &url(number), token).context(label.to_string())?;
        latencies.push(started.elapsed());
    }
    let p50 = support::percentile_ms(&mut latencies, 0.5);
    let p99 = support::percentile_ms(&mut latencies, 0.99);
    let max = support::percentile_ms(&mut latencies, 1.0);
    println!("{label}: {count} requests, p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms");
    Ok(())
}
