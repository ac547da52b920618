//! A period or close change while a period is open (early, in the middle, in its last second;
//! for a single room and for a yn28 region; right after the first start, across midnight and
//! across a DST change): until the open period draws, every reader shows and takes bets on
//! that period with its own issue, close and draw; the new rhythm starts after it; issue
//! numbers never go backwards and every period shown is drawn; every bet settles exactly once.

use crate::support::hall::Hall;
use crate::support::helpers::{START, TestApp};
use crate::support::wallet_support::{assert_ledger_verifies, money};
use fairhall::clock::Timestamp;
use fairhall::games::room_changes::{self, RoomChange};
use fairhall::games::rules::room::Room;
use serde_json::{Value, json};

const CHAIN_LENGTH: u32 = 2000;
/// The four tier rooms of the canada region (they share its draws and its period).
const CANADA: [&str; 4] = ["canada_ordinary", "canada_vip", "canada_diamond", "canada_supreme"];

/// The open period of a room as its readers show it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shown {
    issue: String,
    close_at: Timestamp,
    draw_at: Timestamp,
    period_secs: i64,
}

impl Shown {
    fn of(data: &Value) -> Shown {
        Shown {
            issue: data["issue"].as_str().expect("an issue").to_string(),
            close_at: Timestamp::from_secs(data["close_at"].as_i64().expect("a close time")),
            draw_at: Timestamp::from_secs(data["draw_at"].as_i64().expect("a draw time")),
            period_secs: data["period_secs"].as_i64().unwrap_or_default(),
        }
    }
}

/// The open period of `room` from `api/roominfo/index`, checked against the live stream's
/// first event and, for a yn28 room, its region's hall (which shows the ordinary room's close).
async fn shown(app: &TestApp, room: &str) -> Shown {
    let shown = Shown::of(app.room_index(room).await.assert_ok());
    let live = first_live_state(app, room).await;
    assert_eq!((live.issue.as_str(), live.draw_at), (shown.issue.as_str(), shown.draw_at));
    assert_eq!(live.close_at, shown.close_at, "{room}: the live stream's close");
    if let Some((region, _)) = room.split_once('_') {
        let hall = app.get(&format!("/api/rooms/{region}"), None).await.assert_ok().clone();
        let hall = Shown::of(&hall);
        assert_eq!((hall.issue.as_str(), hall.draw_at), (shown.issue.as_str(), shown.draw_at));
    }
    shown
}

/// The first `state` event of `api/live?room=`.
async fn first_live_state(app: &TestApp, room: &str) -> Shown {
    use tower::ServiceExt;
    let request = axum::http::Request::get(format!("/api/live?room={room}"))
        .body(axum::body::Body::empty())
        .expect("a request");
    let response = app.router.clone().oneshot(request).await.expect("a response");
    Shown::of(&crate::games::live::Live::of(response).next().await)
}

/// A change as the operator makes it: `(room, change)` applied in turn.
type Change = Vec<(&'static str, RoomChange)>;

fn period(secs: i64) -> RoomChange {
    RoomChange { period_secs: Some(secs), close_secs: None }
}

fn close(secs: i64) -> RoomChange {
    RoomChange { period_secs: None, close_secs: Some(secs) }
}

async fn apply(app: &TestApp, change: &Change) {
    for (room, change) in change.iter().copied() {
        let (room, timezone, now) =
            (Room::parse(room).expect("a room"), app.config.timezone(), app.now());
        let applied =
            app.db.write(move |tx| room_changes::update_room(tx, room, change, timezone, now));
        applied.await.expect("the update runs").expect("the change is valid");
    }
}

/// When in the open period the change is made.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// A second after the period opened, right after a bet on it.
    Early,
    Middle,
    /// The last second before its draw (betting has closed).
    LastSecond,
}

/// What the change should bring from the period after the open one: (period, close) in s.
#[derive(Clone, Copy, Debug)]
struct Expected {
    period_secs: i64,
    close_secs: i64,
}

/// A bet of the room's minimum on `big` in the open period `shown` of `room`, which must be
/// accepted.
async fn bet(hall: &Hall, player: &crate::support::helpers::Player, room: &str, shown: &Shown) {
    let amount = match room.rsplit_once('_').map(|(_, tier)| tier) {
        Some("vip") => "10",
        Some("diamond") => "50",
        Some("supreme") => "100",
        _ => "1",
    };
    let lines = json!([{"option": "big", "amount": amount}]);
    let reply = hall.bet_on(player, (room, &shown.issue), lines, None).await;
    assert_eq!(reply.code(), 1, "{room} {}: {:?}", shown.issue, reply.err());
}

