//! The audit log (`fairhall admin audit`) and the one `--by`: every state-changing admin
//! command, run as the built binary on a `TestApp`'s data directory, leaves one row with the
//! actor, the masked arguments, the target before and after, and the outcome.

use crate::support::binary::{fail, fairhall, kill_moments, killed_after, new_hall, run, succeed};
use crate::support::helpers::TestApp;
use crate::support::wallet_support::WalletApp;
use serde_json::{Value, json};
use std::path::Path;

/// The audit rows `admin audit ARGS --json` prints, newest first.
#[track_caller]
fn audit(data: &Path, args: &[&str]) -> Vec<Value> {
    let command = [&["admin", "audit", "--json"], args].concat();
    let printed = succeed(data, &command);
    let rows: Value = serde_json::from_str(&printed).expect("JSON");
    rows.as_array().expect("a list").clone()
}

/// A command line's words (none of them holds a space).
fn words(line: &str) -> Vec<&str> {
    line.split(' ').collect()
}

/// The newest audit row.
#[track_caller]
fn newest(data: &Path) -> Value {
    audit(data, &["--limit", "1"]).into_iter().next().expect("a recorded action")
}

#[tokio::test]
async fn each_kind_of_change_is_recorded_with_its_target_before_and_after() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let user = player.id.to_string();
    let deposit = app.requested_deposit(&player, "40.00").await.to_string();

    succeed(data, &["admin", "deposit", "approve", &deposit, "--by", "alice"]);
    let approved = newest(data);
    assert_eq!(approved["actor"], "alice");
    assert_eq!(approved["action"], "deposit.approve");
    assert_eq!(
        (&approved["target_kind"], &approved["target_id"]),
        (&json!("deposit"), &json!(deposit))
    );
    assert_eq!(approved["arguments"], json!({ "id": deposit }));
    assert_eq!(approved["before"]["status"], "pending");
    assert_eq!(approved["after"]["status"], "passed");
    assert_eq!((&approved["outcome"], &approved["message"]), (&json!("ok"), &json!("")));
    assert!(approved["at"].as_str().is_some_and(|at| at.ends_with('Z')), "{approved}");

    // A refused command is recorded too, with its message; nothing changed.
    let again = fail(data, &["admin", "deposit", "approve", &deposit, "--by", "alice"]);
    assert_eq!(again.status.code(), Some(1));
    let refused = newest(data);
    assert_eq!(refused["outcome"], "refused");
    assert!(
        refused["message"].as_str().is_some_and(|m| m.contains("already_reviewed")),
        "{refused}"
    );
    assert_eq!(refused["before"], refused["after"]);

    succeed(
        data,
        &["admin", "wallet", "adjust", &player.phone, "5.00", "--reason", "Gift", "--by", "bob"],
    );
    let adjusted = newest(data);
    assert_eq!(
        (&adjusted["action"], &adjusted["target_id"]),
        (&json!("wallet.adjust"), &json!(user))
    );
    assert_eq!(adjusted["arguments"]["user"], player.phone.as_str(), "the reference as typed");
    assert_eq!(adjusted["arguments"]["reason"], "Gift");
    let wallet =
        |row: &Value, side: &str| row[side]["balances"]["wallet"].as_str().map(String::from);
    let before = wallet(&adjusted, "before").expect("a balance before");
    let after = wallet(&adjusted, "after").expect("a balance after");
    assert_ne!(before, after, "{adjusted}");
}

