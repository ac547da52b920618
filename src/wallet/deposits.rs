//! Deposits: the player pays outside the platform and uploads a screenshot; the operator
//! reviews it and approves (a ledger entry credits the wallet) or rejects with a reason.

use super::WalletSettings;
use super::types::{Method, ReviewReason};
use crate::clock::Timestamp;
use crate::config::{ReceivingAccount, WalletConfig, parse_rate_micros};
use crate::content::messages::{self, Event};
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use crate::money::positive_amount;
use crate::paging::{Page, Paging};
use crate::protection::WindowSum;
use crate::uploads::Image;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// Characters of the optional note a player adds to a deposit.
const CONTENT_LENGTH_MAX: usize = 200;

#[derive(Debug, Default, Deserialize)]
pub struct DepositForm {
    pub amount: Option<String>,
    pub method: Option<String>,
    pub currency: Option<String>,
    pub country: Option<String>,
    pub content: Option<String>,
    /// The code of the receiving account paid (`recharge_options` lists them); absent: the
    /// first that takes the deposit.
    pub account: Option<String>,
}

/// A deposit request: `V` is its voucher, the bytes as uploaded (`parse`) until they are
/// decoded into an `Image` (`decode`), which waits until the request is admitted
/// (`check_before_decode`): a decode is the costly step.
pub struct DepositRequest<V = Image> {
    pub method: Method,
    pub amount: Money,
    pub currency: String,
    pub country: String,
    pub pay_amount: Money,
    pub content: String,
    /// The receiving account paid: its code and its details as the player was shown them.
    pub account_code: String,
    pub account_label: String,
    pub voucher: V,
}

impl DepositRequest<Vec<u8>> {
    /// Every field checked, the voucher present and within `voucher_max_bytes`, not decoded.
    pub fn parse(
        form: DepositForm,
        voucher: Option<Vec<u8>>,
        settings: &WalletSettings,
    ) -> Result<DepositRequest<Vec<u8>>, AppError> {
        let limits = &settings.limits;
        let method = Method::parse(&form.method.ok_or(AppError::MissingParams)?)?;
        let amount = positive_amount(form.amount)?;
        if offered_methods(limits).all(|offered| offered != method) {
            return Err(AppError::MethodUnavailable);
        }
        let currency_code = form.currency.unwrap_or_else(|| limits.currencies[0].code.clone());
        let currency = limits
            .currencies
            .iter()
            .find(|currency| currency.code.eq_ignore_ascii_case(currency_code.trim()))
            .ok_or(AppError::BadParams)?;
        let country = match (form.country, limits.countries.is_empty()) {
            (_, true) | (None, false) => String::new(),
            (Some(code), false) => limits
                .countries
                .iter()
                .find(|country| country.code.eq_ignore_ascii_case(code.trim()))
                .map(|country| country.code.clone())
                .ok_or(AppError::BadParams)?,
        };
        // Shown to the operator beside the amount he checks: no control or direction characters.
        let content = crate::text::bounded_optional(form.content.as_deref(), CONTENT_LENGTH_MAX)?;
        if amount < limits.deposit_min {
            return Err(AppError::BelowMinimum);
        }
        if amount > limits.deposit_max {
            return Err(AppError::LimitExceeded);
        }
        let paid = Paid { method, currency: &currency.code, country: &country, amount };
        let account = receiving_account(limits, &paid, form.account.as_deref())?;
        let voucher = voucher.ok_or(AppError::VoucherRequired)?;
        if voucher.len() > limits.voucher_max_bytes {
            return Err(AppError::LimitExceeded);
        }
        Ok(DepositRequest {
            method,
            amount,
            currency: currency.code.clone(),
            country,
            pay_amount: pay_amount(amount, &currency.rate)?,
            content,
            account_code: account.code.clone(),
            account_label: account.label(),
            voucher,
        })
    }

