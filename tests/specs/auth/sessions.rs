//! Login, sessions, logout, frozen accounts and password changes.

use crate::support::helpers::{PASSWORD, TestApp, other_code};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn a_player_logs_in_by_phone_or_by_login_name_in_any_case() {
    let app = TestApp::spawn().await;
    let player = app.player_with(json!({ "username": "Alice_01" })).await;

    for account in [player.phone.as_str(), "Alice_01", "alice_01", "ALICE_01", " alice_01 "] {
        let reply = app.login(account, PASSWORD).await;
        let data = reply.assert_ok();
        assert_eq!(data["user"]["id"], player.id, "{account}");
        let token = data["token"].as_str().expect("a token");
        assert_ne!(token, player.token, "each login is a new session");
        assert_eq!(app.personal_index(token).await.assert_ok()["id"], player.id);
    }
}

#[tokio::test]
async fn invalid_logins_are_refused_with_their_key() {
    let app = TestApp::spawn().await;
    let player = app.player_with(json!({ "username": "alice_01" })).await;
    let cases: &[(&str, Value, &str)] = &[
        (
            "a wrong password",
            json!({ "account": player.phone, "password": "secret_2" }),
            "login_failed",
        ),
        (
            "a wrong password by login name",
            json!({ "account": "alice_01", "password": "nope12" }),
            "login_failed",
        ),
        (
            "the password in another case",
            json!({ "account": player.phone,
            "password": PASSWORD.to_uppercase() }),
            "login_failed",
        ),
        (
            "an unknown phone",
            json!({ "account": "13999999999", "password": PASSWORD }),
            "login_failed",
        ),
        (
            "an unknown login name",
            json!({ "account": "bob_0001", "password": PASSWORD }),
            "login_failed",
        ),
        ("no account", json!({ "password": PASSWORD }), "missing_params"),
        ("a blank account", json!({ "account": "  ", "password": PASSWORD }), "missing_params"),
        ("no password", json!({ "account": player.phone }), "missing_params"),
        ("an empty password", json!({ "account": player.phone, "password": "" }), "missing_params"),
    ];

    for (description, form, expected) in cases {
        let reply = app.post_json("/api/login/post", form, &[]).await;
        assert_eq!(reply.err(), *expected, "{description}: {reply:?}");
        assert_eq!(reply.data(), &Value::Null);
    }
}

#[tokio::test]
async fn logout_ends_only_that_session() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other_session = app.login(&player.phone, PASSWORD).await;
    let other_token = other_session.assert_ok()["token"].as_str().expect("a token").to_string();

    app.logout(&player.token).await.assert_ok();

    app.personal_index(&player.token).await.assert_session_ended();
    app.logout(&player.token).await.assert_session_ended();
    app.personal_index(&other_token).await.assert_ok();
}

#[tokio::test]
async fn a_session_ends_after_its_time_to_live() {
    let app = TestApp::spawn_with(|config| config.auth.session_max_secs = 3600).await;
    let player = app.player().await;
    let ttl = app.config.auth.session_max_secs;

    app.clock.advance(ttl - 1);
    let before = app.personal_index(&player.token).await;
    app.clock.advance(1);
    let after = app.personal_index(&player.token).await;

    before.assert_ok();
    after.assert_login_required();
}

#[tokio::test]
async fn requests_without_a_live_token_need_a_login() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases: &[(&str, Option<String>)] = &[
        ("no token", None),
        ("an empty token", Some(String::new())),
        ("a blank token", Some("   ".into())),
        ("garbage", Some("garbage".into())),
        ("a token of the right shape", Some("ab".repeat(32))),
        ("the token's hash instead of the token", Some(fairhall::auth::hash_token(&player.token))),
        ("a truncated token", Some(player.token[..63].to_string())),
    ];

    for (description, token) in cases {
        let reply = app.get("/api/personal/index", token.as_deref()).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{description}");
        reply.assert_login_required();
    }
    app.personal_index(&player.token).await.assert_ok();
}

#[tokio::test]
async fn a_frozen_player_is_logged_out_everywhere_and_cannot_log_in() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let bystander = app.player().await;

    app.freeze(player.id).await;

    app.personal_index(&player.token).await.assert_frozen();
    let info = app.post_json("/user/getUserinfo", &json!({}), &[("token", &player.token)]).await;
    info.assert_frozen();
    app.logout(&player.token).await.assert_frozen();
    app.send_code_as(&player.token, "player@example.com", "bind").await.assert_frozen();
    app.login(&player.phone, PASSWORD).await.assert_frozen();
    assert_eq!(app.login(&player.phone, "secret_2").await.err(), "login_failed");
    app.personal_index(&bystander.token).await.assert_ok();
}

