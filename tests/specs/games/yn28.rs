//! The yn28 trading hall through the real router: the region pages, entering tier rooms, the
//! entry minimum on bets, real online counts from live streams, the trend chart and trades.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{money, post_request};
use fairhall::games;
use fairhall::games::rules::room::Room;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const TIERS: [(&str, &str); 4] =
    [("ordinary", "0.00"), ("vip", "1000.00"), ("diamond", "5000.00"), ("supreme", "20000.00")];

async fn close_room(hall: &Hall, code: &str) {
    let room = Room::parse(code).expect("a room");
    let closed = hall.app.db.write(move |tx| games::rooms::set_room_open(tx, room, false));
    closed.await.expect("closed");
}

async fn region(hall: &Hall, region: &str, player: Option<&Player>) -> Value {
    let token = player.map(|player| player.token.as_str());
    hall.app.get(&format!("/api/rooms/{region}"), token).await.assert_ok().clone()
}

fn column<'a>(page: &'a Value, field: &str) -> Vec<&'a Value> {
    page["rooms"].as_array().expect("rooms").iter().map(|room| &room[field]).collect()
}

#[tokio::test]
async fn each_region_lists_its_period_and_four_tier_rooms() {
    let hall = Hall::open().await;
    for (code, period_secs) in [("canada", 210), ("china", 300), ("usa", 120)] {
        let page = region(&hall, code, None).await;
        assert_eq!(
            (page["region"].as_str(), page["period_secs"].as_i64()),
            (Some(code), Some(period_secs))
        );
        let index = hall.app.room_index(&format!("{code}_vip")).await.assert_ok().clone();
        for field in ["issue", "close_at", "draw_at"] {
            assert_eq!(page[field], index[field], "{code} {field}");
        }
        assert_eq!(page["now"], hall.app.now());
        let rooms = page["rooms"].as_array().expect("rooms");
        assert_eq!(rooms.len(), 4);
        for (room, (tier, entry_min)) in rooms.iter().zip(TIERS) {
            assert_eq!(room["room"], format!("{code}_{tier}"));
            assert_eq!(
                (room["tier"].as_str(), room["entry_min"].as_str()),
                (Some(tier), Some(entry_min))
            );
            assert_eq!((room["is_open"].as_bool(), room["online"].as_i64()), (Some(true), Some(0)));
            assert_eq!(room["can_enter"], Value::Null, "no session");
            for field in ["min_bet", "max_user", "max_total"] {
                assert!(room[field].as_str().is_some_and(|text| text.contains('.')), "{room}");
            }
        }
    }
    let openapi = hall.app.get("/api/openapi.json", None).await.body.clone();
    for path in ["canada", "china", "usa", "enter"].map(|end| format!("/api/rooms/{end}")) {
        assert!(openapi["paths"][&path].is_object(), "{path} is documented");
    }
    assert!(openapi["paths"]["/api/trend/index"]["get"].is_object());
    // The limits are the room's own (as the odds page shows them for a default option).
    let odds = hall.app.get("/api/roominfo/odds?room=usa_diamond", None).await.assert_ok().clone();
    let usa = region(&hall, "usa", None).await;
    assert_eq!(usa["rooms"][2]["min_bet"], odds["options"][0]["min_bet"]);
    assert_eq!(usa["rooms"][2]["max_total"], odds["options"][0]["max_total"]);
}

#[tokio::test]
async fn can_enter_follows_the_game_balance_and_the_open_flag() {
    let hall = Hall::open().await;
    let rich = hall.player_with_game("5000").await;
    let poor = hall.player_with_game("999.99").await;
    let page = region(&hall, "canada", Some(&rich)).await;
    assert_eq!(
        column(&page, "can_enter"),
        [&json!(true), &json!(true), &json!(true), &json!(false)]
    );
    let page = region(&hall, "canada", Some(&poor)).await;
    assert_eq!(
        column(&page, "can_enter"),
        [&json!(true), &json!(false), &json!(false), &json!(false)]
    );

    close_room(&hall, "canada_vip").await;
    let page = region(&hall, "canada", Some(&rich)).await;
    assert_eq!(column(&page, "is_open"), [&json!(true), &json!(false), &json!(true), &json!(true)]);
    assert_eq!(
        column(&page, "can_enter"),
        [&json!(true), &json!(false), &json!(true), &json!(false)]
    );
    let china = region(&hall, "china", Some(&rich)).await;
    assert_eq!(china["rooms"][1]["is_open"], true, "other regions keep their rooms");

    // The latest result is the period drawn last: the open one once it is drawn.
    assert_ne!(page["last"]["issue"], page["issue"]);
    let drawn = page["issue"].clone();
    hall.draw("canada_ordinary").await;
    let page = region(&hall, "canada", None).await;
    assert_eq!(page["last"]["issue"], drawn);
    assert_eq!(page["last"]["values"]["game"], "yn28");
    assert_ne!(page["issue"], drawn);
}

