//! What the benchmarks that drive the release binary share: the server as a separate process
//! (`fairhall serve` on a free 127.0.0.1 port), players made with the library's verbs before it
//! starts, keep-alive HTTP clients placing one-line bets on the open periods, and samplers of
//! the `-wal` size and the server's RSS.

#![allow(dead_code)] // each benchmark uses its own part of this module

use anyhow::{Context, bail, ensure};
use bytes::Bytes;
use fairhall::auth::types::{LoginPassword, Phone};
use fairhall::config::Config;
use fairhall::ids::UserId;
use http_body_util::{BodyExt, Full};
use serde_json::{Value, json};
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const PASSWORD: &str = "bench_pass_1";
/// Options of the one-line bets, in rotation: spread so that no per-player, all-player or
/// payout limit of k3's defaults is reached within a period.
pub const K3_OPTIONS: [&str; 8] =
    ["big", "small", "odd", "even", "sum_10", "sum_11", "die_3", "pair_1"];
/// How long the server may take to start and to stop.
const START_TIMEOUT: Duration = Duration::from_secs(60);
const STOP_TIMEOUT: Duration = Duration::from_secs(30);
/// How often the samplers look at the `-wal` file and the server's RSS.
pub const SAMPLE_INTERVAL: Duration = Duration::from_millis(100);

/// The release binary `cargo bench` built beside this benchmark.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fairhall"))
}

/// The phone number of player `number`.
pub fn phone(number: usize) -> String {
    format!("138{number:08}")
}

/// Makes `count` players (phones from `first`) with the operator's verbs on the database of
/// `data_dir`, each credited `funds` and with it moved to the game balance, then closes it.
pub fn make_players(
    data_dir: &Path,
    first: usize,
    count: usize,
    funds: &str,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let mut config = Config::default();
    config.server.data_dir = data_dir.to_path_buf();
    let db = fairhall::startup::open(&mut config)?;
    let hash = fairhall::auth::hash_password(&LoginPassword::parse(PASSWORD)?)?;
    let digits = regex::Regex::new(r"^\d+$")?;
    let now = fairhall::clock::Clock::System.now();
    let funds = fairhall::money::Money::parse(funds)?;
    let users: Vec<fairhall::auth::NewUser> = (first..first + count)
        .map(|number| {
            let phone = Phone::parse(&phone(number), &digits)?;
            Ok(fairhall::auth::NewUser { phone, login_name: None, is_admin: false })
        })
        .collect::<anyhow::Result<_>>()?;
    let made = db.write(move |tx| {
        for user in &users {
            let user_id = fairhall::auth::create_user(tx, user, &hash, now)?;
            fund(tx, user_id, funds, now)?;
        }
        Ok(())
    });
    runtime.block_on(made)?;
    runtime.block_on(db.close())
}

/// Credits `funds` to the wallet (an operator adjustment) and moves them to the game balance.
pub fn fund(
    tx: &fairhall::db::Tx,
    user_id: UserId,
    funds: fairhall::money::Money,
    now: fairhall::clock::Timestamp,
) -> Result<(), fairhall::error::AppError> {
    let credit = fairhall::wallet::Adjustment {
        user_id,
        credit: true,
        amount: funds,
        reason: "benchmark funds".into(),
        admin: "bench".into(),
    };
    fairhall::wallet::adjust(tx, &credit, now)?;
    let form = fairhall::wallet::types::ConversionForm {
        from: Some("balance".into()),
        amount: Some(funds.to_string()),
    };
    let conversion = fairhall::wallet::types::Conversion::parse(form)?;
    fairhall::wallet::convert(tx, user_id, &conversion, now)?;
    Ok(())
}

/// `fairhall --data-dir DIR ARGS`, which must succeed; its standard output.
pub fn admin(data_dir: &Path, args: &[&str]) -> anyhow::Result<String> {
    run_cli(&["--data-dir".into(), data_dir.into()], args)
}

