//! The incremental ledger check the server runs (at start, after each settlement, every
//! `ledger.check_every_secs`): the invariants of `verify`, on what is new since a watermark.
//! The journal is append-only (V27), so what a passing check verified stays verified; each
//! pass reads a bounded range of entries and bets and, through indexes, the accounts and
//! references they touch, so its cost follows the traffic since the last check, not the age
//! of the database. The full check (`verify`) stays the one that also recounts the record
//! counts and runs `integrity_check` and `foreign_key_check`.

use super::verify::{
    LISTED_MAX, Mismatch, VerifyReport, Watermark, in_one_snapshot, mismatches, unbalanced_entries,
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

/// Checks the entries and bets after `from` (at most `ENTRIES_PER_CHECK` and
/// `BETS_PER_CHECK`): each entry balances; each posting's balance follows from the previous
/// posting of its account and the account's cached balance from its last posting; no touched
/// player account is below zero; and the domain invariants of the touched references
/// (`invariants.rs`), among them the stakes of the periods the new bets touched.
pub fn verify_since(
    connection: &Connection,
    from: Watermark,
) -> Result<IncrementalReport, AppError> {
    in_one_snapshot(connection, |connection| verify_range(connection, from))
}

fn verify_range(connection: &Connection, from: Watermark) -> Result<IncrementalReport, AppError> {
    let latest = Watermark::latest(connection)?;
    let through = Watermark {
        entry_id: range_end(connection, "entries", "entry_id", from.entry_id, ENTRIES_PER_CHECK)?,
        bet_id: range_end(connection, "bets", "bet_id", from.bet_id, BETS_PER_CHECK)?,
    };
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
    report.check_references(connection, from, through)?;
    // `period_stake_checks` holds the sums up to the stored mark, which a concurrent check
    // may have moved past `from`: the new bets are counted from that mark.
    let checked = Watermark::stored(connection)?.bet_id;
    if through.bet_id > checked {
        report.period_mismatches = super::invariants::period_mismatches_since(
            connection,
            (checked, through.bet_id),
            LISTED_MAX,
        )?;
    }
    Ok(IncrementalReport { from, report, more: through != latest })
}

/// The id `limit` rows after `after` in `table`, or the last one when fewer follow.
fn range_end(
    connection: &Connection,
    table: &str,
    key: &str,
    after: i64,
    limit: i64,
) -> Result<i64, AppError> {
    let sql = format!(
        "SELECT COALESCE(MAX({key}), ?1) FROM
           (SELECT {key} FROM {table} WHERE {key} > ?1 ORDER BY {key} LIMIT ?2)"
    );
    Ok(connection.prepare_cached(&sql)?.query_row(params![after, limit], |row| row.get(0))?)
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

/// Moves the watermark forward to `through` (never back), with the periods' checked stakes,
/// and clears the recorded failure: a check passed there.
pub fn record_passed(tx: &Tx, through: Watermark, now: Timestamp) -> Result<(), AppError> {
    let checked = Watermark::stored(tx)?.bet_id;
    if through.bet_id > checked {
        super::invariants::record_period_stakes(tx, (checked, through.bet_id))?;
    }
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
