//! The player's account change records: every posting on their accounts, with the entry's
//! kind and reference.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::money::format_signed;
use crate::paging::{Page, Paging};
use rusqlite::{Connection, params};
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
}

pub struct ChangeFilter {
    pub paging: Paging,
    pub account: Option<String>,
    pub kind: Option<String>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
}

/// Entry kinds a filter may name.
const KINDS: [&str; 19] = [
    "deposit",
    "withdraw_hold",
    "withdraw_paid",
    "withdraw_release",
    "bet",
    "payout",
    "refund",
    "transfer",
    "interest",
    "invest",
    "invest_return",
    "rebate",
    "commission",
    "salary",
    "signin",
    "task",
    "envelope",
    "bonus",
    "adjust",
];
const ACCOUNTS: [&str; 5] = ["wallet", "game", "savings", "invest", "frozen"];

impl ChangeFilter {
    pub fn parse(form: ChangeFilterForm) -> Result<ChangeFilter, AppError> {
        let known = |value: Option<String>, allowed: &[&str]| match value {
            Some(value) if !allowed.contains(&value.as_str()) => Err(AppError::BadParams),
            other => Ok(other),
        };
        let time = |value: Option<String>| {
            value
                .map(|text| text.trim().parse::<Timestamp>().map_err(|_| AppError::BadParams))
                .transpose()
        };
        Ok(ChangeFilter {
            paging: Paging::parse(form.page.as_deref(), form.limit.as_deref())?,
            account: known(form.account, &ACCOUNTS)?,
            kind: known(form.kind, &KINDS)?,
            from: time(form.from)?,
            to: time(form.to)?,
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

pub fn account_changes(
    connection: &Connection,
    user_id: i64,
    filter: &ChangeFilter,
    audience: Audience,
) -> Result<Page<ChangeRecord>, AppError> {
    let conditions =
        "a.user_id = ?1 AND (?2 IS NULL OR a.kind = ?2) AND (?3 IS NULL OR e.kind = ?3)
         AND (?4 IS NULL OR e.created_at >= ?4) AND (?5 IS NULL OR e.created_at < ?5)";
    let from = "postings p JOIN accounts a ON a.account_id = p.account_id
         JOIN entries e ON e.entry_id = p.entry_id";
    let arguments = params![user_id, filter.account, filter.kind, filter.from, filter.to];
    let total: i64 = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM {from} WHERE {conditions}"))?
        .query_row(arguments, |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT p.posting_id, a.kind, e.kind, e.reference, e.memo, p.amount, p.balance_after,
                e.created_at
         FROM {from} WHERE {conditions} ORDER BY p.posting_id DESC LIMIT ?6 OFFSET ?7"
    ))?;
    let paging = filter.paging;
    let rows = query.query_map(
        params![
            user_id,
            filter.account,
            filter.kind,
            filter.from,
            filter.to,
            paging.limit,
            paging.offset()
        ],
        |row| {
            Ok(ChangeRecord {
                id: row.get(0)?,
                account: row.get(1)?,
                kind: row.get(2)?,
                reference: shown_reference(row.get(3)?, audience),
                memo: row.get(4)?,
                amount: format_signed(row.get(5)?),
                balance_after: format_signed(row.get(6)?),
                created_at: row.get(7)?,
            })
        },
    )?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}
