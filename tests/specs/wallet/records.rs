//! The player's records: account changes (every posting on their accounts), deposits and
//! withdrawals, newest first, paged and filtered.

use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, withdrawal_form};
use fairhall::wallet::withdrawals::Decision;
use serde_json::{Value, json};

const CHANGES: &str = "/api/personal/accountchangerecord";

/// The `field` of each listed record.
fn column(page: &Value, field: &str) -> Vec<Value> {
    page["list"].as_array().expect("a list").iter().map(|record| record[field].clone()).collect()
}

async fn changes(app: &TestApp, player: &Player, query: &str) -> Value {
    app.get_as(player, CHANGES, query).await.assert_ok().clone()
}

#[tokio::test]
async fn account_changes_list_every_posting_newest_first() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("100.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "30" }), None).await.assert_ok();
    app.credit_with_reason(&player, "5.00", " goodwill ").await;
    let withdrawal = app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await;
    let withdrawal = withdrawal.assert_ok()["id"].clone();
    let deposit = app.get_as(&player, "/api/personal/rechargerecord", "").await.assert_ok()["list"]
        [0]["id"]
        .clone();

    let page = changes(&app, &player, "").await;

    let rows: Vec<(Value, Value, Value, Value, Value)> = page["list"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|change| {
            let field = |name: &str| change[name].clone();
            (
                field("account"),
                field("kind"),
                field("amount"),
                field("balance_after"),
                field("memo"),
            )
        })
        .collect();
    let row = |account: &str, kind: &str, amount: &str, after: &str, memo: &str| {
        (json!(account), json!(kind), json!(amount), json!(after), json!(memo))
    };
    assert_eq!(
        rows,
        [
            row("frozen", "withdraw_hold", "20.00", "20.00", ""),
            row("wallet", "withdraw_hold", "-20.00", "55.00", ""),
            row("wallet", "adjust", "5.00", "75.00", "goodwill"),
            row("game", "transfer", "30.00", "30.00", ""),
            row("wallet", "transfer", "-30.00", "70.00", ""),
            row("wallet", "deposit", "100.00", "100.00", ""),
        ]
    );
    assert_eq!(
        column(&page, "reference"),
        [
            json!(format!("withdrawal:{withdrawal}")),
            json!(format!("withdrawal:{withdrawal}")),
            json!("operator"),
            json!(format!("conversion:{}", player.id)),
            json!(format!("conversion:{}", player.id)),
            json!(format!("deposit:{deposit}")),
        ]
    );
    assert_eq!((&page["total"], &page["page"], &page["limit"]), (&json!(6), &json!(1), &json!(20)));
    assert_eq!(page["list"][0]["created_at"], app.now());
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn account_changes_are_paged_also_through_trailing_segments() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    for cents in 1..=7 {
        app.credit(&player, &format!("0.0{cents}")).await;
    }

    let first = changes(&app, &player, "page=1&limit=3").await;
    let last = changes(&app, &player, "page=3&limit=3").await;
    let beyond = changes(&app, &player, "page=4&limit=3").await;
    let compat = app.get(&format!("{CHANGES}/page/2/limit/5/token/{}", player.token), None).await;

    assert_eq!(column(&first, "amount"), [json!("0.07"), json!("0.06"), json!("0.05")]);
    assert_eq!((&first["total"], &first["limit"]), (&json!(7), &json!(3)));
    assert_eq!(column(&last, "amount"), [json!("0.01")]);
    assert_eq!(column(&beyond, "amount"), Vec::<Value>::new());
    let compat = compat.assert_ok();
    assert_eq!(column(compat, "amount"), [json!("0.02"), json!("0.01")]);
    assert_eq!(
        (&compat["page"], &compat["limit"], &compat["total"]),
        (&json!(2), &json!(5), &json!(7))
    );
    assert_eq!(column(&last, "balance_after"), [json!("0.01")]);
    assert_eq!(first["list"][0]["balance_after"], "0.28");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn account_changes_filter_by_account_kind_and_time() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let start = app.now();
    app.credit(&player, "10.00").await;
    app.clock.advance(100);
    app.conversion(&player, json!({ "from": "balance", "amount": "4" }), None).await.assert_ok();
    app.clock.advance(100);
    app.credit(&player, "1.00").await;
    let (middle, end) = (start + 100, start + 200);

    let cases = [
        ("the game account", "account=game".to_string(), vec!["4.00"]),
        ("adjustments", "kind=adjust".to_string(), vec!["1.00", "10.00"]),
        ("wallet transfers", "account=wallet&kind=transfer".to_string(), vec!["-4.00"]),
        ("from the middle on", format!("from={middle}"), vec!["1.00", "4.00", "-4.00"]),
        ("before the middle", format!("to={middle}"), vec!["10.00"]),
        ("the middle only", format!("from={middle}&to={end}"), vec!["4.00", "-4.00"]),
        ("a later time", format!("from={}", end + 1), vec![]),
        ("frozen", "account=frozen".to_string(), vec![]),
    ];

    for (description, query, amounts) in cases {
        let page = changes(&app, &player, &query).await;
        let expected: Vec<Value> = amounts.iter().map(|amount| json!(amount)).collect();
        assert_eq!(column(&page, "amount"), expected, "{description}");
        assert_eq!(page["total"], expected.len(), "{description}");
    }
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_record_filters_are_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        ("an unknown account", CHANGES, "account=bank"),
        ("an unknown kind", CHANGES, "kind=gift"),
        ("a kind in capitals", CHANGES, "kind=DEPOSIT"),
        ("a word as a time", CHANGES, "from=yesterday"),
        ("a fractional time", CHANGES, "to=1.5"),
        ("page zero", CHANGES, "page=0"),
        ("a word as a page", CHANGES, "page=two"),
        ("a limit of 101", CHANGES, "limit=101"),
        ("a limit of zero", CHANGES, "limit=0"),
        ("a negative limit", CHANGES, "limit=-5"),
        ("an unknown deposit status", "/api/personal/rechargerecord", "status=approved"),
        ("a deposit limit of 101", "/api/personal/rechargerecord", "limit=101"),
        ("an unknown withdrawal status", "/api/personal/withdrawlsrecord", "status=done"),
        ("a withdrawal page of zero", "/api/personal/withdrawlsrecord", "page=0"),
    ];

    for (description, path, query) in cases {
        let reply = app.get_as(&player, path, query).await;
        assert_eq!(reply.err(), "bad_params", "{description}: {reply:?}");
    }

    let hundred = app.get_as(&player, CHANGES, "limit=100").await;
    assert_eq!(hundred.assert_ok()["limit"], 100);
}

