//! Verification codes (index/send_email_mobile): resend window, purposes, targets, and the
//! two delivery modes (log, webhook).

use crate::support::helpers::{PASSWORD, START, TestApp};
use fairhall::config::CodeDelivery;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

#[tokio::test]
async fn a_code_is_delivered_to_the_log_outbox_with_its_expiry() {
    let app = TestApp::spawn().await;
    let phone = app.fresh_phone();

    let reply = app.send_code(&phone, "register").await;

    assert_eq!(reply.assert_ok()["resend_after"], 60);
    let sent = app.latest_code(&phone).await.expect("a delivered code");
    assert_eq!(sent.purpose, "register");
    assert_eq!(sent.code.len(), 6);
    assert!(sent.code.bytes().all(|byte| byte.is_ascii_digit()));
    assert_eq!((sent.created_at, sent.expires_at), (START, START + 300));
}

#[tokio::test]
async fn a_second_code_within_the_resend_window_is_refused_with_the_seconds_left() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.send_code(&player.phone, "forget").await.assert_ok();

    app.clock.advance(15);
    let form = json!({ "target": player.phone, "purpose": "forget" });
    let early = app.post_json("/index/send_email_mobile", &form, &[("lang", "en")]).await;
    app.clock.advance(44);
    let other_purpose = app.send_code_as(&player.token, &player.phone, "bind").await;
    app.clock.advance(1);
    let in_time = app.send_code(&player.phone, "forget").await;

    assert_eq!(early.err(), "code_too_soon");
    assert!(early.msg().contains("45"), "{early:?}");
    assert_eq!(other_purpose.err(), "code_too_soon", "the window is per target, any purpose");
    assert_eq!(in_time.assert_ok()["resend_after"], 60);
}

#[tokio::test]
async fn the_resend_window_follows_the_config() {
    let app = TestApp::spawn_with(|config| config.auth.code_resend_secs = 90).await;
    let phone = app.fresh_phone();

    let first = app.send_code(&phone, "register").await;
    app.clock.advance(60);
    let second = app.send_code(&phone, "register").await;

    assert_eq!(first.assert_ok()["resend_after"], 90);
    assert_eq!(second.err(), "code_too_soon");
    assert_eq!(app.config().await.assert_ok()["code_resend_secs"], 90);
}

#[tokio::test]
async fn a_registration_code_for_a_taken_phone_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let reply = app.send_code(&player.phone, "register").await;

    assert_eq!(reply.err(), "phone_taken");
    assert!(app.latest_code(&player.phone).await.is_none());
}

#[tokio::test]
async fn invalid_code_requests_are_refused_with_their_key() {
    let app = TestApp::spawn().await;
    let cases: &[(&str, Value, &str)] = &[
        ("no target", json!({ "purpose": "register" }), "missing_params"),
        ("no purpose", json!({ "target": "13800000001" }), "missing_params"),
        ("an unknown purpose", json!({ "target": "13800000001", "purpose": "spam" }), "bad_params"),
        (
            "a purpose in capitals",
            json!({ "target": "13800000001", "purpose": "REGISTER" }),
            "bad_params",
        ),
        (
            "a short phone",
            json!({ "target": "1380000000", "purpose": "register" }),
            "invalid_phone",
        ),
        (
            "a phone starting with 2",
            json!({ "target": "23800000001", "purpose": "register" }),
            "invalid_phone",
        ),
        (
            "an email without a domain dot",
            json!({ "target": "a@b", "purpose": "register" }),
            "invalid_email",
        ),
        (
            "an email without a local part",
            json!({ "target": "@b.co", "purpose": "register" }),
            "invalid_email",
        ),
        (
            "an email with a space",
            json!({ "target": "a b@c.co", "purpose": "register" }),
            "invalid_email",
        ),
        (
            "two emails",
            json!({ "target": "a@b.co,c@d.co", "purpose": "register" }),
            "invalid_email",
        ),
        (
            "an email of 255 characters",
            json!({ "target": format!("{}@b.co", "a".repeat(250)), "purpose": "register" }),
            "invalid_email",
        ),
    ];

    for (description, form, expected) in cases {
        let reply = app.post_json("/index/send_email_mobile", form, &[]).await;
        assert_eq!(reply.err(), *expected, "{description}: {reply:?}");
    }
    let outbox = app.db.read(|connection| fairhall::auth::codes::recent(connection, 10)).await;
    assert!(outbox.expect("readable").is_empty(), "no refused request stored a code");
}

#[tokio::test]
async fn a_code_can_go_to_an_email_address() {
    let app = TestApp::spawn().await;

    let reply = app.send_code("Player@Example.com", "register").await;

    reply.assert_ok();
    assert!(app.latest_code("player@example.com").await.is_some());
}

#[tokio::test]
async fn a_binding_code_needs_a_session() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let target = "player@example.com";

    let anonymous = app.send_code(target, "bind").await;
    let logged_in = app.send_code_as(&player.token, target, "bind").await;

    anonymous.assert_login_required();
    logged_in.assert_ok();
    assert_eq!(app.latest_code(target).await.expect("a code").purpose, "bind");
}

#[tokio::test]
async fn a_reset_code_for_an_unknown_phone_answers_like_any_other_but_sends_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let stranger = app.fresh_phone();

    let for_stranger = app.send_code(&stranger, "forget").await;
    let for_player = app.send_code(&player.phone, "forget").await;

    assert_eq!(for_stranger.body, for_player.body);
    assert!(app.latest_code(&stranger).await.is_none());
    assert_eq!(app.latest_code(&player.phone).await.expect("a code").purpose, "forget");
}

