//! The command line (`fairhall init | migrate | serve | admin ...`), run as the built binary
//! on a temp data directory.

use crate::support::binary::{Run, fairhall, new_hall, run, succeed};
use crate::support::helpers::TestApp;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Stdio;

#[test]
fn each_subcommand_explains_its_purpose_in_its_help() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let cases: &[(&[&str], &str)] = &[
        (&["--help"], "A self-hosted gaming hall"),
        (&["serve", "--help"], "Serve the app and the API"),
        (&["init", "--help"], "Write a new config file"),
        (&["migrate", "--help"], "Apply database migrations"),
        (&["backup", "--help"], "Write one backup archive"),
        (&["restore", "--help"], "Check a backup archive"),
        (&["admin", "--help"], "Operator commands"),
        (&["admin", "codes", "--help"], "Verification codes delivered in `log` mode"),
        (&["admin", "doctor", "--help"], "Check the installation"),
        (&["config", "dump", "--help"], "Print the configuration serve would use"),
        (&["admin", "user", "--help"], "Player accounts"),
        (&["admin", "user", "create", "--help"], "Create a player"),
        (&["admin", "user", "list", "--help"], "List users"),
        (&["admin", "user", "show", "--help"], "Show one user"),
        (&["admin", "user", "freeze", "--help"], "Freeze an account"),
        (&["admin", "user", "unfreeze", "--help"], "Lift a freeze"),
        (&["admin", "user", "set-password", "--help"], "Set a new login password"),
        (&["admin", "user", "grant-admin", "--help"], "Make a user an admin"),
        (&["admin", "room", "limits", "--help"], "Set a room's bet limits"),
        (&["admin", "news", "--help"], "News articles players read"),
        (&["admin", "news", "add", "--help"], "Publish a news article"),
        (&["admin", "news", "list", "--help"], "List articles, newest first"),
        (&["admin", "news", "show", "--help"], "Show one article"),
        (&["admin", "news", "edit", "--help"], "Change an article's title"),
        (&["admin", "news", "remove", "--help"], "Remove an article"),
        (&["admin", "envelope", "--help"], "Red envelopes"),
        (&["admin", "envelope", "create", "--help"], "prints its code once"),
        (&["admin", "envelope", "withdraw", "--help"], "the remainder goes back to `bonus`"),
    ];

    for (args, purpose) in cases {
        let stdout = succeed(dir.path(), args);
        assert!(stdout.contains(purpose), "{args:?}:\n{stdout}");
    }
}

fn secrets_of(config: &fairhall::config::Config) -> (String, String) {
    (config.secrets.card_key.clone(), config.secrets.card_mac_key.clone())
}

#[test]
fn init_writes_a_private_config_with_fresh_secrets_and_never_overwrites_it_unasked() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let path = dir.path().join("f.toml");
    let path_text = path.to_str().expect("a UTF-8 path");

    let written = succeed(&data, &["init", "--config", path_text, "--listen", "0.0.0.0:9000"]);
    assert!(written.contains("the reward programmes that pay players are off"), "{written}");
    let first_text = std::fs::read(&path).expect("the config was written");
    let again = run(&data, &["init", "--config", path_text]);
    let unchanged = std::fs::read(&path).expect("the config is still there");
    succeed(&data, &["init", "--config", path_text, "--force"]);

    let mode = std::fs::metadata(&path).expect("metadata").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let config = fairhall::config::Config::parse(&String::from_utf8_lossy(&first_text))
        .expect("the written config parses");
    assert_eq!(config.server.data_dir, data);
    assert_eq!(config.server.listen.to_string(), "0.0.0.0:9000");
    assert!(!config.growth.signin.enabled && config.growth.salary.tiers.is_empty());
    assert_eq!(config.growth.rebate.rate_bps, 0, "every paying programme is off");
    let (card_key, card_mac_key) = secrets_of(&config);
    for key in [&card_key, &card_mac_key] {
        assert_eq!(key.len(), 64);
        assert!(key.bytes().all(|byte| byte.is_ascii_hexdigit()), "{key}");
    }
    assert_ne!(card_key, card_mac_key);
    assert!(!again.status.success(), "{again:?}");
    assert!(again.stderr.contains("already exists"), "{again:?}");
    assert_eq!(unchanged, first_text);
    let replaced = fairhall::config::Config::load(&path).expect("the replaced config parses");
    assert_ne!(secrets_of(&replaced), (card_key, card_mac_key), "--force writes new secrets");
}

