//! The betting benchmark, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench betting                                   # 100,000 bets, 64 clients
//! cargo bench --bench betting -- --bets 100000 --clients 64 --background 16
//! ```
//!
//! It serves the real router on 127.0.0.1 over a temp data directory (WAL, synchronous=FULL)
//! with a fixed clock, then: phase 1, `--clients` clients (one keep-alive connection each, all
//! driven by one client thread) place one-line bets on k3's open period through
//! `POST /api/rooms/betting` until `--bets` are placed;
//! phase 2, the clock moves to k3's draw time, `--background` clients bet on ssc's new period
//! and one scheduler tick draws and settles every k3 bet, timed. Last, the ledger is verified.
//! `cargo test --benches` runs the binary without `--bench`; it then only says it skipped.

mod support;

use anyhow::{Context, ensure};
use fairhall::auth::types::{LoginPassword, Phone};
use fairhall::clock::{Clock, Timestamp};
use fairhall::config::Config;
use fairhall::db::Db;
use fairhall::money::Money;
use fairhall::scheduler::{Scheduler, TickReport};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::{K3_OPTIONS, PASSWORD};
use tokio::runtime::Runtime;

/// Credited to every player's wallet and moved to the game balance: far more than they stake.
const FUNDS: &str = "100000.00";
const SSC_OPTIONS: [&str; 6] = ["b1_big", "b2_small", "total_odd", "total_even", "dragon", "tiger"];
/// How long the background clients bet before the settlement starts (their baseline).
const BASELINE: Duration = Duration::from_secs(1);

struct Options {
    bets: u64,
    clients: usize,
    background: usize,
}

impl Options {
    /// None when not run by `cargo bench` (which passes `--bench`).
    fn parse(args: impl Iterator<Item = String>) -> anyhow::Result<Option<Options>> {
        let (mut bets, mut clients, mut background, mut words) = (100_000, 64, 16, Vec::new());
        let known =
            &mut [("bets", &mut bets), ("clients", &mut clients), ("background", &mut background)];
        let benching = support::parse_options(args, known, &mut words)?;
        ensure!(words.is_empty(), "unknown arguments {words:?}");
        ensure!(bets > 0 && clients > 0, "--bets and --clients must be positive");
        let (clients, background) = (usize::try_from(clients)?, usize::try_from(background)?);
        Ok(benching.then_some(Options { bets, clients, background }))
    }
}

fn main() -> anyhow::Result<()> {
    let Some(options) = Options::parse(std::env::args().skip(1))? else {
        println!("betting benchmark skipped: run it with `cargo bench --bench betting`");
        return Ok(());
    };
    tracing_subscriber::fmt().with_env_filter("warn").with_writer(std::io::stderr).init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("while starting the runtime")?;
    let hall = Hall::open(&runtime)?;
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let (synchronous, journal) = hall.pragmas()?;
    println!("machine: {cores} cores; sqlite synchronous = {synchronous} (2 = FULL), {journal}");
    ensure!(synchronous == 2, "the writer connection is not synchronous=FULL");
    let k3 = hall.room_index("k3")?;
    k3.ensure_open("k3", hall.clock.now())?;
    let started = Instant::now();
    let players = hall.players(options.clients + options.background)?;
    let (bettors, background) = players.split_at(options.clients);
    println!("setup: {} players funded in {:.1} s", players.len(), started.elapsed().as_secs_f64());
    let load = Load::new(hall.address, "k3", &k3.issue, &K3_OPTIONS);
    let usage = Usage::now();
    let phase_one = run_clients(&load, bettors, Some(options.bets));
    report_placing(&phase_one, &usage.since(phase_one.client_cpu), &k3.issue);
    hall.clock.advance(k3.draw_at - hall.clock.now());
    settle_with_background(&hall, &k3.issue, background)?;
    let verified = hall.read(fairhall::flows::ledger_check::verify)?;
    ensure!(verified.is_ok(), "the ledger does not verify: {verified:?}");
    println!(
        "ledger: verified ({} accounts, {} entries, {} postings, postings total {})",
        verified.accounts, verified.entries, verified.postings, verified.postings_total
    );
    Ok(())
}