async fn enter(hall: &Hall, player: &Player, form: Value) -> crate::support::helpers::Reply {
    hall.app.send(post_request("/api/rooms/enter", player, &form, None)).await
}

#[tokio::test]
async fn entering_a_room_needs_it_open_and_the_entry_minimum() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("1000").await;
    let poor = hall.player_with_game("999.99").await;
    let entered = enter(&hall, &player, json!({"room": "canada_vip"})).await;
    assert_eq!(entered.assert_ok(), &json!({"room": "canada_vip", "game_balance": "1000.00"}));
    assert_eq!(
        enter(&hall, &poor, json!({"room": "canada_vip"})).await.err(),
        "room_balance_too_low"
    );
    assert_eq!(
        enter(&hall, &poor, json!({"room": "canada_ordinary"})).await.assert_ok()["game_balance"],
        "999.99"
    );
    assert_eq!(
        enter(&hall, &player, json!({"room": "usa_diamond"})).await.err(),
        "room_balance_too_low"
    );

    close_room(&hall, "canada_vip").await;
    assert_eq!(enter(&hall, &player, json!({"room": "canada_vip"})).await.err(), "room_closed");
    assert_eq!(enter(&hall, &poor, json!({"room": "canada_vip"})).await.err(), "room_closed");
    assert_eq!(enter(&hall, &player, json!({"room": "mars_vip"})).await.err(), "bad_params");
    assert_eq!(enter(&hall, &player, json!({})).await.err(), "missing_params");
    let form = json!({"room": "canada_vip"});
    hall.app.post_json("/api/rooms/enter", &form, &[]).await.assert_login_required();
}

#[tokio::test]
async fn betting_in_a_tier_room_needs_its_entry_minimum() {
    let hall = Hall::open().await;
    let poor = hall.player_with_game("999.99").await;
    let rich = hall.player_with_game("1000").await;
    let big = json!([{"option": "big", "amount": "10"}]);
    let refused = hall.bet(&poor, "canada_vip", big.clone()).await;
    assert_eq!(refused.err(), "room_balance_too_low");
    assert_eq!(hall.game_balance(&poor).await, money("999.99"), "nothing changed");
    let placed = hall.bet(&rich, "canada_vip", big).await;
    assert_eq!(placed.assert_ok()["game_balance"], "990.00");
    let records = hall.records(&rich, "room=canada_vip").await;
    assert_eq!(records.len(), 1);
}

/// Opens the live stream of `room`, as `player` or anonymously, and waits for its first event.
async fn open_live(hall: &Hall, room: &str, player: Option<&Player>) -> axum::body::BodyDataStream {
    use futures_util::StreamExt;
    use tower::ServiceExt;
    let token = player.map(|player| format!("&token={}", player.token)).unwrap_or_default();
    let path = format!("/api/live?room={room}{token}");
    let request = axum::http::Request::get(path).body(axum::body::Body::empty()).expect("request");
    let response = hall.app.router.clone().oneshot(request).await.expect("a response");
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.into_body().into_data_stream();
    let first = tokio::time::timeout(std::time::Duration::from_secs(5), body.next()).await;
    assert!(first.expect("an event in time").is_some_and(|chunk| chunk.is_ok()));
    body
}

async fn online(hall: &Hall) -> Vec<i64> {
    let page = region(hall, "canada", None).await;
    column(&page, "online").into_iter().map(|count| count.as_i64().expect("a count")).collect()
}