#[tokio::test]
async fn deposit_records_filter_by_status() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let passed = app.approved_deposit(&player, "10.00").await;
    let rejected = app.requested_deposit(&player, "20.00").await;
    app.review_deposit(rejected, Some("unreadable")).await.expect("rejected");
    let pending = app.requested_deposit(&player, "30.00").await;

    let cases = [
        ("", vec![pending, rejected, passed]),
        ("status=pending", vec![pending]),
        ("status=passed", vec![passed]),
        ("status=rejected", vec![rejected]),
        ("page=2&limit=2", vec![passed]),
    ];
    for (query, ids) in cases {
        let page = app.get_as(&player, "/api/personal/rechargerecord", query).await;
        let expected: Vec<Value> = ids.iter().map(|id| json!(id)).collect();
        assert_eq!(column(page.assert_ok(), "id"), expected, "{query}");
    }
    let others = app.player().await;
    let theirs = app.get_as(&others, "/api/personal/rechargerecord", "").await;
    assert_eq!(theirs.assert_ok()["total"], 0, "a player sees only their own deposits");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn withdrawal_records_filter_by_status() {
    let app =
        TestApp::spawn_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 10).await;
    let (player, card) = app.withdrawer("100.00").await;
    let mut ids = Vec::new();
    for amount in ["10.00", "11.00", "12.00", "13.00"] {
        let reply = app.do_withdraw(&player, withdrawal_form(card, amount), None).await;
        ids.push(reply.assert_ok()["id"].as_i64().expect("an id"));
    }
    app.review_withdrawal(ids[0], Decision::Pass, "").await.expect("paid");
    app.review_withdrawal(ids[1], Decision::Fail, "bounced").await.expect("failed");
    app.review_withdrawal(ids[2], Decision::Reject, "no").await.expect("rejected");

    let cases = [
        ("", vec![ids[3], ids[2], ids[1], ids[0]]),
        ("status=pending", vec![ids[3]]),
        ("status=passed", vec![ids[0]]),
        ("status=failed", vec![ids[1]]),
        ("status=rejected", vec![ids[2]]),
        ("limit=1&page=2", vec![ids[2]]),
    ];
    for (query, expected) in cases {
        let page = app.get_as(&player, "/api/personal/withdrawlsrecord", query).await;
        let expected: Vec<Value> = expected.iter().map(|id| json!(id)).collect();
        assert_eq!(column(page.assert_ok(), "id"), expected, "{query}");
    }
    let others = app.player().await;
    let theirs = app.get_as(&others, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(theirs.assert_ok()["total"], 0, "a player sees only their own withdrawals");
    assert_eq!(changes(&app, &others, "").await["total"], 0);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn records_need_a_session() {
    let app = TestApp::spawn().await;

    app.get(CHANGES, None).await.assert_login_required();
    app.get(&format!("{CHANGES}/token/unknown"), None).await.assert_login_required();
}
