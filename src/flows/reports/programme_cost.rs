//! What each reward programme paid players, per operator-local day: the operator's
//! `fairhall admin programme cost`. Read from the ledger, so it equals the money that moved.

use crate::clock::Timestamp;
use crate::config::BudgetConfig;
use crate::error::AppError;
use crate::growth::rewards::{self, ProgrammeDay};
use crate::ledger::{self, EntryKind, PlayerCredits};
use crate::money::Money;
use chrono::NaiveDate;
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::Serialize;
use std::collections::BTreeMap;

/// The longest range one report covers: a year, one ledger query per day.
pub const COST_DAYS_MAX: i64 = 366;

/// Operator-local days, first and last included.
#[derive(Clone, Copy, Debug)]
pub struct DayRange {
    pub first: NaiveDate,
    pub last: NaiveDate,
}

impl DayRange {
    /// `first` to `last`, at most `COST_DAYS_MAX` days, not reversed.
    pub fn new(first: NaiveDate, last: NaiveDate) -> Result<DayRange, AppError> {
        if last < first {
            return Err(AppError::BadParams);
        }
        if (last - first).num_days() >= COST_DAYS_MAX {
            return Err(AppError::LimitExceeded);
        }
        Ok(DayRange { first, last })
    }
}

/// What one programme paid: entries that credited a player, and their sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProgrammeCost {
    /// rebate, commission, salary, signin, task, envelope, or for `bonus` entries the part of
    /// the reference before ':' (first_deposit, cashback, vip_upgrade, vip_deposit, ...).
    pub programme: String,
    pub entries: i64,
    pub amount: Money,
}

#[derive(Clone, Debug, Serialize)]
pub struct DayCost {
    /// YYYY-MM-DD in the operator's time zone.
    pub date: String,
    pub programmes: Vec<ProgrammeCost>,
    pub total: Money,
    /// Each programme with a cap in `[growth.budget]`, or whose budget held something back
    /// that day: what the payer counted against the caps (for envelopes, the totals reserved
    /// at creation) and what it held back.
    pub budget: Vec<ProgrammeDay>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CostReport {
    pub days: Vec<DayCost>,
    /// Per programme over the whole range.
    pub totals: Vec<ProgrammeCost>,
    pub total: Money,
}

/// The programme an entry belongs to.
pub(crate) fn programme(credits: &PlayerCredits) -> String {
    match credits.kind {
        EntryKind::Bonus if !credits.reference_prefix.is_empty() => {
            credits.reference_prefix.clone()
        }
        kind => kind.code().to_string(),
    }
}

fn add(costs: &mut BTreeMap<String, ProgrammeCost>, cost: &ProgrammeCost) -> Result<(), AppError> {
    let slot = costs.entry(cost.programme.clone()).or_insert_with(|| ProgrammeCost {
        programme: cost.programme.clone(),
        entries: 0,
        amount: Money::ZERO,
    });
    slot.entries += cost.entries;
    slot.amount = slot.amount.checked_add(cost.amount).ok_or(AppError::LimitExceeded)?;
    Ok(())
}

fn sum(costs: &[ProgrammeCost]) -> Result<Money, AppError> {
    costs.iter().try_fold(Money::ZERO, |total, cost| {
        total.checked_add(cost.amount).ok_or(AppError::LimitExceeded)
    })
}

/// Every day of `range` with what each programme paid that day (days without payouts
/// included, with no programmes), and the totals.
pub fn programme_cost(
    connection: &Connection,
    (timezone, budget): (Tz, &BudgetConfig),
    range: DayRange,
) -> Result<CostReport, AppError> {
    let mut days = Vec::new();
    let mut totals = BTreeMap::new();
    for date in range.first.iter_days().take_while(|date| *date <= range.last) {
        let next = date.succ_opt().ok_or(AppError::BadParams)?;
        let credits = ledger::reward_credits_to_players(
            connection,
            Timestamp::local_midnight(timezone, date),
            Timestamp::local_midnight(timezone, next),
        )?;
        let mut programmes = BTreeMap::new();
        for credit in &credits {
            let cost = ProgrammeCost {
                programme: programme(credit),
                entries: credit.entries,
                amount: credit.amount,
            };
            add(&mut programmes, &cost)?;
            add(&mut totals, &cost)?;
        }
        let programmes: Vec<_> = programmes.into_values().collect();
        let total = sum(&programmes)?;
        let key = date.format("%Y-%m-%d").to_string();
        let budget = rewards::day_spend(connection, &key, budget)?
            .into_iter()
            .filter(|day| {
                day.daily_cap.is_some() || day.per_player_cap.is_some() || day.capped > Money::ZERO
            })
            .collect();
        days.push(DayCost { date: key, programmes, total, budget });
    }
    let totals: Vec<_> = totals.into_values().collect();
    let total = sum(&totals)?;
    Ok(CostReport { days, totals, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_whose_midnight_is_skipped_starts_at_one() {
        let date = NaiveDate::from_ymd_opt(2018, 11, 4).unwrap();
        // São Paulo moved its clocks from 00:00 to 01:00 (UTC-2) that night.
        let start = Timestamp::local_midnight(chrono_tz::America::Sao_Paulo, date);
        assert_eq!(start.secs(), 1_541_300_400);
        let after = NaiveDate::from_ymd_opt(2018, 11, 5).unwrap();
        let next = Timestamp::local_midnight(chrono_tz::America::Sao_Paulo, after);
        assert_eq!(next.secs() - start.secs(), 23 * 3600, "the day is an hour short");
        let noon = start + 11 * 3600;
        let same_day = crate::wallet::day_start(chrono_tz::America::Sao_Paulo, noon);
        assert_eq!(same_day, start, "the operator's day starts there too");
    }

    #[test]
    fn ranges_are_ordered_and_at_most_a_year() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(d);
        assert!(DayRange::new(day(0), day(365)).is_ok());
        assert!(matches!(DayRange::new(day(0), day(366)), Err(AppError::LimitExceeded)));
        assert!(matches!(DayRange::new(day(1), day(0)), Err(AppError::BadParams)));
    }
}
