//! Yu E Bao: moves between the wallet and savings (api/yuebao/in, out), the page
//! (api/yuebao/index), the log (api/yuebao/log), and the daily interest job.

use crate::support::helpers::TestApp;
use crate::support::savings::SavingsApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use serde_json::{Value, json};

#[tokio::test]
async fn money_moves_in_and_out_as_one_ledger_entry_each() {
    let app = TestApp::spawn().await;
    let player = app.saver("100.00").await;

    let moved_in = app.save_in(&player, "30.25").await;
    let moved_out = app.save_out(&player, "10.05").await;

    assert_eq!(moved_in.assert_ok(), &json!({ "balance": "69.75", "savings": "30.25" }));
    assert_eq!(moved_out.assert_ok(), &json!({ "balance": "79.80", "savings": "20.20" }));
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.savings), (money("79.80"), money("20.20")));
    let log = app.savings_log(&player, "").await;
    assert_eq!(log["total"], 2);
    let kinds: Vec<_> =
        log["list"].as_array().expect("a list").iter().map(|r| &r["kind"]).collect();
    assert_eq!(kinds, [&json!("savings_out"), &json!("savings_in")]);
    assert_eq!(log["list"][0]["amount"], "-10.05");
    let page = app.savings_page(&player).await;
    assert_eq!((&page["savings"], &page["balance"]), (&json!("20.20"), &json!("79.80")));
    assert_eq!((&page["rate"], &page["in_min"]), (&json!("3.65"), &json!("0.01")));
    assert_eq!(page["yield_7d"], Value::Null, "nothing held a whole day yet");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_first_move_in_must_reach_the_minimum_and_later_ones_need_not() {
    let app = TestApp::spawn().await;
    let player = app.saver("100.00").await;
    assert_eq!(app.savings_page(&player).await["in_min"], "10.00");

    let below = app.save_in(&player, "9.99").await;
    let first = app.save_in(&player, "10").await;
    let small = app.save_in(&player, "0.01").await;

    assert_eq!(below.err(), "below_minimum");
    assert_eq!(first.assert_ok()["savings"], "10.00");
    assert_eq!(small.assert_ok()["savings"], "10.01");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn refused_moves_say_why_and_move_nothing() {
    let app = TestApp::spawn().await;
    let player = app.saver("50.00").await;
    app.save_in(&player, "20.00").await.assert_ok();
    let postings = app.ledger_report().await.postings;
    let cases = [
        (
            "in: more than the wallet",
            "/api/yuebao/in",
            json!({"amount": "30.01"}),
            "insufficient_balance",
        ),
        (
            "out: more than saved",
            "/api/yuebao/out",
            json!({"amount": "20.01"}),
            "insufficient_balance",
        ),
        ("in: zero", "/api/yuebao/in", json!({"amount": "0"}), "invalid_amount"),
        ("out: three decimals", "/api/yuebao/out", json!({"amount": "1.001"}), "invalid_amount"),
        ("out: negative", "/api/yuebao/out", json!({"amount": "-1"}), "invalid_amount"),
        ("in: text", "/api/yuebao/in", json!({"amount": "ten"}), "invalid_amount"),
        ("in: no amount", "/api/yuebao/in", json!({}), "missing_params"),
        ("out: no amount", "/api/yuebao/out", json!({}), "missing_params"),
    ];
    for (description, path, form, err) in cases {
        let reply = app.savings_move(path, &player, form, None).await;
        assert_eq!(reply.err(), err, "{description}");
    }
    assert_eq!(app.ledger_report().await.postings, postings, "nothing was posted");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_replayed_move_moves_once_and_a_reused_key_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.saver("100.00").await;
    let form = json!({ "amount": "40.00" });

    let first = app.savings_move("/api/yuebao/in", &player, form.clone(), Some("k-1")).await;
    let replay = app.savings_move("/api/yuebao/in", &player, form, Some("k-1")).await;
    let other = json!({ "amount": "1.00" });
    let conflict = app.savings_move("/api/yuebao/out", &player, other, Some("k-1")).await;

    assert_eq!(first.assert_ok(), replay.assert_ok());
    assert_eq!(conflict.err(), "idempotency_conflict");
    assert_eq!(app.balances_of(&player).await.savings, money("40.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn money_moved_in_today_earns_from_tomorrow_paid_once_per_day() {
    let app = TestApp::spawn().await;
    let player = app.saver("10000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();

    app.move_to_day(1, 0);
    let first_midnight = app.pay_interest().await;
    app.move_to_day(2, 0);
    let second_midnight = app.pay_interest().await;
    let again = app.pay_interest().await;
    app.clock.advance(3600);
    let an_hour_later = app.pay_interest().await;

    assert_eq!(first_midnight, 0, "the day of the move in earns nothing");
    assert_eq!(second_midnight, 100, "10,000.00 x 3.65 % / 365 = 1.00");
    assert_eq!((again, an_hour_later), (0, 0));
    let page = app.savings_page(&player).await;
    assert_eq!(page["savings"], "10001.00");
    assert_eq!(
        (&page["yesterday_interest"], &page["total_interest"]),
        (&json!("1.00"), &json!("1.00"))
    );
    assert_eq!(page["yield_7d"], "3.65");
    let log = app.savings_log(&player, "limit=1").await;
    assert_eq!(log["list"][0]["kind"], "interest");
    assert_eq!(log["list"][0]["amount"], "1.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_held_balance_is_the_days_lowest() {
    let app = TestApp::spawn().await;
    let player = app.saver("20000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();
    app.move_to_day(1, 3600);
    app.save_out(&player, "5000.00").await.assert_ok();
    app.save_in(&player, "10000.00").await.assert_ok();

    app.move_to_day(2, 0);
    let paid = app.pay_interest().await;

    assert_eq!(paid, 50, "5,000.00 was held the whole day");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn every_day_is_paid_once_in_order_across_a_restart_and_days_of_downtime() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let player = app.saver("100000.00").await;
    app.save_in(&player, "100000.00").await.assert_ok();
    app.move_to_day(2, 5);
    assert_eq!(app.pay_interest().await, 1000, "one day on 100,000.00");
    let stopped_at = app.now();
    drop(app);

    // Down for five days; a new process opens the same data directory.
    let restarted = TestApp::open(dir.path(), |_| {});
    restarted.clock.advance(stopped_at - restarted.now());
    restarted.move_to_day(7, 30);
    let paid = restarted.pay_interest().await;
    let again = restarted.pay_interest().await;

    // Interest earns from the day after it is credited: 10.00 a day on 100,000.00 (and on
    // 100,010.00: 10.001 rounds down).
    assert_eq!(paid, 5 * 1000, "days 2 to 6, each once");
    assert_eq!(again, 0);
    let log = restarted.savings_log(&player, "limit=10").await;
    let days: Vec<_> = log["list"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|record| record["kind"] == "interest")
        .map(|record| record["memo"].as_str().expect("a day").to_string())
        .collect();
    assert_eq!(
        days,
        ["2026-11-28", "2026-11-27", "2026-11-26", "2026-11-25", "2026-11-24", "2026-11-23"]
    );
    assert_ledger_verifies(&restarted).await;
}

/// Issue 19 (the Yu E Bao page shows its real rate and how interest is paid): the day's
/// interest the page shows for the balance is what the daily job pays for a day it is held.
#[tokio::test]
async fn the_daily_interest_shown_is_what_a_held_day_pays() {
    let app = TestApp::spawn().await;
    let player = app.saver("12345.67").await;
    app.save_in(&player, "12345.67").await.assert_ok();
    let shown = app.savings_page(&player).await["daily_interest"].clone();

    app.move_to_day(1, 0);
    app.pay_interest().await;
    app.move_to_day(2, 0);
    let paid = app.pay_interest().await;

    // 12,345.67 x 3.65 % / 365 = 1.2345..., rounded down.
    assert_eq!(shown, "1.23");
    assert_eq!(paid, 123);
    assert_eq!(app.savings_page(&player).await["yesterday_interest"], shown);
    assert_ledger_verifies(&app).await;
}
