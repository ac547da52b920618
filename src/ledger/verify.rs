//! `fairhall admin verify`: recomputes every balance from the postings, so anyone holding the
//! database can check that no money appeared or vanished.

use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::Connection;
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
}

impl VerifyReport {
    pub fn is_ok(&self) -> bool {
        self.postings_total == 0
            && self.mismatched_accounts.is_empty()
            && self.negative_player_accounts.is_empty()
            && self.unbalanced_entries.is_empty()
            && self.miscounted_accounts.is_empty()
    }
}

/// Mismatches listed at most, so a badly broken database still gives a readable report.
const LISTED_MAX: i64 = 1000;

pub fn verify(connection: &Connection) -> Result<VerifyReport, AppError> {
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
    )?;
    report.negative_player_accounts = mismatches(
        connection,
        "SELECT a.account_id, a.user_id, a.kind, a.balance, a.balance FROM accounts a
         WHERE a.user_id IS NOT NULL AND a.balance < 0 LIMIT ?1",
    )?;
    let mut unbalanced = connection.prepare(
        "SELECT e.entry_id FROM entries e LEFT JOIN postings p ON p.entry_id = e.entry_id
         GROUP BY e.entry_id HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.posting_id) < 2
         LIMIT ?1",
    )?;
    report.unbalanced_entries =
        unbalanced.query_map([LISTED_MAX], |row| row.get(0))?.collect::<Result<_, _>>()?;
    report.miscounted_accounts = miscounted(connection)?;
    Ok(report)
}

fn mismatches(connection: &Connection, sql: &str) -> Result<Vec<Mismatch>, AppError> {
    let mut query = connection.prepare(sql)?;
    let rows = query.query_map([LISTED_MAX], |row| {
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