/// Moves the clock to `at` and ticks as `serve` does.
async fn tick_at(hall: &Hall, at: Timestamp) {
    hall.app.clock.advance(at - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
}

/// Makes `change` at `moment` of `room`'s open period, then follows three more periods,
/// betting on each; checks what every reader shows throughout and that all bets settle once.
async fn change_at(
    hall: &Hall,
    room: &str,
    (moment, change): (Moment, &Change),
    expected: Expected,
) {
    let app = &hall.app;
    let player = hall.player_with_game("30000").await;
    let open = shown(app, room).await;
    let opened_at = open.draw_at - open.period_secs;
    tick_at(hall, (opened_at + 1).max(app.now())).await;
    if app.now() < open.close_at {
        bet(hall, &player, room, &open).await;
    }
    let at = match moment {
        Moment::Early => app.now(),
        Moment::Middle => open.draw_at - open.period_secs / 2,
        Moment::LastSecond => open.draw_at - 1,
    };
    tick_at(hall, at.max(app.now())).await;
    apply(app, change).await;
    assert_eq!(shown(app, room).await, open, "{moment:?}: the open period stays as it was");
    hall.scheduler.tick(app.now()).await;
    assert_eq!(shown(app, room).await, open, "{moment:?}: and after a tick");

    let mut seen = vec![open.clone()];
    tick_at(hall, open.draw_at).await;
    for step in 0..3 {
        let next = shown(app, room).await;
        let previous = seen.last().expect("a period");
        assert!(next.issue > previous.issue, "{moment:?}: {} after {}", next.issue, previous.issue);
        if step == 0 {
            let rhythm = (next.draw_at - previous.draw_at, next.draw_at - next.close_at);
            let new_day = next.issue.ends_with("0001");
            if !new_day {
                assert_eq!(rhythm, (expected.period_secs, expected.close_secs), "{moment:?}");
            }
        }
        assert!(app.now() < next.close_at && next.close_at <= next.draw_at, "{next:?}");
        bet(hall, &player, room, &next).await;
        tick_at(hall, next.close_at - 1).await;
        assert_eq!(shown(app, room).await, next, "{moment:?}: just before its close");
        tick_at(hall, next.draw_at).await;
        seen.push(next);
    }
    for period in &seen {
        let draw = app.fair_draw(room, &period.issue).await;
        assert_eq!(draw.code(), 1, "{room} {} is drawn", period.issue);
    }
    let records = hall.records(&player, "").await;
    assert!(records.iter().all(|record| record["status"] != "open"), "{records:?}");
    let sum = |field: &str| -> i64 {
        let amount = |record: &Value| money(record[field].as_str().expect("an amount")).minor();
        records.iter().map(amount).sum()
    };
    let balance = hall.game_balance(&player).await.minor();
    assert_eq!(balance, 3_000_000 - sum("amount") + sum("payout"), "each bet settled once");
    assert_ledger_verifies(app).await;
}

/// A hall started at `at` (its first chains committed), not advanced any further.
async fn hall_started_at(at: Timestamp, timezone: &str) -> Hall {
    let timezone = timezone.to_string();
    let app = TestApp::spawn_with(move |config| config.app.timezone = timezone).await;
    app.clock.advance(at - START);
    let scheduler = app.scheduler().with_chain_length(CHAIN_LENGTH).with_chunk_bets(7);
    scheduler.tick(app.now()).await;
    Hall { app, scheduler }
}

fn moments() -> [Moment; 3] {
    [Moment::Early, Moment::Middle, Moment::LastSecond]
}

#[tokio::test]
async fn a_single_rooms_period_close_or_both_change_after_the_open_period() {
    for moment in moments() {
        let cases: [(Change, Expected); 3] = [
            (vec![("k3", period(30))], Expected { period_secs: 30, close_secs: 10 }),
            (vec![("k3", close(5))], Expected { period_secs: 60, close_secs: 5 }),
            (
                vec![("k3", RoomChange { period_secs: Some(30), close_secs: Some(5) })],
                Expected { period_secs: 30, close_secs: 5 },
            ),
        ];
        for (change, expected) in cases {
            let hall = hall_started_at(START, "Asia/Ho_Chi_Minh").await;
            change_at(&hall, "k3", (moment, &change), expected).await;
        }
    }
}

#[tokio::test]
async fn a_regions_period_close_or_both_change_after_the_open_period() {
    let closes: Change = CANADA.iter().map(|room| (*room, close(2))).collect();
    let both: Change = closes.into_iter().chain([("canada_vip", period(10))]).collect();
    for moment in moments() {
        let cases: [(Change, Expected); 3] = [
            (vec![("canada_vip", period(90))], Expected { period_secs: 90, close_secs: 60 }),
            (vec![("canada_vip", close(30))], Expected { period_secs: 210, close_secs: 30 }),
            (both.clone(), Expected { period_secs: 10, close_secs: 2 }),
        ];
        for (change, expected) in cases {
            let hall = hall_started_at(START, "Asia/Ho_Chi_Minh").await;
            tick_at(&hall, shown(&hall.app, "canada_vip").await.draw_at).await;
            change_at(&hall, "canada_vip", (moment, &change), expected).await;
        }
    }
}

/// The reported case: right after the first start, the canada rooms' close to 2 s and then
/// their period to 10 s showed earlier issues than the open one, never drawn, and refused bets.
#[tokio::test]
async fn a_change_right_after_the_first_start_shows_no_period_that_is_never_drawn() {
    let closes: Change = CANADA.iter().map(|room| (*room, close(2))).collect();
    let both: Change = closes.into_iter().chain([("canada_vip", period(10))]).collect();
    for room in ["canada_ordinary", "canada_supreme"] {
        let hall = hall_started_at(START, "Asia/Ho_Chi_Minh").await;
        change_at(
            &hall,
            room,
            (Moment::Middle, &both),
            Expected { period_secs: 10, close_secs: 2 },
        )
        .await;
    }
    let hall = hall_started_at(START, "Asia/Ho_Chi_Minh").await;
    let player = hall.player_with_game("10").await;
    let open = shown(&hall.app, "k3").await;
    bet(&hall, &player, "k3", &open).await;
}

/// 15:00 in Ho Chi Minh City; its midnight is 9 h later.
const MIDNIGHT: Timestamp = Timestamp::from_secs(START.secs() + 9 * 3600);

#[tokio::test]
async fn a_change_in_the_days_last_period_continues_after_midnight() {
    // k3's last period (1439) opens 120 s before midnight, canada's (0411) 300 s before.
    for (room, opens_at, change, expected) in [
        ("k3", MIDNIGHT - 120, period(300), Expected { period_secs: 300, close_secs: 10 }),
        ("canada_vip", MIDNIGHT - 300, period(120), Expected { period_secs: 120, close_secs: 60 }),
    ] {
        for moment in moments() {
            let hall = hall_started_at(opens_at - 10, "Asia/Ho_Chi_Minh").await;
            tick_at(&hall, opens_at).await;
            let change = vec![(room, change)];
            change_at(&hall, room, (moment, &change), expected).await;
        }
    }
}

/// 2027-03-28T00:50:00Z: 01:50 in Berlin, ten minutes before the clocks go forward to 03:00.
const BERLIN_SPRING: Timestamp = Timestamp::from_secs(1_806_195_000);
/// 2027-10-31T00:50:00Z: 02:50 in Berlin, ten minutes before the clocks go back to 02:00.
const BERLIN_AUTUMN: Timestamp = Timestamp::from_secs(1_824_943_800);

#[tokio::test]
async fn a_change_across_a_dst_change_keeps_issues_increasing_and_draws_every_period() {
    for at in [BERLIN_SPRING, BERLIN_AUTUMN] {
        for (room, change, expected) in [
            ("k3", period(180), Expected { period_secs: 180, close_secs: 10 }),
            ("canada_vip", period(240), Expected { period_secs: 240, close_secs: 60 }),
        ] {
            let hall = hall_started_at(at, "Europe/Berlin").await;
            let change = vec![(room, change)];
            change_at(&hall, room, (Moment::Middle, &change), expected).await;
            // The periods go on across the hour that is skipped or repeated.
            let mut last = shown(&hall.app, room).await;
            for _ in 0..30 {
                tick_at(&hall, last.draw_at).await;
                let next = shown(&hall.app, room).await;
                assert!(next.issue > last.issue, "{} after {}", next.issue, last.issue);
                assert!(next.draw_at > last.draw_at);
                last = next;
            }
            assert_ledger_verifies(&hall.app).await;
        }
    }
}
