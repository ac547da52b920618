//! The authentication flood benchmark, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench auth_flood                       # 1,000 clients
//! cargo bench --bench auth_flood -- --clients 1000 --timeout-secs 120
//! ```
//!
//! It starts the release binary (`target/release/fairhall serve`) on a temp data directory and
//! a free 127.0.0.1 port, with a config file (`--config`) that raises the per-address limits
//! (every client here comes from 127.0.0.1) and the request timeout. Then, from this process:
//! a probe thread places one-unit bets on k3 and times `GET api/roominfo/index?room=k3`, one
//! request every 20 ms each, for a baseline; then `--clients` clients connect at once, each
//! registering a new player and logging in (two argon2 runs each), while a sampler reads the
//! server's VmRSS from /proc/<pid>/status every 20 ms. Printed: the server's memory (sampled
//! peak and VmHWM), the flood's throughput and latencies, and the probes' latencies before and
//! during the flood. `cargo test --benches` runs the binary without `--bench`; it then only
//! says it skipped.

mod support;

use anyhow::{Context, ensure};
use bytes::Bytes;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::Server;

const PASSWORD: &str = "flood_pass_1";
/// Credited to the probe's bettor (through the operator's CLI) and moved to its game balance.
const FUNDS: &str = "100000.00";
/// How often the probe bets and reads the room, and the sampler reads the server's memory.
const PROBE_EVERY: Duration = Duration::from_millis(20);
const SAMPLE_EVERY: Duration = Duration::from_millis(20);
/// How long the probe runs before the flood (its baseline) and after it.
const BASELINE: Duration = Duration::from_secs(3);

struct Options {
    clients: usize,
    timeout_secs: u64,
}

impl Options {
    /// None when not run by `cargo bench` (which passes `--bench`).
    fn parse(args: impl Iterator<Item = String>) -> anyhow::Result<Option<Options>> {
        let (mut clients, mut timeout_secs, mut words) = (1_000, 120, Vec::new());
        let known = &mut [("clients", &mut clients), ("timeout-secs", &mut timeout_secs)];
        let benching = support::parse_options(args, known, &mut words)?;
        ensure!(words.is_empty(), "unknown arguments {words:?}");
        ensure!(clients > 0, "--clients must be positive");
        Ok(benching.then_some(Options { clients: usize::try_from(clients)?, timeout_secs }))
    }
}

fn main() -> anyhow::Result<()> {
    let Some(options) = Options::parse(std::env::args().skip(1))? else {
        println!("auth flood benchmark skipped: run it with `cargo bench --bench auth_flood`");
        return Ok(());
    };
    let server = start_server(&options)?;
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "machine: {cores} cores; server {} (pid {})",
        support::binary().display(),
        server.pid()
    );
    let bettor = Bettor::fund(&server)?;
    std::thread::sleep(Duration::from_millis(500));
    let idle_kb = memory(server.pid()).rss_kb;
    println!("server RSS before the flood: {:.1} MB", idle_kb as f64 / 1000.0);
    let stop = Arc::new(AtomicBool::new(false));
    let peak_kb = Arc::new(AtomicU64::new(idle_kb));
    let (flood, probes) = std::thread::scope(|scope| {
        let sampler = scope.spawn(|| sample_memory(server.pid(), &stop, &peak_kb));
        let probe = scope.spawn(|| probe(&server, &bettor, &stop));
        std::thread::sleep(BASELINE);
        let flood = flood(server.address, options.clients);
        std::thread::sleep(BASELINE);
        stop.store(true, Ordering::SeqCst);
        let _ = sampler.join();
        (flood, probe.join().unwrap_or_default())
    });
    let flood = flood?;
    let after = memory(server.pid());
    report_memory(peak_kb.load(Ordering::SeqCst), &after);
    report_flood(&flood, options.clients);
    report_probes(&probes, &flood);
    Ok(())
}

/// The server of the run: every client comes from 127.0.0.1, so the per-address limits are
/// raised far beyond the flood; requests may wait `--timeout-secs` for a hashing slot.
fn start_server(options: &Options) -> anyhow::Result<Server> {
    Server::start_configured(&format!(
        "request_timeout_secs = {}\n\n[auth]\nregistrations_per_address_hour = 1000000\n\
         login_max_failures_per_address = 1000000\n",
        options.timeout_secs
    ))
}

/// VmRSS and VmHWM (the peak) of a process, in kB.
struct Memory {
    rss_kb: u64,
    peak_kb: u64,
}

fn memory(pid: u32) -> Memory {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| -> u64 {
        let line = status.lines().find(|line| line.starts_with(name));
        let value = line.and_then(|line| line.split_whitespace().nth(1));
        value.and_then(|value| value.parse().ok()).unwrap_or(0)
    };
    Memory { rss_kb: field("VmRSS:"), peak_kb: field("VmHWM:") }
}