#[test]
fn init_needs_a_config_path() {
    let dir = tempfile::tempdir().expect("a temp directory");

    let run = run(dir.path(), &["init"]);

    assert!(!run.status.success());
    assert!(run.stderr.contains("--config"), "{run:?}");
}

#[test]
fn migrate_creates_the_database_and_can_run_again() {
    let dir = tempfile::tempdir().expect("a temp directory");

    let first = succeed(dir.path(), &["migrate"]);
    let second = succeed(dir.path(), &["migrate"]);

    assert!(dir.path().join("fairhall.db").is_file());
    assert!(first.contains("up to date") && second.contains("up to date"), "{first}{second}");
    let secrets = std::fs::metadata(dir.path().join("secrets.toml")).expect("generated secrets");
    assert_eq!(secrets.permissions().mode() & 0o777, 0o600);
}

#[test]
fn a_bad_config_stops_serve_with_the_key_named() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let cases: &[(&str, &str, &str)] = &[
        ("an unknown key", "[server]\nlisten_port = 8080\n", "listen_port"),
        ("an unknown section", "[payments]\nkey = 1\n", "payments"),
        ("a zero time to live", "[auth]\ncode_ttl_secs = 0\n", "auth.code_ttl_secs"),
        ("an unknown language", "[app]\ndefault_lang = \"xx\"\n", "app.default_lang"),
        ("an unknown time zone", "[app]\ntimezone = \"Mars/Base\"\n", "app.timezone"),
        ("a broken phone pattern", "[auth]\nphone_pattern = \"(\"\n", "auth.phone_pattern"),
        (
            "a webhook without a URL",
            "[auth]\ncode_delivery = \"webhook\"\n",
            "auth.code_webhook_url",
        ),
        ("a short secret", "[secrets]\ncard_key = \"abc\"\n", "secrets.card_key"),
        ("text where a number goes", "[server]\nbody_limit_bytes = \"big\"\n", "body_limit_bytes"),
    ];

    for (description, text, key) in cases {
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, text).expect("the config is written");
        let path_text = path.to_str().expect("a UTF-8 path");
        let run = run(dir.path(), &["--config", path_text, "serve", "--listen", "127.0.0.1:0"]);
        assert!(!run.status.success(), "{description}: {run:?}");
        assert!(run.stderr.contains(key), "{description}: {run:?}");
    }
}

#[test]
fn invalid_user_fields_are_refused_with_their_key() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let create = ["admin", "user", "create"];
    let cases: &[(&str, &[&str], &str)] = &[
        ("a bad phone", &["--phone", "123", "--password", "first_1"], "invalid_phone"),
        (
            "a bad login name",
            &["--phone", "13800000003", "--password", "first_1", "--username", "ab"],
            "login_name_length",
        ),
        ("a bad password", &["--phone", "13800000003", "--password", "x"], "invalid_password"),
    ];

    for (description, args, key) in cases {
        let args: Vec<&str> = create.iter().chain(args.iter()).copied().collect();
        let run = run(dir.path(), &args);
        assert!(!run.status.success(), "{description}: {run:?}");
        assert!(run.stderr.contains(key), "{description}: {run:?}");
    }
    succeed(
        dir.path(),
        &["admin", "user", "create", "--phone", "13800000003", "--password", "first_1"],
    );
    let taken = run(
        dir.path(),
        &["admin", "user", "create", "--phone", "13800000003", "--password", "first_1"],
    );
    assert!(taken.stderr.contains("phone_taken"), "{taken:?}");
}

