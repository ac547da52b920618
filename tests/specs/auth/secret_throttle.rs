//! Brute force on secrets typed by a logged-in player (issue 18): wrong fund passwords are
//! throttled per player and per client address, a wrong old login password counts as a wrong
//! login of the account and the address, and logged-in code checks count per client address
//! as well as per player. Logins, reset and registration codes, envelope codes: throttle.rs,
//! code_limits.rs, client_address.rs, envelope_limits.rs.

use crate::support::helpers::{PASSWORD, Player, Reply, TestApp};
use crate::support::wallet_support::{FUND_PASSWORD, WalletApp};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use fairhall::auth::hashing::runs_requested_here;
use serde_json::{Value, json};
use std::net::SocketAddr;

const LOCK_SECS: i64 = 600;

fn peer(address: &str) -> SocketAddr {
    SocketAddr::new(address.parse().expect("an address"), 40000)
}

/// A JSON POST as `player` from the client address `from`.
async fn post_from(app: &TestApp, player: &Player, path: &str, form: &Value, from: &str) -> Reply {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .header("token", player.token.as_str())
        .body(Body::from(form.to_string()))
        .expect("a request");
    request.extensions_mut().insert(ConnectInfo(peer(from)));
    app.send(request).await
}

/// A fund password change typing `old` as the current one.
fn fund_change(old: &str) -> Value {
    json!({ "old_password": old, "password": "135791", "repassword": "135791" })
}

/// A login password change typing `old` as the current one.
fn password_change(old: &str) -> Value {
    json!({ "old_password": old, "password": "changed_2", "repassword": "changed_2" })
}

const FUND: &str = "/api/personal/securitypassword";
const EDIT: &str = "/api/personal/editpassword";

#[tokio::test]
async fn wrong_fund_passwords_lock_a_client_address_across_players() {
    let app = TestApp::spawn_with(|config| {
        config.auth.fund_password_failures_per_address = 3;
        config.auth.login_lock_secs = LOCK_SECS;
    })
    .await;
    let mut players = Vec::new();
    for _ in 0..4 {
        let player = app.player().await;
        app.set_fund_password(&player).await;
        players.push(player);
    }
    let (guessers, victim) = players.split_at(3);
    let victim = &victim[0];

    for guesser in guessers {
        let reply = post_from(&app, guesser, FUND, &fund_change("000000"), "203.0.113.7").await;
        assert_eq!(reply.err(), "fund_password_wrong");
    }
    let hashes = runs_requested_here();
    let locked = post_from(&app, victim, FUND, &fund_change(FUND_PASSWORD), "203.0.113.7").await;
    let locked_hashes = runs_requested_here() - hashes;
    let right = fund_change(FUND_PASSWORD);
    let elsewhere = post_from(&app, victim, FUND, &right, "198.51.100.9").await;

    assert_eq!(locked.err(), "throttled");
    assert!(locked.msg().contains(&LOCK_SECS.to_string()), "the wait: {}", locked.msg());
    assert_eq!(locked_hashes, 0, "a locked address costs no hash");
    elsewhere.assert_ok();
    app.clock.advance(LOCK_SECS);
    post_from(&app, &guessers[0], FUND, &right, "203.0.113.7").await.assert_ok();
}

#[tokio::test]
async fn wrong_old_login_passwords_lock_the_account_and_its_logins() {
    let app = TestApp::spawn_with(|config| {
        config.auth.login_max_failures_per_account = 3;
        config.auth.login_lock_secs = LOCK_SECS;
    })
    .await;
    let player = app.player().await;

    for _ in 0..3 {
        let reply =
            post_from(&app, &player, EDIT, &password_change("guess_1"), "203.0.113.7").await;
        assert_eq!(reply.err(), "old_password_wrong");
    }
    let hashes = runs_requested_here();
    let locked = post_from(&app, &player, EDIT, &password_change(PASSWORD), "198.51.100.9").await;
    let locked_hashes = runs_requested_here() - hashes;
    let login = app.login(&player.phone, PASSWORD).await;
    app.clock.advance(LOCK_SECS);
    let later = post_from(&app, &player, EDIT, &password_change(PASSWORD), "198.51.100.9").await;

    assert_eq!(locked.err(), "throttled");
    assert_eq!(locked_hashes, 0, "a locked account costs no hash");
    assert_eq!(login.err(), "throttled", "the same lock as wrong logins");
    later.assert_ok();
}

#[tokio::test]
async fn wrong_old_login_passwords_lock_the_client_address() {
    let app = TestApp::spawn_with(|config| {
        config.auth.login_max_failures_per_address = 3;
        config.auth.login_lock_secs = LOCK_SECS;
    })
    .await;
    let (first, second, victim) = (app.player().await, app.player().await, app.player().await);

    for (player, from) in
        [(&first, "203.0.113.7"), (&second, "203.0.113.7"), (&first, "203.0.113.7")]
    {
        let reply = post_from(&app, player, EDIT, &password_change("guess_1"), from).await;
        assert_eq!(reply.err(), "old_password_wrong");
    }
    let locked = post_from(&app, &victim, EDIT, &password_change(PASSWORD), "203.0.113.7").await;
    let login = app.login_from((&victim.phone, PASSWORD), peer("203.0.113.7"), None).await;
    let right = password_change(PASSWORD);
    let elsewhere = post_from(&app, &victim, EDIT, &right, "198.51.100.9").await;

    assert_eq!(locked.err(), "throttled");
    assert_eq!(login.err(), "throttled");
    elsewhere.assert_ok();
}

#[tokio::test]
async fn logged_in_code_checks_count_per_client_address_across_players() {
    let app = TestApp::spawn_with(|config| config.auth.code_checks_per_address_day = 3).await;
    let players = [app.player().await, app.player().await];

    for (round, player) in [&players[0], &players[1], &players[0]].into_iter().enumerate() {
        let form = json!({ "email": format!("p{round}@example.com"), "code": "123456" });
        let reply = post_from(&app, player, "/api/personal/setemail", &form, "203.0.113.7").await;
        assert_eq!(reply.err(), "invalid_code", "check {round}");
    }
    let form = json!({ "email": "p9@example.com", "code": "123456" });
    let locked = post_from(&app, &players[1], "/api/personal/setemail", &form, "203.0.113.7").await;
    let elsewhere =
        post_from(&app, &players[1], "/api/personal/setemail", &form, "198.51.100.9").await;

    assert_eq!(locked.err(), "throttled");
    assert_eq!(elsewhere.err(), "invalid_code", "another address checks on");
}
