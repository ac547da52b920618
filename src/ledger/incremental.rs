//! The journal's part of the incremental ledger check the server runs (at start, after each
//! settlement, every `ledger.check_every_secs`; composed in `flows::ledger_check`): the
//! invariants of `verify_journal`, on what is new since a watermark.
//! The journal is append-only (V27), so what a passing check verified stays verified; each
//! pass reads a bounded range of entries and bets and, through indexes, the accounts and
//! references they touch, so its cost follows the traffic since the last check, not the age
//! of the database. The full check (`verify_journal`) stays the one that also recounts the
//! record counts and runs `integrity_check` and `foreign_key_check`.

use super::verify::{
    LISTED_MAX, Mismatch, VerifyReport, Watermark, mismatches, unbalanced_entries,
};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// Entries one pass checks at most, and bets: bounds a pass's work, and its read, which keeps
/// the write-ahead log from restarting while it lasts (passes of 20,000 let the log pass its
/// bound under the sustained benchmark).
pub const ENTRIES_PER_CHECK: i64 = 5_000;
pub const BETS_PER_CHECK: i64 = 5_000;

/// What one pass of the incremental check found.
#[derive(Debug)]
pub struct IncrementalReport {
    pub from: Watermark,
    pub report: VerifyReport,
    /// More was written than one pass checks: run another from `report.checked_through`.
    pub more: bool,
}

/// The journal's part of one pass over the entries in `(from, through]`: each entry balances;
/// each posting's balance follows from the previous posting of its account and the account's
/// cached balance from its last posting; no touched player account is below zero; no
/// reference of the range paid twice. The caller (`flows::ledger_check`) runs it in one
/// snapshot with the domains' parts and chooses `through` (at most `ENTRIES_PER_CHECK` after
/// `from`, `entries_range_end`).
pub fn verify_journal_since(
    connection: &Connection,
    from: Watermark,
    through: Watermark,
) -> Result<VerifyReport, AppError> {
    let range = (from.entry_id, through.entry_id);
    let (entries, postings, postings_total) = connection
        .prepare_cached(
            "SELECT (SELECT COUNT(*) FROM entries WHERE entry_id > ?1 AND entry_id <= ?2),
                    COUNT(*), COALESCE(SUM(amount), 0)
             FROM postings WHERE entry_id > ?1 AND entry_id <= ?2",
        )?
        .query_row(params![range.0, range.1], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    let mut report = VerifyReport { entries, postings, postings_total, ..VerifyReport::default() };
    report.unbalanced_entries = unbalanced_entries(connection, range)?;
    report.mismatched_accounts = broken_replays(connection, range)?;
    report.mismatched_accounts.extend(stale_balances(connection, range)?);
    report.negative_player_accounts = mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, a.balance, a.balance FROM accounts a
         WHERE a.account_id IN (SELECT account_id FROM postings
                                WHERE entry_id > ?2 AND entry_id <= ?3)
           AND a.user_id IS NOT NULL AND a.balance < 0 LIMIT ?1",
        params![LISTED_MAX, range.0, range.1],
    )?;
    report.accounts = connection
        .prepare_cached(
            "SELECT COUNT(DISTINCT account_id) FROM postings WHERE entry_id > ?1 AND entry_id <= ?2",
        )?
        .query_row(params![range.0, range.1], |row| row.get(0))?;
    report.check_paid_once(connection, range)?;
    report.checked_through = through;
    Ok(report)
}

/// The entry id `limit` entries after `after`, or the last one when fewer follow.
pub fn entries_range_end(connection: &Connection, after: i64, limit: i64) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(MAX(entry_id), ?1) FROM
               (SELECT entry_id FROM entries WHERE entry_id > ?1 ORDER BY entry_id LIMIT ?2)",
        )?
        .query_row(params![after, limit], |row| row.get(0))?)
}

/// Postings of the range whose `balance_after` is not the previous posting's on the same
/// account plus their amount: the replay of the postings, one index seek per posting.
/// Reported as the account, with the stored and the replayed balance.
fn broken_replays(connection: &Connection, range: (i64, i64)) -> Result<Vec<Mismatch>, AppError> {
    mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, p.balance_after,
                p.amount + COALESCE((SELECT q.balance_after FROM postings q
                                     WHERE q.account_id = p.account_id
                                       AND q.posting_id < p.posting_id
                                     ORDER BY q.posting_id DESC LIMIT 1), 0) AS replayed
         FROM postings p JOIN accounts a ON a.account_id = p.account_id
         WHERE p.entry_id > ?2 AND p.entry_id <= ?3 AND p.balance_after <> replayed
         LIMIT ?1",
        params![LISTED_MAX, range.0, range.1],
    )
}

/// Accounts touched in the range whose cached balance is not their last posting's balance.
fn stale_balances(connection: &Connection, range: (i64, i64)) -> Result<Vec<Mismatch>, AppError> {
    mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, a.balance,
                (SELECT q.balance_after FROM postings q WHERE q.account_id = a.account_id
                 ORDER BY q.posting_id DESC LIMIT 1) AS replayed
         FROM accounts a
         WHERE a.account_id IN (SELECT account_id FROM postings
                                WHERE entry_id > ?2 AND entry_id <= ?3)
           AND a.balance IS NOT replayed
         LIMIT ?1",
        params![LISTED_MAX, range.0, range.1],
    )
}

/// Moves the watermark forward to `through` (never back) and clears the recorded failure: a
/// check passed there.
pub fn record_passed(tx: &Tx, through: Watermark, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE ledger_checks SET last_entry_id = MAX(last_entry_id, ?1),
                                  last_bet_id = MAX(last_bet_id, ?2), checked_at = ?3,
                                  failure = '', failed_at = NULL",
    )?
    .execute(params![through.entry_id, through.bet_id, now])?;
    Ok(())
}

/// Records that the server's check failed, naming the invariants (read by `admin doctor`).
pub fn record_failed(tx: &Tx, failure: &str, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE ledger_checks SET failure = ?1, failed_at = ?2")?
        .execute(params![failure, now])?;
    Ok(())
}

/// The failure the server's last check recorded and when; None after a passing check.
pub fn recorded_failure(connection: &Connection) -> Result<Option<(String, Timestamp)>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT failure, COALESCE(failed_at, checked_at) FROM ledger_checks
             WHERE failure <> ''",
        )?
        .query_row([], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}
