//! `fairhall admin room update ROOM --period SECS --close SECS`: changes take effect from the
//! period after the open one, which keeps its draw time and close; issue numbers keep
//! increasing, nothing is drawn twice, every draw verifies, and retired chains never draw.

use crate::support::binary::{fail, succeed};
use crate::support::helpers::{START, TestApp};
use fairhall::clock::Timestamp;
use fairhall::games::fairness::chains::{self, ChainInfo};
use fairhall::games::fairness::drawing::{revealed_draw, verify_draw};
use fairhall::games::room_changes::{self, RoomChange, RoomChangeRefusal};
use fairhall::games::rules::issue::Issue;
use fairhall::games::rules::room::{DrawSource, Room};
use fairhall::games::schedule::calendar::Schedule;
use fairhall::scheduler::Scheduler;

/// Chains this long keep the tests quick (100,000 links are slow unoptimized).
const CHAIN_LENGTH: u32 = 2000;
/// Local midnight after `START` (15:00 in the default operator time zone).
const MIDNIGHT: Timestamp = Timestamp::from_secs(START.secs() + 9 * 3600);

/// The open period as `api/roominfo/index` shows it.
#[derive(Debug, PartialEq, Eq)]
struct Open {
    issue: String,
    draw_at: Timestamp,
    close_at: Timestamp,
}

async fn open(app: &TestApp, room: &str) -> Open {
    let reply = app.room_index(room).await;
    let data = reply.assert_ok();
    Open {
        issue: data["issue"].as_str().expect("an issue").to_string(),
        draw_at: Timestamp::from_secs(data["draw_at"].as_i64().expect("a draw time")),
        close_at: Timestamp::from_secs(data["close_at"].as_i64().expect("a close time")),
    }
}

/// An app on a directory the CLI shares, its scheduler, and five minutes of draws.
/// The cells of `room`'s row in the `admin room list` table.
fn listed_row<'a>(listed: &'a str, room: &str) -> Vec<&'a str> {
    let row = listed.lines().find(|line| line.split_whitespace().next() == Some(room));
    row.expect("the room is listed").split_whitespace().collect()
}

async fn running_app() -> (tempfile::TempDir, TestApp, Scheduler) {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let scheduler = app.scheduler().with_chain_length(CHAIN_LENGTH);
    scheduler.tick(app.now()).await;
    app.clock.advance(5 * 60);
    scheduler.tick(app.now()).await;
    (dir, app, scheduler)
}

/// Moves the fixed clock to `at` and ticks until the backlog is drawn.
async fn tick_at(app: &TestApp, scheduler: &Scheduler, at: Timestamp) {
    app.clock.advance(at - app.now());
    // A tick draws at most `DRAWS_PER_CALL_MAX` periods a source; nine hours take a few.
    for _ in 0..20 {
        let report = scheduler.tick(app.now()).await;
        if report.drawn.iter().all(|(_, drawn)| *drawn == 0) {
            return;
        }
    }
    panic!("the backlog was not drawn");
}

/// Every draw of `source` in the order drawn, each rechecked by `verify_draw`:
/// (issue, chain id).
async fn verified_draws(app: &TestApp, source: DrawSource) -> Vec<(Issue, String)> {
    let issues: Vec<String> = app
        .db
        .read(move |connection| {
            let mut statement = connection
                .prepare("SELECT issue FROM draws WHERE draw_source = ?1 ORDER BY rowid")
                .map_err(anyhow::Error::from)?;
            let rows = statement.query_map([source.code()], |row| row.get(0));
            let rows = rows.and_then(Iterator::collect::<rusqlite::Result<Vec<String>>>);
            Ok(rows.map_err(anyhow::Error::from)?)
        })
        .await
        .expect("the draws");
    let mut verified = Vec::new();
    for issue in issues {
        let issue = Issue::parse(&issue).expect("an issue");
        let check = app.db.read(move |c| verify_draw(c, source, issue)).await;
        let check = check.expect("a stored draw");
        assert!(check.verified(), "{} {issue} does not verify", source.code());
        verified.push((issue, check.draw.chain_id));
    }
    verified
}

/// Issues drawn in strictly increasing order (so none twice).
#[track_caller]
fn assert_increasing(draws: &[(Issue, String)]) {
    for pair in draws.windows(2) {
        assert!(pair[0].0 < pair[1].0, "{} then {}", pair[0].0, pair[1].0);
    }
}

