//! Failed-login throttling per account and per client address.

use crate::support::helpers::{PASSWORD, TestApp, send_to};
use serde_json::json;
use std::net::SocketAddr;

async fn throttled_app() -> TestApp {
    TestApp::spawn_with(|config| {
        config.auth.login_max_failures_per_account = 3;
        config.auth.login_lock_secs = 600;
    })
    .await
}

async fn login_in_english(
    app: &TestApp,
    account: &str,
    password: &str,
) -> crate::support::helpers::Reply {
    let form = json!({ "account": account, "password": password });
    app.post_json("/api/login/post", &form, &[("lang", "en")]).await
}

#[tokio::test]
async fn an_account_locks_after_too_many_failures_until_the_lock_ends() {
    let app = throttled_app().await;
    let player = app.player().await;

    for _ in 0..3 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    let locked = login_in_english(&app, &player.phone, PASSWORD).await;
    app.clock.advance(599);
    let almost = login_in_english(&app, &player.phone, PASSWORD).await;
    app.clock.advance(1);
    let after = app.login(&player.phone, PASSWORD).await;

    assert_eq!(locked.err(), "throttled");
    assert!(locked.msg().contains("600"), "{locked:?}");
    assert_eq!(almost.err(), "throttled");
    assert!(almost.msg().contains(" 1 "), "{almost:?}");
    after.assert_ok();
}

#[tokio::test]
async fn failures_below_the_limit_do_not_lock_and_a_success_forgets_them() {
    let app = throttled_app().await;
    let player = app.player().await;

    for _ in 0..2 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    let success = app.login(&player.phone, PASSWORD).await;
    for _ in 0..2 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    let still_open = app.login(&player.phone, PASSWORD).await;

    success.assert_ok();
    still_open.assert_ok();
}

#[tokio::test]
async fn failures_older_than_the_lock_window_are_forgotten() {
    let app = throttled_app().await;
    let player = app.player().await;

    for _ in 0..2 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    app.clock.advance(601);
    for _ in 0..2 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    let reply = app.login(&player.phone, PASSWORD).await;

    reply.assert_ok();
}

#[tokio::test]
async fn failures_by_phone_and_by_login_name_count_for_the_same_account() {
    let app = throttled_app().await;
    let player = app.player_with(json!({ "username": "alice_01" })).await;
    let bystander = app.player().await;

    assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    assert_eq!(app.login("alice_01", "wrong_1").await.err(), "login_failed");
    assert_eq!(app.login("ALICE_01", "wrong_1").await.err(), "login_failed");

    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "throttled");
    assert_eq!(app.login("alice_01", PASSWORD).await.err(), "throttled");
    app.login(&bystander.phone, PASSWORD).await.assert_ok();
}

#[tokio::test]
async fn a_password_reset_lifts_the_account_lock() {
    let app = throttled_app().await;
    let player = app.player().await;
    for _ in 0..3 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }
    let code = app.code_for(&player.phone, "forget").await;

    let form = json!({ "account": player.phone, "code": code, "password": "changed_2",
        "repassword": "changed_2" });
    app.change_pwd(form).await.assert_ok();

    app.login(&player.phone, "changed_2").await.assert_ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_wrong_passwords_cannot_exceed_the_failure_limit() {
    let app = throttled_app().await;
    let player = app.player().await;
    let mut attempts = tokio::task::JoinSet::new();

    for _ in 0..8 {
        let form = json!({ "account": player.phone, "password": "wrong_1" });
        let request = axum::http::Request::post("/api/login/post")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(form.to_string()))
            .expect("a request");
        attempts.spawn(send_to(app.router.clone(), request));
    }
    let replies = attempts.join_all().await;

    let failed = replies.iter().filter(|reply| reply.err() == "login_failed").count();
    let throttled = replies.iter().filter(|reply| reply.err() == "throttled").count();
    assert_eq!((failed, throttled), (3, 5), "{replies:?}");
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "throttled");
}

fn peer(address: &str) -> SocketAddr {
    format!("{address}:40000").parse().expect("an address")
}

#[tokio::test]
async fn an_address_locks_after_failures_across_accounts_behind_a_trusted_proxy() {
    let app = TestApp::spawn_with(|config| {
        config.server.trust_forwarded_for = true;
        config.server.trusted_proxies = vec!["10.0.0.0/8".into()];
        config.auth.login_max_failures_per_address = 3;
        config.auth.login_lock_secs = 600;
    })
    .await;
    let (first, second, victim) = (app.player().await, app.player().await, app.player().await);
    let proxy = peer("10.0.0.254");

    let refused = app.login_from((&first.phone, "wrong_1"), proxy, Some("203.0.113.7")).await;

    assert_eq!(refused.err(), "login_failed");
    let refused =
        app.login_from((&second.phone, "wrong_1"), proxy, Some("203.0.113.7, 10.0.0.1")).await;
    assert_eq!(refused.err(), "login_failed");
    let refused = app.login_from(("nobody_01", "wrong_1"), proxy, Some(" 203.0.113.7 ")).await;
    assert_eq!(refused.err(), "login_failed");
    let locked = app.login_from((&victim.phone, PASSWORD), proxy, Some("203.0.113.7")).await;
    let elsewhere = app.login_from((&victim.phone, PASSWORD), proxy, Some("198.51.100.9")).await;
    app.clock.advance(600);
    let later = app.login_from((&victim.phone, PASSWORD), proxy, Some("203.0.113.7")).await;

    assert_eq!(locked.err(), "throttled");
    elsewhere.assert_ok();
    later.assert_ok();
}

#[tokio::test]
async fn an_untrusted_forwarded_for_header_does_not_change_the_address() {
    let app = TestApp::spawn_with(|config| {
        config.auth.login_max_failures_per_address = 3;
    })
    .await;
    let player = app.player().await;
    let attacker = peer("203.0.113.7");

    for forged in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
        let refused = app.login_from(("nobody_01", "wrong_1"), attacker, Some(forged)).await;
        assert_eq!(refused.err(), "login_failed");
    }
    let forged = app.login_from((&player.phone, PASSWORD), attacker, Some("198.51.100.4")).await;
    let other_peer = app.login_from((&player.phone, PASSWORD), peer("192.0.2.1"), None).await;

    assert_eq!(forged.err(), "throttled");
    other_peer.assert_ok();
}

#[tokio::test]
async fn overlong_account_text_is_refused_without_a_throttle_row() {
    let app = throttled_app().await;
    let overlong = "a".repeat(65);

    let reply = app.login(&overlong, "wrong_1").await;

    assert_eq!(reply.err(), "login_failed");
    let rows: i64 = app
        .db
        .read(|connection| {
            Ok(connection.query_row("SELECT COUNT(*) FROM login_failures", [], |row| row.get(0))?)
        })
        .await
        .unwrap();
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn a_locked_account_is_refused_before_any_password_hash() {
    let app = throttled_app().await;
    let player = app.player().await;
    for _ in 0..3 {
        assert_eq!(app.login(&player.phone, "wrong_1").await.err(), "login_failed");
    }

    let before = fairhall::auth::hashing::runs_requested_here();
    let locked = app.login(&player.phone, PASSWORD).await;

    assert_eq!(locked.err(), "throttled");
    assert_eq!(fairhall::auth::hashing::runs_requested_here(), before);
}