#[tokio::test]
async fn online_counts_the_distinct_players_with_a_live_stream_open() {
    let hall = Hall::open().await;
    let (first, second) = (hall.app.player().await, hall.app.player().await);
    assert_eq!(online(&hall).await, [0, 0, 0, 0]);
    let stream = open_live(&hall, "canada_vip", Some(&first)).await;
    assert_eq!(online(&hall).await, [0, 1, 0, 0]);
    let again = open_live(&hall, "canada_vip", Some(&first)).await;
    let anonymous = open_live(&hall, "canada_vip", None).await;
    assert_eq!(online(&hall).await, [0, 1, 0, 0], "one player, anonymous not counted");
    let other = open_live(&hall, "canada_vip", Some(&second)).await;
    let ordinary = open_live(&hall, "canada_ordinary", Some(&second)).await;
    let elsewhere = open_live(&hall, "usa_vip", Some(&second)).await;
    assert_eq!(online(&hall).await, [1, 2, 0, 0]);

    drop(stream);
    assert_eq!(online(&hall).await, [1, 2, 0, 0], "the first player still has a stream");
    drop((again, anonymous));
    assert_eq!(online(&hall).await, [1, 1, 0, 0]);
    drop((other, ordinary));
    assert_eq!(online(&hall).await, [0, 0, 0, 0]);
    let usa = region(&hall, "usa", None).await;
    assert_eq!(usa["rooms"][1]["online"], 1);
    drop(elsewhere);
    assert_eq!(region(&hall, "usa", None).await["rooms"][1]["online"], 0);
}

/// The tags of a, b, c worked out by hand from GAMES.md's definitions.
fn expected_tags(digits: [u64; 3]) -> Vec<String> {
    let sum: u64 = digits.iter().sum();
    let (size, parity) =
        (if sum >= 14 { "big" } else { "small" }, if sum % 2 == 1 { "odd" } else { "even" });
    let mut tags = vec![size.to_string(), parity.to_string(), format!("{size}_{parity}")];
    if sum >= 22 {
        tags.push("extreme_big".into());
    }
    if sum <= 5 {
        tags.push("extreme_small".into());
    }
    let [a, b, c] = digits;
    let mut sorted = digits;
    sorted.sort_unstable();
    if a == b && b == c {
        tags.push("leopard".into());
    } else if a == b || b == c || a == c {
        tags.push("pair".into());
    } else if sorted[1] == sorted[0] + 1 && sorted[2] == sorted[1] + 1 {
        tags.push("straight".into());
    }
    tags
}