// ---- webhook delivery ----

/// A one-purpose HTTP server on 127.0.0.1: answers every request with `status` and hands
/// over the JSON bodies it received.
async fn webhook(status: u16) -> (String, mpsc::UnboundedReceiver<Value>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let url = format!("http://{}/hook", listener.local_addr().expect("an address"));
    let (sender, receiver) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        // A test server: it serves until the test's runtime ends.
        while let Ok((mut stream, _)) = listener.accept().await {
            let body = read_request_body(&mut stream).await;
            let answer =
                format!("HTTP/1.1 {status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
            write_all(&stream, answer.as_bytes()).await;
            let _ = sender.send(serde_json::from_slice(&body).unwrap_or(Value::Null));
        }
    });
    (url, receiver)
}

/// Reads one HTTP/1.1 request and returns its body (content-length or chunked).
async fn read_request_body(stream: &mut TcpStream) -> Vec<u8> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break at + 4;
        }
        let read = read_some(stream, &mut chunk).await;
        if read == 0 {
            return Vec::new();
        }
        buffer.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_ascii_lowercase();
    let length = head.lines().find_map(|line| line.strip_prefix("content-length:"));
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &buffer[head_end..];
        let complete = match length {
            Some(length) => body.len() >= length.trim().parse().unwrap_or(0),
            None => !chunked || body.windows(5).any(|window| window == b"0\r\n\r\n"),
        };
        if complete {
            return if chunked { dechunk(body) } else { body.to_vec() };
        }
        let read = read_some(stream, &mut chunk).await;
        if read == 0 {
            return body.to_vec();
        }
        buffer.extend_from_slice(&chunk[..read]);
    }
}

/// Reads what is available (0 at the end of the stream or on an error).
async fn read_some(stream: &TcpStream, buffer: &mut [u8]) -> usize {
    loop {
        if stream.readable().await.is_err() {
            return 0;
        }
        match stream.try_read(buffer) {
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => continue,
            result => return result.unwrap_or(0),
        }
    }
}

async fn write_all(stream: &TcpStream, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        if stream.writable().await.is_err() {
            return;
        }
        match stream.try_write(bytes) {
            Ok(written) => bytes = &bytes[written..],
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(_) => return,
        }
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = body.windows(2).position(|window| window == b"\r\n") {
        let size_text = String::from_utf8_lossy(&body[..line_end]).to_string();
        let size = usize::from_str_radix(size_text.trim(), 16).unwrap_or(0);
        if size == 0 || body.len() < line_end + 2 + size {
            break;
        }
        out.extend_from_slice(&body[line_end + 2..line_end + 2 + size]);
        body = &body[(line_end + 4 + size).min(body.len())..];
    }
    out
}

async fn webhook_app(url: String) -> TestApp {
    TestApp::spawn_with(move |config| {
        config.auth.code_delivery = CodeDelivery::Webhook;
        config.auth.code_webhook_url = url;
        config.auth.require_code = true;
    })
    .await
}

#[tokio::test]
async fn in_webhook_mode_the_code_is_posted_to_the_operators_url_and_not_kept() {
    let (url, mut received) = webhook(200).await;
    let app = webhook_app(url).await;
    let phone = app.fresh_phone();

    let reply = app.send_code(&phone, "register").await;

    assert_eq!(reply.assert_ok()["resend_after"], 60);
    let hook = received.recv().await.expect("the webhook was called");
    assert_eq!(hook["target"], phone.as_str());
    assert_eq!(hook["purpose"], "register");
    assert_eq!(hook["expires_at"], START + 300);
    let code = hook["code"].as_str().expect("a code").to_string();
    assert!(code.len() == 6 && code.bytes().all(|byte| byte.is_ascii_digit()), "{hook}");
    let outbox = app.db.read(|connection| fairhall::auth::codes::recent(connection, 10)).await;
    assert!(outbox.expect("readable").is_empty(), "no plain code is kept for `admin codes`");
    let form = json!({ "phone": phone, "password": PASSWORD, "repassword": PASSWORD,
        "code": code });
    app.register(form).await.assert_ok();
}

#[tokio::test]
async fn a_failed_webhook_delivery_is_reported_and_can_be_retried_at_once() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}/hook", nobody.local_addr().expect("an address"));
    drop(nobody);
    let app = webhook_app(url).await;
    let phone = app.fresh_phone();

    let first = app.send_code(&phone, "register").await;
    let retry = app.send_code(&phone, "register").await;

    assert_eq!(first.err(), "code_delivery_failed");
    assert_eq!(retry.err(), "code_delivery_failed", "not code_too_soon: {retry:?}");
}

#[tokio::test]
async fn a_webhook_answering_with_an_error_status_is_a_failed_delivery() {
    let (url, mut received) = webhook(500).await;
    let app = webhook_app(url).await;
    let phone = app.fresh_phone();

    let reply = app.send_code(&phone, "register").await;

    assert_eq!(reply.err(), "code_delivery_failed");
    let hook = received.recv().await.expect("the webhook was called");
    let form = json!({ "phone": phone, "password": PASSWORD, "repassword": PASSWORD,
        "code": hook["code"] });
    assert_eq!(app.register(form).await.err(), "invalid_code", "the undelivered code is void");
}
