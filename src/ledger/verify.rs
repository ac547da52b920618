//! The journal's part of `fairhall admin verify`: recomputes every balance from the postings
//! and checks every invariant the ledger's own tables show (issue 18), so anyone holding the
//! database can check that no money appeared, vanished or was paid twice.
//! `verify_journal_since` (incremental.rs) checks the same on what is new since a watermark.
//! `flows::ledger_check` adds the domains' reconciliations (credits and period stakes) to the
//! report, so the ledger reads no domain's table.

use super::invariants::{self, Duplicate, PeriodMismatch, Unreconciled};
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use serde::Serialize;

/// An account whose stored balance is not the sum of its postings, or that broke a rule.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Mismatch {
    pub account_id: i64,
    pub user_id: Option<UserId>,
    pub kind: String,
    pub balance: i64,
    pub postings_sum: i64,
}

#[derive(Debug, Default, Serialize)]
pub struct VerifyReport {
    pub accounts: i64,
    pub entries: i64,
    pub postings: i64,
    /// Sum of every posting: zero when the books balance.
    pub postings_total: i64,
    pub mismatched_accounts: Vec<Mismatch>,
    pub negative_player_accounts: Vec<Mismatch>,
    /// Entries whose postings do not sum to zero (or that have fewer than two postings).
    pub unbalanced_entries: Vec<i64>,
    /// Player accounts whose `posting_counts` (the records' `total`) differ from a recount.
    pub miscounted_accounts: Vec<i64>,
    /// Deposits, interest days, instalments, salaries, sign-ins, tasks and bonuses whose
    /// reference more than one entry paid.
    pub paid_twice: Vec<Duplicate>,
    /// Withdrawal holds held or resolved (paid or released) more than once.
    pub withdrawals_resolved_twice: Vec<Duplicate>,
    /// Settled bets, envelope claims, rebates and commissions credited otherwise than their
    /// rows say.
    pub unreconciled_credits: Vec<Unreconciled>,
    /// Periods whose stake totals or debits differ from their bets.
    pub period_mismatches: Vec<PeriodMismatch>,
    /// `PRAGMA integrity_check` lines other than "ok" (full check only).
    pub integrity_problems: Vec<String>,
    /// `PRAGMA foreign_key_check` rows (full check only).
    pub foreign_key_problems: Vec<String>,
    /// The last entry and bet the check saw: what a passing check has verified.
    pub checked_through: Watermark,
}

/// One named check of the report and how many problems it found.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct CheckLine {
    pub check: &'static str,
    pub problems: usize,
}

impl VerifyReport {
    pub fn is_ok(&self) -> bool {
        self.checks().iter().all(|line| line.problems == 0)
    }

    /// Every invariant by name, with its count of problems (`admin verify` prints them).
    pub fn checks(&self) -> Vec<CheckLine> {
        let line = |check, problems| CheckLine { check, problems };
        vec![
            line("postings_sum_to_zero", usize::from(self.postings_total != 0)),
            line("entries_balance", self.unbalanced_entries.len()),
            line("balances_equal_postings", self.mismatched_accounts.len()),
            line("no_player_account_below_zero", self.negative_player_accounts.len()),
            line("record_counts_equal_postings", self.miscounted_accounts.len()),
            line("withdrawal_holds_resolved_once", self.withdrawals_resolved_twice.len()),
            line("nothing_paid_twice", self.paid_twice.len()),
            line("credits_equal_their_rows", self.unreconciled_credits.len()),
            line("period_stakes_equal_bets", self.period_mismatches.len()),
            line("integrity_check", self.integrity_problems.len()),
            line("foreign_key_check", self.foreign_key_problems.len()),
        ]
    }

