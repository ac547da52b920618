//! The terms of a product and the one function that turns a purchase into its payout schedule:
//! gooddetail shows it, a purchase stores it, the payout job pays it. Pure: no SQL, no clock.
//!
//! Arithmetic (integer minor units): the interest of a purchase is
//! `floor(principal x rate_bp x cycles / (10_000 x rate_divisor))`, never above the exact rate.
//! It is paid in equal shares, the remainder (less than one minor unit per instalment) with the
//! last instalment; principal likewise for equal instalments.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::finance::interest;
use crate::money::Money;
use chrono::{Days, NaiveTime};
use chrono_tz::Tz;
use serde::Serialize;

/// How a product pays back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum YieldType {
    /// Interest every rebate cycle, the principal with the last.
    InterestPerCycle,
    /// Principal and all interest together at maturity.
    AtMaturity,
    /// Every cycle an equal share of the principal and of the interest.
    EqualInstalments,
}

impl YieldType {
    pub const ALL: [YieldType; 3] =
        [YieldType::InterestPerCycle, YieldType::AtMaturity, YieldType::EqualInstalments];

    pub fn code(self) -> &'static str {
        match self {
            YieldType::InterestPerCycle => "interest_per_cycle",
            YieldType::AtMaturity => "at_maturity",
            YieldType::EqualInstalments => "equal_instalments",
        }
    }

    pub fn parse(code: &str) -> Option<YieldType> {
        YieldType::ALL.into_iter().find(|kind| kind.code() == code)
    }
}

/// The unit a rebate cycle is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CycleUnit {
    /// Whole operator-local days; instalments fall due at the payout time of day.
    Day,
    /// Hours from the purchase; the payout time of day does not apply.
    Hour,
}

impl CycleUnit {
    pub fn code(self) -> &'static str {
        match self {
            CycleUnit::Day => "day",
            CycleUnit::Hour => "hour",
        }
    }

    pub fn parse(code: &str) -> Option<CycleUnit> {
        [CycleUnit::Day, CycleUnit::Hour].into_iter().find(|unit| unit.code() == code)
    }
}

/// Most rebate cycles a product may have (keeps schedules small).
pub const CYCLES_MAX: u32 = 1_000;
/// Longest cycle, in its unit.
pub const CYCLE_LENGTH_MAX: u32 = 3_660;
/// Highest quoted rate: 1,000 %.
pub const RATE_BP_MAX: i64 = 100_000;
/// Largest rate divisor.
pub const RATE_DIVISOR_MAX: i64 = 10_000;

/// What a purchase earns and when, fixed once a product has orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    pub yield_type: YieldType,
    /// The quoted yield rate in basis points.
    pub rate_bp: i64,
    /// The rate per rebate cycle is `rate_bp / rate_divisor`.
    pub rate_divisor: i64,
    pub cycle_unit: CycleUnit,
    /// Units of `cycle_unit` per rebate cycle.
    pub cycle_length: u32,
    /// Rebate cycles (the rebate count).
    pub cycles: u32,
    /// Minutes after operator-local midnight at which day-cycle instalments fall due.
    pub payout_minute: Option<u32>,
}

/// One payment of a schedule, numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Instalment {
    pub number: u32,
    #[schema(value_type = i64)]
    pub due_at: Timestamp,
    #[schema(value_type = String)]
    pub interest: Money,
    #[schema(value_type = String)]
    pub principal: Money,
    #[schema(value_type = String)]
    pub amount: Money,
}

impl Terms {
    /// Checks the terms; the error names the field.
    pub fn check(&self) -> Result<(), String> {
        if !(0..=RATE_BP_MAX).contains(&self.rate_bp) {
            return Err(format!("rate must be between 0 and {} %", RATE_BP_MAX / 100));
        }
        if !(1..=RATE_DIVISOR_MAX).contains(&self.rate_divisor) {
            return Err(format!("rate_divisor must be between 1 and {RATE_DIVISOR_MAX}"));
        }
        if !(1..=CYCLE_LENGTH_MAX).contains(&self.cycle_length) {
            return Err(format!("cycle_length must be between 1 and {CYCLE_LENGTH_MAX}"));
        }
        if !(1..=CYCLES_MAX).contains(&self.cycles) {
            return Err(format!("cycles must be between 1 and {CYCLES_MAX}"));
        }
        match (self.cycle_unit, self.payout_minute) {
            (CycleUnit::Day, None) => Err("payout_time is required for day cycles".into()),
            (CycleUnit::Hour, Some(_)) => {
                Err("payout_time applies to day cycles only; leave it out for hours".into())
            }
            (_, Some(minute)) if minute >= 24 * 60 => {
                Err("payout_time must be a time of day, HH:MM".into())
            }
            _ => Ok(()),
        }
    }