fn sample_memory(pid: u32, stop: &AtomicBool, peak_kb: &AtomicU64) {
    while !stop.load(Ordering::SeqCst) {
        peak_kb.fetch_max(memory(pid).rss_kb, Ordering::SeqCst);
        std::thread::sleep(SAMPLE_EVERY);
    }
}

fn report_memory(sampled_peak_kb: u64, after: &Memory) {
    let mb = |kb: u64| kb as f64 / 1000.0;
    println!(
        "server memory: sampled peak RSS {:.1} MB, VmHWM {:.1} MB, RSS after the flood {:.1} MB \
         (target: < 200 MB)",
        mb(sampled_peak_kb),
        mb(after.peak_kb),
        mb(after.rss_kb)
    );
}

/// The probe's player: registered, funded by the operator's CLI, its funds on the game
/// balance.
struct Bettor {
    token: String,
}

impl Bettor {
    fn fund(server: &Server) -> anyhow::Result<Bettor> {
        let phone = "13600000000";
        let form = json!({"phone": phone, "password": PASSWORD, "repassword": PASSWORD,
            "agree": "1", "age_confirmed": "1"});
        let reply = post_json(&server.url("/api/login/do_register"), None, &form)?;
        let token = reply["data"]["token"].as_str().context("no token")?.to_string();
        server.cli(&["admin", "wallet", "adjust", phone, FUNDS, "--reason", "bench funds"])?;
        let conversion = json!({"from": "balance", "amount": FUNDS});
        let converted =
            post_json(&server.url("/api/personal/conversion"), Some(&token), &conversion)?;
        ensure!(converted["code"] == 1, "the conversion was refused: {converted}");
        Ok(Bettor { token })
    }
}

fn post_json(url: &str, token: Option<&str>, form: &Value) -> anyhow::Result<Value> {
    let mut request = support::agent().post(url);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    Ok(request.send_json(form)?.body_mut().read_json()?)
}

/// One timed request of the probe or the flood.
#[derive(Clone)]
struct Sample {
    started: Instant,
    latency: Duration,
    ok: bool,
}

#[derive(Default)]
struct Probes {
    room: Vec<Sample>,
    bets: Vec<Sample>,
    /// Bets refused because k3's period was closing (the probe then reads the new issue).
    bets_between_periods: usize,
    other_refusals: Vec<String>,
}

/// Every `PROBE_EVERY`: one `GET api/roominfo/index?room=k3` and one bet on its open issue.
fn probe(server: &Server, bettor: &Bettor, stop: &AtomicBool) -> Probes {
    let agent = support::agent();
    let mut probes = Probes::default();
    let (room_url, bet_url) =
        (server.url("/api/roominfo/index?room=k3"), server.url("/api/rooms/betting"));
    let mut issue = String::new();
    while !stop.load(Ordering::SeqCst) {
        let started = Instant::now();
        let room: Option<Value> = agent
            .get(&room_url)
            .call()
            .ok()
            .and_then(|mut reply| reply.body_mut().read_json().ok());
        let ok = room.as_ref().is_some_and(|room| room["code"] == 1);
        probes.room.push(Sample { started, latency: started.elapsed(), ok });
        if let Some(open) = room.as_ref().and_then(|room| room["data"]["issue"].as_str()) {
            issue = open.to_string();
        }
        let form =
            json!({"room": "k3", "issue": issue, "bets": [{"option": "big", "amount": "1"}]});
        let started = Instant::now();
        let reply = agent.post(&bet_url).header("token", &bettor.token).send_json(&form);
        let latency = started.elapsed();
        let body: Value =
            reply.ok().and_then(|mut reply| reply.body_mut().read_json().ok()).unwrap_or_default();
        match body["err"].as_str() {
            None if body["code"] == 1 => probes.bets.push(Sample { started, latency, ok: true }),
            Some("period_closed" | "room_closed") => probes.bets_between_periods += 1,
            _ => {
                probes.bets.push(Sample { started, latency, ok: false });
                probes.other_refusals.push(body.to_string());
            }
        }
        std::thread::sleep(PROBE_EVERY.saturating_sub(started.elapsed()));
    }
    probes
}

/// What the flood's clients saw.
struct Flood {
    started: Instant,
    finished: Instant,
    registrations: Vec<Sample>,
    logins: Vec<Sample>,
    refusals: Vec<String>,
}

