//! `fairhall admin user ...`: every verb run as the built binary on a temp data directory, its
//! table, its `--json`, its exit code and its refusals; and what the player's app sees of it
//! (ret 555 after a freeze, ended sessions after a reset, roles and permissions in the info
//! reply).

use crate::support::binary::{new_hall, run, run_with_input, succeed};
use crate::support::helpers::{PASSWORD, TestApp};
use serde_json::{Value, json};
use std::path::Path;

/// The exit code of a failed check (`src/cli/exit.rs`): the named user does not exist.
const NOT_FOUND: i32 = 4;

/// Creates a user by the CLI and returns his id.
fn create(data: &Path, extra: &[&str]) -> String {
    let mut args = vec!["admin", "user", "create", "--password", PASSWORD];
    args.extend_from_slice(extra);
    let created = succeed(data, &args);
    let id = created.split_whitespace().nth(2).expect("created user <id>");
    id.to_string()
}

fn json_of(data: &Path, args: &[&str]) -> Value {
    let stdout = succeed(data, args);
    serde_json::from_str(&stdout).unwrap_or_else(|error| panic!("{args:?}: {error}: {stdout}"))
}

/// The JSON rows `admin user search TEXT --json` prints, by id.
fn search_ids(data: &Path, text: &str) -> Vec<i64> {
    let rows = json_of(data, &["admin", "user", "search", text, "--json"]);
    rows.as_array().expect("an array").iter().map(|row| row["id"].as_i64().expect("id")).collect()
}

#[track_caller]
fn assert_refused(data: &Path, args: &[&str], code: i32, words: &str) {
    let run = run(data, args);
    assert_eq!(run.status.code(), Some(code), "{args:?}: {run:?}");
    assert!(run.stderr.contains(words), "{args:?} should say {words:?}: {run:?}");
}

#[test]
fn search_finds_users_by_phone_part_login_name_part_id_or_invite_code() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let carol = create(data, &["--phone", "13800001111", "--username", "Carol_01"]);
    let dave = create(data, &["--phone", "13900002222", "--username", "dave_x"]);
    let erin = create(data, &["--phone", "13700003333", "--admin"]);
    let (carol_id, dave_id, erin_id) = (id(&carol), id(&dave), id(&erin));
    let invite =
        json_of(data, &["admin", "user", "show", &dave, "--json"])["account"]["invite_code"]
            .as_str()
            .expect("an invite code")
            .to_string();

    assert_eq!(search_ids(data, "1380"), [carol_id], "a prefix of the phone");
    assert_eq!(search_ids(data, "3333"), [erin_id], "a suffix of the phone");
    assert_eq!(search_ids(data, "13900002222"), [dave_id], "the whole phone");
    assert_eq!(search_ids(data, "CAROL"), [carol_id], "the login name in another case");
    assert_eq!(search_ids(data, "ve_"), [dave_id], "part of a login name, `_` taken literally");
    assert_eq!(search_ids(data, &invite.to_lowercase()), [dave_id], "the invite code");
    assert_eq!(search_ids(data, &erin), [erin_id], "the id");
    assert!(search_ids(data, "0000").is_empty(), "digits inside a phone are neither end");
    assert!(search_ids(data, "%").is_empty(), "a LIKE wildcard is a plain character");
    let table = succeed(data, &["admin", "user", "search", "13"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["id", "phone", "login", "name", "vip", "roles", "frozen", "created", "last", "login"]
    );
    assert_eq!((lines.len(), lines[4]), (5, "3 users"), "{table}");
    let erin_row: Vec<&str> = lines[3].split_whitespace().collect();
    assert_eq!(erin_row[..6], [erin.as_str(), "13700003333", "-", "0", "admin", "no"]);
    assert_eq!(erin_row[7], "-", "never logged in");
    let limited = json_of(data, &["admin", "user", "search", "13", "--limit", "2", "--json"]);
    assert_eq!(limited.as_array().map(Vec::len), Some(2));
    let nobody = succeed(data, &["admin", "user", "search", "nobody_here"]);
    assert!(nobody.contains("no user matches"), "{nobody}");
    assert_refused(data, &["admin", "user", "search", "13", "--limit", "0"], 1, "--limit");
    assert_refused(data, &["admin", "user", "search", "  "], 1, "TEXT");
}