    /// The number of payments a purchase receives.
    pub fn payouts(&self) -> u32 {
        match self.yield_type {
            YieldType::AtMaturity => 1,
            YieldType::InterestPerCycle | YieldType::EqualInstalments => self.cycles,
        }
    }

    /// The rate of one cycle in basis points, rounded down (for display).
    pub fn rate_per_cycle_bp(&self) -> i64 {
        self.rate_bp / self.rate_divisor
    }

    /// The rate over all cycles in basis points, rounded down (for display).
    pub fn total_yield_bp(&self) -> i64 {
        self.rate_bp * i64::from(self.cycles) / self.rate_divisor
    }

    /// All interest a purchase of `principal` earns, rounded down.
    pub fn total_interest(&self, principal: Money) -> Result<Money, AppError> {
        let numerator =
            i128::from(principal.minor()) * i128::from(self.rate_bp) * i128::from(self.cycles);
        let minor = numerator / (10_000 * i128::from(self.rate_divisor));
        let minor = i64::try_from(minor)
            .map_err(|_| anyhow::anyhow!("interest of {principal} out of range"))?;
        Money::from_minor(minor)
    }

    /// When the end of cycle `cycle` (from 1) of a purchase made at `bought_at` falls.
    pub fn cycle_end(&self, bought_at: Timestamp, cycle: u32, timezone: Tz) -> Timestamp {
        let units = u64::from(cycle) * u64::from(self.cycle_length);
        match self.cycle_unit {
            CycleUnit::Hour => bought_at + i64::try_from(units * 3600).unwrap_or(i64::MAX / 2),
            CycleUnit::Day => {
                let day = interest::operator_day(timezone, bought_at)
                    .checked_add_days(Days::new(units))
                    .unwrap_or_default();
                interest::local_instant(timezone, day, self.payout_minute.unwrap_or(0))
            }
        }
    }

    /// The payout schedule of a purchase of `principal` made at `bought_at`.
    pub fn schedule(
        &self,
        principal: Money,
        bought_at: Timestamp,
        timezone: Tz,
    ) -> Result<Vec<Instalment>, AppError> {
        let interest = self.total_interest(principal)?;
        let count = self.payouts();
        let shares_interest = split(interest, count)?;
        let shares_principal = match self.yield_type {
            YieldType::EqualInstalments => split(principal, count)?,
            YieldType::InterestPerCycle | YieldType::AtMaturity => {
                let mut shares = vec![Money::ZERO; count as usize];
                if let Some(last) = shares.last_mut() {
                    *last = principal;
                }
                shares
            }
        };
        let cycles_per_payout = self.cycles / count;
        (1..=count)
            .zip(shares_interest.into_iter().zip(shares_principal))
            .map(|(number, (interest, principal))| {
                let amount = interest.checked_add(principal).ok_or(AppError::InvalidAmount)?;
                let due_at = self.cycle_end(bought_at, number * cycles_per_payout, timezone);
                Ok(Instalment { number, due_at, interest, principal, amount })
            })
            .collect()
    }
}

/// `total` in `count` equal shares rounded down, the remainder on the last.
fn split(total: Money, count: u32) -> Result<Vec<Money>, AppError> {
    let count_minor = i64::from(count.max(1));
    let share = Money::from_minor(total.minor() / count_minor)?;
    let last = Money::from_minor(total.minor() - share.minor() * (count_minor - 1))?;
    let mut shares = vec![share; count.max(1) as usize];
    if let Some(slot) = shares.last_mut() {
        *slot = last;
    }
    Ok(shares)
}

/// "HH:MM" to minutes after midnight.
pub fn parse_payout_time(text: &str) -> Option<u32> {
    let time = NaiveTime::parse_from_str(text.trim(), "%H:%M").ok()?;
    Some(chrono::Timelike::num_seconds_from_midnight(&time) / 60)
}

