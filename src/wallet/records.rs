//! The player's account change records: every posting on their accounts, with the entry's
//! kind and reference.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::EntryKind;
use crate::paging::{Page, Paging};
use rusqlite::Connection;

mod sql;
pub mod statement;
use serde::{Deserialize, Serialize};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ChangeFilterForm {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// Only this account: wallet, game, savings, invest or frozen.
    pub account: Option<String>,
    /// Only this entry kind, e.g. deposit, transfer, withdraw_hold.
    pub kind: Option<String>,
    /// Only records at or after this Unix time.
    pub from: Option<String>,
    /// Only records before this Unix time.
    pub to: Option<String>,
    /// Only records older than this record id (the last `id` of the previous page): the next
    /// page at the cost of the first, however deep. `page` then only echoes back.
    pub before: Option<String>,
}

pub struct ChangeFilter {
    pub paging: Paging,
    pub account: Option<String>,
    pub kind: Option<EntryKind>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
    pub before: Option<i64>,
}

const ACCOUNTS: [&str; 5] = ["wallet", "game", "savings", "invest", "frozen"];

impl ChangeFilter {
    pub fn parse(form: ChangeFilterForm) -> Result<ChangeFilter, AppError> {
        let known = |value: Option<String>, allowed: &[&str]| match value {
            Some(value) if !allowed.contains(&value.as_str()) => Err(AppError::BadParams),
            other => Ok(other),
        };
        let time = |value: Option<String>| {
            value
                .map(|text| text.trim().parse::<i64>().map_err(|_| AppError::BadParams))
                .map(|secs| secs.map(Timestamp::from_secs))
                .transpose()
        };
        Ok(ChangeFilter {
            paging: Paging::parse(form.page.as_deref(), form.limit.as_deref())?,
            account: known(form.account, &ACCOUNTS)?,
            kind: form
                .kind
                .map(|code| EntryKind::parse(&code).ok_or(AppError::BadParams))
                .transpose()?,
            from: time(form.from)?,
            to: time(form.to)?,
            before: crate::paging::parse_cursor(form.before.as_deref())?,
        })
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChangeRecord {
    pub id: i64,
    /// wallet, game, savings, invest or frozen.
    pub account: String,
    pub kind: String,
    pub reference: String,
    pub memo: String,
    /// Signed: "-10.00" left the account, "10.00" came in.
    pub amount: String,
    pub balance_after: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
}

/// Who reads account changes: a player never sees which operator adjusted their wallet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    Player,
    Operator,
}

/// What `audience` sees of an entry's reference: for a player, an adjustment's says
/// "operator" instead of the operator's name (which may be their OS user name).
fn shown_reference(reference: String, audience: Audience) -> String {
    let by_operator = reference.starts_with(super::ADJUSTMENT_REFERENCE_PREFIX);
    if by_operator && audience == Audience::Player { "operator".into() } else { reference }
}

/// A date range's `total` counts at most this many records (the count walks the player's
/// postings, as the entry's time is not indexed per account); past it `total` is this number
/// and `total_capped` is true. Without `from` and `to`, `total` is exact and read from
/// `posting_counts`.
pub const DATED_TOTAL_MAX: i64 = 10_000;

/// The postings of `user_id`'s accounts matching `filter`, newest first (by posting id).
///
/// Cost: each matching account's postings are read newest first through `postings_account`
/// (account_id, posting_id), at most `offset + limit` of them (`limit` with `before`), and
/// merged; `total` comes from `posting_counts`. So page 1 costs the same at any history, and
/// page N without `before` reads up to (N x limit) index rows per account. An entry kind that
/// an account never had skips it; a rare kind or a date range on a long history still walks
/// the account's postings until the page is full (docs/performance.md, "aged database").
pub fn account_changes(
    connection: &Connection,
    user_id: UserId,
    filter: &ChangeFilter,
    audience: Audience,
) -> Result<Page<ChangeRecord>, AppError> {
    let paging = filter.paging;
    let (offset, wanted) = match filter.before {
        Some(_) => (0, paging.limit),
        None => (paging.offset(), paging.offset() + paging.limit),
    };
    let accounts = sql::listed_accounts(connection, user_id, filter)?;
    let dated = filter.from.is_some() || filter.to.is_some();
    let total = if dated {
        sql::count_dated(connection, &accounts, filter)?
    } else {
        accounts.iter().map(|(_, postings)| postings).sum()
    };
    let mut ids = Vec::new();
    for (account_id, _) in accounts.iter().filter(|(_, postings)| *postings > 0) {
        ids.extend(sql::newest_ids(connection, *account_id, filter, wanted)?);
    }
    ids.sort_unstable_by(|a, b| b.cmp(a));
    let page: Vec<i64> =
        ids.into_iter().skip(usize::try_from(offset).unwrap_or(usize::MAX)).collect();
    let page = &page[..page.len().min(usize::try_from(paging.limit).unwrap_or(0))];
    let list = sql::changes(connection, page)?
        .into_iter()
        .map(|record| ChangeRecord {
            reference: shown_reference(record.reference, audience),
            ..record
        })
        .collect();
    let mut page = paging.wrap(list, total.min(if dated { DATED_TOTAL_MAX } else { i64::MAX }));
    page.total_capped = dated.then_some(total > DATED_TOTAL_MAX);
    Ok(page)
}