/// Phase 2: background bets on ssc; after their baseline, one tick draws and settles k3.
fn settle_with_background(
    hall: &Hall,
    k3_issue: &str,
    background: &[Player],
) -> anyhow::Result<()> {
    let ssc = hall.room_index("ssc")?;
    ssc.ensure_open("ssc", hall.clock.now())?;
    let load = Load::new(hall.address, "ssc", &ssc.issue, &SSC_OPTIONS);
    let (run, (settle_start, report, used)) = std::thread::scope(|scope| {
        let clients = scope.spawn(|| run_clients(&load, background, None));
        std::thread::sleep(BASELINE);
        let (settle_start, usage) = (Instant::now(), Usage::now());
        let report = hall.tick();
        let used = usage.since(Duration::ZERO);
        load.stop.store(true, Ordering::SeqCst);
        (clients.join(), (settle_start, report, used))
    });
    let samples = run.map_err(|_| anyhow::anyhow!("a background client panicked"))?.samples;
    let took = used.wall;
    let issue = k3_issue.to_string();
    let (placed, open): (i64, i64) = hall.read(move |connection| {
        Ok(connection.query_row(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE status = 'open') FROM bets
             WHERE room = 'k3' AND issue = ?1",
            [issue],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?)
    })?;
    println!(
        "settlement: k3 issue {k3_issue} drawn and settled by one tick in {:.3} s \
         ({} bets settled, {} periods settled; k3 bets of the issue {placed}, still open {open}; \
         target <= 1.5 s)",
        took.as_secs_f64(),
        report.bets_settled,
        report.periods_settled
    );
    println!(
        "  CPU during the tick: process {:.2} s ({:.2} cores), db-writer {:.2} s",
        used.process.as_secs_f64(),
        used.process.as_secs_f64() / took.as_secs_f64().max(1e-9),
        used.writer.as_secs_f64()
    );
    ensure!(open == 0, "{open} k3 bets of issue {k3_issue} are still open");
    let settle_end = settle_start + took;
    let (before, during): (Vec<Sample>, Vec<Sample>) =
        samples.into_iter().partition(|sample| sample.started + sample.latency < settle_start);
    let during: Vec<Sample> =
        during.into_iter().filter(|sample| sample.started < settle_end).collect();
    let label = format!("ssc issue {} by {} background clients", ssc.issue, background.len());
    print_latencies(&format!("background before settlement ({label})"), &before, BASELINE);
    print_latencies(&format!("background during settlement ({label})"), &during, took);
    println!("  target during settlement: p99 < 100 ms");
    Ok(())
}

fn report_placing(run: &Run, used: &Used, issue: &str) {
    let samples = &run.samples;
    let first = samples.iter().map(|sample| sample.started).min();
    let last = samples.iter().map(|sample| sample.started + sample.latency).max();
    let wall = first.zip(last).map_or(Duration::ZERO, |(first, last)| last - first);
    let label = format!("phase 1: bets on k3 issue {issue} by {} clients", run.clients);
    print_latencies(&label, samples, wall);
    print_tenths(samples);
    let per_bet = |cpu: Duration| cpu.as_secs_f64() * 1e3 / samples.len().max(1) as f64;
    let server = used.process.saturating_sub(used.clients);
    println!(
        "  CPU per bet: {:.3} ms = server {:.3} (of it db-writer {:.3}) + clients {:.3}; \
         the process used {:.2} cores",
        per_bet(used.process),
        per_bet(server),
        per_bet(used.writer),
        per_bet(used.clients),
        used.process.as_secs_f64() / used.wall.as_secs_f64().max(1e-9)
    );
    println!("  target: >= 5000 bets/s with p99 < 50 ms");
}

/// Bets/s and p99 of each tenth of the bets in completion order, to show whether placing
/// slows down as the period fills.
fn print_tenths(samples: &[Sample]) {
    let mut done: Vec<(Instant, Duration)> =
        samples.iter().map(|sample| (sample.started + sample.latency, sample.latency)).collect();
    done.sort_unstable();
    let tenth = done.len().div_ceil(10).max(1);
    let mut since = samples.iter().map(|sample| sample.started).min();
    let mut parts = Vec::new();
    for chunk in done.chunks(tenth) {
        let end = chunk.last().map(|(end, _)| *end);
        let wall = since.zip(end).map_or(0.0, |(since, end)| (end - since).as_secs_f64());
        let mut latencies: Vec<Duration> = chunk.iter().map(|(_, latency)| *latency).collect();
        latencies.sort_unstable();
        let p99 = latencies[(latencies.len() * 99).div_ceil(100).saturating_sub(1)];
        let rate = chunk.len() as f64 / wall.max(1e-9);
        parts.push(format!("{rate:.0}/s p99 {:.0} ms", p99.as_secs_f64() * 1e3));
        since = end;
    }
    println!("  by tenth of the bets: {}", parts.join(", "));
}

