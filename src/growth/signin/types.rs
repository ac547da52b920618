//! What the sign-in verbs take and return.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;

/// A calendar month, parsed from "YYYY-MM".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Month {
    first: NaiveDate,
}

impl Month {
    /// "2026-11"; `bad_params` for anything else (years 2000 to 2999).
    pub fn parse(text: &str) -> Result<Month, AppError> {
        let (year, month) = text.split_once('-').ok_or(AppError::BadParams)?;
        let well_formed = year.len() == 4
            && month.len() == 2
            && year.bytes().chain(month.bytes()).all(|byte| byte.is_ascii_digit());
        if !well_formed {
            return Err(AppError::BadParams);
        }
        let year: i32 = year.parse().map_err(|_| AppError::BadParams)?;
        let month: u32 = month.parse().map_err(|_| AppError::BadParams)?;
        if !(2000..=2999).contains(&year) {
            return Err(AppError::BadParams);
        }
        let first = NaiveDate::from_ymd_opt(year, month, 1).ok_or(AppError::BadParams)?;
        Ok(Month { first })
    }

    /// The month of `date`.
    pub fn of(date: NaiveDate) -> Month {
        Month { first: date.with_day(1).unwrap_or(date) }
    }

    pub fn first_day(self) -> NaiveDate {
        self.first
    }

    /// The first day of the next month.
    pub fn next_first_day(self) -> NaiveDate {
        self.first.checked_add_months(chrono::Months::new(1)).unwrap_or(NaiveDate::MAX)
    }

    pub fn key(self) -> String {
        self.first.format("%Y-%m").to_string()
    }
}

/// A sign-in that was paid.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SigninReceipt {
    /// The operator's date, YYYY-MM-DD.
    pub date: String,
    /// The day of the continuous streak this sign-in was.
    pub streak: i64,
    #[schema(value_type = String)]
    pub reward: Money,
    /// The wallet balance after the reward.
    #[schema(value_type = String)]
    pub balance: Money,
}

/// One day of the reward table.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RewardDay {
    /// 1-based day of the streak.
    pub day: i64,
    #[schema(value_type = String)]
    pub reward: Money,
}

/// A day the player signed in.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct SignedDay {
    /// YYYY-MM-DD in the operator's time zone.
    pub date: String,
    pub streak: i64,
    #[schema(value_type = String)]
    pub reward: Money,
}

/// The sign-in page: today, the streak, the table and the month's calendar.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SigninIndex {
    /// Today's operator date, YYYY-MM-DD.
    pub today: String,
    pub signed_today: bool,
    /// The continuous streak as of today: today's when signed, else yesterday's (0 when
    /// yesterday was missed).
    pub streak: i64,
    /// What today's sign-in paid, or would pay.
    #[schema(value_type = String)]
    pub today_reward: Money,
    /// What the next sign-in (tomorrow's once signed today) pays.
    #[schema(value_type = String)]
    pub next_reward: Money,
    /// The day of `rewards` (1-based) the next sign-in pays.
    pub next_day: i64,
    pub rewards: Vec<RewardDay>,
    /// "repeat_last" or "restart": what comes after the table's last day.
    pub after_last: &'static str,
    /// Whether the operator offers the sign-in reward (`growth.signin.enabled`): when not,
    /// signing in answers `not_found`.
    pub enabled: bool,
    pub recharge_first: bool,
    /// Whether this player must pass a deposit before signing in (`recharge_first` and none
    /// passed yet): the page's note shows only then.
    pub deposit_needed: bool,
    /// The month shown, YYYY-MM.
    pub month: String,
    /// The month's signed days, in date order.
    pub days: Vec<SignedDay>,
}

/// One player's sign-in history for the operator.
#[derive(Clone, Debug, Serialize)]
pub struct SigninHistory {
    pub user_id: UserId,
    pub streak: i64,
    pub signed_today: bool,
    pub total_days: i64,
    pub total_reward: Money,
    /// Most recent first.
    pub recent: Vec<SignedDay>,
}

/// Who signed in on one day, for the operator.
#[derive(Clone, Debug, Serialize)]
pub struct DaySignin {
    pub user_id: UserId,
    pub streak: i64,
    pub reward: Money,
    pub signed_at: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_is_four_digits_a_dash_and_two() {
        assert_eq!(Month::parse("2026-11").map(Month::key).ok(), Some("2026-11".into()));
        assert_eq!(
            Month::parse("2026-12").map(Month::next_first_day).ok(),
            NaiveDate::from_ymd_opt(2027, 1, 1)
        );
        for bad in ["2026-13", "2026-00", "26-11", "2026-1", "2026/11", "", "abcd-ef", "1999-12"] {
            assert!(matches!(Month::parse(bad), Err(AppError::BadParams)), "{bad}");
        }
    }
}

/// Today's sign-in state of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SigninToday {
    /// Whether the operator offers the sign-in reward (`growth.signin.enabled`).
    pub offered: bool,
    pub signed_today: bool,
    /// Today's streak day when signed, else yesterday's (0 without one).
    pub streak: i64,
}
