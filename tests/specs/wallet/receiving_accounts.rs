//! Receiving accounts (`[[wallet.receiving_accounts]]`): the deposit page offers a method once
//! one of its accounts is on, shows the accounts that fit the player's deposit, and every
//! deposit names the account paid, with the details the player was shown. A deposit may also
//! fail (the payment never arrived), crediting nothing.

use crate::support::helpers::TestApp;
use crate::support::notice_support::NoticeApp;
use crate::support::protection_support::ProtectionApp;
use crate::support::wallet_support::{
    DepositUpload, WalletApp, assert_ledger_verifies, bank_account, money, usdt_account,
};
use fairhall::config::{Config, CurrencyOption};
use fairhall::wallet::deposits::Decision;
use fairhall::wallet::types::ReviewReason;
use serde_json::{Value, json};

const ADDRESS: &str = "TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e";

/// Dong beside USDT; a bank account for dong up to 100.00, one for USDT from 100.01, one
/// switched off, and a USDT address.
fn hall(config: &mut Config) {
    config.wallet.currencies.push(CurrencyOption {
        code: "VND".into(),
        name: "Vietnamese dong".into(),
        picture: String::new(),
        rate: "25000".into(),
    });
    let mut dong = bank_account("vcb-dong");
    dong.currencies = vec!["VND".into()];
    dong.max = Some(money("100.00"));
    let mut large = bank_account("tcb-large");
    (large.bank, large.number) = ("Techcombank".into(), "19034567890123".into());
    large.currencies = vec!["USDT".into()];
    large.min = Some(money("100.01"));
    let mut closed = bank_account("closed");
    closed.enabled = false;
    config.wallet.receiving_accounts = vec![dong, large, closed, usdt_account("trc", ADDRESS)];
}

fn codes(options: &Value) -> Vec<&str> {
    let accounts = options["accounts"].as_array().expect("accounts");
    accounts.iter().map(|account| account["code"].as_str().expect("a code")).collect()
}

#[tokio::test]
async fn the_deposit_page_shows_the_accounts_switched_on_with_their_details_and_bands() {
    let app = TestApp::spawn_with(hall).await;
    let player = app.player().await;

    let options = app.get_as(&player, "/api/personal/recharge_options", "").await;

    let options = options.assert_ok();
    assert_eq!(options["methods"], json!(["bank", "usdt"]));
    assert_eq!(codes(options), ["vcb-dong", "tcb-large", "trc"], "the closed one is not shown");
    let dong = &options["accounts"][0];
    assert_eq!(
        (&dong["method"], &dong["bank"], &dong["branch"], &dong["holder"], &dong["number"]),
        (
            &json!("bank"),
            &json!("Vietcombank"),
            &json!("District 1"),
            &json!("FAIRHALL LTD"),
            &json!("0071000123456")
        )
    );
    assert_eq!(
        (&dong["currencies"], &dong["min"], &dong["max"]),
        (&json!(["VND"]), &json!("10.00"), &json!("100.00"))
    );
    let usdt = &options["accounts"][2];
    assert_eq!((&usdt["network"], &usdt["address"]), (&json!("TRC20"), &json!(ADDRESS)));
    assert_eq!(options["accounts"][1]["max"], "1000000.00", "no max: the wallet's");
}

