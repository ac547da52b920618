//! The console's withdrawal desk (`http::console::withdrawals`, issue 33): the queue oldest
//! first with each withdrawal's player, age and links, one withdrawal with the player's
//! balances and turnover left, the whole payout account only for `wallet:card:read` (each read
//! audited before it is shown), pay / reject / fail as the signed-in staff member, and the
//! four-eyes rule: above `wallet.withdraw_second_approval_above` a withdrawal is paid only by
//! a second reviewer, and the first approval moves no money.

use crate::support::console::Console;
use crate::support::helpers::TestApp;
use crate::support::wallet_support::{
    WalletApp, assert_ledger_verifies, card_number_of, money, withdrawal_form,
};
use axum::http::StatusCode;
use fairhall::audit::{self, Filter};
use fairhall::money::Money;
use serde_json::json;

/// Audit records whose action starts with `prefix`, newest first.
async fn audited(app: &TestApp, prefix: &str) -> Vec<audit::Record> {
    let filter = Filter { action_prefix: Some(prefix.into()), limit: 20, ..Filter::default() };
    app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap()
}

#[tokio::test]
async fn console_withdrawal_desk_shows_the_queue_the_turnover_and_the_card_only_to_readers() {
    let app = TestApp::spawn_with(|config| {
        let reviewer = vec!["wallet:withdrawal:review".to_string()];
        config.console.roles.insert("payer".into(), reviewer);
    })
    .await;
    let (player, card) = app.withdrawer("300.00").await;
    let first = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;
    let first = first.assert_ok()["id"].as_i64().unwrap();
    app.clock.advance(120);
    let second = app.do_withdraw(&player, withdrawal_form(card, "50.00"), None).await;
    let second = second.assert_ok()["id"].as_i64().unwrap();
    let finance = Console::signed_in(&app, "finance").await;
    let payer = Console::signed_in(&app, "payer").await;

    let page = finance.get(&app, "/admin/api/withdrawals").await;
    let page = page.assert_ok();
    let list = page["list"].as_array().unwrap();
    let ids: Vec<i64> = list.iter().map(|row| row["id"].as_i64().unwrap()).collect();
    assert_eq!((page["total"].as_i64(), ids), (Some(2), vec![first, second]));
    assert_eq!(list[0]["player"], player.phone.as_str());
    assert!(list[0]["age_secs"].as_i64().unwrap() >= 120);
    assert_eq!(list[0]["linked"], "-");
    assert_eq!(list[0]["second_approval_needed"], false);
    let queues = finance.get(&app, "/admin/api/queues").await;
    assert_eq!(queues.assert_ok()["withdrawals"]["waiting"], 2);

    let detail = finance.get(&app, &format!("/admin/api/withdrawals/{first}")).await;
    let detail = detail.assert_ok();
    assert_eq!(detail["withdrawal"]["account"].as_str().unwrap(), "VCB ****7890");
    assert_eq!(detail["balances"]["frozen"], "150.00");
    assert_eq!(detail["balances"]["wallet"], "150.00");
    assert_eq!(detail["turnover_remaining"], "0.00");
    assert_eq!(detail["links"], json!({ "payout_accounts": [], "addresses": [] }));
    assert_eq!(detail["may_read_pay_to"], true);
    assert_eq!(detail["recent_deposits"].as_array().unwrap().len(), 1);
    assert_eq!(detail["recent_withdrawals"].as_array().unwrap().len(), 2);

    // The whole card number: recorded in the audit log under the reader, then shown.
    assert!(audited(&app, "withdraw.show").await.is_empty());
    let pay_to = finance.get(&app, &format!("/admin/api/withdrawals/{first}/pay-to")).await;
    assert_eq!(pay_to.assert_ok()["bank"]["card_no"], card_number_of(player.id).as_str());
    let reads = audited(&app, "withdraw.show").await;
    let [read] = &reads[..] else { panic!("one read: {reads:?}") };
    assert_eq!(read.target_id.as_deref(), Some(first.to_string().as_str()));
    assert!(read.os_identity["console"]["session_id"].as_i64().is_some(), "{read:?}");

    // A reviewer without wallet:card:read sees the masked account only, and no read is made.
    let masked = payer.get(&app, &format!("/admin/api/withdrawals/{first}")).await;
    assert_eq!(masked.assert_ok()["may_read_pay_to"], false);
    let refused = payer.get(&app, &format!("/admin/api/withdrawals/{first}/pay-to")).await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    assert_eq!(audited(&app, "withdraw.show").await.len(), 1);
    let support = Console::signed_in(&app, "support").await;
    let queue = support.get(&app, "/admin/api/withdrawals").await;
    assert_eq!((queue.status, queue.err()), (StatusCode::FORBIDDEN, "no_permission"));
}

