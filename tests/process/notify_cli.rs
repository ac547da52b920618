//! `fairhall admin notify test|log` on the real binary: the test message reaches a local
//! webhook at once, signed, and the log shows it delivered; a receiver that refuses makes the
//! command fail with the error, kept in the log; the secrets stay out of `config dump`.

use crate::support::binary::{fail, new_hall, succeed};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc;

const SECRET: &str = "process-test-webhook-secret";
const BOT_TOKEN: &str = "999:process-test-token";

/// A local receiver answering `status` to every request; hands over (head, body) of each.
fn receiver(status: u16) -> (String, mpsc::Receiver<(String, Vec<u8>)>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}/hook", listener.local_addr().expect("an address"));
    let (sender, received) = mpsc::channel();
    std::thread::spawn(move || {
        // A test server: it serves until the test process ends.
        for mut stream in listener.incoming().flatten() {
            let (head, body) = read_request(&mut stream);
            let answer =
                format!("HTTP/1.1 {status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
            let _ = stream.write_all(answer.as_bytes());
            let _ = sender.send((head, body));
        }
    });
    (url, received)
}

fn read_request(stream: &mut std::net::TcpStream) -> (String, Vec<u8>) {
    let (mut buffer, mut chunk) = (Vec::new(), [0u8; 4096]);
    loop {
        if let Some(at) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buffer[..at]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .map_or(0, |value| value.trim().parse().unwrap_or(0));
            while buffer.len() < at + 4 + length {
                let read = stream.read(&mut chunk).unwrap_or(0);
                if read == 0 {
                    break;
                }
                buffer.extend_from_slice(&chunk[..read]);
            }
            return (head, buffer[at + 4..].to_vec());
        }
        let read = stream.read(&mut chunk).unwrap_or(0);
        if read == 0 {
            return (String::new(), Vec::new());
        }
        buffer.extend_from_slice(&chunk[..read]);
    }
}

fn config_with(dir: &Path, url: &str) -> String {
    let config = dir.join("fairhall.toml");
    let text = format!(
        "[notify]\nwebhook_url = \"{url}\"\nwebhook_secret = \"{SECRET}\"\n\
         telegram_bot_token = \"{BOT_TOKEN}\"\ntelegram_chat_id = \"42\"\n\
         telegram_api_url = \"{}\"\nmax_attempts = 2\n",
        url.trim_end_matches("/hook")
    );
    std::fs::write(&config, text).expect("a config");
    config.to_str().expect("a UTF-8 path").to_string()
}

#[test]
fn notify_test_sends_a_signed_message_at_once_and_the_log_shows_it_delivered() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path().join("data");
    new_hall(&data_dir);
    let (url, received) = receiver(200);
    let config = config_with(dir.path(), &url);

    let printed = succeed(&data_dir, &["--config", &config, "admin", "notify", "test"]);
    let log = succeed(&data_dir, &["--config", &config, "admin", "notify", "log", "--json"]);
    let dumped = succeed(&data_dir, &["--config", &config, "config", "dump"]);

    assert!(printed.contains("webhook: delivered"), "{printed}");
    assert!(printed.contains("telegram: delivered"), "{printed}");
    let mut requests: Vec<(String, Vec<u8>)> = received.try_iter().collect();
    requests.sort();
    assert_eq!(requests.len(), 2, "{requests:?}");
    let (head, body) =
        requests.iter().find(|(head, _)| head.starts_with("post /hook")).expect("the hook");
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(SECRET.as_bytes()).expect("a key");
    mac.update(body);
    let signature = format!("sha256={}", hex::encode(mac.finalize().into_bytes()));
    assert!(head.contains(&format!("x-fairhall-signature: {signature}")), "{head}");
    assert!(head.contains("x-fairhall-event: test"), "{head}");
    let sent: serde_json::Value = serde_json::from_slice(body).expect("JSON");
    assert_eq!(sent["event"], "test");
    let log: serde_json::Value = serde_json::from_str(&log).expect("the log as JSON");
    let states: Vec<(&str, &str)> = log
        .as_array()
        .expect("a list")
        .iter()
        .map(|delivery| {
            (delivery["channel"].as_str().unwrap_or(""), delivery["state"].as_str().unwrap_or(""))
        })
        .collect();
    assert_eq!(states, [("telegram", "delivered"), ("webhook", "delivered")]);
    assert!(!dumped.contains(SECRET) && !dumped.contains(BOT_TOKEN), "{dumped}");
}

#[test]
fn notify_test_fails_with_the_receivers_answer_and_the_log_keeps_it() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path().join("data");
    new_hall(&data_dir);
    let (url, _received) = receiver(500);
    let config = config_with(dir.path(), &url);

    let failed = fail(&data_dir, &["--config", &config, "admin", "notify", "test"]);
    let log = succeed(&data_dir, &["--config", &config, "admin", "notify", "log"]);

    assert!(failed.stdout.contains("webhook: FAILED"), "{failed:?}");
    assert!(failed.stderr.contains("2 of 2 test messages failed"), "{failed:?}");
    assert!(!failed.stdout.contains(BOT_TOKEN), "the token stays out of the errors: {failed:?}");
    assert!(log.contains("waiting") && log.contains("HTTP 500"), "{log}");
}

#[test]
fn notify_test_without_a_channel_says_how_to_set_one_up() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path().join("data");
    new_hall(&data_dir);

    let failed = fail(&data_dir, &["admin", "notify", "test"]);

    assert!(failed.stderr.contains("no notification channel is configured"), "{failed:?}");
}