#[tokio::test]
async fn the_trend_lists_tags_counts_and_runs_of_the_region() {
    let hall = Hall::open_with(|config| config.games.long_run_min = 2).await;
    for _ in 0..6 {
        hall.draw("canada_ordinary").await;
    }
    let trend = hall.app.get("/api/trend/index?limit=20", None).await.assert_ok().clone();
    assert_eq!(trend["region"], "canada", "canada by default");
    let history = hall.app.get("/api/roominfo/history?room=canada_ordinary&limit=50", None).await;
    let history = history.assert_ok()["list"].as_array().expect("draws").clone();
    let list = trend["list"].as_array().expect("a list");
    assert!(list.len() >= 6);
    assert_eq!(list.len(), history.len());
    let mut tally: BTreeMap<String, i64> = BTreeMap::new();
    for (row, draw) in list.iter().zip(&history) {
        let result = &draw["values"]["result"];
        assert_eq!((&row["issue"], &row["numbers"]), (&draw["issue"], &result["numbers"]));
        let digits: Vec<u64> =
            result["digits"].as_array().expect("digits").iter().filter_map(Value::as_u64).collect();
        let digits = [digits[0], digits[1], digits[2]];
        assert_eq!([&row["a"], &row["b"], &row["c"]], digits.map(Value::from).each_ref());
        assert_eq!(row["sum"], digits.iter().sum::<u64>());
        let tags = expected_tags(digits);
        assert_eq!(row["tags"], json!(tags), "{row}");
        for tag in tags {
            *tally.entry(tag).or_default() += 1;
        }
    }
    for window in ["20", "50", "100"] {
        let counts = &trend["counts"][window];
        assert_eq!(counts.as_object().map(|counts| counts.len()), Some(13), "every tag, zeros too");
        for (tag, count) in counts.as_object().expect("counts") {
            assert_eq!(
                count.as_i64(),
                Some(tally.get(tag).copied().unwrap_or(0)),
                "{window} {tag}"
            );
        }
    }
    // The runs are the long board's for the region (under its ordinary room).
    let board = hall.app.get("/api/cc/long?threshold=2", None).await.assert_ok().clone();
    let mut expected: Vec<Value> = board["list"]
        .as_array()
        .expect("runs")
        .iter()
        .filter(|run| run["room"] == "canada_ordinary")
        .map(|run| json!({"option": run["option"], "length": run["length"], "issue": run["issue"]}))
        .collect();
    let mut runs = trend["runs"].as_array().expect("runs").clone();
    let by_option = |run: &Value| run["option"].as_str().unwrap_or_default().to_string();
    runs.sort_by_key(by_option);
    expected.sort_by_key(by_option);
    assert_eq!(runs, expected);
    assert!(runs.iter().all(|run| run["length"].as_i64() >= Some(2)));
    let lengths: Vec<i64> = trend["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .filter_map(|run| run["length"].as_i64())
        .collect();
    assert!(lengths.windows(2).all(|pair| pair[0] >= pair[1]), "longest first");
}

#[tokio::test]
async fn the_trend_takes_a_region_and_a_bounded_limit() {
    let hall = Hall::open().await;
    hall.draw("usa_ordinary").await;
    let usa = hall.app.get("/api/trend/index?region=usa&limit=200", None).await.assert_ok().clone();
    assert_eq!(usa["region"], "usa");
    assert_eq!(usa["list"][0]["numbers"].as_array().map(Vec::len), Some(6), "usa draws 6");
    // A region that has not drawn yet (before the scheduler's first tick) has an empty trend.
    let fresh = TestApp::spawn().await;
    let empty = fresh.get("/api/trend/index?region=china", None).await.assert_ok().clone();
    assert_eq!(
        (empty["list"].as_array().map(Vec::len), empty["counts"]["20"]["big"].as_i64()),
        (Some(0), Some(0))
    );
    for query in ["limit=19", "limit=201", "limit=ten", "region=mars", "region=canada_vip"] {
        let reply = hall.app.get(&format!("/api/trend/index?{query}"), None).await;
        assert_eq!(reply.err(), "bad_params", "{query}");
    }
}

async fn trade(
    hall: &Hall,
    player: &Player,
    room: &str,
    bets: Value,
    mode: &str,
) -> crate::support::helpers::Reply {
    let issue = hall.open_issue(room).await;
    let form = json!({"room": room, "issue": issue, "bets": bets, "mode": mode});
    hall.app.send(post_request("/api/rooms/betting", player, &form, None)).await
}

#[tokio::test]
async fn a_trade_is_a_big_or_small_bet_of_at_least_ten() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    let line = |option: &str, amount: &str| json!([{"option": option, "amount": amount}]);
    let refusals = [
        ("canada_ordinary", line("small", "9.99"), "trade", "bet_out_of_limits"),
        ("canada_ordinary", line("odd", "10"), "trade", "bad_params"),
        ("canada_ordinary", line("sum_13", "10"), "trade", "bad_params"),
        ("k3", line("big", "10"), "trade", "bad_params"),
        ("canada_ordinary", line("big", "10"), "sell", "bad_params"),
        (
            "canada_ordinary",
            json!([{"option": "big", "amount": "10"}, {"option": "small", "amount": "5"}]),
            "trade",
            "bet_out_of_limits",
        ),
    ];
    for (room, bets, mode, key) in refusals {
        let reply = trade(&hall, &player, room, bets.clone(), mode).await;
        assert_eq!(reply.err(), key, "{room} {bets} {mode}");
    }
    assert_eq!(hall.game_balance(&player).await, money("100"), "nothing changed");

    let up = trade(&hall, &player, "canada_ordinary", line("big", "10"), "trade").await;
    assert_eq!(up.assert_ok()["bets"], json!([{"option": "big", "amount": "10.00", "odds": "2"}]));
    let down = trade(&hall, &player, "usa_ordinary", line("small", "25.50"), "trade").await;
    assert_eq!(down.assert_ok()["game_balance"], "64.50");
    // Without the mode, a small stake and other options stay as the room allows.
    let plain = trade(&hall, &player, "canada_ordinary", line("odd", "5"), "").await;
    assert_eq!(plain.assert_ok()["game_balance"], "59.50");
}
