//! The operator's notifications (issue 33, `[notify]`): a deposit or withdrawal request that
//! starts waiting for review writes one delivery per configured channel in its own
//! transaction; the delivery job sends them (a signed webhook, a Telegram `sendMessage`),
//! retries a failure with a doubling wait and gives it up after `notify.max_attempts`. A
//! refused request, or a hall with no channel, writes none. The receivers are local HTTP
//! servers on 127.0.0.1 that record each request and answer a scripted status.

use crate::support::helpers::TestApp;
use crate::support::wallet_support::{DepositUpload, WalletApp, withdrawal_form};
use fairhall::config::Config;
use fairhall::notify::{Delivery, NotifySettings};
use fairhall::scheduler::notify::NotifyJob;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SECRET: &str = "a-webhook-secret-of-32-characters";
const BOT_TOKEN: &str = "123456:TEST-token";
const CHAT_ID: &str = "-1001234567890";

/// One request a receiver got: its path, headers (lower-case names) and exact body.
#[derive(Clone, Debug)]
struct Received {
    path: String,
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Received {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }

    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }
}

/// A local HTTP receiver: answers the scripted statuses in turn, then `then` for ever.
struct Receiver {
    base: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    async fn answering(script: &[u16], then: u16) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let received: Arc<Mutex<Vec<Received>>> = Arc::default();
        let (log, mut script) = (Arc::clone(&received), VecDeque::from(script.to_vec()));
        tokio::spawn(async move {
            // A test server: it serves until the test's runtime ends.
            while let Ok((mut stream, _)) = listener.accept().await {
                let request = read_request(&mut stream).await;
                let status = script.pop_front().unwrap_or(then);
                let answer = format!(
                    "HTTP/1.1 {status} X\r\ncontent-length: 2\r\nconnection: close\r\n\r\nno"
                );
                let _ = stream.write_all(answer.as_bytes()).await;
                let _ = stream.shutdown().await;
                log.lock().expect("the log").push(request);
            }
        });
        Receiver { base, received }
    }

    fn requests(&self) -> Vec<Received> {
        self.received.lock().expect("the log").clone()
    }

    fn clear(&self) {
        self.received.lock().expect("the log").clear();
    }
}

/// Reads one HTTP/1.1 request (a body of `content-length` bytes, or chunked).
async fn read_request(stream: &mut tokio::net::TcpStream) -> Received {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break at + 4;
        }
        let read = stream.read(&mut chunk).await.unwrap_or(0);
        assert!(read > 0, "the request ended before its head");
        buffer.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_string();
    let mut lines = head.lines();
    let path = lines.next().unwrap_or_default().split(' ').nth(1).unwrap_or_default().to_string();
    let headers: BTreeMap<String, String> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let chunked = headers.get("transfer-encoding").is_some_and(|value| value == "chunked");
    let length: usize = headers.get("content-length").map_or(0, |value| value.parse().unwrap_or(0));
    loop {
        let body = &buffer[head_end..];
        let complete = if chunked {
            body.windows(5).any(|window| window == b"0\r\n\r\n")
        } else {
            body.len() >= length
        };
        if complete {
            let body = if chunked { dechunk(body) } else { body.to_vec() };
            return Received { path, headers, body };
        }
        let read = stream.read(&mut chunk).await.unwrap_or(0);
        assert!(read > 0, "the request ended before its body");
        buffer.extend_from_slice(&chunk[..read]);
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|window| window == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&body[..end]).trim(), 16);
        let size = size.unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&body[end + 2..end + 2 + size]);
        body = &body[end + 2 + size + 2..];
    }
    out
}

fn with_webhook(config: &mut Config, receiver: &Receiver) {
    config.notify.webhook_url = format!("{}/hook", receiver.base);
    config.notify.webhook_secret = SECRET.into();
}

fn with_telegram(config: &mut Config, receiver: &Receiver) {
    config.notify.telegram_bot_token = BOT_TOKEN.into();
    config.notify.telegram_chat_id = CHAT_ID.into();
    config.notify.telegram_api_url = receiver.base.clone();
}

fn job(app: &TestApp) -> NotifyJob {
    NotifyJob::new(app.db.clone(), NotifySettings::from_config(&app.config))
}

/// The delivery log, newest first.
async fn log(app: &TestApp) -> Vec<Delivery> {
    app.db.read(|connection| fairhall::notify::log(connection, 1000)).await.expect("the log")
}

