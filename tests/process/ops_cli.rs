//! `fairhall admin doctor` and `fairhall config dump`, run as the built binary on a temp data
//! directory: their lines, their JSON, their exit codes and their refusals.

use crate::support::binary::{fail, run, succeed};
use crate::support::helpers::TestApp;
use serde_json::{Value, json};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[test]
fn doctor_reports_every_check_ok_on_a_fresh_installation() {
    let parent = tempfile::tempdir().expect("a temp directory");
    // Created by the binary, as on a first start: closed to others.
    let data_dir = parent.path().join("data");
    succeed(&data_dir, &["migrate"]);

    let text = succeed(&data_dir, &["admin", "doctor"]);
    let json = succeed(&data_dir, &["admin", "doctor", "--json"]);

    for check in [
        "config: ok",
        "integrity: ok (PRAGMA integrity_check: ok)",
        "foreign_keys: ok",
        "ledger: ok",
        "chains: ok",
        "scheduler_lag: ok",
        "disk_space: ok",
        "permissions: ok",
        "money_clock: ok",
        "schema: ok",
        "write_access: ok",
    ] {
        assert!(text.contains(check), "{check} in\n{text}");
    }
    assert!(!text.contains("PROBLEM"), "{text}");
    // Nothing to restore from yet: a warning (not a problem) until the first backup exists.
    assert!(text.contains("backup: WARNING: no backup has been taken yet; fix: "), "{text}");
    let findings: Vec<Value> = serde_json::from_str(&json).expect("JSON findings");
    assert!(findings.iter().all(|finding| finding["ok"] == true), "{json}");
    assert!(findings.iter().any(|finding| finding["check"] == "integrity"), "{json}");
    let health = findings.iter().filter(|finding| finding["section"] == "health");
    let (backup, others): (Vec<&Value>, Vec<&Value>) =
        health.partition(|finding| finding["check"] == "backup");
    assert_eq!((&backup[0]["warning"], backup[0]["fix"].is_string()), (&json!(true), true));
    assert!(others.iter().all(|finding| finding.get("fix").is_none()), "{json}");
    let mode = std::fs::metadata(&data_dir).expect("the data directory").permissions().mode();
    assert_eq!(mode & 0o777, 0o750);
}

/// The checks doctor's readiness section warns about, once it says `expected` are to do.
fn readiness_warnings(data: &Path, config_arg: &str, expected: usize) -> Vec<String> {
    let said = succeed(data, &["--config", config_arg, "admin", "doctor", "--readiness"]);
    assert!(said.contains(&format!("({expected} to do):")), "{expected} to do in\n{said}");
    assert!(!said.contains("scheduler_lag"), "only the readiness section\n{said}");
    let json = succeed(data, &["--config", config_arg, "admin", "doctor", "--readiness", "--json"]);
    let findings: Vec<Value> = serde_json::from_str(&json).expect("JSON findings");
    assert!(findings.iter().all(|finding| finding["section"] == "readiness"), "{json}");
    findings
        .iter()
        .filter(|finding| finding["warning"] == true)
        .map(|finding| {
            assert!(finding["fix"].is_string(), "{finding}");
            finding["check"].as_str().expect("a check").to_string()
        })
        .collect()
}

/// A staff member created and confirmed with his authenticator's first code, as the fix says.
fn enrol_a_staff_member(data: &Path, config_arg: &str) {
    let admin = ["--config", config_arg, "admin"];
    let user = ["user", "create", "--phone", "13800001111", "--username", "ops_lead"];
    succeed(data, &[&admin[..], &user, &["--password", "secret_123"]].concat());
    let create = ["staff", "create", "ops_lead", "--role", "admin", "--passphrase"];
    let created = succeed(data, &[&admin[..], &create, &["a long console passphrase"]].concat());
    let secret = created
        .lines()
        .find_map(|line| line.strip_prefix("authenticator URI (shown once): "))
        .and_then(|uri| uri.split("secret=").nth(1))
        .and_then(|rest| rest.split('&').next())
        .expect("the URI's secret");
    let bytes = data_encoding::BASE32_NOPAD.decode(secret.as_bytes()).expect("base32");
    let secret = fairhall::auth::staff::totp::TotpSecret::from_bytes(&bytes).expect("20 bytes");
    let now = fairhall::clock::Clock::System.now();
    let code =
        fairhall::auth::staff::totp::code_at(&secret, fairhall::auth::staff::totp::step_at(now))
            .expect("a code");
    succeed(data, &[&admin[..], &["staff", "confirm", "ops_lead", "--code", &code]].concat());
}

