//! The operator's wallet commands (`fairhall admin deposit|withdraw|wallet|verify`), run as the
//! built binary on the data directory of a `TestApp` that players use through the API.

use crate::cli::{fail, succeed};
use crate::helpers::{Player, TestApp};
use crate::wallet_support::{
    CARD_LAST4, DepositUpload, PNG, WalletApp, assert_ledger_verifies, money, withdrawal_form,
};
use serde_json::json;
use tempfile::TempDir;

/// Listed rows (the lines after the header).
fn rows(stdout: &str) -> Vec<&str> {
    stdout.lines().skip(1).collect()
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
    let voucher = [PNG, b" a screenshot of the transfer"].concat();
    let upload = DepositUpload::new("120.00").voucher("shot.png", voucher.clone());
    let first = app.recharge(&player, &upload, None).await.ok()["id"].to_string();
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
    let approved = succeed(data, &["admin", "deposit", "approve", &first, "--by", "ops"]);
    let rejected = succeed(data, &["admin", "deposit", "reject", &second, "--reason", "Blurry"]);
    let again = fail(data, &["admin", "deposit", "approve", &first]);

    assert_eq!(
        rows(&listed),
        [
            format!("{second}\tuser {}\tbank\t30.00 (30.00 USDT)\tpending\t", player.id),
            format!("{first}\tuser {}\tbank\t120.00 (120.00 USDT)\tpending\t", player.id),
        ]
    );
    assert!(shown.contains("\"status\": \"pending\""), "{shown}");
    assert_eq!(std::fs::read(&copy).expect("the copied voucher"), voucher);
    assert!(approved.contains("\tpassed\t"), "{approved}");
    assert!(rejected.contains("\trejected\tBlurry"), "{rejected}");
    assert!(again.stderr.contains("already_reviewed"), "{again:?}");
    assert!(rows(&succeed(data, &["admin", "deposit", "list"])).is_empty());
    assert_eq!(rows(&succeed(data, &["admin", "deposit", "list", "--status", "all"])).len(), 2);
    assert_eq!(
        rows(&succeed(data, &["admin", "deposit", "list", "--status", "rejected"])).len(),
        1
    );
    fail(data, &["admin", "deposit", "list", "--status", "maybe"]);
    fail(data, &["admin", "deposit", "show", "9999"]);
    // The CLI runs the shipped programmes: a 10 % first-deposit bonus and 1 % cashback, each
    // adding itself to the turnover.
    assert_eq!(app.balances_of(&player).await.wallet, money("133.20"));
    assert_eq!(app.turnover_of(&player).await, money("133.20"));
    assert!(approved.contains("paid first_deposit 12.00 (1000 bp)"), "{approved}");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "status=rejected").await;
    assert_eq!(records.ok()["list"][0]["reason"], "Blurry");
    assert!(succeed(data, &["admin", "verify"]).contains("ledger verified"));
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
        ids.push(reply.ok()["id"].to_string());
    }

    let listed = succeed(data, &["admin", "withdraw", "list"]);
    let paid = succeed(data, &["admin", "withdraw", "approve", &ids[0]]);
    let rejected = succeed(data, &["admin", "withdraw", "reject", &ids[1], "--reason", "Name"]);
    let failed = succeed(data, &["admin", "withdraw", "fail", &ids[2], "--reason", "Bank down"]);
    let again = fail(data, &["admin", "withdraw", "reject", &ids[0], "--reason", "late"]);

    let label = format!("bank VCB ****{CARD_LAST4}");
    assert_eq!(
        rows(&listed),
        [
            format!("{}\tuser {}\t{label}\t20.00 + fee 0.00\tpending\t", ids[2], player.id),
            format!("{}\tuser {}\t{label}\t50.00 + fee 0.00\tpending\t", ids[1], player.id),
            format!("{}\tuser {}\t{label}\t100.00 + fee 0.00\tpending\t", ids[0], player.id),
        ]
    );
    assert!(paid.contains("\tpassed\t"), "{paid}");
    assert!(rejected.contains("\trejected\tName"), "{rejected}");
    assert!(failed.contains("\tfailed\tBank down"), "{failed}");
    assert!(again.stderr.contains("already_reviewed"), "{again:?}");
    assert!(rows(&succeed(data, &["admin", "withdraw", "list"])).is_empty());
    assert_eq!(rows(&succeed(data, &["admin", "withdraw", "list", "--status", "all"])).len(), 3);
    assert_eq!(rows(&succeed(data, &["admin", "withdraw", "list", "--status", "failed"])).len(), 1);
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("200.00"), money("0.00")));
    assert_eq!(app.system_balance("external").await, -30_000 + 10_000);
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(records.ok()["list"][0]["reason"], "Bank down");
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

    assert_eq!(credited.trim(), format!("user {id}: balance 50.00, game balance 0.00"));
    assert_eq!(debited.trim(), format!("user {id}: balance 40.00, game balance 0.00"));
    assert!(shown.contains("\"wallet\": \"40.00\""), "{shown}");
    assert!(shown.contains("turnover still to bet: 0.00"), "{shown}");
    assert!(shown.contains("\twallet\tadjust\tadmin:ops\t50.00 -> 50.00\tWelcome"), "{shown}");
    assert!(shown.contains("\twallet\tadjust\t"), "{shown}");
    assert!(shown.contains("-10.00 -> 40.00\tCorrection"), "{shown}");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=adjust").await;
    assert_eq!(changes.ok()["list"][1]["reference"], "operator");
    assert_eq!(changes.ok()["list"][1]["memo"], "Welcome");
    assert_eq!(app.balances_of(&player).await.wallet, money("40.00"));
    succeed(data, &["admin", "verify"]);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn admin_verify_names_an_account_whose_balance_was_tampered_with() {
    let (dir, app, player) = app_with_player().await;
    let data = dir.path();
    app.credit(&player, "25.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "5.00" }), None).await.ok();
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
    let report = app.ledger_report().await;
    assert!(!report.is_ok());
    assert_eq!(report.mismatched_accounts.len(), 1);
    assert_eq!(report.mismatched_accounts[0].account_id, account_id);
}
