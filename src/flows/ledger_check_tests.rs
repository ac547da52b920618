//! The journal's own rules and the composed ledger check, on a migrated database: append-only
//! entries and postings (V27), the halt that refuses every transfer, a hold resolved twice, a
//! reversal, and the periods' stakes games reconciles.

use super::ledger_check::{latest, record_passed, verify, verify_since};
use crate::clock::Timestamp;
use crate::db::{Db, DbOptions};
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::*;
use crate::money::Money;

fn database(dir: &tempfile::TempDir) -> Db {
    let options = DbOptions { read_connections: 1, writer_queue: 16, wal_max_bytes: 1 << 26 };
    Db::open(&dir.path().join("ledger.db"), options).expect("a database")
}

const NOW: Timestamp = Timestamp::from_secs(1_800_000_000);

/// Player 1 with 100.00 in the wallet, credited by one `adjust` entry.
async fn funded(db: &Db) -> i64 {
    db.write(|tx| {
        tx.execute(
            "INSERT INTO users (user_id, phone, password_hash, invite_code, created_at)
             VALUES (1, '13800000001', 'x', 'INVITE01', 0)",
            [],
        )?;
        open_user_accounts(tx, player())?;
        let external = AccountRef::System(SystemAccount::External);
        let wallet = AccountRef::User(player(), UserAccountKind::Wallet);
        let amount = Money::from_minor(10_000)?;
        Ok(transfer(tx, Entry::new(EntryKind::Adjust, external, wallet, amount, NOW))?.entry_id)
    })
    .await
    .expect("funded")
}

/// The player of `funded`.
fn player() -> UserId {
    UserId::from_rowid(1)
}

fn hold_closed(reference: &str) -> Entry {
    let wallet = AccountRef::User(player(), UserAccountKind::Wallet);
    let frozen = AccountRef::User(player(), UserAccountKind::Frozen);
    let amount = Money::from_minor(500).expect("an amount");
    Entry::new(EntryKind::WithdrawRelease, frozen, wallet, amount, NOW).reference(reference)
}

#[tokio::test]
async fn entries_and_postings_refuse_every_update_and_delete_but_the_caches_do_not() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    let entry_id = funded(&db).await;

    for statement in [
        "UPDATE entries SET memo = 'rewritten' WHERE entry_id = ?1",
        "DELETE FROM entries WHERE entry_id = ?1",
        "UPDATE postings SET amount = amount * 2 WHERE entry_id = ?1",
        "DELETE FROM postings WHERE entry_id = ?1",
    ] {
        let refused = db.write(move |tx| Ok(tx.execute(statement, [entry_id])?)).await;
        let message = format!("{:#}", anyhow::Error::from(refused.expect_err(statement)));
        assert!(message.contains("append-only"), "{statement}: {message}");
    }
    let caches = db
        .write(|tx| {
            let balance =
                tx.execute("UPDATE accounts SET balance = balance WHERE user_id = 1", [])?;
            let counts = tx.execute("UPDATE posting_counts SET postings = postings", [])?;
            Ok((balance, counts))
        })
        .await
        .expect("the caches stay updatable");
    assert_eq!(caches, (5, 1));
    assert!(db.read(verify).await.expect("a report").is_ok());
}

#[tokio::test]
async fn a_halted_ledger_refuses_every_transfer_until_it_resumes() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    let convert = || {
        let wallet = AccountRef::User(player(), UserAccountKind::Wallet);
        let game = AccountRef::User(player(), UserAccountKind::Game);
        let amount = Money::from_minor(100).expect("an amount");
        Entry::new(EntryKind::Transfer, wallet, game, amount, NOW)
    };

    db.ledger_halt().halt("entries_balance (1)".into());
    let refused = db.write(move |tx| transfer(tx, convert())).await;
    let other_writes = db.write(|tx| Ok(tx.execute("UPDATE users SET nickname = 'n'", [])?)).await;
    db.ledger_halt().resume();
    let resumed = db.write(move |tx| transfer(tx, convert())).await;

    assert!(matches!(refused, Err(AppError::LedgerHalted)), "{refused:?}");
    assert_eq!(other_writes.expect("other writes go on"), 1);
    assert!(resumed.is_ok(), "{resumed:?}");
    assert_eq!(db.ledger_halt().reason(), None);
}

