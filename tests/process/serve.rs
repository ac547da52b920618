//! `fairhall serve` as an operator runs it: a real port, a player over real HTTP, an admin
//! command on the same database while it serves, and a clean stop on SIGTERM.

use crate::support::binary::run;
use crate::support::server::{STOP_TIMEOUT, Server, get, post, start_with};
use serde_json::{Value, json};
use std::process::Command;
use std::time::{Duration, Instant};

fn start(data_dir: &std::path::Path) -> (Server, String) {
    start_with(data_dir, &[])
}

#[test]
fn serve_answers_players_sees_admin_commands_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (mut server, address) = start(dir.path());
    let base = format!("http://{address}");

    let registered = post(
        &base,
        "/api/login/do_register",
        &json!({ "phone": "13800000005", "password": "first_1", "repassword": "first_1",
            "agree": "1", "age_confirmed": "1" }),
        None,
    );
    let token = registered["data"]["token"].as_str().expect("a token").to_string();
    let before = get(&base, "/api/personal/index", &token);
    let frozen = run(dir.path(), &["admin", "user", "freeze", "13800000005"]);
    let after = get(&base, "/api/personal/index", &token);
    let health = ureq::get(&format!("{base}/healthz")).call().expect("healthy");
    let health = health.into_body().read_to_string().expect("a body");
    let pid = server.0.id().to_string();
    let signalled = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
    let stopping = Instant::now();
    let exit = loop {
        if let Some(status) = server.0.try_wait().expect("the server's status") {
            break Some(status);
        }
        if stopping.elapsed() > STOP_TIMEOUT {
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };

    assert_eq!(registered["code"], 1, "{registered}");
    assert_eq!(before["data"]["phone"], "138****0005", "{before}");
    assert!(frozen.status.success(), "{frozen:?}");
    assert_eq!(
        (&after["code"], &after["ret"], &after["err"]),
        (&json!(0), &json!(555), &json!("account_frozen")),
        "{after}"
    );
    let health: Value = serde_json::from_str(&health).expect("the health check is JSON");
    assert_eq!(health["status"], "ok", "{health}");
    assert_eq!(health["wal_max_bytes"], 64 * 1024 * 1024, "{health}");
    // A number, maybe 0: the admin command's own clean close may have just checkpointed it.
    assert!(health["wal_bytes"].as_u64().is_some(), "{health}");
    assert!(health["disk_free_bytes"].as_u64().is_some_and(|bytes| bytes > 0), "{health}");
    assert!(signalled.success());
    let exit = exit.expect("the server stops within a few seconds of SIGTERM");
    assert!(exit.success(), "exit status {exit}");
    let wal = dir.path().join("fairhall.db-wal");
    assert!(!wal.exists(), "the clean stop checkpointed and removed {}", wal.display());
    let verified = run(dir.path(), &["admin", "verify"]);
    assert!(verified.status.success(), "{verified:?}");
}

#[test]
fn serve_refuses_to_start_with_less_free_disk_space_than_configured() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let config = dir.path().join("fairhall.toml");
    // More than any disk holds (TOML integers stop at 2^63 - 1).
    std::fs::write(&config, "[db]\nmin_free_bytes = 9000000000000000000\n").expect("a config");
    let config = config.to_str().expect("a UTF-8 path");

    let refused = run(dir.path(), &["--config", config, "serve", "--listen", "127.0.0.1:0"]);

    assert!(!refused.status.success(), "{refused:?}");
    assert!(refused.stderr.contains("not enough free disk space"), "{refused:?}");
    assert!(refused.stderr.contains("db.min_free_bytes"), "{refused:?}");
    assert!(!dir.path().join("fairhall.db").exists(), "nothing was created");
}

/// Sends `request` on a new connection and reads until `enough` holds of what arrived, or the
/// server closes the connection; the connection stays open while the reply is held.
fn raw_exchange(
    address: &str,
    request: &str,
    enough: impl Fn(&str) -> bool,
) -> (String, std::net::TcpStream) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a read timeout");
    stream.write_all(request.as_bytes()).expect("the request is sent");
    let mut seen = String::new();
    let mut chunk = [0u8; 4096];
    while !enough(&seen) {
        let read = stream.read(&mut chunk).expect("the server answers in time");
        if read == 0 {
            break;
        }
        seen.push_str(&String::from_utf8_lossy(&chunk[..read]));
    }
    (seen, stream)
}

#[test]
fn live_streams_are_served_on_their_own_path_beside_ordinary_requests() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (mut server, address) = start(dir.path());
    let request = "GET /api/live?room=k3 HTTP/1.1\r\nHost: fairhall\r\n\r\n";
    let (stream, _open) = raw_exchange(&address, request, |seen| {
        seen.contains("\n\n") && seen.contains("event: state")
    });
    assert!(stream.starts_with("HTTP/1.1 200 OK\r\n"), "{stream}");
    assert!(stream.contains("content-type: text/event-stream\r\n"), "{stream}");
    assert!(stream.contains("connection: close\r\n"), "{stream}");
    let data = stream.lines().find_map(|line| line.strip_prefix("data: ")).expect("a state");
    let state: Value = serde_json::from_str(data).expect("json");
    assert_eq!(state["room"], "k3");

    // A refusal comes back as the usual envelope, and the connection closes.
    let request = "GET /api/live?room=mars HTTP/1.1\r\nHost: fairhall\r\n\r\n";
    let (refused, _) = raw_exchange(&address, request, |_| false);
    assert!(refused.starts_with("HTTP/1.1 200 OK\r\n"), "{refused}");
    assert!(refused.contains("\"err\":\"bad_params\""), "{refused}");
    let (junk, _) = raw_exchange(&address, "GET /api/live\r\n\r\n", |_| false);
    assert!(junk.starts_with("HTTP/1.1 400"), "{junk}");

    // Other requests, on the same port, still go through the ordinary server (keep-alive).
    let health = ureq::get(&format!("http://{address}/healthz")).call().expect("healthy");
    assert_eq!(health.status(), 200);
    let _ = Command::new("kill").args(["-TERM", &server.0.id().to_string()]).status();
    let stopping = Instant::now();
    while server.0.try_wait().expect("a status").is_none() {
        assert!(stopping.elapsed() < STOP_TIMEOUT, "stops promptly with a stream open");
        std::thread::sleep(Duration::from_millis(50));
    }
}
