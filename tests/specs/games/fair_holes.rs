//! The fairness holes a code review found, each closed: a drawn period never takes a bet again
//! (clock steps back, zone changes), a bet placed after its draw is refunded, closing a room
//! never voids a drawn period, every chain is public from its creation, and a missing or torn
//! key file neither locks stakes forever nor takes bets it cannot settle.

use crate::support::binary::{fail, run, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::{Player, START, TestApp};
use crate::support::wallet_support::{assert_ledger_verifies, money};
use fairhall::clock::Timestamp;
use fairhall::games::fairness::chain_keys::ChainKeys;
use fairhall::games::fairness::drawing::{DrawPlan, draw_due};
use fairhall::games::rules::room::DrawSource;
use fairhall::ids::UserId;
use serde_json::{Value, json};

/// The open period of `room` as `api/roominfo/index` shows it: (issue, close, draw).
async fn open(app: &TestApp, room: &str) -> (String, Timestamp, Timestamp) {
    let index = app.room_index(room).await.assert_ok().clone();
    let issue = index["issue"].as_str().expect("an issue").to_string();
    let close_at = Timestamp::from_secs(index["close_at"].as_i64().expect("close"));
    (issue, close_at, Timestamp::from_secs(index["draw_at"].as_i64().expect("draw")))
}

async fn latest_drawn(app: &TestApp, room: &str) -> String {
    let index = app.room_index(room).await.assert_ok().clone();
    index["last"]["issue"].as_str().expect("a drawn period").to_string()
}

fn one(option: &str, amount: &str) -> Value {
    json!([{ "option": option, "amount": amount }])
}

/// Every bet of `player` with its status.
async fn statuses(hall: &Hall, player: &Player) -> Vec<(String, String)> {
    let records = hall.records(player, "limit=50").await;
    let field = |record: &Value, name: &str| record[name].as_str().expect(name).to_string();
    records.iter().map(|record| (field(record, "issue"), field(record, "status"))).collect()
}

#[tokio::test]
async fn a_clock_that_steps_back_never_reopens_a_drawn_period() {
    for (room, option, back) in
        [("rgb1", "red", 10), ("k3", "big", 10), ("k3", "big", 600), ("rgb1", "red", 8 * 3600)]
    {
        let hall = Hall::open().await;
        let player = hall.player_with_game("100").await;
        hall.draw(room).await;
        let drawn = latest_drawn(&hall.app, room).await;
        hall.app.clock.advance(-back);

        // The drawn period takes no bet, and no reader shows it open again.
        let reply = hall.bet_on(&player, (room, &drawn), one(option, "1"), None).await;
        assert_eq!(reply.err(), "period_closed", "{room} {back} s back");
        let (issue, close_at, draw_at) = open(&hall.app, room).await;
        assert!(issue > drawn, "{room} {back} s back shows {issue} after {drawn}");
        assert!(hall.app.now() < close_at && close_at < draw_at);
        let placed = hall.bet_on(&player, (room, &issue), one(option, "1"), None).await;
        assert_eq!(placed.code(), 1, "{room} {back} s back: the next period takes bets");

        hall.app.clock.advance(draw_at - hall.app.now());
        hall.scheduler.tick(hall.app.now()).await;
        let settled = statuses(&hall, &player).await;
        assert_eq!(settled.len(), 1);
        assert_ne!(settled[0].1, "open", "{room} {back} s back: settled at its draw");
        assert_eq!(latest_drawn(&hall.app, room).await, issue);
        assert_ledger_verifies(&hall.app).await;
    }
}

#[tokio::test]
async fn a_bet_stored_after_its_period_was_drawn_is_refunded() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("50").await;
    let (issue, _, draw_at) = open(&hall.app, "k3").await;
    let before = hall.bet_on(&player, ("k3", &issue), one("big", "5"), None).await;
    assert_eq!(before.code(), 1);
    // Draw without settling, then store a bet on the drawn period as a bug (or a clock that
    // stepped back before this fix) would have: debit and line written as betting does.
    hall.app.clock.advance(draw_at - hall.app.now());
    let (keys, now) = (ChainKeys::open(&hall.app.config.server.data_dir).expect("keys"), draw_at);
    let timezone = hall.app.config.timezone();
    hall.app
        .db
        .write(move |tx| {
            let plan = DrawPlan { keys: &keys, source: DrawSource::K3, timezone };
            draw_due(tx, &plan, now)?;
            stranded_bet(tx, (player.id, "late", &issue), 1_500, now)
        })
        .await
        .expect("a draw and a late bet");
    hall.scheduler.tick(hall.app.now()).await;

    let settled = statuses(&hall, &player).await;
    let late = settled.iter().find(|(_, status)| status == "refunded");
    assert!(late.is_some(), "the late bet is refunded: {settled:?}");
    assert!(settled.iter().all(|(_, status)| status != "open"));
    let won_or_lost = settled.iter().filter(|(_, status)| status == "won" || status == "lost");
    assert_eq!(won_or_lost.count(), 1, "the bet placed in time settles on the result");
    assert_ledger_verifies(&hall.app).await;
}