    /// The failed checks by name, e.g. "entries_balance (1), nothing_paid_twice (2)".
    pub fn failures(&self) -> String {
        let failed = self.checks().into_iter().filter(|line| line.problems > 0);
        failed
            .map(|line| format!("{} ({})", line.check, line.problems))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Files the references of the entries in `(after, last]` paid more than once into the
    /// report.
    pub(super) fn check_paid_once(
        &mut self,
        connection: &Connection,
        entries: (i64, i64),
    ) -> Result<(), AppError> {
        let (withdrawals, others): (Vec<Duplicate>, Vec<Duplicate>) =
            invariants::paid_twice(connection, entries, LISTED_MAX)?
                .into_iter()
                .partition(|duplicate| duplicate.kind.starts_with("withdraw"));
        self.withdrawals_resolved_twice = withdrawals;
        self.paid_twice = others;
        Ok(())
    }
}

/// Mismatches listed at most, so a badly broken database still gives a readable report.
pub const LISTED_MAX: i64 = 1000;

/// Runs `check` inside one read transaction, so every query sees the same database and the
/// watermark of the report is exactly what was checked (writers commit meanwhile).
pub fn in_one_snapshot<T>(
    connection: &Connection,
    check: impl FnOnce(&Connection) -> Result<T, AppError>,
) -> Result<T, AppError> {
    // A savepoint, not BEGIN: the caller may already be inside a transaction.
    connection.execute_batch("SAVEPOINT verify_snapshot")?;
    let result = check(connection);
    connection.execute_batch("RELEASE verify_snapshot")?;
    result
}

/// The journal's full check through `through` (the journal's end in the caller's snapshot):
/// every balance, entry and count, what was paid twice, `integrity_check` and
/// `foreign_key_check`. Its cost grows with the journal; the server runs
/// `verify_journal_since` instead.
pub fn verify_journal(
    connection: &Connection,
    through: Watermark,
) -> Result<VerifyReport, AppError> {
    let count = |sql: &str| -> Result<i64, AppError> {
        Ok(connection.query_row(sql, [], |row| row.get(0))?)
    };
    let mut report = VerifyReport {
        accounts: count("SELECT COUNT(*) FROM accounts")?,
        entries: count("SELECT COUNT(*) FROM entries")?,
        postings: count("SELECT COUNT(*) FROM postings")?,
        postings_total: count("SELECT COALESCE(SUM(amount), 0) FROM postings")?,
        ..VerifyReport::default()
    };
    report.mismatched_accounts = mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, a.balance, COALESCE(SUM(p.amount), 0) AS total
         FROM accounts a LEFT JOIN postings p ON p.account_id = a.account_id
         GROUP BY a.account_id HAVING a.balance <> total LIMIT ?1",
        [LISTED_MAX],
    )?;
    report.negative_player_accounts = mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, a.balance, a.balance FROM accounts a
         WHERE a.user_id IS NOT NULL AND a.balance < 0 LIMIT ?1",
        [LISTED_MAX],
    )?;
    report.unbalanced_entries = unbalanced_entries(connection, (0, i64::MAX))?;
    report.miscounted_accounts = miscounted(connection)?;
    report.check_paid_once(connection, (0, through.entry_id))?;
    report.checked_through = through;
    report.integrity_problems = crate::db::integrity_problems(connection)?;
    report.foreign_key_problems = crate::db::foreign_key_problems(connection)?;
    Ok(report)
}

/// The accounts `sql` selects (account_id, user_id, kind, balance, postings sum), its `?1`
/// bound to `LISTED_MAX`.
pub(super) fn mismatches(
    connection: &Connection,
    sql: &str,
    parameters: impl rusqlite::Params,
) -> Result<Vec<Mismatch>, AppError> {
    let mut query = connection.prepare_cached(sql)?;
    let rows = query.query_map(parameters, |row| {
        Ok(Mismatch {
            account_id: row.get(0)?,
            user_id: row.get(1)?,
            kind: row.get(2)?,
            balance: row.get(3)?,
            postings_sum: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Player accounts whose kept counts (`posting_counts`, written by `transfer`) differ from a
/// recount of their postings, in either direction.
fn miscounted(connection: &Connection) -> Result<Vec<i64>, AppError> {
    let mut query = connection.prepare(
        "WITH recount AS (
             SELECT p.account_id, e.kind AS entry_kind, COUNT(*) AS postings,
                    SUM(p.amount) AS amount
             FROM postings p
             JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
             JOIN entries e ON e.entry_id = p.entry_id
             GROUP BY p.account_id, e.kind)
         SELECT DISTINCT account_id FROM (
             SELECT r.account_id FROM recount r LEFT JOIN posting_counts c
                 ON c.account_id = r.account_id AND c.entry_kind = r.entry_kind
             WHERE c.postings IS NOT r.postings OR c.amount IS NOT r.amount
             UNION ALL
             SELECT c.account_id FROM posting_counts c LEFT JOIN recount r
                 ON r.account_id = c.account_id AND r.entry_kind = c.entry_kind
             WHERE r.postings IS NULL AND c.postings <> 0)
         ORDER BY account_id LIMIT ?1",
    )?;
    let rows = query.query_map([LISTED_MAX], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How far the journal is verified: the last entry and the last bet checked (the bets' mark
/// is games', kept here beside the entries' so one record says what a passing check covered).
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Watermark {
    pub entry_id: i64,
    pub bet_id: i64,
}

/// The last entry written.
pub fn last_entry_id(connection: &Connection) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COALESCE(MAX(entry_id), 0) FROM entries")?
        .query_row([], |row| row.get(0))?)
}

impl Watermark {
    /// Where the last passing check stopped (`ledger_checks`).
    pub fn stored(connection: &Connection) -> Result<Watermark, AppError> {
        Ok(connection
            .prepare_cached("SELECT last_entry_id, last_bet_id FROM ledger_checks")?
            .query_row([], |row| Ok(Watermark { entry_id: row.get(0)?, bet_id: row.get(1)? }))?)
    }
}

/// Entries in `(after, last]` whose postings do not sum to zero or that have fewer than two.
pub(super) fn unbalanced_entries(
    connection: &Connection,
    (after, last): (i64, i64),
) -> Result<Vec<i64>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT e.entry_id FROM entries e LEFT JOIN postings p ON p.entry_id = e.entry_id
         WHERE e.entry_id > ?1 AND e.entry_id <= ?2
         GROUP BY e.entry_id HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.posting_id) < 2
         LIMIT ?3",
    )?;
    let rows = query.query_map(params![after, last, LISTED_MAX], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