/// `fairhall LOCATOR ARGS` (LOCATOR: `--data-dir DIR` or `--config FILE`), which must succeed;
/// its standard output.
fn run_cli(locator: &[OsString], args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new(binary())
        .args(locator)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .context("while running fairhall")?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    ensure!(
        output.status.success(),
        "fairhall {args:?} failed: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(stdout)
}

/// `fairhall serve` as a separate process on a free port of 127.0.0.1.
pub struct Server {
    child: Child,
    pub address: SocketAddr,
    pub data_dir: PathBuf,
    /// How the CLI finds this server's data: `--data-dir DIR` or `--config FILE`.
    locator: Vec<OsString>,
    /// A configured server's directory (config file and data), removed on drop.
    _dir: Option<tempfile::TempDir>,
}

impl Server {
    /// Serves `data_dir` with the default config.
    pub fn start(data_dir: &Path) -> anyhow::Result<Server> {
        let locator = vec!["--data-dir".into(), data_dir.into()];
        Server::spawn(locator, data_dir.to_path_buf(), None)
    }

    /// Serves a fresh data directory with a config file of `[server]`'s `data_dir` followed by
    /// `settings` (more `[server]` keys, then other sections), both in a temp directory.
    pub fn start_configured(settings: &str) -> anyhow::Result<Server> {
        let dir = tempfile::tempdir().context("while creating a temp directory")?;
        let data_dir = dir.path().join("data");
        let config = dir.path().join("fairhall.toml");
        let data = data_dir.display().to_string();
        std::fs::write(&config, format!("[server]\ndata_dir = {data:?}\n{settings}"))?;
        Server::spawn(vec!["--config".into(), config.into()], data_dir, Some(dir))
    }

    fn spawn(
        locator: Vec<OsString>,
        data_dir: PathBuf,
        dir: Option<tempfile::TempDir>,
    ) -> anyhow::Result<Server> {
        let mut child = Command::new(binary())
            .args(&locator)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "warn,fairhall=info")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("while starting fairhall serve")?;
        let stdout = child.stdout.take().context("no stdout pipe")?;
        let (sender, receiver) = std::sync::mpsc::channel();
        // Drains the log for the server's whole life; warnings are shown.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some((_, rest)) = line.split_once("fairhall is serving address=") {
                    let _ = sender.send(rest.split_whitespace().next().unwrap_or("").to_string());
                } else if line.contains("WARN") || line.contains("ERROR") {
                    eprintln!("server: {line}");
                }
            }
        });
        let address = receiver.recv_timeout(START_TIMEOUT).context("the server did not start")?;
        let address = address.parse().context("the server's address")?;
        Ok(Server { child, address, data_dir, locator, _dir: dir })
    }

    /// `fairhall ARGS` on this server's data (the operator's CLI beside it); its output.
    pub fn cli(&self, args: &[&str]) -> anyhow::Result<String> {
        run_cli(&self.locator, args)
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGTERM, and the time until the process exited.
    pub fn stop(mut self) -> anyhow::Result<Duration> {
        let started = Instant::now();
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().context("while running kill")?;
        while started.elapsed() < STOP_TIMEOUT {
            if let Some(status) = self.child.try_wait()? {
                ensure!(status.success(), "the server exited with {status}");
                return Ok(started.elapsed());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        bail!("the server did not stop within {STOP_TIMEOUT:?} of SIGTERM")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

/// GETs `url` and returns the envelope's data; a refusal is an error.
pub fn get_data(agent: &ureq::Agent, url: &str, token: Option<&str>) -> anyhow::Result<Value> {
    let mut request = agent.get(url);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    let mut body: Value = request.call()?.body_mut().read_json()?;
    ensure!(body["code"] == 1, "{url} refused: {body}");
    Ok(body["data"].take())
}

/// Logs player `number` in through the API; the session token.
pub fn login(server: &Server, number: usize) -> anyhow::Result<String> {
    let login = json!({"account": phone(number), "password": PASSWORD});
    let mut body: Value =
        agent().post(&server.url("/api/login/post")).send_json(&login)?.body_mut().read_json()?;
    ensure!(body["code"] == 1, "login refused: {body}");
    Ok(body["data"]["token"].take().as_str().context("no token")?.to_string())
}

/// Size of a file now, 0 when there is none.
pub fn file_bytes(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |meta| meta.len())
}

/// VmRSS of a process in bytes, 0 when unreadable.
pub fn rss_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap_or_default();
    let kilobytes: u64 = line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).unwrap_or(0);
    kilobytes * 1024
}

/// One sample every `SAMPLE_INTERVAL`: when, the `-wal` size and the server's RSS.
pub struct Samples {
    pub at: Vec<(Instant, u64, u64)>,
}

/// Samples the `-wal` file of `data_dir` and the RSS of `pid` until `stop`.
pub fn sample(data_dir: &Path, pid: u32, stop: &AtomicBool) -> Samples {
    let wal = data_dir.join("fairhall.db-wal");
    let mut at = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        at.push((Instant::now(), file_bytes(&wal), rss_bytes(pid)));
        std::thread::sleep(SAMPLE_INTERVAL);
    }
    Samples { at }
}

/// One request: when its reply was read in full, how long it took, and whether it was taken.
#[derive(Clone, Copy)]
pub struct Sample {
    pub done: Instant,
    pub latency: Duration,
    pub placed: bool,
}

/// A room's open period as `GET api/roominfo/index` shows it.
#[derive(Clone, Debug, Default)]
pub struct Period {
    pub issue: String,
    pub close_at: i64,
    pub draw_at: i64,
}

