//! Deposit and loss limits (api/protection/limit) through the real router and the test clock:
//! each rolling period, the lowest headroom applies, a decrease at once, an increase exactly
//! `limit_increase_delay_secs` later, rejected deposits stop counting, and losses count the
//! payouts and refunds of the bets.

use crate::support::hall::Hall;
use crate::support::helpers::{PASSWORD, Player, TestApp};
use crate::support::protection_support::{DAY, ProtectionApp, limit, many_deposits};
use crate::support::wallet_support::{DepositUpload, WalletApp, assert_ledger_verifies};
use fairhall::games;
use fairhall::games::rules::room::Room;
use serde_json::json;

#[tokio::test]
async fn a_deposit_over_the_daily_limit_is_refused_naming_the_limit_and_when_it_frees_up() {
    let app = TestApp::spawn_with(many_deposits).await;
    let player = app.player().await;
    app.set_limit(&player, "deposit", "day", "100").await.assert_ok();
    app.requested_deposit(&player, "60").await;
    app.clock.advance(3_600);

    let refused = app.recharge(&player, &DepositUpload::new("50"), None).await;

    assert_eq!(refused.err(), "deposit_limit_reached");
    // 24 hours after the first deposit (15:00 in the operator's Asia/Ho_Chi_Minh).
    for part in ["24h", "100.00", "40.00", "2026-11-23 15:00"] {
        assert!(refused.msg().contains(part), "{part} in {}", refused.msg());
    }
    let day = limit(&app.protection(&player).await["deposit_limits"], "day").clone();
    assert_eq!((day["amount"].as_str(), day["used"].as_str()), (Some("100.00"), Some("60.00")));
    assert_eq!(day["left"], "40.00");
    assert_eq!(day["frees_at"], app.now().secs() - 3_600 + DAY);
    app.requested_deposit(&player, "40").await;
    assert_eq!(
        app.recharge(&player, &DepositUpload::new("10"), None).await.err(),
        "deposit_limit_reached"
    );

    // The first deposit leaves the window 24 hours after it was requested.
    app.clock.advance(DAY - 3_600);
    app.requested_deposit(&player, "60").await;
}

#[tokio::test]
async fn the_weekly_and_monthly_limits_count_their_whole_rolling_window() {
    let app = TestApp::spawn_with(many_deposits).await;
    for (period, label, days) in [("week", "7d", 7), ("month", "30d", 30)] {
        let player = app.player().await;
        app.set_limit(&player, "deposit", period, "100").await.assert_ok();
        let start = app.now();
        app.requested_deposit(&player, "60").await;
        app.clock.advance((days - 1) * DAY);

        let refused = app.recharge(&player, &DepositUpload::new("50"), None).await;
        assert_eq!(refused.err(), "deposit_limit_reached", "{period}");
        assert!(refused.msg().contains(label), "{period}: {}", refused.msg());

        app.clock.advance(start + days * DAY - app.now());
        // A session lasts 30 days at most: the player logs in again.
        let login = app.login(&player.phone, PASSWORD).await;
        let token = login.assert_ok()["token"].as_str().expect("a token").to_string();
        app.requested_deposit(&Player { token, ..player }, "50").await;
    }
}

#[tokio::test]
async fn of_several_limits_the_one_with_the_least_left_refuses() {
    let app = TestApp::spawn_with(many_deposits).await;
    let player = app.player().await;
    app.set_limit(&player, "deposit", "day", "100").await.assert_ok();
    app.set_limit(&player, "deposit", "week", "80").await.assert_ok();
    app.set_limit(&player, "deposit", "month", "500").await.assert_ok();
    app.requested_deposit(&player, "30").await;

    let refused = app.recharge(&player, &DepositUpload::new("60"), None).await;

    assert_eq!(refused.err(), "deposit_limit_reached");
    assert!(refused.msg().contains("7d") && refused.msg().contains("50.00"), "{}", refused.msg());
    let state = app.protection(&player).await;
    assert_eq!(state["has_limits"], true);
    assert_eq!(limit(&state["deposit_limits"], "week")["left"], "50.00");
    app.requested_deposit(&player, "50").await;
}

