//! The benchmark's clients: the streams (one HTTP/1.1 connection each, all on one client
//! thread) and the bettors (keep-alive connections on another thread).

use crate::server::{Player, Server};
use crate::support::{self, K3_OPTIONS};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Streams connecting at once (the rest wait): a burst of 10,000 SYNs overflows the backlog.
const CONNECTS_AT_ONCE: usize = 256;
/// Client addresses the streams come from (X-Forwarded-For), in turn: 10 streams each.
const STREAMS_PER_ADDRESS: usize = 10;
/// How long opening every stream may take.
const OPEN_WAIT: Duration = Duration::from_secs(120);

/// An event whose `last.issue` differs from the stream's previous event: a draw's result.
struct Arrival {
    last_issue: String,
    issue: String,
    sent_ms: i64,
    received_ms: i64,
}

#[derive(Default)]
struct Shared {
    opened: AtomicUsize,
    failed: AtomicUsize,
    balance_events: AtomicU64,
    arrivals: Mutex<Vec<Arrival>>,
    first_error: Mutex<Option<String>>,
}

pub struct Streams {
    shared: Arc<Shared>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// What the streams saw of one draw.
pub struct Draw {
    pub issue: String,
    /// The period open after it (the bets go there).
    pub next_issue: String,
    pub delays_ms: Vec<f64>,
    pub spread_ms: f64,
}

fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |since| since.as_millis() as i64)
}

