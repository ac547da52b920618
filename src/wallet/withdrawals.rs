//! Withdrawals: the amount and its fee move to the frozen account at request; the operator
//! pays it out (to the external and fees accounts) or releases it back to the wallet.

use super::WalletSettings;
use super::payout_accounts::{self, types::BankCardView};
use super::types::Method;
use crate::clock::Timestamp;
use crate::config::WalletConfig;
use crate::content::messages::{self, Event};
use crate::crypto::CardCipher;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use crate::money::positive_amount;
use crate::paging::{Page, Paging};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct WithdrawalForm {
    /// "bank" or "usdt".
    pub method: Option<String>,
    /// The id of the player's bank card or USDT address.
    pub account_id: Option<String>,
    pub amount: Option<String>,
    pub fund_password: Option<String>,
}

pub struct WithdrawalRequest {
    pub method: Method,
    pub target_id: i64,
    pub amount: Money,
}

impl WithdrawalRequest {
    /// Parses everything but the fund password, which the caller checks first.
    pub fn parse(form: &WithdrawalForm) -> Result<WithdrawalRequest, AppError> {
        let method = Method::parse(form.method.as_deref().ok_or(AppError::MissingParams)?)?;
        let target_id = form
            .account_id
            .as_deref()
            .ok_or(AppError::MissingParams)?
            .trim()
            .parse()
            .map_err(|_| AppError::WithdrawAccountMissing)?;
        Ok(WithdrawalRequest { method, target_id, amount: positive_amount(form.amount.clone())? })
    }

    pub fn describe(&self) -> String {
        format!("withdrawal:{}:{}:{}", self.method.code(), self.target_id, self.amount)
    }
}

/// The fee on top of a withdrawal of `amount`: a flat fee under the small-withdrawal threshold,
/// otherwise the configured basis points (rounded up to the cent).
pub fn fee(amount: Money, settings: &WalletSettings) -> Money {
    let limits = &settings.limits;
    if amount < limits.withdraw_small_below {
        return limits.withdraw_small_fee;
    }
    amount.scale_up(limits.withdraw_fee_bp, 10_000).unwrap_or(Money::MAX)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WithdrawalRecord {
    pub id: i64,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub method: String,
    /// The masked bank card or address.
    pub account: String,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = String)]
    pub fee: Money,
    /// pending, passed, failed or rejected.
    pub status: String,
    pub reason: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
    #[schema(value_type = Option<i64>)]
    pub reviewed_at: Option<Timestamp>,
}

const RECORD_COLUMNS: &str = "withdrawal_id, user_id, method, target_label, amount, fee, status, \
     reason, created_at, reviewed_at";

fn record(row: &rusqlite::Row) -> rusqlite::Result<WithdrawalRecord> {
    Ok(WithdrawalRecord {
        id: row.get(0)?,
        user_id: row.get(1)?,
        method: row.get(2)?,
        account: row.get(3)?,
        amount: row.get(4)?,
        fee: row.get(5)?,
        status: row.get(6)?,
        reason: row.get(7)?,
        created_at: row.get(8)?,
        reviewed_at: row.get(9)?,
    })
}