#[tokio::test]
async fn a_user_change_is_recorded_and_a_password_never_is() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let user = app.player().await.id.to_string();

    succeed(data, &["admin", "user", "freeze", &user]);
    let frozen = newest(data);
    assert_eq!(
        (&frozen["action"], &frozen["target_kind"]),
        (&json!("user.freeze"), &json!("user"))
    );
    assert_eq!(frozen["actor"], "operator", "--by defaults to $USER, else operator");
    assert_eq!(frozen["before"]["account"]["frozen_at"], Value::Null);
    assert!(frozen["after"]["account"]["frozen_at"].is_number(), "{frozen}");

    let created = succeed(
        data,
        &["admin", "user", "create", "--phone", "13800000077", "--password", "secret_77"],
    );
    let new_user = newest(data);
    assert_eq!(new_user["arguments"]["password"], "***", "a password is never stored");
    assert!(!new_user.to_string().contains("secret_77"), "{new_user}");
    assert_eq!(new_user["before"], Value::Null, "created: nothing before");
    assert_eq!(new_user["after"]["account"]["phone"], "13800000077");
    assert!(created.contains(new_user["target_id"].as_str().expect("the new id")), "{created}");
}

#[test]
fn catalogue_changes_are_recorded_by_their_target_or_new_id() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();

    succeed(data, &["admin", "room", "close", "k3"]);
    let closed = newest(data);
    assert_eq!((&closed["target_kind"], &closed["target_id"]), (&json!("room"), &json!("k3")));
    assert_eq!(
        (&closed["before"]["is_open"], &closed["after"]["is_open"]),
        (&json!(true), &json!(false))
    );

    let news = succeed(data, &["admin", "news", "add", "--title", "all=Hello", "--body", "Hi."]);
    let article = newest(data);
    assert_eq!(article["action"], "news.add");
    let article_id = article["target_id"].as_str().expect("the new article's id");
    assert!(news.starts_with(&format!("created article {article_id}")), "{news}");
    assert_eq!((&article["before"], &article["after"]["title"]), (&Value::Null, &json!("Hello")));

    let help =
        succeed(data, &words("admin content create help --title en=FAQ --body en=<p>Hi</p>"));
    let help = help.trim().strip_prefix("created help ").expect("created help N").to_string();
    let item = newest(data);
    assert_eq!(item["target_id"], format!("help:{help}"));
    assert_eq!(item["after"]["texts"][0]["title"], "FAQ");
    succeed(data, &["admin", "content", "delete", "help", &help]);
    let deleted = newest(data);
    assert_eq!(deleted["target_id"], format!("help:{help}"));
    assert!(
        deleted["before"]["removed_at"].is_null() && deleted["after"]["removed_at"].is_number()
    );

    succeed(
        data,
        &words("admin task create --kind bet_count --target 3 --reward 1.00 --title en=Bet"),
    );
    let task = newest(data);
    assert_eq!((&task["target_kind"], &task["after"]["reward"]), (&json!("task"), &json!("1.00")));
    assert_eq!(task["arguments"]["titles"], "en=Bet");

    succeed(data, &["admin", "product", "category", "drinks", "--name", "en=Drinks"]);
    let category = newest(data);
    assert_eq!((&category["target_id"], &category["before"]), (&json!("drinks"), &Value::Null));
    assert_eq!(category["after"]["name"], "Drinks");

    succeed(data, &words("admin envelope create --amount 2 --count 2 --mode fixed --code LUCKY88"));
    let envelope = newest(data);
    assert_eq!(envelope["arguments"]["code"], "***", "a claim code is a secret");
    assert!(!envelope.to_string().contains("LUCKY88"), "{envelope}");
    assert_eq!(envelope["target_kind"], "envelope");
    assert!(envelope["after"].is_object(), "{envelope}");
}

#[tokio::test]
async fn reads_are_not_recorded() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let user = app.player().await.id.to_string();
    succeed(data, &["admin", "user", "freeze", &user]);

    // Reads are not recorded.
    let recorded = audit(data, &["--limit", "1000"]).len();
    let reads = [vec!["admin", "deposit", "list"], vec!["admin", "user", "show", user.as_str()]];
    for read in reads {
        succeed(data, &read);
    }
    succeed(data, &["admin", "audit"]);
    assert_eq!(audit(data, &["--limit", "1000"]).len(), recorded);
}

