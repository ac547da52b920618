//! The period schedule of a draw source: issue `YYYYMMDD` + sequence in the operator's time
//! zone, period k of a day drawn at `day_start + k * period_secs` (GAMES.md "Periods").
//! A day has `floor(day length / period_secs)` periods (DST days are shorter or longer); time
//! after a day's last draw belongs to period 1 of the next day.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::issue::Issue;
use anyhow::Context;
use chrono::{Days, NaiveDate, TimeZone};
use chrono_tz::Tz;

/// The schedule of one draw source.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub timezone: Tz,
    pub period_secs: i64,
}

impl Schedule {
    /// Periods shorter than this would overflow the 4-digit daily sequence.
    pub const PERIOD_SECS_MIN: i64 = 10;

    pub fn new(timezone: Tz, period_secs: i64) -> Result<Schedule, AppError> {
        if period_secs < Schedule::PERIOD_SECS_MIN {
            return Err(AppError::BadParams);
        }
        Ok(Schedule { timezone, period_secs })
    }

    /// Unix time of the operator's local midnight starting `date` (the first instant of the
    /// day when a DST change skips midnight).
    pub fn day_start(&self, date: NaiveDate) -> Result<Timestamp, AppError> {
        let first = (0..24).find_map(|hour| {
            let local = date.and_hms_opt(hour, 0, 0)?;
            self.timezone.from_local_datetime(&local).earliest()
        });
        Ok(first.context("while finding the start of an operator day")?.timestamp())
    }

    /// How many periods `date` has.
    pub fn periods_in_day(&self, date: NaiveDate) -> Result<u16, AppError> {
        let next = next_date(date)?;
        let length = self.day_start(next)? - self.day_start(date)?;
        let count = (length / self.period_secs).min(i64::from(Issue::SEQUENCE_MAX));
        Ok(u16::try_from(count).unwrap_or(Issue::SEQUENCE_MAX))
    }

    /// When `issue` is drawn (its betting closes `close_secs` earlier).
    pub fn draw_at(&self, issue: Issue) -> Result<Timestamp, AppError> {
        Ok(self.day_start(issue.date())? + i64::from(issue.sequence()) * self.period_secs)
    }

    /// The period open at `now`: the first one whose draw time is after `now`.
    pub fn current(&self, now: Timestamp) -> Result<Issue, AppError> {
        let instant = self.timezone.timestamp_opt(now, 0).earliest().ok_or(AppError::BadParams)?;
        let date = instant.date_naive();
        let elapsed = now - self.day_start(date)?;
        let sequence = elapsed.div_euclid(self.period_secs) + 1;
        if sequence > i64::from(self.periods_in_day(date)?) {
            return Issue::new(next_date(date)?, 1);
        }
        Issue::new(date, u16::try_from(sequence).map_err(|_| AppError::BadParams)?)
    }

    /// The period after `issue`.
    pub fn next(&self, issue: Issue) -> Result<Issue, AppError> {
        if issue.sequence() < self.periods_in_day(issue.date())? {
            return Issue::new(issue.date(), issue.sequence() + 1);
        }
        Issue::new(next_date(issue.date())?, 1)
    }

    /// The period before `issue`.
    pub fn previous(&self, issue: Issue) -> Result<Issue, AppError> {
        if issue.sequence() > 1 {
            return Issue::new(issue.date(), issue.sequence() - 1);
        }
        let date = issue.date().checked_sub_days(Days::new(1)).ok_or(AppError::BadParams)?;
        Issue::new(date, self.periods_in_day(date)?)
    }

    /// Periods from `first` to `issue` (0 when equal; None when `issue` is before `first`):
    /// whole days in between count their periods. Bounded by the days between the two issues.
    pub fn periods_between(&self, first: Issue, issue: Issue) -> Result<Option<i64>, AppError> {
        if issue < first {
            return Ok(None);
        }
        let mut count = i64::from(issue.sequence()) - i64::from(first.sequence());
        let mut date = first.date();
        while date < issue.date() {
            count += i64::from(self.periods_in_day(date)?);
            date = next_date(date)?;
        }
        Ok(Some(count))
    }

    /// The issue `count` periods after `first`; day by day, then within the last day.
    pub fn advance(&self, first: Issue, count: i64) -> Result<Issue, AppError> {
        let mut remaining = count.max(0) + i64::from(first.sequence());
        let mut date = first.date();
        loop {
            let in_day = i64::from(self.periods_in_day(date)?);
            if remaining <= in_day {
                let sequence = u16::try_from(remaining).map_err(|_| AppError::BadParams)?;
                return Issue::new(date, sequence);
            }
            remaining -= in_day;
            date = next_date(date)?;
        }
    }
}

fn next_date(date: NaiveDate) -> Result<NaiveDate, AppError> {
    date.checked_add_days(Days::new(1)).ok_or(AppError::BadParams)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(period_secs: i64) -> Schedule {
        Schedule::new(chrono_tz::Tz::Asia__Ho_Chi_Minh, period_secs).expect("schedule")
    }

    fn issue(text: &str) -> Issue {
        Issue::parse(text).expect("issue")
    }

    #[test]
    fn periods_are_numbered_from_local_midnight() {
        let k3 = schedule(60);
        // 2026-11-22T08:00:00Z is 15:00 in Ho Chi Minh City: 900 periods have been drawn.
        let now = 1_795_334_400;
        assert_eq!(k3.current(now).ok(), Some(issue("202611220901")));
        assert_eq!(k3.draw_at(issue("202611220901")).ok(), Some(now + 60));
        assert_eq!(k3.current(now + 59).ok(), Some(issue("202611220901")));
        assert_eq!(k3.current(now + 60).ok(), Some(issue("202611220902")));
        assert_eq!(k3.periods_in_day(issue("202611220001").date()).ok(), Some(1440));
    }

    #[test]
    fn a_partial_last_period_belongs_to_the_next_day() {
        let canada = schedule(210); // 86_400 / 210 = 411 periods, 90 s left over.
        let last = issue("202611220411");
        assert_eq!(canada.next(last).ok(), Some(issue("202611230001")));
        assert_eq!(canada.previous(issue("202611230001")).ok(), Some(last));
        let after_last = canada.draw_at(last).expect("draw time") + 1;
        assert_eq!(canada.current(after_last).ok(), Some(issue("202611230001")));
    }

    #[test]
    fn counting_and_advancing_periods_agree_across_days() {
        let usa = schedule(120); // 720 a day.
        let first = issue("202611220700");
        for count in [0, 1, 20, 21, 720, 721, 5000] {
            let later = usa.advance(first, count).expect("advance");
            assert_eq!(usa.periods_between(first, later).ok(), Some(Some(count)), "{count}");
        }
        assert_eq!(usa.periods_between(first, usa.previous(first).expect("p")).ok(), Some(None));
    }
}