/// Replaces the first `from` of the config file by `to`, as the operator edits it.
fn edit_config(config: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(config).expect("the config");
    assert!(text.contains(from), "{from} in the config");
    std::fs::write(config, text.replacen(from, to, 1)).expect("the config is written");
}

/// The embedded defaults' hall is not ready to open: doctor's readiness section says what it
/// lacks, each with its fix, as warnings (exit 0); each disappears once the operator does what
/// its fix says, until nothing is left.
#[test]
fn doctor_readiness_warnings_disappear_one_by_one() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, config) = (dir.path().join("data"), dir.path().join("fairhall.toml"));
    let config_arg = config.to_str().expect("UTF-8");
    succeed(&data, &["init", "--config", config_arg, "--no-questions"]);
    let readiness = |expected: usize| readiness_warnings(&data, config_arg, expected);
    let edit = |from: &str, to: &str| edit_config(&config, from, to);

    // `init` switched the paying programmes off: their budgets are not missing.
    let all = [
        "agreements",
        "agreements",
        "receiving_account",
        "support_contact",
        "backup_recipient",
        "console_staff",
    ];
    assert_eq!(readiness(6), all);
    let full = run(&data, &["--config", config_arg, "admin", "doctor"]);
    assert_eq!(full.status.code(), Some(0), "warnings alone exit 0: {full:?}");
    assert!(
        full.stdout
            .contains("agreements: WARNING: privacy_policy: players read the shipped template"),
        "{full:?}"
    );

    enrol_a_staff_member(&data, config_arg);
    let all = &all[..5];
    assert_eq!(readiness(5), all);
    edit("support_url = \"\"", "support_url = \"https://t.me/hall_help\"");
    assert_eq!(readiness(4), ["agreements", "agreements", "receiving_account", "backup_recipient"]);
    edit(
        "[games]",
        "[[wallet.receiving_accounts]]\ncode = \"usdt-1\"\nmethod = \"usdt\"\nnetwork = \"TRC20\"\naddress = \"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE\"\n\n[games]",
    );
    assert_eq!(readiness(3), ["agreements", "agreements", "backup_recipient"]);
    edit(
        "recipient = \"\"",
        "recipient = \"age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\"",
    );
    assert_eq!(readiness(2), ["agreements", "agreements"]);
    let adopt = |slug: &str| {
        let args = ["--config", config_arg, "admin", "content", "create", "page", "--slug", slug];
        succeed(&data, &[&args[..], &["--from-template"]].concat())
    };
    let adopted = adopt("privacy-policy");
    assert!(adopted.contains("from the template in 14 languages"), "{adopted}");
    assert_eq!(readiness(1), ["agreements"]);
    let pages = succeed(&data, &["--config", config_arg, "admin", "content", "list", "page"]);
    assert!(pages.contains("[user-agreement]: players read the shipped template"), "{pages}");
    assert!(!pages.contains("[privacy-policy]: players read"), "{pages}");
    adopt("user-agreement");
    assert!(readiness(0).is_empty());

    switching_a_programme_on_without_a_budget_is_one_more(&data, &config);
}

/// A paying programme switched on without a daily budget is one more thing to do.
fn switching_a_programme_on_without_a_budget_is_one_more(data: &Path, config: &Path) {
    let config_arg = config.to_str().expect("UTF-8");
    let text = std::fs::read_to_string(config).expect("the config");
    let (before, signin) = text.split_once("[growth.signin]").expect("the sign-in section");
    let signin = signin.replacen("enabled = false", "enabled = true", 1);
    std::fs::write(config, format!("{before}[growth.signin]{signin}")).expect("written");
    let said = succeed(data, &["--config", config_arg, "admin", "doctor", "--readiness"]);
    assert!(said.contains("(1 to do):"), "{said}");
    assert!(
        said.contains("programme_budgets: WARNING: signin pay players without a daily budget"),
        "{said}"
    );
}