#[tokio::test]
async fn a_look_at_verification_codes_is_recorded_before_they_are_shown() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    TestApp::open(data, |_| {});
    succeed(data, &["admin", "codes", "--by", "dana"]);
    let read = newest(data);
    assert_eq!((&read["action"], &read["target_kind"]), (&json!("codes"), &json!("codes")));
    assert_eq!((&read["actor"], &read["outcome"]), (&json!("dana"), &json!("ok")));
    assert_eq!((&read["before"], &read["after"]), (&Value::Null, &Value::Null));
}

/// The real user id of this test process, as the audit log records the binary it starts.
fn own_uid() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status.lines().find(|line| line.starts_with("Uid:")).expect("a Uid line");
    line.split_whitespace().nth(1).and_then(|uid| uid.parse().ok()).expect("a uid")
}

#[tokio::test]
async fn the_system_user_is_recorded_beside_the_typed_name() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let user = app.player().await.id.to_string();
    let ran = fairhall(data)
        .env("SUDO_USER", "erin")
        .env("LOGNAME", "root\x1b[2J")
        .args(["admin", "user", "freeze", user.as_str(), "--by", "mallory"])
        .output()
        .expect("it ran");
    assert!(ran.status.success(), "{ran:?}");
    let frozen = newest(data);
    assert_eq!(frozen["actor"], "mallory", "the typed name, as typed");
    assert_eq!(frozen["os_identity"]["uid"], own_uid());
    assert_eq!(frozen["os_identity"]["sudo_user"], "erin");
    assert_eq!(frozen["os_identity"]["logname"], "root[2J", "no control character kept");
    let table = succeed(data, &["admin", "audit", "--limit", "1"]);
    assert!(table.contains(&format!("uid={},sudo=erin", own_uid())), "{table}");
}

/// `admin wallet adjust` killed at random moments: every credit that landed has its audit row,
/// and every row its credit (both are written in one transaction).
#[tokio::test]
async fn a_killed_adjustment_never_leaves_a_credit_without_its_audit_row() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let adjust = ["admin", "wallet", "adjust", player.phone.as_str(), "1.00", "--reason", "kill"];
    // The longest of three whole runs: on a loaded machine a run takes longer.
    let measured = 3;
    let one_run = (0..measured)
        .map(|_| {
            let started = std::time::Instant::now();
            succeed(data, &adjust);
            started.elapsed()
        })
        .max()
        .unwrap_or_default();
    for delay in kill_moments(one_run, 60, 0x2545_f491_4f6c_dd1d) {
        killed_after(data, &adjust, delay);
    }
    let shown = succeed(data, &["admin", "wallet", "show", player.phone.as_str(), "--json"]);
    let shown: Value = serde_json::from_str(&shown).expect("JSON");
    let wallet: f64 =
        shown["balances"]["wallet"].as_str().expect("a balance").parse().expect("0.00");
    let credits = wallet.round() as usize;
    let rows = audit(data, &["--action", "wallet.adjust", "--limit", "1000"]);
    let recorded = rows.iter().filter(|row| row["outcome"] == "ok").count();
    assert!(credits > measured, "some killed runs got through: {credits}");
    assert!(credits < measured + 60, "some runs were killed: {credits}");
    assert_eq!(credits, recorded, "a credit for every row and a row for every credit");
}