async fn recent_chains(app: &TestApp, source: DrawSource) -> Vec<ChainInfo> {
    let read = app.db.read(move |connection| chains::recent_chains(connection, source, 20));
    read.await.expect("the chains")
}

async fn update(app: &TestApp, room: &str, change: RoomChange) -> Result<(), RoomChangeRefusal> {
    let (room, timezone, now) =
        (Room::parse(room).expect("a room"), app.config.timezone(), app.now());
    let applied =
        app.db.write(move |tx| room_changes::update_room(tx, room, change, timezone, now));
    applied.await.expect("the update runs").map(|_| ())
}

#[tokio::test]
async fn a_shorter_period_starts_after_the_open_period_which_keeps_its_draw_time() {
    let (dir, app, scheduler) = running_app().await;
    let before = open(&app, "k3").await;
    let commitment_before = app.fair_commitment("k3").await.assert_ok().clone();

    let stdout = succeed(dir.path(), &["admin", "room", "update", "k3", "--period", "30"]);
    assert!(stdout.contains("period 60 s -> 30 s, for room k3"), "{stdout}");
    assert!(stdout.contains("from the period after"), "{stdout}");
    assert_eq!(open(&app, "k3").await, before, "until the next tick the old chain goes on");
    scheduler.tick(app.now()).await;
    assert_eq!(open(&app, "k3").await, before, "the open period keeps its draw and close");

    let mut expected = before.draw_at + 30;
    let mut opened = Vec::new();
    tick_at(&app, &scheduler, before.draw_at).await;
    for _ in 0..6 {
        let next = open(&app, "k3").await;
        assert_eq!((next.draw_at, next.close_at), (expected, expected - 10), "{next:?}");
        opened.push(next.issue.clone());
        tick_at(&app, &scheduler, next.draw_at).await;
        expected += 30;
    }

    let draws = verified_draws(&app, DrawSource::K3).await;
    assert_increasing(&draws);
    let drawn: Vec<String> = draws.iter().map(|(issue, _)| issue.to_string()).collect();
    assert!(drawn.ends_with(&opened), "every new period drawn once, in order");
    // The new periods go on with the committed seeds: the first links to the open period's.
    let committed = app.fair_commitment("k3").await.assert_ok().clone();
    assert_eq!(committed["first_issue"], opened[0].as_str(), "the new segment starts right after");
    assert_eq!(committed["commitment"], commitment_before["commitment"], "the same seeds");
    let first = app.fair_draw("k3", &opened[0]).await.assert_ok().clone();
    let open_draw = app.fair_draw("k3", &before.issue).await.assert_ok().clone();
    assert_eq!(first["previous"], open_draw["seed"]);
    for issue in [&before.issue, &opened[0], &opened[5]] {
        let verified = succeed(dir.path(), &["verify-draw", "k3", issue]);
        assert!(verified.trim_end().ends_with("verified"), "{verified}");
    }
}

#[tokio::test]
async fn a_region_change_at_the_days_last_period_applies_to_its_four_rooms_past_midnight() {
    let (dir, app, scheduler) = running_app().await;
    // canada's last period of the day (0411, 210 s) is drawn 90 s before midnight.
    tick_at(&app, &scheduler, MIDNIGHT - 100).await;
    let before = open(&app, "canada_vip").await;
    assert_eq!((before.issue.as_str(), before.draw_at), ("202611220411", MIDNIGHT - 90));

    let stdout = succeed(dir.path(), &["admin", "room", "update", "canada_vip", "--period", "120"]);
    assert!(stdout.contains("for all 4 rooms of draw source canada"), "{stdout}");
    scheduler.tick(app.now()).await;
    let tiers = ["canada_ordinary", "canada_vip", "canada_diamond", "canada_supreme"];
    for room in tiers {
        assert_eq!(open(&app, room).await, before, "{room} keeps its open period");
    }

    tick_at(&app, &scheduler, before.draw_at).await;
    let mut expected = (Issue::parse("202611230001").expect("an issue"), MIDNIGHT + 30);
    for _ in 0..4 {
        for room in tiers {
            let next = open(&app, room).await;
            assert_eq!((next.issue.as_str(), next.draw_at), (&*expected.0.to_string(), expected.1));
            assert_eq!(app.room_index(room).await.assert_ok()["period_secs"], 120, "{room}");
        }
        tick_at(&app, &scheduler, expected.1).await;
        let sequence = expected.0.sequence() + 1;
        expected = (Issue::new(expected.0.date(), sequence).expect("an issue"), expected.1 + 120);
    }
    let canada = DrawSource::parse("canada").expect("a draw source");
    let draws = verified_draws(&app, canada).await;
    assert_increasing(&draws);
    let last_old = draws.iter().position(|(issue, _)| issue.to_string() == before.issue);
    assert_eq!(last_old.map(|position| draws.len() - position), Some(5), "0411, then 4 new");
    let listed = succeed(dir.path(), &["admin", "room", "list"]);
    for room in tiers {
        assert!(listed_row(&listed, room).starts_with(&[room, "yn28", "canada", "120", "60"]));
    }
    let usa = listed_row(&listed, "usa_vip");
    assert!(usa.starts_with(&["usa_vip", "yn28", "usa", "120", "30"]), "other regions keep theirs");
}

