//! The operator's wallet commands (`fairhall admin deposit|withdraw|wallet|verify`), run as the
//! built binary on the data directory of a `TestApp` that players use through the API.

use crate::support::binary::{fail, run, succeed};
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{
    CARD_LAST4, DepositUpload, PNG, WalletApp, assert_ledger_verifies, money, withdrawal_form,
};
use serde_json::json;
use tempfile::TempDir;

/// Listed rows (the lines between the header and the count), their cells split on runs of
/// two or more spaces.
fn rows(stdout: &str) -> Vec<Vec<&str>> {
    let lines: Vec<&str> = stdout.lines().collect();
    let body = &lines[1..lines.len().saturating_sub(1)];
    body.iter()
        .map(|line| line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect())
        .collect()
}

/// The ids a `--json` list printed, in its order.
fn json_ids(stdout: &str) -> Vec<String> {
    let list: serde_json::Value = serde_json::from_str(stdout).expect("JSON");
    list.as_array().expect("a list").iter().map(|row| row["id"].to_string()).collect()
}

/// A player on an app whose data directory the CLI shares.
async fn app_with_player() -> (TempDir, TestApp, Player) {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let player = app.player().await;
    (dir, app, player)
}

#[tokio::test]
async fn the_operator_reviews_deposits_from_the_command_line() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    let voucher = PNG.to_vec();
    let upload = DepositUpload::new("120.00").voucher("shot.png", voucher.clone());
    let first = app.recharge(&player, &upload, None).await.assert_ok()["id"].to_string();
    let second = app.requested_deposit(&player, "30.00").await.to_string();
    let copy = dir.path().join("voucher-copy.png");

    let listed = succeed(data, &["admin", "deposit", "list"]);
    let shown = succeed(
        data,
        &[
            "admin",
            "deposit",
            "show",
            &first,
            "--voucher-out",
            copy.to_str().expect("a UTF-8 path"),
        ],
    );
    let listed_json = succeed(data, &["admin", "deposit", "list", "--json"]);
    let shown_json = succeed(data, &["admin", "deposit", "show", &first, "--json"]);
    let approved = succeed(data, &["admin", "deposit", "approve", &first, "--by", "ops"]);
    // A blank reason is refused and changes nothing: the same deposit is rejected right after.
    let blank = fail(data, &["admin", "deposit", "reject", &second, "--reason", "   "]);
    assert!(blank.stderr.contains("--reason"), "{blank:?}");
    let rejected = succeed(data, &["admin", "deposit", "reject", &second, "--reason", "Blurry"]);
    let again = fail(data, &["admin", "deposit", "approve", &first]);

    // The review queue: oldest first, with its age (the CLI's clock is the system's), and the
    // player named beside his id.
    let user = format!("{} {}", player.id, player.phone);
    let listed_rows = rows(&listed);
    assert_eq!(listed_rows.len(), 2, "{listed}");
    assert_eq!(
        listed_rows[0][..6],
        [first.as_str(), user.as_str(), "bank", "120.00", "120.00 USDT", "pending"]
    );
    assert_eq!(
        listed_rows[1][..6],
        [second.as_str(), user.as_str(), "bank", "30.00", "30.00 USDT", "pending"]
    );
    assert!(listed.starts_with("id "), "{listed}");
    assert!(listed.contains("  age  "), "{listed}");
    assert!(listed.ends_with("2 of 2 deposits (pending, oldest first)\n"), "{listed}");
    assert_eq!(json_ids(&listed_json), [first.clone(), second.clone()]);
    let listed_players: serde_json::Value = serde_json::from_str(&listed_json).expect("JSON");
    assert_eq!(listed_players[0]["player"], player.phone.as_str(), "{listed_json}");
    assert!(shown_json.contains("\"status\": \"pending\""), "{shown_json}");
    assert!(shown.contains(" pending "), "{shown}");
    let paid_to = "paid to: Vietcombank, District 1, FAIRHALL LTD, 0071000123456";
    assert!(shown.contains(paid_to), "the reviewer sees the account paid: {shown}");
    assert_eq!(std::fs::read(&copy).expect("the copied voucher"), voucher);
    assert!(approved.contains(" passed "), "{approved}");
    assert!(rejected.contains(" rejected ") && rejected.contains("Blurry"), "{rejected}");
    assert!(again.stderr.contains("already_reviewed"), "{again:?}");
    assert_eq!(again.status.code(), Some(1), "a refusal exits 1");
    assert!(rows(&succeed(data, &["admin", "deposit", "list"])).is_empty());
    let everything = succeed(data, &["admin", "deposit", "list", "--all", "--json"]);
    assert_eq!(json_ids(&everything), [second.clone(), first.clone()], "newest first");
    assert_eq!(rows(&succeed(data, &["admin", "deposit", "list", "--status", "all"])).len(), 2);
    assert_eq!(rows(&succeed(data, &["admin", "deposit", "list", "--state", "rejected"])).len(), 1);
    let unknown_state = fail(data, &["admin", "deposit", "list", "--status", "maybe"]);
    assert!(unknown_state.stderr.contains("--status \"maybe\""), "{unknown_state:?}");
    assert_eq!(fail(data, &["admin", "deposit", "show", "9999"]).status.code(), Some(4));
    assert_eq!(fail(data, &["admin", "deposit", "approve", "9999"]).status.code(), Some(4));
    // The CLI runs the shipped programmes: a 10 % first-deposit bonus and 1 % cashback,
    // granted into the reserve and released by play; the wallet and the turnover have the
    // deposit.
    assert_eq!(app.balances_of(&player).await.wallet, money("120.00"));
    assert_eq!(app.turnover_of(&player).await, money("120.00"));
    assert_eq!(app.system_balance("bonus_pending").await, 1_320);
    let granted = "granted first_deposit 12.00 (1000 bp), released to the wallet by play";
    assert!(approved.contains(granted), "{approved}");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "status=rejected").await;
    assert_eq!(records.assert_ok()["list"][0]["reason"], "Blurry");
    assert!(succeed(data, &["admin", "verify"]).contains("ledger verified"));
    assert_ledger_verifies(&app).await;
}

