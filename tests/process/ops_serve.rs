//! `fairhall serve` as the operator watches it: a whole player flow at `RUST_LOG=trace` whose
//! log holds no token, password or card number; direct TLS for ordinary requests and live
//! streams; and systemd's READY, WATCHDOG and STOPPING notifications.

use crate::support::binary::{fairhall, succeed};
use crate::support::server::{get, post};
use crate::support::wallet_support::DepositUpload;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

const START_TIMEOUT: Duration = Duration::from_secs(30);
const STOP_TIMEOUT: Duration = Duration::from_secs(10);

/// The flow's secrets: none of them may reach the log.
const LOGIN_PASSWORD: &str = "Login_pass_4711";
const FUND_PASSWORD: &str = "864213";
const CARD_NUMBER: &str = "6222021234567890";

/// A server whose whole output (stdout and stderr) is collected; killed when dropped.
struct LoggedServer {
    child: Child,
    address: String,
    log: Arc<Mutex<String>>,
}

impl Drop for LoggedServer {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl LoggedServer {
    fn start(data_dir: &Path, global_args: &[&str], env: &[(&str, &str)]) -> LoggedServer {
        let mut command = fairhall(data_dir);
        command.args(global_args).args(["serve", "--listen", "127.0.0.1:0"]);
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child =
            command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("serve starts");
        let log = Arc::new(Mutex::new(String::new()));
        let (sender, addresses) = mpsc::channel();
        let stdout = child.stdout.take().expect("a stdout pipe");
        let stderr = child.stderr.take().expect("a stderr pipe");
        collect(Box::new(stdout), log.clone(), Some(sender));
        collect(Box::new(stderr), log.clone(), None);
        let address = addresses.recv_timeout(START_TIMEOUT).unwrap_or_else(|_| {
            panic!("the server logs its address; its log:\n{}", log.lock().expect("the log"))
        });
        LoggedServer { child, address, log }
    }

    /// Sends SIGTERM and waits for the exit; the log is complete afterwards.
    fn stop(&mut self) -> String {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
        let stopping = Instant::now();
        while self.child.try_wait().expect("the server's status").is_none() {
            assert!(stopping.elapsed() < STOP_TIMEOUT, "the server stops after SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
        // The pipes' readers finish once the process is gone.
        std::thread::sleep(Duration::from_millis(200));
        self.log.lock().expect("the log").clone()
    }
}

/// Appends every line of `pipe` to `log`; sends the address of "fairhall is serving".
fn collect(
    pipe: Box<dyn Read + Send>,
    log: Arc<Mutex<String>>,
    address: Option<mpsc::Sender<String>>,
) {
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if let Some(sender) = &address
                && let Some((_, rest)) = line.split_once("fairhall is serving address=")
            {
                let _ = sender.send(rest.split_whitespace().next().unwrap_or("").to_string());
            }
            let mut log = log.lock().expect("the log");
            log.push_str(&line);
            log.push('\n');
        }
    });
}

#[track_caller]
fn ok(reply: Value) -> Value {
    assert_eq!(reply["code"], 1, "{reply}");
    reply["data"].clone()
}