#[tokio::test]
async fn a_deposit_names_the_account_paid_and_the_details_the_player_was_shown() {
    let app = TestApp::spawn_with(hall).await;
    let player = app.player().await;
    let to_dong = DepositUpload::new("50.00").with("currency", "VND").with("account", "vcb-dong");
    let unnamed = DepositUpload::new("500.00");
    let usdt = DepositUpload::new("20.00").with("method", "usdt");

    let to_dong = app.recharge(&player, &to_dong, None).await;
    let unnamed = app.recharge(&player, &unnamed, None).await;
    let usdt = app.recharge(&player, &usdt, None).await;

    let to_dong = to_dong.assert_ok();
    assert_eq!(
        (&to_dong["account_code"], &to_dong["pay_amount"]),
        (&json!("vcb-dong"), &json!("1250000.00"))
    );
    assert_eq!(to_dong["account_label"], "Vietcombank, District 1, FAIRHALL LTD, 0071000123456");
    assert_eq!(unnamed.assert_ok()["account_code"], "tcb-large", "the first account that takes it");
    assert_eq!(usdt.assert_ok()["account_label"], format!("USDT TRC20 {ADDRESS}"));
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["list"][2]["account_code"], "vcb-dong");
    let id = to_dong["id"].as_i64().expect("an id");
    let reviewed = app.review_deposit(id, None).await.expect("approved");
    assert_eq!(reviewed.account_code, "vcb-dong", "the reviewer sees which account");
    assert_eq!(app.balances_of(&player).await.wallet, money("50.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn an_account_takes_only_its_currency_and_band_and_a_refusal_keeps_nothing() {
    let app = TestApp::spawn_with(hall).await;
    let player = app.player().await;
    let dong = |amount: &str| DepositUpload::new(amount).with("currency", "VND");
    let cases = [
        ("above the account's band", dong("100.01").with("account", "vcb-dong"), "limit_exceeded"),
        (
            "below the account's band",
            DepositUpload::new("50.00").with("account", "tcb-large"),
            "below_minimum",
        ),
        (
            "another currency's account",
            dong("50.00").with("account", "tcb-large"),
            "receiving_account_unavailable",
        ),
        (
            "a switched-off account",
            DepositUpload::new("50.00").with("account", "closed"),
            "receiving_account_unavailable",
        ),
        (
            "an unknown account",
            DepositUpload::new("50.00").with("account", "nope"),
            "receiving_account_unavailable",
        ),
        ("an amount no band holds", DepositUpload::new("50.00"), "receiving_account_unavailable"),
        (
            "the bank account of USDT",
            DepositUpload::new("20.00").with("method", "usdt").with("account", "vcb-dong"),
            "receiving_account_unavailable",
        ),
    ];
    for (description, upload, key) in cases {
        let reply = app.recharge(&player, &upload, None).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
        assert!(!reply.msg().is_empty() && !reply.msg().contains('_'), "{description}: {reply:?}");
    }
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["total"], 0);
    assert!(app.voucher_files().is_empty(), "no refused request kept a voucher");
}

#[tokio::test]
async fn a_hall_without_a_receiving_account_takes_no_deposit() {
    let app = TestApp::spawn_with(|config| config.wallet.receiving_accounts.clear()).await;
    let player = app.player().await;

    let options = app.get_as(&player, "/api/personal/recharge_options", "").await;
    let bank = app.recharge(&player, &DepositUpload::new("20.00"), None).await;
    let usdt =
        app.recharge(&player, &DepositUpload::new("20.00").with("method", "usdt"), None).await;

    assert_eq!(options.assert_ok()["methods"], json!([]), "the page says deposits are closed");
    assert_eq!(bank.err(), "method_unavailable", "{bank:?}");
    assert_eq!(usdt.err(), "method_unavailable", "{usdt:?}");
    assert!(app.voucher_files().is_empty());
}

#[tokio::test]
async fn the_older_usdt_address_is_one_usdt_account() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.receiving_accounts.clear();
        config.wallet.usdt_receiving_address = ADDRESS.into();
    })
    .await;
    let player = app.player().await;

    let options = app.get_as(&player, "/api/personal/recharge_options", "").await;
    let usdt =
        app.recharge(&player, &DepositUpload::new("15.00").with("method", "usdt"), None).await;

    assert_eq!(options.assert_ok()["methods"], json!(["usdt"]));
    assert_eq!(codes(options.assert_ok()), ["usdt"]);
    assert_eq!(usdt.assert_ok()["account_label"], format!("USDT TRC20 {ADDRESS}"));
}

#[tokio::test]
async fn a_failed_deposit_credits_nothing_tells_the_player_why_and_frees_his_limits() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.set_limit(&player, "deposit", "day", "100").await.assert_ok();
    let id = app.requested_deposit(&player, "80.00").await;
    let postings = app.ledger_report().await.postings;

    let failed = app
        .decide_deposit(
            id,
            Decision::Fail(ReviewReason::parse("The transfer was returned").unwrap()),
        )
        .await;
    let again = app.decide_deposit(id, Decision::Approve).await;
    let within_limit = app.recharge(&player, &DepositUpload::new("90.00"), None).await;

    let failed = failed.expect("failed");
    assert_eq!(
        (failed.status.as_str(), failed.reason.as_str()),
        ("failed", "The transfer was returned")
    );
    assert_eq!(again.expect_err("decided once").key(), "already_reviewed");
    within_limit.assert_ok();
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
    assert_eq!(app.turnover_of(&player).await, money("0.00"));
    assert_eq!(app.ledger_report().await.postings, postings, "a failure posts nothing");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "status=failed").await;
    assert_eq!(records.assert_ok()["list"][0]["reason"], "The transfer was returned");
    assert_eq!(app.message_titles(&player).await, ["Deposit failed"]);
    assert_ledger_verifies(&app).await;
}
