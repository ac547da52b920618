//! The operator's room commands (`fairhall admin room list|show|periods|chain|stuck`) run as
//! the built binary on the data directory of a hall players bet in, and the scheduler's lag
//! (`games::schedule::lag`) that `room chain`, `admin doctor`, `/readyz` and `/metrics` read.

use crate::support::binary::{fail, new_hall, run, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use fairhall::games::rules::room::{DrawSource, Room};
use fairhall::games::schedule;
use serde_json::{Value, json};
use std::path::Path;

/// The hall on a data directory the CLI shares.
async fn hall_in(dir: &Path) -> Hall {
    let app = TestApp::open(dir, |_| {});
    let scheduler = app.scheduler().with_chain_length(2_000).with_chunk_bets(7);
    scheduler.tick(app.now()).await;
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    Hall { app, scheduler }
}

fn json_of(stdout: &str) -> Value {
    serde_json::from_str(stdout).expect("JSON")
}

#[tokio::test]
async fn rooms_list_and_show_as_tables_or_json() {
    let dir = tempfile::tempdir().expect("a temp directory");
    drop(hall_in(dir.path()).await);
    let data = dir.path();

    let table = succeed(data, &["admin", "room", "list"]);
    let listed = json_of(&succeed(data, &["admin", "room", "list", "--json"]));
    let shown = succeed(data, &["admin", "room", "show", "k3"]);
    let shown_json = json_of(&succeed(data, &["admin", "room", "show", "k3", "--json"]));
    let unknown = fail(data, &["admin", "room", "show", "mars", "--json"]);

    let header: Vec<&str> = table.lines().next().expect("a header").split("  ").collect();
    assert_eq!(header[0], "room");
    assert_eq!(listed.as_array().map(Vec::len), Some(18));
    let k3 = &listed[0];
    assert_eq!(
        (k3["room"].clone(), k3["game"].clone(), k3["entry_min"].clone(), k3["is_open"].clone()),
        (json!("k3"), json!("k3"), json!("0.00"), json!(true))
    );
    let k3_row: Vec<&str> = table.lines().nth(1).expect("k3").split_whitespace().collect();
    let period = k3["period_secs"].to_string();
    assert_eq!(k3_row[..4], ["k3", "k3", "k3", period.as_str()]);
    assert!(shown.lines().any(|line| line.split_whitespace().eq(["open", "yes"])), "{shown}");
    assert_eq!(shown_json["room"], "k3");
    assert_eq!(shown_json["limits"]["min_bet"], "1.00", "the limits ride along");
    assert!(shown_json["odds"].is_object());
    assert_eq!(unknown.status.code(), Some(4), "no such room: {unknown:?}");
    assert!(unknown.stderr.contains("no room \"mars\""), "{unknown:?}");
}

#[tokio::test]
async fn periods_show_state_bets_stake_payout_and_result() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    let player = hall.player_with_game("100").await;
    let issue = hall.open_issue("k3").await;
    let bets = json!([{"option": "big", "amount": "10"}, {"option": "small", "amount": "5"}]);
    hall.bet_on(&player, ("k3", &issue), bets, None).await.assert_ok();
    hall.draw("k3").await;
    let records = hall.records(&player, "").await;
    let paid: i64 = records
        .iter()
        .map(|bet| {
            crate::support::wallet_support::money(bet["payout"].as_str().expect("payout")).minor()
        })
        .sum();
    drop(hall);
    let data = dir.path();

    let day = json_of(&succeed(
        data,
        &["admin", "room", "periods", "k3", "--date", "2026-11-22", "--json"],
    ));
    let last =
        json_of(&succeed(data, &["admin", "room", "periods", "k3", "--last", "3", "--json"]));
    let table = succeed(data, &["admin", "room", "periods", "k3", "--last", "2"]);
    let none = fail(data, &["admin", "room", "periods", "k3", "--last", "0"]);
    let both =
        run(data, &["admin", "room", "periods", "k3", "--last", "2", "--date", "2026-11-22"]);

    let periods = day.as_array().expect("periods");
    let bet = periods.iter().find(|period| period["issue"] == issue.as_str()).expect("the period");
    assert_eq!(bet["state"], "settled");
    assert_eq!(bet["bets"], 2);
    assert_eq!(bet["stake"], "15.00");
    assert_eq!(bet["payout"], fairhall::money::format_signed(paid));
    assert!(bet["result"].is_object(), "{bet}");
    assert!(bet["draw_at"].as_str().expect("a time").ends_with('Z'));
    let first = &periods[0];
    assert_eq!(
        (first["issue"].as_str().map(|issue| &issue[..8]), first["bets"].clone()),
        (Some("20261122"), json!(0))
    );
    // The command reads the system clock, days after the test's: later periods are due.
    assert!(periods.iter().any(|period| period["state"] == "due"));
    assert_eq!(last.as_array().map(Vec::len), Some(3));
    assert_eq!(last[2]["state"], "open");
    assert_eq!(
        table.lines().next().map(|line| line.split_whitespace().next()),
        Some(Some("issue"))
    );
    assert_eq!(table.lines().count(), 4);
    assert_eq!(table.lines().last(), Some("2 periods"));
    assert_eq!(none.status.code(), Some(1));
    assert!(none.stderr.contains("--last takes 1 to 2000"), "{none:?}");
    assert_eq!(both.status.code(), Some(2), "{both:?}");
}

