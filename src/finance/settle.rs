//! The daily interest run. A day's interest is earned on the balance held through the whole
//! operator-local day: the lowest savings balance during the day, i.e. the lower of the
//! balance at its start and the balance after each posting made during it. So money moved in
//! today earns from tomorrow, and so does interest credited today. Each (player, day) is
//! settled once, in order, by advancing the player's `savings_progress` in the same
//! transaction as the interest entry; `savings_interest`'s key refuses a second payment.

use super::interest::{self, daily_interest, day_bounds, day_text, next_day, parse_day};
use super::{FinanceSettings, sql};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use chrono::NaiveDate;

/// (player, day) pairs one call of `settle_interest` (one transaction) settles at most.
pub const SAVINGS_DAYS_PER_TX: i64 = 500;
/// Postings of one savings account read per query while settling a day.
const POSTINGS_PAGE: i64 = 200;

/// What one call settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettleReport {
    /// Player days settled (with or without interest), idle stretches counting once.
    pub days_settled: u32,
    /// Interest credited, in minor units.
    pub interest_minor: i64,
    /// Days that have ended remain unsettled: call again.
    pub more: bool,
}

/// Settles the next ended day of up to `SAVINGS_DAYS_PER_TX` players (each call moves every
/// one of them forward, so repeated calls end). A player with nothing saved is moved straight
/// to yesterday.
pub fn settle_interest(
    tx: &Tx,
    settings: &FinanceSettings,
    now: Timestamp,
) -> Result<SettleReport, AppError> {
    let last_ended = interest::previous_day(interest::operator_day(settings.timezone, now));
    let last_ended_text = day_text(last_ended);
    let mut report = SettleReport::default();
    for progress in sql::due_progress(tx, &last_ended_text, SAVINGS_DAYS_PER_TX)? {
        let paid = settle_player_day(tx, progress, settings, last_ended, now)?;
        report.days_settled += 1;
        report.interest_minor += paid.minor();
    }
    report.more = !sql::due_progress(tx, &last_ended_text, 1)?.is_empty();
    Ok(report)
}

/// Settles the day after `progress.day` (or skips to `last_ended` when nothing is saved and
/// nothing moved since); returns the interest credited.
fn settle_player_day(
    tx: &Tx,
    progress: sql::Progress,
    settings: &FinanceSettings,
    last_ended: NaiveDate,
    now: Timestamp,
) -> Result<Money, AppError> {
    let settled = parse_day(&progress.day)
        .ok_or_else(|| anyhow::anyhow!("savings progress day {:?}", progress.day))?;
    let user_id = progress.user_id;
    if progress.closing == Money::ZERO {
        let (_, last_end) = day_bounds(settings.timezone, last_ended);
        let next = ledger::postings_after(
            tx,
            user_id,
            UserAccountKind::Savings,
            progress.last_posting_id,
            1,
        )?;
        if next.first().is_none_or(|posting| posting.created_at >= last_end) {
            let idle = sql::Progress { day: day_text(last_ended), ..progress };
            sql::save_progress(tx, &idle)?;
            return Ok(Money::ZERO);
        }
    }
    let day = next_day(settled);
    let (_, end) = day_bounds(settings.timezone, day);
    let tally = tally_day(tx, &progress, end)?;
    let held = tally.low;
    let interest = daily_interest(held, settings.rate_bp)?;
    let day_text = day_text(day);
    if held > Money::ZERO {
        let entry_id = if interest > Money::ZERO {
            let entry = Entry::new(
                EntryKind::Interest,
                AccountRef::System(SystemAccount::Interest),
                AccountRef::User(user_id, UserAccountKind::Savings),
                interest,
                now,
            );
            let reference = format!("savings:{user_id}:{day_text}");
            Some(ledger::transfer(tx, entry.reference(reference).memo(&day_text))?.entry_id)
        } else {
            None
        };
        let row = sql::InterestRow {
            user_id,
            day: &day_text,
            held,
            interest,
            rate_bp: settings.rate_bp,
            entry_id,
            paid_at: now,
        };
        sql::insert_interest(tx, &row)?;
    }
    let closing = tally.closing;
    let last_posting_id = tally.last_posting_id;
    sql::save_progress(tx, &sql::Progress { day: day_text, closing, last_posting_id, ..progress })?;
    Ok(interest)
}

/// The savings balance over one day: its lowest, its last, and the last posting counted.
struct DayTally {
    low: Money,
    closing: Money,
    last_posting_id: i64,
}

/// Walks the savings postings after the last counted one, in order, up to the first made at or
/// after `end` (the day's end), page by page.
fn tally_day(tx: &Tx, progress: &sql::Progress, end: Timestamp) -> Result<DayTally, AppError> {
    let mut tally = DayTally {
        low: progress.closing,
        closing: progress.closing,
        last_posting_id: progress.last_posting_id,
    };
    // Ends: every page moves past POSTINGS_PAGE postings of a finite account.
    loop {
        let page = ledger::postings_after(
            tx,
            progress.user_id,
            UserAccountKind::Savings,
            tally.last_posting_id,
            POSTINGS_PAGE,
        )?;
        let full = i64::try_from(page.len()).unwrap_or(0) == POSTINGS_PAGE;
        for posting in page {
            if posting.created_at >= end {
                return Ok(tally);
            }
            tally.low = tally.low.min(posting.balance_after);
            tally.closing = posting.balance_after;
            tally.last_posting_id = posting.posting_id;
        }
        if !full {
            return Ok(tally);
        }
    }
}
