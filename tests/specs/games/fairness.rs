//! Provably fair draws: chains committed ahead, every due period drawn once, the hash links
//! and derived values checkable from the API alone, and the secret chain ends never shown.

use crate::support::binary::run;
use crate::support::helpers::TestApp;
use fairhall::games::fairness::fair::{Seed, verify_link};
use fairhall::games::rules::draw::Draw;
use fairhall::games::rules::issue::Issue;
use fairhall::games::rules::room::{DrawSource, Room};
use fairhall::games::rules::settle::GameRules;
use fairhall::games::rules::table::OddsTable;
use fairhall::games::schedule::calendar::Schedule;
use serde_json::Value;

/// One room per draw source.
fn one_room_per_source() -> Vec<Room> {
    DrawSource::all()
        .into_iter()
        .map(|source| {
            Room::all().into_iter().find(|room| room.draw_source() == source).expect("a room")
        })
        .collect()
}

fn seed(value: &Value) -> Seed {
    Seed::parse_hex(value.as_str().expect("hex text")).expect("a seed")
}

fn issue(value: &Value) -> Issue {
    Issue::parse(value.as_str().expect("issue text")).expect("an issue")
}

/// The schedule of a room, from its stored period.
async fn schedule(app: &TestApp, room: Room) -> Schedule {
    let timezone = app.config.timezone();
    let settings = app
        .db
        .read(move |connection| fairhall::games::rooms::room_settings(connection, room))
        .await
        .expect("room settings");
    Schedule::new(timezone, settings.period_secs).expect("schedule")
}

/// Walks every drawn period of `room` from its chain's first issue and checks each link and
/// value; returns the issues drawn.
async fn check_drawn_periods(app: &TestApp, room: Room) -> Vec<Issue> {
    let code = room.code();
    let committed = app.fair_commitment(&code).await.assert_ok().clone();
    let last = app.room_index(&code).await.assert_ok()["last"].clone();
    let (schedule, last) = (schedule(app, room).await, issue(&last["issue"]));
    let mut expected_previous = seed(&committed["commitment"]);
    let mut current = issue(&committed["first_issue"]);
    let mut drawn = Vec::new();
    while current <= last {
        let reply = app.fair_draw(&code, &current.to_string()).await;
        let data = reply.assert_ok();
        let revealed = seed(&data["seed"]);
        assert_eq!(seed(&data["previous"]), expected_previous, "{code} {current}");
        assert!(verify_link(&revealed, &expected_previous), "{code} {current}");
        let derived = serde_json::to_value(Draw::derive(room.draw_source(), &revealed, current));
        assert_eq!(data["values"], derived.expect("json"), "{code} {current}");
        drawn.push(current);
        expected_previous = revealed;
        current = schedule.next(current).expect("next issue");
    }
    drawn
}

#[tokio::test]
async fn every_source_draws_consecutive_periods_that_hash_back_to_the_commitment() {
    let app = TestApp::spawn().await;
    let scheduler = app.scheduler();
    let first = scheduler.tick(app.now()).await;
    assert_eq!(first.chains_created, 9);
    assert!(first.drawn.iter().all(|(_, drawn)| *drawn == 0), "{first:?}");

    app.clock.advance(15 * 60);
    scheduler.tick(app.now()).await;

    for room in one_room_per_source() {
        let drawn = check_drawn_periods(&app, room).await;
        assert!(!drawn.is_empty(), "{} drew nothing", room.code());
        let index = app.room_index(&room.code()).await.assert_ok().clone();
        let schedule = schedule(&app, room).await;
        assert_eq!(schedule.next(*drawn.last().expect("drawn")).ok(), Some(issue(&index["issue"])));
        assert!(index["draw_at"].as_i64() > Some(app.now().secs()));
        assert!(index["close_at"].as_i64() < index["draw_at"].as_i64());
        assert_eq!(index["game"], room.game().code());
    }
}

#[tokio::test]
async fn the_commitment_is_published_before_its_first_period_is_drawn() {
    let app = TestApp::spawn().await;
    assert_eq!(app.fair_commitment("k3").await.err(), "not_found", "no chain before the tick");
    app.scheduler().tick(app.now()).await;

    let committed = app.fair_commitment("k3").await.assert_ok().clone();
    let first_issue = committed["first_issue"].as_str().expect("first issue").to_string();
    let schedule = schedule(&app, Room::parse("k3").expect("room")).await;
    let first_draw_at = schedule.draw_at(issue(&committed["first_issue"])).expect("draw time");
    assert!(first_draw_at - 60 >= app.now(), "the first period starts after the commitment");
    assert_eq!(app.fair_draw("k3", &first_issue).await.err(), "not_found");
    assert_eq!(committed["draw_source"], "k3");
    let vip = app.fair_commitment("canada_vip").await.assert_ok().clone();
    assert_eq!(vip["draw_source"], "canada");
    assert_eq!(
        vip["commitment"],
        app.fair_commitment("canada_supreme").await.assert_ok()["commitment"]
    );
}