/// A deposit whose payment never arrived ends failed: nothing credited, the reason recorded.
#[tokio::test]
async fn the_operator_fails_a_deposit_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let id = app.requested_deposit(&player, "40.00").await.to_string();

    let failed = succeed(data, &["admin", "deposit", "fail", &id, "--reason", "Returned"]);

    assert!(failed.contains(" failed ") && failed.contains("Returned"), "{failed}");
    assert_eq!(rows(&succeed(data, &["admin", "deposit", "list", "--status", "failed"])).len(), 1);
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"), "a failure credits nothing");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_operator_closes_withdrawals_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let (player, card) = app.withdrawer("300.00").await;
    let mut ids = Vec::new();
    for amount in ["100.00", "50.00", "20.00"] {
        let reply = app.do_withdraw(&player, withdrawal_form(card, amount), None).await;
        ids.push(reply.assert_ok()["id"].to_string());
    }

    let listed = succeed(data, &["admin", "withdraw", "list"]);
    let shown = succeed(data, &["admin", "withdraw", "show", &ids[0], "--json"]);
    let paid = succeed(data, &["admin", "withdraw", "approve", &ids[0]]);
    let rejected = succeed(data, &["admin", "withdraw", "reject", &ids[1], "--reason", "Name"]);
    let blank = fail(data, &["admin", "withdraw", "fail", &ids[2], "--reason", ""]);
    assert!(blank.stderr.contains("--reason"), "{blank:?}");
    let failed = succeed(data, &["admin", "withdraw", "fail", &ids[2], "--reason", "Bank down"]);
    let again = fail(data, &["admin", "withdraw", "reject", &ids[0], "--reason", "late"]);

    let label = format!("bank VCB ****{CARD_LAST4}");
    let user = format!("{} {}", player.id, player.phone);
    let listed_rows = rows(&listed);
    assert_eq!(listed_rows.len(), 3, "{listed}");
    for (row, (id, amount)) in listed_rows.iter().zip(ids.iter().zip(["100.00", "50.00", "20.00"]))
    {
        assert_eq!(
            row[..6],
            [id.as_str(), user.as_str(), label.as_str(), amount, "0.00", "pending"],
            "{listed}"
        );
    }
    let shown: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!(shown["id"].to_string(), ids[0]);
    assert_eq!(shown["status"], "pending");
    assert!(
        shown["pay_to"]["bank"]["card_no"].as_str().is_some_and(|card| card.ends_with(CARD_LAST4)),
        "{shown}"
    );
    assert!(paid.contains(" passed "), "{paid}");
    assert!(rejected.contains(" rejected ") && rejected.contains("Name"), "{rejected}");
    assert!(failed.contains(" failed ") && failed.contains("Bank down"), "{failed}");
    assert_eq!(fail(data, &["admin", "withdraw", "show", "9999"]).status.code(), Some(4));
    assert!(again.stderr.contains("already_reviewed"), "{again:?}");
    assert!(rows(&succeed(data, &["admin", "withdraw", "list"])).is_empty());
    assert_eq!(rows(&succeed(data, &["admin", "withdraw", "list", "--status", "all"])).len(), 3);
    assert_eq!(rows(&succeed(data, &["admin", "withdraw", "list", "--status", "failed"])).len(), 1);
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("200.00"), money("0.00")));
    assert_eq!(app.system_balance("external").await, -30_000 + 10_000);
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(records.assert_ok()["list"][0]["reason"], "Bank down");
    succeed(data, &["admin", "verify"]);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_operator_adjusts_and_shows_a_wallet() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    let id = player.id.to_string();

    let credited = succeed(
        data,
        &[
            "admin",
            "wallet",
            "adjust",
            &player.phone,
            "50.00",
            "--reason",
            "Welcome",
            "--by",
            "ops",
        ],
    );
    let debited =
        succeed(data, &["admin", "wallet", "adjust", &id, "-10.00", "--reason", "Correction"]);
    let cases: [(&str, &[&str], &str); 5] = [
        ("beyond the balance", &[&id, "-40.01", "--reason", "x"], "insufficient_balance"),
        ("an empty reason", &[&id, "5.00", "--reason", ""], "missing_params"),
        ("a bad amount", &[&id, "1e3", "--reason", "x"], "invalid_amount"),
        ("zero", &[&id, "0", "--reason", "x"], "invalid_amount"),
        ("an unknown user", &["13999999999", "5.00", "--reason", "x"], "no user with that id"),
    ];
    for (description, args, expected) in cases {
        let args: Vec<&str> = ["admin", "wallet", "adjust"].iter().chain(args).copied().collect();
        let run = fail(data, &args);
        assert!(run.stderr.contains(expected), "{description}: {run:?}");
    }
    let shown = succeed(data, &["admin", "wallet", "show", &player.phone]);
    let shown_json = succeed(data, &["admin", "wallet", "show", &player.phone, "--json"]);

    assert_eq!(credited.trim(), format!("user {id}: balance 50.00, game balance 0.00"));
    assert_eq!(debited.trim(), format!("user {id}: balance 40.00, game balance 0.00"));
    let balances = rows(&shown)[0].clone();
    assert_eq!(balances, ["40.00", "0.00", "0.00", "0.00", "0.00", "0.00"], "{shown}");
    let changes: Vec<Vec<&str>> = shown
        .lines()
        .skip(4)
        .map(|line| line.split("  ").map(str::trim).filter(|cell| !cell.is_empty()).collect())
        .collect();
    assert_eq!(changes.len(), 2, "{shown}");
    assert_eq!(
        changes[0][1..],
        ["wallet", "adjust", "admin:operator", "-10.00", "40.00", "Correction"]
    );
    assert_eq!(changes[1][1..], ["wallet", "adjust", "admin:ops", "50.00", "50.00", "Welcome"]);
    let shown_json: serde_json::Value = serde_json::from_str(&shown_json).expect("JSON");
    assert_eq!(shown_json["user_id"].to_string(), player.id.to_string());
    assert_eq!(shown_json["balances"]["wallet"], "40.00");
    assert_eq!(shown_json["turnover_remaining"], "0.00");
    assert_eq!(shown_json["changes"][1]["memo"], "Welcome");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=adjust").await;
    assert_eq!(changes.assert_ok()["list"][1]["reference"], "operator");
    assert_eq!(changes.assert_ok()["list"][1]["memo"], "Welcome");
    assert_eq!(app.balances_of(&player).await.wallet, money("40.00"));
    succeed(data, &["admin", "verify"]);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn admin_verify_names_an_account_whose_balance_was_tampered_with() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    app.credit(&player, "25.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "5.00" }), None).await.assert_ok();
    let good = succeed(data, &["admin", "verify"]);

    // The one raw write of the suite: tampering is what this test is about.
    let database = rusqlite::Connection::open(app.config.database_path()).expect("the database");
    let account_id: i64 = database
        .query_row(
            "SELECT account_id FROM accounts WHERE user_id = ?1 AND kind = 'wallet'",
            [player.id],
            |row| row.get(0),
        )
        .expect("the wallet account");
    database
        .execute("UPDATE accounts SET balance = balance + 1000 WHERE account_id = ?1", [account_id])
        .expect("the balance is changed");
    let bad = fail(data, &["admin", "verify"]);

    assert!(good.contains("postings sum to 0"), "{good}");
    let line = format!(
        "account {account_id} (user {}, wallet): balance 3000 but postings sum to 2000",
        player.id
    );
    assert!(bad.stdout.contains(&line), "{bad:?}");
    assert!(bad.stderr.contains("does not verify"), "{bad:?}");
    assert_eq!(bad.status.code(), Some(3), "a failed check exits 3");
    let report: serde_json::Value =
        serde_json::from_str(&run(data, &["admin", "verify", "--json"]).stdout).expect("JSON");
    assert_eq!(report["verified"], false);
    assert_eq!(report["mismatched_accounts"][0]["account_id"], account_id);
    let report = app.ledger_report().await;
    assert!(!report.is_ok());
    assert_eq!(report.mismatched_accounts.len(), 1);
    assert_eq!(report.mismatched_accounts[0].account_id, account_id);
}