#[test]
fn init_takes_the_halls_settings_as_flags_without_asking() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, config) = (dir.path().join("data"), dir.path().join("fairhall.toml"));
    let config_arg = config.to_str().expect("UTF-8");
    let said = succeed(
        &data,
        &[
            "init",
            "--config",
            config_arg,
            "--name",
            "Lotus Hall",
            "--lang",
            "en",
            "--currency",
            "VND",
            "--bank",
            "Vietcombank",
            "--bank-holder",
            "LOTUS LTD",
            "--bank-number",
            "0071000123456",
            "--support-url",
            "https://t.me/lotus_help",
            "--backup-recipient",
            "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
        ],
    );
    assert!(!said.contains("NOT encrypted"), "{said}");
    let dump = succeed(&data, &["--config", config_arg, "config", "dump"]);
    for line in [
        "name = \"Lotus Hall\"",
        "default_lang = \"en\"",
        "currency = \"VND\"",
        "holder = \"LOTUS LTD\"",
    ] {
        assert!(dump.contains(line), "{line} in\n{dump}");
    }
    let ready = succeed(&data, &["--config", config_arg, "admin", "doctor", "--readiness"]);
    // What `init` cannot do: review the agreements, and enrol a staff member of the console.
    assert!(ready.contains("(3 to do):"), "the agreements and the staff are left\n{ready}");
    assert!(ready.contains("console_staff: WARNING"), "{ready}");
    assert!(ready.contains("receiving_account: ok (deposits are paid to bank-1)"), "{ready}");

    // A refused value writes nothing.
    let other = dir.path().join("other.toml");
    let refused =
        fail(&data, &["init", "--config", other.to_str().expect("UTF-8"), "--lang", "de"]);
    assert!(refused.stderr.contains("--lang \"de\": give one of"), "{refused:?}");
    let refused = fail(
        &data,
        &["init", "--config", other.to_str().expect("UTF-8"), "--support-url", "ftp://x"],
    );
    assert!(refused.stderr.contains("support_url"), "{refused:?}");
    assert!(!other.exists());
}

#[test]
fn doctor_exits_3_with_the_fix_when_secret_files_or_the_data_directory_are_open() {
    let dir = tempfile::tempdir().expect("a temp directory");
    succeed(dir.path(), &["migrate"]);
    chmod(&dir.path().join("secrets.toml"), 0o644);
    chmod(dir.path(), 0o755);

    let found = run(dir.path(), &["admin", "doctor"]);
    let json = run(dir.path(), &["admin", "doctor", "--json"]);

    assert_eq!(found.status.code(), Some(3), "{found:?}");
    let secrets = dir.path().join("secrets.toml");
    let problem = format!(
        "permissions: PROBLEM: {} holds secrets but has mode 644; fix: run `chmod 600 {}`",
        secrets.display(),
        secrets.display()
    );
    assert!(found.stdout.contains(&problem), "{found:?}");
    assert!(found.stdout.contains("fix: run `chmod o-rwx"), "{found:?}");
    assert!(found.stderr.contains("2 problems found"), "{found:?}");
    assert!(found.stdout.contains("integrity: ok"), "the other checks still ran: {found:?}");
    assert_eq!(json.status.code(), Some(3), "{json:?}");
    let findings: Vec<Value> = serde_json::from_str(&json.stdout).expect("JSON findings");
    let problems: Vec<&Value> = findings.iter().filter(|finding| finding["ok"] == false).collect();
    assert_eq!(problems.len(), 2, "{findings:?}");
    assert!(problems.iter().all(|problem| problem["fix"].is_string()), "{findings:?}");
}

#[tokio::test]
async fn doctor_reports_a_missing_chain_key_and_a_lagging_scheduler() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    app.scheduler().with_chain_length(500).tick(app.now()).await;
    app.db.close().await.expect("the database closes");
    std::fs::remove_file(dir.path().join("chains.key")).expect("the key file is removed");

    let found = run(dir.path(), &["admin", "doctor"]);

    assert_eq!(found.status.code(), Some(3), "{found:?}");
    assert!(
        found.stdout.contains("chains: PROBLEM: k3: chains.key lacks the keys of"),
        "{found:?}"
    );
    assert!(found.stdout.contains("fix: restore chains.key"), "{found:?}");
    // The fixed test clock is days behind the system clock the doctor reads.
    assert!(
        found.stdout.contains("scheduler_lag: PROBLEM: the oldest undrawn period"),
        "{found:?}"
    );
    assert!(found.stdout.contains("fix: start `fairhall serve`"), "{found:?}");
}

#[test]
fn doctor_refuses_a_data_directory_without_a_database() {
    let dir = tempfile::tempdir().expect("a temp directory");

    let missing = fail(dir.path(), &["admin", "doctor"]);

    assert_eq!(missing.status.code(), Some(4), "{missing:?}");
    assert!(missing.stderr.contains("no database at"), "{missing:?}");
    assert!(missing.stderr.contains("--data-dir"), "{missing:?}");
    assert!(!dir.path().join("fairhall.db").exists(), "doctor created nothing");
}