/// Checks the limits and the turnover, then holds amount + fee in the frozen account.
pub fn request(
    tx: &Tx,
    user_id: UserId,
    withdrawal: &WithdrawalRequest,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<WithdrawalRecord, AppError> {
    let limits = &settings.limits;
    let turnover = super::turnover_remaining(tx, user_id)?;
    if turnover > Money::ZERO {
        return Err(AppError::TurnoverRemaining { amount: turnover });
    }
    if withdrawal.amount < limits.withdraw_min {
        return Err(AppError::BelowMinimum);
    }
    // The same figures the withdrawal page shows (`terms`).
    let allowance = allowance(tx, user_id, settings, now)?;
    if withdrawal.amount > limits.withdraw_max || withdrawal.amount > allowance.single_max {
        return Err(AppError::LimitExceeded);
    }
    if allowance.left_today == 0 {
        return Err(AppError::WithdrawCountExceeded);
    }
    let label =
        payout_accounts::withdrawal_target(tx, user_id, withdrawal.method, withdrawal.target_id)?;
    let fee = fee(withdrawal.amount, settings);
    // No wallet holds more than `Money::MAX`, so an amount and fee above it cannot be held.
    let held = withdrawal.amount.checked_add(fee).ok_or(AppError::InsufficientBalance)?;
    // The id is assigned here, on the single writer, so the hold entry names its withdrawal
    // when it is written (entries are append-only).
    let withdrawal_id: i64 = tx
        .prepare_cached("SELECT COALESCE(MAX(withdrawal_id), 0) + 1 FROM withdrawals")?
        .query_row([], |row| row.get(0))?;
    let hold = Entry::new(
        EntryKind::WithdrawHold,
        AccountRef::User(user_id, UserAccountKind::Wallet),
        AccountRef::User(user_id, UserAccountKind::Frozen),
        held,
        now,
    )
    .reference(format!("withdrawal:{withdrawal_id}"));
    let hold_entry_id = ledger::transfer(tx, hold)?.entry_id;
    tx.prepare_cached(
        "INSERT INTO withdrawals (withdrawal_id, user_id, method, target_id, target_label,
                                  amount, fee, hold_entry_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        withdrawal_id,
        user_id,
        withdrawal.method.code(),
        withdrawal.target_id,
        label,
        withdrawal.amount.minor(),
        fee.minor(),
        hold_entry_id,
        now
    ])?;
    find(tx, withdrawal_id)
}

/// The withdrawal limits of the player's VIP level.
pub struct LevelLimits {
    pub vip_level: i64,
    pub single_max: Money,
    pub daily_count: i64,
}

/// The single-withdrawal cap and daily count of the level the player holds (`users.vip_level`,
/// kept by `growth::vip`), from `[[growth.vip.levels]]`.
pub fn level_limits(
    connection: &Connection,
    user_id: UserId,
    settings: &WalletSettings,
) -> Result<LevelLimits, AppError> {
    let vip_level = crate::auth::vip_level(connection, user_id)?;
    let row =
        settings.vip.level(vip_level).ok_or_else(|| anyhow::anyhow!("no VIP levels configured"))?;
    Ok(LevelLimits {
        vip_level,
        single_max: row.withdraw_single_max,
        daily_count: row.withdraw_daily_count,
    })
}

/// The player's withdrawal limits and what is left of them today (`admin user show`).
#[derive(Debug, Serialize)]
pub struct WithdrawalAllowance {
    pub vip_level: i64,
    /// The level's single-withdrawal cap (`[[growth.vip.levels]] withdraw_single_max`).
    pub single_max: Money,
    pub daily_count: i64,
    /// Requested since the start of today in the operator's time zone, rejected ones included.
    pub requested_today: i64,
    pub left_today: i64,
}

pub fn allowance(
    connection: &Connection,
    user_id: UserId,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<WithdrawalAllowance, AppError> {
    let level = level_limits(connection, user_id, settings)?;
    let requested_today =
        count_since(connection, user_id, super::day_start(settings.timezone, now))?;
    Ok(WithdrawalAllowance {
        vip_level: level.vip_level,
        single_max: level.single_max,
        daily_count: level.daily_count,
        requested_today,
        left_today: (level.daily_count - requested_today).max(0),
    })
}

/// Withdrawals requested since `since`, rejected ones included (a request uses up a slot).
fn count_since(
    connection: &Connection,
    user_id: UserId,
    since: Timestamp,
) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM withdrawals WHERE user_id = ?1 AND created_at >= ?2")?
        .query_row(params![user_id, since], |row| row.get(0))?)
}

pub fn find(connection: &Connection, withdrawal_id: i64) -> Result<WithdrawalRecord, AppError> {
    connection
        .prepare_cached(&format!(
            "SELECT {RECORD_COLUMNS} FROM withdrawals WHERE withdrawal_id = ?1"
        ))?
        .query_row([withdrawal_id], record)
        .optional()?
        .ok_or(AppError::NotFound)
}