/// `clients` clients at once, each on its own connection: register a new player, then log in.
fn flood(address: SocketAddr, clients: usize) -> anyhow::Result<Flood> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let started = Instant::now();
    let runs = runtime.block_on(futures_util::future::join_all(
        (0..clients).map(|index| register_and_login(address, index)),
    ));
    let finished = Instant::now();
    let mut flood = Flood {
        started,
        finished,
        registrations: Vec::new(),
        logins: Vec::new(),
        refusals: Vec::new(),
    };
    for run in runs {
        let (registration, login, refusals) = run;
        flood.registrations.extend(registration);
        flood.logins.extend(login);
        flood.refusals.extend(refusals);
    }
    Ok(flood)
}

/// One client's registration and login, timed; refusals are kept as text.
async fn register_and_login(
    address: SocketAddr,
    index: usize,
) -> (Option<Sample>, Option<Sample>, Vec<String>) {
    let phone = format!("137{index:08}");
    let mut refusals = Vec::new();
    let mut connection = match support::connect(address).await {
        Ok(connection) => connection,
        Err(error) => return (None, None, vec![format!("connect: {error:#}")]),
    };
    let mut timed = async |path: &str, form: Value| {
        let started = Instant::now();
        let request =
            hyper::Request::post(path).header(hyper::header::CONTENT_TYPE, "application/json");
        let body = Bytes::from(form.to_string());
        let reply = support::send(&mut connection, address, request, body).await;
        let ok = matches!(&reply, Ok(body) if body["code"] == 1);
        if !ok {
            refusals.push(match reply {
                Ok(body) => format!("{path}: {}", body["err"]),
                Err(error) => format!("{path}: {error:#}"),
            });
        }
        Sample { started, latency: started.elapsed(), ok }
    };
    let form = json!({"phone": phone, "password": PASSWORD, "repassword": PASSWORD,
        "agree": "1", "age_confirmed": "1"});
    let registration = timed("/api/login/do_register", form).await;
    let login = timed("/api/login/post", json!({"account": phone, "password": PASSWORD})).await;
    (Some(registration), Some(login), refusals)
}

fn report_flood(flood: &Flood, clients: usize) {
    let wall = flood.finished - flood.started;
    let ok = |samples: &[Sample]| samples.iter().filter(|sample| sample.ok).count();
    let (registered, logged_in) = (ok(&flood.registrations), ok(&flood.logins));
    println!(
        "flood: {clients} clients at once, {registered} registered and {logged_in} logged in \
         within {:.1} s = {:.0} password hashes/s",
        wall.as_secs_f64(),
        (registered + logged_in) as f64 / wall.as_secs_f64().max(1e-9)
    );
    print_latencies("  registration", &flood.registrations);
    print_latencies("  login", &flood.logins);
    let mut kinds: Vec<&String> = flood.refusals.iter().collect();
    kinds.sort();
    kinds.dedup();
    println!(
        "  refusals: {} ({})",
        flood.refusals.len(),
        kinds.iter().take(5).map(|kind| kind.as_str()).collect::<Vec<_>>().join("; ")
    );
}

fn report_probes(probes: &Probes, flood: &Flood) {
    let during = |samples: &[Sample]| -> Vec<Sample> {
        let inside =
            |sample: &&Sample| sample.started >= flood.started && sample.started < flood.finished;
        samples.iter().filter(inside).cloned().collect()
    };
    let before = |samples: &[Sample]| -> Vec<Sample> {
        samples.iter().filter(|sample| sample.started < flood.started).cloned().collect()
    };
    print_latencies("GET api/roominfo/index?room=k3 before the flood", &before(&probes.room));
    print_latencies("GET api/roominfo/index?room=k3 during the flood", &during(&probes.room));
    print_latencies("bets on k3 before the flood", &before(&probes.bets));
    print_latencies("bets on k3 during the flood", &during(&probes.bets));
    println!(
        "  bets refused between periods: {}; other refusals: {} {}",
        probes.bets_between_periods,
        probes.other_refusals.len(),
        probes.other_refusals.first().map(String::as_str).unwrap_or_default()
    );
}

fn print_latencies(label: &str, samples: &[Sample]) {
    let mut latencies: Vec<Duration> = samples.iter().map(|sample| sample.latency).collect();
    latencies.sort_unstable();
    let percentile = |fraction: f64| -> f64 {
        let rank = (fraction * latencies.len() as f64).ceil() as usize;
        latencies.get(rank.saturating_sub(1)).map_or(0.0, |latency| latency.as_secs_f64() * 1e3)
    };
    let ok = samples.iter().filter(|sample| sample.ok).count();
    println!(
        "{label}: {} requests ({ok} ok); latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        samples.len(),
        percentile(0.50),
        percentile(0.99),
        percentile(1.0)
    );
}