/// The HMAC-SHA256 of `body` keyed by `SECRET`, as the receiver checks it.
fn expected_signature(body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(SECRET.as_bytes()).expect("a key");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn a_deposit_request_sends_one_webhook_signed_over_its_exact_body() {
    let receiver = Receiver::answering(&[], 200).await;
    let app = TestApp::spawn_with(|config| with_webhook(config, &receiver)).await;
    let player = app.player().await;

    let deposit_id = app.requested_deposit(&player, "100.00").await;
    let waiting = log(&app).await;
    let sent = job(&app).tick(app.now()).await.expect("a tick");

    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!((waiting[0].state.as_str(), waiting[0].attempts), ("waiting", 0));
    assert_eq!(sent.len(), 1, "{sent:?}");
    let requests = receiver.requests();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    assert_eq!(request.path, "/hook");
    assert_eq!(request.header("x-fairhall-signature"), expected_signature(&request.body));
    assert_eq!(request.header("x-fairhall-event"), "deposit.waiting");
    assert_eq!(request.header("x-fairhall-delivery"), waiting[0].id.to_string());
    assert!(request.header("content-type").starts_with("application/json"));
    let body = request.json();
    assert_eq!(body["id"], waiting[0].id);
    assert_eq!(body["event"], "deposit.waiting");
    assert_eq!(body["at"], app.now());
    assert_eq!(body["hall"], app.config.app.name.as_str());
    assert_eq!(body["record_id"], deposit_id);
    assert_eq!(body["user_id"].to_string(), player.id.to_string());
    assert_eq!((&body["amount"], &body["method"]), (&Value::from("100.00"), &Value::from("bank")));
    let record =
        app.db.read(move |connection| fairhall::wallet::deposits::find(connection, deposit_id));
    assert_eq!(body["currency"], record.await.expect("the deposit").currency.as_str());
    let text = body["text"].as_str().expect("a text");
    assert!(
        text.starts_with(&format!("Deposit #{deposit_id} waiting for review: 100.00")),
        "{text}"
    );
    let delivered = &log(&app).await[0];
    assert_eq!((delivered.state.as_str(), delivered.attempts), ("delivered", 1));
    assert_eq!(delivered.delivered_at, Some(app.now()));
    // Delivered once: the next tick sends nothing.
    app.clock.advance(3600);
    assert!(job(&app).tick(app.now()).await.expect("a tick").is_empty());
    assert_eq!(receiver.requests().len(), 1);
}

#[tokio::test]
async fn a_withdrawal_request_sends_a_telegram_message_to_the_configured_chat() {
    let receiver = Receiver::answering(&[], 200).await;
    let app = TestApp::spawn_with(|config| with_telegram(config, &receiver)).await;
    let (player, card) = app.withdrawer("200.00").await;
    job(&app).tick(app.now()).await.expect("the deposit's message");
    receiver.clear();

    let reply = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;
    let withdrawal_id = reply.assert_ok()["id"].as_i64().expect("a withdrawal id");
    let sent = job(&app).tick(app.now()).await.expect("a tick");

    assert_eq!(sent.len(), 1, "{sent:?}");
    let requests = receiver.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, format!("/bot{BOT_TOKEN}/sendMessage"));
    let message = requests[0].json();
    assert_eq!(message["chat_id"], CHAT_ID);
    let text = message["text"].as_str().expect("a text");
    let expected = format!("Withdrawal #{withdrawal_id} waiting for review: 100.00");
    assert!(text.starts_with(&expected), "{text}");
    assert!(text.contains(&format!("player {}", player.id)), "{text}");
    let newest = &log(&app).await[0];
    assert_eq!(
        (newest.event.as_str(), newest.channel.as_str()),
        ("withdrawal.waiting", "telegram")
    );
    assert_eq!(newest.state, "delivered");
}