/// Where the operator pays a withdrawal out: the whole card number or address.
#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PayTo {
    Bank(payout_accounts::PayoutCard),
    /// "<network> <address>".
    Usdt(String),
}

/// The target of withdrawal `withdrawal_id` in full, for the operator who pays it (the
/// player's records show it masked).
pub fn pay_to(
    connection: &Connection,
    withdrawal_id: i64,
    cipher: &CardCipher,
) -> Result<PayTo, AppError> {
    let (user_id, method, target_id): (UserId, String, i64) = connection
        .prepare_cached(
            "SELECT user_id, method, target_id FROM withdrawals WHERE withdrawal_id = ?1",
        )?
        .query_row([withdrawal_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()?
        .ok_or(AppError::NotFound)?;
    Ok(match Method::parse(&method)? {
        Method::Bank => {
            PayTo::Bank(payout_accounts::payout_card(connection, user_id, target_id, cipher)?)
        }
        Method::Usdt => {
            PayTo::Usdt(payout_accounts::payout_address(connection, user_id, target_id)?)
        }
    })
}

/// How the operator closes a pending withdrawal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Paid out: the held amount leaves the platform and the fee goes to the fees account.
    Pass,
    /// The payout failed: everything held returns to the wallet.
    Fail,
    /// Refused: everything held returns to the wallet.
    Reject,
}

pub struct Review {
    pub withdrawal_id: i64,
    pub decision: Decision,
    pub reason: String,
    pub admin: String,
}

/// The first of the two approvals a withdrawal above `withdraw_second_approval_above` needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstApproval {
    pub approved_by: String,
    pub approved_at: Timestamp,
}

/// What a review did: the withdrawal as it is now, and for one still pending after an
/// approval, the first approval it waits beside for a second reviewer.
#[derive(Debug, Serialize)]
pub struct Reviewed {
    #[serde(flatten)]
    pub withdrawal: WithdrawalRecord,
    pub awaiting_second_approval: Option<FirstApproval>,
}

/// Whether paying `amount` needs two approvals (`withdraw_second_approval_above`).
pub fn needs_second_approval(limits: &WalletConfig, amount: Money) -> bool {
    let above = limits.withdraw_second_approval_above;
    above > Money::ZERO && amount > above
}

/// The first approval of withdrawal `withdrawal_id`, if it has one.
pub fn first_approval(
    connection: &Connection,
    withdrawal_id: i64,
) -> Result<Option<FirstApproval>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT approved_by, approved_at FROM withdrawal_approvals WHERE withdrawal_id = ?1",
        )?
        .query_row([withdrawal_id], |row| {
            Ok(FirstApproval { approved_by: row.get(0)?, approved_at: row.get(1)? })
        })
        .optional()?)
}

/// Pays, rejects or fails a pending withdrawal. An approval of one above the second-approval
/// amount is only recorded the first time and pays the second time, by another reviewer
/// (`second_approver_needed` for the same one twice); rejecting or failing needs one.
pub fn review(
    tx: &Tx,
    review: &Review,
    limits: &WalletConfig,
    now: Timestamp,
) -> Result<Reviewed, AppError> {
    let withdrawal = find(tx, review.withdrawal_id)?;
    if withdrawal.status != "pending" {
        return Err(AppError::AlreadyReviewed);
    }
    if review.decision == Decision::Pass && needs_second_approval(limits, withdrawal.amount) {
        match first_approval(tx, withdrawal.id)? {
            None => {
                tx.prepare_cached(
                    "INSERT INTO withdrawal_approvals (withdrawal_id, approved_by, approved_at)
                     VALUES (?1, ?2, ?3)",
                )?
                .execute(params![withdrawal.id, review.admin, now])?;
                let first = FirstApproval { approved_by: review.admin.clone(), approved_at: now };
                return Ok(Reviewed { withdrawal, awaiting_second_approval: Some(first) });
            }
            Some(first) if first.approved_by == review.admin => {
                return Err(AppError::SecondApproverNeeded);
            }
            Some(_) => {}
        }
    }
    let withdrawal = close(tx, review, withdrawal, now)?;
    Ok(Reviewed { withdrawal, awaiting_second_approval: None })
}