#[tokio::test]
async fn admin_codes_lists_the_codes_delivered_in_log_mode() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let code = app.code_for("13800000004", "register").await;
    app.clock.advance(60);
    let email_code = app.code_for("player@example.com", "register").await;

    let stdout = succeed(dir.path(), &["admin", "codes"]);
    let limited = succeed(dir.path(), &["admin", "codes", "--limit", "1"]);
    let json = succeed(dir.path(), &["admin", "codes", "--json"]);

    // The clock starts at 2026-11-22T08:00:00Z; codes live 300 s.
    let lines: Vec<String> =
        stdout.lines().map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    assert_eq!(
        lines,
        [
            "target purpose code expires".to_string(),
            format!("player@example.com register {email_code} 2026-11-22T08:06:00Z"),
            format!("13800000004 register {code} 2026-11-22T08:05:00Z"),
        ]
    );
    assert!(stdout.starts_with("target              purpose"), "aligned: {stdout}");
    assert_eq!(limited.lines().count(), 2, "the header and one code");
    let json: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(json[0]["target"], "player@example.com");
    assert_eq!(json[1]["code"], code.as_str());
}

/// Runs `fairhall ARGS` with its standard output on a pipe whose reader is already gone, as
/// `fairhall ... | head` once `head` has what it wanted.
fn run_into_a_closed_pipe(data_dir: &Path, args: &[&str]) -> Run {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = fairhall(data_dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    Run {
        status: output.status,
        stdout: String::new(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[tokio::test]
async fn a_reader_that_stops_early_ends_a_command_quietly_and_a_change_is_still_audited() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    crate::support::wallet_support::WalletApp::credit(&app, &player, "30.00").await;
    let mark = || app.db.read(fairhall::ledger::Watermark::stored);
    let before = mark().await.expect("the watermark");

    let list = run_into_a_closed_pipe(data, &["admin", "user", "list"]);
    let verify = run_into_a_closed_pipe(data, &["admin", "verify"]);
    let dump = run_into_a_closed_pipe(data, &["config", "dump"]);

    for run in [&list, &verify, &dump] {
        assert_eq!(run.status.code(), Some(141), "SIGPIPE's usual code: {run:?}");
        assert!(!run.stderr.contains("panicked"), "{run:?}");
        assert!(!run.stderr.contains("fairhall:"), "no error message: {run:?}");
    }
    let after = mark().await.expect("the watermark");
    assert!(after.entry_id > before.entry_id, "verify passed and moved it: {before:?} {after:?}");
    let audit = succeed(data, &["admin", "audit", "--json", "--limit", "1"]);
    let newest: serde_json::Value = serde_json::from_str(&audit).expect("JSON");
    assert_eq!(newest[0]["action"], "verify", "{newest}");
    assert_eq!(newest[0]["after"]["checked_through"]["entry_id"], after.entry_id, "{newest}");
}

/// `--listen` takes a host name (issue 31: `localhost:8080` was refused as bad syntax), and
/// `serve` binds its port before it migrates anything: a port in use is said before the data
/// directory changes.
#[test]
fn listen_takes_a_host_name_and_a_port_in_use_stops_serve_before_the_database() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let path = dir.path().join("f.toml");
    let path_text = path.to_str().expect("a UTF-8 path");
    succeed(&data, &["init", "--config", path_text, "--listen", "localhost:9000"]);
    let config = fairhall::config::Config::load(&path).expect("the config parses");
    assert_eq!(config.server.listen.to_string(), "127.0.0.1:9000");

    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("its address").port();
    let empty = dir.path().join("empty");
    let refused = run(&empty, &["serve", "--listen", &format!("localhost:{port}")]);
    assert!(!refused.status.success(), "{refused:?}");
    assert!(refused.stderr.contains(&format!("while binding 127.0.0.1:{port}")), "{refused:?}");
    assert!(!empty.join("fairhall.db").exists(), "nothing migrated before the bind");
}

#[test]
fn a_command_pointed_at_no_hall_refuses_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");

    let admin = run(&data, &["admin", "deposit", "list"]);
    assert_eq!(admin.status.code(), Some(4), "{admin:?}");
    assert!(admin.stderr.contains(&format!("no database at {}", data.display())), "{admin:?}");
    assert!(admin.stderr.contains("embedded defaults"), "{admin:?}");
    assert!(!data.exists(), "no directory, no secrets, no database");
    assert_eq!(run(&data, &["backup", "/dev/null/x.tar.gz"]).status.code(), Some(4));

    // A data directory with a past life and no database: a volume not mounted, a restore
    // that stopped half-way. Even the first-start commands refuse it.
    std::fs::create_dir_all(data.join("vouchers")).expect("a folder of vouchers");
    std::fs::create_dir_all(data.join("replaced-20261129T101500Z")).expect("data put aside");
    for first_start in [&["serve", "--listen", "127.0.0.1:0"][..], &["migrate"]] {
        let refused = run(&data, first_start);
        assert_eq!(refused.status.code(), Some(4), "{first_start:?}: {refused:?}");
        assert!(refused.stderr.contains("replaced-20261129T101500Z/, vouchers/"), "{refused:?}");
        assert!(refused.stderr.contains("fairhall restore"), "{refused:?}");
    }
    assert!(!data.join("fairhall.db").exists() && !data.join("secrets.toml").exists());

    // `init` is a first start: the new config's hall is created with it.
    let config = dir.path().join("hall.toml");
    let fresh = dir.path().join("fresh");
    let config_text = config.to_str().expect("UTF-8");
    succeed(&fresh, &["--config", config_text, "init"]);
    assert!(fresh.join("fairhall.db").exists());
    let listed = std::process::Command::new(env!("CARGO_BIN_EXE_fairhall"))
        .args(["--config", config_text, "admin", "deposit", "list"])
        .env_remove("FAIRHALL_DATA_DIR")
        .current_dir(dir.path())
        .output()
        .expect("it ran");
    assert!(listed.status.success(), "the config names the hall: {listed:?}");
}

/// Words of a player's message or of a Rust parse error: none may reach the operator.
const NOT_FOR_THE_OPERATOR: [&str; 8] = [
    "please",
    "re-enter",
    "invalid digit",
    "expected ",
    "Parse",
    "input contains invalid characters",
    "input is out of range",
    "your ",
];

#[test]
fn a_refused_value_is_worded_for_the_operator_and_names_its_argument() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    succeed(
        dir.path(),
        &["admin", "user", "create", "--phone", "13800000009", "--password", "pw_123"],
    );
    let cases: &[(&[&str], &str)] = &[
        (&["news", "show", "abc"], "'<ID>': give a whole number, e.g. 12"),
        (&["room", "periods", "k3", "--last", "many"], "'--last <LAST>': give a whole number"),
        (
            &["report", "daily", "--date", "2026-13-01"],
            "'--date <DATE>': give a date as YYYY-MM-DD",
        ),
        (&["report", "linked", "--days", "0"], "--days takes 1 to 366 days"),
        (
            &["wallet", "adjust", "13800000009", "1,5", "--reason", "x"],
            "AMOUNT: not an amount: give one like 12.50",
        ),
        (&["user", "create", "--phone", "123", "--password", "pw_123"], "not a phone number"),
        (&["user", "create", "--phone", "13800000008", "--password", "x"], "a password has 6"),
        (&["task", "create", "--title", "xx=Bet"], "\"xx\" is not a language of the hall"),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = ["admin"].iter().chain(args.iter()).copied().collect();
        let refused = run(dir.path(), &args);
        assert!(!refused.status.success(), "{args:?}: {refused:?}");
        assert!(refused.stderr.contains(expected), "{args:?}: {}", refused.stderr);
        for words in NOT_FOR_THE_OPERATOR {
            let stderr = refused.stderr.to_lowercase();
            assert!(!stderr.contains(&words.to_lowercase()), "{args:?}: {}", refused.stderr);
        }
    }
}