/// One line of counts and latencies; refusals are counted and the first is shown.
fn print_latencies(label: &str, samples: &[Sample], wall: Duration) {
    let mut latencies: Vec<Duration> = samples.iter().map(|sample| sample.latency).collect();
    latencies.sort_unstable();
    let percentile = |fraction: f64| -> f64 {
        let rank = (fraction * latencies.len() as f64).ceil() as usize;
        latencies.get(rank.saturating_sub(1)).map_or(0.0, |latency| latency.as_secs_f64() * 1e3)
    };
    let refused: Vec<&Sample> = samples.iter().filter(|sample| sample.refusal.is_some()).collect();
    let placed = samples.len() - refused.len();
    println!(
        "{label}: {placed} placed in {:.2} s = {:.0} bets/s; latency p50 {:.1} ms, \
         p99 {:.1} ms, max {:.1} ms; {} refused{}",
        wall.as_secs_f64(),
        placed as f64 / wall.as_secs_f64().max(1e-9),
        percentile(0.50),
        percentile(0.99),
        percentile(1.0),
        refused.len(),
        refused.first().and_then(|sample| sample.refusal.as_deref()).unwrap_or_default()
    );
}

/// What the clients bet on, and when they stop.
struct Load {
    address: SocketAddr,
    room: &'static str,
    issue: String,
    options: &'static [&'static str],
    claimed: AtomicU64,
    stop: AtomicBool,
}

impl Load {
    fn new(
        address: SocketAddr,
        room: &'static str,
        issue: &str,
        options: &'static [&'static str],
    ) -> Load {
        let issue = issue.to_string();
        Load {
            address,
            room,
            issue,
            options,
            claimed: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }
}

/// One request: when it started, how long until the whole reply was read, and the refusal.
struct Sample {
    started: Instant,
    latency: Duration,
    refusal: Option<String>,
}

/// One keep-alive HTTP/1.1 connection per player, all driven by one client thread (a
/// current-thread runtime), each placing one-line bets back to back until `limit` bets are
/// claimed by all of them together, or without limit until `load.stop`. One thread for every
/// client, not one each, leaves the two cores to the server rather than to client switching.
fn run_clients(load: &Load, players: &[Player], limit: Option<u64>) -> Run {
    let drive = || -> anyhow::Result<(Vec<Sample>, Duration)> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let clients = players
            .iter()
            .enumerate()
            .map(|(index, player)| run_client(load, player, index, limit));
        let samples = runtime.block_on(futures_util::future::join_all(clients));
        Ok((samples.into_iter().flatten().collect(), cpu::this_thread()))
    };
    let (samples, client_cpu) = std::thread::scope(|scope| scope.spawn(drive).join())
        .unwrap_or_else(|_| Err(anyhow::anyhow!("the client thread panicked")))
        .unwrap_or_else(|error| {
            eprintln!("the clients failed: {error:#}");
            (Vec::new(), Duration::ZERO)
        });
    Run { samples, client_cpu, clients: players.len() }
}

/// What the clients did: every request, and the CPU time their thread used.
struct Run {
    samples: Vec<Sample>,
    client_cpu: Duration,
    clients: usize,
}

async fn run_client(load: &Load, player: &Player, index: usize, limit: Option<u64>) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut connection = match support::connect(load.address).await {
        Ok(connection) => connection,
        Err(error) => {
            let refusal = Some(format!("could not connect: {error:#}"));
            samples.push(Sample { started: Instant::now(), latency: Duration::ZERO, refusal });
            return samples;
        }
    };
    let mut option = index;
    while !load.stop.load(Ordering::Relaxed)
        && limit.is_none_or(|limit| load.claimed.fetch_add(1, Ordering::Relaxed) < limit)
    {
        option = (option + 1) % load.options.len();
        let bet = json!({"option": load.options[option], "amount": "1"});
        let form = json!({"room": load.room, "issue": load.issue, "bets": [bet]});
        let started = Instant::now();
        let reply = support::post_bet(&mut connection, load.address, &player.token, &form).await;
        let latency = started.elapsed();
        let refusal = match reply {
            Ok(body) if body["code"] == 1 => None,
            Ok(body) => Some(body.to_string()),
            Err(error) => Some(format!("{error:#}")),
        };
        samples.push(Sample { started, latency, refusal });
    }
    samples
}

