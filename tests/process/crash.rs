//! The real binary killed with SIGKILL while it settles a period of thousands of bets, then
//! restarted: every bet ends settled exactly once, every player's game balance is what their
//! bets earned, and the ledger verifies.

use crate::support::binary::{run, succeed};
use crate::support::periods::{get, open_period};
use crate::support::server::{Server, start_with};
use fairhall::games;
use fairhall::games::rules::draw::Draw;
use fairhall::games::rules::odds::Odds;
use fairhall::games::rules::options::BetOption;
use fairhall::games::rules::room::{Game, Room};
use fairhall::games::rules::settle::{GameRules, PlacedBet};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};

const PLAYERS: usize = 5;
const ORDERS_PER_PLAYER: usize = 6;
/// Ten bets per settlement transaction: hundreds of chunks, so a kill lands between two.
const CONFIG: &str = "[games]\nsettle_chunk_bets = 10\n";

fn start(data_dir: &Path) -> (Server, String) {
    let config = data_dir.join("crash.toml");
    let (server, address) =
        start_with(data_dir, &["--config", config.to_str().unwrap_or_default()]);
    (server, format!("http://{address}"))
}

fn call(request: ureq::RequestBuilder<ureq::typestate::WithBody>, body: &Value) -> Value {
    let mut response = request.send_json(body).expect("the server answers");
    response.body_mut().read_json().expect("an envelope")
}

/// Registers a player, credits 1,000.00 by the admin command and moves it to the game balance.
fn funded_player(base: &str, data_dir: &Path, phone: &str) -> String {
    let form = json!({"phone": phone, "password": "crash_1", "repassword": "crash_1", "agree": "1", "age_confirmed": "1"});
    let registered = call(ureq::post(&format!("{base}/api/login/do_register")), &form);
    let token = registered["data"]["token"].as_str().expect("a token").to_string();
    let adjusted =
        run(data_dir, &["admin", "wallet", "adjust", phone, "1000", "--reason", "crash"]);
    assert!(adjusted.status.success(), "{adjusted:?}");
    let conversion = ureq::post(&format!("{base}/api/personal/conversion")).header("token", &token);
    let converted = call(conversion, &json!({"from": "balance", "amount": "1000"}));
    assert_eq!(converted["code"], 1, "{converted}");
    token
}

fn database(data_dir: &Path) -> rusqlite::Connection {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    rusqlite::Connection::open_with_flags(data_dir.join("fairhall.db"), flags).expect("the db")
}