fn id(text: &str) -> i64 {
    text.parse().expect("a numeric id")
}

#[tokio::test]
async fn list_prints_the_same_columns_as_search_with_json_times_in_rfc_3339() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let carol = create(data, &["--phone", "13800001111", "--username", "Carol_01"]);
    create(data, &["--phone", "13800001112"]);
    let app = TestApp::open(data, |_| {});
    app.login("13800001111", PASSWORD).await.assert_ok();

    let rows = json_of(data, &["admin", "user", "list", "--json"]);
    let second_page =
        json_of(data, &["admin", "user", "list", "--limit", "1", "--page", "2", "--json"]);
    let table = succeed(data, &["admin", "user", "list"]);

    let first = &rows[0];
    assert_eq!(first["id"], json!(id(&carol)));
    assert_eq!(first["phone"], "13800001111");
    assert_eq!(first["login_name"], "Carol_01");
    assert_eq!(first["vip_level"], 0);
    assert_eq!(first["roles"], json!([]));
    assert_eq!(first["frozen"], false);
    let created = first["created_at"].as_str().expect("a time");
    assert!(chrono::DateTime::parse_from_rfc3339(created).is_ok(), "{created}");
    let last_login = first["last_login_at"].as_str().expect("a login time");
    assert!(chrono::DateTime::parse_from_rfc3339(last_login).is_ok(), "{last_login}");
    assert!(rows[1]["last_login_at"].is_null());
    assert!(rows[1]["login_name"].is_null());
    assert_eq!(second_page.as_array().map(Vec::len), Some(1));
    assert_eq!(second_page[0]["phone"], "13800001112");
    assert!(table.lines().next().is_some_and(|header| header.starts_with("id  ")), "{table}");
    assert!(table.contains("Carol_01"), "{table}");
    assert_refused(data, &["admin", "user", "list", "--limit", "1001"], 1, "--limit");
    assert_refused(data, &["admin", "user", "list", "--page", "0"], 1, "--page");
}

#[tokio::test]
async fn show_prints_account_balances_limits_team_and_recent_activity() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let inviter = app.player().await;
    let player = app.player_with(json!({ "invite_code": inviter.invite_code })).await;
    app.player_with(json!({ "invite_code": player.invite_code })).await;
    succeed(data, &["admin", "wallet", "adjust", &player.phone, "25.50", "--reason", "welcome"]);
    let player_ref = player.id.to_string();
    succeed(data, &["admin", "user", "permission", "add", &player_ref, "news:article:edit"]);
    app.clock.advance(60);
    let peer = "203.0.113.7:5000".parse().expect("an address");
    app.login_from((&player.phone, PASSWORD), peer, None).await.assert_ok();

    let report = json_of(data, &["admin", "user", "show", &player.phone, "--json"]);
    let table = succeed(data, &["admin", "user", "show", &player.phone]);
    let short = json_of(data, &["admin", "user", "show", &player_ref, "--recent", "1", "--json"]);

    let account = &report["account"];
    assert_eq!(account["id"], json!(player.id));
    assert_eq!(account["phone"], json!(player.phone));
    assert_eq!(account["invite_code"], json!(player.invite_code));
    assert_eq!(account["inviter"], json!({ "id": inviter.id, "phone": inviter.phone }));
    assert_eq!(account["vip_level"], 0);
    assert!(account["frozen_since"].is_null());
    assert_eq!(account["permissions"], json!(["news:article:edit"]));
    assert_eq!(report["balances"]["wallet"], "25.50");
    assert_eq!(report["balances"]["game"], "0.00");
    let limits = &report["limits"];
    assert_eq!(limits["deposit_pending_max"], json!(app.config.wallet.deposit_pending_max));
    assert_eq!(limits["deposits_pending"], 0);
    assert_eq!(limits["withdrawals_today"], 0);
    assert_eq!(limits["withdrawals_left_today"], limits["withdraw_daily_count"]);
    assert!(limits["withdraw_single_max"].is_string(), "{limits}");
    assert_eq!(limits["turnover_remaining"], "0.00");
    assert_eq!(report["team"]["levels"][0], json!({ "level": 1, "people": 1 }));
    assert_eq!(report["team"]["people"], 1);
    let entry = &report["recent"]["entries"][0];
    assert_eq!((entry["kind"].as_str(), entry["amount"].as_str()), (Some("adjust"), Some("25.50")));
    let logins = &report["recent"]["logins"];
    assert_eq!(logins.as_array().map(Vec::len), Some(2), "the registration's and the login's");
    assert_eq!(logins[0]["address"], "203.0.113.7", "newest first, with its address");
    assert!(logins[0]["ended_at"].is_null());
    assert_eq!(report["recent"]["bets"], json!([]));
    assert_eq!(short["recent"]["entries"].as_array().map(Vec::len), Some(1));
    for heading in ["account", "balances", "limits", "team", "recent ledger entries"] {
        assert!(table.lines().any(|line| line == heading), "{heading}: {table}");
    }
    for heading in ["recent logins", "recent bets"] {
        assert!(table.lines().any(|line| line == heading), "{heading}: {table}");
    }
    assert!(table.contains("25.50"), "{table}");
    assert!(table.contains("203.0.113.7"), "{table}");
    assert!(table.contains(&format!("{} ({})", inviter.id, inviter.phone)), "{table}");
    assert_refused(data, &["admin", "user", "show", &player_ref, "--recent", "0"], 1, "--recent");
}

