//! Secrets (issue 18, input): a card number's ciphertext refuses any flipped bit, no seed of an
//! undrawn period appears in any reply, the live stream or the server log of the real binary,
//! and passwords are hashed with the documented argon2id parameters.

use crate::support::binary::{fail, fairhall, succeed};
use crate::support::helpers::TestApp;
use crate::support::server::{Server, get, post};
use crate::support::wallet_support::{WalletApp, withdrawal_form};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The argon2id parameters docs/security.md ("Secrets") documents: OWASP's 19 MiB, 2 passes,
/// 1 lane (the argon2 crate's defaults, which `auth::hashing` uses).
const ARGON2_PHC_PREFIX: &str = "$argon2id$v=19$m=19456,t=2,p=1$";

#[tokio::test]
async fn stored_password_hashes_are_argon2id_with_the_documented_parameters() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.set_fund_password(&player).await;
    let user_id = player.id;

    let (password, fund_password) = app
        .db
        .read(move |connection| {
            Ok(connection.query_row(
                "SELECT password_hash, fund_password_hash FROM users WHERE user_id = ?1",
                [user_id],
                |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?)),
            )?)
        })
        .await
        .expect("the player's hashes");

    for hash in [password, fund_password] {
        assert!(hash.starts_with(ARGON2_PHC_PREFIX), "{hash}");
        let fields: Vec<&str> = hash.split('$').collect();
        // "", algorithm, version, parameters, salt (16 bytes), hash (32 bytes), unpadded.
        assert_eq!(fields.len(), 6, "{hash}");
        assert_eq!(fields[4].len(), 22, "a 16-byte salt: {hash}");
        assert_eq!(fields[5].len(), 43, "a 32-byte hash: {hash}");
    }
}

#[tokio::test]
async fn a_card_ciphertext_with_any_flipped_bit_fails_to_decrypt() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, app) = (dir.path(), TestApp::open(dir.path(), |_| {}));
    let (player, card) = app.withdrawer("300.00").await;
    let id = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;
    let id = id.assert_ok()["id"].to_string();
    let sealed = app
        .db
        .read(move |connection| {
            let query = "SELECT card_cipher FROM bank_cards WHERE bank_card_id = ?1";
            Ok(connection.query_row(query, [card], |row| row.get::<_, String>(0))?)
        })
        .await
        .expect("the sealed card");
    let bytes = STANDARD.decode(sealed.strip_prefix("v2:").expect("format v2")).expect("base64");
    assert!(succeed(data, &["admin", "withdraw", "show", &id]).contains("card number"));

    // The IV, the first and last ciphertext blocks and the tag: 16-byte IV, 32-byte tag.
    let (iv, tag) = (0..16, bytes.len() - 32..bytes.len());
    for (part, index) in [
        ("iv", iv.start),
        ("iv", iv.end - 1),
        ("ciphertext", 16),
        ("ciphertext", tag.start - 1),
        ("tag", tag.start),
        ("tag", tag.end - 1),
    ] {
        let mut altered = bytes.clone();
        altered[index] ^= 0x01;
        let text = format!("v2:{}", STANDARD.encode(&altered));
        app.db
            .write(move |tx| {
                let update = "UPDATE bank_cards SET card_cipher = ?1 WHERE bank_card_id = ?2";
                Ok(tx.execute(update, rusqlite::params![text, card])?)
            })
            .await
            .expect("the altered text is written");

        let refused = fail(data, &["admin", "withdraw", "show", &id]);

        assert!(refused.stderr.contains("integrity"), "{part} byte {index}: {refused:?}");
        assert!(!refused.stdout.contains("card number"), "{part} byte {index}: {refused:?}");
    }
}

/// `fairhall serve` on a free port with every line of its log kept in `log`.
fn serve_logging(data_dir: &Path, log: Arc<Mutex<Vec<String>>>) -> (Server, String) {
    let mut child = fairhall(data_dir)
        .env("RUST_LOG", "debug")
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let (sender, receiver) = std::sync::mpsc::channel();
    let stderr_log = log.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr.expect("stderr")).lines().map_while(Result::ok) {
            stderr_log.lock().expect("the log").push(line);
        }
    });
    std::thread::spawn(move || {
        for line in BufReader::new(stdout.expect("stdout")).lines().map_while(Result::ok) {
            if let Some((_, address)) = line.split_once("fairhall is serving address=") {
                let address = address.split_whitespace().next().unwrap_or_default();
                let _ = sender.send(address.to_string());
            }
            log.lock().expect("the log").push(line);
        }
    });
    let address = receiver.recv_timeout(Duration::from_secs(30)).expect("the serving address");
    (Server(child), address)
}

