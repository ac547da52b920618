//! Savings interest arithmetic and operator-local days: pure, no database, no clock.
//!
//! Rounding rule: a day's interest is `held x rate_bp / (10_000 x 365)` minor units rounded
//! down, so it never pays more than the exact rate; over any run of days the sum credited is
//! below the exact sum by less than one minor unit per day. A year is 365 days, leap or not.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::money::Money;
use chrono::{Days, NaiveDate, TimeZone};
use chrono_tz::Tz;

/// Basis points in 100 %.
const BP_PER_UNIT: i128 = 10_000;
/// Days in the year the annual rate is divided by.
pub const DAYS_PER_YEAR: i128 = 365;

/// The interest of one day on `held` at the annual rate `rate_bp` (0 to 10,000, checked by the
/// configuration), rounded down. Never above `held`, so an error means a corrupt input.
pub fn daily_interest(held: Money, rate_bp: i64) -> Result<Money, AppError> {
    let exact_numerator = i128::from(held.minor()) * i128::from(rate_bp);
    let minor = exact_numerator / (BP_PER_UNIT * DAYS_PER_YEAR);
    let minor = i64::try_from(minor)
        .map_err(|_| anyhow::anyhow!("interest of {held} at {rate_bp} bp out of range"))?;
    Money::from_minor(minor)
}

/// The annual yield, in basis points rounded down, that `interest` paid on `held_day_sum`
/// (the sum of each day's held balance); None without any held balance.
pub fn annualised_yield_bp(interest: i64, held_day_sum: i64) -> Option<i64> {
    if held_day_sum <= 0 {
        return None;
    }
    let bp = i128::from(interest) * DAYS_PER_YEAR * BP_PER_UNIT / i128::from(held_day_sum);
    i64::try_from(bp).ok()
}

/// Basis points as a percentage with two decimals: 365 -> "3.65".
pub fn percent_text(bp: i64) -> String {
    format!("{}.{:02}", bp / 100, bp % 100)
}

/// The operator-local date of `now`.
pub fn operator_day(timezone: Tz, now: Timestamp) -> NaiveDate {
    timezone
        .timestamp_opt(now.secs(), 0)
        .single()
        .map_or_else(|| chrono::DateTime::UNIX_EPOCH.date_naive(), |time| time.date_naive())
}

/// The day before `day` (the same day at the start of the calendar, never reached).
pub fn previous_day(day: NaiveDate) -> NaiveDate {
    day.pred_opt().unwrap_or(day)
}

pub fn next_day(day: NaiveDate) -> NaiveDate {
    day.succ_opt().unwrap_or(day)
}

/// Minutes searched past a local time that a daylight-saving gap skips (a gap is at most a few
/// hours).
const GAP_MINUTES_MAX: u32 = 6 * 60;

/// The first instant of the operator-local `day`: its midnight, the earlier one when the
/// clock was set back over it, the first valid minute when a gap skips it.
pub fn day_start(timezone: Tz, day: NaiveDate) -> Timestamp {
    local_instant(timezone, day, 0)
}

/// `minute` minutes after midnight of the operator-local `day`: the earlier instant when the
/// clock was set back over it, the first valid minute after it when a gap skips it.
pub fn local_instant(timezone: Tz, day: NaiveDate, minute: u32) -> Timestamp {
    let local =
        day.and_hms_opt(0, 0, 0).unwrap_or_default() + chrono::Duration::minutes(i64::from(minute));
    (0..=GAP_MINUTES_MAX)
        .filter_map(|extra| {
            let shifted = local.checked_add_signed(chrono::Duration::minutes(i64::from(extra)))?;
            timezone.from_local_datetime(&shifted).earliest()
        })
        .map(|start| Timestamp::from_datetime(&start))
        .next()
        .unwrap_or_else(|| Timestamp::from_datetime(&local.and_utc()))
}

/// The instants of `day`: [start, end).
pub fn day_bounds(timezone: Tz, day: NaiveDate) -> (Timestamp, Timestamp) {
    (day_start(timezone, day), day_start(timezone, next_day(day)))
}

