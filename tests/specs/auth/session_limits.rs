//! Session lifetime (issue 18): the idle expiry (`auth.session_idle_secs`), the absolute expiry
//! (`auth.session_max_secs`) however active the session, the last use written at most once per
//! `auth::SESSION_TOUCH_SECS`, and the revocations not proven elsewhere (the operator's
//! fund-password reset). Logout, freeze and password changes: sessions.rs, passwords.rs.

use crate::support::helpers::{PASSWORD, Player, TestApp};
use fairhall::auth::SESSION_TOUCH_SECS;
use fairhall::clock::Timestamp;
use serde_json::json;

const DAY_SECS: i64 = 86_400;

/// When the session of `player`'s token was last recorded as used.
async fn last_seen(app: &TestApp, player: &Player) -> Timestamp {
    let token_hash = fairhall::auth::hash_token(&player.token);
    app.db
        .read(move |connection| {
            Ok(connection.query_row(
                "SELECT last_seen_at FROM sessions WHERE token_hash = ?1",
                [token_hash],
                |row| row.get(0),
            )?)
        })
        .await
        .expect("the session exists")
}

/// An app with the default idle expiry (`TestApp` turns it off for other areas' tests).
async fn app_with_idle_expiry() -> TestApp {
    let idle_secs = fairhall::config::AuthConfig::default().session_idle_secs;
    TestApp::spawn_with(|config| config.auth.session_idle_secs = idle_secs).await
}

/// Moves the app's clock forward to `at`.
fn move_to(app: &TestApp, at: Timestamp) {
    app.clock.advance(at.secs_since(app.now()));
}

#[tokio::test]
async fn a_session_unused_for_the_idle_time_ends() {
    let app = app_with_idle_expiry().await;
    let (idle, kept) = (app.player().await, app.player().await);
    let idle_secs = app.config.auth.session_idle_secs;

    app.clock.advance(idle_secs - 1);
    let just_before = app.personal_index(&kept.token).await;
    app.clock.advance(1);
    let expired = app.personal_index(&idle.token).await;
    let used_since = app.personal_index(&kept.token).await;

    just_before.assert_ok();
    expired.assert_login_required();
    used_since.assert_ok();
    let token = app.login(&idle.phone, PASSWORD).await.assert_ok()["token"].clone();
    app.personal_index(token.as_str().expect("a token")).await.assert_ok();
}

#[tokio::test]
async fn a_session_in_daily_use_still_ends_at_its_absolute_expiry() {
    let app = app_with_idle_expiry().await;
    let player = app.player().await;
    let max_secs = app.config.auth.session_max_secs;
    assert!(max_secs > app.config.auth.session_idle_secs, "the default outlives the idle time");

    for day in 1..max_secs / DAY_SECS {
        app.clock.advance(DAY_SECS);
        assert_eq!(app.personal_index(&player.token).await.code(), 1, "day {day}");
    }
    move_to(&app, crate::support::helpers::START + max_secs);
    let at_expiry = app.personal_index(&player.token).await;

    at_expiry.assert_login_required();
}

#[tokio::test]
async fn the_last_use_is_written_at_most_once_per_touch_interval() {
    let app = app_with_idle_expiry().await;
    let player = app.player().await;
    let started = app.now();

    for _ in 0..5 {
        app.clock.advance(SESSION_TOUCH_SECS / 5 - 1);
        app.personal_index(&player.token).await.assert_ok();
    }
    let unwritten = last_seen(&app, &player).await;
    move_to(&app, started + SESSION_TOUCH_SECS);
    app.personal_index(&player.token).await.assert_ok();
    let written = last_seen(&app, &player).await;

    assert_eq!(unwritten, started, "requests within the interval write nothing");
    assert_eq!(written, started + SESSION_TOUCH_SECS);
}

#[tokio::test]
async fn betting_and_the_home_page_count_as_use() {
    let app = app_with_idle_expiry().await;
    let player = app.player().await;
    let started = app.now();

    move_to(&app, started + SESSION_TOUCH_SECS);
    app.get("/api/index/index", Some(&player.token)).await.assert_ok();
    let after_home = last_seen(&app, &player).await;
    move_to(&app, started + 2 * SESSION_TOUCH_SECS);
    let headers = [("token", player.token.as_str())];
    let bet = app.post_json("/api/rooms/betting", &json!({ "room": "k3" }), &headers).await;
    let after_bet = last_seen(&app, &player).await;

    assert_eq!(after_home, started + SESSION_TOUCH_SECS);
    assert_eq!(bet.status, axum::http::StatusCode::OK, "{bet:?}");
    assert_eq!(after_bet, started + 2 * SESSION_TOUCH_SECS, "{bet:?}");
}

#[tokio::test]
async fn the_operators_fund_password_reset_ends_every_session() {
    let app = app_with_idle_expiry().await;
    let player = app.player().await;
    let second = app.login(&player.phone, PASSWORD).await.assert_ok()["token"].clone();
    let (user_id, now) = (player.id, app.now());

    app.db
        .write(move |tx| fairhall::auth::reset_fund_password(tx, user_id, None, now))
        .await
        .expect("the fund password is reset");

    app.personal_index(&player.token).await.assert_session_ended();
    app.personal_index(second.as_str().expect("a token")).await.assert_session_ended();
}

#[tokio::test]
async fn every_login_gets_a_new_token_and_the_others_stay_valid() {
    let app = app_with_idle_expiry().await;
    let player = app.player().await;

    let first = app.login(&player.phone, PASSWORD).await.assert_ok()["token"].clone();
    let second = app.login(&player.phone, PASSWORD).await.assert_ok()["token"].clone();

    assert_ne!(first, second);
    assert_ne!(first.as_str(), Some(player.token.as_str()));
    for token in [player.token.as_str(), first.as_str().unwrap(), second.as_str().unwrap()] {
        app.personal_index(token).await.assert_ok();
    }
}

#[tokio::test]
async fn a_live_stream_ends_at_the_resync_once_its_session_has_been_idle_too_long() {
    let hall =
        crate::support::hall::Hall::open_with(|config| config.auth.session_idle_secs = 600).await;
    let player = hall.app.player().await;
    let headers = [("token", player.token.as_str())];
    let issued = hall.app.post_json("/api/live/ticket", &json!({}), &headers).await;
    let ticket = issued.assert_ok()["ticket"].as_str().expect("a ticket").to_string();
    let path = format!("/api/live?room=k3&ticket={ticket}");
    let mut stream =
        crate::games::live::open_path(&hall, &path, None).await.expect("the stream opens");
    stream.next().await;

    hall.app.clock.advance(600);
    tokio::time::pause();

    // The hub checks open sessions every 30 s (src/live/hub.rs `RESYNC`).
    assert!(stream.ends_within(std::time::Duration::from_secs(31)).await, "ended at the resync");
}
