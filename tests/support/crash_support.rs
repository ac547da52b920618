//! The crash rounds' data directory and model. The directory is prepared in process by the
//! domain verbs at the real time (the binary under test runs on the system clock): players with
//! a fund password and money, a product to buy, and a backlog of product instalments that fell
//! due while "the server was down", which the binary's first ticks pay (a payout run at a known
//! time). The model adds up the effects of the acknowledged operations; `check_balances`
//! compares it, plus what the scheduled jobs paid by their own tables, with the ledger.

use crate::support::goods::GoodsApp;
use crate::support::helpers::{START, TestApp};
use fairhall::clock::Clock;
use fairhall::finance::goods::types::ProductSpec;
use rusqlite::{Connection, OpenFlags};
use std::collections::BTreeMap;
use std::path::Path;

/// The binary's config: ten bets per settlement transaction (a kill lands between chunks),
/// backups only on SIGUSR1.
pub const CONFIG: &str = "[games]\nsettle_chunk_bets = 10\n\n[backup]\ndaily_at = \"\"\n";
/// Players the client drives, one client thread each.
pub const PLAYERS: usize = 3;
/// What each player's wallet gets before the first round, in minor units.
pub const PLAYER_CREDIT_MINOR: i64 = 10_000_000;
/// Investors whose orders fell due while the server was down, and the hourly instalments of
/// each: the backlog the first rounds kill the payout run in.
pub const INVESTORS: usize = 10;
pub const BACKLOG_HOURS: u32 = 1_000;
/// What each investor bought (the whole wallet), in minor units.
const INVESTOR_PRINCIPAL_MINOR: i64 = 100_000;

/// What `prepare` made: the players' tokens and user ids, the product they buy.
pub struct Prepared {
    pub players: Vec<(i64, String)>,
    pub investors: Vec<i64>,
    pub product_id: i64,
}

/// A product of `cycles` hourly instalments of equal shares, on sale from `start` for a year.
pub fn hourly(start: i64, cycles: u32) -> ProductSpec {
    ProductSpec {
        category: Some("crash".into()),
        unit_price: Some("10.00".into()),
        total: Some("10000000.00".into()),
        reserved: Some("0.00".into()),
        min_units: Some(1),
        max_units: Some(10_000),
        rate: Some("1".into()),
        rate_divisor: Some(1_000),
        yield_type: Some("equal_instalments".into()),
        cycle_unit: Some("hour".into()),
        cycle_length: Some(1),
        cycles: Some(cycles),
        start: Some(start.to_string()),
        end: Some((start + 400 * 86_400).to_string()),
        name: [("en".to_string(), "Hours".to_string())].into(),
        ..ProductSpec::default()
    }
}

pub fn numeric(id: &fairhall::ids::UserId) -> i64 {
    id.to_string().parse().expect("a numeric id")
}

/// Prepares `data_dir` and closes the database before the binary opens it.
pub fn prepare(data_dir: &Path) -> Prepared {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let app = TestApp::open(data_dir, |_| {});
        let now = Clock::System.now();
        let backlog_start = now.secs() - i64::from(BACKLOG_HOURS) * 3600 - 60;
        app.clock.advance(backlog_start - START.secs());
        let backlog = app.product(hourly(backlog_start, BACKLOG_HOURS)).await;
        let mut investors = Vec::new();
        for _ in 0..INVESTORS {
            let investor = app.investor("1000.00").await;
            app.buy(&investor, backlog, "1000.00").await.assert_ok();
            investors.push(numeric(&investor.id));
        }
        app.clock.advance(now.secs() - backlog_start);
        let product_id = app.product(hourly(now.secs() - 60, 24)).await;
        let mut players = Vec::new();
        for _ in 0..PLAYERS {
            let player = app.investor(&format!("{}.00", PLAYER_CREDIT_MINOR / 100)).await;
            players.push((numeric(&player.id), player.token));
        }
        app.db.close().await.expect("the database closes");
        Prepared { players, investors, product_id }
    })
}

/// What moves between a player's accounts, in minor units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    pub wallet: i64,
    pub game: i64,
    pub savings: i64,
    pub invest: i64,
}

impl Effect {
    pub fn add(&mut self, other: Effect) {
        self.wallet += other.wallet;
        self.game += other.game;
        self.savings += other.savings;
        self.invest += other.invest;
    }
}

pub fn read_only(data_dir: &Path) -> Connection {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY;
    let connection =
        Connection::open_with_flags(data_dir.join("fairhall.db"), flags).expect("the db");
    connection.busy_timeout(std::time::Duration::from_secs(10)).expect("a busy timeout");
    connection
}

fn number(connection: &Connection, sql: &str, user_id: i64) -> i64 {
    connection.query_row(sql, [user_id], |row| row.get(0)).expect("a number")
}

/// The Idempotency-Keys `user_id`'s operations left, sorted: one per operation applied.
pub fn idempotency_keys(connection: &Connection, user_id: i64) -> Vec<String> {
    let sql = "SELECT key FROM idempotency_keys WHERE user_id = ?1 ORDER BY key";
    let mut query = connection.prepare(sql).expect("sql");
    let keys = query.query_map([user_id], |row| row.get(0)).expect("rows");
    keys.map(|key| key.expect("a key")).collect()
}

/// A user's balance of one account kind (0 when the account was never used).
pub fn balance(connection: &Connection, user_id: i64, kind: &str) -> i64 {
    balances(connection, user_id).get(kind).copied().unwrap_or(0)
}