/// Minutes after midnight as "HH:MM".
pub fn payout_time_text(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(minor: i64) -> Money {
        Money::from_minor(minor).expect("in range")
    }

    fn terms(yield_type: YieldType) -> Terms {
        Terms {
            yield_type,
            rate_bp: 1_200,
            rate_divisor: 12,
            cycle_unit: CycleUnit::Day,
            cycle_length: 30,
            cycles: 3,
            payout_minute: Some(10 * 60),
        }
    }

    fn shanghai() -> Tz {
        "Asia/Shanghai".parse().expect("zone")
    }

    /// 2026-11-24 15:00 in Shanghai.
    const BOUGHT: Timestamp = Timestamp::from_secs(1_795_503_600);

    #[test]
    fn interest_per_cycle_pays_interest_each_cycle_and_the_principal_last() {
        let plan = terms(YieldType::InterestPerCycle)
            .schedule(money(100_000), BOUGHT, shanghai())
            .expect("schedule");
        // 1,000.00 at 1 % a cycle for 3 cycles: 10.00 each, the principal with the third.
        let amounts: Vec<_> = plan.iter().map(|row| row.amount.minor()).collect();
        assert_eq!(amounts, [1_000, 1_000, 101_000]);
        assert_eq!(plan.iter().map(|row| row.number).collect::<Vec<_>>(), [1, 2, 3]);
        // Due at 10:00 Shanghai (02:00 UTC) 30, 60 and 90 days after the purchase date.
        let first = BOUGHT.secs() - 5 * 3600 + 30 * 86_400;
        assert_eq!(plan[0].due_at.secs(), first);
        assert_eq!(plan[2].due_at.secs(), first + 60 * 86_400);
    }

    #[test]
    fn at_maturity_pays_once_at_the_end_of_the_last_cycle() {
        let plan = terms(YieldType::AtMaturity)
            .schedule(money(100_000), BOUGHT, shanghai())
            .expect("schedule");
        assert_eq!(plan.len(), 1);
        assert_eq!((plan[0].interest, plan[0].principal), (money(3_000), money(100_000)));
        assert_eq!(plan[0].due_at.secs(), BOUGHT.secs() - 5 * 3600 + 90 * 86_400);
    }

    #[test]
    fn equal_instalments_share_principal_and_interest_with_the_remainder_last() {
        let plan = terms(YieldType::EqualInstalments)
            .schedule(money(100_001), BOUGHT, shanghai())
            .expect("schedule");
        // Interest floor(100_001 x 3 %) = 3_000; principal 33_333 x 2 + 33_335.
        let parts: Vec<_> =
            plan.iter().map(|row| (row.interest.minor(), row.principal.minor())).collect();
        assert_eq!(parts, [(1_000, 33_333), (1_000, 33_333), (1_000, 33_335)]);
        let total: i64 = plan.iter().map(|row| row.amount.minor()).sum();
        assert_eq!(total, 103_001);
    }

    #[test]
    fn interest_never_exceeds_the_exact_rate() {
        let odd = Terms { rate_bp: 7, rate_divisor: 3, cycles: 7, ..terms(YieldType::AtMaturity) };
        for principal in [1, 999, 1_001, 123_457, 99_999_999] {
            let paid = odd.total_interest(money(principal)).expect("in range").minor();
            let exact = principal as f64 * 7.0 * 7.0 / (10_000.0 * 3.0);
            assert!(paid as f64 <= exact && exact - (paid as f64) < 1.0, "{principal}");
        }
    }

    #[test]
    fn hour_cycles_count_from_the_purchase() {
        let hourly = Terms {
            cycle_unit: CycleUnit::Hour,
            cycle_length: 12,
            payout_minute: None,
            ..terms(YieldType::InterestPerCycle)
        };
        let plan = hourly.schedule(money(10_000), BOUGHT, shanghai()).expect("schedule");
        let dues: Vec<_> = plan.iter().map(|row| row.due_at.secs_since(BOUGHT)).collect();
        assert_eq!(dues, [12 * 3600, 24 * 3600, 36 * 3600]);
    }

    #[test]
    fn a_payout_time_in_a_daylight_saving_gap_moves_to_the_first_valid_minute() {
        let new_york: Tz = "America/New_York".parse().expect("zone");
        let daily = Terms {
            cycle_length: 1,
            cycles: 1,
            payout_minute: Some(2 * 60 + 30),
            ..terms(YieldType::AtMaturity)
        };
        // Bought 2026-03-07 12:00 EST; 2026-03-08 02:30 does not exist (clocks jump to 03:00).
        let bought = Timestamp::from_secs(1_772_902_800);
        let plan = daily.schedule(money(10_000), bought, new_york).expect("schedule");
        assert_eq!(plan[0].due_at.secs(), 1_772_953_200); // 03:00 EDT = 07:00 UTC
    }

    #[test]
    fn terms_name_the_field_they_break() {
        let bad = Terms { cycles: 0, ..terms(YieldType::AtMaturity) };
        assert!(bad.check().unwrap_err().contains("cycles"));
        let no_time = Terms { payout_minute: None, ..terms(YieldType::AtMaturity) };
        assert!(no_time.check().unwrap_err().contains("payout_time"));
        assert_eq!(parse_payout_time("09:05"), Some(545));
        assert_eq!(parse_payout_time("24:00"), None);
        assert_eq!(payout_time_text(545), "09:05");
    }
}
