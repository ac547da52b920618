//! The console's deposit desk (`http::console::deposits`, issue 33): the queue oldest first
//! with each deposit's player and age, one deposit with its voucher and the player's recent
//! deposits and withdrawals, and its review as the signed-in staff member, recorded in the
//! audit log with the console as the origin, refusals included.

use crate::support::console::Console;
use crate::support::helpers::TestApp;
use crate::support::wallet_support::{PNG, WalletApp, money};
use axum::http::StatusCode;
use fairhall::audit::{self, Filter};
use serde_json::json;

#[tokio::test]
async fn console_deposit_queue_lists_pending_deposits_oldest_first_with_their_age() {
    let app = TestApp::spawn().await;
    let (first, second) = (app.player().await, app.player().await);
    let older = app.requested_deposit(&first, "100.00").await;
    app.clock.advance(300);
    let newer = app.requested_deposit(&second, "250.00").await;
    app.approved_deposit(&second, "10.00").await;
    app.clock.advance(60);
    let console = Console::signed_in(&app, "support").await;

    let queue = console.get(&app, "/admin/api/deposits").await;
    let page = queue.assert_ok();
    assert_eq!((page["total"].as_i64(), page["page"].as_i64()), (Some(2), Some(1)));
    let list = page["list"].as_array().unwrap();
    assert_eq!(
        list.iter().map(|row| row["id"].as_i64().unwrap()).collect::<Vec<_>>(),
        [older, newer]
    );
    assert_eq!(list[0]["player"], first.phone.as_str());
    assert_eq!(list[0]["amount"], "100.00");
    assert_eq!(list[0]["has_voucher"], true);
    assert_eq!(list[0]["age_secs"].as_i64().unwrap(), 360 + 30, "with the staff fixture's step");
    let queues = console.get(&app, "/admin/api/queues").await;
    assert_eq!(queues.assert_ok()["deposits"], json!({ "waiting": 2, "oldest_age_secs": 390 }));

    let detail = console.get(&app, &format!("/admin/api/deposits/{newer}")).await;
    let detail = detail.assert_ok();
    assert_eq!(detail["deposit"]["id"].as_i64(), Some(newer));
    let recent = detail["recent_deposits"].as_array().unwrap();
    assert_eq!(recent.len(), 2, "the player's own deposits, newest first");
    assert_eq!(recent[0]["status"], "passed");
    assert_eq!(detail["recent_withdrawals"], json!([]));

    let voucher = console.get(&app, &format!("/admin/api/deposits/{older}/voucher")).await;
    assert_eq!((voucher.status, voucher.header("content-type")), (StatusCode::OK, "image/png"));
    assert_eq!(&voucher.bytes[..], PNG);
    let unknown = console.get(&app, "/admin/api/deposits/999/voucher").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn console_deposit_approval_credits_the_player_and_is_audited_under_the_staff_member() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let id = app.requested_deposit(&player, "100.00").await;
    let console = Console::signed_in(&app, "support").await;

    let approved =
        console.post(&app, &format!("/admin/api/deposits/{id}/approve"), &json!({})).await;
    assert_eq!(approved.assert_ok()["deposit"]["status"], "passed");
    assert_eq!(app.balances_of(&player).await.wallet, money("100.00"));

    let again = console.post(&app, &format!("/admin/api/deposits/{id}/approve"), &json!({})).await;
    assert_eq!(again.code(), 0, "a reviewed deposit is not reviewed twice: {again:?}");
    assert_eq!(app.balances_of(&player).await.wallet, money("100.00"));

    let filter = Filter { action_prefix: Some("deposit.".into()), limit: 10, ..Filter::default() };
    let records = app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap();
    let [refused, done] = &records[..] else { panic!("two records: {records:?}") };
    let staff_name = console.get(&app, "/admin/api/session").await.assert_ok()["name"].clone();
    for record in [done, refused] {
        assert_eq!(
            (record.action.as_str(), record.actor.as_str()),
            ("deposit.approve", staff_name.as_str().unwrap())
        );
        assert_eq!(record.target_id.as_deref(), Some(id.to_string().as_str()));
        let origin = &record.os_identity["console"];
        assert_eq!(
            origin["staff_id"].as_i64(),
            Some(console.staff.user_id.to_string().parse::<i64>().unwrap())
        );
        assert!(origin["session_id"].as_i64().is_some(), "{origin}");
    }
    assert_eq!(done.outcome, "ok");
    assert_eq!(done.before.as_ref().unwrap()["status"], "pending");
    assert_eq!(done.after.as_ref().unwrap()["status"], "passed");
    assert_eq!(refused.outcome, "refused");
}

#[tokio::test]
async fn console_deposit_rejection_needs_the_reason_the_player_reads() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let id = app.requested_deposit(&player, "100.00").await;
    let console = Console::signed_in(&app, "support").await;
    let path = format!("/admin/api/deposits/{id}/reject");

    let missing = console.post(&app, &path, &json!({ "reason": "  " })).await;
    assert_eq!(missing.err(), "missing_params");
    let long = console.post(&app, &path, &json!({ "reason": "x".repeat(201) })).await;
    assert_eq!(long.err(), "text_too_long");
    let pending = console.get(&app, &format!("/admin/api/deposits/{id}")).await;
    assert_eq!(pending.assert_ok()["deposit"]["status"], "pending", "nothing changed");

    let rejected = console.post(&app, &path, &json!({ "reason": "The voucher is blurred" })).await;
    let deposit = &rejected.assert_ok()["deposit"];
    assert_eq!(
        (deposit["status"].as_str(), deposit["reason"].as_str()),
        (Some("rejected"), Some("The voucher is blurred"))
    );
    let failed = console
        .post(&app, &format!("/admin/api/deposits/{id}/fail"), &json!({ "reason": "late" }))
        .await;
    assert_eq!(failed.code(), 0, "{failed:?}");
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
}