#[tokio::test]
async fn a_frozen_player_is_logged_out_with_ret_555_until_unfrozen() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;

    let frozen = succeed(data, &["admin", "user", "freeze", &player.phone]);
    let after_freeze = app.personal_index(&player.token).await;
    let login_while_frozen = app.login(&player.phone, PASSWORD).await;
    let shown = json_of(data, &["admin", "user", "show", &player.phone, "--json"]);
    let listed = json_of(data, &["admin", "user", "list", "--json"]);
    let unfrozen = succeed(data, &["admin", "user", "unfreeze", &player.phone]);
    let login_after = app.login(&player.phone, PASSWORD).await;

    assert!(frozen.contains("is frozen; their sessions have ended"), "{frozen}");
    after_freeze.assert_frozen();
    login_while_frozen.assert_frozen();
    assert!(shown["account"]["frozen_since"].is_string(), "{shown}");
    assert_eq!(listed[0]["frozen"], true);
    assert!(unfrozen.contains("no longer frozen"), "{unfrozen}");
    let token = login_after.assert_ok()["token"].as_str().expect("a token").to_string();
    app.personal_index(&token).await.assert_ok();
    // The session the freeze ended does not come back with the unfreeze.
    app.personal_index(&player.token).await.assert_session_ended();
}

#[tokio::test]
async fn reset_password_sets_a_new_one_ends_sessions_and_keeps_the_set_password_alias() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;

    let by_flag = succeed(
        data,
        &["admin", "user", "reset-password", &player.phone, "--password", "second_2"],
    );
    let old_session = app.personal_index(&player.token).await;
    let with_new = app.login(&player.phone, "second_2").await;
    let alias =
        run_with_input(data, &["admin", "user", "set-password", &player.phone], "third_3\n");
    let with_piped = app.login(&player.phone, "third_3").await;
    let with_replaced = app.login(&player.phone, "second_2").await;

    assert!(by_flag.contains("their sessions have ended"), "{by_flag}");
    old_session.assert_session_ended();
    with_new.assert_ok();
    assert!(alias.status.success(), "{alias:?}");
    with_piped.assert_ok();
    assert_eq!(with_replaced.err(), "login_failed");
    let reset = ["admin", "user", "reset-password", &player.phone, "--password", "x"];
    assert_refused(data, &reset, 1, "--password");
    assert_refused(data, &reset, 1, "invalid_password");
    let piped = run_with_input(data, &["admin", "user", "reset-password", &player.phone], "x\n");
    assert!(piped.stderr.contains("standard input"), "{piped:?}");
}