/// The open issue of `room` once the scheduler committed its chains (it ticks every second).
fn open_issue(base: &str, room: &str, token: &str) -> String {
    let waiting = Instant::now();
    loop {
        let index = get(base, &format!("/api/roominfo/index?room={room}"), token);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_secs() as i64;
        let close_at = index["data"]["close_at"].as_i64().unwrap_or(0);
        // Two seconds of margin: the bet must arrive before the close.
        if let Some(issue) = index["data"]["issue"].as_str()
            && now + 2 < close_at
        {
            return issue.to_string();
        }
        assert!(waiting.elapsed() < START_TIMEOUT, "{room} opens a period: {index}");
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// The sessions a flow held: the registration's and the login's.
struct Sessions {
    registered: String,
    logged_in: String,
}

/// Registers, logs in, sets the fund password, binds a card, deposits (approved by the CLI),
/// bets, withdraws, reads the profile with the token in the path and in the query, logs out.
fn play_a_whole_flow(base: &str, data: &Path, config: &str) -> Sessions {
    let phone = json!({ "phone": "13800000077", "password": LOGIN_PASSWORD,
        "repassword": LOGIN_PASSWORD, "agree": "1", "age_confirmed": "1" });
    let registered = ok(post(base, "/api/login/do_register", &phone, None));
    let login = json!({ "account": "13800000077", "password": LOGIN_PASSWORD });
    let token = ok(post(base, "/api/login/post", &login, None))["token"].clone();
    let token = token.as_str().expect("a token").to_string();
    let fund = json!({ "password": FUND_PASSWORD, "repassword": FUND_PASSWORD });
    ok(post(base, "/api/personal/securitypassword", &fund, Some(&token)));
    let card = json!({ "bank_id": "VCB", "holder": "Nguyen Van An", "card_no": CARD_NUMBER });
    let card = ok(post(base, "/api/personal/add_bank", &card, Some(&token)));
    let deposit: Value = ureq::post(&format!("{base}/api/personal/recharge"))
        .header("token", &token)
        .header("content-type", &DepositUpload::content_type())
        .send(&DepositUpload::new("100.00").body()[..])
        .expect("the server answers")
        .body_mut()
        .read_json()
        .expect("an envelope");
    let deposit_id = ok(deposit)["id"].as_i64().expect("a deposit id").to_string();
    succeed(data, &["--config", config, "admin", "deposit", "approve", &deposit_id]);
    let conversion = json!({"from": "balance", "amount": "50"});
    ok(post(base, "/api/personal/conversion", &conversion, Some(&token)));
    let issue = open_issue(base, "rgb1", &token);
    let bet =
        json!({"room": "rgb1", "issue": issue, "bets": [{"option": "green", "amount": "10"}]});
    ok(post(base, "/api/rooms/betting", &bet, Some(&token)));
    let withdrawal = json!({ "method": "bank", "account_id": card["id"], "amount": "20",
        "fund_password": FUND_PASSWORD });
    ok(post(base, "/api/personal/do_withdraw", &withdrawal, Some(&token)));
    let by_path = ureq::get(&format!("{base}/api/personal/index/token/{token}")).call();
    let by_path: Value = by_path.expect("the server answers").body_mut().read_json().expect("JSON");
    assert_eq!(by_path["data"]["phone"], "138****0077", "{by_path}");
    let registered_token = registered["token"].as_str().expect("a token").to_string();
    let by_query = ureq::get(&format!("{base}/api/personal/index?token={registered_token}"));
    by_query.call().expect("the server answers");
    post(base, "/logout", &json!({}), Some(&token));
    Sessions { registered: registered_token, logged_in: token }
}

#[test]
fn a_whole_player_flow_at_trace_level_logs_no_token_password_or_card_number() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let config = dir.path().join("fairhall.toml");
    let text = "[wallet]\nturnover_percent = 0\n[[wallet.receiving_accounts]]\ncode = \"bank\"\n\
        method = \"bank\"\nbank = \"Vietcombank\"\nholder = \"FAIRHALL LTD\"\nnumber = \"0071\"\n\
        [growth]\nbonus_turnover_percent = 0\n";
    std::fs::write(&config, text).expect("a config");
    let config = config.to_str().expect("a UTF-8 path").to_string();
    let env = [("RUST_LOG", "trace")];
    let mut server = LoggedServer::start(dir.path(), &["--config", &config], &env);

    let sessions = play_a_whole_flow(&format!("http://{}", server.address), dir.path(), &config);
    let log = server.stop();

    assert!(log.contains("TRACE") && log.contains("DEBUG"), "the log is verbose:\n{log}");
    let secrets = [&sessions.registered, &sessions.logged_in, LOGIN_PASSWORD, FUND_PASSWORD];
    for secret in secrets.into_iter().chain([CARD_NUMBER]) {
        let leaked: Vec<&str> = log.lines().filter(|line| line.contains(secret)).collect();
        assert!(leaked.is_empty(), "{secret} is in the log:\n{}", leaked.join("\n"));
    }
}

#[test]
fn json_logs_are_one_object_per_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let config = dir.path().join("fairhall.toml");
    std::fs::write(&config, "[log]\nformat = \"json\"\nlevel = \"info\"\n").expect("a config");
    let config = config.to_str().expect("a UTF-8 path");
    let mut command = fairhall(dir.path());
    let mut child = command
        .args(["--config", config, "serve", "--listen", "127.0.0.1:0"])
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let stdout = child.stdout.take().expect("a stdout pipe");
    let first = BufReader::new(stdout).lines().map_while(Result::ok).take(3).collect::<Vec<_>>();
    let _ = child.kill();
    let _ = child.wait();

    assert!(!first.is_empty(), "the server logged");
    for line in &first {
        let event: Value = serde_json::from_str(line).unwrap_or_else(|_| panic!("JSON: {line}"));
        assert_eq!(event["level"], "INFO", "{line}");
        assert!(event["fields"]["message"].is_string(), "{line}");
    }
}

/// A self-signed certificate for 127.0.0.1 and its key, written as PEM files in `dir`.
fn self_signed(dir: &Path) -> (String, String, Vec<u8>) {
    let certified = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()])
        .expect("a self-signed certificate");
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, certified.cert.pem()).expect("the certificate file");
    std::fs::write(&key, certified.signing_key.serialize_pem()).expect("the key file");
    let path = |path: &Path| path.to_str().expect("a UTF-8 path").to_string();
    (path(&cert), path(&key), certified.cert.der().to_vec())
}

