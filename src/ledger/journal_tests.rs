//! The journal's own rules, on a migrated database: append-only entries and postings (V27),
//! the halt that refuses every transfer, a hold resolved twice and a reversal.

use super::*;
use crate::clock::Timestamp;
use crate::db::{Db, DbOptions};

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
    let start = db.read(incremental::Watermark::latest).await.expect("the end");
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
    let start = db.read(incremental::Watermark::latest).await.expect("the end");
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