#[tokio::test]
async fn reset_fund_password_sets_or_clears_it_and_ends_sessions() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let phone = player.phone.as_str();

    let set =
        succeed(data, &["admin", "user", "reset-fund-password", phone, "--password", "654321"]);
    let old_session = app.personal_index(&player.token).await;
    let token = app.login(phone, PASSWORD).await.assert_ok()["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let after_set = app.personal_index(&token).await.assert_ok()["fund_password_set"].clone();
    let change = json!({ "old_password": "654321", "password": "111111", "repassword": "111111" });
    let changed =
        app.post_json("/api/personal/securitypassword", &change, &[("token", &token)]).await;
    let piped = run_with_input(data, &["admin", "user", "reset-fund-password", phone], "222222\n");
    let token = app.login(phone, PASSWORD).await.assert_ok()["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let wrong_old =
        json!({ "old_password": "111111", "password": "333333", "repassword": "333333" });
    let after_piped =
        app.post_json("/api/personal/securitypassword", &wrong_old, &[("token", &token)]).await;
    let cleared = succeed(data, &["admin", "user", "reset-fund-password", phone, "--clear"]);
    let token = app.login(phone, PASSWORD).await.assert_ok()["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let after_clear = app.personal_index(&token).await.assert_ok()["fund_password_set"].clone();
    let fresh = json!({ "password": "444444", "repassword": "444444" });
    let set_again =
        app.post_json("/api/personal/securitypassword", &fresh, &[("token", &token)]).await;

    assert!(set.contains("new fund password; their sessions have ended"), "{set}");
    old_session.assert_session_ended();
    assert_eq!(after_set, true);
    changed.assert_ok();
    assert!(piped.status.success(), "{piped:?}");
    assert_eq!(after_piped.err(), "fund_password_wrong", "the piped reset replaced 111111");
    assert!(cleared.contains("sets a new one in the app"), "{cleared}");
    assert_eq!(after_clear, false);
    set_again.assert_ok();
    let bad = ["admin", "user", "reset-fund-password", phone, "--password", "12ab56"];
    assert_refused(data, &bad, 1, "--password");
    assert_refused(data, &bad, 1, "invalid_fund_password");
    let both = ["admin", "user", "reset-fund-password", phone, "--password", "123456", "--clear"];
    assert_refused(data, &both, 2, "--clear");
}

#[tokio::test]
async fn roles_and_permissions_are_given_taken_listed_and_sent_to_the_app() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let user = player.id.to_string();
    let grant = |args: &[&str]| {
        let mut all = vec!["admin", "user"];
        all.extend_from_slice(args);
        succeed(data, &all)
    };

    let added = grant(&["role", "add", &user, "support"]);
    let again = grant(&["role", "add", &user, "support"]);
    grant(&["role", "add", &user, "finance"]);
    grant(&["permission", "add", &user, "wallet:deposit:approve"]);
    grant(&["permission", "add", &user, "*:*:*"]);
    let removed = grant(&["role", "remove", &user, "finance"]);
    let not_held = grant(&["permission", "remove", &user, "room:limits:set"]);
    let listed = json_of(data, &["admin", "user", "roles", &player.phone, "--json"]);
    let table = grant(&["roles", &user]);
    let info = app.personal_index(&player.token).await;
    let login = app.login(&player.phone, PASSWORD).await;

    assert!(added.contains("now holds role support"), "{added}");
    assert!(again.contains("already held role support"), "{again}");
    assert!(removed.contains("no longer holds role finance"), "{removed}");
    assert!(not_held.contains("did not hold permission room:limits:set"), "{not_held}");
    let expected = json!({ "id": player.id, "roles": ["support"],
        "permissions": ["*:*:*", "wallet:deposit:approve"] });
    assert_eq!(listed, expected);
    assert!(table.contains("support") && table.contains("wallet:deposit:approve"), "{table}");
    assert_eq!(info.assert_ok()["roles"], json!(["support"]));
    assert_eq!(info.assert_ok()["permissions"], json!(["*:*:*", "wallet:deposit:approve"]));
    assert_eq!(login.assert_ok()["user"]["roles"], json!(["support"]));
    let refusals: &[(&[&str], &str)] = &[
        (&["role", "add", &user, "two words"], "ROLE"),
        (&["role", "add", &user, "a:b"], "ROLE"),
        (&["role", "remove", &user, ""], "ROLE"),
        (&["permission", "add", &user, "wallet::approve"], "PERM"),
        (&["permission", "add", &user, "wal*:x"], "PERM"),
    ];
    for (args, words) in refusals {
        let mut all = vec!["admin", "user"];
        all.extend_from_slice(args);
        assert_refused(data, &all, 1, words);
    }
}

#[tokio::test]
async fn the_admin_role_is_the_one_truth_of_create_admin_and_grant_admin() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let created = succeed(
        data,
        &["admin", "user", "create", "--phone", "13800000009", "--password", PASSWORD, "--admin"],
    );
    let player = create(data, &["--phone", "13800000010"]);

    let promoted = succeed(data, &["admin", "user", "grant-admin", &player]);
    let again = succeed(data, &["admin", "user", "grant-admin", &player]);
    let creator_roles = json_of(data, &["admin", "user", "roles", "13800000009", "--json"]);
    let player_roles = json_of(data, &["admin", "user", "roles", &player, "--json"]);
    succeed(data, &["admin", "user", "role", "remove", &player, "admin"]);
    let demoted = json_of(data, &["admin", "user", "roles", &player, "--json"]);
    let app = TestApp::open(data, |_| {});
    let info = app.login("13800000009", PASSWORD).await;

    assert!(created.contains("with role admin"), "{created}");
    assert!(promoted.contains("is now an admin"), "{promoted}");
    assert!(again.contains("already was an admin"), "{again}");
    assert_eq!(creator_roles["roles"], json!(["admin"]));
    assert_eq!(player_roles["roles"], json!(["admin"]));
    assert_eq!(demoted["roles"], json!([]));
    assert_eq!(info.assert_ok()["user"]["roles"], json!(["admin"]));
}