/// What the live stream of `room` sends in its first second.
fn live_stream_start(address: &str, room: &str, token: &str) -> String {
    let mut stream = std::net::TcpStream::connect(address).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(1))).expect("a timeout");
    let head =
        format!("GET /api/live?room={room}&token={token} HTTP/1.1\r\nHost: {address}\r\n\r\n");
    stream.write_all(head.as_bytes()).expect("the request is sent");
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(read) = stream.read(&mut buffer) {
        if read == 0 || received.len() > 64 * 1024 {
            break;
        }
        received.extend_from_slice(&buffer[..read]);
    }
    String::from_utf8_lossy(&received).into_owned()
}

/// Every GET path the server's OpenAPI document describes but the live stream (read by
/// `live_stream_start`: it never ends), with a room and a page where they are asked for.
fn described_get_paths(base: &str) -> Vec<String> {
    let document: Value = ureq::get(&format!("{base}/api/openapi.json"))
        .call()
        .expect("the document")
        .body_mut()
        .read_json()
        .expect("JSON");
    let paths = document["paths"].as_object().expect("paths");
    let plain = paths.iter().filter(|(path, item)| {
        !path.contains('{') && item["get"].is_object() && !path.starts_with("/api/live")
    });
    plain.map(|(path, _)| format!("{path}?room=k3&page=1")).collect()
}

/// The seeds no one may know yet: for each chain, from its secret end down to the first seed
/// already revealed (every seed below a revealed one is its hash, so public).
fn undrawn_seeds(data_dir: &Path) -> HashSet<String> {
    let keys = std::fs::read_to_string(data_dir.join("chains.key")).expect("the key file");
    let connection = rusqlite::Connection::open(data_dir.join("fairhall.db")).expect("the db");
    let mut statement = connection.prepare("SELECT seed FROM draws").expect("a query");
    let revealed: HashSet<String> = statement
        .query_map([], |row| row.get::<_, String>(0))
        .expect("the draws")
        .map(|seed| seed.expect("a seed"))
        .collect();
    let mut secret = HashSet::new();
    for (chain_id, end) in keys.lines().filter_map(|line| line.split_once(' ')) {
        let length: u32 = connection
            .query_row("SELECT length FROM seed_chains WHERE chain_id = ?1", [chain_id], |row| {
                row.get(0)
            })
            .expect("the chain's length");
        let mut seed = fairhall::games::fairness::fair::Seed::parse_hex(end).expect("an end");
        for _ in 0..length {
            if revealed.contains(&seed.to_hex()) {
                break;
            }
            secret.insert(seed.to_hex());
            seed = seed.previous();
        }
    }
    secret
}

/// The 64-hex-digit runs of `text`, lower-cased.
fn hex_runs(text: &str) -> Vec<String> {
    let runs = text.split(|character: char| !character.is_ascii_hexdigit());
    runs.filter(|run| run.len() == 64).map(str::to_ascii_lowercase).collect()
}

#[test]
fn no_seed_of_an_undrawn_period_is_in_a_reply_the_live_stream_or_the_log() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let log = Arc::new(Mutex::new(Vec::new()));
    let (server, address) = serve_logging(dir.path(), log.clone());
    let base = format!("http://{address}");
    let registration = json!({ "phone": "13800000018", "password": "first_1",
        "repassword": "first_1", "agree": "1", "age_confirmed": "1" });
    let registered = post(&base, "/api/login/do_register", &registration, None);
    let token = registered["data"]["token"].as_str().expect("a token").to_string();
    succeed(dir.path(), &["admin", "wallet", "adjust", "13800000018", "100.00", "--reason", "t"]);
    let mut replies = vec![registered.to_string()];
    let conversion = json!({"from": "balance", "amount": "50.00"});
    replies.push(post(&base, "/api/personal/conversion", &conversion, Some(&token)).to_string());
    for room in ["k3", "pk10", "rgb5", "usa_vip"] {
        let index = get(&base, &format!("/api/roominfo/index?room={room}"), &token);
        let issue = index["data"]["issue"].as_str().unwrap_or_default().to_string();
        let bet = json!({"room": room, "issue": issue, "bets": [{"option": "big", "amount": "1"}]});
        replies.push(index.to_string());
        replies.push(post(&base, "/api/rooms/betting", &bet, Some(&token)).to_string());
        replies.push(live_stream_start(&address, room, &token));
    }
    for path in described_get_paths(&base) {
        let response = ureq::get(&format!("{base}{path}")).header("token", &token).call();
        if let Ok(mut response) = response {
            replies.push(response.body_mut().read_to_string().unwrap_or_default());
        }
    }
    drop(server);

    let secret = undrawn_seeds(dir.path());
    assert!(secret.len() > 1000, "{} undrawn seeds", secret.len());
    let log = log.lock().expect("the log").join("\n");
    assert!(log.contains("fairhall is serving"), "the log was captured");
    for (source, text) in replies.iter().map(|reply| ("a reply", reply)).chain([("the log", &log)])
    {
        for run in hex_runs(text) {
            assert!(!secret.contains(&run), "{source} holds the seed of an undrawn period");
        }
    }
}