/// The rooms the sustained clients bet in, with the options each rotates through: their
/// betting closes fall at different moments (k3 60 s / 10 s, pk10 75 s / 15 s, rgb3 180 s /
/// 15 s, usa 120 s / 30 s), so a client whose room has closed goes on in another, as players
/// do. (k3, pk10 and rgb3 alone are all closed 10 s in every 15 minutes.)
pub const SPREAD_ROOMS: [(&str, &[&str]); 4] = [
    ("k3", &K3_OPTIONS),
    ("pk10", &["p1_big", "p2_small", "p3_odd", "p4_even", "sum_big", "sum_small"]),
    ("rgb3", &["red", "green", "num_1", "num_2", "num_3", "num_4"]),
    ("usa_ordinary", &["big", "small", "odd", "even"]),
];

/// Only k3, as the outside load test that opened issue 10 bet.
pub const K3_ONLY: [(&str, &[&str]); 1] = [("k3", &K3_OPTIONS)];

/// One room of the load: its options and the open period the clients bet on.
pub struct RoomLoad {
    pub room: &'static str,
    pub options: &'static [&'static str],
    pub period: Mutex<Period>,
    pub refresh: tokio::sync::Mutex<()>,
}

impl RoomLoad {
    fn issue(&self) -> (String, i64) {
        let period = self.period.lock().map(|period| period.clone()).unwrap_or_default();
        (period.issue, period.close_at)
    }
}

/// What the clients bet on and when they stop; refusals other than a closed period are
/// counted and the first is kept.
pub struct Load {
    pub address: SocketAddr,
    pub rooms: Vec<RoomLoad>,
    pub stop: AtomicBool,
    pub refused: AtomicU64,
    pub closed: AtomicU64,
    pub first_refusal: Mutex<Option<String>>,
}

