//! The console's audit log (`http::console::audit_log`, issue 34's first screen's API): newest
//! first, 50 a page, narrowed by actor, action, target, one player's records together and the
//! hall's days; only for `audit:log:read`.

use crate::support::console::Console;
use crate::support::helpers::TestApp;
use crate::support::wallet_support::WalletApp;
use axum::http::StatusCode;
use fairhall::audit::{self, Actor, CommandEnd, Entry, Origin, OsIdentity};
use serde_json::{Value, json};

fn actions(page: &Value) -> Vec<String> {
    let list = page["list"].as_array().unwrap();
    list.iter().map(|record| record["action"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn console_audit_log_narrows_to_one_players_records_and_pages_newest_first() {
    let app = TestApp::spawn().await;
    let (alice, bob) = (app.player().await, app.player().await);
    let deposit = app.requested_deposit(&alice, "40.00").await;
    let finance = Console::signed_in(&app, "finance").await;
    let support = Console::signed_in(&app, "support").await;
    let adjust = |id: &fairhall::ids::UserId| format!("/admin/api/players/{id}/adjust");
    finance
        .post(&app, &adjust(&alice.id), &json!({ "amount": "5.00", "reason": "Goodwill" }))
        .await
        .assert_ok();
    finance
        .post(&app, &format!("/admin/api/deposits/{deposit}/approve"), &json!({}))
        .await
        .assert_ok();
    let freeze = format!("/admin/api/players/{}/freeze", bob.id);
    support.post(&app, &freeze, &json!({ "reason": "Chargeback" })).await.assert_ok();

    let refused = support.get(&app, "/admin/api/audit").await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let all = finance.get(&app, "/admin/api/audit").await;
    assert_eq!(actions(all.assert_ok()), ["user.freeze", "deposit.approve", "wallet.adjust"]);
    let alices = finance.get(&app, &format!("/admin/api/audit?player={}", alice.phone)).await;
    assert_eq!(actions(alices.assert_ok()), ["deposit.approve", "wallet.adjust"]);
    let bobs = finance.get(&app, &format!("/admin/api/audit?player={}", bob.id)).await;
    assert_eq!(actions(bobs.assert_ok()), ["user.freeze"]);
    let by_action = finance.get(&app, "/admin/api/audit?action=deposit.").await;
    assert_eq!(actions(by_action.assert_ok()), ["deposit.approve"]);
    let by_target =
        finance.get(&app, &format!("/admin/api/audit?target=wallet:{}", alice.id)).await;
    assert_eq!(actions(by_target.assert_ok()), ["wallet.adjust"]);
    let name = support.get(&app, "/admin/api/session").await.assert_ok()["name"].clone();
    let by_actor =
        finance.get(&app, &format!("/admin/api/audit?actor={}", name.as_str().unwrap())).await;
    assert_eq!(actions(by_actor.assert_ok()), ["user.freeze"]);
    let record = &all.assert_ok()["list"][2];
    assert_eq!(record["before"]["balances"]["wallet"], "0.00");
    assert_eq!(record["after"]["balances"]["wallet"], "5.00");
    assert!(all.assert_ok()["kinds"].as_array().unwrap().contains(&json!("adjustment")));

    let today = app.now().to_datetime().unwrap().format("%Y-%m-%d").to_string();
    let dated = finance.get(&app, &format!("/admin/api/audit?since={today}&until={today}")).await;
    assert_eq!(actions(dated.assert_ok()).len(), 3);
    let later = finance.get(&app, "/admin/api/audit?since=2999-01-01").await;
    assert_eq!(actions(later.assert_ok()).len(), 0);
    for bad in ["target=nothing", "since=yesterday", "before=x"] {
        let reply = finance.get(&app, &format!("/admin/api/audit?{bad}")).await;
        assert_eq!(reply.err(), "bad_params", "{bad}");
    }
}

/// A page holds 50 records; the next one starts before its oldest, and the last says so.
#[tokio::test]
async fn console_audit_log_pages_by_the_oldest_record_shown() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let finance = Console::signed_in(&app, "finance").await;
    let adjust = format!("/admin/api/players/{}/adjust", player.id);
    finance
        .post(&app, &adjust, &json!({ "amount": "5.00", "reason": "Goodwill" }))
        .await
        .assert_ok();
    let now = app.now();
    app.db
        .write(move |tx| {
            for n in 0..60 {
                let entry = Entry {
                    actor: Actor::parse("ops").unwrap(),
                    origin: Origin::Shell(OsIdentity { uid: 0, sudo_user: None, logname: None }),
                    action: format!("room.update{n}"),
                    target_kind: "room".into(),
                    target_id: Some("wingo1".into()),
                    arguments: json!({}),
                    before: None,
                    after: None,
                    outcome: CommandEnd::Ok,
                };
                audit::record(tx, &entry, now)?;
            }
            Ok(())
        })
        .await
        .unwrap();
    let first = finance.get(&app, "/admin/api/audit").await;
    let first = first.assert_ok();
    assert_eq!(actions(first).len(), 50);
    assert_eq!(actions(first)[0], "room.update59");
    let before = first["next_before"].as_i64().expect("a next page");
    let second = finance.get(&app, &format!("/admin/api/audit?before={before}")).await;
    let second = second.assert_ok();
    assert_eq!(actions(second).len(), 11);
    assert_eq!(actions(second)[10], "wallet.adjust");
    assert_eq!(second["next_before"], Value::Null);
}
