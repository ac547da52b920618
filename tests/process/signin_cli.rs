//! The operator's sign-in and task commands (`fairhall admin signin|task ...`), run as the
//! built binary on a data directory a `TestApp` shares: tasks created by the CLI are listed
//! and claimed through the API, and sign-ins made through the API show in the CLI.

use crate::support::binary::{fail, new_hall, succeed};
use crate::support::helpers::{TestApp, without_deposit_gates};
use crate::support::signin::sign;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, post_request};
use serde_json::{Value, json};
use std::path::Path;

fn admin(data: &Path, group: &str, args: &[&str]) -> String {
    succeed(data, &[&["admin", group], args].concat())
}

fn admin_refused(data: &Path, group: &str, args: &[&str]) -> String {
    fail(data, &[&["admin", group], args].concat()).stderr
}

fn created_id(stdout: &str) -> String {
    let line = stdout.lines().next().unwrap_or_default();
    line.strip_prefix("created task ").expect("a created task").to_string()
}

#[tokio::test]
async fn the_operator_creates_a_task_the_player_claims_and_the_claims_show() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let id = created_id(&admin(
        data,
        "task",
        &[
            "create",
            "--kind",
            "deposit",
            "--target",
            "50",
            "--reward",
            "2.50",
            "--title",
            "en=Deposit 50",
            "--title",
            "vi=Nạp 50",
            "--description",
            "en=Any passed deposit",
        ],
    ));
    let app = TestApp::open(data, without_deposit_gates);
    let player = app.player().await;
    app.approved_deposit(&player, "50").await;

    let listed = app.get_as(&player, "/api/task/index", "").await;
    let form = json!({ "id": id });
    let claimed = app.send(post_request("/api/task/claim", &player, &form, None)).await;
    let claims: Value =
        serde_json::from_str(&admin(data, "task", &["claims", &id, "--json"])).expect("JSON");
    let shown: Value =
        serde_json::from_str(&admin(data, "task", &["show", &id, "--json"])).expect("JSON");
    let table = admin(data, "task", &["list"]);

    assert_eq!(listed.assert_ok()["list"][0]["title"], "Nạp 50", "the default language, vi");
    assert_eq!(claimed.assert_ok()["reward"], "2.50");
    assert_eq!(claims[0]["user_id"], player.id);
    assert_eq!(claims[0]["period"], "");
    assert_eq!(
        (&shown["kind"], &shown["target"], &shown["claims"]),
        (&json!("deposit"), &json!("50.00"), &json!(1))
    );
    assert_eq!(shown["texts"][0]["description"], "Any passed deposit");
    assert!(table.contains("Deposit 50") && table.contains("1 tasks"), "{table}");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn update_changes_the_given_fields_and_close_hides_the_task() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let id = created_id(&admin(
        data,
        "task",
        &[
            "create",
            "--kind",
            "bet_count",
            "--target",
            "3",
            "--reward",
            "1",
            "--daily",
            "--title",
            "en=Bet 3 times today",
        ],
    ));

    admin(
        data,
        "task",
        &["update", &id, "--target", "5", "--reward", "2", "--title", "en=Bet 5 times"],
    );
    let shown: Value =
        serde_json::from_str(&admin(data, "task", &["show", &id, "--json"])).expect("JSON");
    admin(data, "task", &["close", &id]);
    let closed_again = admin_refused(data, "task", &["close", &id]);
    let app = TestApp::open(data, without_deposit_gates);
    let player = app.player().await;
    let listed = app.get_as(&player, "/api/task/index", "").await;

    assert_eq!(
        (&shown["target"], &shown["reward"], &shown["daily"]),
        (&json!("5"), &json!("2.00"), &json!(true))
    );
    assert_eq!(shown["texts"][0]["title"], "Bet 5 times");
    assert!(closed_again.contains("no such open task"), "{closed_again}");
    assert_eq!(listed.assert_ok()["list"], json!([]));
}

#[test]
fn bad_task_flags_are_refused_with_the_flag_named() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let cases: &[(&[&str], &str)] = &[
        (&["create", "--target", "1", "--reward", "1", "--title", "en=x"], "--kind"),
        (
            &["create", "--kind", "dance", "--target", "1", "--reward", "1", "--title", "en=x"],
            "--kind",
        ),
        (
            &[
                "create",
                "--kind",
                "bet_count",
                "--target",
                "1.5",
                "--reward",
                "1",
                "--title",
                "en=x",
            ],
            "--target",
        ),
        (
            &["create", "--kind", "deposit", "--target", "10", "--reward", "0", "--title", "en=x"],
            "--reward",
        ),
        (&["create", "--kind", "deposit", "--target", "10", "--reward", "1"], "--title"),
        (
            &["create", "--kind", "deposit", "--target", "10", "--reward", "1", "--title", "xx=x"],
            "--title",
        ),
        (
            &["create", "--kind", "deposit", "--target", "10", "--reward", "1", "--title", "en"],
            "LANG=TEXT",
        ),
        (
            &[
                "create", "--kind", "invite", "--target", "1", "--reward", "1", "--daily",
                "--title", "en=x",
            ],
            "--daily",
        ),
        (
            &[
                "create",
                "--kind",
                "deposit",
                "--target",
                "10",
                "--reward",
                "1",
                "--title",
                "en=x",
                "--start",
                "2026-01-02 00:00",
                "--end",
                "2026-01-01 00:00",
            ],
            "--end",
        ),
        (&["update", "999", "--reward", "1"], "no such task"),
        (&["show", "999"], "no such task"),
        (&["claims", "999"], "no such task"),
    ];
    for (args, named) in cases {
        let stderr = admin_refused(data, "task", args);
        assert!(stderr.contains(named), "{args:?} should name {named}: {stderr}");
    }
    assert!(admin(data, "task", &["list"]).contains("0 tasks"), "nothing was created");
}

#[tokio::test]
async fn signin_show_and_day_print_the_streak_and_who_was_paid() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, without_deposit_gates);
    let player = app.player().await;
    sign(&app, &player, None).await.assert_ok();
    app.clock.advance(86_400);
    sign(&app, &player, None).await.assert_ok();
    let user = player.id.to_string();

    let history: Value =
        serde_json::from_str(&admin(data, "signin", &["show", &user, "--json"])).expect("JSON");
    let table = admin(data, "signin", &["show", &player.phone]);
    let day: Value =
        serde_json::from_str(&admin(data, "signin", &["day", "--date", "2026-11-23", "--json"]))
            .expect("JSON");
    let day_table = admin(data, "signin", &["day", "--date", "2026-11-23"]);
    let bad_date = admin_refused(data, "signin", &["day", "--date", "23/11/2026"]);
    let nobody = admin_refused(data, "signin", &["show", "no_such_player"]);

    assert_eq!((&history["total_days"], &history["total_reward"]), (&json!(2), &json!("3.00")));
    assert_eq!(history["recent"][0], json!({"date": "2026-11-23", "streak": 2, "reward": "2.00"}));
    let recent: Vec<Vec<&str>> =
        table.lines().map(|line| line.split_whitespace().collect()).collect();
    assert!(recent.contains(&vec!["2026-11-22", "1", "1.00"]), "{table}");
    assert_eq!(day[0]["user_id"], player.id);
    assert_eq!(day[0]["reward"], "2.00");
    assert!(day_table.contains("2026-11-23: 1 sign-ins, 2.00 paid"), "{day_table}");
    assert!(bad_date.contains("YYYY-MM-DD"), "{bad_date}");
    assert!(nobody.contains("no user"), "{nobody}");
}
