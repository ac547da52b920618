//! The statement's queries; each is an index seek or one run of an index.

use super::StatementLine;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::UserAccountKind;
use crate::wallet::records::{Audience, shown_reference};
use rusqlite::{Connection, OptionalExtension, params};

/// The first posting of the first entry written at or after `at` (`entries_created`, then
/// `postings_entry`); `i64::MAX` when the journal has none yet.
pub(super) fn first_posting_at(connection: &Connection, at: Timestamp) -> Result<i64, AppError> {
    let found: Option<Option<i64>> = connection
        .prepare_cached(
            "SELECT (SELECT MIN(p.posting_id) FROM postings p WHERE p.entry_id = e.entry_id)
             FROM entries e WHERE e.created_at >= ?1 ORDER BY e.created_at, e.entry_id LIMIT 1",
        )?
        .query_row([at], |row| row.get(0))
        .optional()?;
    Ok(found.flatten().unwrap_or(i64::MAX))
}

/// The player's accounts, in the order of `UserAccountKind::ALL`.
pub(super) fn player_accounts(
    connection: &Connection,
    user_id: UserId,
) -> Result<Vec<(i64, UserAccountKind)>, AppError> {
    let mut query =
        connection.prepare_cached("SELECT account_id, kind FROM accounts WHERE user_id = ?1")?;
    let rows =
        query.query_map([user_id], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?)))?;
    let mut accounts = Vec::with_capacity(UserAccountKind::ALL.len());
    for row in rows {
        let (account_id, code): (i64, String) = row?;
        let kind = UserAccountKind::parse(&code)
            .ok_or_else(|| anyhow::anyhow!("account {account_id} of unknown kind {code}"))?;
        accounts.push((account_id, kind));
    }
    accounts.sort_by_key(|(_, kind)| UserAccountKind::ALL.iter().position(|known| known == kind));
    Ok(accounts)
}

/// The account's balance just before posting `posting_id`: the `balance_after` of its last
/// earlier posting, 0 when there is none.
pub(super) fn balance_before(
    connection: &Connection,
    account_id: i64,
    posting_id: i64,
) -> Result<i64, AppError> {
    let balance: Option<i64> = connection
        .prepare_cached(
            "SELECT balance_after FROM postings WHERE account_id = ?1 AND posting_id < ?2
             ORDER BY posting_id DESC LIMIT 1",
        )?
        .query_row(params![account_id, posting_id], |row| row.get(0))
        .optional()?;
    Ok(balance.unwrap_or(0))
}

/// The account's postings from `postings.0` up to (not including) `postings.1`, oldest first,
/// at most `budget + 1` of them (one more than allowed tells the caller the range is too big).
pub(super) fn lines(
    connection: &Connection,
    account_id: i64,
    postings: (i64, i64),
    budget: usize,
) -> Result<Vec<StatementLine>, AppError> {
    let limit = i64::try_from(budget).unwrap_or(i64::MAX - 1) + 1;
    let mut query = connection.prepare_cached(
        "SELECT p.posting_id, e.created_at, e.kind, e.reference, e.memo, p.amount, p.balance_after
         FROM postings p JOIN entries e ON e.entry_id = p.entry_id
         WHERE p.account_id = ?1 AND p.posting_id >= ?2 AND p.posting_id < ?3
         ORDER BY p.posting_id LIMIT ?4",
    )?;
    let rows = query.query_map(params![account_id, postings.0, postings.1, limit], |row| {
        Ok(StatementLine {
            posting_id: row.get(0)?,
            created_at: row.get(1)?,
            kind: row.get(2)?,
            reference: shown_reference(row.get(3)?, Audience::Player),
            memo: row.get(4)?,
            amount: row.get(5)?,
            balance_after: row.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