struct Player {
    token: String,
}

/// The open period of a room as `api/roominfo/index` shows it.
struct RoomIndex {
    issue: String,
    close_at: Timestamp,
    draw_at: Timestamp,
}

impl RoomIndex {
    fn ensure_open(&self, room: &str, now: Timestamp) -> anyhow::Result<()> {
        ensure!(now < self.close_at, "{room} period {} is closed at {now}", self.issue);
        Ok(())
    }
}

/// The server under test: the router `serve` runs, on a temp data directory, a fixed clock
/// at the real current time and the scheduler, with a runtime to drive them.
struct Hall<'r> {
    runtime: &'r Runtime,
    db: Db,
    clock: Clock,
    scheduler: Scheduler,
    address: SocketAddr,
    url: String,
    _dir: tempfile::TempDir,
}

impl<'r> Hall<'r> {
    /// Serves the app and moves the clock to the start of a committed k3 period (the first
    /// chains start with each source's next period, at most 300 s away).
    fn open(runtime: &'r Runtime) -> anyhow::Result<Hall<'r>> {
        let dir = tempfile::tempdir().context("while creating a temp directory")?;
        let mut config = Config::default();
        config.server.data_dir = dir.path().to_path_buf();
        config.validate()?;
        let db = fairhall::startup::open(&mut config)?;
        let clock = Clock::fixed(Clock::System.now());
        let scheduler = Scheduler::new(db.clone(), dir.path(), config.timezone())?
            .with_chunk_bets(config.games.settle_chunk_bets);
        let state = fairhall::http::AppState::new(config, db.clone(), clock.clone())?;
        let service =
            fairhall::http::app(state).into_make_service_with_connect_info::<SocketAddr>();
        let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
        let address = listener.local_addr()?;
        let url = format!("http://{address}");
        runtime.spawn(axum::serve(listener, service).into_future());
        let hall = Hall { runtime, db, clock, scheduler, address, url, _dir: dir };
        hall.tick();
        hall.clock.advance(300);
        let draw_at = hall.room_index("k3")?.draw_at;
        hall.clock.advance(draw_at - hall.clock.now());
        hall.tick();
        Ok(hall)
    }

    fn tick(&self) -> TickReport {
        self.runtime.block_on(self.scheduler.tick(self.clock.now()))
    }

    fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&rusqlite::Connection) -> Result<T, fairhall::error::AppError>
        + Send
        + 'static,
    ) -> anyhow::Result<T> {
        Ok(self.runtime.block_on(self.db.read(work))?)
    }

    /// `PRAGMA synchronous` and `journal_mode` of the writer's own connection.
    fn pragmas(&self) -> anyhow::Result<(i64, String)> {
        let pragma = |tx: &fairhall::db::Tx| -> Result<(i64, String), fairhall::error::AppError> {
            let synchronous = tx.query_row("PRAGMA synchronous", [], |row| row.get(0))?;
            let journal = tx.query_row("PRAGMA journal_mode", [], |row| row.get(0))?;
            Ok((synchronous, journal))
        };
        Ok(self.runtime.block_on(self.db.write(pragma))?)
    }

    fn room_index(&self, room: &str) -> anyhow::Result<RoomIndex> {
        let url = format!("{}/api/roominfo/index?room={room}", self.url);
        let body: Value = support::agent().get(&url).call()?.body_mut().read_json()?;
        let data = &body["data"];
        let issue = data["issue"].as_str().with_context(|| format!("no open issue: {body}"))?;
        let close_at = Timestamp::from_secs(data["close_at"].as_i64().context("no close time")?);
        let draw_at = Timestamp::from_secs(data["draw_at"].as_i64().context("no draw time")?);
        Ok(RoomIndex { issue: issue.to_string(), close_at, draw_at })
    }

    /// `count` players made by the operator's verb, logged in through the API and funded
    /// (an adjustment credits the wallet, a conversion moves it to the game balance).
    fn players(&self, count: usize) -> anyhow::Result<Vec<Player>> {
        let password = LoginPassword::parse(PASSWORD)?;
        let hash = fairhall::auth::hash_password(&password)?;
        let digits = regex::Regex::new(r"^\d+$")?;
        let agent = support::agent();
        (0..count)
            .map(|number| {
                let phone = format!("138{number:08}");
                let user = fairhall::auth::NewUser {
                    phone: Phone::parse(&phone, &digits)?,
                    login_name: None,
                    is_admin: false,
                };
                let (hash, now) = (hash.clone(), self.clock.now());
                let created = self.db.write(move |tx| {
                    let user_id = fairhall::auth::create_user(tx, &user, &hash, now)?;
                    let credit = fairhall::wallet::Adjustment {
                        user_id,
                        credit: true,
                        amount: Money::parse(FUNDS)?,
                        reason: "benchmark funds".into(),
                        admin: "bench".into(),
                    };
                    fairhall::wallet::adjust(tx, &credit, now)
                });
                self.runtime.block_on(created)?;
                let login = json!({"account": phone, "password": PASSWORD});
                let reply = post(&agent, &format!("{}/api/login/post", self.url), None, &login)?;
                let token = reply["token"].as_str().context("no token")?.to_string();
                let conversion = json!({"from": "balance", "amount": FUNDS});
                let url = format!("{}/api/personal/conversion", self.url);
                post(&agent, &url, Some(&token), &conversion)?;
                Ok(Player { token })
            })
            .collect()
    }
}

