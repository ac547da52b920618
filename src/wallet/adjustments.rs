//! Operator adjustments of a player's wallet and their four-eyes rule: one of more than
//! `wallet.adjust_second_approval_above` is only requested by the first operator (nothing moves)
//! and applied by a second, different one; the CLI and the console both adjust through here.

use super::{Adjustment, adjust};
use crate::clock::Timestamp;
use crate::config::WalletConfig;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::Balances;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

/// An adjustment waiting for, or decided by, a second operator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AdjustmentRequest {
    pub id: i64,
    pub user_id: UserId,
    pub credit: bool,
    pub amount: Money,
    pub reason: String,
    pub requested_by: String,
    pub requested_at: Timestamp,
    pub decided_by: Option<String>,
    pub decided_at: Option<Timestamp>,
    /// "applied" or "cancelled"; null while it waits.
    pub outcome: Option<String>,
}

/// What asking for an adjustment did: applied it, or recorded it for a second operator.
#[derive(Debug, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Adjusted {
    Applied { balances: Balances },
    AwaitingSecondApproval { request: AdjustmentRequest },
}

/// A signed adjustment amount as typed ("50.00", "+50.00" credit; "-12.50" debit): whether it
/// credits, and its size.
pub fn parse_signed(text: &str) -> Result<(bool, Money), AppError> {
    let (credit, magnitude) = match text.strip_prefix('-') {
        Some(rest) => (false, rest),
        None => (true, text.strip_prefix('+').unwrap_or(text)),
    };
    Ok((credit, Money::parse(magnitude)?))
}

/// Whether adjusting by `amount` (either way) needs two operators.
pub fn needs_second_approval(limits: &WalletConfig, amount: Money) -> bool {
    let above = limits.adjust_second_approval_above;
    above > Money::ZERO && amount > above
}

/// Applies the adjustment, or above the second-approval amount records it as waiting for
/// another operator (`approve`).
pub fn request(
    tx: &Tx,
    adjustment: &Adjustment,
    limits: &WalletConfig,
    now: Timestamp,
) -> Result<Adjusted, AppError> {
    if !needs_second_approval(limits, adjustment.amount) {
        return Ok(Adjusted::Applied { balances: adjust(tx, adjustment, now)? });
    }
    if adjustment.reason.trim().is_empty() {
        return Err(AppError::MissingParams);
    }
    crate::auth::user_detail(tx, adjustment.user_id)?;
    let signed =
        if adjustment.credit { adjustment.amount.minor() } else { -adjustment.amount.minor() };
    tx.prepare_cached(
        "INSERT INTO adjustment_requests (user_id, amount, reason, requested_by, requested_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        adjustment.user_id,
        signed,
        adjustment.reason.trim(),
        adjustment.admin,
        now
    ])?;
    let request = find(tx, tx.last_insert_rowid())?;
    Ok(Adjusted::AwaitingSecondApproval { request })
}

/// Applies a waiting adjustment as `approver`, who may not be the operator who asked for it
/// (`second_approver_needed`); a decided one is `already_reviewed`.
pub fn approve(
    tx: &Tx,
    request_id: i64,
    approver: &str,
    now: Timestamp,
) -> Result<(AdjustmentRequest, Balances), AppError> {
    let request = waiting(tx, request_id)?;
    if request.requested_by == approver {
        return Err(AppError::SecondApproverNeeded);
    }
    let adjustment = Adjustment {
        user_id: request.user_id,
        credit: request.credit,
        amount: request.amount,
        reason: request.reason.clone(),
        admin: request.requested_by.clone(),
    };
    let balances = adjust(tx, &adjustment, now)?;
    decide(tx, request_id, (approver, "applied"), now)?;
    Ok((find(tx, request_id)?, balances))
}

/// Withdraws a waiting adjustment (the one who asked, or anyone who may adjust).
pub fn cancel(
    tx: &Tx,
    request_id: i64,
    by: &str,
    now: Timestamp,
) -> Result<AdjustmentRequest, AppError> {
    waiting(tx, request_id)?;
    decide(tx, request_id, (by, "cancelled"), now)?;
    find(tx, request_id)
}

/// The adjustments waiting for a second operator: one player's, or every player's, oldest first.
pub fn waiting_list(
    connection: &Connection,
    user_id: Option<UserId>,
) -> Result<Vec<AdjustmentRequest>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM adjustment_requests
         WHERE outcome IS NULL AND (?1 IS NULL OR user_id = ?1)
         ORDER BY adjustment_request_id"
    ))?;
    let rows = query.query_map([user_id], request_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn find(connection: &Connection, request_id: i64) -> Result<AdjustmentRequest, AppError> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM adjustment_requests WHERE adjustment_request_id = ?1"
        ))?
        .query_row([request_id], request_row)
        .optional()?
        .ok_or(AppError::NotFound)
}

fn waiting(tx: &Tx, request_id: i64) -> Result<AdjustmentRequest, AppError> {
    let request = find(tx, request_id)?;
    match request.outcome {
        None => Ok(request),
        Some(_) => Err(AppError::AlreadyReviewed),
    }
}

fn decide(
    tx: &Tx,
    request_id: i64,
    (by, outcome): (&str, &str),
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE adjustment_requests SET decided_by = ?2, decided_at = ?3, outcome = ?4
         WHERE adjustment_request_id = ?1 AND outcome IS NULL",
    )?
    .execute(params![request_id, by, now, outcome])?;
    Ok(())
}

const COLUMNS: &str = "adjustment_request_id, user_id, amount, reason, requested_by, \
                       requested_at, decided_by, decided_at, outcome";

fn request_row(row: &Row) -> rusqlite::Result<AdjustmentRequest> {
    let signed: i64 = row.get(2)?;
    Ok(AdjustmentRequest {
        id: row.get(0)?,
        user_id: row.get(1)?,
        credit: signed > 0,
        amount: Money::from_minor(signed.abs())
            .map_err(|_| rusqlite::Error::IntegralValueOutOfRange(2, signed))?,
        reason: row.get(3)?,
        requested_by: row.get(4)?,
        requested_at: row.get(5)?,
        decided_by: row.get(6)?,
        decided_at: row.get(7)?,
        outcome: row.get(8)?,
    })
}
