//! Each yn28 tier room bets under its own limits (migration V8), and `fairhall admin room
//! limits` changes a room's defaults or one option's override from the next bet on.

use crate::support::binary::{fail, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{assert_ledger_verifies, money};
use fairhall::games::limits::{self, LimitsChange, LimitsOverride, LimitsRefusal, RoomLimits};
use fairhall::games::rules::options::BetOption;
use fairhall::games::rules::room::{Game, Room};
use serde_json::{Value, json};

/// V8's defaults in tier order: (tier, [min_bet, max_user, max_total, payout_cap]).
const TIER_LIMITS: [(&str, [&str; 4]); 4] = [
    ("ordinary", ["1.00", "5000.00", "100000.00", "500000.00"]),
    ("vip", ["10.00", "20000.00", "400000.00", "2000000.00"]),
    ("diamond", ["50.00", "50000.00", "1000000.00", "5000000.00"]),
    ("supreme", ["100.00", "200000.00", "4000000.00", "20000000.00"]),
];

/// Enough in the game balance to enter every tier (supreme: 20,000) and bet there.
const RICH: &str = "30000";

fn big(amount: &str) -> Value {
    json!([{"option": "big", "amount": amount}])
}

async fn stored_limits(app: &TestApp, room: &str) -> RoomLimits {
    let room = Room::parse(room).expect("a room");
    let read = app.db.read(move |connection| limits::room_limits(connection, room));
    read.await.expect("the limits")
}

/// The limits `api/roominfo/odds` shows for `option` of `room`: [min_bet, max_user, max_total].
async fn odds_page_limits(app: &TestApp, room: &str, option: &str) -> [String; 3] {
    let page = app.get(&format!("/api/roominfo/odds?room={room}"), None).await;
    let options = page.assert_ok()["options"].as_array().expect("options").clone();
    let terms = options.iter().find(|terms| terms["option"] == option).expect("the option");
    ["min_bet", "max_user", "max_total"].map(|field| terms[field].as_str().unwrap_or("").into())
}

/// A hall on a data directory the CLI shares.
async fn hall_with_cli() -> (tempfile::TempDir, Hall) {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let scheduler = app.scheduler().with_chain_length(2_000);
    scheduler.tick(app.now()).await;
    // The first chains start with the next period of each source (at most 300 s away).
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    (dir, Hall { app, scheduler })
}

#[tokio::test]
async fn each_tier_room_answers_its_own_limits() {
    let hall = Hall::open().await;
    for region in ["canada", "china", "usa"] {
        let page = hall.app.get(&format!("/api/rooms/{region}"), None).await.assert_ok().clone();
        let rooms = page["rooms"].as_array().expect("rooms");
        for (room, (tier, [min_bet, max_user, max_total, payout_cap])) in
            rooms.iter().zip(TIER_LIMITS)
        {
            let code = format!("{region}_{tier}");
            assert_eq!(room["room"], code.as_str());
            let shown = ["min_bet", "max_user", "max_total"].map(|field| &room[field]);
            assert_eq!(shown, [min_bet, max_user, max_total].map(Value::from).each_ref(), "{code}");
            for option in ["big", "sum_13", "leopard"] {
                let odds = odds_page_limits(&hall.app, &code, option).await;
                assert_eq!(odds, [min_bet, max_user, max_total], "{code} {option}");
            }
            let stored = stored_limits(&hall.app, &code).await.defaults;
            assert_eq!(stored.payout_cap, money(payout_cap), "{code}");
        }
    }
    // Rooms of other games keep V4's defaults.
    assert_eq!(odds_page_limits(&hall.app, "k3", "big").await, ["1.00", "50000.00", "1000000.00"]);
}

#[tokio::test]
async fn a_stake_under_a_tiers_minimum_is_refused_and_taken_in_a_lower_tier() {
    let hall = Hall::open().await;
    let player = hall.player_with_game(RICH).await;
    let cases = [("9.99", "canada_vip", "canada_ordinary"), ("49.99", "usa_diamond", "usa_vip")];
    let cases = cases.into_iter().chain([("99.99", "china_supreme", "china_diamond")]);
    let mut balance = money(RICH).minor();
    for (stake, refusing, taking) in cases {
        let refused = hall.bet(&player, refusing, big(stake)).await;
        assert_eq!(refused.err(), "bet_out_of_limits", "{stake} in {refusing}");
        assert_eq!(hall.game_balance(&player).await.minor(), balance, "nothing changed");
        assert!(hall.records(&player, &format!("room={refusing}")).await.is_empty());

        let placed = hall.bet(&player, taking, big(stake)).await;
        balance -= money(stake).minor();
        assert_eq!(placed.assert_ok()["bets"][0]["amount"], stake, "{stake} in {taking}");
        assert_eq!(hall.game_balance(&player).await.minor(), balance);
    }
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn the_ordinary_tiers_per_player_maximum_refuses_what_supreme_takes() {
    let hall = Hall::open().await;
    let player = hall.player_with_game(RICH).await;

    let refused = hall.bet(&player, "canada_ordinary", big("5000.01")).await;
    assert_eq!(refused.err(), "bet_out_of_limits");
    assert_eq!(hall.game_balance(&player).await, money(RICH), "nothing changed");
    let placed = hall.bet(&player, "canada_supreme", big("6000")).await;
    assert_eq!(placed.assert_ok()["game_balance"], "24000.00");

    // The maximum is per player and period: two bets may not pass it together.
    hall.bet(&player, "canada_ordinary", big("4000")).await.assert_ok();
    let over = hall.bet(&player, "canada_ordinary", big("1000.01")).await;
    assert_eq!(over.err(), "bet_out_of_limits");
    let last = hall.bet(&player, "canada_ordinary", big("1000")).await;
    assert_eq!(last.assert_ok()["game_balance"], "19000.00");
    assert_eq!(hall.records(&player, "room=canada_ordinary").await.len(), 2);
    assert_ledger_verifies(&hall.app).await;
}

/// Bets `amount` on `option` in canada_ordinary.
async fn bet_on(hall: &Hall, player: &Player, option: &str, amount: &str) -> Reply {
    hall.bet(player, "canada_ordinary", json!([{"option": option, "amount": amount}])).await
}

#[tokio::test]
async fn admin_room_limits_applies_from_the_next_bet_and_an_override_to_its_option_only() {
    let (dir, hall) = hall_with_cli().await;
    let player = hall.player_with_game(RICH).await;
    let limits = ["admin", "room", "limits", "canada_ordinary"];

    let stdout = succeed(dir.path(), &[&limits[..], &["--min-bet", "20"]].concat());
    assert!(
        has_row(&stdout, &["default", "20.00", "5000.00", "100000.00", "500000.00"]),
        "{stdout}"
    );
    assert_eq!(bet_on(&hall, &player, "big", "19.99").await.err(), "bet_out_of_limits");
    bet_on(&hall, &player, "big", "20").await.assert_ok();
    let region = hall.app.get("/api/rooms/canada", None).await.assert_ok().clone();
    assert_eq!(
        (&region["rooms"][0]["min_bet"], &region["rooms"][1]["min_bet"]),
        (&json!("20.00"), &json!("10.00"))
    );
    assert_eq!(odds_page_limits(&hall.app, "china_ordinary", "big").await[0], "1.00");

    let stdout =
        succeed(dir.path(), &[&limits[..], &["--option", "big", "--max-user", "100"]].concat());
    assert!(has_row(&stdout, &["big", "20.00", "100.00", "100000.00", "500000.00"]), "{stdout}");
    assert_eq!(bet_on(&hall, &player, "big", "80.01").await.err(), "bet_out_of_limits");
    bet_on(&hall, &player, "big", "80").await.assert_ok();
    bet_on(&hall, &player, "small", "500").await.assert_ok();
    assert_eq!(odds_page_limits(&hall.app, "canada_ordinary", "big").await[1], "100.00");
    assert_eq!(odds_page_limits(&hall.app, "canada_ordinary", "small").await[1], "5000.00");
    let shown = succeed(dir.path(), &["admin", "room", "show", "canada_ordinary", "--json"]);
    let shown: Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!(
        shown["limits"],
        json!({"min_bet": "20.00", "max_user": "5000.00", "max_total": "100000.00",
               "payout_cap": "500000.00", "options": {"big": {"max_user": "100.00"}}})
    );

    // Cleared, the option bets under the room's defaults again.
    let stdout = succeed(dir.path(), &[&limits[..], &["--option", "big", "--clear"]].concat());
    assert!(!stdout.lines().any(|line| line.starts_with("big ")), "{stdout}");
    let again = [&limits[..], &["--min-bet", "20", "--json"]].concat();
    let printed: Value = serde_json::from_str(&succeed(dir.path(), &again)).expect("JSON");
    assert_eq!(
        (printed["min_bet"].clone(), printed["options"].clone()),
        (json!("20.00"), json!({}))
    );
    bet_on(&hall, &player, "big", "1000").await.assert_ok();
    let records = hall.records(&player, "room=canada_ordinary").await;
    assert_eq!(records.len(), 4);
    assert_eq!(hall.game_balance(&player).await, money("28400"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn invalid_limits_are_refused_and_change_nothing() {
    let (dir, hall) = hall_with_cli().await;
    let overridden =
        ["admin", "room", "limits", "canada_vip", "--option", "sum_13", "--max-user", "100"];
    succeed(dir.path(), &overridden);
    let before = stored_limits(&hall.app, "canada_vip").await;
    let shown = succeed(dir.path(), &["admin", "room", "show", "canada_vip", "--json"]);
    let cases: &[(&[&str], &str, &str)] = &[
        (&["--min-bet", "-5"], "--min-bet -5: not an amount", "negative"),
        (&["--max-total", "0"], "--max-total: every limit must be above 0", "zero"),
        (&["--payout-cap", "1.005"], "--payout-cap 1.005: not an amount", "three decimals"),
        (&["--max-user", "lots"], "--max-user lots: not an amount", "not a number"),
        (
            &["--min-bet", "30000"],
            "the room's defaults would have min_bet 30000.00 above max_user 20000.00",
            "min above the defaults' max",
        ),
        (
            &["--max-user", "400000.01"],
            "max_user 400000.01 above max_total 400000.00",
            "max above the total",
        ),
        (
            &["--min-bet", "100.01"],
            "option sum_13 would have min_bet 100.01 above max_user 100.00",
            "the defaults' min above an option's override",
        ),
        (
            &["--option", "sum_28", "--min-bet", "5"],
            "--option sum_28: not an option code of game yn28",
            "unknown option",
        ),
        (&["--option", "p1_big", "--min-bet", "5"], "--option p1_big", "another game's option"),
        (&["--clear"], "--clear removes one option's override", "clear without option"),
        (
            &["--option", "sum_13", "--clear", "--min-bet", "5"],
            "give no amounts",
            "clear and amounts",
        ),
        (&[], "nothing to change", "no flag"),
    ];
    for (flags, message, description) in cases {
        let args = [&["admin", "room", "limits", "canada_vip"][..], *flags].concat();
        let refused = fail(dir.path(), &args);
        assert!(refused.stderr.contains(message), "{description}: {refused:?}");
    }
    let unknown_room = fail(dir.path(), &["admin", "room", "limits", "mars", "--min-bet", "5"]);
    assert!(unknown_room.stderr.contains("no room \"mars\""), "{unknown_room:?}");
    assert_eq!(unknown_room.status.code(), Some(4), "a room that does not exist");

    // The domain verb refuses an option of another game even when its code exists in yn28.
    let k3_big = BetOption::parse(Game::K3, "big").expect("an option");
    let values = LimitsOverride { min_bet: Some(money("5")), ..Default::default() };
    let change = LimitsChange::Option { option: k3_big, values };
    let room = Room::parse("canada_vip").expect("a room");
    let refused = hall.app.db.write(move |tx| limits::set_room_limits(tx, room, change)).await;
    let expected = LimitsRefusal::UnknownOption { game: Game::Yn28, option: "big".into() };
    assert_eq!(refused.expect("the write runs"), Err(expected));

    assert_eq!(stored_limits(&hall.app, "canada_vip").await, before);
    assert_eq!(succeed(dir.path(), &["admin", "room", "show", "canada_vip", "--json"]), shown);
    assert_eq!(
        odds_page_limits(&hall.app, "canada_vip", "big").await,
        ["10.00", "20000.00", "400000.00"]
    );
    let help = succeed(dir.path(), &["admin", "room", "limits", "--help"]);
    assert!(help.contains("from the next bet on"), "{help}");
}

/// Whether the table `stdout` has a row of exactly these cells.
fn has_row(stdout: &str, cells: &[&str]) -> bool {
    stdout.lines().any(|line| line.split_whitespace().eq(cells.iter().copied()))
}
