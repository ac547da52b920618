//! The server under test: `fairhall serve` as a child process on a temp data directory and a
//! free port, its players, and its CPU and memory read from /proc.

use anyhow::{Context, bail, ensure};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "bench_pass_1";
/// Credited to every bettor and moved to the game balance: far more than they stake.
pub const FUNDS: &str = "100000.00";
/// How long the server may take to answer after start.
const START_WAIT: Duration = Duration::from_secs(60);
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
        let mut options = Options { streams: 10_000, bettors: 64, idle_secs: 20, bet_secs: 10 };
        let (mut benching, mut args) = (false, args);
        while let Some(arg) = args.next() {
            let mut value = || -> anyhow::Result<u64> {
                let text = args.next().with_context(|| format!("{arg} needs a value"))?;
                text.parse().with_context(|| format!("{arg} {text}: not a number"))
            };
            match arg.as_str() {
                "--bench" => benching = true,
                "--streams" => options.streams = usize::try_from(value()?)?,
                "--bettors" => options.bettors = usize::try_from(value()?)?,
                "--idle-secs" => options.idle_secs = value()?,
                "--bet-secs" => options.bet_secs = value()?,
                _ => bail!(
                    "unknown argument {arg} (known: --streams N --bettors N --idle-secs S --bet-secs S)"
                ),
            }
        }
        ensure!(options.streams >= options.bettors, "--streams must be at least --bettors");
        ensure!(options.bettors > 0 && options.bet_secs <= 40, "--bettors > 0, --bet-secs <= 40");
        Ok(benching.then_some(options))
    }
}

pub struct Player {
    pub token: String,
}

pub struct Server {
    child: Child,
    pub address: SocketAddr,
    config: PathBuf,
    _dir: tempfile::TempDir,
}

impl Server {
    /// Starts `fairhall serve` and waits until it answers.
    pub fn start() -> anyhow::Result<Server> {
        let dir = tempfile::tempdir().context("while creating a temp directory")?;
        let address = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
        let config = dir.path().join("fairhall.toml");
        let text = format!(
            "[server]\nlisten = \"{address}\"\ndata_dir = {:?}\ntrust_forwarded_for = true\n",
            dir.path().join("data").display().to_string()
        );
        std::fs::write(&config, text)?;
        let log = std::fs::File::create(dir.path().join("serve.log"))?;
        let child = Command::new(env!("CARGO_BIN_EXE_fairhall"))
            .arg("--config")
            .arg(&config)
            .arg("serve")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .context("while starting fairhall serve")?;
        let server = Server { child, address, config, _dir: dir };
        let deadline = Instant::now() + START_WAIT;
        while agent().get(server.url("/healthz")).call().is_err() {
            ensure!(Instant::now() < deadline, "the server did not answer in time");
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok(server)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// POSTs JSON from client address `from` and returns the envelope's data.
    fn post(
        &self,
        path: &str,
        token: Option<&str>,
        form: &Value,
        from: &str,
    ) -> anyhow::Result<Value> {
        let mut request = agent().post(self.url(path)).header("x-forwarded-for", from);
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
                let form = json!({"phone": phone, "password": PASSWORD, "repassword": PASSWORD});
                let data = self.post("/api/login/do_register", None, &form, &from)?;
                let token = data["token"].as_str().context("no token")?.to_string();
                self.admin(&["wallet", "adjust", &phone, FUNDS, "--reason", "benchmark funds"])?;
                let conversion = json!({"from": "balance", "amount": FUNDS});
                self.post("/api/personal/conversion", Some(&token), &conversion, &from)?;
                Ok(Player { token })
            })
            .collect()
    }

    fn admin(&self, args: &[&str]) -> anyhow::Result<()> {
        let output = Command::new(env!("CARGO_BIN_EXE_fairhall"))
            .arg("--config")
            .arg(&self.config)
            .arg("admin")
            .args(args)
            .output()?;
        ensure!(
            output.status.success(),
            "admin {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        Ok(())
    }

    /// Resident memory of the server, in kB.
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()));
        let status = status.unwrap_or_default();
        let line = status.lines().find_map(|line| line.strip_prefix("VmRSS:"));
        let kb = line.and_then(|line| line.split_whitespace().next()?.parse().ok());
        kb.unwrap_or(0)
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

    /// SIGTERM, then waits for the exit (killing it after a while).
    pub fn stop(mut self) -> anyhow::Result<()> {
        let _ = Command::new("kill").arg("-TERM").arg(self.pid().to_string()).status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.child.try_wait()?.is_none() {
            if Instant::now() > deadline {
                self.child.kill()?;
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok(())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
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

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}
