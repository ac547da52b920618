//! Withdrawals (api/personal/do_withdraw): the fund password, the turnover, the limits and
//! the daily count are checked; amount + fee move to the frozen account until the operator
//! pays out (external + fees) or releases them back to the wallet.

use crate::support::helpers::TestApp;
use crate::support::wallet_support::{
    CARD_LAST4, FUND_PASSWORD, TRC20, WalletApp, assert_ledger_verifies, money, with,
    withdrawal_form,
};
use fairhall::wallet::withdrawals::Decision;
use serde_json::json;

fn id_of(reply: &crate::support::helpers::Reply) -> i64 {
    reply.assert_ok()["id"].as_i64().expect("a withdrawal id")
}

#[tokio::test]
async fn a_withdrawal_holds_the_amount_and_fee_until_review() {
    let app = TestApp::spawn_with(|config| config.wallet.withdraw_fee_bp = 150).await;
    let (player, card) = app.withdrawer("200.00").await;

    let reply = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;

    let record = reply.assert_ok();
    assert_eq!((&record["status"], &record["method"]), (&json!("pending"), &json!("bank")));
    assert_eq!((&record["amount"], &record["fee"]), (&json!("100.00"), &json!("1.50")));
    assert_eq!(record["account"], format!("VCB ****{CARD_LAST4}"));
    assert_eq!(app.personal_index(&player.token).await.assert_ok()["balance"], "98.50");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("98.50"), money("101.50")));
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(
        (&terms.assert_ok()["used_today"], &terms.assert_ok()["balance"]),
        (&json!(1), &json!("98.50"))
    );
    assert_eq!(
        (&terms.assert_ok()["fee_bp"], &terms.assert_ok()["daily_count"]),
        (&json!(150), &json!(3))
    );
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(records.assert_ok()["list"][0]["id"], record["id"]);
    assert_eq!(records.assert_ok()["list"][0]["status"], "pending");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=withdraw_hold");
    let changes = changes.await;
    let reference = json!(format!("withdrawal:{}", record["id"]));
    assert_eq!(changes.assert_ok()["list"][1]["reference"], reference);
    assert_eq!(changes.assert_ok()["list"][1]["amount"], "-101.50");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn an_approved_withdrawal_pays_out_and_the_fee_goes_to_fees() {
    let app = TestApp::spawn_with(|config| config.wallet.withdraw_fee_bp = 150).await;
    let (player, card) = app.withdrawer("200.00").await;
    let id = id_of(&app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await);
    app.clock.advance(120);

    let paid = app.review_withdrawal(id, Decision::Pass, "").await.expect("paid");

    assert_eq!((paid.status.as_str(), paid.reviewed_at), ("passed", Some(app.now())));
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("98.50"), money("0.00")));
    assert_eq!(app.system_balance("fees").await, 150);
    assert_eq!(app.system_balance("external").await, -20_000 + 10_000, "in 200, out 100");
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(records.assert_ok()["list"][0]["status"], "passed");
    let paid_out = app.get_as(&player, "/api/personal/accountchangerecord", "kind=withdraw_paid");
    let paid_out = paid_out.await;
    let amounts: Vec<&str> = paid_out.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|change| change["amount"].as_str().expect("an amount"))
        .collect();
    assert_eq!(amounts, ["-1.50", "-100.00"], "the fee and the amount leave the frozen account");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_rejected_or_failed_withdrawal_returns_the_amount_and_fee() {
    let app = TestApp::spawn_with(|config| config.wallet.withdraw_fee_bp = 150).await;
    let (player, card) = app.withdrawer("200.00").await;
    let rejected = id_of(&app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await);
    let failed = id_of(&app.do_withdraw(&player, withdrawal_form(card, "50.00"), None).await);
    assert_eq!(app.balances_of(&player).await.wallet, money("47.75"));

    let refused = app.review_withdrawal(rejected, Decision::Reject, " Name differs ").await;
    let bounced = app.review_withdrawal(failed, Decision::Fail, "Bank returned it").await;

    assert_eq!(refused.expect("rejected").status, "rejected");
    assert_eq!(bounced.expect("failed").status, "failed");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("200.00"), money("0.00")));
    assert_eq!(
        (app.system_balance("fees").await, app.system_balance("external").await),
        (0, -20_000)
    );
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    let list = &records.assert_ok()["list"];
    assert_eq!(
        (&list[0]["status"], &list[0]["reason"]),
        (&json!("failed"), &json!("Bank returned it"))
    );
    assert_eq!(
        (&list[1]["status"], &list[1]["reason"]),
        (&json!("rejected"), &json!("Name differs"))
    );
    let released =
        app.get_as(&player, "/api/personal/accountchangerecord", "kind=withdraw_release");
    let released = released.await;
    assert_eq!(released.assert_ok()["total"], 4, "two releases, each from frozen to wallet");
    assert_eq!(released.assert_ok()["list"][1]["memo"], "Bank returned it");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_withdrawal_is_reviewed_only_once() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("100.00").await;
    let paid = id_of(&app.do_withdraw(&player, withdrawal_form(card, "30.00"), None).await);
    let rejected = id_of(&app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await);
    app.review_withdrawal(paid, Decision::Pass, "").await.expect("paid");
    app.review_withdrawal(rejected, Decision::Reject, "no").await.expect("rejected");

    for (id, decision) in [
        (paid, Decision::Pass),
        (paid, Decision::Reject),
        (paid, Decision::Fail),
        (rejected, Decision::Pass),
        (rejected, Decision::Reject),
    ] {
        let error = app.review_withdrawal(id, decision, "again").await.expect_err("reviewed");
        assert_eq!(error.key(), "already_reviewed", "{id} {decision:?}");
    }

    let unknown = app.review_withdrawal(9999, Decision::Pass, "").await.expect_err("unknown");
    assert_eq!(unknown.key(), "not_found");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("70.00"), money("0.00")));
    assert_eq!(app.system_balance("external").await, -10_000 + 3_000);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn small_withdrawals_pay_the_flat_fee_and_others_the_rate_rounded_up() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.withdraw_min = money("0.50");
        config.wallet.withdraw_fee_bp = 150;
        config.wallet.withdraw_small_below = money("5.00");
        config.wallet.withdraw_small_fee = money("0.30");
    })
    .await;
    let (player, card) = app.withdrawer("100.00").await;

    let small = app.do_withdraw(&player, withdrawal_form(card, "4.99"), None).await;
    let threshold = app.do_withdraw(&player, withdrawal_form(card, "5.00"), None).await;
    let rounded = app.do_withdraw(&player, withdrawal_form(card, "10.01"), None).await;

    assert_eq!(small.assert_ok()["fee"], "0.30");
    assert_eq!(threshold.assert_ok()["fee"], "0.08", "5.00 x 1.5 % = 0.075, rounded up");
    assert_eq!(rounded.assert_ok()["fee"], "0.16", "10.01 x 1.5 % = 0.15015, rounded up");
    let held = 499 + 30 + 500 + 8 + 1001 + 16;
    let balances = app.balances_of(&player).await;
    assert_eq!(balances.frozen.minor(), held);
    assert_eq!(balances.wallet.minor(), 10_000 - held);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_fund_password_guards_withdrawals() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let card = app.link_card(&player).await;
    app.approved_deposit(&player, "100.00").await;
    app.play_turnover(&player, "100.00").await;
    let form = withdrawal_form(card, "20.00");

    let unset = app.do_withdraw(&player, form.clone(), None).await;
    app.set_fund_password(&player).await;
    let cases = [
        ("a wrong one", json!({ "fund_password": "135790" }), "fund_password_wrong"),
        ("five digits", json!({ "fund_password": "24681" }), "invalid_fund_password"),
        ("seven digits", json!({ "fund_password": "2468100" }), "invalid_fund_password"),
        ("letters", json!({ "fund_password": "abcdef" }), "invalid_fund_password"),
        ("none", json!({ "fund_password": null }), "missing_params"),
    ];
    for (description, patch, key) in cases {
        let reply = app.do_withdraw(&player, with(&form, patch), None).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
    }

    assert_eq!(unset.err(), "fund_password_required");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("100.00"), money("0.00")));
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(terms.assert_ok()["used_today"], 0, "refusals use no daily slot");
    let right = with(&form, json!({ "fund_password": FUND_PASSWORD }));
    app.do_withdraw(&player, right, None).await.assert_ok();
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn withdrawals_wait_until_the_turnover_is_played() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.set_fund_password(&player).await;
    let card = app.link_card(&player).await;
    app.approved_deposit(&player, "100.00").await;
    app.play_turnover(&player, "39.99").await;

    let waiting = app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await;
    let english = app
        .post_json(
            "/api/personal/do_withdraw",
            &withdrawal_form(card, "20.00"),
            &[("token", &player.token), ("lang", "en")],
        )
        .await;
    app.play_turnover(&player, "60.01").await;
    let played = app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await;

    assert_eq!(waiting.err(), "turnover_remaining");
    assert!(waiting.msg().contains("60.01"), "{waiting:?}");
    assert_eq!(english.msg(), "Withdrawal is available after a further turnover of 60.01");
    played.assert_ok();
    assert_eq!(app.turnover_of(&player).await, money("0.00"));
    assert_eq!(app.balances_of(&player).await.wallet, money("80.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn withdrawals_outside_the_limits_or_to_foreign_accounts_are_refused() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.withdraw_min = money("20.00");
        config.growth.vip.levels[0].withdraw_single_max = money("300.00");
        config.wallet.withdraw_max = money("400.00");
        config.wallet.withdraw_fee_bp = 100;
    })
    .await;
    let (player, card) = app.withdrawer("250.00").await;
    let other = app.player().await;
    let other_card = app.link_card(&other).await;
    let form = withdrawal_form(card, "50.00");
    let cases = [
        ("below withdraw_min", json!({ "amount": "19.99" }), "below_minimum"),
        ("above withdraw_single_max", json!({ "amount": "300.01" }), "limit_exceeded"),
        ("above withdraw_max", json!({ "amount": "400.01" }), "limit_exceeded"),
        ("more than the balance", json!({ "amount": "250.01" }), "insufficient_balance"),
        ("the balance but not the fee", json!({ "amount": "247.53" }), "insufficient_balance"),
        ("another player's card", json!({ "account_id": other_card }), "withdraw_account_missing"),
        ("an unknown card", json!({ "account_id": 9999 }), "withdraw_account_missing"),
        ("a card id as a USDT address", json!({ "method": "usdt" }), "withdraw_account_missing"),
        ("a non-numeric account", json!({ "account_id": "abc" }), "withdraw_account_missing"),
        ("an unknown method", json!({ "method": "paypal" }), "bad_params"),
        ("no method", json!({ "method": null }), "missing_params"),
        ("no account", json!({ "account_id": null }), "missing_params"),
        ("no amount", json!({ "amount": null }), "missing_params"),
        ("zero", json!({ "amount": "0" }), "invalid_amount"),
        ("three decimals", json!({ "amount": "20.001" }), "invalid_amount"),
        ("negative", json!({ "amount": "-20" }), "invalid_amount"),
    ];

    for (description, patch, key) in cases {
        let reply = app.do_withdraw(&player, with(&form, patch), None).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
    }

    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("250.00"), money("0.00")));
    let exact = app.do_withdraw(&player, with(&form, json!({ "amount": "247.52" })), None).await;
    assert_eq!(exact.assert_ok()["fee"], "2.48", "amount + fee is the whole balance");
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn withdraw_max_caps_a_withdrawal_below_the_single_maximum() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.withdraw_max = money("100.00");
        config.growth.vip.levels[0].withdraw_single_max = money("500.00");
    })
    .await;
    let (player, card) = app.withdrawer("300.00").await;

    let over = app.do_withdraw(&player, withdrawal_form(card, "100.01"), None).await;
    let at = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;

    assert_eq!(over.err(), "limit_exceeded");
    at.assert_ok();
    assert_eq!(app.balances_of(&player).await.wallet, money("200.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_daily_count_resets_on_a_new_operator_day() {
    let app =
        TestApp::spawn_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 2).await;
    let (player, card) = app.withdrawer("100.00").await;
    let first = id_of(&app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await);
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    app.review_withdrawal(first, Decision::Reject, "test").await.expect("rejected");

    let third = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;
    // The clock starts at 15:00 operator time: 8 h 59 min later is still the same day.
    app.clock.advance(9 * 3600 - 60);
    let same_day = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;
    app.clock.advance(60);
    let next_day = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;

    assert_eq!(third.err(), "withdraw_count_exceeded", "a rejected request still counts");
    assert_eq!(same_day.err(), "withdraw_count_exceeded");
    next_day.assert_ok();
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(terms.assert_ok()["used_today"], 1);
    app.clock.advance(24 * 3600);
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    assert_eq!(app.balances_of(&player).await.wallet, money("60.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn usdt_withdrawals_go_to_an_added_address() {
    let app = TestApp::spawn().await;
    let (player, _) = app.withdrawer("100.00").await;
    let address = app.add_usdt(&player, TRC20).await;
    let form = json!({ "method": "usdt", "account_id": address, "amount": "40.00",
        "fund_password": FUND_PASSWORD });

    let reply = app.do_withdraw(&player, form, None).await;

    let record = reply.assert_ok();
    assert_eq!((&record["method"], &record["status"]), (&json!("usdt"), &json!("pending")));
    let label = record["account"].as_str().expect("a label");
    assert!(label.starts_with("TRC20 ") && !label.contains(TRC20), "masked: {label}");
    let id = record["id"].as_i64().expect("an id");
    app.review_withdrawal(id, Decision::Pass, "").await.expect("paid");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("60.00"), money("0.00")));
    assert_eq!(app.system_balance("external").await, -6_000);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn withdrawals_need_a_session() {
    let app = TestApp::spawn().await;
    let form = withdrawal_form(1, "10.00");

    app.post_json("/api/personal/do_withdraw", &form, &[]).await.assert_login_required();
    for path in ["/api/personal/withdraw", "/api/personal/withdrawlsrecord"] {
        app.get(path, None).await.assert_login_required();
    }
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn wrong_fund_passwords_lock_withdrawals_for_a_while() {
    let app = TestApp::spawn_with(|config| {
        config.auth.fund_password_failures_per_account = 3;
        config.auth.login_lock_secs = 600;
    })
    .await;
    let player = app.player().await;
    let card = app.link_card(&player).await;
    app.approved_deposit(&player, "100.00").await;
    app.play_turnover(&player, "100.00").await;
    app.set_fund_password(&player).await;
    let form = withdrawal_form(card, "20.00");
    let wrong = with(&form, json!({ "fund_password": "135790" }));
    let right = with(&form, json!({ "fund_password": FUND_PASSWORD }));

    for _ in 0..3 {
        assert_eq!(
            app.do_withdraw(&player, wrong.clone(), None).await.err(),
            "fund_password_wrong"
        );
    }
    let locked = app.do_withdraw(&player, right.clone(), None).await;
    app.clock.advance(600);
    let unlocked = app.do_withdraw(&player, right, None).await;

    assert_eq!(locked.err(), "throttled");
    unlocked.assert_ok();
    assert_ledger_verifies(&app).await;
}