    /// The voucher decoded (`Image::parse`: the image, re-encoded). CPU-bound: call it off the
    /// async workers.
    pub fn decode(self, settings: &WalletSettings) -> Result<DepositRequest, AppError> {
        let voucher = Image::parse(self.voucher, settings.limits.voucher_max_bytes)?;
        let DepositRequest {
            method,
            amount,
            currency,
            country,
            pay_amount,
            content,
            account_code,
            account_label,
            ..
        } = self;
        Ok(DepositRequest {
            method,
            amount,
            currency,
            country,
            pay_amount,
            content,
            account_code,
            account_label,
            voucher,
        })
    }
}

/// The methods the deposit page offers: those with an account switched on, bank first.
pub fn offered_methods(limits: &WalletConfig) -> impl Iterator<Item = Method> + '_ {
    [Method::Bank, Method::Usdt].into_iter().filter(|method| {
        limits
            .receiving_accounts
            .iter()
            .any(|account| account.enabled && account.method == method.receiving())
    })
}

/// What a deposit pays: the receiving account must take each part.
struct Paid<'a> {
    method: Method,
    currency: &'a str,
    country: &'a str,
    amount: Money,
}

/// The amounts `account` takes: its band, else the wallet's.
pub fn account_band(account: &ReceivingAccount, limits: &WalletConfig) -> (Money, Money) {
    (account.min.unwrap_or(limits.deposit_min), account.max.unwrap_or(limits.deposit_max))
}

/// The account a deposit is paid to: the one the player chose (`code`), else the first that
/// takes it. Refused with `method_unavailable` when no account of the method is on for the
/// currency and country, `below_minimum` / `limit_exceeded` outside the chosen account's band,
/// and `receiving_account_unavailable` for a code no longer on (or no band holding the amount).
fn receiving_account<'a>(
    limits: &'a WalletConfig,
    paid: &Paid,
    code: Option<&str>,
) -> Result<&'a ReceivingAccount, AppError> {
    let fits = |names: &[String], value: &str| {
        names.is_empty() || names.iter().any(|name| name.eq_ignore_ascii_case(value))
    };
    let candidates: Vec<&ReceivingAccount> = limits
        .receiving_accounts
        .iter()
        .filter(|account| account.enabled && account.method == paid.method.receiving())
        .filter(|account| fits(&account.currencies, paid.currency))
        .filter(|account| paid.country.is_empty() || fits(&account.countries, paid.country))
        .collect();
    if candidates.is_empty() {
        return Err(AppError::MethodUnavailable);
    }
    let takes = |account: &ReceivingAccount| {
        let (min, max) = account_band(account, limits);
        (min..=max).contains(&paid.amount)
    };
    let Some(code) = code.map(str::trim).filter(|code| !code.is_empty()) else {
        return candidates
            .into_iter()
            .find(|account| takes(account))
            .ok_or(AppError::ReceivingAccountUnavailable);
    };
    let account = candidates
        .into_iter()
        .find(|account| account.code == code)
        .ok_or(AppError::ReceivingAccountUnavailable)?;
    let (min, max) = account_band(account, limits);
    if paid.amount < min {
        return Err(AppError::BelowMinimum);
    }
    if paid.amount > max {
        return Err(AppError::LimitExceeded);
    }
    Ok(account)
}

