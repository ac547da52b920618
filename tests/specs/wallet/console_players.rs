//! The console's player desk (`http::console::players`, issue 33): a player found by id,
//! phone, login name or invite code; his page (as `admin user show`); adjustments with a
//! reason, and above `wallet.adjust_second_approval_above` only on a second staff member's
//! approval; freeze and unfreeze, a temporary password, the fund password cleared, and roles,
//! each behind its permission and audited under the staff member.

use crate::support::console::Console;
use crate::support::helpers::{PASSWORD, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use axum::http::StatusCode;
use fairhall::audit::{self, Filter};
use fairhall::money::Money;
use serde_json::json;

/// Audit records whose action starts with `prefix`, newest first.
async fn audited(app: &TestApp, prefix: &str) -> Vec<audit::Record> {
    let filter = Filter { action_prefix: Some(prefix.into()), limit: 20, ..Filter::default() };
    app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap()
}

fn ids(page: &serde_json::Value) -> Vec<i64> {
    page["list"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn console_player_desk_finds_players_and_shows_their_page_to_readers_only() {
    let app = TestApp::spawn().await;
    let alice = app.created_player_named(Some("alice_good")).await;
    let other = app.player().await;
    app.approved_deposit(&alice, "120.00").await;
    let support = Console::signed_in(&app, "support").await;
    let search = |text: &str| format!("/admin/api/players?q={text}");

    let alice_id: i64 = alice.id.to_string().parse().unwrap();
    let by_id = support.get(&app, &search(&alice.id.to_string())).await;
    assert!(ids(by_id.assert_ok()).contains(&alice_id), "an id also matches phones' digits");
    for text in [alice.phone.as_str(), "ALICE", &alice.invite_code] {
        let found = support.get(&app, &search(text)).await;
        assert_eq!(ids(found.assert_ok()), vec![alice_id], "searched {text:?}");
    }
    let nobody = support.get(&app, &search("zz-nobody")).await;
    assert_eq!(nobody.assert_ok()["total"], 0);
    let everyone = support.get(&app, "/admin/api/players").await;
    let everyone = everyone.assert_ok();
    assert!(ids(everyone).contains(&other.id.to_string().parse::<i64>().unwrap()));
    assert_eq!(everyone["total"].as_i64().unwrap(), ids(everyone).len() as i64);

    let page = support.get(&app, &format!("/admin/api/players/{}", alice.id)).await;
    let page = page.assert_ok();
    assert_eq!(page["account"]["username"], "alice_good");
    assert_eq!(page["balances"]["wallet"], "120.00");
    assert_eq!(page["limits"]["turnover_remaining"], "120.00");
    assert_eq!(page["entries"][0]["kind"], "deposit");
    assert!(!page["logins"].as_array().unwrap().is_empty());
    assert_eq!(page["team"]["levels"].as_array().unwrap().len(), 3);
    let may = &page["may"];
    assert_eq!(
        (&may["adjust"], &may["freeze"], &may["reset_password"], &may["manage_roles"]),
        (&json!(false), &json!(true), &json!(true), &json!(false))
    );
    let missing = support.get(&app, "/admin/api/players/999999").await;
    assert_eq!(missing.err(), "not_found");

    let content = Console::signed_in(&app, "content").await;
    let refused = content.get(&app, &search(&alice.phone)).await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let refused = content.get(&app, &format!("/admin/api/players/{}", alice.id)).await;
    assert_eq!(refused.err(), "no_permission");
}

#[tokio::test]
async fn console_adjustments_need_a_reason_and_the_permission_and_are_audited() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.approved_deposit(&player, "30.00").await;
    let finance = Console::signed_in(&app, "finance").await;
    let support = Console::signed_in(&app, "support").await;
    let path = format!("/admin/api/players/{}/adjust", player.id);

    let refused = support.post(&app, &path, &json!({ "amount": "5.00", "reason": "x" })).await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let blank = finance.post(&app, &path, &json!({ "amount": "5.00", "reason": "  " })).await;
    assert_eq!(blank.err(), "missing_params");
    let zero = finance.post(&app, &path, &json!({ "amount": "0.00", "reason": "x" })).await;
    assert_eq!(zero.err(), "invalid_amount");
    let malformed = finance.post(&app, &path, &json!({ "amount": "5.001", "reason": "x" })).await;
    assert_eq!(malformed.err(), "invalid_amount");
    let overdraw = finance.post(&app, &path, &json!({ "amount": "-30.01", "reason": "x" })).await;
    assert_eq!(overdraw.err(), "insufficient_balance");
    assert_eq!(app.balances_of(&player).await.wallet, money("30.00"), "nothing moved");

    let credit =
        finance.post(&app, &path, &json!({ "amount": "12.50", "reason": "Goodwill" })).await;
    let credit = credit.assert_ok();
    assert_eq!(
        (&credit["state"], &credit["balances"]["wallet"]),
        (&json!("applied"), &json!("42.50"))
    );
    let debit =
        finance.post(&app, &path, &json!({ "amount": "-2.50", "reason": "Double credit" })).await;
    assert_eq!(debit.assert_ok()["balances"]["wallet"], "40.00");
    assert_ledger_verifies(&app).await;

    let records = audited(&app, "wallet.adjust").await;
    let outcomes: Vec<&str> = records.iter().map(|record| record.outcome.as_str()).collect();
    // A request refused at the edge (no reason, a malformed amount) reaches no write and is
    // not recorded; one the wallet refuses (zero, an overdraft) is, as refused.
    assert_eq!(outcomes, ["ok", "ok", "refused", "refused"]);
    let name = finance.get(&app, "/admin/api/session").await.assert_ok()["name"].clone();
    let newest = &records[0];
    assert_eq!(json!(newest.actor), name);
    assert_eq!(newest.target_id.as_deref(), Some(player.id.to_string().as_str()));
    assert_eq!(newest.before.as_ref().unwrap()["balances"]["wallet"], "42.50");
    assert_eq!(newest.after.as_ref().unwrap()["balances"]["wallet"], "40.00");
    assert_eq!(newest.arguments["reason"], "Double credit");
}

#[tokio::test]
async fn console_four_eyes_applies_a_large_adjustment_only_on_a_second_staff_members_approval() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.adjust_second_approval_above = Money::parse("100.00").unwrap();
    })
    .await;
    let player = app.player().await;
    let (first, second) =
        (Console::signed_in(&app, "finance").await, Console::signed_in(&app, "finance").await);
    let adjust = format!("/admin/api/players/{}/adjust", player.id);
    let before = app.balances_of(&player).await;

    let asked =
        first.post(&app, &adjust, &json!({ "amount": "150.00", "reason": "Lost deposit" })).await;
    let asked = asked.assert_ok();
    assert_eq!(asked["state"], "awaiting_second_approval");
    let request = asked["request"]["id"].as_i64().unwrap();
    assert_eq!(app.balances_of(&player).await, before, "a request moves no money");
    let page = first.get(&app, &format!("/admin/api/players/{}", player.id)).await;
    let page = page.assert_ok();
    assert_eq!(page["adjustments_waiting"][0]["id"], request);
    assert_eq!(page["adjust_second_approval_above"], "100.00");

    let at_the_limit =
        first.post(&app, &adjust, &json!({ "amount": "100.00", "reason": "Small fix" })).await;
    assert_eq!(at_the_limit.assert_ok()["state"], "applied", "100.00 is not above");

    let approve = format!("/admin/api/adjustments/{request}/approve");
    let own = first.post(&app, &approve, &json!({})).await;
    assert_eq!(own.err(), "second_approver_needed");
    assert_eq!(app.balances_of(&player).await.wallet, money("100.00"));
    let applied = second.post(&app, &approve, &json!({})).await;
    assert_eq!(applied.assert_ok()["request"]["outcome"], "applied");
    assert_eq!(app.balances_of(&player).await.wallet, money("250.00"));
    let again = second.post(&app, &approve, &json!({})).await;
    assert_eq!(again.err(), "already_reviewed");

    let chargeback = json!({ "amount": "-200.00", "reason": "Chargeback" });
    let debit = first.post(&app, &adjust, &chargeback).await;
    let cancel = debit.assert_ok()["request"]["id"].as_i64().unwrap();
    let cancelled =
        first.post(&app, &format!("/admin/api/adjustments/{cancel}/cancel"), &json!({})).await;
    assert_eq!(cancelled.assert_ok()["request"]["outcome"], "cancelled");
    let late_path = format!("/admin/api/adjustments/{cancel}/approve");
    let late = second.post(&app, &late_path, &json!({})).await;
    assert_eq!(late.err(), "already_reviewed");
    assert_eq!(app.balances_of(&player).await.wallet, money("250.00"));
    assert_ledger_verifies(&app).await;

    let approvals = audited(&app, "wallet.approve-adjustment").await;
    let outcomes: Vec<&str> = approvals.iter().map(|record| record.outcome.as_str()).collect();
    assert_eq!(outcomes, ["refused", "refused", "ok", "refused"]);
    let applied_record = &approvals[2];
    assert_eq!(applied_record.before.as_ref().unwrap()["wallet"]["balances"]["wallet"], "100.00");
    assert_eq!(applied_record.after.as_ref().unwrap()["request"]["outcome"], "applied");
}