#[test]
fn every_verb_naming_an_unknown_user_exits_with_4() {
    let dir = tempfile::tempdir().expect("a temp directory");
    succeed(dir.path(), &["migrate"]);
    let commands: &[&[&str]] = &[
        &["show", "13899999999"],
        &["show", "nobody_1", "--json"],
        &["freeze", "nobody_1"],
        &["unfreeze", "42"],
        &["reset-password", "42", "--password", "first_1"],
        &["set-password", "42", "--password", "first_1"],
        &["reset-fund-password", "42", "--password", "123456"],
        &["reset-fund-password", "42", "--clear"],
        &["role", "add", "42", "support"],
        &["role", "remove", "42", "support"],
        &["permission", "add", "42", "a:b:c"],
        &["permission", "remove", "42", "a:b:c"],
        &["roles", "42"],
        &["grant-admin", "nobody_1"],
    ];

    for args in commands {
        let mut all = vec!["admin", "user"];
        all.extend_from_slice(args);
        assert_refused(dir.path(), &all, NOT_FOUND, "no user with that id, phone or login name");
    }
}

mod embedded {
    refinery::embed_migrations!("migrations");
}

#[test]
fn the_migration_turns_the_old_admin_flag_into_the_admin_role() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let file = dir.path().join("fairhall.db");
    let mut connection = rusqlite::Connection::open(&file).expect("the database opens");
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(23))
        .run(&mut connection)
        .expect("the migrations up to V23 run");
    // The schema before V24 has only the flag: no domain verb writes it any more.
    connection
        .execute_batch(
            "INSERT INTO users (phone, password_hash, invite_code, is_admin, created_at)
             VALUES ('13800000021', 'x', 'AAAA2222', 1, 0), ('13800000022', 'x', 'AAAA3333', 0, 0);",
        )
        .expect("users of the old schema");
    drop(connection);

    succeed(dir.path(), &["migrate"]);
    let admin = json_of(dir.path(), &["admin", "user", "roles", "13800000021", "--json"]);
    let player = json_of(dir.path(), &["admin", "user", "roles", "13800000022", "--json"]);

    assert_eq!(admin["roles"], json!(["admin"]));
    assert_eq!(player["roles"], json!([]));
    let connection = rusqlite::Connection::open(&file).expect("the database opens");
    let flag_left: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM pragma_table_info('users') WHERE name = 'is_admin'",
            [],
            |row| row.get(0),
        )
        .expect("the columns");
    assert_eq!(flag_left, 0, "the column is dropped");
}