/// What `request` will check, read before the voucher is decoded (at its uploaded size):
/// `request` checks it all again when it writes.
pub fn check_before_decode(
    connection: &Connection,
    user_id: UserId,
    draft: &DepositRequest<Vec<u8>>,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<(), AppError> {
    let voucher_bytes = draft.voucher.len() as u64;
    check_request(connection, user_id, (draft.amount, voucher_bytes), settings, now)
}

/// The player's pending count and hourly requests, the upload quota, and his protection (no
/// exclusion, within his deposit limits).
fn check_request(
    connection: &Connection,
    user_id: UserId,
    (amount, voucher_bytes): (Money, u64),
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<(), AppError> {
    check_allowed(connection, user_id, voucher_bytes, settings, now)?;
    let activity = crate::protection::Activity::Deposit { amount, deposits: counted_since };
    crate::protection::ensure_may_play(connection, user_id, &activity, now)
}

/// `amount` in a currency of `rate` units per wallet unit, rounded up to the cent.
pub fn pay_amount(amount: Money, rate: &str) -> Result<Money, AppError> {
    let micros = parse_rate_micros(rate).ok_or_else(|| anyhow::anyhow!("bad rate {rate:?}"))?;
    amount.scale_up(micros, 1_000_000).ok_or(AppError::LimitExceeded)
}

/// A deposit as the player's records and the operator's list show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DepositRecord {
    pub id: i64,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub method: String,
    #[schema(value_type = String)]
    pub amount: Money,
    pub currency: String,
    /// The country picked, or "" when none was configured.
    pub country: String,
    #[schema(value_type = String)]
    pub pay_amount: Money,
    pub content: String,
    /// The receiving account paid ("" before accounts existed): its code and its details as
    /// the player was shown them.
    pub account_code: String,
    pub account_label: String,
    /// pending, passed, failed (the payment never arrived) or rejected.
    pub status: String,
    pub reason: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
    #[schema(value_type = Option<i64>)]
    pub reviewed_at: Option<Timestamp>,
    #[serde(skip)]
    pub voucher_file: String,
}

const RECORD_COLUMNS: &str = "deposit_id, user_id, method, amount, currency, pay_amount, content, \
     status, reason, created_at, reviewed_at, voucher_file, country, account_code, account_label";

fn record(row: &rusqlite::Row) -> rusqlite::Result<DepositRecord> {
    Ok(DepositRecord {
        id: row.get(0)?,
        user_id: row.get(1)?,
        method: row.get(2)?,
        amount: row.get(3)?,
        currency: row.get(4)?,
        pay_amount: row.get(5)?,
        content: row.get(6)?,
        status: row.get(7)?,
        reason: row.get(8)?,
        created_at: row.get(9)?,
        reviewed_at: row.get(10)?,
        voucher_file: row.get(11)?,
        country: row.get(12)?,
        account_code: row.get(13)?,
        account_label: row.get(14)?,
    })
}

/// A deposit request whose voucher is stored as `voucher_file`, for `user_id`.
pub struct NewDeposit<'a> {
    pub user_id: UserId,
    pub request: &'a DepositRequest,
    pub voucher_file: &'a str,
}

/// Records a deposit request, within the limits `check_allowed` names and the player's
/// protection (`protection::ensure_may_play`: no exclusion, within his deposit limits), and
/// counts its voucher against the quota.
pub fn request(
    tx: &Tx,
    deposit: &NewDeposit,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<DepositRecord, AppError> {
    let NewDeposit { user_id, request, voucher_file } = *deposit;
    let voucher_bytes = request.voucher.bytes.len() as u64;
    check_request(tx, user_id, (request.amount, voucher_bytes), settings, now)?;
    tx.prepare_cached(
        "INSERT INTO deposits (user_id, method, amount, currency, pay_amount, content,
                               voucher_file, voucher_type, created_at, country, account_code,
                               account_label)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        user_id,
        request.method.code(),
        request.amount.minor(),
        request.currency,
        request.pay_amount.minor(),
        request.content,
        voucher_file,
        request.voucher.image_type.mime(),
        now,
        request.country,
        request.account_code,
        request.account_label
    ])?;
    let deposit_id = tx.last_insert_rowid();
    tx.prepare_cached(
        "INSERT INTO upload_usage (kind, bytes) VALUES ('voucher', ?1)
         ON CONFLICT (kind) DO UPDATE SET bytes = bytes + ?1",
    )?
    .execute([i64::try_from(voucher_bytes).unwrap_or(i64::MAX)])?;
    find(tx, deposit_id)
}

/// Seconds of the window of `wallet.deposit_requests_per_hour`.
const REQUEST_WINDOW_SECS: i64 = 3_600;