/// A note stored before notes were checked, holding cursor moves (ESC and CSI) and a direction
/// override: every way the CLI prints it shows them escaped, byte by byte, and the JSON still
/// reads back as stored.
#[tokio::test]
async fn terminal_controls_in_a_stored_note_print_escaped() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    let id = app.requested_deposit(&player, "900.00").await;
    let note = "ref\u{1b}[1A\u{1b}[2K100.00\u{9b}0m \u{202e}00.001";
    let stored = note.to_string();
    let write = app.db.write(move |tx| {
        tx.execute("UPDATE deposits SET content = ?1 WHERE deposit_id = ?2", (stored, id))?;
        Ok(())
    });
    write.await.expect("the note is stored");

    let id = id.to_string();
    for args in [vec!["admin", "deposit", "show", &id], vec!["admin", "deposit", "list"]] {
        let shown = run(data, &args);
        assert!(shown.status.success(), "{shown:?}");
        for forbidden in ['\u{1b}', '\u{9b}', '\u{202e}'] {
            assert!(!shown.stdout.contains(forbidden), "{args:?} printed {forbidden:?} raw");
        }
    }
    let shown = succeed(data, &["admin", "deposit", "show", &id]);
    assert!(shown.contains(r"note: ref\u001b[1A\u001b[2K100.00\u009b0m \u202e00.001"), "{shown}");
    let json = succeed(data, &["admin", "deposit", "show", &id, "--json"]);
    assert!(!json.contains('\u{9b}') && !json.contains('\u{202e}'), "{json}");
    let parsed: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(parsed["content"], note);
}