/// The open periods of `rooms` (issue, draw time), in turn, over `secs` from now, ticking
/// every 10 s.
async fn opened(
    app: &TestApp,
    scheduler: &Scheduler,
    rooms: [&str; 2],
    secs: i64,
) -> [Vec<(String, Timestamp)>; 2] {
    let mut seen: [Vec<(String, Timestamp)>; 2] = Default::default();
    for _ in 0..secs / 10 {
        for (room, seen) in rooms.iter().zip(seen.iter_mut()) {
            let period = open(app, room).await;
            if seen.last().map(|(issue, _)| issue) != Some(&period.issue) {
                seen.push((period.issue, period.draw_at));
            }
        }
        tick_at(app, scheduler, app.now() + 10).await;
    }
    seen
}

fn periods(expected: &[(&str, Timestamp)]) -> Vec<(String, Timestamp)> {
    expected.iter().map(|(issue, at)| (issue.to_string(), *at)).collect()
}

#[tokio::test]
async fn near_midnight_the_period_after_the_open_one_follows_the_new_schedule() {
    let (_dir, app, scheduler) = running_app().await;
    // k3's 1439 is drawn 60 s before midnight and canada's last period, 0411, 90 s before.
    tick_at(&app, &scheduler, MIDNIGHT - 100).await;
    // 300 s from k3's 1439 end after midnight: next is the next day's first, not the old 1440.
    let change = RoomChange { period_secs: Some(300), ..RoomChange::default() };
    update(&app, "k3", change).await.expect("ok");
    // 90 s from canada's 0411 end at midnight: a 0412 the old schedule did not have.
    let change = RoomChange { period_secs: Some(90), ..RoomChange::default() };
    update(&app, "canada_ordinary", change).await.expect("ok");
    scheduler.tick(app.now()).await;

    let [k3, canada] = opened(&app, &scheduler, ["k3", "canada_supreme"], 660).await;
    let expected = [
        ("202611221439", MIDNIGHT - 60),
        ("202611230001", MIDNIGHT + 240),
        ("202611230002", MIDNIGHT + 540),
    ];
    assert_eq!(k3[..3], periods(&expected));
    let expected = [
        ("202611220411", MIDNIGHT - 90),
        ("202611220412", MIDNIGHT),
        ("202611230001", MIDNIGHT + 90),
        ("202611230002", MIDNIGHT + 180),
    ];
    assert_eq!(canada[..4], periods(&expected));
    for source in [DrawSource::K3, DrawSource::parse("canada").expect("a source")] {
        let draws = verified_draws(&app, source).await;
        assert_increasing(&draws);
        let drawn: Vec<String> = draws.iter().map(|(issue, _)| issue.to_string()).collect();
        let tail = match source {
            DrawSource::K3 => &["202611221438", "202611221439", "202611230001"],
            _ => &["202611220411", "202611220412", "202611230001"],
        };
        assert!(drawn.windows(3).any(|window| window == tail), "{drawn:?}");
    }
}

#[tokio::test]
async fn the_day_after_an_anchored_day_is_midnight_aligned_again() {
    let (_dir, app, scheduler) = running_app().await;
    update(&app, "k3", RoomChange { period_secs: Some(45), close_secs: None }).await.expect("ok");
    scheduler.tick(app.now()).await;

    tick_at(&app, &scheduler, MIDNIGHT + 1).await;
    let after_midnight = open(&app, "k3").await;
    assert_eq!(
        (after_midnight.issue.as_str(), after_midnight.draw_at),
        ("202611230001", MIDNIGHT + 45)
    );
    let draws = verified_draws(&app, DrawSource::K3).await;
    assert_increasing(&draws);
    let last_of_day = draws.last().expect("draws").0;
    assert_eq!(last_of_day.date(), Issue::parse("202611220001").expect("an issue").date());
    tick_at(&app, &scheduler, MIDNIGHT + 3 * 45).await;
    assert_eq!(open(&app, "k3").await.issue, "202611230004");
    assert_increasing(&verified_draws(&app, DrawSource::K3).await);
}