/// Whether the player may request a deposit with a voucher of `voucher_bytes`: fewer than
/// `deposit_pending_max` awaiting review (`deposit_pending_limit`), fewer than
/// `deposit_requests_per_hour` in the last hour (`throttled`), and room for the voucher in
/// `voucher_quota_bytes` (`upload_quota_full`). Checked before the voucher is written to disk
/// and again in the transaction that records the deposit.
pub fn check_allowed(
    connection: &Connection,
    user_id: UserId,
    voucher_bytes: u64,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<(), AppError> {
    let limits = &settings.limits;
    if pending_count(connection, user_id)? >= limits.deposit_pending_max {
        return Err(AppError::DepositPendingLimit { max: limits.deposit_pending_max });
    }
    let (recent, oldest): (i64, Option<Timestamp>) = connection
        .prepare_cached(
            "SELECT COUNT(*), MIN(created_at) FROM deposits WHERE user_id = ?1 AND created_at > ?2",
        )?
        .query_row(params![user_id, now - REQUEST_WINDOW_SECS], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    if recent >= limits.deposit_requests_per_hour {
        let seconds =
            oldest.map_or(REQUEST_WINDOW_SECS, |oldest| oldest + REQUEST_WINDOW_SECS - now);
        return Err(AppError::Throttled { seconds });
    }
    let used: Option<i64> = connection
        .prepare_cached("SELECT bytes FROM upload_usage WHERE kind = 'voucher'")?
        .query_row([], |row| row.get(0))
        .optional()?;
    let used = u64::try_from(used.unwrap_or(0)).unwrap_or(0);
    if used.saturating_add(voucher_bytes) > limits.voucher_quota_bytes {
        return Err(AppError::UploadQuotaFull);
    }
    Ok(())
}

/// The player's deposits awaiting review (at most `wallet.deposit_pending_max` at a time).
pub fn pending_count(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM deposits WHERE user_id = ?1 AND status = 'pending'")?
        .query_row([user_id], |row| row.get(0))?)
}

pub fn find(connection: &Connection, deposit_id: i64) -> Result<DepositRecord, AppError> {
    connection
        .prepare_cached(&format!("SELECT {RECORD_COLUMNS} FROM deposits WHERE deposit_id = ?1"))?
        .query_row([deposit_id], record)
        .optional()?
        .ok_or(AppError::NotFound)
}

/// The operator's review of a pending deposit.
pub struct Review {
    pub deposit_id: i64,
    pub admin: String,
    pub decision: Decision,
}

/// What the reviewer decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The money arrived: the wallet is credited.
    Approve,
    /// Refused (a false or unreadable voucher, a wrong amount), with the reason the player reads.
    Reject(ReviewReason),
    /// The payment never arrived or bounced, with the reason the player reads.
    Fail(ReviewReason),
}

impl Decision {
    /// The reason the player reads; "" for an approval.
    pub fn reason(&self) -> &str {
        match self {
            Decision::Approve => "",
            Decision::Reject(reason) | Decision::Fail(reason) => reason.as_str(),
        }
    }

    /// The deposit's status once decided.
    fn status(&self) -> &'static str {
        match self {
            Decision::Approve => "passed",
            Decision::Reject(_) => "rejected",
            Decision::Fail(_) => "failed",
        }
    }
}

