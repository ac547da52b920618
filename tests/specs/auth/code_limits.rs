//! Limits on verification codes: daily sends and checks per client address and per target,
//! the lock of a target after wrong codes, no password hash for a wrong code, and replies that
//! do not tell whether a phone is registered.

use crate::support::helpers::{PASSWORD, Reply, TestApp, other_code};
use fairhall::auth::hashing::runs_requested_here;
use fairhall::config::{CodeDelivery, Config};
use serde_json::{Value, json};
use std::net::SocketAddr;

const DAY: i64 = 86_400;

fn peer(address: &str) -> SocketAddr {
    SocketAddr::new(address.parse().expect("an address"), 40000)
}

async fn send_from(app: &TestApp, from: &str, target: &str, purpose: &str) -> Reply {
    let form = json!({ "target": target, "purpose": purpose });
    app.post_json_from("/index/send_email_mobile", &form, peer(from), None).await
}

fn reset_form(phone: &str, code: &str) -> Value {
    json!({ "account": phone, "code": code, "password": "changed_2", "repassword": "changed_2" })
}

async fn reset_from(app: &TestApp, from: &str, phone: &str, code: &str) -> Reply {
    app.post_json_from("/user/change_pwd", &reset_form(phone, code), peer(from), None).await
}

/// Codes may be resent every second, so only the daily limits under test refuse.
fn quick_resend(config: &mut Config) {
    config.auth.code_resend_secs = 1;
}

#[tokio::test]
async fn sends_to_one_target_are_limited_per_day() {
    let app = TestApp::spawn_with(|config| {
        quick_resend(config);
        config.auth.code_sends_per_target_day = 2;
    })
    .await;
    let (phone, other) = (app.fresh_phone(), app.fresh_phone());

    let mut replies = Vec::new();
    for from in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
        replies.push(send_from(&app, from, &phone, "register").await);
        app.clock.advance(1);
    }
    let other_target = send_from(&app, "198.51.100.3", &other, "register").await;
    app.clock.advance(DAY);
    let next_day = send_from(&app, "198.51.100.3", &phone, "register").await;

    replies[0].assert_ok();
    replies[1].assert_ok();
    assert_eq!(replies[2].err(), "throttled", "{:?}", replies[2]);
    other_target.assert_ok();
    next_day.assert_ok();
}

#[tokio::test]
async fn sends_from_one_address_are_limited_per_day() {
    let app = TestApp::spawn_with(|config| config.auth.code_sends_per_address_day = 2).await;

    let first = send_from(&app, "203.0.113.7", &app.fresh_phone(), "register").await;
    let second = send_from(&app, "203.0.113.7", &app.fresh_phone(), "register").await;
    let third = send_from(&app, "203.0.113.7", &app.fresh_phone(), "register").await;
    let elsewhere = send_from(&app, "203.0.113.8", &app.fresh_phone(), "register").await;

    first.assert_ok();
    second.assert_ok();
    assert_eq!(third.err(), "throttled");
    elsewhere.assert_ok();
}

#[tokio::test]
async fn checks_of_one_target_are_limited_per_day() {
    let app = TestApp::spawn_with(|config| {
        config.auth.code_checks_per_target_day = 3;
        config.auth.code_max_attempts = 100;
    })
    .await;
    let player = app.player().await;
    let code = app.code_for(&player.phone, "forget").await;

    for from in ["198.51.100.1", "198.51.100.2"] {
        let wrong = reset_from(&app, from, &player.phone, &other_code(&code)).await;
        assert_eq!(wrong.err(), "invalid_code");
    }
    let third = reset_from(&app, "198.51.100.3", &player.phone, &other_code(&code)).await;
    let right = reset_from(&app, "198.51.100.4", &player.phone, &code).await;

    assert_eq!(third.err(), "invalid_code");
    assert_eq!(right.err(), "throttled", "{right:?}");
    app.login(&player.phone, PASSWORD).await.assert_ok();
}

#[tokio::test]
async fn checks_from_one_address_are_limited_per_day() {
    let app = TestApp::spawn_with(|config| config.auth.code_checks_per_address_day = 2).await;
    let (first, second) = (app.player().await, app.player().await);
    let code = app.code_for(&second.phone, "forget").await;

    for wrong in ["000000", "000001"] {
        let refused = reset_from(&app, "203.0.113.7", &first.phone, wrong).await;
        assert_eq!(refused.err(), "invalid_code");
    }
    let same_address = reset_from(&app, "203.0.113.7", &second.phone, &code).await;
    let other_address = reset_from(&app, "203.0.113.8", &second.phone, &code).await;

    assert_eq!(same_address.err(), "throttled");
    other_address.assert_ok();
    app.login(&second.phone, "changed_2").await.assert_ok();
}