/// (settled, all) bets of `issue`.
fn progress(connection: &rusqlite::Connection, issue: &str) -> (i64, i64) {
    connection
        .query_row(
            "SELECT COUNT(*) FILTER (WHERE status <> 'open'), COUNT(*) FROM bets WHERE issue = ?1",
            [issue],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap_or((0, 0))
}

#[test]
fn a_kill_during_settlement_settles_every_bet_exactly_once_after_restart() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path();
    std::fs::write(data_dir.join("crash.toml"), CONFIG).expect("the config");
    let config = data_dir.join("crash.toml");
    succeed(data_dir, &["--config", config.to_str().unwrap_or_default(), "migrate"]);
    let updated = run(
        data_dir,
        &[
            "--config",
            data_dir.join("crash.toml").to_str().unwrap_or_default(),
            "admin",
            "room",
            "update",
            "k3",
            "--period",
            "12",
            "--close",
            "2",
        ],
    );
    assert!(updated.status.success(), "{updated:?}");
    let (mut server, base) = start(data_dir);
    let tokens: Vec<String> =
        (0..PLAYERS).map(|n| funded_player(&base, data_dir, &format!("1390000{n:04}"))).collect();
    let odds = get(&format!("{base}/api/roominfo/odds?room=k3"))["data"]["options"].clone();
    let every_option: Vec<Value> = odds
        .as_array()
        .expect("options")
        .iter()
        .map(|option| json!({"option": option["option"], "amount": "1"}))
        .collect();

    let index = open_period(&base, 6);
    let issue = index["issue"].as_str().expect("an issue").to_string();
    for token in &tokens {
        for _ in 0..ORDERS_PER_PLAYER {
            let request = ureq::post(&format!("{base}/api/rooms/betting")).header("token", token);
            let placed =
                call(request, &json!({"room": "k3", "issue": issue, "bets": every_option}));
            assert_eq!(placed["code"], 1, "{placed}");
        }
    }
    let connection = database(data_dir);
    let total = progress(&connection, &issue).1;
    assert_eq!(total, (PLAYERS * ORDERS_PER_PLAYER * every_option.len()) as i64);

    // Kill the server as soon as settlement has begun and before it ends.
    let deadline = Instant::now() + Duration::from_secs(60);
    let settled_at_kill = loop {
        assert!(Instant::now() < deadline, "settlement never started");
        let (settled, _) = progress(&connection, &issue);
        if settled > 0 {
            server.0.kill().expect("SIGKILL");
            server.0.wait().expect("the server is gone");
            break progress(&connection, &issue).0;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    assert!(settled_at_kill < total, "the kill landed mid-settlement ({settled_at_kill}/{total})");

    let (_server, base) = start(data_dir);
    let deadline = Instant::now() + Duration::from_secs(60);
    while progress(&connection, &issue).0 < total {
        assert!(Instant::now() < deadline, "settlement did not finish after the restart");
        std::thread::sleep(Duration::from_millis(100));
    }
    check_settlement(&connection, &issue, &tokens, &base);
}

/// Checks every bet of `issue` against the draw; returns what they paid in all.
fn checked_payouts(connection: &rusqlite::Connection, issue: &str) -> i64 {
    let values: String = connection
        .query_row(
            "SELECT values_json FROM draws WHERE draw_source = 'k3' AND issue = ?1",
            [issue],
            |row| row.get(0),
        )
        .expect("the draw");
    let draw: Draw = serde_json::from_str(&values).expect("a draw");
    let rules = GameRules::defaults(Game::K3);
    let mut query = connection
        .prepare(
            "SELECT option, stake, odds, payout, settled_at IS NOT NULL FROM bets WHERE issue = ?1",
        )
        .expect("a query");
    let rows = query
        .query_map([issue], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, u32>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, bool>(4)?,
            ))
        })
        .expect("rows");
    let mut paid_total = 0;
    for row in rows {
        let (option, stake, odds, payout, settled) = row.expect("a row");
        let bet = PlacedBet {
            option: BetOption::parse(Room::parse("k3").expect("room").game(), &option)
                .expect("option"),
            odds: Odds::from_stored(odds).expect("odds"),
            stake: fairhall::money::Money::from_minor(stake).expect("in range"),
        };
        let outcome = games::rules::settle::settle(&bet, &draw, &rules).expect("settles");
        let expected = games::rules::settle::payout(bet.stake, outcome, &rules).expect("payout");
        assert_eq!((payout, settled), (expected.minor(), true), "{option}");
        paid_total += payout;
    }
    paid_total
}

/// Every bet settled once as the draw says, each player's balance what their bets earned, one
/// settle mark, and the ledger balanced.
fn check_settlement(connection: &rusqlite::Connection, issue: &str, tokens: &[String], base: &str) {
    let paid_total = checked_payouts(connection, issue);
    let credited: i64 = connection
        .query_row(
            "SELECT COALESCE(SUM(p.amount), 0) FROM postings p JOIN entries e ON e.entry_id = p.entry_id
             JOIN accounts a ON a.account_id = p.account_id
             WHERE e.reference = ?1 AND a.user_id IS NOT NULL",
            [format!("settle:k3:{issue}")],
            |row| row.get(0),
        )
        .expect("the credits");
    assert_eq!(credited, paid_total, "payouts credited exactly once");
    let marks: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM job_runs WHERE job = 'settle:k3' AND period = ?1",
            [issue],
            |row| row.get(0),
        )
        .expect("marks");
    assert_eq!(marks, 1);
    let mut balances = 0;
    for token in tokens {
        let profile =
            ureq::get(&format!("{base}/api/personal/index")).header("token", token).call();
        let profile: Value = profile.expect("answers").body_mut().read_json().expect("json");
        let balance = fairhall::money::Money::parse(
            profile["data"]["game_balance"].as_str().expect("balance"),
        );
        balances += balance.expect("money").minor();
    }
    let staked_all: i64 =
        connection.query_row("SELECT SUM(stake) FROM bets", [], |row| row.get(0)).expect("sum");
    assert_eq!(balances, tokens.len() as i64 * 100_000 - staked_all + paid_total);
    let report = fairhall::flows::ledger_check::verify(connection).expect("the ledger is readable");
    assert!(report.is_ok(), "{report:?}");
}
