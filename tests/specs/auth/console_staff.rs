//! The console's staff page (`http::console::staff_members`, issue 33): a new member made in
//! the browser (his passphrase, the enrolment shown once, confirmed with his first code, then
//! his own sign-in), disabled, and given a new second factor; only by `staff:member:manage`
//! and only for roles the manager could give himself, each audited under him.

use crate::support::console::{Console, PASSPHRASE, StaffAccount, secret_of, sign_in_reply};
use crate::support::helpers::TestApp;
use axum::http::StatusCode;
use fairhall::audit::{self, Filter};
use fairhall::auth::staff::totp::{code_at, step_at};
use serde_json::json;

async fn audited(app: &TestApp, prefix: &str) -> Vec<audit::Record> {
    let filter = Filter { action_prefix: Some(prefix.into()), limit: 20, ..Filter::default() };
    app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap()
}

#[tokio::test]
async fn console_staff_page_makes_a_member_who_confirms_and_signs_in() {
    let app = TestApp::spawn().await;
    let admin = Console::signed_in(&app, "admin").await;
    let player = app.created_player_named(Some("mai_support")).await;
    let form = json!({ "user": "mai_support", "role": "support", "passphrase": PASSPHRASE });

    let created = admin.post(&app, "/admin/api/staff", &form).await;
    let enrolment = created.assert_ok();
    assert_eq!(enrolment["user_id"].to_string(), player.id.to_string());
    assert_eq!(enrolment["recovery_codes"].as_array().unwrap().len(), 10);
    let again = admin.post(&app, "/admin/api/staff", &form).await;
    assert_eq!(again.err(), "staff_exists");
    let secret = secret_of(enrolment["otpauth_uri"].as_str().unwrap());
    let sign_in =
        |code: String| json!({ "account": "mai_support", "passphrase": PASSPHRASE, "code": code });
    let early = sign_in_reply(&app, &sign_in(code_at(&secret, step_at(app.now())).unwrap())).await;
    assert_eq!(early.code(), 0, "not enrolled yet: {early:?}");

    let confirm = format!("/admin/api/staff/{}/confirm", player.id);
    let wrong = admin.post(&app, &confirm, &json!({ "code": "000000" })).await;
    assert_eq!(wrong.err(), "invalid_code");
    let code = code_at(&secret, step_at(app.now())).unwrap();
    let confirmed = admin.post(&app, &confirm, &json!({ "code": code })).await;
    assert_eq!(confirmed.assert_ok()["member"]["enrolled"], true);
    app.clock.advance(30);
    let signed_in =
        sign_in_reply(&app, &sign_in(code_at(&secret, step_at(app.now())).unwrap())).await;
    assert_eq!(signed_in.assert_ok()["role"], "support");

    let page = admin.get(&app, "/admin/api/staff").await;
    let page = page.assert_ok();
    let names: Vec<&str> =
        page["list"].as_array().unwrap().iter().map(|row| row["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"mai_support"), "{names:?}");
    assert_eq!(page["roles"], json!(["admin", "content", "finance", "support"]));
    let records = audited(&app, "staff.").await;
    let actions: Vec<(&str, &str)> =
        records.iter().map(|record| (record.action.as_str(), record.outcome.as_str())).collect();
    assert_eq!(
        actions,
        [
            ("staff.confirm", "ok"),
            ("staff.confirm", "refused"),
            ("staff.create", "refused"),
            ("staff.create", "ok")
        ]
    );
    assert_eq!(records[3].arguments["passphrase"], audit::MASK);
}

#[tokio::test]
async fn console_staff_managers_reach_no_role_above_their_own() {
    let app = TestApp::spawn_with(|config| {
        let manager = vec!["staff:member:manage".to_string(), "wallet:deposit:review".to_string()];
        config.console.roles.insert("manager".into(), manager);
        config.console.roles.insert("reviewer".into(), vec!["wallet:deposit:review".into()]);
    })
    .await;
    let manager = Console::signed_in(&app, "manager").await;
    let support = Console::signed_in(&app, "support").await;
    let finance = StaffAccount::create(&app, "finance").await;
    let reviewer = StaffAccount::create(&app, "reviewer").await;
    let player = app.player().await;

    let list = support.get(&app, "/admin/api/staff").await;
    assert_eq!((list.status, list.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let page = manager.get(&app, "/admin/api/staff").await;
    assert_eq!(page.assert_ok()["roles"], json!(["manager", "reviewer"]));
    for role in ["finance", "admin"] {
        let form = json!({ "user": player.phone, "role": role, "passphrase": PASSPHRASE });
        let refused = manager.post(&app, "/admin/api/staff", &form).await;
        assert_eq!(refused.err(), "no_permission", "{role}");
    }
    let reset = |id: &fairhall::ids::UserId| format!("/admin/api/staff/{id}/reset");
    let above = manager.post(&app, &reset(&finance.user_id), &json!({})).await;
    assert_eq!(above.err(), "no_permission", "a reset would hand him finance's new secret");
    let disable = format!("/admin/api/staff/{}/disable", finance.user_id);
    let above = manager.post(&app, &disable, &json!({ "reason": "x" })).await;
    assert_eq!(above.err(), "no_permission");

    // Within his reach: a reviewer's reset ends the reviewer's sessions; a disable with a
    // reason ends them for good.
    let signed = Console::sign_in(&app, reviewer).await;
    let reviewer_id = signed.staff.user_id;
    let fresh = manager.post(&app, &reset(&reviewer_id), &json!({})).await;
    assert_eq!(fresh.assert_ok()["recovery_codes"].as_array().unwrap().len(), 10);
    let ended = signed.get(&app, "/admin/api/session").await;
    assert_eq!(ended.err(), "staff_sign_in_required");
    let disable = format!("/admin/api/staff/{reviewer_id}/disable");
    let blank = manager.post(&app, &disable, &json!({ "reason": " " })).await;
    assert_eq!(blank.err(), "missing_params");
    let disabled = manager.post(&app, &disable, &json!({ "reason": "left the company" })).await;
    let member = &disabled.assert_ok()["member"];
    assert_eq!(
        (&member["disabled"], &member["disabled_reason"]),
        (&json!(true), &json!("left the company"))
    );
}
