//! Betting and settlement through the real router and scheduler with a fixed clock: a full
//! period of every game, each refusal with its key (and nothing changed), limits, idempotent
//! replays, concurrent bets, refunds, and missed periods settled exactly once.

use crate::support::hall::Hall;
use crate::support::helpers::{TestApp, send_to};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, post_request};
use fairhall::clock::Timestamp;
use fairhall::games;
use fairhall::games::fairness::fair::{Seed, verify_link};
use fairhall::games::rules::draw::Draw;
use fairhall::games::rules::issue::Issue;
use fairhall::games::rules::odds::Odds;
use fairhall::games::rules::options::BetOption;
use fairhall::games::rules::room::{Game, Room};
use fairhall::games::rules::settle::{GameRules, Outcome, PlacedBet, payout};
use fairhall::money::Money;
use serde_json::{Value, json};

/// What a settled bet must have been credited, from the published draw and the default rules.
fn expected_payout(room: Room, record: &Value) -> Money {
    expected_settlement(room, record).1
}

/// How a settled bet must have ended and what it must have been credited.
fn expected_settlement(room: Room, record: &Value) -> (Outcome, Money) {
    let draw: Draw = serde_json::from_value(record["result"].clone()).expect("a drawn result");
    let option = BetOption::parse(room.game(), record["option"].as_str().expect("option"))
        .expect("a known option");
    let odds = Odds::parse(record["odds"].as_str().expect("odds")).expect("odds");
    let stake = money(record["amount"].as_str().expect("amount"));
    let rules = GameRules::defaults(room.game());
    let bet = PlacedBet { option, odds, stake };
    let outcome = games::rules::settle::settle(&bet, &draw, &rules).expect("same game");
    (outcome, payout(stake, outcome, &rules).expect("a payout"))
}

fn amount(value: &Value) -> Money {
    money(value.as_str().expect("an amount"))
}