/// Moves the held money out (paid) or back to the wallet (rejected, failed), and tells the
/// player.
fn close(
    tx: &Tx,
    review: &Review,
    withdrawal: WithdrawalRecord,
    now: Timestamp,
) -> Result<WithdrawalRecord, AppError> {
    let user_id = withdrawal.user_id;
    let frozen = AccountRef::User(user_id, UserAccountKind::Frozen);
    let reference = format!("withdrawal:{}", withdrawal.id);
    let held = Money::from_minor(withdrawal.amount.minor() + withdrawal.fee.minor())?;
    let (entry, status) = match review.decision {
        Decision::Pass => (
            Entry::new(
                EntryKind::WithdrawPaid,
                frozen,
                AccountRef::System(SystemAccount::External),
                withdrawal.amount,
                now,
            )
            .and(frozen, AccountRef::System(SystemAccount::Fees), withdrawal.fee),
            "passed",
        ),
        Decision::Fail | Decision::Reject => (
            Entry::new(
                EntryKind::WithdrawRelease,
                frozen,
                AccountRef::User(user_id, UserAccountKind::Wallet),
                held,
                now,
            ),
            if review.decision == Decision::Fail { "failed" } else { "rejected" },
        ),
    };
    let close_entry_id =
        ledger::transfer(tx, entry.reference(reference).memo(review.reason.trim()))?.entry_id;
    tx.prepare_cached(
        "UPDATE withdrawals SET status = ?2, reason = ?3, close_entry_id = ?4, reviewed_at = ?5,
                                reviewed_by = ?6
         WHERE withdrawal_id = ?1",
    )?
    .execute(params![
        review.withdrawal_id,
        status,
        review.reason.trim(),
        close_entry_id,
        now,
        review.admin
    ])?;
    let (withdrawal_id, amount) = (withdrawal.id, withdrawal.amount);
    let event = match review.decision {
        Decision::Pass => Event::WithdrawalPaid { withdrawal_id, amount },
        Decision::Fail | Decision::Reject => {
            Event::WithdrawalRejected { withdrawal_id, amount, reason: review.reason.trim().into() }
        }
    };
    messages::send(tx, user_id, &event, now)?;
    find(tx, review.withdrawal_id)
}

/// How many withdrawals wait for review, and the oldest one's time.
pub fn waiting(connection: &Connection) -> Result<super::types::Waiting, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COUNT(*), MIN(created_at) FROM withdrawals WHERE status = 'pending'",
        )?
        .query_row([], super::types::Waiting::from_row)?)
}

/// The review queue: the pending withdrawals, oldest first (the operator works from the top).
pub fn review_queue(
    connection: &Connection,
    paging: Paging,
) -> Result<Page<WithdrawalRecord>, AppError> {
    let total: i64 = connection
        .prepare_cached("SELECT COUNT(*) FROM withdrawals WHERE status = 'pending'")?
        .query_row([], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM withdrawals WHERE status = 'pending'
         ORDER BY withdrawal_id LIMIT ?1 OFFSET ?2"
    ))?;
    let rows = query.query_map(params![paging.limit, paging.offset()], record)?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

