//! Reversing entries: the one correction of the append-only journal (V27). A reversal posts
//! the negation of every posting of an entry, as an `adjust` entry referenced
//! `reversal:<entry id>`; the invariants (`invariants.rs`) then no longer count the reversed
//! entry, so a deposit approved twice or a period paid twice is corrected by reversing the
//! extra entry (`fairhall admin reverse`).

use super::{AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind, transfer};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// The prefix of a reversal's reference; the reversed entry's id follows.
pub const REVERSAL_REFERENCE_PREFIX: &str = "reversal:";

/// One entry and its postings, as `admin reverse` shows and the audit log records it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct EntryDetail {
    pub entry_id: i64,
    pub kind: String,
    pub reference: String,
    pub memo: String,
    pub created_at: Timestamp,
    pub postings: Vec<PostingDetail>,
    /// The entry that reversed this one, if any.
    pub reversed_by: Option<i64>,
}

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PostingDetail {
    pub account_id: i64,
    pub user_id: Option<UserId>,
    pub account_kind: String,
    pub amount: i64,
}

/// Postings an entry has at most (`transfer` writes no more), so a read is bounded.
const POSTINGS_LISTED_MAX: i64 = 64;

pub fn entry_detail(
    connection: &Connection,
    entry_id: i64,
) -> Result<Option<EntryDetail>, AppError> {
    let head = connection
        .prepare_cached(
            "SELECT e.kind, e.reference, e.memo, e.created_at,
                    (SELECT r.entry_id FROM entries r WHERE r.reference = ?2)
             FROM entries e WHERE e.entry_id = ?1",
        )?
        .query_row(params![entry_id, format!("{REVERSAL_REFERENCE_PREFIX}{entry_id}")], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })
        .optional()?;
    let Some((kind, reference, memo, created_at, reversed_by)) = head else { return Ok(None) };
    let mut query = connection.prepare_cached(
        "SELECT p.account_id, a.user_id, a.kind, p.amount FROM postings p
         JOIN accounts a ON a.account_id = p.account_id
         WHERE p.entry_id = ?1 ORDER BY p.posting_id LIMIT ?2",
    )?;
    let rows = query.query_map(params![entry_id, POSTINGS_LISTED_MAX], |row| {
        Ok(PostingDetail {
            account_id: row.get(0)?,
            user_id: row.get(1)?,
            account_kind: row.get(2)?,
            amount: row.get(3)?,
        })
    })?;
    let postings = rows.collect::<Result<_, _>>()?;
    Ok(Some(EntryDetail { entry_id, kind, reference, memo, created_at, postings, reversed_by }))
}

/// Reverses entry `entry_id` with the operator's `reason`: refuses an entry that does not
/// exist (`not_found`), a reversal or an entry already reversed (`entry_reversed`), and, like
/// any transfer, a reversal that would take a player account below zero. Returns the
/// reversing entry.
pub fn reverse(
    tx: &Tx,
    entry_id: i64,
    (reason, admin): (&str, &str),
    now: Timestamp,
) -> Result<EntryDetail, AppError> {
    if reason.trim().is_empty() {
        return Err(AppError::MissingParams);
    }
    let original = entry_detail(tx, entry_id)?.ok_or(AppError::NotFound)?;
    if original.reversed_by.is_some() || original.reference.starts_with(REVERSAL_REFERENCE_PREFIX) {
        return Err(AppError::EntryReversed);
    }
    let postings = original
        .postings
        .iter()
        .map(|posting| Ok((account_ref(posting)?, -posting.amount)))
        .collect::<Result<Vec<_>, AppError>>()?;
    let reversal = Entry {
        kind: EntryKind::Adjust,
        reference: format!("{REVERSAL_REFERENCE_PREFIX}{entry_id}"),
        memo: format!("{admin}: {}", reason.trim()),
        postings,
        created_at: now,
    };
    let posted = transfer(tx, reversal)?;
    entry_detail(tx, posted.entry_id)?
        .ok_or_else(|| anyhow::anyhow!("the reversal {} was not written", posted.entry_id).into())
}

fn account_ref(posting: &PostingDetail) -> Result<AccountRef, AppError> {
    let code = posting.account_kind.as_str();
    let account = match posting.user_id {
        Some(user_id) => UserAccountKind::parse(code).map(|kind| AccountRef::User(user_id, kind)),
        None => SystemAccount::parse(code).map(AccountRef::System),
    };
    account.ok_or_else(|| anyhow::anyhow!("account {} of kind {code}", posting.account_id).into())
}