#[tokio::test]
async fn a_period_not_yet_drawn_is_refused() {
    let app = TestApp::spawn().await;
    let scheduler = app.scheduler();
    scheduler.tick(app.now()).await;
    app.clock.advance(5 * 60);
    scheduler.tick(app.now()).await;

    let open = app.room_index("k3").await.assert_ok()["issue"].as_str().expect("issue").to_string();
    assert_eq!(app.fair_draw("k3", &open).await.err(), "not_found");
    assert_eq!(app.fair_draw("k3", "209901010001").await.err(), "not_found");
    let cases = [
        ("/api/fair/draw?room=mars&issue=202611220001", "bad_params", "unknown room"),
        ("/api/fair/draw?room=k3&issue=2026112200", "bad_params", "malformed issue"),
        ("/api/fair/commitment?room=canada", "bad_params", "a region is not a room"),
        ("/api/roominfo/index?room=K3", "bad_params", "room codes are lower case"),
    ];
    for (path, key, description) in cases {
        assert_eq!(app.get(path, None).await.err(), key, "{description}");
    }
}

#[tokio::test]
async fn after_downtime_every_missed_period_is_drawn_exactly_once() {
    let app = TestApp::spawn().await;
    let scheduler = app.scheduler();
    scheduler.tick(app.now()).await;
    app.clock.advance(3600);

    let caught_up = scheduler.tick(app.now()).await;
    let again = scheduler.tick(app.now()).await;

    assert!(again.drawn.iter().all(|(_, drawn)| *drawn == 0), "{again:?}");
    for room in one_room_per_source() {
        let drawn = check_drawn_periods(&app, room).await;
        let code = room.draw_source().code();
        let count = caught_up.drawn.iter().find(|(source, _)| *source == code).map(|(_, n)| *n);
        assert_eq!(count, Some(u32::try_from(drawn.len()).expect("count")), "{code}");
        let schedule = schedule(&app, room).await;
        // The first chain starts with the period open at the first tick: an hour holds
        // that many draws.
        let expected = 3600 / schedule.period_secs;
        assert_eq!(i64::try_from(drawn.len()).ok(), Some(expected), "{code}");
    }
}

#[tokio::test]
async fn no_reply_reveals_a_secret_chain_end() {
    let app = TestApp::spawn().await;
    let scheduler = app.scheduler();
    scheduler.tick(app.now()).await;
    app.clock.advance(10 * 60);
    scheduler.tick(app.now()).await;

    let key_file = app.config.server.data_dir.join("chains.key");
    let keys = std::fs::read_to_string(&key_file).expect("the key file");
    let ends: Vec<String> =
        keys.lines().filter_map(|line| line.split_once(' ')).map(|(_, end)| end.into()).collect();
    assert_eq!(ends.len(), 9);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&key_file).expect("metadata").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);

    let mut bodies = Vec::new();
    for room in ["k3", "pk10", "usa_vip", "rgb5"] {
        let index = app.room_index(room).await;
        let last =
            index.assert_ok()["last"]["issue"].as_str().unwrap_or("202611220001").to_string();
        bodies.push(index.bytes.clone());
        bodies.push(app.fair_commitment(room).await.bytes);
        bodies.push(app.fair_draw(room, &last).await.bytes);
    }
    bodies.push(app.get("/api/openapi.json", None).await.bytes);
    for body in bodies {
        let text = String::from_utf8_lossy(&body).to_lowercase();
        for end in &ends {
            assert!(!text.contains(end.as_str()), "a chain end leaked");
        }
    }
}

#[tokio::test]
async fn the_rooms_carry_the_default_settings_of_games_md() {
    let app = TestApp::spawn().await;
    let rooms = app.db.read(fairhall::games::rooms::list_rooms).await.expect("rooms");
    assert_eq!(rooms.len(), 18);
    for room in &rooms {
        let game = room.game;
        let odds = serde_json::to_value(OddsTable::room_defaults(room.room));
        let rules = serde_json::to_value(GameRules::defaults(game));
        assert_eq!(room.odds, odds.expect("json"), "{}", room.room);
        assert_eq!(room.rules, rules.expect("json"), "{}", room.room);
        assert!(room.is_open);
    }
    let find = |code: &str| rooms.iter().find(|room| room.room.code() == code).expect("room");
    assert_eq!((find("k3").period_secs, find("k3").close_secs), (60, 10));
    assert_eq!((find("canada_vip").period_secs, find("canada_vip").entry_min), (210, 100_000));
    assert_eq!(find("usa_supreme").entry_min, 2_000_000);
    assert_eq!((find("rgb3").period_secs, find("rgb3").close_secs), (180, 15));
}

