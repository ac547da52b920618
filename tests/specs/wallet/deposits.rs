//! Deposits: the player uploads a voucher (api/personal/recharge), the operator approves
//! (crediting the wallet and adding turnover) or rejects with a reason.

use crate::support::helpers::TestApp;
use crate::support::wallet_support::{
    DepositUpload, PNG, WalletApp, assert_ledger_verifies, money,
};
use fairhall::config::{Config, CurrencyOption};
use serde_json::json;

const VND: &str = "VND";

fn with_dong(config: &mut Config) {
    config.wallet.currencies.push(CurrencyOption {
        code: VND.into(),
        name: "Vietnamese dong".into(),
        picture: String::new(),
        rate: "25000".into(),
    });
}

#[tokio::test]
async fn a_deposit_request_is_pending_with_its_pay_amount_and_voucher() {
    let app = TestApp::spawn_with(with_dong).await;
    let player = app.player().await;
    let upload = DepositUpload::new("100.01").with("currency", "vnd").with("content", " ref 42 ");

    let dong = app.recharge(&player, &upload, None).await;
    let default = app.recharge(&player, &DepositUpload::new("20.5"), None).await;

    let dong = dong.assert_ok();
    assert_eq!(dong["status"], "pending");
    assert_eq!((&dong["amount"], &dong["currency"]), (&json!("100.01"), &json!(VND)));
    assert_eq!(dong["pay_amount"], "2500250.00", "100.01 x 25000");
    assert_eq!((&dong["method"], &dong["content"]), (&json!("bank"), &json!("ref 42")));
    assert_eq!((&dong["user_id"], &dong["created_at"]), (&json!(player.id), &json!(app.now())));
    assert!(dong.get("voucher_file").is_none(), "the stored file name stays private");
    let default = default.assert_ok();
    assert_eq!((&default["amount"], &default["pay_amount"]), (&json!("20.50"), &json!("20.50")));
    assert_eq!(default["currency"], "USDT");
    let files = app.voucher_files();
    assert_eq!(files.len(), 2, "{files:?}");
    for file in &files {
        assert_eq!(std::fs::read(file).expect("a stored voucher"), PNG);
        assert_eq!(file.extension().and_then(|extension| extension.to_str()), Some("png"));
    }
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"), "pending credits nothing");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["total"], 2);
    assert_eq!(records.assert_ok()["list"][0]["id"], default["id"], "newest first");
    assert_eq!(records.assert_ok()["list"][1]["status"], "pending");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn an_approved_deposit_credits_the_wallet_and_adds_turnover() {
    let app = TestApp::spawn_with(|config| config.wallet.turnover_percent = 150).await;
    let player = app.player().await;
    let id = app.requested_deposit(&player, "80.40").await;
    app.clock.advance(60);

    let approved = app.review_deposit(id, None).await.expect("approved");

    assert_eq!((approved.status.as_str(), approved.reviewed_at), ("passed", Some(app.now())));
    assert_eq!(app.balances_of(&player).await.wallet, money("80.40"));
    assert_eq!(app.turnover_of(&player).await, money("120.60"), "150 % of the deposit");
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(terms.assert_ok()["turnover_remaining"], "120.60");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    let record = &records.assert_ok()["list"][0];
    assert_eq!((&record["status"], &record["reason"]), (&json!("passed"), &json!("")));
    assert_eq!(record["reviewed_at"], app.now());
    let profile = app.personal_index(&player.token).await;
    assert_eq!(
        (&profile.assert_ok()["balance"], &profile.assert_ok()["total_deposit"]),
        (&json!("80.40"), &json!("80.40"))
    );
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "").await;
    let change = &changes.assert_ok()["list"][0];
    assert_eq!(
        (&change["kind"], &change["reference"]),
        (&json!("deposit"), &json!(format!("deposit:{id}")))
    );
    assert_eq!((&change["amount"], &change["balance_after"]), (&json!("80.40"), &json!("80.40")));
    assert_eq!(app.system_balance("external").await, -8040);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_rejected_deposit_credits_nothing_and_shows_the_reason() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let id = app.requested_deposit(&player, "50.00").await;
    let postings = app.ledger_report().await.postings;

    let rejected = app.review_deposit(id, Some("The screenshot is unreadable")).await;

    assert_eq!(rejected.expect("rejected").status, "rejected");
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
    assert_eq!(app.turnover_of(&player).await, money("0.00"));
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    let record = &records.assert_ok()["list"][0];
    assert_eq!(record["status"], "rejected");
    assert_eq!(record["reason"], "The screenshot is unreadable");
    assert_eq!(app.personal_index(&player.token).await.assert_ok()["total_deposit"], "0.00");
    assert_eq!(app.ledger_report().await.postings, postings, "a rejection posts nothing");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_deposit_is_reviewed_only_once() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let approved = app.approved_deposit(&player, "30.00").await;
    let rejected = app.requested_deposit(&player, "40.00").await;
    app.review_deposit(rejected, Some("duplicate")).await.expect("rejected");

    let cases = [
        ("approving an approved deposit", approved, None),
        ("rejecting an approved deposit", approved, Some("late")),
        ("approving a rejected deposit", rejected, None),
        ("rejecting a rejected deposit", rejected, Some("again")),
    ];
    for (description, id, rejection) in cases {
        let error = app.review_deposit(id, rejection).await.expect_err(description);
        assert_eq!(error.key(), "already_reviewed", "{description}");
    }

    let unknown = app.review_deposit(9999, None).await.expect_err("no such deposit");
    assert_eq!(unknown.key(), "not_found");
    assert_eq!(app.balances_of(&player).await.wallet, money("30.00"), "credited once");
    assert_eq!(app.turnover_of(&player).await, money("30.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_deposit_requests_are_refused_and_keep_no_file() {
    let app = TestApp::spawn_with(|config| {
        with_dong(config);
        config.wallet.deposit_max = money("5000.00");
        config.wallet.voucher_max_bytes = 1024;
    })
    .await;
    let player = app.player().await;
    let valid = DepositUpload::new("100.00");
    let oversized = [PNG, &[0u8; 1024][..]].concat();
    let cases = [
        ("below deposit_min", valid.clone().with("amount", "9.99"), "below_minimum"),
        ("above deposit_max", valid.clone().with("amount", "5000.01"), "limit_exceeded"),
        ("no voucher", valid.clone().no_voucher(), "voucher_required"),
        ("text named .png", valid.clone().voucher("a.png", b"just text".to_vec()), "bad_format"),
        ("a PDF named .png", valid.clone().voucher("a.png", b"%PDF-1.7\n%".to_vec()), "bad_format"),
        ("an empty voucher", valid.clone().voucher("a.png", Vec::new()), "bad_format"),
        ("a voucher over 1024 bytes", valid.clone().voucher("a.png", oversized), "limit_exceeded"),
        ("usdt without an address", valid.clone().with("method", "usdt"), "method_unavailable"),
        ("an unknown currency", valid.clone().with("currency", "EUR"), "bad_params"),
        ("an unknown method", valid.clone().with("method", "cash"), "bad_params"),
        ("no amount", valid.clone().without("amount"), "missing_params"),
        ("no method", valid.clone().without("method"), "missing_params"),
        ("zero", valid.clone().with("amount", "0"), "invalid_amount"),
        ("an exponent", valid.clone().with("amount", "1e3"), "invalid_amount"),
        ("three decimals", valid.clone().with("amount", "10.001"), "invalid_amount"),
        ("a long note", valid.clone().with("content", &"n".repeat(201)), "text_too_long"),
        // Cursor moves that would draw "100.00" over the amount on the operator's terminal.
        (
            "a note with ESC",
            valid.clone().with("content", "ok\u{1b}[1A\u{1b}[2K100.00"),
            "bad_params",
        ),
        ("a note with CSI", valid.clone().with("content", "ok\u{9b}1A"), "bad_params"),
        ("a reordered note", valid.clone().with("content", "ref \u{202e}00.001"), "bad_params"),
    ];

    for (description, upload, key) in cases {
        let reply = app.recharge(&player, &upload, None).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
    }

    assert_eq!(app.voucher_files(), Vec::<std::path::PathBuf>::new());
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["total"], 0);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_voucher_beyond_the_upload_limit_is_refused() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.voucher_max_bytes = 1024;
        config.wallet.avatar_max_bytes = 1024;
    })
    .await;
    let player = app.player().await;
    let huge = [PNG, &vec![0u8; 200 * 1024][..]].concat();
    let upload = DepositUpload::new("100.00").voucher("a.png", huge);

    let reply = app.recharge(&player, &upload, None).await;

    assert_eq!(reply.err(), "limit_exceeded", "{reply:?}");
    assert!(app.voucher_files().is_empty());
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_deposit_that_is_not_multipart_is_refused_with_a_key() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let form = json!({ "amount": "100.00", "method": "bank" });

    let json = app.post_json("/api/personal/recharge", &form, &[("token", &player.token)]).await;
    let broken = app
        .post_raw(
            "/api/personal/recharge",
            Some(&DepositUpload::content_type()),
            b"--not-the-boundary\r\n".to_vec(),
            &[("token", &player.token)],
        )
        .await;

    assert_eq!(json.err(), "bad_params", "{json:?}");
    assert_eq!(broken.err(), "upload_failed", "{broken:?}");
    assert!(app.voucher_files().is_empty());
}