#[tokio::test]
async fn a_successor_right_after_an_anchored_day_starts_when_that_day_ends() {
    let app = TestApp::spawn().await;
    // 70 s periods from 15:02 end the anchored day 10 s before midnight, where a
    // midnight-aligned day of 70 s periods ends 20 s before: 461 periods fill the rest of it.
    // The chain drew 0901 and 0902 before the change and goes on from 0903: with 463 seeds
    // its successor starts with the next day.
    let scheduler = app.scheduler().with_chain_length(463);
    scheduler.tick(app.now()).await;
    tick_at(&app, &scheduler, START + 61).await;
    let before = open(&app, "k3").await;
    assert_eq!((before.issue.as_str(), before.draw_at), ("202611220902", START + 120));
    let change = RoomChange { period_secs: Some(70), ..RoomChange::default() };
    update(&app, "k3", change).await.expect("ok");
    scheduler.tick(app.now()).await;

    tick_at(&app, &scheduler, MIDNIGHT - 15).await;
    let successor = recent_chains(&app, DrawSource::K3).await.remove(0);
    let starts = (successor.first_issue.to_string(), successor.starts_at, successor.anchored);
    assert_eq!(starts, ("202611230001".to_string(), Some(MIDNIGHT - 10), false));
    let last = open(&app, "k3").await;
    assert_eq!((last.issue.as_str(), last.draw_at), ("202611221363", MIDNIGHT - 10));
    tick_at(&app, &scheduler, MIDNIGHT - 5).await;
    let first = open(&app, "k3").await;
    assert_eq!((first.issue.as_str(), first.draw_at), ("202611230001", MIDNIGHT + 70));
    tick_at(&app, &scheduler, MIDNIGHT + 70).await;

    let draws = verified_draws(&app, DrawSource::K3).await;
    assert_increasing(&draws);
    let drawn: Vec<String> = draws.iter().map(|(issue, _)| issue.to_string()).collect();
    let tail = ["202611221362", "202611221363", "202611230001"];
    assert!(drawn.ends_with(&tail.map(String::from)), "{:?}", &drawn[drawn.len() - 5..]);
    assert_eq!(draws.last().map(|(_, chain)| chain), Some(&successor.chain_id));
}

#[tokio::test]
async fn a_close_change_applies_from_the_next_period() {
    let (dir, app, scheduler) = running_app().await;
    let before = open(&app, "k3").await;
    assert_eq!(before.close_at, before.draw_at - 10);

    update(&app, "k3", RoomChange { period_secs: None, close_secs: Some(25) }).await.expect("ok");
    assert_eq!(open(&app, "k3").await, before, "the open period keeps its close");
    // A second change in the same period still leaves the open period's close alone.
    update(&app, "k3", RoomChange { period_secs: None, close_secs: Some(20) }).await.expect("ok");
    assert_eq!(open(&app, "k3").await, before);
    tick_at(&app, &scheduler, before.draw_at).await;
    let next = open(&app, "k3").await;
    assert_eq!((next.draw_at, next.close_at), (before.draw_at + 60, before.draw_at + 40));

    // Period and close together: the open period keeps both, the next has both new.
    let change = RoomChange { period_secs: Some(300), close_secs: Some(120) };
    update(&app, "k3", change).await.expect("ok");
    scheduler.tick(app.now()).await;
    assert_eq!(open(&app, "k3").await, next);
    tick_at(&app, &scheduler, next.draw_at).await;
    let longer = open(&app, "k3").await;
    assert_eq!((longer.draw_at, longer.close_at), (next.draw_at + 300, next.draw_at + 180));
    assert_increasing(&verified_draws(&app, DrawSource::K3).await);

    // The command line changes the close of one room only.
    let stdout = succeed(dir.path(), &["admin", "room", "update", "usa_vip", "--close", "20"]);
    assert!(stdout.contains("close 30 s -> 20 s before the draw, for room usa_vip"), "{stdout}");
    let shown = succeed(dir.path(), &["admin", "room", "show", "usa_vip", "--json"]);
    let settings: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!(
        (settings["close_secs"].as_i64(), settings["period_secs"].as_i64()),
        (Some(20), Some(120))
    );
    let listed = succeed(dir.path(), &["admin", "room", "list"]);
    let ordinary = listed_row(&listed, "usa_ordinary");
    assert!(ordinary.starts_with(&["usa_ordinary", "yn28", "usa", "120", "30"]), "{listed}");
}

