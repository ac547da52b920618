//! Finance: the Yu E Bao savings account. Money moves between the player's `wallet` and
//! `savings` accounts through the ledger; interest is paid daily from the `interest` system
//! account by `settle_interest` (see `interest` for the arithmetic and `settle` for which
//! balance earns it).

pub mod goods;
pub mod interest;
mod settle;
mod sql;
pub mod types;

pub use settle::{SAVINGS_DAYS_PER_TX, SettleReport, settle_interest};

use crate::clock::Timestamp;
use crate::config::{Config, FinanceConfig};
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, UserAccountKind};
use crate::money::Money;
use crate::paging::{Page, Paging};
use crate::wallet::records::{self, Audience, ChangeFilter, ChangeRecord};
use chrono_tz::Tz;
use rusqlite::Connection;
use types::{Direction, SavingsBalances, SavingsMove, SavingsSummary};

/// The savings rules of the running config.
#[derive(Clone, Debug)]
pub struct FinanceSettings {
    /// Annual rate in basis points (`finance.savings_annual_rate_bp`).
    pub rate_bp: i64,
    /// Least first move in (`finance.savings_first_in_min`).
    pub first_in_min: Money,
    /// The operator's time zone: days end at its midnight.
    pub timezone: Tz,
}

impl FinanceSettings {
    pub fn from_config(config: &Config) -> FinanceSettings {
        FinanceSettings::new(&config.finance, config.timezone())
    }

    pub fn new(finance: &FinanceConfig, timezone: Tz) -> FinanceSettings {
        FinanceSettings {
            rate_bp: finance.savings_annual_rate_bp,
            first_in_min: finance.savings_first_in_min,
            timezone,
        }
    }
}

/// Moves money between the wallet and savings. The first move in ever must be at least
/// `first_in_min` (`below_minimum`); a move out takes at most the savings balance and a move
/// in at most the wallet balance (`insufficient_balance`). A move in waits out a time-out or
/// self-exclusion (`protection`); a move out never does.
pub fn move_money(
    tx: &Tx,
    user_id: UserId,
    request: SavingsMove,
    settings: &FinanceSettings,
    now: Timestamp,
) -> Result<SavingsBalances, AppError> {
    let wallet = AccountRef::User(user_id, UserAccountKind::Wallet);
    let savings = AccountRef::User(user_id, UserAccountKind::Savings);
    let entry = match request.direction {
        Direction::In => {
            crate::protection::ensure_may_play(
                tx,
                user_id,
                &crate::protection::Activity::Purchase,
                now,
            )?;
            if request.amount < in_min(tx, user_id, settings)? {
                return Err(AppError::BelowMinimum);
            }
            let yesterday = interest::previous_day(interest::operator_day(settings.timezone, now));
            sql::start_progress(tx, user_id, &interest::day_text(yesterday))?;
            Entry::new(EntryKind::SavingsIn, wallet, savings, request.amount, now)
        }
        Direction::Out => Entry::new(EntryKind::SavingsOut, savings, wallet, request.amount, now),
    };
    ledger::transfer(tx, entry.reference(format!("savings:{user_id}")))?;
    let balances = ledger::balances(tx, user_id)?;
    Ok(SavingsBalances { balance: balances.wallet, savings: balances.savings })
}

/// The least next move in: `first_in_min` until the player has moved money in once.
fn in_min(
    connection: &Connection,
    user_id: UserId,
    settings: &FinanceSettings,
) -> Result<Money, AppError> {
    let moved_in = ledger::total_credited(
        connection,
        user_id,
        UserAccountKind::Savings,
        EntryKind::SavingsIn,
    )?;
    let least = Money::from_minor(1)?;
    Ok(if moved_in == Money::ZERO { settings.first_in_min.max(least) } else { least })
}

/// Days the page's yield looks back over.
const YIELD_DAYS: u64 = 7;

/// The Yu E Bao page: balances, yesterday's and all interest, the rate and the 7-day yield.
pub fn summary(
    connection: &Connection,
    user_id: UserId,
    settings: &FinanceSettings,
    now: Timestamp,
) -> Result<SavingsSummary, AppError> {
    let balances = ledger::balances(connection, user_id)?;
    let yesterday = interest::previous_day(interest::operator_day(settings.timezone, now));
    let first = interest::days_before(yesterday, YIELD_DAYS - 1);
    let (paid, held) = sql::interest_between(
        connection,
        user_id,
        &interest::day_text(first),
        &interest::day_text(yesterday),
    )?;
    Ok(SavingsSummary {
        savings: balances.savings,
        balance: balances.wallet,
        yesterday_interest: sql::interest_of_day(
            connection,
            user_id,
            &interest::day_text(yesterday),
        )?,
        total_interest: ledger::total_credited(
            connection,
            user_id,
            UserAccountKind::Savings,
            EntryKind::Interest,
        )?,
        rate: interest::percent_text(settings.rate_bp),
        yield_7d: interest::annualised_yield_bp(paid, held).map(interest::percent_text),
        in_min: in_min(connection, user_id, settings)?,
    })
}

/// The savings log (yuebaolog): moves in and out and interest, newest first. The `kind` of a
/// record is `savings_in`, `savings_out` or `interest`.
pub fn log(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
) -> Result<Page<ChangeRecord>, AppError> {
    let filter = ChangeFilter {
        paging,
        account: Some(UserAccountKind::Savings.code().to_string()),
        kind: None,
        from: None,
        to: None,
        before: None,
    };
    records::account_changes(connection, user_id, &filter, Audience::Player)
}