/// Stores a bet line and its debit directly, as betting would, for `stake` minor units.
fn stranded_bet(
    tx: &fairhall::db::Tx,
    (user_id, order_no, issue): (UserId, &str, &str),
    stake: i64,
    now: Timestamp,
) -> Result<(), fairhall::error::AppError> {
    use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
    let entry = Entry::new(
        EntryKind::Bet,
        AccountRef::User(user_id, UserAccountKind::Game),
        AccountRef::System(SystemAccount::House),
        fairhall::money::Money::from_minor(stake).expect("in range"),
        now,
    );
    ledger::transfer(tx, entry.reference(format!("order:{order_no}")))?;
    tx.execute(
        "INSERT INTO bets (order_no, user_id, room, issue, option, stake, odds, rule_version,
                           placed_at)
         VALUES (?1, ?2, 'k3', ?3, 'big', ?4, 1950, 1, ?5)",
        rusqlite::params![order_no, user_id, issue, stake, now],
    )
    .map_err(anyhow::Error::from)?;
    // As `betting::place` would: the records' totals count every bet, and the period's
    // totals its stakes.
    tx.execute(
        "INSERT INTO bet_counts (user_id, room, status, bets) VALUES (?1, 'k3', 'open', 1)
         ON CONFLICT (user_id, room, status) DO UPDATE SET bets = bets + 1",
        [user_id],
    )
    .map_err(anyhow::Error::from)?;
    tx.execute(
        "INSERT INTO period_option_totals (room, issue, option, stake, payout)
         VALUES ('k3', ?1, 'big', ?2, ?2 * 195 / 100)
         ON CONFLICT (room, issue, option)
         DO UPDATE SET stake = stake + excluded.stake, payout = payout + excluded.payout",
        rusqlite::params![issue, stake],
    )
    .map_err(anyhow::Error::from)?;
    tx.execute(
        "INSERT INTO period_player_totals (user_id, room, issue, option, stake)
         VALUES (?1, 'k3', ?2, 'big', ?3)
         ON CONFLICT (room, issue, user_id, option) DO UPDATE SET stake = stake + excluded.stake",
        rusqlite::params![user_id, issue, stake],
    )
    .map_err(anyhow::Error::from)?;
    Ok(())
}

#[tokio::test]
async fn a_start_under_another_zone_is_refused_west_and_east() {
    let dir = tempfile::tempdir().expect("a temp directory");
    {
        let app = TestApp::open(dir.path(), |_| {});
        app.scheduler().with_chain_length(2_000).tick(app.now()).await;
    }
    for zone in ["America/New_York", "Asia/Tokyo"] {
        let mut config = fairhall::config::Config::default();
        config.server.data_dir = dir.path().to_path_buf();
        config.app.timezone = zone.into();
        let refused = fairhall::startup::open(&mut config).err().expect("refused");
        let message = format!("{refused:#}");
        assert!(
            message.contains("app.timezone") && message.contains("Asia/Ho_Chi_Minh"),
            "{message}"
        );
        let cli = fail(
            dir.path(),
            &["--config", &config_with_zone(dir.path(), zone), "admin", "room", "list"],
        );
        assert!(cli.stderr.contains("renumber periods"), "{cli:?}");
    }
    let app = TestApp::open(dir.path(), |_| {});
    assert_eq!(app.room_index("k3").await.code(), 1, "the recorded zone still starts");
}

/// A config file in `dir` that sets only the operator zone.
fn config_with_zone(dir: &std::path::Path, zone: &str) -> String {
    let path = dir.join(format!("zone-{}.toml", zone.replace('/', "-")));
    std::fs::write(&path, format!("[app]\ntimezone = {zone:?}\n")).expect("a config file");
    path.display().to_string()
}

