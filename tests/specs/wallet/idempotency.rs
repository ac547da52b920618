//! `Idempotency-Key` on the money-moving requests (conversion, deposit, do_withdraw): a replay
//! returns the first reply and moves nothing; the same key with other parameters is refused.

use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{
    DepositUpload, WalletApp, assert_ledger_verifies, money, with, withdrawal_form,
};
use fairhall::ledger::Balances;
use serde_json::json;

/// What a replay must leave unchanged: the player's balances and the number of postings.
async fn snapshot(app: &TestApp, player: &Player) -> (Balances, i64) {
    (app.balances_of(player).await, app.ledger_report().await.postings)
}

#[tokio::test]
async fn a_replayed_conversion_returns_the_first_reply_and_moves_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "100.00").await;
    let form = json!({ "from": "balance", "amount": "25.00" });

    let first = app.conversion(&player, form.clone(), Some("conv-0001")).await;
    let moved = snapshot(&app, &player).await;
    let replay = app.conversion(&player, form.clone(), Some("conv-0001")).await;
    let replayed = snapshot(&app, &player).await;
    app.conversion(&player, json!({ "from": "game", "amount": "5" }), None).await.assert_ok();
    let later = app.conversion(&player, form, Some("conv-0001")).await;

    assert_eq!(first.assert_ok(), &json!({ "balance": "75.00", "game_balance": "25.00" }));
    assert_eq!(replay.assert_ok(), first.assert_ok());
    assert_eq!(replayed, moved);
    assert_eq!(later.assert_ok(), first.assert_ok(), "the stored reply, not today's balances");
    assert_eq!(app.balances_of(&player).await.wallet, money("80.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_replayed_deposit_records_one_deposit_and_keeps_one_voucher() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let upload = DepositUpload::new("50.00");

    let first = app.recharge(&player, &upload, Some("deposit-1")).await;
    let replay = app.recharge(&player, &upload, Some("deposit-1")).await;

    assert_eq!(replay.assert_ok(), first.assert_ok());
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["total"], 1);
    assert_eq!(app.voucher_files().len(), 1, "the replay's upload is not kept");
    let id = first.assert_ok()["id"].as_i64().expect("an id");
    app.review_deposit(id, None).await.expect("approved");
    assert_eq!(app.balances_of(&player).await.wallet, money("50.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_replayed_withdrawal_holds_once() {
    let app =
        TestApp::spawn_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 1).await;
    let (player, card) = app.withdrawer("100.00").await;
    let form = withdrawal_form(card, "40.00");

    let first = app.do_withdraw(&player, form.clone(), Some("withdraw-1")).await;
    let held = snapshot(&app, &player).await;
    let replay = app.do_withdraw(&player, form.clone(), Some("withdraw-1")).await;
    let fresh = app.do_withdraw(&player, form, Some("withdraw-2")).await;

    assert_eq!(
        replay.assert_ok(),
        first.assert_ok(),
        "a replay even when the daily count is used up"
    );
    assert_eq!(fresh.err(), "withdraw_count_exceeded");
    assert_eq!(snapshot(&app, &player).await, held);
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("60.00"), money("40.00")));
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(records.assert_ok()["total"], 1);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_same_key_with_other_parameters_is_refused() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("100.00").await;
    let conversion = json!({ "from": "balance", "amount": "10.00" });
    app.conversion(&player, conversion.clone(), Some("key-a")).await.assert_ok();
    app.recharge(&player, &DepositUpload::new("20.00"), Some("key-b")).await.assert_ok();
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), Some("key-c")).await.assert_ok();
    let before = snapshot(&app, &player).await;
    let files = app.voucher_files();

    let amount =
        app.conversion(&player, with(&conversion, json!({ "amount": "10.01" })), Some("key-a"));
    let amount = amount.await;
    let direction =
        app.conversion(&player, with(&conversion, json!({ "from": "game" })), Some("key-a"));
    let direction = direction.await;
    let deposit = app.recharge(&player, &DepositUpload::new("20.01"), Some("key-b")).await;
    let withdrawal = app.do_withdraw(&player, withdrawal_form(card, "10.01"), Some("key-c")).await;
    let across = app.do_withdraw(&player, withdrawal_form(card, "10.00"), Some("key-a")).await;

    for (description, reply) in [
        ("another conversion amount", amount),
        ("another direction", direction),
        ("another deposit amount", deposit),
        ("another withdrawal amount", withdrawal),
        ("a conversion key on a withdrawal", across),
    ] {
        assert_eq!(reply.err(), "idempotency_conflict", "{description}: {reply:?}");
    }
    assert_eq!(snapshot(&app, &player).await, before);
    assert_eq!(app.voucher_files(), files, "a refused upload keeps no file");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn keys_belong_to_one_player() {
    let app = TestApp::spawn().await;
    let (first, second) = (app.player().await, app.player().await);
    app.credit(&first, "10.00").await;
    app.credit(&second, "10.00").await;

    let mine = app.conversion(&first, json!({ "from": "balance", "amount": "3" }), Some("same"));
    let mine = mine.await;
    let theirs = app.conversion(&second, json!({ "from": "balance", "amount": "4" }), Some("same"));
    let theirs = theirs.await;

    assert_eq!(mine.assert_ok(), &json!({ "balance": "7.00", "game_balance": "3.00" }));
    assert_eq!(theirs.assert_ok(), &json!({ "balance": "6.00", "game_balance": "4.00" }));
    assert_eq!(app.balances_of(&second).await.game, money("4.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_keys_are_refused_and_move_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "10.00").await;
    let before = snapshot(&app, &player).await;
    let form = json!({ "from": "balance", "amount": "1.00" });
    let long = "k".repeat(65);
    let cases = [
        ("65 characters", long.as_str()),
        ("a space", "two words"),
        ("empty", ""),
        ("a tab", "a\tb"),
    ];

    for (description, key) in cases {
        let reply = app.conversion(&player, form.clone(), Some(key)).await;
        assert_eq!(reply.err(), "bad_params", "{description}: {reply:?}");
    }
    let upload = app.recharge(&player, &DepositUpload::new("20.00"), Some(&long)).await;
    assert_eq!(upload.err(), "bad_params");

    assert_eq!(snapshot(&app, &player).await, before);
    assert!(app.voucher_files().is_empty());
    let longest = "k".repeat(64);
    app.conversion(&player, form, Some(&longest)).await.assert_ok();
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_refused_first_attempt_stores_nothing_so_a_retry_can_succeed() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("10.00").await;
    let conversion = json!({ "from": "balance", "amount": "50.00" });
    let withdrawal = withdrawal_form(card, "30.00");

    let short = app.conversion(&player, conversion.clone(), Some("retry-1")).await;
    let short_withdrawal = app.do_withdraw(&player, withdrawal.clone(), Some("retry-2")).await;
    app.credit(&player, "100.00").await;
    let retried = app.conversion(&player, conversion, Some("retry-1")).await;
    let retried_withdrawal = app.do_withdraw(&player, withdrawal, Some("retry-2")).await;

    assert_eq!(short.err(), "insufficient_balance");
    assert_eq!(short_withdrawal.err(), "insufficient_balance");
    assert_eq!(retried.assert_ok(), &json!({ "balance": "60.00", "game_balance": "50.00" }));
    assert_eq!(retried_withdrawal.assert_ok()["status"], "pending");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("30.00"), money("30.00")));
    assert_ledger_verifies(&app).await;
}