/// `day` as stored and sent: "2026-11-22".
pub fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

pub fn parse_day(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// `days` days before `day`.
pub fn days_before(day: NaiveDate, days: u64) -> NaiveDate {
    day.checked_sub_days(Days::new(days)).unwrap_or(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(minor: i64) -> Money {
        Money::from_minor(minor).expect("an amount")
    }

    #[test]
    fn a_day_of_interest_is_rounded_down() {
        // 10,000.00 at 3.65 %: 1.00 a day.
        assert_eq!(daily_interest(money(1_000_000), 365).expect("in range"), money(100));
        assert_eq!(daily_interest(money(999_999), 365).expect("in range"), money(99));
        assert_eq!(daily_interest(money(9_999), 365).expect("in range"), Money::ZERO);
        assert_eq!(daily_interest(money(10_000), 365).expect("in range"), money(1));
        assert_eq!(
            daily_interest(Money::MAX, 10_000).expect("in range"),
            money(Money::MAX_MINOR / 365)
        );
        assert_eq!(daily_interest(money(1_000_000), 0).expect("in range"), Money::ZERO);
    }

    #[test]
    fn a_year_of_interest_stays_within_one_minor_unit_a_day_below_the_exact_rate() {
        let mut seed: u64 = 0x5eed;
        for _ in 0..200 {
            let (mut paid, mut exact_numerator) = (0i128, 0i128);
            let rate_bp = i64::try_from(seed % 2_000).expect("small");
            for _ in 0..365 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let held = money(i64::try_from(seed >> 24).expect("small") % 100_000_000);
                paid += i128::from(daily_interest(held, rate_bp).expect("in range").minor());
                exact_numerator += i128::from(held.minor()) * i128::from(rate_bp);
            }
            let exact_scaled = exact_numerator; // the exact sum x 3_650_000
            let paid_scaled = paid * BP_PER_UNIT * DAYS_PER_YEAR;
            assert!(paid_scaled <= exact_scaled, "never more than the exact rate");
            assert!(exact_scaled - paid_scaled < 365 * BP_PER_UNIT * DAYS_PER_YEAR);
        }
    }

    #[test]
    fn the_yield_is_annualised_from_what_was_paid() {
        assert_eq!(annualised_yield_bp(700, 7 * 1_000_000), Some(365));
        assert_eq!(annualised_yield_bp(0, 1_000), Some(0));
        assert_eq!(annualised_yield_bp(5, 0), None);
        assert_eq!(percent_text(365), "3.65");
        assert_eq!(percent_text(1_200), "12.00");
    }

    #[test]
    fn days_follow_the_operator_time_zone_and_its_clock_changes() {
        let saigon: Tz = "Asia/Ho_Chi_Minh".parse().expect("a zone");
        let day = NaiveDate::from_ymd_opt(2026, 11, 22).expect("a date");
        // 2026-11-22T00:00+07:00
        let midnight = Timestamp::from_secs(1_795_280_400);
        assert_eq!(day_bounds(saigon, day), (midnight, midnight + 86_400));
        assert_eq!(operator_day(saigon, midnight - 1), previous_day(day));
        let london: Tz = "Europe/London".parse().expect("a zone");
        let spring = NaiveDate::from_ymd_opt(2026, 3, 29).expect("a date");
        let (start, end) = day_bounds(london, spring);
        assert_eq!(end - start, 23 * 3600);
        let autumn = NaiveDate::from_ymd_opt(2026, 10, 25).expect("a date");
        let (start, end) = day_bounds(london, autumn);
        assert_eq!(end - start, 25 * 3600);
        // Santiago skips midnight when summer time starts: the day begins at 01:00.
        let santiago: Tz = "America/Santiago".parse().expect("a zone");
        let gap = NaiveDate::from_ymd_opt(2026, 9, 6).expect("a date");
        let (start, end) = day_bounds(santiago, gap);
        assert_eq!(end - start, 23 * 3600);
        assert_eq!(operator_day(santiago, start), gap);
        assert_eq!(day_text(gap), "2026-09-06");
        assert_eq!(parse_day("2026-09-06"), Some(gap));
    }
}
