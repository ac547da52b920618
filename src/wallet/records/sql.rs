//! The queries behind the account change records; each reads through an index in order.

use super::{ChangeFilter, ChangeRecord, DATED_TOTAL_MAX};
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::EntryKind;
use crate::money::format_signed;
use rusqlite::{Connection, params};

/// The player's accounts that `filter.account` names, each with its number of postings of
/// `filter.kind` (of any kind without one), from `posting_counts`.
pub(super) fn listed_accounts(
    connection: &Connection,
    user_id: UserId,
    filter: &ChangeFilter,
) -> Result<Vec<(i64, i64)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT a.account_id, COALESCE(SUM(c.postings), 0) FROM accounts a
         LEFT JOIN posting_counts c
             ON c.account_id = a.account_id AND (?3 IS NULL OR c.entry_kind = ?3)
         WHERE a.user_id = ?1 AND (?2 IS NULL OR a.kind = ?2)
         GROUP BY a.account_id ORDER BY a.account_id",
    )?;
    let rows = query
        .query_map(params![user_id, filter.account, filter.kind.map(EntryKind::code)], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Up to `wanted` ids of `account_id`'s postings matching `filter` (and older than
/// `filter.before`), newest first, read backwards through `postings_account`.
pub(super) fn newest_ids(
    connection: &Connection,
    account_id: i64,
    filter: &ChangeFilter,
    wanted: i64,
) -> Result<Vec<i64>, AppError> {
    let before = filter.before.unwrap_or(i64::MAX);
    let plain = filter.kind.is_none() && filter.from.is_none() && filter.to.is_none();
    let mut query = if plain {
        // The index alone answers: no entry is read.
        connection.prepare_cached(
            "SELECT posting_id FROM postings WHERE account_id = ?1 AND posting_id < ?2
             ORDER BY posting_id DESC LIMIT ?3",
        )?
    } else {
        connection.prepare_cached(
            "SELECT p.posting_id FROM postings p JOIN entries e ON e.entry_id = p.entry_id
             WHERE p.account_id = ?1 AND p.posting_id < ?2
               AND (?4 IS NULL OR e.kind = ?4)
               AND (?5 IS NULL OR e.created_at >= ?5) AND (?6 IS NULL OR e.created_at < ?6)
             ORDER BY p.posting_id DESC LIMIT ?3",
        )?
    };
    let (kind, from, to) = (filter.kind.map(EntryKind::code), filter.from, filter.to);
    let ids: Result<Vec<i64>, _> = if plain {
        query.query_map(params![account_id, before, wanted], |row| row.get(0))?.collect()
    } else {
        let arguments = params![account_id, before, wanted, kind, from, to];
        query.query_map(arguments, |row| row.get(0))?.collect()
    };
    Ok(ids?)
}

/// How many postings of `accounts` match `filter`'s kind and date range, counting at most
/// `DATED_TOTAL_MAX + 1` (a date range is not indexed: the count walks the postings).
pub(super) fn count_dated(
    connection: &Connection,
    accounts: &[(i64, i64)],
    filter: &ChangeFilter,
) -> Result<i64, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT COUNT(*) FROM (
             SELECT 1 FROM postings p JOIN entries e ON e.entry_id = p.entry_id
             WHERE p.account_id = ?1 AND (?2 IS NULL OR e.kind = ?2)
               AND (?3 IS NULL OR e.created_at >= ?3) AND (?4 IS NULL OR e.created_at < ?4)
             LIMIT ?5)",
    )?;
    let mut total = 0;
    for (account_id, _) in accounts.iter().filter(|(_, postings)| *postings > 0) {
        let budget = DATED_TOTAL_MAX + 1 - total;
        if budget <= 0 {
            break;
        }
        let (kind, from, to) = (filter.kind.map(EntryKind::code), filter.from, filter.to);
        let counted: i64 =
            query.query_row(params![account_id, kind, from, to, budget], |row| row.get(0))?;
        total += counted;
    }
    Ok(total)
}

/// The records of `ids`, in the order given.
pub(super) fn changes(connection: &Connection, ids: &[i64]) -> Result<Vec<ChangeRecord>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT p.posting_id, a.kind, e.kind, e.reference, e.memo, p.amount, p.balance_after,
                e.created_at
         FROM postings p JOIN accounts a ON a.account_id = p.account_id
         JOIN entries e ON e.entry_id = p.entry_id
         WHERE p.posting_id = ?1",
    )?;
    let mut list = Vec::with_capacity(ids.len());
    for id in ids {
        list.push(query.query_row([id], |row| {
            Ok(ChangeRecord {
                id: row.get(0)?,
                account: row.get(1)?,
                kind: row.get(2)?,
                reference: row.get(3)?,
                memo: row.get(4)?,
                amount: format_signed(row.get(5)?),
                balance_after: format_signed(row.get(6)?),
                created_at: row.get(7)?,
            })
        })?);
    }
    Ok(list)
}