/// An HTTP client that trusts only `certificate` (DER).
fn trusting(certificate: &[u8]) -> ureq::Agent {
    use ureq::tls::{Certificate, RootCerts, TlsConfig};
    let roots = RootCerts::Specific(Arc::new(vec![Certificate::from_der(certificate).to_owned()]));
    let tls = TlsConfig::builder().root_certs(roots).build();
    ureq::Agent::config_builder().tls_config(tls).build().new_agent()
}

#[test]
fn direct_tls_serves_requests_and_live_streams_over_https_only() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (cert, key, der) = self_signed(dir.path());
    let config = dir.path().join("fairhall.toml");
    let text = format!("[server]\ntls_cert_file = {cert:?}\ntls_key_file = {key:?}\n");
    std::fs::write(&config, text).expect("a config");
    let config = config.to_str().expect("a UTF-8 path");
    let mut server = LoggedServer::start(dir.path(), &["--config", config], &[]);
    let port = server.address.rsplit(':').next().expect("a port").to_string();
    let agent = trusting(&der);

    let health = agent.get(&format!("https://127.0.0.1:{port}/healthz")).call();
    let health: Value = health.expect("an HTTPS answer").body_mut().read_json().expect("JSON");
    let live = agent.get(&format!("https://127.0.0.1:{port}/api/live?room=k3")).call();
    let mut live = live.expect("an HTTPS live stream");
    let content_type = live.headers().get("content-type").cloned();
    let mut reader = live.body_mut().as_reader();
    let mut first = [0u8; 64];
    let read = reader.read(&mut first).expect("the stream's first bytes");
    let plain = ureq::get(&format!("http://127.0.0.1:{port}/healthz")).call();
    server.stop();

    assert_eq!(health["status"], "ok", "{health}");
    assert_eq!(
        content_type.as_ref().and_then(|value| value.to_str().ok()),
        Some("text/event-stream")
    );
    assert!(String::from_utf8_lossy(&first[..read]).contains("event: "), "{first:?}");
    assert!(plain.is_err(), "plain HTTP is refused on a TLS listener");
}

#[test]
fn serve_refuses_a_certificate_file_that_is_not_pem_naming_the_key() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (_, key, _) = self_signed(dir.path());
    let cert = dir.path().join("broken.pem");
    std::fs::write(&cert, "not a certificate").expect("a file");
    let config = dir.path().join("fairhall.toml");
    let text = format!("[server]\ntls_cert_file = {cert:?}\ntls_key_file = {key:?}\n");
    std::fs::write(&config, text).expect("a config");
    let config = config.to_str().expect("a UTF-8 path");

    let refused = crate::support::binary::fail(
        dir.path(),
        &["--config", config, "serve", "--listen", "127.0.0.1:0"],
    );

    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
    assert!(refused.stderr.contains("server.tls_cert_file"), "{refused:?}");
}

#[test]
fn systemd_hears_ready_then_watchdog_pings_then_stopping() {
    use std::os::unix::net::UnixDatagram;
    let dir = tempfile::tempdir().expect("a temp directory");
    let socket_path = dir.path().join("notify.sock");
    let socket = UnixDatagram::bind(&socket_path).expect("a notify socket");
    socket.set_read_timeout(Some(START_TIMEOUT)).expect("a read timeout");
    let socket_name = socket_path.to_str().expect("a UTF-8 path");
    let env = [("NOTIFY_SOCKET", socket_name), ("WATCHDOG_USEC", "400000")];
    let data_dir = dir.path().join("data");
    let mut server = LoggedServer::start(&data_dir, &[], &env);
    let receive = |socket: &UnixDatagram| {
        let mut buffer = [0u8; 256];
        let read = socket.recv(&mut buffer).expect("a notification");
        String::from_utf8_lossy(&buffer[..read]).into_owned()
    };

    let ready = receive(&socket);
    let pings = [receive(&socket), receive(&socket)];
    server.stop();
    let mut after_stop = Vec::new();
    socket.set_read_timeout(Some(Duration::from_millis(500))).expect("a read timeout");
    let mut buffer = [0u8; 256];
    while let Ok(read) = socket.recv(&mut buffer) {
        after_stop.push(String::from_utf8_lossy(&buffer[..read]).into_owned());
    }

    assert_eq!(ready, "READY=1");
    assert_eq!(pings, ["WATCHDOG=1", "WATCHDOG=1"]);
    assert!(after_stop.contains(&"STOPPING=1".to_string()), "{after_stop:?}");
}