/// A reading command runs beside a serving hall whose writer holds its lock (a long start, a
/// big settlement): opening the hall writes nothing once the seed chains know their zone, so
/// it does not wait on the writer (it used to, and failed after the 5 s busy timeout: seen in
/// the suite's hardening stage, whose snapshot commands run beside a starting server).
#[tokio::test]
async fn a_reading_command_runs_while_the_server_holds_the_write_lock() {
    let (dir, app, player) = app_with_player().await;
    app.requested_deposit(&player, "30.00").await;
    let database = dir.path().join("fairhall.db");
    let holder = rusqlite::Connection::open(&database).expect("the database");
    holder.execute_batch("BEGIN IMMEDIATE").expect("the write lock");

    // The lock is held for the whole command: a write would fail after the busy timeout.
    let listed = succeed(dir.path(), &["admin", "deposit", "list"]);
    assert!(listed.contains("1 of 1 deposits"), "{listed}");
    holder.execute_batch("ROLLBACK").expect("the lock is released");
}

/// The four-eyes rule of adjustments holds from the shell too: above the amount `wallet
/// adjust` only asks, and `approve-adjustment` applies it for another `--by` name.
#[tokio::test]
async fn a_large_adjustment_from_the_command_line_waits_for_a_second_operator() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    let config = data.join("four-eyes.toml");
    std::fs::write(&config, "[wallet]\nadjust_second_approval_above = \"100.00\"\n").unwrap();
    let config = config.to_str().unwrap();
    let admin = |args: &[&str]| -> Vec<String> {
        ["--config", config, "admin"].iter().chain(args).map(|arg| arg.to_string()).collect()
    };
    let run_admin = |args: &[&str]| {
        let args = admin(args);
        succeed(data, &args.iter().map(String::as_str).collect::<Vec<_>>())
    };

    let asked = run_admin(&[
        "wallet",
        "adjust",
        &player.phone,
        "150.00",
        "--reason",
        "Lost",
        "--by",
        "alice",
    ]);
    assert!(asked.contains("waits for a second operator"), "{asked}");
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
    let waiting: serde_json::Value =
        serde_json::from_str(&run_admin(&["wallet", "adjustments", "--json"])).unwrap();
    let id = waiting[0]["id"].to_string();
    assert_eq!(
        (waiting[0]["amount"].as_str(), waiting[0]["requested_by"].as_str()),
        (Some("150.00"), Some("alice"))
    );

    let own = admin(&["wallet", "approve-adjustment", &id, "--by", "alice"]);
    let own = fail(data, &own.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(own.stderr.contains("second_approver_needed"), "{own:?}");
    let applied = run_admin(&["wallet", "approve-adjustment", &id, "--by", "bob"]);
    assert!(applied.contains("balance 150.00"), "{applied}");
    assert_eq!(app.balances_of(&player).await.wallet, money("150.00"));
    let small = run_admin(&["wallet", "adjust", &player.phone, "100.00", "--reason", "Fix"]);
    assert!(small.contains("balance 250.00"), "not above the amount: {small}");
    assert_ledger_verifies(&app).await;
}