#[tokio::test]
async fn a_full_period_of_every_game_settles_through_the_ledger() {
    let hall = Hall::open().await;
    let orders = [
        (
            "k3",
            json!([{"option": "big", "amount": "10"}, {"option": "sum_10", "amount": "5"},
                      {"option": "triple_any", "amount": "2"}, {"option": "die_3", "amount": "4"}]),
        ),
        (
            "pk10",
            json!([{"option": "p1_car_3", "amount": "10"}, {"option": "sum_big", "amount": "8"},
                        {"option": "p2_dragon", "amount": "6"}]),
        ),
        (
            "ssc",
            json!([{"option": "b1_7", "amount": "10"}, {"option": "dragon", "amount": "8"},
                       {"option": "front_mixed", "amount": "5"}]),
        ),
        (
            "rgb1",
            json!([{"option": "red", "amount": "10"}, {"option": "violet", "amount": "10"},
                        {"option": "num_5", "amount": "3"}]),
        ),
        (
            "usa_ordinary",
            json!([{"option": "big_odd", "amount": "10"}, {"option": "pair", "amount": "5"}]),
        ),
    ];
    for (room_code, bets) in orders {
        let room = Room::parse(room_code).expect("a room");
        let player = hall.player_with_game("500").await;
        let placed = hall.bet(&player, room_code, bets.clone()).await;
        let data = placed.assert_ok().clone();
        let staked: i64 =
            bets.as_array().expect("bets").iter().map(|bet| amount(&bet["amount"]).minor()).sum();
        assert_eq!(amount(&data["game_balance"]).minor(), 50_000 - staked, "{room_code}");
        assert_eq!(data["bets"].as_array().map(Vec::len), bets.as_array().map(Vec::len));
        let open = hall.records(&player, "").await;
        assert!(open.iter().all(|bet| bet["status"] == "open" && bet["profit"] == "0.00"));

        hall.draw(room_code).await;
        let settled = hall.records(&player, "").await;
        let mut credited = 0;
        for record in &settled {
            let (outcome, payout) = expected_settlement(room, record);
            assert_eq!(amount(&record["payout"]), payout, "{room_code} {record}");
            let status = match outcome {
                Outcome::Refund => "refunded",
                Outcome::Lose => "lost",
                _ => "won",
            };
            assert_eq!(record["status"], status, "{room_code} {record}");
            assert_eq!(record["order_no"], data["order_no"]);
            credited += payout.minor();
        }
        let balance = hall.game_balance(&player).await.minor();
        assert_eq!(balance, 50_000 - staked + credited, "{room_code}");
        let issue = Issue::parse(data["issue"].as_str().expect("issue")).expect("issue");
        let settled_flag = hall.app.db.read(move |c| games::settlement::is_settled(c, room, issue));
        assert!(settled_flag.await.expect("readable"), "{room_code} is marked settled");
    }
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn every_refusal_has_its_key_and_changes_nothing() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    let issue = hall.open_issue("k3").await;
    let big = |amount: &str| json!([{"option": "big", "amount": amount}]);
    let cases: Vec<(&str, &str, Value, &str)> = vec![
        ("mars", &issue, big("1"), "bad_params"),
        ("k3", &issue, json!([]), "no_option"),
        ("k3", &issue, json!([{"amount": "1"}]), "no_option"),
        ("k3", &issue, json!([{"option": "red", "amount": "1"}]), "bad_params"),
        (
            "k3",
            &issue,
            json!([{"option": "big", "amount": "1"}, {"option": "big", "amount": "2"}]),
            "bad_params",
        ),
        ("k3", &issue, big("0"), "invalid_amount"),
        ("k3", &issue, big("1.001"), "invalid_amount"),
        ("k3", &issue, big("0.50"), "bet_out_of_limits"),
        ("k3", &issue, big("100.01"), "insufficient_balance"),
        ("k3", "202611210001", big("1"), "period_closed"),
        ("k3", "209901010001", big("1"), "issue_not_open"),
        // 10.00: the VIP tier's min bet (V8), so the entry minimum is what refuses it.
        ("canada_vip", "", big("10"), "room_balance_too_low"),
    ];
    for (room, issue, bets, key) in cases {
        let issue = if issue.is_empty() { hall.open_issue(room).await } else { issue.to_string() };
        let reply = hall.bet_on(&player, (room, &issue), bets.clone(), None).await;
        assert_eq!(reply.err(), key, "{room} {issue} {bets}");
        assert!(!reply.msg().is_empty());
    }
    let missing =
        hall.app.send(post_request("/api/rooms/betting", &player, &json!({"room": "k3"}), None));
    assert_eq!(missing.await.err(), "missing_params");
    assert_eq!(hall.game_balance(&player).await, money("100"));
    assert!(hall.records(&player, "").await.is_empty());

    hall.app
        .db
        .write(|tx| games::rooms::set_room_open(tx, Room::parse("k3")?, false))
        .await
        .expect("closed");
    assert_eq!(hall.bet(&player, "k3", big("1")).await.err(), "room_closed");

    // After the close, the open period refuses bets; the next period takes them.
    let index = hall.app.room_index("pk10").await.assert_ok().clone();
    let close_at = Timestamp::from_secs(index["close_at"].as_i64().expect("close"));
    hall.app.clock.advance(close_at - hall.app.now());
    let late =
        hall.bet_on(&player, ("pk10", index["issue"].as_str().expect("issue")), big("1"), None);
    let late = late.await;
    assert_eq!(late.err(), "bad_params", "pk10 has no plain big: option check first");
    let late = hall.bet_on(
        &player,
        ("pk10", index["issue"].as_str().expect("issue")),
        json!([{"option": "p1_big", "amount": "1"}]),
        None,
    );
    assert_eq!(late.await.err(), "period_closed");
    assert_eq!(hall.game_balance(&player).await, money("100"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn limits_per_player_all_players_and_payout_cap_hold() {
    let hall = Hall::open().await;
    let limits = r#"{"min_bet":"1.00","max_user":"50.00","max_total":"80.00","payout_cap":"1000.00",
        "options":{"sum_4":{"payout_cap":"630.00"}}}"#;
    hall.app
        .db
        .write(move |tx| {
            tx.execute("UPDATE rooms SET limits_json = ?1 WHERE room = 'k3'", [limits])?;
            Ok(())
        })
        .await
        .expect("limits set");
    let (first, second) = (hall.player_with_game("500").await, hall.player_with_game("500").await);
    let big = |amount: &str| json!([{"option": "big", "amount": amount}]);
    hall.bet(&first, "k3", big("30")).await.assert_ok();
    assert_eq!(hall.bet(&first, "k3", big("20.01")).await.err(), "bet_out_of_limits", "max_user");
    hall.bet(&first, "k3", big("20")).await.assert_ok();
    assert_eq!(hall.bet(&second, "k3", big("30.01")).await.err(), "bet_out_of_limits", "max_total");
    hall.bet(&second, "k3", big("30")).await.assert_ok();
    // sum_4 pays 63x: 10.00 may pay 630.00, exactly the cap; one cent more is refused.
    hall.bet(&first, "k3", json!([{"option": "sum_4", "amount": "10"}])).await.assert_ok();
    let over = hall.bet(&second, "k3", json!([{"option": "sum_4", "amount": "0.01"}])).await;
    assert_eq!(over.err(), "bet_out_of_limits", "payout cap");
    // A refused line refuses the whole order.
    let mixed = json!([{"option": "small", "amount": "5"}, {"option": "big", "amount": "1"}]);
    assert_eq!(hall.bet(&second, "k3", mixed).await.err(), "bet_out_of_limits");
    assert_eq!(hall.game_balance(&second).await, money("470"));
    let odds = hall.app.get("/api/roominfo/odds?room=k3", None).await;
    let sum_4 = odds.assert_ok()["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["option"] == "sum_4")
        .cloned();
    assert_eq!(sum_4.expect("sum_4")["max_user"], "50.00");
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn a_replayed_order_is_placed_once() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    let issue = hall.open_issue("rgb1").await;
    let bets = json!([{"option": "green", "amount": "10"}]);
    let first = hall.bet_on(&player, ("rgb1", &issue), bets.clone(), Some("order-1")).await;
    let replay = hall.bet_on(&player, ("rgb1", &issue), bets, Some("order-1")).await;
    assert_eq!(first.assert_ok(), replay.assert_ok());
    let other = json!([{"option": "green", "amount": "11"}]);
    let conflict = hall.bet_on(&player, ("rgb1", &issue), other, Some("order-1")).await;
    assert_eq!(conflict.err(), "idempotency_conflict");
    assert_eq!(hall.records(&player, "").await.len(), 1);
    assert_eq!(hall.game_balance(&player).await, money("90"));
}

#[tokio::test]
async fn concurrent_bets_never_overdraw_the_game_balance() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    let issue = hall.open_issue("k3").await;
    let mut tasks = Vec::new();
    for option in
        ["big", "small", "odd", "even", "die_1", "die_2", "die_3", "die_4", "die_5", "die_6"]
    {
        let form =
            json!({"room": "k3", "issue": issue, "bets": [{"option": option, "amount": "30"}]});
        let request = post_request("/api/rooms/betting", &player, &form, None);
        tasks.push(tokio::spawn(send_to(hall.app.router.clone(), request)));
    }
    let mut placed = 0;
    for task in tasks {
        let reply = task.await.expect("the request ran");
        if reply.code() == 1 {
            placed += 1;
        } else {
            assert_eq!(reply.err(), "insufficient_balance");
        }
    }
    assert_eq!(placed, 3);
    assert_eq!(hall.game_balance(&player).await, money("10"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn a_closed_room_refunds_its_open_period() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "25"}])).await.assert_ok();
    let room = Room::parse("ssc").expect("room");
    hall.app
        .db
        .write(move |tx| games::rooms::set_room_open(tx, room, false))
        .await
        .expect("closed");
    hall.draw("ssc").await;
    let records = hall.records(&player, "status=refunded").await;
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["payout"], "25.00");
    assert_eq!(records[0]["profit"], "0.00");
    assert_eq!(hall.game_balance(&player).await, money("100"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn missed_periods_settle_exactly_once_after_a_restart() {
    let hall = Hall::open().await;
    let mut players = Vec::new();
    for _ in 0..4 {
        let player = hall.player_with_game("200").await;
        for (option, amount) in [("big", "10"), ("odd", "7"), ("sum_11", "3"), ("pair_2", "1")] {
            hall.bet(&player, "k3", json!([{"option": option, "amount": amount}]))
                .await
                .assert_ok();
        }
        players.push(player);
    }
    // The server is down for three hours; a new process opens the same data directory.
    let data_dir = hall.app.config.server.data_dir.clone();
    let later = hall.app.now() + 3 * 3600;
    let restarted = TestApp::open(&data_dir, |_| {});
    restarted.clock.advance(later - restarted.now());
    let scheduler = restarted.scheduler().with_chain_length(2_000).with_chunk_bets(5);
    let mut settled = 0;
    for _ in 0..3 {
        settled += scheduler.tick(restarted.now()).await.bets_settled;
    }
    assert_eq!(settled, 16, "every bet once, none twice");
    for player in &players {
        let reply = restarted.get_as(player, "/api/personal/betting_record", "status=open").await;
        assert_eq!(reply.assert_ok()["total"], 0);
        let records = restarted.get_as(player, "/api/personal/betting_record", "").await;
        let credited: i64 = records.assert_ok()["list"]
            .as_array()
            .expect("list")
            .iter()
            .map(|r| amount(&r["payout"]).minor())
            .sum();
        assert_eq!(restarted.balances_of(player).await.game.minor(), 20_000 - 2_100 + credited);
    }
    assert_ledger_verifies(&restarted).await;
}

#[tokio::test]
async fn a_period_that_can_never_be_drawn_is_refunded() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("50").await;
    hall.draw("k3").await;
    // A bet stored for a period the draws have passed without drawing it (as after a lost
    // chain): debit and line written as betting would.
    let user_id = player.id;
    let now = hall.app.now();
    hall.app
        .db
        .write(move |tx| {
            use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
            let entry = Entry::new(
                EntryKind::Bet,
                AccountRef::User(user_id, UserAccountKind::Game),
                AccountRef::System(SystemAccount::House),
                Money::from_minor(1_500).expect("in range"),
                now,
            );
            ledger::transfer(tx, entry.reference("order:lost"))?;
            tx.execute(
                "INSERT INTO bets (order_no, user_id, room, issue, option, stake, odds, rule_version, placed_at)
                 VALUES ('lost', ?1, 'k3', '202611200001', 'big', 1500, 1950, 1, ?2)",
                rusqlite::params![user_id, now],
            )?;
            // As `betting::place` would: the records' totals count every bet, and the period's
            // totals its stakes.
            tx.execute(
                "INSERT INTO bet_counts (user_id, room, status, bets) VALUES (?1, 'k3', 'open', 1)",
                [user_id],
            )?;
            tx.execute(
                "INSERT INTO period_option_totals (room, issue, option, stake, payout)
                 VALUES ('k3', '202611200001', 'big', 1500, 2925)",
                [],
            )?;
            tx.execute(
                "INSERT INTO period_player_totals (user_id, room, issue, option, stake)
                 VALUES (?1, 'k3', '202611200001', 'big', 1500)",
                [user_id],
            )?;
            Ok(())
        })
        .await
        .expect("a stranded bet");
    hall.scheduler.tick(hall.app.now()).await;
    let records = hall.records(&player, "").await;
    assert_eq!(records[0]["status"], "refunded");
    assert_eq!(hall.game_balance(&player).await, money("50"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn the_record_filters_by_game_room_and_status() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    hall.bet(
        &player,
        "k3",
        json!([{"option": "big", "amount": "1"}, {"option": "small", "amount": "1"}]),
    )
    .await
    .assert_ok();
    hall.bet(&player, "rgb3", json!([{"option": "num_1", "amount": "1"}])).await.assert_ok();
    assert_eq!(hall.records(&player, "game=k3").await.len(), 2);
    assert_eq!(hall.records(&player, "room=rgb3").await.len(), 1);
    assert_eq!(hall.records(&player, "game=rgb&status=open").await.len(), 1);
    assert_eq!(hall.records(&player, "status=won").await.len(), 0);
    let bad = hall.app.get_as(&player, "/api/personal/betting_record", "status=maybe").await;
    assert_eq!(bad.err(), "bad_params");
    let other = hall.app.player().await;
    assert!(hall.records(&other, "").await.is_empty(), "only the player's own bets");
    hall.app.get("/api/personal/betting_record", None).await.assert_login_required();
}

#[tokio::test]
async fn no_bet_is_taken_before_its_period_is_committed() {
    let app = TestApp::spawn().await;
    let hall = Hall { scheduler: app.scheduler().with_chain_length(2_000), app };
    let player = hall.player_with_game("10").await;
    // Before the scheduler's first tick no seed is committed: the open period takes no bet.
    let issue =
        hall.app.room_index("k3").await.assert_ok()["issue"].as_str().expect("issue").to_string();
    let lines = json!([{"option": "big", "amount": "1"}]);
    let reply = hall.bet_on(&player, ("k3", &issue), lines.clone(), None);
    assert_eq!(reply.await.err(), "period_closed");
    assert_eq!(hall.game_balance(&player).await, money("10"));
    // The first chain starts with that open period, so it takes bets from then on.
    hall.scheduler.tick(hall.app.now()).await;
    let committed = hall.app.fair_commitment("k3").await.assert_ok()["first_issue"].clone();
    assert_eq!(committed, issue.as_str());
    assert_eq!(hall.bet_on(&player, ("k3", &issue), lines, None).await.code(), 1);
    assert_eq!(hall.game_balance(&player).await, money("9"));
}

#[tokio::test]
async fn the_odds_history_and_long_board_describe_the_rooms() {
    let hall = Hall::open().await;
    let odds = hall.app.get("/api/roominfo/odds?room=rgb5", None).await.assert_ok().clone();
    let options = odds["options"].as_array().expect("options");
    assert_eq!(options.len(), games::rules::options::options(Game::Rgb).len());
    assert_eq!(odds["service_fee_bp"], 200);
    assert_eq!(options[0]["option"], "red");
    assert_eq!(options[0]["odds"], "2");
    assert_eq!(options[0]["min_bet"], "1.00");

    let history =
        hall.app.get("/api/roominfo/history?room=k3&limit=3", None).await.assert_ok().clone();
    let list = history["list"].as_array().expect("draws");
    assert_eq!(list.len(), 3);
    assert!(history["total"].as_i64() > Some(3));
    for pair in list.windows(2) {
        assert!(pair[0]["issue"].as_str() > pair[1]["issue"].as_str(), "newest first");
        assert_eq!(pair[0]["previous"], pair[1]["seed"], "each seed hashes to the one before");
    }
    let newest = &list[0];
    let seed = Seed::parse_hex(newest["seed"].as_str().expect("seed")).expect("seed");
    let previous = Seed::parse_hex(newest["previous"].as_str().expect("hex")).expect("seed");
    assert!(verify_link(&seed, &previous));

    let board = hall.app.get("/api/cc/long?threshold=2", None).await.assert_ok().clone();
    assert_eq!(board["threshold"], 2);
    let runs = board["list"].as_array().expect("runs");
    for pair in runs.windows(2) {
        assert!(pair[0]["length"].as_u64() >= pair[1]["length"].as_u64(), "longest first");
    }
    // Every run is true: the option won each of the latest `length` draws of its room.
    for run in runs.iter().filter(|run| run["game"] == "k3") {
        let length = run["length"].as_u64().expect("length");
        let path = format!("/api/roominfo/history?room=k3&limit={length}");
        let draws = hall.app.get(&path, None).await.assert_ok()["list"].clone();
        for draw in draws.as_array().expect("draws") {
            let record = json!({"option": run["option"], "odds": "2", "amount": "1", "result": draw["values"]});
            assert!(
                expected_payout(Room::parse("k3").expect("room"), &record) > Money::ZERO,
                "{run}"
            );
        }
    }
    assert_eq!(hall.app.get("/api/cc/long?threshold=1", None).await.err(), "bad_params");
}

#[tokio::test]
async fn the_live_stream_sends_the_period_results_and_balance() {
    use tower::ServiceExt;
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let path = format!("/api/live?room=k3&token={}", player.token);
    let request = axum::http::Request::get(path).body(axum::body::Body::empty()).expect("request");
    let response = hall.app.router.clone().oneshot(request).await.expect("a response");
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut live = crate::games::live::Live::of(response);

    let first = live.next().await;
    assert_eq!(first["game_balance"], "40.00");
    assert_eq!(first["issue"], hall.open_issue("k3").await);
    hall.bet(&player, "k3", json!([{"option": "odd", "amount": "15"}])).await.assert_ok();
    assert_eq!(live.next().await["game_balance"], "25.00", "the balance moved");

    let draw_at = Timestamp::from_secs(first["draw_at"].as_i64().expect("draw time"));
    hall.app.clock.advance(draw_at - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
    // The room's event, and a balance event when the bet won, in either order. On a loaded
    // machine the stream may first send the new period it saw by the clock, before the tick
    // drew the old one: read on (a few events at most) until the result arrives.
    let balance = hall.game_balance(&player).await.to_string();
    let won = balance != "25.00";
    let mut events = Vec::new();
    while events.len() < 4 {
        events.push(live.next().await);
        let drawn = events.iter().any(|event| event["last"]["issue"] == first["issue"]);
        let paid = !won || events.iter().any(|event| event["game_balance"] == balance);
        if drawn && paid {
            break;
        }
    }
    let drawn = events.iter().find(|event| event["last"]["issue"] == first["issue"]);
    let drawn = drawn.expect("the period's result arrives");
    assert_ne!(drawn["issue"], first["issue"]);
    if won {
        assert!(events.iter().any(|event| event["game_balance"] == balance), "{events:?}");
    }
}

#[tokio::test]
async fn betting_needs_a_live_session_of_an_unfrozen_player() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("20").await;
    let issue = hall.open_issue("k3").await;
    let form = json!({"room": "k3", "issue": issue, "bets": [{"option": "big", "amount": "1"}]});
    let anonymous = axum::http::Request::post("/api/rooms/betting")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(form.to_string()))
        .expect("request");
    hall.app.send(anonymous).await.assert_login_required();
    hall.app.freeze(player.id).await;
    hall.bet(&player, "k3", json!([{"option": "big", "amount": "1"}])).await.assert_frozen();
    hall.app.unfreeze(player.id).await;
    // Freezing ended the session: the token stays dead after the unfreeze.
    let ended = hall.bet(&player, "k3", json!([{"option": "big", "amount": "1"}])).await;
    ended.assert_session_ended();
    assert_eq!(hall.game_balance(&player).await, money("20"));
}

/// An order priced under one rule version and written after the odds changed is refused with
/// `odds_changed` (the player must see the new odds), and nothing is stored or debited.
#[tokio::test]
async fn an_order_priced_before_the_odds_changed_is_refused_with_odds_changed() {
    use fairhall::games::betting::{self, Bettor, Order, OrderForm};
    use fairhall::games::fairness::chain_keys::ChainKeys;
    let hall = Hall::open().await;
    let player = hall.player_with_game("100").await;
    let issue = hall.open_issue("k3").await;
    let keys = ChainKeys::open(&hall.app.config.server.data_dir).expect("keys");
    let (timezone, now) = (hall.app.config.timezone(), hall.app.now());
    let form: OrderForm = serde_json::from_value(
        json!({"room": "k3", "issue": issue, "bets": [{"option": "big", "amount": "10"}]}),
    )
    .expect("a form");
    let order = Order::parse(form).expect("an order");
    let room = order.room;
    let quote = hall
        .app
        .db
        .read(move |connection| betting::quote(connection, &keys, room, timezone, now))
        .await
        .expect("a quote");
    hall.app
        .db
        .write(|tx| {
            tx.execute(
                "INSERT INTO room_rule_versions (room, rule_version, odds_json, rules_json, created_at)
                 SELECT room, 2, odds_json, rules_json, 0 FROM rooms WHERE room = 'k3'",
                [],
            )?;
            tx.execute("UPDATE rooms SET rule_version = 2 WHERE room = 'k3'", [])?;
            Ok(())
        })
        .await
        .expect("the odds changed");
    let bettor = Bettor { user_id: player.id, session: None };
    let placed = hall.app.db.write(move |tx| betting::place(tx, bettor, &quote, &order, now)).await;
    assert!(matches!(placed, Err(fairhall::error::AppError::OddsChanged)), "{placed:?}");
    assert_eq!(hall.game_balance(&player).await, money("100"));
    assert!(hall.records(&player, "").await.is_empty());
    assert_ledger_verifies(&hall.app).await;
}
