//! The wallet: conversion between balances, deposits reviewed by the operator, withdrawals,
//! the turnover requirement, operator adjustments and the player's records. Every movement
//! goes through `ledger::transfer`.

pub mod adjustments;
pub mod deposits;
pub mod payout_accounts;
mod profile;
pub mod records;
pub mod totals;
pub mod types;
pub mod withdrawals;

use crate::clock::Timestamp;
use crate::config::{Config, VipConfig, WalletConfig};
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Balances, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::PathBuf;
use types::{Conversion, Direction};

pub use profile::{Profile, profile, update_profile};

/// The wallet rules of the running config.
pub struct WalletSettings {
    pub limits: WalletConfig,
    /// The VIP levels, whose rows set each player's single-withdrawal cap and daily count.
    pub vip: VipConfig,
    pub timezone: chrono_tz::Tz,
    /// Where deposit vouchers are kept: inside the data directory, never served.
    pub voucher_dir: PathBuf,
}

impl WalletSettings {
    pub fn from_config(config: &Config) -> WalletSettings {
        let mut limits = config.wallet.clone();
        // The deposit's countries are the app's locations unless the older
        // `[[wallet.countries]]` list is set, which keeps its configs working; likewise the
        // older single USDT address is one more receiving account.
        limits.countries = config.wallet.deposit_countries(&config.app);
        limits.receiving_accounts = config.wallet.effective_receiving_accounts();
        WalletSettings {
            limits,
            vip: config.growth.vip.clone(),
            timezone: config.timezone(),
            voucher_dir: config.server.data_dir.join("vouchers"),
        }
    }
}

/// Moves money between the wallet balance and the game balance; into the game balance only
/// while no time-out or self-exclusion runs (`protection`; back to the wallet always).
pub fn convert(
    tx: &Tx,
    user_id: UserId,
    conversion: &Conversion,
    now: Timestamp,
) -> Result<Balances, AppError> {
    if conversion.direction == Direction::BalanceToGame {
        let activity = crate::protection::Activity::Conversion;
        crate::protection::ensure_may_play(tx, user_id, &activity, now)?;
    }
    let (source, target) = conversion.direction.accounts();
    let entry = Entry::new(
        EntryKind::Transfer,
        AccountRef::User(user_id, source),
        AccountRef::User(user_id, target),
        conversion.amount,
        now,
    );
    ledger::transfer(tx, entry.reference(format!("conversion:{user_id}")))?;
    ledger::balances(tx, user_id)
}

/// An operator's correction of a player's wallet balance, recorded with who and why.
pub struct Adjustment {
    pub user_id: UserId,
    /// Credit when true, debit when false.
    pub credit: bool,
    pub amount: Money,
    pub reason: String,
    pub admin: String,
}

/// The reference of an adjustment entry starts with this, followed by the operator's name
/// (by default their OS user), which only the operator's own commands show.
pub const ADJUSTMENT_REFERENCE_PREFIX: &str = "admin:";

pub fn adjust(tx: &Tx, adjustment: &Adjustment, now: Timestamp) -> Result<Balances, AppError> {
    if adjustment.amount == Money::ZERO {
        return Err(AppError::InvalidAmount);
    }
    if adjustment.reason.trim().is_empty() {
        return Err(AppError::MissingParams);
    }
    let wallet = AccountRef::User(adjustment.user_id, UserAccountKind::Wallet);
    let external = AccountRef::System(SystemAccount::External);
    let (source, target) = if adjustment.credit { (external, wallet) } else { (wallet, external) };
    let entry = Entry::new(EntryKind::Adjust, source, target, adjustment.amount, now)
        .reference(format!("{ADJUSTMENT_REFERENCE_PREFIX}{}", adjustment.admin))
        .memo(adjustment.reason.trim());
    ledger::transfer(tx, entry)?;
    ledger::balances(tx, adjustment.user_id)
}

/// The ids of a player's deposits, withdrawals and adjustment requests (the audit log's one
/// player view gathers what was done to each).
#[derive(Debug, Default)]
pub struct RecordIds {
    pub deposits: Vec<i64>,
    pub withdrawals: Vec<i64>,
    pub adjustments: Vec<i64>,
}

pub fn record_ids(connection: &Connection, user_id: UserId) -> Result<RecordIds, AppError> {
    let ids = |sql: &str| -> Result<Vec<i64>, AppError> {
        let mut query = connection.prepare_cached(sql)?;
        let rows = query.query_map([user_id], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    };
    Ok(RecordIds {
        deposits: ids("SELECT deposit_id FROM deposits WHERE user_id = ?1")?,
        withdrawals: ids("SELECT withdrawal_id FROM withdrawals WHERE user_id = ?1")?,
        adjustments: ids(
            "SELECT adjustment_request_id FROM adjustment_requests WHERE user_id = ?1",
        )?,
    })
}

/// A player's wallet as `admin wallet show --json` prints it before the recent changes, and as
/// the audit log records it around an adjustment.
#[derive(Clone, Debug, serde::Serialize)]
pub struct WalletState {
    pub user_id: UserId,
    pub balances: Balances,
    /// Bets still needed before a withdrawal.
    pub turnover_remaining: Money,
}

pub fn wallet_state(connection: &Connection, user_id: UserId) -> Result<WalletState, AppError> {
    Ok(WalletState {
        user_id,
        balances: ledger::balances(connection, user_id)?,
        turnover_remaining: turnover_remaining(connection, user_id)?,
    })
}

/// The turnover a player still has to bet before withdrawing.
pub fn turnover_remaining(connection: &Connection, user_id: UserId) -> Result<Money, AppError> {
    let remaining: Option<i64> = connection
        .prepare_cached("SELECT remaining FROM turnover WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?;
    Money::from_minor(remaining.unwrap_or(0))
}

/// Adds `percent` % of `amount` to the turnover requirement (deposits, bonuses).
pub fn add_turnover(tx: &Tx, user_id: UserId, amount: Money, percent: i64) -> Result<(), AppError> {
    let added = amount
        .minor()
        .checked_mul(percent)
        .ok_or_else(|| anyhow::anyhow!("turnover of {percent} % on {amount} overflows"))?
        / 100;
    tx.prepare_cached(
        "INSERT INTO turnover (user_id, remaining) VALUES (?1, ?2)
         ON CONFLICT (user_id) DO UPDATE SET remaining = remaining + ?2",
    )?
    .execute(params![user_id, added])?;
    Ok(())
}

/// Counts settled stakes against the turnover requirement, never below zero.
pub fn play_turnover(tx: &Tx, user_id: UserId, stake: Money) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE turnover SET remaining = MAX(0, remaining - ?2) WHERE user_id = ?1")?
        .execute(params![user_id, stake.minor()])?;
    Ok(())
}

/// Unix time of the start of the operator's day that contains `now`.
pub fn day_start(timezone: chrono_tz::Tz, now: Timestamp) -> Timestamp {
    use chrono::TimeZone;
    timezone
        .timestamp_opt(now.secs(), 0)
        .single()
        .map_or(now - now.secs().rem_euclid(86_400), |local| {
            Timestamp::local_midnight(timezone, local.date_naive())
        })
}