#[tokio::test]
async fn invalid_flags_are_refused_and_change_nothing() {
    let (dir, app, scheduler) = running_app().await;
    let listed = succeed(dir.path(), &["admin", "room", "list"]);
    let chains_before = recent_chains(&app, DrawSource::K3).await.len();
    let cases: &[(&[&str], &str, &str)] = &[
        (&["k3"], "nothing to change", "neither flag"),
        (&["k3", "--period", "9"], "--period 9", "period below 10 s"),
        (&["k3", "--period", "3601"], "--period 3601", "period above an hour"),
        (&["k3", "--close", "-1"], "--close -1", "negative close"),
        (&["k3", "--close", "60"], "--close 60", "close not below the period"),
        (
            &["k3", "--period", "30", "--close", "30"],
            "--close 30",
            "close not below the new period",
        ),
        (
            &["k3", "--period", "10"],
            "--period 10: room k3 closes 10 s",
            "period not above the close",
        ),
        (
            &["canada_vip", "--period", "60", "--close", "20"],
            "--period 60: room canada_ordinary closes 60 s",
            "another tier room would close before its period starts",
        ),
        (&["mars", "--period", "60"], "no room \"mars\"", "unknown room"),
        (&["k3", "--period", "soon"], "invalid value", "not a number"),
    ];
    for (flags, message, description) in cases {
        let args = [&["admin", "room", "update"][..], *flags].concat();
        let refused = fail(dir.path(), &args);
        assert!(refused.stderr.contains(message), "{description}: {refused:?}");
    }

    assert_eq!(succeed(dir.path(), &["admin", "room", "list"]), listed);
    let help = succeed(dir.path(), &["admin", "room", "update", "--help"]);
    assert!(help.contains("from the period after the one open now"), "{help}");
    scheduler.tick(app.now()).await;
    assert_eq!(recent_chains(&app, DrawSource::K3).await.len(), chains_before);
    let refused = update(&app, "k3", RoomChange::default()).await;
    assert_eq!(refused, Err(RoomChangeRefusal::NothingToChange));
}

#[tokio::test]
async fn a_period_change_keeps_the_committed_seeds_and_moves_the_successor_after_them() {
    let app = TestApp::spawn().await;
    // 30-period chains: a successor is committed ahead 15 periods before the end.
    let scheduler = app.scheduler().with_chain_length(30);
    scheduler.tick(app.now()).await;
    tick_at(&app, &scheduler, app.now() + 20 * 60).await;
    let ahead = recent_chains(&app, DrawSource::K3).await;
    assert_eq!(ahead.len(), 2, "a successor is committed ahead: {ahead:?}");
    let (successor, first) = (&ahead[0], &ahead[1]);
    let before = open(&app, "k3").await;
    let open_index = first
        .index_of(
            &first.schedule(app.config.timezone()).expect("a schedule"),
            Issue::parse(&before.issue).expect("an issue"),
        )
        .expect("an index")
        .expect("in the chain");

    // Two changes within one period (60 -> 45 -> 30): each goes on with the same seeds from
    // the period after the open one; no seed is generated anew.
    update(&app, "k3", RoomChange { period_secs: Some(45), close_secs: None }).await.expect("ok");
    scheduler.tick(app.now()).await;
    update(&app, "k3", RoomChange { period_secs: Some(30), close_secs: None }).await.expect("ok");
    scheduler.tick(app.now()).await;
    assert_eq!(open(&app, "k3").await, before);

    let chains = recent_chains(&app, DrawSource::K3).await;
    let live: Vec<&ChainInfo> = chains.iter().filter(|c| c.retired_at.is_none()).collect();
    let mut seeds: Vec<&str> = chains.iter().map(|chain| chain.seeds_id.as_str()).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 2, "only the two committed chains' seeds: {chains:?}");
    let changed = live.iter().find(|c| c.period_secs == 30 && c.seeds_id == first.chain_id);
    let changed = changed.expect("a live 30 s segment of the first chain's seeds");
    assert_eq!((changed.first_index, changed.starts_at), (open_index + 1, Some(before.draw_at)));
    let moved = live.iter().find(|c| c.seeds_id == successor.chain_id).expect("the successor");
    let schedule = changed.schedule(app.config.timezone()).expect("a schedule");
    let last = changed.last_issue(&schedule).expect("the last period of the first seeds");
    assert_eq!(moved.first_issue, schedule.next(last).expect("next"), "right after them");
    assert_eq!((moved.first_index, moved.period_secs), (1, 30));
    let retired = chains.iter().filter(|chain| chain.retired_at.is_some()).count();
    assert_eq!(retired, 3, "the successor, the 45 s segment and the successor moved after it");

    tick_at(&app, &scheduler, before.draw_at + 5 * 30).await;
    let draws = verified_draws(&app, DrawSource::K3).await;
    assert_increasing(&draws);
    assert!(draws.iter().all(|(_, seeds)| *seeds == first.chain_id), "the first chain's seeds");
    assert_eq!(
        app.fair_commitment("k3").await.assert_ok()["commitment"],
        first.commitment.to_hex()
    );
}