#[tokio::test]
async fn the_audit_command_filters_and_prints_a_table() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let user = player.id.to_string();
    let first = app.requested_deposit(&player, "10.00").await.to_string();
    let second = app.requested_deposit(&player, "20.00").await.to_string();
    succeed(data, &["admin", "deposit", "approve", &first, "--by", "alice"]);
    succeed(data, &["admin", "deposit", "reject", &second, "--reason", "Blurry", "--by", "bob"]);
    succeed(data, &["admin", "user", "freeze", &user, "--by", "alice"]);
    // $USER names the operator when --by is absent.
    let by_env = fairhall(data)
        .env("USER", "carol")
        .args(["admin", "user", "unfreeze", user.as_str()])
        .output();
    assert!(by_env.expect("it ran").status.success());

    let target_second = format!("deposit:{second}");
    let actions = |args: &[&str]| -> Vec<String> {
        audit(data, args)
            .iter()
            .map(|row| row["action"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(actions(&[]), ["user.unfreeze", "user.freeze", "deposit.reject", "deposit.approve"]);
    assert_eq!(actions(&["--actor", "alice"]), ["user.freeze", "deposit.approve"]);
    assert_eq!(actions(&["--actor", "carol"]), ["user.unfreeze"]);
    assert_eq!(actions(&["--action", "deposit."]), ["deposit.reject", "deposit.approve"]);
    assert_eq!(actions(&["--target", "user"]), ["user.unfreeze", "user.freeze"]);
    assert_eq!(actions(&["--target", target_second.as_str()]), ["deposit.reject"]);
    assert_eq!(actions(&["--limit", "1"]), ["user.unfreeze"]);
    assert_eq!(
        actions(&["--since", "2000-01-01T00:00:00Z", "--until", "2001-01-01T00:00:00Z"]).len(),
        0
    );
    assert_eq!(actions(&["--since", "2000-01-01T00:00:00Z"]).len(), 4);

    let table = succeed(data, &["admin", "audit", "--actor", "bob"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert!(lines[0].starts_with("time "), "{table}");
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    let system_user = format!("uid={}", own_uid());
    assert_eq!(cells[1..], ["bob", &system_user, "deposit.reject", target_second.as_str(), "ok"]);
    assert_eq!(lines[2], "1 records");

    let bad_kind = fail(data, &["admin", "audit", "--target", "spaceship:1"]);
    assert_eq!(bad_kind.status.code(), Some(1));
    assert!(bad_kind.stderr.contains("--target \"spaceship\""), "{bad_kind:?}");
    let bad_time = fail(data, &["admin", "audit", "--since", "yesterday"]);
    assert!(bad_time.stderr.contains("--since"), "{bad_time:?}");
    assert_eq!(fail(data, &["admin", "audit", "--limit", "0"]).status.code(), Some(1));
    assert_eq!(run(data, &["admin", "audit", "--bogus"]).status.code(), Some(2), "usage");
}

#[tokio::test]
async fn a_bad_by_is_refused_before_anything_changes() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let deposit = app.requested_deposit(&player, "10.00").await.to_string();
    let long = "x".repeat(65);

    for (by, expected) in [("  ", "--by"), (long.as_str(), "text_too_long")] {
        let refused = fail(data, &["admin", "deposit", "approve", &deposit, "--by", by]);
        assert_eq!(refused.status.code(), Some(1));
        assert!(refused.stderr.contains(expected), "{refused:?}");
    }
    let shown = succeed(data, &["admin", "deposit", "show", &deposit, "--json"]);
    assert!(shown.contains("\"status\": \"pending\""), "{shown}");
    assert!(audit(data, &[]).is_empty());
    // A read-only command does not check --by: nothing is recorded with it.
    succeed(data, &["admin", "deposit", "list", "--by", "  "]);
}

#[tokio::test]
async fn verify_prints_its_report_as_json() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    app.credit(&player, "25.00").await;

    let report: Value =
        serde_json::from_str(&succeed(data, &["admin", "verify", "--json"])).expect("JSON");

    assert_eq!(report["verified"], true);
    assert_eq!(report["postings_total"], 0);
    assert!(report["entries"].as_i64().is_some_and(|entries| entries > 0), "{report}");
    assert_eq!(report["mismatched_accounts"], json!([]));
    assert_eq!(report["miscounted_bets"], json!([]));
}

#[test]
fn an_unknown_id_exits_4_in_every_command_group() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    succeed(data, &["migrate"]);
    let unknown: [&[&str]; 14] = [
        &["deposit", "show", "9999"],
        &["deposit", "reject", "9999", "--reason", "x"],
        &["withdraw", "show", "9999"],
        &["withdraw", "fail", "9999", "--reason", "x"],
        &["news", "show", "9999"],
        &["news", "remove", "9999"],
        &["task", "show", "9999"],
        &["task", "close", "9999"],
        &["product", "show", "9999"],
        &["envelope", "show", "9999"],
        &["envelope", "withdraw", "9999"],
        &["content", "show", "banner", "9999"],
        &["content", "delete", "announcement", "9999"],
        &["wallet", "show", "13999999999"],
    ];
    for args in unknown {
        let command = [&["admin"], args].concat();
        let missing = fail(data, &command);
        assert_eq!(missing.status.code(), Some(4), "{command:?}: {missing:?}");
    }
    // A refused change of a missing target is recorded, with nothing before or after.
    let refused = audit(data, &["--action", "deposit.reject"]);
    assert_eq!(refused.len(), 1);
    assert_eq!(
        (&refused[0]["outcome"], &refused[0]["target_id"]),
        (&json!("refused"), &json!("9999"))
    );
    assert_eq!((&refused[0]["before"], &refused[0]["after"]), (&Value::Null, &Value::Null));
}

#[tokio::test]
async fn reviews_and_adjustments_print_what_they_did_as_json() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let deposit = app.requested_deposit(&player, "100.00").await.to_string();
    let parse = |text: String| -> Value { serde_json::from_str(&text).expect("JSON") };

    let approved = parse(succeed(data, &["admin", "deposit", "approve", &deposit, "--json"]));
    let adjusted = parse(succeed(
        data,
        &["admin", "wallet", "adjust", &player.phone, "-5.00", "--reason", "Fix", "--json"],
    ));

    assert_eq!((&approved["id"].to_string(), &approved["status"]), (&deposit, &json!("passed")));
    assert_eq!(approved["rewards"][0]["programme"], "first_deposit", "{approved}");
    assert!(approved["upgrades"].is_array(), "{approved}");
    // 100.00 - 5.00: the 10 % first-deposit bonus and 1 % cashback wait in the reserve.
    assert_eq!(adjusted["wallet"], "95.00", "{adjusted}");
}