pub fn list(
    connection: &Connection,
    user_id: Option<UserId>,
    status: Option<&str>,
    paging: Paging,
) -> Result<Page<WithdrawalRecord>, AppError> {
    let filter = "(?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR status = ?2)";
    let total: i64 = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM withdrawals WHERE {filter}"))?
        .query_row(params![user_id, status], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM withdrawals WHERE {filter}
         ORDER BY withdrawal_id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = query.query_map(params![user_id, status, paging.limit, paging.offset()], record)?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

/// What the withdrawal page shows before the player fills it in: the figures a request is
/// checked against (the same functions as `request`), the fee of an amount typed, the card it
/// pays to, and the player's pending withdrawals with their time in the review queue.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WithdrawalTerms {
    #[schema(value_type = String)]
    pub balance: Money,
    #[schema(value_type = String)]
    pub turnover_remaining: Money,
    #[schema(value_type = String)]
    pub min: Money,
    #[schema(value_type = String)]
    pub max: Money,
    /// The player's VIP level, whose row sets `single_max` and `daily_count`.
    pub vip_level: i64,
    #[schema(value_type = String)]
    pub single_max: Money,
    pub daily_count: i64,
    /// Requested since 00:00 today in the operator's time zone, rejected ones included.
    pub used_today: i64,
    /// `daily_count - used_today`, never below zero.
    pub left_today: i64,
    pub fee_bp: i64,
    #[schema(value_type = String)]
    pub small_below: Money,
    #[schema(value_type = String)]
    pub small_fee: Money,
    /// The fee and the total held for the `amount` asked about; null without one.
    pub quote: Option<FeeQuote>,
    /// The player's linked bank card as `api/personal/bankcard` shows it (the number masked:
    /// "**** **** **** 1234"), or null before one is linked (spec: "withdraw (card info)").
    pub bank_card: Option<BankCardView>,
    /// The player's pending withdrawals, oldest first (at most `PENDING_SHOWN`).
    pub pending: Vec<PendingWithdrawal>,
    /// The server's time (Unix seconds), which `waiting_secs` counts to.
    #[schema(value_type = i64)]
    pub now: Timestamp,
}

/// What a withdrawal of `amount` costs: `fee` on top, `total` held from the wallet.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FeeQuote {
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = String)]
    pub fee: Money,
    #[schema(value_type = String)]
    pub total: Money,
}

/// A withdrawal waiting for the operator's review.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PendingWithdrawal {
    pub id: i64,
    pub method: String,
    /// The masked bank card or address.
    pub account: String,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = String)]
    pub fee: Money,
    /// Always "pending".
    pub status: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
    /// How long it has been in the review queue, in seconds.
    pub waiting_secs: i64,
}

/// The terms list at most this many pending withdrawals (a player has at most the day's
/// `daily_count` new ones; older ones are in the records).
pub const PENDING_SHOWN: i64 = 10;

pub fn terms(
    connection: &Connection,
    user_id: UserId,
    amount: Option<Money>,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<WithdrawalTerms, AppError> {
    let limits = &settings.limits;
    let allowance = allowance(connection, user_id, settings, now)?;
    let quote = amount.map(|amount| {
        let fee = fee(amount, settings);
        FeeQuote { amount, fee, total: amount.checked_add(fee).unwrap_or(Money::MAX) }
    });
    Ok(WithdrawalTerms {
        balance: ledger::balances(connection, user_id)?.wallet,
        turnover_remaining: super::turnover_remaining(connection, user_id)?,
        min: limits.withdraw_min,
        max: limits.withdraw_max,
        vip_level: allowance.vip_level,
        single_max: allowance.single_max,
        daily_count: allowance.daily_count,
        used_today: allowance.requested_today,
        left_today: allowance.left_today,
        fee_bp: limits.withdraw_fee_bp,
        small_below: limits.withdraw_small_below,
        small_fee: limits.withdraw_small_fee,
        quote,
        bank_card: payout_accounts::bank_card(connection, user_id, &limits.banks)?,
        pending: pending(connection, user_id, now)?,
        now,
    })
}

/// The player's pending withdrawals, oldest first, with their time in the queue.
fn pending(
    connection: &Connection,
    user_id: UserId,
    now: Timestamp,
) -> Result<Vec<PendingWithdrawal>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM withdrawals WHERE user_id = ?1 AND status = 'pending'
         ORDER BY withdrawal_id LIMIT ?2"
    ))?;
    let rows = query.query_map(params![user_id, PENDING_SHOWN], record)?;
    let mut list = Vec::new();
    for row in rows {
        let record = row?;
        list.push(PendingWithdrawal {
            id: record.id,
            method: record.method,
            account: record.account,
            amount: record.amount,
            fee: record.fee,
            status: record.status,
            waiting_secs: now.secs_since(record.created_at).max(0),
            created_at: record.created_at,
        });
    }
    Ok(list)
}
