//! The reality check (api/protection/reality_check, session, session/ack) through the real
//! router and the test clock: once the chosen interval has passed since the login or the last
//! acknowledgement, the next bet is refused until the player acknowledges.

use crate::support::hall::Hall;
use crate::support::helpers::PASSWORD;
use crate::support::protection_support::ProtectionApp;
use crate::support::wallet_support::assert_ledger_verifies;
use serde_json::json;

#[tokio::test]
async fn the_next_bet_waits_for_the_acknowledgement_once_the_interval_passed() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = hall.player_with_game("500").await;
    let login = app.now();
    let chosen = app.set_reality_check(&player, "15").await;
    assert_eq!(chosen.assert_ok()["reality_check_mins"], 15);
    let big = json!([{"option": "big", "amount": "10"}]);
    hall.bet(&player, "k3", big.clone()).await.assert_ok();

    let session = app.session_check(&player).await;
    let state = session.assert_ok();
    assert_eq!(
        (state["started_at"].as_i64(), state["net"].as_str()),
        (Some(login.secs()), Some("-10.00"))
    );
    assert_eq!(
        (state["due"].as_bool(), state["next_at"].as_i64()),
        (Some(false), Some(login.secs() + 900))
    );

    app.clock.advance(login + 900 - app.now());
    let refused = hall.bet(&player, "k3", big.clone()).await;
    assert_eq!(refused.err(), "reality_check_due");
    let state = app.session_check(&player).await.assert_ok().clone();
    assert_eq!(state["due"], true);
    assert!(state["elapsed_secs"].as_i64() >= Some(900), "{state}");

    let acknowledged = app.acknowledge(&player).await;
    let state = acknowledged.assert_ok().clone();
    assert_eq!(
        (state["due"].as_bool(), state["next_at"].as_i64()),
        (Some(false), Some(app.now().secs() + 900))
    );
    hall.bet(&player, "k3", big.clone()).await.assert_ok();

    // The next interval counts from the acknowledgement, across a clock advance. (Finding an
    // open period may draw one and move the clock by up to its closed window, 30 s.)
    let next_at = state["next_at"].as_i64().expect("a next check");
    app.clock.advance(next_at - 60 - app.now().secs());
    let issue = hall.open_issue("usa_ordinary").await;
    assert!(app.now().secs() < next_at);
    hall.bet_on(&player, ("usa_ordinary", &issue), big.clone(), None).await.assert_ok();
    app.clock.advance(next_at - app.now().secs());
    assert_eq!(hall.bet(&player, "usa_ordinary", big).await.err(), "reality_check_due");
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn a_new_login_starts_its_own_reality_check_and_off_never_interrupts() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = hall.player_with_game("500").await;
    app.set_reality_check(&player, "30").await.assert_ok();
    app.clock.advance(1_800);
    let big = json!([{"option": "big", "amount": "10"}]);
    assert_eq!(hall.bet(&player, "k3", big.clone()).await.err(), "reality_check_due");

    let login = app.login(&player.phone, PASSWORD).await;
    let session = crate::support::helpers::Player {
        token: login.assert_ok()["token"].as_str().expect("a token").to_string(),
        ..player.clone()
    };
    hall.bet(&session, "k3", big.clone()).await.assert_ok();

    app.set_reality_check(&session, "0").await.assert_ok();
    app.clock.advance(7_200);
    hall.bet(&player, "k3", big).await.assert_ok();
    let state = app.session_check(&player).await.assert_ok().clone();
    assert_eq!((state["due"].as_bool(), state["next_at"].is_null()), (Some(false), true));
    for invalid in ["20", "-15", "x"] {
        assert_eq!(
            app.set_reality_check(&player, invalid).await.err(),
            "invalid_limit",
            "{invalid}"
        );
    }
}