#[tokio::test]
async fn verify_is_recorded_with_the_watermark_it_moves() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    app.credit(&player, "30.00").await;

    succeed(data, &["admin", "verify"]);

    let record = newest(data);
    assert_eq!((&record["action"], &record["target_kind"]), (&json!("verify"), &json!("ledger")));
    assert_eq!(record["outcome"], "ok", "{record}");
    let mark = |snapshot: &str| record[snapshot]["checked_through"]["entry_id"].as_i64();
    assert!(mark("after") > mark("before"), "{record}");
    assert_eq!(record["after"]["failure"], Value::Null, "{record}");
}

/// `--player` gathers what was done to one player: his account, wallet and records.
#[tokio::test]
async fn the_audit_command_shows_one_players_records_together() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let (alice, bob) = (app.player().await, app.player().await);
    let deposit = app.requested_deposit(&alice, "10.00").await.to_string();
    succeed(data, &["admin", "deposit", "approve", &deposit]);
    succeed(data, &["admin", "wallet", "adjust", &bob.phone, "3.00", "--reason", "Fix"]);
    succeed(data, &["admin", "user", "freeze", &alice.phone]);

    let actions = |player: &str| -> Vec<String> {
        audit(data, &["--player", player])
            .iter()
            .map(|row| row["action"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(actions(&alice.phone), ["user.freeze", "deposit.approve"]);
    assert_eq!(actions(&bob.id.to_string()), ["wallet.adjust"]);
    let unknown = fail(data, &["admin", "audit", "--player", "13999999999"]);
    assert!(unknown.stderr.contains("no user"), "{unknown:?}");
}