#[test]
fn config_dump_prints_the_effective_config_with_every_secret_masked() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let secrets = [
        "00112233445566778899aabbccddeeff00112233445566778899aabbccddeef0",
        "f0112233445566778899aabbccddeeff00112233445566778899aabbccddeef1",
        "a0112233445566778899aabbccddeeff00112233445566778899aabbccddeef2",
        "b0112233445566778899aabbccddeef3",
        "metrics-token-9f8e7d6c5b4a",
        "hook-password-77",
    ];
    let config = dir.path().join("fairhall.toml");
    let text = format!(
        "[secrets]\ncard_key = \"{}\"\ncard_mac_key = \"{}\"\n\
         [api]\nencrypt = true\nkey = \"{}\"\niv = \"{}\"\n\
         [metrics]\nenabled = true\ntoken = \"{}\"\n\
         [auth]\ncode_delivery = \"webhook\"\n\
         code_webhook_url = \"https://bot:{}@hooks.example.com/codes\"\n\
         [games]\nlong_run_min = 4\n",
        secrets[0], secrets[1], secrets[2], secrets[3], secrets[4], secrets[5]
    );
    std::fs::write(&config, text).expect("a config");
    chmod(&config, 0o600);
    let data_dir = dir.path().join("elsewhere");
    let config = config.to_str().expect("a UTF-8 path");

    let dumped =
        crate::support::binary::succeed(&data_dir, &["--config", config, "config", "dump"]);

    for secret in secrets {
        assert!(!dumped.contains(secret), "{secret} leaked:\n{dumped}");
    }
    let parsed: toml::Value = toml::from_str(&dumped).expect("the dump is TOML");
    assert_eq!(parsed["secrets"]["card_key"].as_str(), Some("***"));
    assert_eq!(parsed["api"]["iv"].as_str(), Some("***"));
    assert_eq!(parsed["metrics"]["token"].as_str(), Some("***"));
    assert_eq!(
        parsed["auth"]["code_webhook_url"].as_str(),
        Some("https://***@hooks.example.com/codes")
    );
    // From the file, from the defaults, and from --data-dir.
    assert_eq!(parsed["games"]["long_run_min"].as_integer(), Some(4));
    assert_eq!(parsed["server"]["listen"].as_str(), Some("127.0.0.1:8080"));
    assert_eq!(parsed["server"]["data_dir"].as_str(), data_dir.to_str());
    assert_eq!(parsed["log"]["format"].as_str(), Some("text"));
}

#[test]
fn config_dump_refuses_an_invalid_config_naming_the_key() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let config = dir.path().join("fairhall.toml");
    std::fs::write(&config, "[metrics]\ntoken = \"short\"\n").expect("a config");
    let config = config.to_str().expect("a UTF-8 path");

    let refused = fail(dir.path(), &["--config", config, "config", "dump"]);

    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
    assert!(refused.stderr.contains("metrics.token"), "{refused:?}");
    assert!(refused.stdout.is_empty(), "{refused:?}");
}

/// Writes the status file `serve` leaves after a daily backup.
fn backup_status(data_dir: &Path, status: &Value) {
    let path = data_dir.join("backup-status.json");
    std::fs::write(&path, status.to_string()).expect("the status file");
    chmod(&path, 0o600);
}

#[test]
fn doctor_reports_a_failed_or_stale_daily_backup() {
    let parent = tempfile::tempdir().expect("a temp directory");
    // Created by the binary: closed to others, so only the backup check can fail.
    let data_dir = parent.path().join("data");
    succeed(&data_dir, &["migrate"]);
    let fresh = chrono::Utc::now();
    backup_status(
        &data_dir,
        &serde_json::json!({"ok": true, "finished_at": fresh.to_rfc3339(),
            "finished_at_unix": fresh.timestamp(), "file": "/b/fairhall-1.tar.gz", "bytes": 10,
            "duration_ms": 5, "error": null}),
    );
    let recent = succeed(&data_dir, &["admin", "doctor"]);
    assert!(recent.contains("backup: ok (last backup /b/fairhall-1.tar.gz"), "{recent}");

    let old = fresh - chrono::Duration::days(3);
    backup_status(
        &data_dir,
        &serde_json::json!({"ok": true, "finished_at": old.to_rfc3339(),
            "finished_at_unix": old.timestamp(), "file": "/b/fairhall-0.tar.gz", "bytes": 10,
            "duration_ms": 5, "error": null}),
    );
    let stale = run(&data_dir, &["admin", "doctor"]);
    assert_eq!(stale.status.code(), Some(3), "{stale:?}");
    assert!(stale.stdout.contains("backup: PROBLEM: the last backup"), "{stale:?}");
    assert!(stale.stdout.contains("is 72 h old"), "{stale:?}");

    backup_status(
        &data_dir,
        &serde_json::json!({"ok": false, "finished_at": fresh.to_rfc3339(),
            "finished_at_unix": fresh.timestamp(), "file": null, "bytes": null,
            "duration_ms": 5, "error": "No space left on device"}),
    );
    let failed = run(&data_dir, &["admin", "doctor"]);
    assert_eq!(failed.status.code(), Some(3), "{failed:?}");
    assert!(failed.stdout.contains("failed: No space left on device"), "{failed:?}");
    assert!(failed.stdout.contains("kill -USR1"), "{failed:?}");
}