#[tokio::test]
async fn an_unfrozen_player_logs_in_again_but_old_sessions_stay_ended() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.freeze(player.id).await;

    app.unfreeze(player.id).await;

    app.personal_index(&player.token).await.assert_session_ended();
    let token = app.login(&player.phone, PASSWORD).await.assert_ok()["token"].clone();
    app.personal_index(token.as_str().expect("a token")).await.assert_ok();
}

#[tokio::test]
async fn a_password_set_by_the_operator_ends_every_session() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    app.set_password(player.id, "changed_2").await;

    app.personal_index(&player.token).await.assert_session_ended();
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "login_failed");
    app.login(&player.phone, "changed_2").await.assert_ok();
}

// ---- forgotten password (user/change_pwd) ----

fn reset(phone: &str, code: &str, password: &str, repassword: &str) -> Value {
    json!({ "account": phone, "code": code, "password": password, "repassword": repassword })
}

#[tokio::test]
async fn a_forgotten_password_is_replaced_with_a_reset_code() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let code = app.code_for(&player.phone, "forget").await;

    let reply = app.change_pwd(reset(&player.phone, &code, "changed_2", "changed_2")).await;

    reply.assert_ok();
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "login_failed");
    app.login(&player.phone, "changed_2").await.assert_ok();
    app.personal_index(&player.token).await.assert_session_ended();
}

#[tokio::test]
async fn a_reset_code_works_only_once() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let code = app.code_for(&player.phone, "forget").await;
    app.change_pwd(reset(&player.phone, &code, "changed_2", "changed_2")).await.assert_ok();

    let again = app.change_pwd(reset(&player.phone, &code, "changed_3", "changed_3")).await;

    assert_eq!(again.err(), "invalid_code");
    app.login(&player.phone, "changed_2").await.assert_ok();
}

#[tokio::test]
async fn invalid_password_resets_are_refused_with_their_key_and_change_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let stranger = app.fresh_phone();
    let code = app.code_for(&player.phone, "forget").await;
    let wrong = other_code(&code);
    let phone = player.phone.as_str();
    let cases: &[(&str, Value, &str)] = &[
        ("a wrong code", reset(phone, &wrong, "changed_2", "changed_2"), "invalid_code"),
        ("a malformed code", reset(phone, "12a456", "changed_2", "changed_2"), "invalid_code"),
        (
            "passwords that differ",
            reset(phone, &code, "changed_2", "changed_3"),
            "password_mismatch",
        ),
        ("a short password", reset(phone, &code, "abc", "abc"), "invalid_password"),
        ("an invalid phone", reset("12345", &code, "changed_2", "changed_2"), "invalid_phone"),
        ("another phone", reset(&stranger, &code, "changed_2", "changed_2"), "invalid_code"),
        (
            "no code",
            json!({ "account": phone, "password": "changed_2",
            "repassword": "changed_2" }),
            "missing_params",
        ),
        (
            "no account",
            json!({ "code": code, "password": "changed_2",
            "repassword": "changed_2" }),
            "missing_params",
        ),
    ];

    for (description, form, expected) in cases {
        let reply = app.change_pwd(form.clone()).await;
        assert_eq!(reply.err(), *expected, "{description}: {reply:?}");
    }
    app.login(phone, PASSWORD).await.assert_ok();
    app.personal_index(&player.token).await.assert_ok();
}

#[tokio::test]
async fn only_a_reset_code_can_reset_a_password() {
    let app = TestApp::spawn().await;
    let form = app.registration();
    let phone = form["phone"].as_str().expect("a phone").to_string();
    // Sent before registering; registration without a code requirement leaves it unused.
    let register_code = app.code_for(&phone, "register").await;
    let token =
        app.register(form).await.assert_ok()["token"].as_str().expect("a token").to_string();
    app.clock.advance(60);
    app.send_code_as(&token, &phone, "bind").await.assert_ok();
    let bind_code = app.latest_code(&phone).await.expect("a code").code;

    let with_register = app.change_pwd(reset(&phone, &register_code, "changed_2", "changed_2"));
    let with_register = with_register.await;
    let with_bind = app.change_pwd(reset(&phone, &bind_code, "changed_2", "changed_2")).await;

    assert_eq!(with_register.err(), "invalid_code");
    assert_eq!(with_bind.err(), "invalid_code");
    app.login(&phone, PASSWORD).await.assert_ok();
}