/// POSTs JSON and returns the envelope's data; a refusal is an error.
fn post(
    agent: &ureq::Agent,
    url: &str,
    token: Option<&str>,
    form: &Value,
) -> anyhow::Result<Value> {
    let mut request = agent.post(url);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    let mut body: Value = request.send_json(form)?.body_mut().read_json()?;
    ensure!(body["code"] == 1, "{url} refused: {body}");
    Ok(body["data"].take())
}

/// CPU counters at one instant, to tell the server's cost from the clients' on a shared machine.
struct Usage {
    at: Instant,
    process: Duration,
    writer: Duration,
}

/// CPU used since a `Usage`, over `wall` time.
struct Used {
    wall: Duration,
    process: Duration,
    writer: Duration,
    clients: Duration,
}

impl Usage {
    fn now() -> Usage {
        Usage { at: Instant::now(), process: cpu::process(), writer: cpu::writer() }
    }

    /// `clients`: what the client threads of the interval measured themselves.
    fn since(&self, clients: Duration) -> Used {
        Used {
            wall: self.at.elapsed(),
            process: cpu::process().saturating_sub(self.process),
            writer: cpu::writer().saturating_sub(self.writer),
            clients,
        }
    }
}

/// CPU time from Linux's /proc; zero where it cannot be read.
mod cpu {
    use std::path::Path;
    use std::time::Duration;

    /// User + system time of the whole process, exited threads included.
    pub fn process() -> Duration {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        // Fields after the command name start with field 3; utime is 14, stime 15, in clock
        // ticks of 10 ms (USER_HZ).
        let fields: Vec<&str> =
            stat.rsplit(')').next().unwrap_or_default().split_whitespace().collect();
        let ticks = |field: usize| -> u64 {
            fields.get(field - 3).and_then(|value| value.parse().ok()).unwrap_or(0)
        };
        Duration::from_millis((ticks(14) + ticks(15)) * 10)
    }

    /// On-CPU time of the calling thread.
    pub fn this_thread() -> Duration {
        on_cpu("/proc/thread-self/schedstat")
    }

    /// On-CPU time of the database writer thread (`db-writer`).
    pub fn writer() -> Duration {
        let tasks = std::fs::read_dir("/proc/self/task").into_iter().flatten().flatten();
        tasks
            .filter(|task| {
                let comm = std::fs::read_to_string(task.path().join("comm"));
                comm.is_ok_and(|comm| comm.trim() == "db-writer")
            })
            .map(|task| on_cpu(task.path().join("schedstat")))
            .sum()
    }

    /// The first field of a schedstat file: nanoseconds on a CPU.
    fn on_cpu(path: impl AsRef<Path>) -> Duration {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let nanos = text.split_whitespace().next().and_then(|value| value.parse().ok());
        Duration::from_nanos(nanos.unwrap_or(0))
    }
}