/// A 30-day forward step of the clock paused the money jobs: `admin clock show` and `admin
/// doctor` say so, `admin clock accept` resumes them and the audit log records it.
#[tokio::test]
async fn admin_clock_accept_resumes_the_paused_money_jobs_and_is_audited() {
    use fairhall::money_clock::{self, Gate};
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let (now, max_catch_up) = (app.now(), 2 * 86_400);
    let later = now + 30 * 86_400;
    let ran = app.db.write(move |tx| money_clock::pass(tx, now, max_catch_up));
    assert_eq!(ran.await.expect("the first run"), Gate::Run);
    let stepped = app.db.write(move |tx| money_clock::pass(tx, later, max_catch_up));
    assert_eq!(stepped.await.expect("the step"), Gate::Paused { from: now, to: later });
    drop(app);

    let shown = succeed(data, &["admin", "clock", "show"]);
    let doctor = run(data, &["admin", "doctor"]);
    let accepted = succeed(data, &["admin", "clock", "accept", "--json"]);
    let after = succeed(data, &["admin", "clock", "show", "--json"]);
    let audit = succeed(data, &["admin", "audit", "--json"]);

    assert!(shown.contains("stepped 2592000 s forward"), "{shown}");
    assert_eq!(doctor.status.code(), Some(3), "{doctor:?}");
    assert!(doctor.stdout.contains("money_clock: PROBLEM"), "{doctor:?}");
    assert!(doctor.stdout.contains("admin clock accept"), "{doctor:?}");
    let accepted: Value = serde_json::from_str(&accepted).expect("json");
    assert_eq!(accepted["state"], "paused");
    assert_eq!(accepted["to"], later.secs());
    let after: Value = serde_json::from_str(&after).expect("json");
    assert_eq!(after["state"], "run");
    let entries: Vec<Value> = serde_json::from_str(&audit).expect("json");
    let entry = entries.iter().find(|entry| entry["action"] == "clock.accept").expect("audited");
    assert_eq!(entry["before"]["state"], "paused", "{entry}");
    assert_eq!(entry["after"]["state"], "run", "{entry}");
}

/// A data directory this user may read and not write (a read-only mount, another owner): the
/// doctor reads the database as it is and says so, where it used to die with SQLite's error.
#[test]
fn doctor_reads_a_database_it_cannot_write() {
    let parent = tempfile::tempdir().expect("a temp directory");
    let data_dir = parent.path().join("data");
    succeed(&data_dir, &["migrate"]);
    let open_to_all = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    };
    // Without its log files, which SQLite cannot make in such a directory.
    for log in ["fairhall.db-wal", "fairhall.db-shm"] {
        let _ = std::fs::remove_file(data_dir.join(log));
    }
    open_to_all(parent.path(), 0o755);
    open_to_all(&data_dir, 0o555);
    open_to_all(&data_dir.join("fairhall.db"), 0o444);
    // Root writes anywhere: the doctor then runs as nobody (util-linux's setpriv).
    let as_root = rustix::process::getuid().is_root();
    let mut doctor = std::process::Command::new(if as_root { "setpriv" } else { "env" });
    if as_root {
        doctor.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
    }
    let ran = doctor
        .arg(env!("CARGO_BIN_EXE_fairhall"))
        .args(["--data-dir", data_dir.to_str().expect("UTF-8"), "admin", "doctor"])
        .env_remove("FAIRHALL_CONFIG")
        .env_remove("USER")
        .output()
        .expect("the doctor ran");
    let text = String::from_utf8_lossy(&ran.stdout);
    assert!(text.contains("integrity: ok"), "{ran:?}");
    assert!(text.contains("ledger: ok"), "{ran:?}");
    assert!(text.contains("write_access: WARNING: this user cannot write"), "{ran:?}");
    assert!(!String::from_utf8_lossy(&ran.stderr).contains("Error code"), "{ran:?}");
    assert!(!data_dir.join("fairhall.db-wal").exists(), "nothing written");
    open_to_all(&data_dir, 0o750);
}
