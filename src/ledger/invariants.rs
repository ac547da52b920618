//! The invariants that tie the journal to the rows of the domains that write it. The ledger
//! checks what its own tables show (nothing paid twice for one reference) and gives the
//! domains what they reconcile their rows with: the credits of the references touched in a
//! range of entries (`?1 < entry_id <= ?2`), and the player debits of given references. Games
//! (settlements, period stakes) and growth (envelopes, rebates, commissions) compare them with
//! their rows; `flows::ledger_check` composes the parts, so the ledger reads no domain's table.

use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use serde::Serialize;
use std::collections::HashMap;

/// A reference paid by more entries than its domain allows.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Duplicate {
    /// The entry kind, or `withdraw_close` for the entries that resolve a withdrawal hold.
    pub kind: String,
    pub reference: String,
    pub entries: i64,
}

/// A player credited under a reference otherwise than the domain's rows say.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Unreconciled {
    pub reference: String,
    pub user_id: UserId,
    pub credited: i64,
    pub owed: i64,
}

/// A period whose kept totals or ledger debits differ from its bets.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PeriodMismatch {
    pub room: String,
    pub issue: String,
}

/// Entry kinds paid at most once per reference (a deposit, a withdrawal's hold and its
/// resolution, a day's interest, an instalment, a week's salary, a sign-in, a task, a bonus).
/// The resolutions of a hold, paid or released, count together.
const ONCE_KINDS: &str = "'deposit', 'withdraw_hold', 'withdraw_paid', 'withdraw_release', \
                          'interest', 'invest_return', 'salary', 'signin', 'task', 'bonus'";

/// Leaves out an entry `e` that a reversal (reversal.rs) undid.
const NOT_REVERSED: &str =
    "NOT EXISTS (SELECT 1 FROM entries r WHERE r.reference = 'reversal:' || e.entry_id)";

/// References of `ONCE_KINDS` touched in the range that more than one entry pays.
pub fn paid_twice(
    connection: &Connection,
    (after, last): (i64, i64),
    limit: i64,
) -> Result<Vec<Duplicate>, AppError> {
    let sql = format!(
        "SELECT CASE WHEN kind IN ('withdraw_paid', 'withdraw_release') THEN 'withdraw_close'
                     ELSE kind END AS class,
                reference, COUNT(*)
         FROM entries e
         WHERE kind IN ({ONCE_KINDS}) AND reference IN
               (SELECT reference FROM entries
                WHERE entry_id > ?1 AND entry_id <= ?2 AND kind IN ({ONCE_KINDS}))
           AND {NOT_REVERSED}
         GROUP BY class, reference HAVING COUNT(*) > 1
         ORDER BY reference LIMIT ?3"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![after, last, limit], |row| {
        Ok(Duplicate { kind: row.get(0)?, reference: row.get(1)?, entries: row.get(2)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Per reference touched in the range by an entry of `kinds` and player: what every entry of
/// those kinds under it credited him (in or before the range, reversals left out) against what
/// the domain that writes them owes (`owed`: the owed amount per player of one reference,
/// missing players owing nothing). A reference paid twice, or a credit under a reference the
/// domain has no row for, shows here. One reference's credits are held at a time, so the full
/// check over a month's journal stays small.
pub fn unreconciled_credits(
    connection: &Connection,
    (after, last): (i64, i64),
    (kinds, limit): (&[&str], usize),
    mut owed: impl FnMut(&str) -> Result<HashMap<UserId, i64>, AppError>,
) -> Result<Vec<Unreconciled>, AppError> {
    let kinds = serde_json::to_string(kinds).map_err(anyhow::Error::from)?;
    let sql = format!(
        "WITH wanted AS (SELECT value AS kind FROM json_each(?3)),
         touched AS (
             SELECT DISTINCT reference FROM entries
             WHERE entry_id > ?1 AND entry_id <= ?2 AND kind IN (SELECT kind FROM wanted))
         SELECT e.reference, a.user_id, SUM(p.amount)
         FROM touched t
         JOIN entries e ON e.reference = t.reference
         JOIN postings p ON p.entry_id = e.entry_id
         JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
         WHERE e.kind IN (SELECT kind FROM wanted) AND {NOT_REVERSED}
         GROUP BY e.reference, a.user_id
         ORDER BY e.reference, a.user_id"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let mut rows = query.query(params![after, last, kinds])?;
    let mut found = Vec::new();
    let mut reference = String::new();
    let mut owed_here: HashMap<UserId, i64> = HashMap::new();
    while let Some(row) = rows.next()? {
        let next: String = row.get(0)?;
        if next != reference {
            owed_here = owed(&next)?;
            reference = next;
        }
        let (user_id, credited): (UserId, i64) = (row.get(1)?, row.get(2)?);
        let owed = owed_here.get(&user_id).copied().unwrap_or(0);
        if owed != credited && found.len() < limit {
            found.push(Unreconciled { reference: reference.clone(), user_id, credited, owed });
        }
    }
    Ok(found)
}

/// What entries of `kind` under each of `references` debited players in all (reversals left
/// out), in the order given; 0 for a reference nothing debited.
pub fn player_debits(
    connection: &Connection,
    kind: &str,
    references: &[String],
) -> Result<Vec<i64>, AppError> {
    let list = serde_json::to_string(references).map_err(anyhow::Error::from)?;
    let sql = format!(
        "SELECT (SELECT COALESCE(-SUM(q.amount), 0) FROM entries e
                 JOIN postings q ON q.entry_id = e.entry_id
                 JOIN accounts a ON a.account_id = q.account_id AND a.user_id IS NOT NULL
                 WHERE e.reference = r.value AND e.kind = ?2 AND {NOT_REVERSED})
         FROM json_each(?1) r ORDER BY r.key"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![list, kind], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
