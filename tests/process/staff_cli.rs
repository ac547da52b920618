//! The console's staff (`fairhall admin staff ...`, issue 33) run as the built binary: create
//! prints the authenticator URI and 10 recovery codes once, confirm takes the app's first
//! code, list shows the state, disable and reset change it; every change leaves its audit row
//! with the passphrase and the code masked.

use crate::support::binary::{fail, new_hall, run_with_input, succeed};
use fairhall::auth::staff::totp::{TotpSecret, code_at, step_at};
use fairhall::clock::Clock;
use serde_json::Value;
use std::path::Path;

const PASSPHRASE: &str = "correct horse battery staple";

fn audit_newest(data: &Path) -> Value {
    let printed = succeed(data, &["admin", "audit", "--json", "--limit", "1"]);
    let rows: Value = serde_json::from_str(&printed).expect("JSON");
    rows[0].clone()
}

/// The secret of the `otpauth://` URI `stdout` prints.
fn printed_secret(stdout: &str) -> TotpSecret {
    let uri = stdout
        .lines()
        .find_map(|line| line.strip_prefix("authenticator URI (shown once): "))
        .expect("the URI line");
    assert!(uri.starts_with("otpauth://totp/fairhall:ops_lead?secret="), "{uri}");
    assert!(uri.contains("&issuer=fairhall&algorithm=SHA1&digits=6&period=30"), "{uri}");
    let secret = uri.split("secret=").nth(1).and_then(|rest| rest.split('&').next()).unwrap();
    let bytes = data_encoding::BASE32_NOPAD.decode(secret.as_bytes()).expect("base32");
    TotpSecret::from_bytes(&bytes).expect("20 bytes")
}

fn recovery_codes(stdout: &str) -> Vec<String> {
    stdout.lines().filter_map(|line| line.strip_prefix("  ")).map(str::to_string).collect()
}

fn staff_list(data: &Path) -> Value {
    let printed = succeed(data, &["admin", "staff", "list", "--json"]);
    serde_json::from_str(&printed).expect("JSON")
}

#[test]
fn staff_are_created_confirmed_listed_disabled_and_reset_through_the_cli_with_audit_rows() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    new_hall(data);
    let user = ["admin", "user", "create", "--phone", "13800001111", "--username", "ops_lead"];
    succeed(data, &[&user[..], &["--password", "secret_123"]].concat());

    let short = fail(
        data,
        &["admin", "staff", "create", "ops_lead", "--role", "admin", "--passphrase", "short"],
    );
    assert!(short.stderr.contains("--passphrase"), "{}", short.stderr);
    let unknown = fail(
        data,
        &["admin", "staff", "create", "nobody", "--role", "admin", "--passphrase", PASSPHRASE],
    );
    assert_eq!(unknown.status.code(), Some(4), "{unknown:?}");

    let create = ["admin", "--by", "alice", "staff", "create", "ops_lead", "--role", "admin"];
    let created = run_with_input(data, &create, &format!("{PASSPHRASE}\n"));
    assert!(created.status.success(), "{created:?}");
    let secret = printed_secret(&created.stdout);
    let codes = recovery_codes(&created.stdout);
    assert_eq!(codes.len(), 10, "{}", created.stdout);
    let row = audit_newest(data);
    assert_eq!(row["action"], "staff.create");
    assert_eq!(row["actor"], "alice");
    assert_eq!(row["outcome"], "ok");
    assert_eq!(row["after"]["staff"]["role"], "admin");
    assert_eq!(row["after"]["staff"]["enrolled"], false);
    assert!(row["before"]["staff"].is_null(), "{row}");
    let again = run_with_input(data, &create, &format!("{PASSPHRASE}\n"));
    assert!(again.stderr.contains("staff_exists"), "{again:?}");

    let listed = staff_list(data);
    assert_eq!(listed[0]["name"], "ops_lead");
    assert_eq!(listed[0]["enrolled"], false);

    let wrong = fail(data, &["admin", "staff", "confirm", "ops_lead", "--code", "000000x"]);
    assert!(wrong.stderr.contains("invalid_code"), "{wrong:?}");
    let code = code_at(&secret, step_at(Clock::System.now())).unwrap();
    succeed(data, &["admin", "staff", "confirm", "ops_lead", "--code", &code]);
    let row = audit_newest(data);
    assert_eq!(row["action"], "staff.confirm");
    assert_eq!(row["arguments"]["code"], "***", "the code is not recorded");
    assert_eq!(row["after"]["staff"]["enrolled"], true);
    assert_eq!(staff_list(data)[0]["enrolled"], true);

    succeed(data, &["admin", "staff", "disable", "ops_lead", "--reason", "left the team"]);
    let row = audit_newest(data);
    assert_eq!(row["action"], "staff.disable");
    assert_eq!(row["after"]["staff"]["disabled"], true);
    let table = succeed(data, &["admin", "staff", "list"]);
    assert!(table.contains("ops_lead") && table.contains("1 staff"), "{table}");

    let reset = ["admin", "staff", "reset", "ops_lead", "--passphrase", "another long passphrase"];
    let stdout = succeed(data, &reset);
    assert_ne!(printed_secret(&stdout).base32(), secret.base32(), "a new secret");
    assert_eq!(recovery_codes(&stdout).len(), 10);
    let row = audit_newest(data);
    assert_eq!(row["action"], "staff.reset");
    assert_eq!(row["arguments"]["passphrase"], "***");
    assert_eq!(row["before"]["staff"]["enrolled"], true);
    assert_eq!(row["after"]["staff"]["enrolled"], false);
}