#[tokio::test]
async fn the_cli_verifies_a_drawn_period_and_manages_rooms() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let issue = {
        let app = TestApp::open(dir.path(), |_| {});
        let scheduler = app.scheduler();
        scheduler.tick(app.now()).await;
        app.clock.advance(5 * 60);
        scheduler.tick(app.now()).await;
        app.room_index("k3").await.assert_ok()["last"]["issue"].as_str().expect("drawn").to_string()
    };

    let verified = run(dir.path(), &["verify-draw", "k3", &issue]);
    assert!(verified.status.success(), "{verified:?}");
    assert!(verified.stdout.trim_end().ends_with("verified"), "{verified:?}");
    let keys = std::fs::read_to_string(dir.path().join("chains.key")).expect("key file");
    for (_, end) in keys.lines().filter_map(|line| line.split_once(' ')) {
        assert!(!verified.stdout.contains(end), "verify-draw printed a chain end");
    }
    let undrawn = run(dir.path(), &["verify-draw", "k3", "209901010001"]);
    assert!(!undrawn.status.success(), "{undrawn:?}");
    assert!(!run(dir.path(), &["verify-draw", "mars", &issue]).status.success());

    let closed = run(dir.path(), &["admin", "room", "close", "canada_vip"]);
    assert!(closed.status.success(), "{closed:?}");
    let shown = run(dir.path(), &["admin", "room", "show", "canada_vip", "--json"]);
    let settings: Value = serde_json::from_str(&shown.stdout).expect("JSON");
    assert_eq!(settings["is_open"], false);
    assert!(run(dir.path(), &["admin", "room", "open", "canada_vip"]).status.success());
    let listed = run(dir.path(), &["admin", "room", "list"]);
    assert_eq!(listed.stdout.lines().count(), 19, "{listed:?}");
    let canada = listed.stdout.lines().find(|line| line.starts_with("canada_vip "));
    let canada = canada.map(|line| line.split_whitespace().collect::<Vec<_>>());
    assert_eq!(canada, Some(vec!["canada_vip", "yn28", "canada", "210", "60", "1000.00", "yes"]));
    assert!(!run(dir.path(), &["admin", "room", "show", "mars"]).status.success());
}

#[tokio::test]
async fn a_successor_chain_is_committed_before_the_old_one_runs_out() {
    let app = TestApp::spawn().await;
    let scheduler = app.scheduler().with_chain_length(30);
    let mut created = scheduler.tick(app.now()).await.chains_created;
    let old = app.fair_commitment("k3").await.assert_ok()["commitment"].clone();
    for _ in 0..40 {
        app.clock.advance(60);
        created += scheduler.tick(app.now()).await.chains_created;
    }

    // Nine first chains; in 40 minutes the 30-period chains of the 60, 75 and 120 s sources
    // (k3, ssc, rgb1, pk10, usa) come within 15 periods of their end and get a successor.
    assert_eq!(created, 9 + 5);
    let new = app.fair_commitment("k3").await.assert_ok()["commitment"].clone();
    assert_ne!(old, new, "the open period is drawn by the successor");
    let last = issue(&app.room_index("k3").await.assert_ok()["last"]["issue"]);
    let schedule = schedule(&app, Room::parse("k3").expect("room")).await;
    let mut current = last;
    for _ in 0..38 {
        current = schedule.previous(current).expect("previous");
    }
    let (mut previous, mut links_to_new) = (None::<Seed>, 0);
    for _ in 0..39 {
        let reply = app.fair_draw("k3", &current.to_string()).await;
        let data = reply.assert_ok();
        let (revealed, link) = (seed(&data["seed"]), seed(&data["previous"]));
        assert!(verify_link(&revealed, &link), "{current}");
        if let Some(before) = &previous {
            assert!(before == &link || link == seed(&data["commitment"]), "{current}");
        }
        links_to_new += usize::from(data["previous"] == new);
        previous = Some(revealed);
        current = schedule.next(current).expect("next");
    }
    assert_eq!(links_to_new, 1, "the successor's first period links to its commitment");
}