#[tokio::test]
async fn a_period_changed_and_changed_back_draws_what_it_would_have_drawn() {
    let (_dir, app, scheduler) = running_app().await;
    let before = open(&app, "k3").await;
    update(&app, "k3", RoomChange { period_secs: Some(61), close_secs: None }).await.expect("ok");
    scheduler.tick(app.now()).await;
    update(&app, "k3", RoomChange { period_secs: Some(60), close_secs: None }).await.expect("ok");
    scheduler.tick(app.now()).await;
    // Past midnight: every period keeps its issue, seed index and so its result.
    tick_at(&app, &scheduler, MIDNIGHT + 120).await;
    let seeds = |issue: &Issue| {
        let (source, issue) = (DrawSource::K3, *issue);
        app.db.read(move |connection| revealed_draw(connection, source, issue))
    };
    let open_draw = seeds(&Issue::parse(&before.issue).expect("an issue")).await.expect("drawn");
    let draws = verified_draws(&app, DrawSource::K3).await;
    let schedule = Schedule::new(app.config.timezone(), 60).expect("schedule");
    for (issue, _) in draws.iter().filter(|(issue, _)| issue.to_string() > before.issue) {
        let draw = seeds(issue).await.expect("drawn");
        let from_open = schedule.periods_between(open_draw.issue, *issue).expect("count");
        let expected = i64::from(open_draw.chain_index) + from_open.expect("after the open one");
        assert_eq!(i64::from(draw.chain_index), expected, "{issue}");
        assert_eq!(draw.chain_id, open_draw.chain_id, "{issue}");
    }
    assert!(draws.iter().any(|(issue, _)| issue.to_string() == "202611230002"));
}

#[test]
fn the_v5_migration_keeps_the_chains_and_draws_of_an_older_database() {
    refinery::embed_migrations!("migrations");
    let dir = tempfile::tempdir().expect("a temp directory");
    let mut connection = rusqlite::Connection::open(dir.path().join("old.db")).expect("a db");
    connection.execute_batch("PRAGMA foreign_keys = ON;").expect("pragmas");
    let to_v4 = migrations::runner().set_target(refinery::Target::Version(4)).run(&mut connection);
    to_v4.expect("V1 to V4");
    let seed = |digit: char| digit.to_string().repeat(64);
    connection
        .execute_batch(&format!(
            "INSERT INTO seed_chains VALUES ('k3-202611220901', 'k3', 30, 60, '{}',
                                             '202611220901', 1);
             INSERT INTO draws VALUES ('k3', '202611220901', 'k3-202611220901', 1, '{}',
                                       '{{}}', 2);
             INSERT INTO draws VALUES ('k3', '202611220902', 'k3-202611220901', 2, '{}',
                                       '{{}}', 3);",
            seed('0'),
            seed('1'),
            seed('2')
        ))
        .expect("an old chain and its draws");

    migrations::runner().run(&mut connection).expect("V5 and later");

    let chain = chains::chain_by_id(&connection, "k3-202611220901").expect("the chain is kept");
    let kept = (chain.starts_at, chain.anchored, chain.retired_at, chain.length);
    assert_eq!(kept, (None, false, None, 30));
    let orphans: i64 = connection
        .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |row| row.get(0))
        .expect("a foreign key check");
    assert_eq!(orphans, 0);
    let kept: i64 = connection
        .query_row("SELECT COUNT(*) FROM draws WHERE chain_id = 'k3-202611220901'", [], |row| {
            row.get(0)
        })
        .expect("the draws");
    assert_eq!(kept, 2);
}
