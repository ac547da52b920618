//! The server under test: `fairhall serve` as a child process on a temp data directory and a
//! free port, its players, and its CPU and memory read from /proc.

use crate::support::{self, PASSWORD};
use anyhow::{Context, ensure};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Credited to every bettor and moved to the game balance: far more than they stake.
pub const FUNDS: &str = "100000.00";
/// Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks per second.
const TICKS_PER_SEC: f64 = 100.0;

pub struct Options {
    pub streams: usize,
    pub bettors: usize,
    pub idle_secs: u64,
    pub bet_secs: u64,
}

impl Options {
    /// None when not run by `cargo bench` (which passes `--bench`).
    pub fn parse(args: impl Iterator<Item = String>) -> anyhow::Result<Option<Options>> {
        let (mut streams, mut bettors, mut idle_secs, mut bet_secs) = (10_000, 64, 20, 10);
        let mut words = Vec::new();
        let known = &mut [
            ("streams", &mut streams),
            ("bettors", &mut bettors),
            ("idle-secs", &mut idle_secs),
            ("bet-secs", &mut bet_secs),
        ];
        let benching = support::parse_options(args, known, &mut words)?;
        ensure!(words.is_empty(), "unknown arguments {words:?}");
        ensure!(streams >= bettors, "--streams must be at least --bettors");
        ensure!(bettors > 0 && bet_secs <= 40, "--bettors > 0, --bet-secs <= 40");
        let (streams, bettors) = (usize::try_from(streams)?, usize::try_from(bettors)?);
        Ok(benching.then_some(Options { streams, bettors, idle_secs, bet_secs }))
    }
}

pub struct Player {
    pub token: String,
}

/// The served process (`support::Server`, with a config that trusts `x-forwarded-for`, so
/// that the players register from addresses of their own).
pub struct Server {
    process: support::Server,
    pub address: SocketAddr,
}

impl Server {
    /// Starts `fairhall serve` and waits until it answers.
    pub fn start() -> anyhow::Result<Server> {
        let process = support::Server::start_configured("trust_forwarded_for = true\n")?;
        Ok(Server { address: process.address, process })
    }

    pub fn pid(&self) -> u32 {
        self.process.pid()
    }

    /// POSTs JSON from client address `from` and returns the envelope's data.
    fn post(
        &self,
        path: &str,
        token: Option<&str>,
        form: &Value,
        from: &str,
    ) -> anyhow::Result<Value> {
        let mut request =
            support::agent().post(self.process.url(path)).header("x-forwarded-for", from);
        if let Some(token) = token {
            request = request.header("token", token);
        }
        let mut body: Value = request.send_json(form)?.body_mut().read_json()?;
        ensure!(body["code"] == 1, "{path} refused: {body}");
        Ok(body["data"].take())
    }

    /// `count` players registered through the API, credited by the operator's CLI and with
    /// the money moved to their game balance.
    pub fn players(&self, count: usize) -> anyhow::Result<Vec<Player>> {
        (0..count)
            .map(|number| {
                let phone = format!("138{number:08}");
                let from = format!("10.200.{}.{}", number / 250, number % 250 + 1);
                let form = json!({"phone": phone, "password": PASSWORD, "repassword": PASSWORD,
                    "agree": "1", "age_confirmed": "1"});
                let data = self.post("/api/login/do_register", None, &form, &from)?;
                let token = data["token"].as_str().context("no token")?.to_string();
                self.process.cli(&[
                    "admin",
                    "wallet",
                    "adjust",
                    &phone,
                    FUNDS,
                    "--reason",
                    "benchmark funds",
                ])?;
                let conversion = json!({"from": "balance", "amount": FUNDS});
                self.post("/api/personal/conversion", Some(&token), &conversion, &from)?;
                Ok(Player { token })
            })
            .collect()
    }

    /// Resident memory of the server, in kB.
    pub fn rss_kb(&self) -> u64 {
        support::rss_bytes(self.pid()) / 1024
    }

    /// User + system CPU time of the server.
    fn cpu(&self) -> Duration {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap_or_default();
        // Fields after the command name start with field 3; utime is 14, stime 15.
        let fields: Vec<&str> =
            stat.rsplit(')').next().unwrap_or_default().split_whitespace().collect();
        let ticks = |field: usize| -> f64 {
            fields.get(field - 3).and_then(|value| value.parse().ok()).unwrap_or(0.0)
        };
        Duration::from_secs_f64((ticks(14) + ticks(15)) / TICKS_PER_SEC)
    }

    pub fn usage_start(&self) -> (Instant, Duration) {
        (Instant::now(), self.cpu())
    }

    pub fn usage_since(&self, (at, cpu): &(Instant, Duration)) -> Usage {
        Usage { wall: at.elapsed(), cpu: self.cpu().saturating_sub(*cpu), rss_kb: self.rss_kb() }
    }

    /// The server's CPU and memory over `wall` of doing nothing here.
    pub fn usage_over(&self, wall: Duration) -> Usage {
        let start = self.usage_start();
        std::thread::sleep(wall);
        self.usage_since(&start)
    }

    /// SIGTERM, then waits for the exit.
    pub fn stop(self) -> anyhow::Result<()> {
        self.process.stop().map(|_| ())
    }
}

pub struct Usage {
    pub wall: Duration,
    pub cpu: Duration,
    pub rss_kb: u64,
}

impl Usage {
    pub fn cores(&self) -> f64 {
        self.cpu.as_secs_f64() / self.wall.as_secs_f64().max(1e-9)
    }
}