/// A user's balances by account kind.
fn balances(connection: &Connection, user_id: i64) -> BTreeMap<String, i64> {
    let mut query =
        connection.prepare("SELECT kind, balance FROM accounts WHERE user_id = ?1").expect("sql");
    let rows = query.query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?))).expect("rows");
    rows.map(|row| row.expect("a row")).collect()
}

/// What the scheduled jobs paid `user_id`, each from its own table (so a second ledger entry
/// for the same bet, instalment or day shows as a balance above the model).
#[derive(Debug, Default)]
struct Scheduled {
    bet_payouts: i64,
    instalments: i64,
    instalment_principal: i64,
    savings_interest: i64,
    /// Programme credits (rebates, bonuses...): their exactly-once is `flows::ledger_check::verify`'s.
    programmes: i64,
}

fn scheduled(connection: &Connection, user_id: i64) -> Scheduled {
    let paid = "FROM product_payouts p JOIN product_orders o ON o.order_id = p.order_id
                WHERE o.user_id = ?1 AND p.paid_at IS NOT NULL";
    Scheduled {
        bet_payouts: number(
            connection,
            "SELECT COALESCE(SUM(payout), 0) FROM bets WHERE user_id = ?1 AND status <> 'open'",
            user_id,
        ),
        instalments: number(
            connection,
            &format!("SELECT COALESCE(SUM(p.interest_minor + p.principal_minor), 0) {paid}"),
            user_id,
        ),
        instalment_principal: number(
            connection,
            &format!("SELECT COALESCE(SUM(p.principal_minor), 0) {paid}"),
            user_id,
        ),
        savings_interest: number(
            connection,
            "SELECT COALESCE(SUM(interest_minor), 0) FROM savings_interest WHERE user_id = ?1",
            user_id,
        ),
        programmes: number(
            connection,
            "SELECT COALESCE(SUM(p.amount), 0) FROM postings p
             JOIN entries e ON e.entry_id = p.entry_id
             JOIN accounts a ON a.account_id = p.account_id
             WHERE a.user_id = ?1 AND a.kind = 'wallet' AND e.kind IN
               ('rebate', 'commission', 'salary', 'signin', 'task', 'envelope', 'bonus')",
            user_id,
        ),
    }
}

/// Checks, in one read transaction, that each user's balances are `effects` plus what the
/// scheduled jobs paid them; `credit` is what their wallet started with.
pub fn check_balances(data_dir: &Path, users: &[(i64, i64, Effect)]) {
    let mut connection = read_only(data_dir);
    let snapshot = connection.transaction().expect("a read transaction");
    for (user_id, credit, effects) in users {
        let paid = scheduled(&snapshot, *user_id);
        let expected: BTreeMap<String, i64> = [
            ("wallet", credit + effects.wallet + paid.instalments + paid.programmes),
            ("game", effects.game + paid.bet_payouts),
            ("savings", effects.savings + paid.savings_interest),
            ("invest", effects.invest - paid.instalment_principal),
        ]
        .into_iter()
        .map(|(kind, balance)| (kind.to_string(), balance))
        .collect();
        let mut actual = balances(&snapshot, *user_id);
        actual.retain(|kind, balance| expected.contains_key(kind) || *balance != 0);
        for kind in expected.keys() {
            actual.entry(kind.clone()).or_insert(0);
        }
        assert_eq!(actual, expected, "user {user_id}: {effects:?} {paid:?}");
    }
}

/// The backlog investors: each started with the principal in `invest`.
pub fn investor_effects(investors: &[i64]) -> Vec<(i64, i64, Effect)> {
    let bought = Effect {
        wallet: -INVESTOR_PRINCIPAL_MINOR,
        invest: INVESTOR_PRINCIPAL_MINOR,
        ..Effect::default()
    };
    investors.iter().map(|id| (*id, INVESTOR_PRINCIPAL_MINOR, bought)).collect()
}

/// How far the payout job is through the instalments fallen due.
#[derive(Debug)]
pub struct BacklogProgress {
    pub paid: i64,
    pub due: i64,
}

pub fn backlog_progress(connection: &Connection) -> BacklogProgress {
    let sql = "SELECT COUNT(*) FILTER (WHERE paid_at IS NOT NULL),
                      COUNT(*) FILTER (WHERE due_at <= unixepoch()) FROM product_payouts";
    let progress =
        |row: &rusqlite::Row| Ok(BacklogProgress { paid: row.get(0)?, due: row.get(1)? });
    connection.query_row(sql, [], progress).expect("the backlog")
}

/// Whether every order's paid instalments are its first ones.
pub fn instalments_paid_in_order(connection: &Connection) -> bool {
    let sql = "SELECT NOT EXISTS (SELECT 1 FROM product_payouts p WHERE p.paid_at IS NULL
                 AND EXISTS (SELECT 1 FROM product_payouts later WHERE later.order_id = p.order_id
                   AND later.instalment > p.instalment AND later.paid_at IS NOT NULL))";
    connection.query_row(sql, [], |row| row.get(0)).expect("the order of payouts")
}

/// `flows::ledger_check::verify` and `PRAGMA integrity_check` on the live database.
pub fn check_database(data_dir: &Path) {
    let connection = read_only(data_dir);
    let report =
        fairhall::flows::ledger_check::verify(&connection).expect("the ledger is readable");
    assert!(report.is_ok(), "{report:?}");
    let integrity: String =
        connection.query_row("PRAGMA integrity_check", [], |row| row.get(0)).expect("a check");
    assert_eq!(integrity, "ok");
}