impl Load {
    pub fn new(address: SocketAddr, rooms: &[(&'static str, &'static [&'static str])]) -> Load {
        let rooms = rooms
            .iter()
            .map(|(room, options)| RoomLoad {
                room,
                options,
                period: Mutex::new(Period::default()),
                refresh: tokio::sync::Mutex::new(()),
            })
            .collect();
        Load {
            address,
            rooms,
            stop: AtomicBool::new(false),
            refused: AtomicU64::new(0),
            closed: AtomicU64::new(0),
            first_refusal: Mutex::new(None),
        }
    }
}

/// A keep-alive HTTP/1.1 connection of a benchmark's client.
pub type Connection = hyper::client::conn::http1::SendRequest<Full<Bytes>>;

pub async fn connect(address: SocketAddr) -> anyhow::Result<Connection> {
    let stream = tokio::net::TcpStream::connect(address).await?;
    stream.set_nodelay(true)?;
    let (sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await?;
    tokio::spawn(connection);
    Ok(sender)
}

/// Sends a request to `address` on a keep-alive connection and parses the whole reply.
pub async fn send(
    connection: &mut Connection,
    address: SocketAddr,
    request: hyper::http::request::Builder,
    body: Bytes,
) -> anyhow::Result<Value> {
    let request = request.header(hyper::header::HOST, address.to_string()).body(Full::new(body))?;
    connection.ready().await?;
    let body = connection.send_request(request).await?.into_body().collect().await?.to_bytes();
    Ok(serde_json::from_slice(&body)?)
}

/// POSTs `form` as JSON to `api/rooms/betting` with the player's token; the whole reply.
pub async fn post_bet(
    connection: &mut Connection,
    address: SocketAddr,
    token: &str,
    form: &Value,
) -> anyhow::Result<Value> {
    let request = hyper::Request::post("/api/rooms/betting")
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .header("token", token);
    send(connection, address, request, Bytes::from(form.to_string())).await
}

fn unix_now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |since| i64::try_from(since.as_secs()).unwrap_or(0))
}

/// Re-reads `room`'s open period after `stale` was refused as closed (once for all clients).
/// With `wait`, while the period shown is past its close, waits for its draw and reads again;
/// without, reads once.
async fn refresh_period(
    connection: &mut Connection,
    load: &Load,
    (room, stale): (&RoomLoad, &str),
    wait: bool,
) -> anyhow::Result<()> {
    let _one = room.refresh.lock().await;
    if room.issue().0 != stale {
        return Ok(());
    }
    loop {
        let request = hyper::Request::get(format!("/api/roominfo/index?room={}", room.room));
        let body = send(connection, load.address, request, Bytes::new()).await?;
        let data = &body["data"];
        let period = Period {
            issue: data["issue"].as_str().context("no issue")?.to_string(),
            close_at: data["close_at"].as_i64().context("no close_at")?,
            draw_at: data["draw_at"].as_i64().context("no draw_at")?,
        };
        let open = period.issue != stale && unix_now() < period.close_at;
        let draw_at = period.draw_at;
        *room.period.lock().map_err(|_| anyhow::anyhow!("poisoned"))? = period;
        if open || !wait {
            return Ok(());
        }
        let wait = u64::try_from((draw_at - unix_now()).max(0)).unwrap_or(0);
        tokio::time::sleep(Duration::from_secs(wait) + Duration::from_millis(50)).await;
    }
}

/// The first room from `from` on whose known period still takes bets.
fn open_room(load: &Load, from: usize) -> Option<usize> {
    let now = unix_now();
    (0..load.rooms.len())
        .map(|step| (from + step) % load.rooms.len())
        .find(|index| now < load.rooms[*index].issue().1)
}

/// One client: a keep-alive connection placing one-line bets of 1.00 for `token` back to
/// back on the open period of its room until `load.stop`; when its room closes it bets in the
/// next room still open, and waits for a draw only when every room is closed.
async fn run_client(load: &Load, token: &str, index: usize) -> anyhow::Result<Vec<Sample>> {
    let mut connection = connect(load.address).await?;
    let mut samples = Vec::with_capacity(1 << 16);
    let (mut option, mut at) = (index, index % load.rooms.len());
    while !load.stop.load(Ordering::Relaxed) {
        let Some(room_index) = open_room(load, at) else {
            let room = &load.rooms[at];
            let stale = room.issue().0;
            refresh_period(&mut connection, load, (room, &stale), true).await?;
            continue;
        };
        at = room_index;
        let room = &load.rooms[at];
        option = (option + 1) % room.options.len();
        let (issue, _) = room.issue();
        let bet = json!({"option": room.options[option], "amount": "1"});
        let form = json!({"room": room.room, "issue": issue, "bets": [bet]});
        let started = Instant::now();
        let reply = post_bet(&mut connection, load.address, token, &form).await?;
        let done = Instant::now();
        let placed = reply["code"] == 1;
        samples.push(Sample { done, latency: done - started, placed });
        if reply["err"] == "period_closed" {
            load.closed.fetch_add(1, Ordering::Relaxed);
            refresh_period(&mut connection, load, (room, &issue), false).await?;
        } else if !placed {
            load.refused.fetch_add(1, Ordering::Relaxed);
            if let Ok(mut first) = load.first_refusal.lock() {
                first.get_or_insert_with(|| reply.to_string());
            }
        }
    }
    Ok(samples)
}

/// Runs one client per token, all on one thread (the cores stay with the server), until
/// `load.stop`; every sample.
pub fn run_clients(load: &Load, tokens: &[String]) -> anyhow::Result<Vec<Sample>> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async {
        let mut first = connect(load.address).await?;
        for room in &load.rooms {
            refresh_period(&mut first, load, (room, ""), false).await?;
        }
        let clients =
            tokens.iter().enumerate().map(|(index, token)| run_client(load, token, index));
        let results = futures_util::future::join_all(clients).await;
        let mut samples = Vec::new();
        for result in results {
            samples.extend(result?);
        }
        Ok(samples)
    })
}

/// The `fraction` percentile of `latencies` (sorted here), in milliseconds.
pub fn percentile_ms(latencies: &mut [Duration], fraction: f64) -> f64 {
    latencies.sort_unstable();
    let rank = (fraction * latencies.len() as f64).ceil() as usize;
    latencies.get(rank.saturating_sub(1)).map_or(0.0, |latency| latency.as_secs_f64() * 1e3)
}

/// Parses `--name value` options (numbers) after `--bench`; None without `--bench`.
pub fn parse_options(
    args: impl Iterator<Item = String>,
    known: &mut [(&str, &mut u64)],
    words: &mut Vec<String>,
) -> anyhow::Result<bool> {
    let (mut benching, mut args) = (false, args);
    while let Some(arg) = args.next() {
        if arg == "--bench" {
            benching = true;
            continue;
        }
        if !arg.starts_with("--") {
            words.push(arg);
            continue;
        }
        let Some((_, slot)) =
            known.iter_mut().find(|(name, _)| *name == arg.trim_start_matches('-'))
        else {
            let names: Vec<String> = known.iter().map(|(name, _)| format!("--{name} N")).collect();
            bail!("unknown argument {arg} (known: {})", names.join(" "));
        };
        let text = args.next().with_context(|| format!("{arg} needs a value"))?;
        **slot = text.parse().with_context(|| format!("{arg} {text}: not a number"))?;
    }
    Ok(benching)
}

/// Shared by the sampler thread and the caller.
pub type Flag = Arc<AtomicBool>;