#[tokio::test]
async fn a_hold_resolved_twice_fails_both_checks_until_the_extra_resolution_is_reversed() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    let start = db.read(latest).await.expect("the end");
    let second = db
        .write(|tx| {
            let wallet = AccountRef::User(player(), UserAccountKind::Wallet);
            let frozen = AccountRef::User(player(), UserAccountKind::Frozen);
            let held = Money::from_minor(1_000)?;
            let hold = Entry::new(EntryKind::WithdrawHold, wallet, frozen, held, NOW);
            transfer(tx, hold.reference("withdrawal:1"))?;
            transfer(tx, hold_closed("withdrawal:1"))?;
            Ok(transfer(tx, hold_closed("withdrawal:1"))?.entry_id)
        })
        .await
        .expect("written");

    let full = db.read(verify).await.expect("a report");
    let since = db.read(move |db| verify_since(db, start)).await.expect("a pass");
    let reversal = db.write(move |tx| reverse(tx, second, ("twice", "tester"), NOW)).await;
    let corrected = db.read(verify).await.expect("a report");

    let twice =
        [Duplicate { kind: "withdraw_close".into(), reference: "withdrawal:1".into(), entries: 2 }];
    assert_eq!(full.withdrawals_resolved_twice, twice);
    assert_eq!(since.report.withdrawals_resolved_twice, twice);
    assert_eq!(full.failures(), "withdrawal_holds_resolved_once (1)");
    let reversal = reversal.expect("reversed");
    let amounts: Vec<i64> = reversal.postings.iter().map(|posting| posting.amount).collect();
    assert_eq!(amounts, [500, -500], "each posting negated");
    assert_eq!(reversal.reference, format!("reversal:{second}"));
    assert!(corrected.is_ok(), "{corrected:?}");
    let again = db.write(move |tx| reverse(tx, second, ("again", "tester"), NOW)).await;
    assert!(matches!(again, Err(AppError::EntryReversed)), "{again:?}");
    let of_reversal = reversal.entry_id;
    let undo = db.write(move |tx| reverse(tx, of_reversal, ("undo", "tester"), NOW)).await;
    assert!(matches!(undo, Err(AppError::EntryReversed)), "{undo:?}");
}

#[tokio::test]
async fn an_unbalanced_entry_after_the_watermark_is_found_by_the_next_pass_only() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    let start = db.read(latest).await.expect("the end");
    let broken = db
        .write(|tx| {
            // What a bug writing around `transfer` would leave: one posting, its balance cached.
            tx.execute("INSERT INTO entries (kind, created_at) VALUES ('bonus', 0)", [])?;
            let entry_id = tx.last_insert_rowid();
            tx.execute(
                "INSERT INTO postings (entry_id, account_id, amount, balance_after)
                 SELECT ?1, account_id, 700, balance + 700 FROM accounts
                 WHERE user_id = 1 AND kind = 'game'",
                [entry_id],
            )?;
            tx.execute(
                "UPDATE accounts SET balance = balance + 700 WHERE user_id = 1 AND kind = 'game'",
                [],
            )?;
            Ok(entry_id)
        })
        .await
        .expect("written");

    let since = db.read(move |db| verify_since(db, start)).await.expect("a pass");
    let after = since.report.checked_through;
    let next = db.read(move |db| verify_since(db, after)).await.expect("a pass");

    assert_eq!(since.report.unbalanced_entries, [broken]);
    assert_eq!(since.report.failures(), "postings_sum_to_zero (1), entries_balance (1)");
    assert!(next.report.is_ok(), "past the watermark, the pass sees nothing new: {next:?}");
    let full = db.read(verify).await.expect("a report");
    assert_eq!(full.unbalanced_entries, [broken]);
    assert_eq!(full.postings_total, 700);
}

/// What `games::betting::place` writes for one line of an order: the bet, both kept totals
/// and the order's debit of `debit` minor units from the game balance.
async fn placed(db: &Db, order_no: &'static str, stake: i64, debit: i64) {
    placed_line(db, ("202611250001", order_no), stake, debit).await;
}

async fn placed_in(db: &Db, issue: &'static str, order_no: &'static str, stake: i64) {
    placed_line(db, (issue, order_no), stake, stake).await;
}

async fn placed_line(
    db: &Db,
    (issue, order_no): (&'static str, &'static str),
    stake: i64,
    debit: i64,
) {
    db.write(move |tx| {
        tx.execute(
            "INSERT INTO bets (order_no, user_id, room, issue, option, stake, odds, rule_version,
                               placed_at)
             VALUES (?1, 1, 'k3', ?2, 'big', ?3, 1960, 1, 0)",
            rusqlite::params![order_no, issue, stake],
        )?;
        tx.execute(
            "INSERT INTO period_player_totals (user_id, room, issue, option, stake)
             VALUES (1, 'k3', ?1, 'big', ?2)
             ON CONFLICT (room, issue, user_id, option) DO UPDATE SET stake = stake + ?2",
            rusqlite::params![issue, stake],
        )?;
        tx.execute(
            "INSERT INTO period_option_totals (room, issue, option, stake, payout)
             VALUES ('k3', ?1, 'big', ?2, 0)
             ON CONFLICT (room, issue, option) DO UPDATE SET stake = stake + ?2",
            rusqlite::params![issue, stake],
        )?;
        let wallet = AccountRef::User(player(), UserAccountKind::Wallet);
        let house = AccountRef::System(SystemAccount::House);
        let debit = Entry::new(EntryKind::Bet, wallet, house, Money::from_minor(debit)?, NOW);
        transfer(tx, debit.reference(format!("order:{order_no}")))?;
        Ok(())
    })
    .await
    .expect("placed");
}