#[tokio::test]
async fn deposits_need_a_session() {
    let app = TestApp::spawn().await;
    let upload = DepositUpload::new("100.00");

    let reply = app
        .post_raw(
            "/api/personal/recharge",
            Some(&DepositUpload::content_type()),
            upload.body(),
            &[],
        )
        .await;

    reply.assert_login_required();
    for path in ["/api/personal/rechargerecord", "/api/personal/recharge_options"] {
        app.get(path, None).await.assert_login_required();
    }
    assert!(app.voucher_files().is_empty());
}

#[tokio::test]
async fn a_deposit_records_a_configured_country() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.countries.push(fairhall::config::CountryOption {
            code: "VN".into(),
            name: "Việt Nam".into(),
            picture: String::new(),
        });
    })
    .await;
    let player = app.player().await;

    let unknown =
        app.recharge(&player, &DepositUpload::new("20.00").with("country", "XX"), None).await;
    let known =
        app.recharge(&player, &DepositUpload::new("20.00").with("country", "vn"), None).await;

    assert_eq!(unknown.err(), "bad_params");
    assert_eq!(known.assert_ok()["country"], "VN");
    let records = app.get_as(&player, "/api/personal/rechargerecord", "").await;
    assert_eq!(records.assert_ok()["list"][0]["country"], "VN");
}

#[tokio::test]
async fn the_profile_shows_the_frozen_balance_of_a_pending_withdrawal() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("100.00").await;

    let before = app.personal_index(&player.token).await;
    let form = json!({ "method": "bank", "account_id": card,
        "amount": "20.00", "fund_password": crate::support::wallet_support::FUND_PASSWORD });
    app.do_withdraw(&player, form, None).await.assert_ok();
    let after = app.personal_index(&player.token).await;

    assert_eq!(before.assert_ok()["frozen"], "0.00");
    assert_eq!(
        (after.assert_ok()["frozen"].clone(), after.assert_ok()["balance"].clone()),
        (json!("20.00"), json!("80.00"))
    );
    assert_ledger_verifies(&app).await;
}