#[tokio::test]
async fn a_failing_receiver_is_retried_after_10_then_20_seconds_and_the_error_is_kept() {
    let receiver = Receiver::answering(&[500, 503], 200).await;
    let app = TestApp::spawn_with(|config| with_webhook(config, &receiver)).await;
    let player = app.player().await;
    app.requested_deposit(&player, "50.00").await;
    let job = job(&app);
    let started = app.now();
    let due = |at: fairhall::clock::Timestamp| {
        app.db.read(move |connection| fairhall::notify::any_due(connection, at))
    };

    assert!(due(app.now()).await.unwrap(), "the new delivery is due at once");
    let first = job.tick(app.now()).await.expect("a tick");
    let after_first = log(&app).await[0].clone();
    app.clock.advance(9);
    assert!(!due(app.now()).await.unwrap(), "an idle tick reads, and writes nothing");
    let too_early = job.tick(app.now()).await.expect("a tick");
    app.clock.advance(1);
    let second = job.tick(app.now()).await.expect("a tick");
    let after_second = log(&app).await[0].clone();
    app.clock.advance(19);
    let still_early = job.tick(app.now()).await.expect("a tick");
    app.clock.advance(1);
    let third = job.tick(app.now()).await.expect("a tick");

    assert_eq!(first[0].state, "waiting");
    assert_eq!((after_first.attempts, after_first.state.as_str()), (1, "waiting"));
    assert!(
        after_first.last_error.as_deref().unwrap_or_default().contains("500"),
        "{after_first:?}"
    );
    assert_eq!(after_first.next_attempt_at, Some(started + 10));
    assert!(too_early.is_empty() && still_early.is_empty());
    assert_eq!(second[0].state, "waiting");
    assert_eq!(after_second.attempts, 2);
    assert!(after_second.last_error.as_deref().unwrap_or_default().contains("503"));
    assert_eq!(after_second.next_attempt_at, Some(started + 10 + 20));
    assert_eq!(third[0].state, "delivered");
    let delivered = &log(&app).await[0];
    assert_eq!((delivered.attempts, delivered.state.as_str()), (3, "delivered"));
    // Every try sent the same body under the same delivery id.
    let requests = receiver.requests();
    assert_eq!(requests.len(), 3);
    assert!(requests.iter().all(|request| request.body == requests[0].body));
    assert!(requests.iter().all(|request| request.header("x-fairhall-delivery") == "1"));
}

#[tokio::test]
async fn a_delivery_is_given_up_after_max_attempts_and_stays_in_the_log() {
    let receiver = Receiver::answering(&[], 500).await;
    let app = TestApp::spawn_with(|config| {
        with_webhook(config, &receiver);
        config.notify.max_attempts = 3;
    })
    .await;
    let player = app.player().await;
    app.requested_deposit(&player, "50.00").await;
    let job = job(&app);

    let mut states = Vec::new();
    for wait in [0, 10, 20] {
        app.clock.advance(wait);
        states
            .extend(job.tick(app.now()).await.expect("a tick").into_iter().map(|sent| sent.state));
    }
    app.clock.advance(86_400);
    let after = job.tick(app.now()).await.expect("a tick");

    assert_eq!(states, ["waiting", "waiting", "given_up"]);
    assert!(after.is_empty(), "{after:?}");
    assert_eq!(receiver.requests().len(), 3);
    let given_up = &log(&app).await[0];
    assert_eq!((given_up.state.as_str(), given_up.attempts), ("given_up", 3));
    assert_eq!(given_up.next_attempt_at, None);
    assert!(given_up.given_up_at.is_some());
    assert!(given_up.last_error.as_deref().unwrap_or_default().contains("500"), "{given_up:?}");
}

#[tokio::test]
async fn refused_requests_notify_nobody() {
    let receiver = Receiver::answering(&[], 200).await;
    let app = TestApp::spawn_with(|config| {
        with_webhook(config, &receiver);
        with_telegram(config, &receiver);
    })
    .await;
    let (player, card) = app.withdrawer("200.00").await;
    let before = log(&app).await.len();

    let too_much = app.do_withdraw(&player, withdrawal_form(card, "5000.00"), None).await;
    let too_little = app.recharge(&player, &DepositUpload::new("0.01"), None).await;

    assert_ne!(too_much.err(), "", "the withdrawal is refused");
    assert_ne!(too_little.err(), "", "the deposit is refused");
    assert_eq!(before, 2, "the withdrawer's deposit, on both channels");
    let deliveries = log(&app).await;
    assert_eq!(deliveries.len(), before, "{deliveries:?}");
    assert!(deliveries.iter().all(|delivery| delivery.event == "deposit.waiting"));
}

#[tokio::test]
async fn a_hall_without_a_channel_writes_no_deliveries() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("200.00").await;

    app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await.assert_ok();
    let sent = job(&app).tick(app.now()).await.expect("a tick");

    assert!(log(&app).await.is_empty());
    assert!(sent.is_empty());
}