#[tokio::test]
async fn a_target_locks_after_too_many_wrong_codes_until_the_lock_ends() {
    let app = TestApp::spawn_with(|config| {
        config.auth.code_failures_per_target = 3;
        config.auth.code_lock_secs = 600;
        config.auth.code_max_attempts = 100;
    })
    .await;
    let player = app.player().await;
    let code = app.code_for(&player.phone, "forget").await;

    for _ in 0..3 {
        let wrong = app.change_pwd(reset_form(&player.phone, &other_code(&code))).await;
        assert_eq!(wrong.err(), "invalid_code");
    }
    let locked = app.change_pwd(reset_form(&player.phone, &code)).await;
    app.clock.advance(600);
    let fresh = app.code_for(&player.phone, "forget").await;
    let after = app.change_pwd(reset_form(&player.phone, &fresh)).await;

    assert_eq!(locked.err(), "throttled");
    after.assert_ok();
}

#[tokio::test]
async fn a_wrong_reset_code_costs_no_password_hash() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let code = app.code_for(&player.phone, "forget").await;

    let before = runs_requested_here();
    let wrong = app.change_pwd(reset_form(&player.phone, &other_code(&code))).await;
    let after_wrong = runs_requested_here();
    app.change_pwd(reset_form(&player.phone, &code)).await.assert_ok();

    assert_eq!(wrong.err(), "invalid_code");
    assert_eq!(after_wrong, before, "a wrong code was refused before any hash");
    assert_eq!(runs_requested_here(), before + 1, "the right code costs one hash");
}

#[tokio::test]
async fn a_registration_refused_by_a_cheap_check_costs_no_password_hash() {
    let app = TestApp::spawn_with(|config| config.auth.require_code = true).await;
    let taken = app.created_player().await;
    let phone = app.fresh_phone();
    let code = app.code_for(&phone, "register").await;
    let form = |phone: &str, code: &str| json!({ "phone": phone, "password": PASSWORD, "repassword": PASSWORD, "code": code });

    let before = runs_requested_here();
    let wrong_code = app.register(form(&phone, &other_code(&code))).await;
    let taken_phone = app.register(form(&taken.phone, &code)).await;
    let mut with_unknown_invite = form(&phone, &code);
    with_unknown_invite["invite_code"] = json!("ZZZZZZ");
    let unknown_invite = app.register(with_unknown_invite).await;
    let refused_hashes = runs_requested_here() - before;
    app.register(form(&phone, &code)).await.assert_ok();

    assert_eq!(wrong_code.err(), "invalid_code");
    assert_eq!(taken_phone.err(), "phone_taken");
    assert_eq!(unknown_invite.err(), "invalid_invite_code");
    assert_eq!(refused_hashes, 0);
    assert_eq!(runs_requested_here() - before, 1);
}

#[tokio::test]
async fn forget_codes_answer_alike_for_registered_and_unknown_phones() {
    let app = TestApp::spawn_with(|config| config.auth.code_sends_per_target_day = 2).await;
    let player = app.player().await;
    let stranger = app.fresh_phone();

    let mut replies = Vec::new();
    for advance in [0, 1, 60, 60] {
        app.clock.advance(advance);
        let (for_player, for_stranger) = (
            app.send_code(&player.phone, "forget").await,
            app.send_code(&stranger, "forget").await,
        );
        replies.push((for_player.body, for_stranger.body));
    }

    for (for_player, for_stranger) in &replies {
        assert_eq!(for_player, for_stranger);
    }
    let keys: Vec<&str> =
        replies.iter().map(|(reply, _)| reply["err"].as_str().unwrap_or("ok")).collect();
    assert_eq!(keys, ["ok", "code_too_soon", "ok", "throttled"]);
    assert!(app.latest_code(&stranger).await.is_none(), "nothing is delivered to a stranger");
}

#[tokio::test]
async fn a_forget_code_is_delivered_after_the_reply_whatever_the_webhook_does() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}/hook", nobody.local_addr().expect("an address"));
    drop(nobody);
    let app = TestApp::spawn_with(move |config| {
        config.auth.code_delivery = CodeDelivery::Webhook;
        config.auth.code_webhook_url = url;
    })
    .await;
    let player = app.player().await;

    let for_player = app.send_code(&player.phone, "forget").await;
    let for_stranger = app.send_code(&app.fresh_phone(), "forget").await;

    assert_eq!(for_player.body, for_stranger.body);
    for_player.assert_ok();
}