#[tokio::test]
async fn chain_shows_the_commitment_periods_left_key_and_lag() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    let commitment = hall.app.fair_commitment("k3").await.assert_ok().clone();
    drop(hall);
    let data = dir.path();

    let k3 = json_of(&succeed(data, &["admin", "room", "chain", "k3", "--json"]));
    let every = json_of(&succeed(data, &["admin", "room", "chain", "--json"]));
    let table = succeed(data, &["admin", "room", "chain"]);
    std::fs::remove_file(data.join("chains.key")).expect("the key file");
    let keyless = json_of(&succeed(data, &["admin", "room", "chain", "canada_vip", "--json"]));
    let unknown = fail(data, &["admin", "room", "chain", "mars"]);
    let no_periods = fail(data, &["admin", "room", "periods", "mars"]);

    let source = &k3["sources"][0];
    assert_eq!(k3["sources"].as_array().map(Vec::len), Some(1));
    assert_eq!(source["draw_source"], "k3");
    assert_eq!(source["key_present"], true);
    assert_eq!(source["missing_keys"], json!([]));
    assert!(
        commitment.to_string().contains(source["commitment"].as_str().expect("hex")),
        "{commitment}"
    );
    assert!(source["periods_left"].as_i64().expect("a count") > 0);
    // Nothing draws between the test's clock and the system clock the command reads.
    assert!(source["periods_undrawn"].as_i64().expect("a count") > 0);
    assert!(k3["lag_secs"].as_i64().expect("seconds") > 86_400);
    assert_eq!(every["sources"].as_array().map(Vec::len), Some(DrawSource::all().len()));
    assert!(table.starts_with("source"), "{table}");
    assert!(table.contains("scheduler lag: "), "{table}");
    let canada = &keyless["sources"][0];
    assert_eq!(
        (canada["draw_source"].clone(), canada["key_present"].clone()),
        (json!("canada"), json!(false))
    );
    assert!(!canada["missing_keys"].as_array().expect("ids").is_empty());
    assert_eq!((unknown.status.code(), no_periods.status.code()), (Some(4), Some(4)));
}

#[tokio::test]
async fn stuck_lists_nothing_as_json_when_every_period_can_be_drawn() {
    let dir = tempfile::tempdir().expect("a temp directory");
    drop(hall_in(dir.path()).await);
    let stuck = succeed(dir.path(), &["admin", "room", "stuck", "--json"]);
    assert_eq!(json_of(&stuck), json!([]));
    let table = succeed(dir.path(), &["admin", "room", "stuck"]);
    assert!(table.contains("no period waits"), "{table}");
}

#[tokio::test]
async fn the_lag_counts_the_periods_past_their_draw_time_until_the_scheduler_ticks() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let timezone = app.config.timezone();
    let lag_now = || {
        let now = app.now();
        app.db.read(move |connection| schedule::lag(connection, timezone, now))
    };
    let k3 = Room::parse("k3").expect("k3");
    let settings =
        app.db.read(move |connection| fairhall::games::rooms::room_settings(connection, k3));
    let period_secs = settings.await.expect("k3").period_secs;
    let index = app.room_index("k3").await.assert_ok().clone();
    let draw_at = index["draw_at"].as_i64().expect("a draw time");

    let on_time = lag_now().await.expect("the lag");
    app.clock.advance(draw_at + period_secs + 1 - app.now().secs());
    let late = lag_now().await.expect("the lag");
    hall.scheduler.tick(app.now()).await;
    let caught_up = lag_now().await.expect("the lag");

    assert_eq!((on_time.lag_secs(), on_time.periods_undrawn()), (0, 0));
    let source = late.sources.iter().find(|source| source.source == DrawSource::K3).expect("k3");
    let undrawn = source.undrawn.expect("k3 is late");
    assert_eq!(
        (undrawn.issue.to_string(), undrawn.late_secs),
        (index["issue"].as_str().expect("issue").to_string(), period_secs + 1)
    );
    assert_eq!(source.periods_undrawn, 2, "the open period and the one after");
    assert!(late.lag_secs() > period_secs);
    assert_eq!((caught_up.lag_secs(), caught_up.periods_undrawn()), (0, 0));
}

#[test]
fn periods_before_the_first_chain_are_not_listed_as_due() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    new_hall(data);
    // No chain committed yet (serve commits one on its first tick): nothing was ever played.
    let last =
        json_of(&succeed(data, &["admin", "room", "periods", "k3", "--last", "20", "--json"]));
    let last = last.as_array().expect("periods");
    assert_eq!(last.len(), 1, "only the open period: {last:?}");
    assert_eq!(last[0]["state"], "open");
    let today = &last[0]["issue"].as_str().expect("an issue")[..8];
    let date = format!("{}-{}-{}", &today[..4], &today[4..6], &today[6..]);
    let day =
        json_of(&succeed(data, &["admin", "room", "periods", "k3", "--date", &date, "--json"]));
    let today =
        json_of(&succeed(data, &["admin", "room", "periods", "k3", "--date", "today", "--json"]));
    assert_eq!(today, day, "today is the operator's date of the open period");
    let states: Vec<&str> = day
        .as_array()
        .expect("periods")
        .iter()
        .map(|period| period["state"].as_str().unwrap_or_default())
        .collect();
    assert!(
        !states.is_empty() && states.iter().all(|state| ["open", "upcoming"].contains(state)),
        "{states:?}"
    );
}