#[tokio::test]
async fn closing_a_room_refunds_only_periods_drawn_while_it_was_closed() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let scheduler = app.scheduler().with_chain_length(2_000);
    scheduler.tick(app.now()).await;
    let hall = Hall { app, scheduler };
    let player = hall.player_with_game("100").await;

    // Drawn while open, closed before its settlement: settles on its result.
    let (drawn_open, _, draw_at) = open(&hall.app, "k3").await;
    assert_eq!(hall.bet_on(&player, ("k3", &drawn_open), one("big", "2"), None).await.code(), 1);
    hall.app.clock.advance(draw_at - hall.app.now());
    let (keys, timezone) = (ChainKeys::open(dir.path()).expect("keys"), hall.app.config.timezone());
    let keys = std::sync::Arc::new(keys);
    let draw = |keys: std::sync::Arc<ChainKeys>, now: Timestamp| {
        hall.app.db.write(move |tx| {
            let plan = DrawPlan { keys: &keys, source: DrawSource::K3, timezone };
            draw_due(tx, &plan, now)
        })
    };
    draw(keys.clone(), draw_at).await.expect("drawn");
    let (next, _, next_draw_at) = open(&hall.app, "k3").await;
    assert_eq!(hall.bet_on(&player, ("k3", &next), one("small", "3"), None).await.code(), 1);

    let closed = succeed(dir.path(), &["admin", "room", "close", "k3"]);
    assert!(closed.contains(&format!("period {next}: 1 open bets, 3.00 staked")), "{closed}");
    assert!(!closed.contains(&format!("period {drawn_open}")), "{closed}");
    hall.scheduler.tick(hall.app.now()).await;
    // Drawn while closed: refunded.
    hall.app.clock.advance(next_draw_at - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
    let settled = statuses(&hall, &player).await;
    let status_of =
        |issue: &str| settled.iter().find(|(of, _)| of == issue).map(|(_, status)| status.clone());
    assert_ne!(status_of(&drawn_open).as_deref(), Some("refunded"), "{settled:?}");
    assert_ne!(status_of(&drawn_open).as_deref(), Some("open"));
    assert_eq!(status_of(&next).as_deref(), Some("refunded"), "{settled:?}");

    // Reopened before the draw: the period settles on its result.
    succeed(dir.path(), &["admin", "room", "open", "k3"]);
    let (reopened, _, reopened_draw_at) = open(&hall.app, "k3").await;
    assert_eq!(hall.bet_on(&player, ("k3", &reopened), one("odd", "1"), None).await.code(), 1);
    hall.app.clock.advance(reopened_draw_at - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
    let settled = statuses(&hall, &player).await;
    let reopened = settled.iter().find(|(issue, _)| *issue == reopened).expect("the bet");
    assert!(reopened.1 == "won" || reopened.1 == "lost", "{settled:?}");
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn every_chain_is_public_from_its_creation_with_its_first_issue() {
    let app = TestApp::spawn().await;
    // 30-period chains: a successor is committed ahead 15 periods before the end.
    let scheduler = app.scheduler().with_chain_length(30);
    scheduler.tick(app.now()).await;
    app.clock.advance(20 * 60);
    for _ in 0..3 {
        scheduler.tick(app.now()).await;
    }
    let reply = app.get("/api/fair/chains?room=k3", None).await.assert_ok().clone();
    let list = reply["list"].as_array().expect("a list").clone();
    assert_eq!(list.len(), 2, "the chain in force and the successor ahead: {list:?}");
    let (ahead, first) = (&list[0], &list[1]);
    assert!(ahead["starts_at"].as_i64().expect("a start") > app.now().secs(), "not started yet");
    assert!(ahead["created_at"].as_i64().expect("created") <= app.now().secs());
    assert_eq!(ahead["first_index"], 1);
    assert_ne!(ahead["commitment"], first["commitment"]);
    assert_eq!(first["commitment"], app.fair_commitment("k3").await.assert_ok()["commitment"]);
    for bad in ["room=mars", "room=k3&limit=0", "room=k3&limit=101", "room=k3&limit=x"] {
        assert_eq!(app.get(&format!("/api/fair/chains?{bad}"), None).await.err(), "bad_params");
    }
}

/// A hall with a bet of `player` on k3's open period, then its key file emptied and a new app
/// (as after a restart) on the same directory: (the new hall, the bet's issue and draw time).
async fn hall_without_keys(dir: &std::path::Path) -> (Hall, Player, String, Timestamp) {
    let before = TestApp::open(dir, |_| {});
    let scheduler = before.scheduler().with_chain_length(2_000);
    scheduler.tick(before.now()).await;
    let first = Hall { app: before, scheduler };
    let player = first.player_with_game("20").await;
    let (issue, _, draw_at) = open(&first.app, "k3").await;
    assert_eq!(first.bet_on(&player, ("k3", &issue), one("big", "4"), None).await.code(), 1);
    let now = first.app.now();
    drop(first);
    std::fs::write(dir.join(fairhall::games::fairness::chain_keys::KEY_FILE), "")
        .expect("keys emptied");
    let app = TestApp::open(dir, |_| {});
    app.clock.advance(now - START);
    let scheduler = app.scheduler().with_chain_length(2_000);
    (Hall { app, scheduler }, player, issue, draw_at)
}

#[tokio::test]
async fn without_its_key_a_room_takes_no_bet_and_its_stakes_are_refunded_after_the_bound() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (hall, player, issue, draw_at) = hall_without_keys(dir.path()).await;
    let reply = hall.bet_on(&player, ("k3", &issue), one("big", "1"), None).await;
    assert_eq!(reply.err(), "room_closed", "betting refuses a room it cannot draw");
    assert_eq!(
        hall.bet_on(&player, ("rgb3", &open(&hall.app, "rgb3").await.0), one("red", "1"), None)
            .await
            .err(),
        "room_closed"
    );

    let stuck = succeed(dir.path(), &["admin", "room", "stuck"]);
    assert!(stuck.contains(&format!("k3 {issue}: 1 open bets, 4.00 staked")), "{stuck}");
    hall.app.clock.advance(draw_at + 60 - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
    assert_eq!(statuses(&hall, &player).await[0].1, "open", "within the bound it waits");
    hall.app.clock.advance(draw_at + 3600 - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await;
    assert_eq!(statuses(&hall, &player).await[0].1, "refunded");
    assert_eq!(hall.game_balance(&player).await, money("20"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn the_operator_refunds_a_period_that_cannot_be_drawn_at_once() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (hall, player, issue, _) = hall_without_keys(dir.path()).await;
    // The CLI reads the system clock, two days after the test's: the period is long due.
    let refused = fail(dir.path(), &["admin", "room", "refund", "k3", "209901010001"]);
    assert!(refused.stderr.contains("k3 209901010001"), "{refused:?}");
    let refunded = succeed(dir.path(), &["admin", "room", "refund", "k3", &issue]);
    assert!(refunded.contains(&format!("k3 {issue}: 1 bets refunded")), "{refunded}");
    assert_eq!(statuses(&hall, &player).await[0].1, "refunded");
    assert_eq!(hall.game_balance(&player).await, money("20"));
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn serve_refuses_to_start_without_the_keys_of_live_chains() {
    let dir = tempfile::tempdir().expect("a temp directory");
    {
        let app = TestApp::open(dir.path(), |_| {});
        app.scheduler().with_chain_length(2_000).tick(app.now()).await;
    }
    std::fs::write(dir.path().join(fairhall::games::fairness::chain_keys::KEY_FILE), "")
        .expect("emptied");
    let refused = run(dir.path(), &["serve", "--listen", "127.0.0.1:0"]);
    assert!(!refused.status.success(), "{refused:?}");
    assert!(refused.stderr.contains("lacks the keys of seed chains"), "{refused:?}");
}

#[tokio::test]
async fn one_room_failing_to_settle_does_not_stop_the_others() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("20").await;
    hall.bet(&player, "k3", one("big", "1")).await.assert_ok();
    hall.bet(&player, "rgb3", one("red", "1")).await.assert_ok();
    // k3's stored rules become unreadable: its settlement fails every tick.
    hall.app
        .db
        .write(|tx| {
            tx.execute("UPDATE room_rule_versions SET rules_json = 'broken' WHERE room = 'k3'", [])
                .map_err(anyhow::Error::from)?;
            Ok(())
        })
        .await
        .expect("broken rules");
    hall.app.clock.advance(600);
    hall.scheduler.tick(hall.app.now()).await;
    let records = hall.records(&player, "").await;
    let status = |room: &str| {
        let record = records.iter().find(|record| record["room"] == room).expect("a bet");
        record["status"].as_str().expect("a status").to_string()
    };
    assert_eq!(status("k3"), "open");
    assert_ne!(status("rgb3"), "open", "rgb3 settles although k3 fails");
}

#[test]
fn a_torn_last_key_line_is_cut_off_and_the_next_line_starts_clean() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let path = dir.path().join(fairhall::games::fairness::chain_keys::KEY_FILE);
    let whole = format!("k3-202611220901 {}\n", "ab".repeat(32));
    std::fs::write(&path, format!("{whole}k3-202611221000 cd")).expect("a torn key file");
    let keys = ChainKeys::open(dir.path()).expect("the torn line is recognised");
    drop(keys);
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), whole);
}