/// Approves (crediting the wallet and adding turnover), rejects or fails a pending deposit: the
/// wallet's part only. Crate-private: every review goes through `flows::deposits::review`,
/// which also pays the deposit programmes, so no caller can approve a deposit without them.
pub(crate) fn review(
    tx: &Tx,
    review: &Review,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<DepositRecord, AppError> {
    let deposit = find(tx, review.deposit_id)?;
    if deposit.status != "pending" {
        return Err(AppError::AlreadyReviewed);
    }
    let entry_id = match &review.decision {
        Decision::Reject(_) | Decision::Fail(_) => None,
        Decision::Approve => {
            let entry = Entry::new(
                EntryKind::Deposit,
                AccountRef::System(SystemAccount::External),
                AccountRef::User(deposit.user_id, UserAccountKind::Wallet),
                deposit.amount,
                now,
            );
            let entry_id =
                ledger::transfer(tx, entry.reference(format!("deposit:{}", deposit.id)))?.entry_id;
            super::add_turnover(
                tx,
                deposit.user_id,
                deposit.amount,
                settings.limits.turnover_percent,
            )?;
            Some(entry_id)
        }
    };
    tx.prepare_cached(
        "UPDATE deposits SET status = ?2, reason = ?3, entry_id = ?4, reviewed_at = ?5,
                             reviewed_by = ?6
         WHERE deposit_id = ?1",
    )?
    .execute(params![
        review.deposit_id,
        review.decision.status(),
        review.decision.reason(),
        entry_id,
        now,
        review.admin
    ])?;
    let (deposit_id, amount) = (deposit.id, deposit.amount);
    let event = match &review.decision {
        Decision::Approve => Event::DepositApproved { deposit_id, amount },
        Decision::Reject(reason) => {
            Event::DepositRejected { deposit_id, amount, reason: reason.as_str().to_string() }
        }
        Decision::Fail(reason) => {
            Event::DepositFailed { deposit_id, amount, reason: reason.as_str().to_string() }
        }
    };
    messages::send(tx, deposit.user_id, &event, now)?;
    find(tx, review.deposit_id)
}

/// How many of the player's deposits have passed review (1 right after his first approval).
pub fn passed_count(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM deposits WHERE user_id = ?1 AND status = 'passed'")?
        .query_row([user_id], |row| row.get(0))?)
}

/// How many deposits wait for review, and the oldest one's time.
pub fn waiting(connection: &Connection) -> Result<super::types::Waiting, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*), MIN(created_at) FROM deposits WHERE status = 'pending'")?
        .query_row([], super::types::Waiting::from_row)?)
}

/// The review queue: the pending deposits, oldest first (the operator works from the top).
pub fn review_queue(
    connection: &Connection,
    paging: Paging,
) -> Result<Page<DepositRecord>, AppError> {
    let total: i64 = connection
        .prepare_cached("SELECT COUNT(*) FROM deposits WHERE status = 'pending'")?
        .query_row([], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM deposits WHERE status = 'pending'
         ORDER BY deposit_id LIMIT ?1 OFFSET ?2"
    ))?;
    let rows = query.query_map(params![paging.limit, paging.offset()], record)?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

/// Deposits of one player (or, with `user_id` None, of everyone), newest first, optionally
/// only those of one status.
pub fn list(
    connection: &Connection,
    user_id: Option<UserId>,
    status: Option<&str>,
    paging: Paging,
) -> Result<Page<DepositRecord>, AppError> {
    let filter = "(?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR status = ?2)";
    let total: i64 = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM deposits WHERE {filter}"))?
        .query_row(params![user_id, status], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM deposits WHERE {filter}
         ORDER BY deposit_id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = query.query_map(params![user_id, status, paging.limit, paging.offset()], record)?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

/// The player's deposits requested after `since` that still count for his deposit limits
/// (pending or approved: a rejected or failed one brought no money), for `protection`.
pub fn counted_since(
    connection: &Connection,
    user_id: UserId,
    since: Timestamp,
) -> Result<WindowSum, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount), 0), MIN(created_at) FROM deposits
             WHERE user_id = ?1 AND created_at > ?2 AND status IN ('pending', 'passed')",
        )?
        .query_row(params![user_id, since], WindowSum::from_row)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pay_amounts_follow_the_rate_rounding_up() {
        let amount = Money::parse("10.01").unwrap();
        assert_eq!(pay_amount(amount, "1").unwrap().to_string(), "10.01");
        assert_eq!(pay_amount(amount, "25000").unwrap().to_string(), "250250.00");
        assert_eq!(pay_amount(amount, "0.333333").unwrap().to_string(), "3.34");
    }
}
