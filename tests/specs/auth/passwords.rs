//! Account security: the fund password (set once, then changed with the old one) and the
//! login password (changed with the old one, ending the other sessions).

use crate::auth::profile::{post, profile};
use crate::support::helpers::{PASSWORD, Player, Reply, TestApp};
use fairhall::auth::security::{Typist, check_fund_password};
use fairhall::auth::types::FundPassword;
use serde_json::{Value, json};

// ---- one function per endpoint ----

async fn security_password(app: &TestApp, player: &Player, form: Value) -> Reply {
    post(app, player, "/api/personal/securitypassword", form).await
}

async fn edit_password(app: &TestApp, player: &Player, form: Value) -> Reply {
    post(app, player, "/api/personal/editpassword", form).await
}

/// A securitypassword form setting `password` (typed twice), with `old` when given.
fn fund_form(old: Option<&str>, password: &str) -> Value {
    json!({ "old_password": old, "password": password, "repassword": password })
}

async fn fund_password_is(app: &TestApp, player: &Player, password: &str) -> bool {
    let password = FundPassword::parse(password).expect("a fund password");
    let settings = std::sync::Arc::new(
        fairhall::auth::AuthSettings::from_config(&app.config.auth).expect("auth settings"),
    );
    let typist = Typist { user_id: player.id, address: "test".into() };
    check_fund_password(&app.db, &settings, typist, password, app.now()).await.is_ok()
}

// ---- fund password ----

#[tokio::test]
async fn the_fund_password_is_set_once_then_changed_with_the_old_one() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    assert_eq!(profile(&app, &player).await["fund_password_set"], false);

    let first = security_password(&app, &player, fund_form(None, "123456")).await;
    let without_old = security_password(&app, &player, fund_form(None, "654321")).await;
    let wrong_old = security_password(&app, &player, fund_form(Some("111111"), "654321")).await;
    let changed = security_password(&app, &player, fund_form(Some("123456"), "654321")).await;

    first.assert_ok();
    assert_eq!(without_old.err(), "missing_params");
    assert_eq!(wrong_old.err(), "fund_password_wrong");
    changed.assert_ok();
    assert_eq!(profile(&app, &player).await["fund_password_set"], true);
    assert!(fund_password_is(&app, &player, "654321").await);
    assert!(!fund_password_is(&app, &player, "123456").await);
}

#[tokio::test]
async fn fund_passwords_are_six_digits_typed_twice() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        (
            "five digits",
            json!({ "password": "12345", "repassword": "12345" }),
            "invalid_fund_password",
        ),
        (
            "letters",
            json!({ "password": "abcdef", "repassword": "abcdef" }),
            "invalid_fund_password",
        ),
        (
            "seven digits",
            json!({ "password": "1234567", "repassword": "1234567" }),
            "invalid_fund_password",
        ),
        (
            "different confirmation",
            json!({ "password": "123456", "repassword": "123457" }),
            "password_mismatch",
        ),
        ("no confirmation", json!({ "password": "123456" }), "missing_params"),
        ("no password", json!({ "repassword": "123456" }), "missing_params"),
    ];

    for (description, form, key) in cases {
        assert_eq!(security_password(&app, &player, form).await.err(), key, "{description}");
    }

    assert_eq!(profile(&app, &player).await["fund_password_set"], false);
}

#[tokio::test]
async fn securitypassword_also_takes_get() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let path = format!(
        "/api/personal/securitypassword/password/246810/repassword/246810/token/{}",
        player.token
    );

    app.get(&path, None).await.assert_ok();

    assert!(fund_password_is(&app, &player, "246810").await);
}

// ---- login password ----

#[tokio::test]
async fn changing_the_login_password_ends_the_other_sessions_only() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other_session = app.login(&player.phone, PASSWORD).await.assert_ok()["token"].clone();
    let other_session = other_session.as_str().expect("a token").to_string();

    let form = json!({ "old_password": PASSWORD, "password": "new_pass_1",
        "repassword": "new_pass_1" });
    let changed = edit_password(&app, &player, form).await;

    changed.assert_ok();
    app.personal_index(&player.token).await.assert_ok();
    app.personal_index(&other_session).await.assert_session_ended();
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "login_failed");
    app.login(&player.phone, "new_pass_1").await.assert_ok();
}

#[tokio::test]
async fn a_refused_login_password_change_changes_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let valid = json!({ "old_password": PASSWORD, "password": "new_pass_1",
        "repassword": "new_pass_1" });
    let cases = [
        ("a wrong old password", json!({ "old_password": "wrong_1" }), "old_password_wrong"),
        ("no old password", json!({ "old_password": null }), "missing_params"),
        ("no confirmation", json!({ "repassword": null }), "missing_params"),
        ("too short", json!({ "password": "abc", "repassword": "abc" }), "invalid_password"),
        (
            "a space",
            json!({ "password": "new pass", "repassword": "new pass" }),
            "invalid_password",
        ),
        ("different confirmation", json!({ "repassword": "new_pass_2" }), "password_mismatch"),
    ];

    for (description, patch, key) in cases {
        let mut form = valid.clone();
        crate::support::helpers::merge(&mut form, &patch);
        assert_eq!(edit_password(&app, &player, form).await.err(), key, "{description}");
    }

    app.login(&player.phone, PASSWORD).await.assert_ok();
}

#[tokio::test]
async fn editpassword_also_takes_get() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let path = format!(
        "/api/personal/editpassword?old_password={PASSWORD}&password=via_get_1&repassword=via_get_1"
    );

    app.get(&path, Some(&player.token)).await.assert_ok();

    app.login(&player.phone, "via_get_1").await.assert_ok();
}