impl Streams {
    /// Opens `count` streams of k3 (the first ones with the bettors' sessions) and waits until
    /// each got its first event or failed.
    pub fn open(server: &Server, bettors: &[Player], count: usize) -> anyhow::Result<Streams> {
        let shared = Arc::new(Shared::default());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let tokens: Vec<Option<String>> =
            (0..count).map(|index| bettors.get(index).map(|player| player.token.clone())).collect();
        let (address, client) = (server.address, shared.clone());
        let thread = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build()
            else {
                return;
            };
            runtime.block_on(async move {
                let permits = Arc::new(tokio::sync::Semaphore::new(CONNECTS_AT_ONCE));
                for (index, token) in tokens.into_iter().enumerate() {
                    let stream = Stream { address, index, token, shared: client.clone() };
                    tokio::spawn(stream.follow(permits.clone()));
                }
                let _ = stopped.await;
            });
        });
        let streams = Streams { shared, stop: Some(stop), thread: Some(thread) };
        let deadline = Instant::now() + OPEN_WAIT;
        while streams.opened() + streams.failed() < count && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
        }
        if let Some(error) =
            streams.shared.first_error.lock().map(|error| error.clone()).ok().flatten()
        {
            println!("  first stream failure: {error}");
        }
        Ok(streams)
    }

    pub fn opened(&self) -> usize {
        self.shared.opened.load(Ordering::SeqCst)
    }

    pub fn failed(&self) -> usize {
        self.shared.failed.load(Ordering::SeqCst)
    }

    pub fn balance_events(&self) -> u64 {
        self.shared.balance_events.load(Ordering::SeqCst)
    }

    /// Waits for a draw's result to reach every open stream (or `wait` to pass).
    pub fn next_draw(&self, wait: Duration) -> anyhow::Result<Draw> {
        let seen = self.shared.arrivals.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.len();
        let deadline = Instant::now() + wait;
        loop {
            let arrivals = self.shared.arrivals.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            let new = &arrivals[seen..];
            let complete = new.len() >= self.opened();
            if complete || Instant::now() > deadline {
                anyhow::ensure!(!new.is_empty(), "no draw reached the streams in time");
                let issue = new[0].last_issue.clone();
                let of_it: Vec<&Arrival> =
                    new.iter().filter(|arrival| arrival.last_issue == issue).collect();
                let delays_ms = of_it
                    .iter()
                    .map(|arrival| (arrival.received_ms - arrival.sent_ms) as f64)
                    .collect();
                let received = of_it.iter().map(|arrival| arrival.received_ms);
                let spread_ms =
                    (received.clone().max().unwrap_or(0) - received.min().unwrap_or(0)) as f64;
                let next_issue = of_it[0].issue.clone();
                return Ok(Draw { issue, next_issue, delays_ms, spread_ms });
            }
            drop(arrivals);
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Closes every stream (the client runtime ends).
    pub fn close(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One stream of the client.
struct Stream {
    address: SocketAddr,
    index: usize,
    token: Option<String>,
    shared: Arc<Shared>,
}

impl Stream {
    async fn follow(self, permits: Arc<tokio::sync::Semaphore>) {
        let permit = permits.acquire_owned().await;
        let (tcp, mut text) = match self.connect().await {
            Ok(connected) => connected,
            Err(error) => return self.fail(format!("{error:#}")),
        };
        let mut permit = Some(permit);
        let (mut last_issue, mut first, mut arrived_ms) = (None::<String>, true, now_ms());
        let mut buffer = vec![0u8; 4096];
        loop {
            // Each event is one line `data: {...}` inside one chunk of the chunked body.
            while let Some(end) = text.find('\n') {
                let line: String = text.drain(..=end).collect();
                let Some(event) = line.strip_prefix("data: ").and_then(StateEvent::scan) else {
                    continue;
                };
                if first {
                    (first, last_issue) = (false, event.last_issue);
                    self.shared.opened.fetch_add(1, Ordering::SeqCst);
                    permit = None;
                    continue;
                }
                self.record(event, &mut last_issue, arrived_ms);
            }
            let read = read_some(&tcp, &mut buffer).await;
            let received_ms = now_ms();
            match read {
                Ok(0) | Err(_) => break,
                Ok(count) => text.push_str(&String::from_utf8_lossy(&buffer[..count])),
            }
            arrived_ms = received_ms;
        }
        drop(permit);
    }

    /// Counts a balance event; keeps a draw's result with when it arrived.
    fn record(&self, event: StateEvent, last_issue: &mut Option<String>, received_ms: i64) {
        if event.has_balance {
            self.shared.balance_events.fetch_add(1, Ordering::Relaxed);
        }
        if event.last_issue.is_some() && event.last_issue != *last_issue {
            last_issue.clone_from(&event.last_issue);
            let arrival = Arrival {
                last_issue: event.last_issue.unwrap_or_default(),
                issue: event.issue,
                sent_ms: event.sent_ms,
                received_ms,
            };
            if let Ok(mut arrivals) = self.shared.arrivals.lock() {
                arrivals.push(arrival);
            }
        }
    }

    /// Sends the request on a fresh connection and reads the reply's head: the connection and
    /// what was read after the head.
    async fn connect(&self) -> anyhow::Result<(tokio::net::TcpStream, String)> {
        let tcp = tokio::net::TcpStream::connect(self.address).await?;
        let group = self.index / STREAMS_PER_ADDRESS;
        let from = format!("10.{}.{}.{}", group / 62_500 + 1, group / 250 % 250, group % 250 + 1);
        let token =
            self.token.as_ref().map(|token| format!("token: {token}\r\n")).unwrap_or_default();
        let request = format!(
            "GET /api/live?room=k3 HTTP/1.1\r\nHost: {}\r\nX-Forwarded-For: {from}\r\n{token}\r\n",
            self.address
        );
        write_all(&tcp, request.as_bytes()).await?;
        let (mut text, mut buffer) = (String::new(), vec![0u8; 4096]);
        let head_end = loop {
            if let Some(end) = text.find("\r\n\r\n") {
                break end;
            }
            let count = read_some(&tcp, &mut buffer).await?;
            anyhow::ensure!(count > 0, "closed before the reply's head");
            text.push_str(&String::from_utf8_lossy(&buffer[..count]));
        };
        let head = text[..head_end].to_ascii_lowercase();
        anyhow::ensure!(head.contains("content-type: text/event-stream"), "refused: {text}");
        Ok((tcp, text[head_end + 4..].to_string()))
    }

    fn fail(&self, error: String) {
        self.shared.failed.fetch_add(1, Ordering::SeqCst);
        if let Ok(mut first) = self.shared.first_error.lock() {
            first.get_or_insert(error);
        }
    }
}

/// Reads what the socket has (waiting for something); 0 at its end.
async fn read_some(tcp: &tokio::net::TcpStream, buffer: &mut [u8]) -> std::io::Result<usize> {
    loop {
        tcp.readable().await?;
        match tcp.try_read(buffer) {
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => continue,
            read => return read,
        }
    }
}

async fn write_all(tcp: &tokio::net::TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        tcp.writable().await?;
        match tcp.try_write(bytes) {
            Ok(written) => bytes = &bytes[written..],
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// The fields of a `state` event the benchmark needs, found by text search (cheaper than a
/// JSON parse on a client that reads 10,000 streams on one thread).
struct StateEvent {
    issue: String,
    last_issue: Option<String>,
    sent_ms: i64,
    has_balance: bool,
}

impl StateEvent {
    fn scan(data: &str) -> Option<StateEvent> {
        let string_after = |key: &str| -> Option<String> {
            let start = data.find(key)? + key.len();
            let end = data[start..].find('"')?;
            Some(data[start..start + end].to_string())
        };
        let sent = data.find("\"sent_ms\":")? + "\"sent_ms\":".len();
        let digits: String = data[sent..].chars().take_while(char::is_ascii_digit).collect();
        Some(StateEvent {
            issue: string_after("\"issue\":\"")?,
            last_issue: string_after("\"last\":{\"issue\":\""),
            sent_ms: digits.parse().ok()?,
            has_balance: !data.contains("\"game_balance\":null"),
        })
    }
}

/// p50, p99 and max of `values`.
pub fn percentiles(values: &[f64]) -> (f64, f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = |fraction: f64| {
        let index = ((fraction * sorted.len() as f64).ceil() as usize).saturating_sub(1);
        sorted.get(index).copied().unwrap_or(0.0)
    };
    (rank(0.50), rank(0.99), rank(1.0))
}

/// One bet: its latency in ms and its refusal, if any.
struct Sample {
    latency_ms: f64,
    refusal: Option<String>,
}

pub struct Bets {
    samples: Vec<Sample>,
    wall: Duration,
    bettors: usize,
}

impl Bets {
    /// Each bettor places one-line k3 bets on `issue` back to back over its own keep-alive
    /// connection for `duration`; every bettor runs on one client thread.
    pub fn run(server: &Server, bettors: &[Player], issue: &str, duration: Duration) -> Bets {
        let (address, started) = (server.address, Instant::now());
        let drive = || -> anyhow::Result<Vec<Sample>> {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            let clients = bettors.iter().enumerate().map(|(index, player)| {
                bet_until(address, (player, index), issue, started + duration)
            });
            let samples = runtime.block_on(futures_util::future::join_all(clients));
            Ok(samples.into_iter().flatten().collect())
        };
        let samples = std::thread::scope(|scope| scope.spawn(drive).join())
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the bettors' thread panicked")))
            .unwrap_or_else(|error| {
                eprintln!("the bettors failed: {error:#}");
                Vec::new()
            });
        Bets { samples, wall: started.elapsed(), bettors: bettors.len() }
    }

    pub fn report(&self, streams: usize) {
        let placed: Vec<f64> = self
            .samples
            .iter()
            .filter(|sample| sample.refusal.is_none())
            .map(|sample| sample.latency_ms)
            .collect();
        let refused: Vec<&Sample> =
            self.samples.iter().filter(|sample| sample.refusal.is_some()).collect();
        let (p50, p99, max) = percentiles(&placed);
        println!(
            "bets by {} bettors with {streams} streams open: {} placed in {:.1} s = {:.0} bets/s; \
             latency p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms (target >= 4000/s, p99 < 50 ms); \
             {} refused{}",
            self.bettors,
            placed.len(),
            self.wall.as_secs_f64(),
            placed.len() as f64 / self.wall.as_secs_f64().max(1e-9),
            refused.len(),
            refused
                .first()
                .and_then(|sample| sample.refusal.as_deref())
                .map(|first| format!(", first: {first}"))
                .unwrap_or_default()
        );
    }
}

async fn bet_until(
    address: SocketAddr,
    (player, index): (&Player, usize),
    issue: &str,
    until: Instant,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut sender = match support::connect(address).await {
        Ok(sender) => sender,
        Err(error) => {
            samples.push(Sample { latency_ms: 0.0, refusal: Some(format!("{error:#}")) });
            return samples;
        }
    };
    let mut option = index;
    while Instant::now() < until {
        option = (option + 1) % K3_OPTIONS.len();
        let form = json!({"room": "k3", "issue": issue, "bets": [{"option": K3_OPTIONS[option], "amount": "1"}]});
        let started = Instant::now();
        let reply = support::post_bet(&mut sender, address, &player.token, &form).await;
        let latency_ms = started.elapsed().as_secs_f64() * 1e3;
        let refusal = match reply {
            Ok(body) if body["code"] == 1 => None,
            Ok(body) => Some(body.to_string()),
            Err(error) => Some(format!("{error:#}")),
        };
        samples.push(Sample { latency_ms, refusal });
    }
    samples
}