#[tokio::test]
async fn a_decrease_applies_at_once_and_an_increase_waits_exactly_a_day() {
    let app = TestApp::spawn_with(many_deposits).await;
    let player = app.player().await;
    app.set_limit(&player, "deposit", "day", "100").await.assert_ok();
    let asked_at = app.now();

    let raised = app.set_limit(&player, "deposit", "day", "200").await;

    let day = limit(&raised.assert_ok()["deposit_limits"], "day").clone();
    assert_eq!(day["amount"], "100.00", "the increase is not in force yet");
    assert_eq!(
        day["pending"],
        json!({ "amount": "200.00", "effective_at": asked_at.secs() + DAY })
    );
    app.clock.advance(DAY - 60);
    let early = app.recharge(&player, &DepositUpload::new("150"), None).await;
    assert_eq!(early.err(), "deposit_limit_reached", "refused at +23h59m");
    app.clock.advance(60);
    app.requested_deposit(&player, "150").await;
    let day = limit(&app.protection(&player).await["deposit_limits"], "day").clone();
    assert_eq!((day["amount"].as_str(), day["pending"].is_null()), (Some("200.00"), true));

    app.set_limit(&player, "deposit", "day", "300").await.assert_ok();
    let lowered = app.set_limit(&player, "deposit", "day", "160").await;
    let day = limit(&lowered.assert_ok()["deposit_limits"], "day").clone();
    assert_eq!(day["amount"], "160.00", "a decrease applies at once");
    assert!(day["pending"].is_null(), "and cancels the pending increase: {day}");
    let over = app.recharge(&player, &DepositUpload::new("20"), None).await;
    assert_eq!(over.err(), "deposit_limit_reached");

    let removed = app.set_limit(&player, "deposit", "day", "").await;
    let day = limit(&removed.assert_ok()["deposit_limits"], "day").clone();
    assert_eq!(day["amount"], "160.00", "a removal waits too");
    assert_eq!(day["pending"]["amount"], json!(null));
}

#[tokio::test]
async fn rejected_deposits_stop_counting_against_the_limit() {
    let app = TestApp::spawn_with(many_deposits).await;
    let player = app.player().await;
    app.set_limit(&player, "deposit", "day", "100").await.assert_ok();
    let rejected = app.requested_deposit(&player, "80").await;
    assert_eq!(
        app.recharge(&player, &DepositUpload::new("80"), None).await.err(),
        "deposit_limit_reached"
    );

    app.review_deposit(rejected, Some("no payment")).await.expect("rejected");

    app.approved_deposit(&player, "80").await;
    assert_eq!(limit(&app.protection(&player).await["deposit_limits"], "day")["used"], "80.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_limits_are_refused_and_change_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    for (kind, period, amount) in [
        ("bonus", "day", "10"),
        ("loss", "year", "10"),
        ("loss", "day", "0"),
        ("deposit", "week", "abc"),
        ("deposit", "week", "-5"),
    ] {
        let reply = app.set_limit(&player, kind, period, amount).await;
        assert_eq!(reply.err(), "invalid_limit", "{kind} {period} {amount}");
    }
    assert_eq!(app.protection(&player).await["has_limits"], false);
}

/// Closes or opens `room` as the operator would.
async fn set_open(hall: &Hall, room: &str, open: bool) {
    let room = Room::parse(room).expect("a room");
    let write = hall.app.db.write(move |tx| games::rooms::set_room_open(tx, room, open));
    write.await.expect("the room changes");
}

#[tokio::test]
async fn a_bet_past_the_loss_limit_is_refused_and_refunds_count_back() {
    let hall = Hall::open_with(many_deposits).await;
    let app = &hall.app;
    let player = hall.player_with_game("200").await;
    app.set_limit(&player, "loss", "day", "50").await.assert_ok();
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "25"}])).await.assert_ok();

    let refused = hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "30"}])).await;

    assert_eq!(refused.err(), "loss_limit_reached");
    assert!(
        refused.msg().contains("25.00") && refused.msg().contains("50.00"),
        "{}",
        refused.msg()
    );
    assert_eq!(hall.game_balance(&player).await, crate::support::wallet_support::money("175"));
    assert_eq!(limit(&app.protection(&player).await["loss_limits"], "day")["used"], "25.00");

    // The period is refunded: its payouts count against the losses.
    set_open(&hall, "ssc", false).await;
    hall.draw("ssc").await;
    set_open(&hall, "ssc", true).await;
    assert_eq!(limit(&app.protection(&player).await["loss_limits"], "day")["used"], "0.00");
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "50"}])).await.assert_ok();
    let over = hall.bet(&player, "k3", json!([{"option": "big", "amount": "1"}])).await;
    assert_eq!(over.err(), "loss_limit_reached", "every game counts");
    assert_ledger_verifies(app).await;
}