#[tokio::test]
async fn console_freeze_passwords_and_roles_act_on_the_player_behind_their_permissions() {
    let app = TestApp::spawn_with(|config| {
        let manager = vec!["staff:member:manage".to_string(), "player:account:read".to_string()];
        config.console.roles.insert("manager".into(), manager);
    })
    .await;
    let player = app.player().await;
    let support = Console::signed_in(&app, "support").await;
    let path = |verb: &str| format!("/admin/api/players/{}/{verb}", player.id);

    let no_reason = support.post(&app, &path("freeze"), &json!({})).await;
    assert_eq!(no_reason.err(), "missing_params");
    support.post(&app, &path("freeze"), &json!({ "reason": "Chargeback fraud" })).await.assert_ok();
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "account_frozen");
    assert_ne!(app.personal_index(&player.token).await.code(), 1, "his session ended");
    support.post(&app, &path("unfreeze"), &json!({})).await.assert_ok();
    app.login(&player.phone, PASSWORD).await.assert_ok();

    let reset = support.post(&app, &path("password"), &json!({})).await;
    let temporary = reset.assert_ok()["password"].as_str().unwrap().to_string();
    assert_eq!(temporary.len(), 12);
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "login_failed");
    app.login(&player.phone, &temporary).await.assert_ok();
    support.post(&app, &path("fund-password/clear"), &json!({})).await.assert_ok();
    let records = audited(&app, "user.reset-password").await;
    assert_eq!(records[0].arguments["password"], audit::MASK, "the password is never logged");
    assert!(!serde_json::to_string(&records[0]).unwrap().contains(&temporary));

    let roles = path("roles");
    let refused = support.post(&app, &roles, &json!({ "role": "support", "change": "add" })).await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let manager = Console::signed_in(&app, "manager").await;
    let above = manager.post(&app, &roles, &json!({ "role": "admin", "change": "add" })).await;
    assert_eq!(above.err(), "no_permission", "no one gives more than he holds");
    let finance = manager.post(&app, &roles, &json!({ "role": "finance", "change": "add" })).await;
    assert_eq!(finance.err(), "no_permission");
    let bad = manager.post(&app, &roles, &json!({ "role": "a b", "change": "add" })).await;
    assert_eq!(bad.err(), "bad_params");
    let admin = Console::signed_in(&app, "admin").await;
    let given = admin.post(&app, &roles, &json!({ "role": "finance", "change": "add" })).await;
    assert_eq!(given.assert_ok()["roles"], json!(["finance"]));
    let taken = admin.post(&app, &roles, &json!({ "role": "finance", "change": "remove" })).await;
    assert_eq!(taken.assert_ok()["roles"], json!([]));

    let actions: Vec<String> =
        audited(&app, "user.").await.into_iter().map(|record| record.action).collect();
    for action in ["user.freeze", "user.unfreeze", "user.reset-fund-password", "user.role.add"] {
        assert!(actions.contains(&action.to_string()), "{action} in {actions:?}");
    }
}