#[tokio::test]
async fn console_withdrawal_pay_reject_and_fail_move_the_held_money_and_are_audited() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("300.00").await;
    let mut ids = Vec::new();
    for amount in ["100.00", "50.00", "20.00"] {
        let reply = app.do_withdraw(&player, withdrawal_form(card, amount), None).await;
        ids.push(reply.assert_ok()["id"].as_i64().unwrap());
    }
    let console = Console::signed_in(&app, "finance").await;
    let path = |id: i64, verb: &str| format!("/admin/api/withdrawals/{id}/{verb}");

    let paid = console.post(&app, &path(ids[0], "approve"), &json!({})).await;
    assert_eq!(paid.assert_ok()["withdrawal"]["status"], "passed");
    let blank = console.post(&app, &path(ids[1], "reject"), &json!({ "reason": " " })).await;
    assert_eq!(blank.err(), "missing_params");
    let rejected =
        console.post(&app, &path(ids[1], "reject"), &json!({ "reason": "Name differs" })).await;
    assert_eq!(rejected.assert_ok()["withdrawal"]["reason"], "Name differs");
    let failed = console.post(&app, &path(ids[2], "fail"), &json!({ "reason": "Bank down" })).await;
    assert_eq!(failed.assert_ok()["withdrawal"]["status"], "failed");
    let again = console.post(&app, &path(ids[0], "approve"), &json!({})).await;
    assert_eq!(again.err(), "already_reviewed");

    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.frozen), (money("200.00"), Money::ZERO));
    assert_ledger_verifies(&app).await;
    let records = audited(&app, "withdraw.").await;
    let actions: Vec<(&str, &str)> =
        records.iter().map(|record| (record.action.as_str(), record.outcome.as_str())).collect();
    assert_eq!(
        actions,
        [
            ("withdraw.approve", "refused"),
            ("withdraw.fail", "ok"),
            ("withdraw.reject", "ok"),
            ("withdraw.approve", "ok"),
        ]
    );
}

#[tokio::test]
async fn console_four_eyes_pays_a_large_withdrawal_only_on_a_second_reviewers_approval() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.withdraw_second_approval_above = Money::parse("50.00").unwrap();
    })
    .await;
    let (player, card) = app.withdrawer("300.00").await;
    let large = app.do_withdraw(&player, withdrawal_form(card, "100.00"), None).await;
    let large = large.assert_ok()["id"].as_i64().unwrap();
    let small = app.do_withdraw(&player, withdrawal_form(card, "50.00"), None).await;
    let small = small.assert_ok()["id"].as_i64().unwrap();
    let (first, second) =
        (Console::signed_in(&app, "finance").await, Console::signed_in(&app, "finance").await);
    let approve = |id: i64| format!("/admin/api/withdrawals/{id}/approve");
    let held = app.balances_of(&player).await;

    let once = first.post(&app, &approve(large), &json!({})).await;
    let once = &once.assert_ok()["withdrawal"];
    assert_eq!(
        (once["status"].as_str(), once["second_approval_needed"].as_bool()),
        (Some("pending"), Some(true))
    );
    let first_name = first.get(&app, "/admin/api/session").await.assert_ok()["name"].clone();
    assert_eq!(once["first_approval"]["approved_by"], first_name);
    assert_eq!(app.balances_of(&player).await, held, "a first approval moves no money");

    let twice = first.post(&app, &approve(large), &json!({})).await;
    assert_eq!(twice.err(), "second_approver_needed");
    assert_eq!(app.balances_of(&player).await, held);

    let paid = second.post(&app, &approve(large), &json!({})).await;
    assert_eq!(paid.assert_ok()["withdrawal"]["status"], "passed");
    let at_the_limit = first.post(&app, &approve(small), &json!({})).await;
    assert_eq!(at_the_limit.assert_ok()["withdrawal"]["status"], "passed", "50.00 is not above");
    assert_eq!(app.balances_of(&player).await.frozen, Money::ZERO);
    assert_ledger_verifies(&app).await;

    // Both approvals are in the audit log; the first changed only the approval.
    let records = audited(&app, "withdraw.approve").await;
    let first_record = records.last().unwrap();
    assert_eq!(first_record.before.as_ref().unwrap()["first_approval"], json!(null));
    assert_eq!(first_record.after.as_ref().unwrap()["first_approval"]["approved_by"], first_name);
    assert_eq!(first_record.after.as_ref().unwrap()["status"], "pending");
}