/// A pass of the server's check from the stored mark, not recorded.
async fn pass_from_the_mark(db: &Db) -> IncrementalReport {
    db.read(|db| verify_since(db, Watermark::stored(db)?)).await.expect("a pass")
}

/// The server's pass: from the stored mark, recorded when it passed.
async fn server_pass(db: &Db) -> VerifyReport {
    let pass = pass_from_the_mark(db).await;
    if pass.report.is_ok() {
        let through = pass.report.checked_through;
        db.write(move |tx| record_passed(tx, through, NOW)).await.expect("recorded");
    }
    pass.report
}

async fn checked_stakes(db: &Db) -> Vec<(String, i64)> {
    db.read(|db| {
        let mut query =
            db.prepare("SELECT issue, stake FROM period_stake_checks ORDER BY issue")?;
        let rows = query.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    })
    .await
    .expect("the checked stakes")
}

#[tokio::test]
async fn the_server_pass_checks_a_period_s_stakes_from_the_sums_it_kept() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    placed(&db, "A", 300, 300).await;
    placed(&db, "B", 200, 200).await;
    assert!(server_pass(&db).await.is_ok());
    assert_eq!(checked_stakes(&db).await, [("202611250001".to_string(), 500)]);

    placed(&db, "C", 100, 100).await;
    assert!(server_pass(&db).await.is_ok(), "kept 5.00 plus the new 1.00 equals the totals");
    assert_eq!(checked_stakes(&db).await, [("202611250001".to_string(), 600)]);

    // A total grown by a write around `place` (both totals, so they still agree), then a bet.
    db.write(|tx| {
        tx.execute("UPDATE period_player_totals SET stake = stake + 50", [])?;
        Ok(tx.execute("UPDATE period_option_totals SET stake = stake + 50", [])?)
    })
    .await
    .expect("tampered");
    placed(&db, "D", 100, 100).await;
    let found = server_pass(&db).await;
    let period = [PeriodMismatch { room: "k3".into(), issue: "202611250001".into() }];
    assert_eq!(found.period_mismatches, period);
    assert_eq!(found.failures(), "period_stakes_equal_bets (1)");
    assert_eq!(db.read(verify).await.expect("a report").period_mismatches, period);
}

#[tokio::test]
async fn the_server_pass_finds_an_order_debited_other_than_its_stakes() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    placed(&db, "A", 300, 300).await;
    assert!(server_pass(&db).await.is_ok());
    placed(&db, "B", 200, 150).await;
    let found = server_pass(&db).await;
    assert_eq!(found.failures(), "period_stakes_equal_bets (1)");
}

#[tokio::test]
async fn the_kept_sums_of_a_settled_period_are_dropped() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    placed(&db, "A", 300, 300).await;
    assert!(server_pass(&db).await.is_ok());
    db.write(|tx| Ok(tx.execute("UPDATE bets SET status = 'lost', settled_at = 1", [])?))
        .await
        .expect("settled");
    placed_in(&db, "202611250002", "B", 200).await;
    assert!(server_pass(&db).await.is_ok());
    assert_eq!(checked_stakes(&db).await, [("202611250002".to_string(), 200)]);
}

/// Under load a period's bets straddle two passes (a pass is capped at `BETS_PER_CHECK`, and
/// bets go on between a pass's read and its record): when the period settles in between, its
/// kept sums must stay until a pass covered its last bet, or the next pass compares the later
/// bets alone with the period's whole totals.
#[tokio::test]
async fn a_period_settled_before_its_last_bets_were_checked_keeps_its_sums_until_they_are() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let db = database(&dir);
    funded(&db).await;
    placed(&db, "A", 300, 300).await;
    let first = pass_from_the_mark(&db).await;
    assert!(first.report.is_ok());
    placed(&db, "B", 200, 200).await;
    db.write(|tx| Ok(tx.execute("UPDATE bets SET status = 'lost', settled_at = 1", [])?))
        .await
        .expect("settled");
    let through = first.report.checked_through;
    db.write(move |tx| record_passed(tx, through, NOW)).await.expect("recorded");
    assert_eq!(checked_stakes(&db).await, [("202611250001".to_string(), 300)]);

    let next = server_pass(&db).await;
    assert!(next.is_ok(), "3.00 kept plus the later 2.00 equals the totals: {next:?}");
    assert_eq!(checked_stakes(&db).await, [], "dropped once its last bet was checked");
}
