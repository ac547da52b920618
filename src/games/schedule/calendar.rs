//! The period schedule of a draw source: issue `YYYYMMDD` + sequence in the operator's time
//! zone, period k of a day drawn at `day_start + k * period_secs` (GAMES.md "Periods").
//! A day has `floor(day length / period_secs)` periods (DST days are shorter or longer); time
//! after a day's last draw belongs to period 1 of the next day.
//!
//! A chain that starts with a period change has an *anchored* first day (`Anchor`): its first
//! period starts at the old open period's draw time and its sequence numbers continue from
//! that period's, so issue numbers keep increasing and the open period keeps its draw time.
//! On the anchor's date, period s is drawn at `starts_at + (s - s_first + 1) * period_secs`
//! (as if that day's earlier periods had had the new length too, which fixes the day's
//! count); the days after are midnight-aligned again.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::rules::issue::Issue;
use anyhow::Context;
use chrono::{Days, NaiveDate, TimeZone};
use chrono_tz::Tz;

/// The schedule of one draw source.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub timezone: Tz,
    pub period_secs: i64,
    /// Set for a chain that starts with a period change; `None`: every day midnight-aligned.
    pub anchor: Option<Anchor>,
}

/// The first period of an anchored day: `issue` starts at `starts_at` (and is drawn one period
/// later). Only `issue`'s date is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    pub issue: Issue,
    pub starts_at: Timestamp,
}

impl Schedule {
    /// Periods shorter than this would overflow the 4-digit daily sequence.
    pub const PERIOD_SECS_MIN: i64 = 10;
    /// The longest period, an hour: every day (23 h at least) holds many periods, and the
    /// first period of an anchored day always ends within that day.
    pub const PERIOD_SECS_MAX: i64 = 3600;

    pub fn new(timezone: Tz, period_secs: i64) -> Result<Schedule, AppError> {
        if !(Schedule::PERIOD_SECS_MIN..=Schedule::PERIOD_SECS_MAX).contains(&period_secs) {
            return Err(AppError::BadParams);
        }
        Ok(Schedule { timezone, period_secs, anchor: None })
    }

    /// The same schedule with `anchor.issue`'s date anchored. The anchor's first draw
    /// (`starts_at + period_secs`) must fall on that date: after its midnight, at or before
    /// the next one.
    pub fn anchored(self, anchor: Anchor) -> Result<Schedule, AppError> {
        let first_draw_at = anchor.starts_at + self.period_secs;
        let date = anchor.issue.date();
        if first_draw_at <= self.day_start(date)?
            || first_draw_at > self.day_start(next_date(date)?)?
        {
            let outside = anyhow::anyhow!("the anchor of {} lies outside its day", anchor.issue);
            return Err(outside.into());
        }
        Ok(Schedule { anchor: Some(anchor), ..self })
    }

    /// This period length from the period after `open`, which another schedule draws at
    /// `open_draw_at`: anchored there, the first issue is `open`'s date with the next sequence
    /// when its period ends by the next midnight, else period 1 of the next date (whose first
    /// period then starts a little before its midnight, like any day's period 1).
    pub fn starting_after(
        self,
        open: Issue,
        open_draw_at: Timestamp,
    ) -> Result<Schedule, AppError> {
        let date = open.date();
        let fits_in_day = open_draw_at + self.period_secs <= self.day_start(next_date(date)?)?;
        let issue = match open.sequence().checked_add(1) {
            Some(sequence) if fits_in_day => Issue::new(date, sequence)?,
            _ => Issue::new(next_date(date)?, 1)?,
        };
        Schedule { anchor: None, ..self }.anchored(Anchor { issue, starts_at: open_draw_at })
    }

    /// Unix time of the operator's local midnight starting `date` (the first instant of the
    /// day when a DST change skips midnight).
    pub fn day_start(&self, date: NaiveDate) -> Result<Timestamp, AppError> {
        let first = (0..24).find_map(|hour| {
            let local = date.and_hms_opt(hour, 0, 0)?;
            self.timezone.from_local_datetime(&local).earliest()
        });
        let first = first.context("while finding the start of an operator day")?;
        Ok(Timestamp::from_datetime(&first))
    }

    /// When period 0 of `date` would be drawn: its midnight, or for the anchored day the
    /// anchor moved back by the periods before it.
    fn day_origin(&self, date: NaiveDate) -> Result<Timestamp, AppError> {
        match self.anchor {
            Some(anchor) if anchor.issue.date() == date => {
                let before = i64::from(anchor.issue.sequence()) - 1;
                Ok(anchor.starts_at - before * self.period_secs)
            }
            _ => self.day_start(date),
        }
    }

    /// How many periods `date` has: those drawn by its next midnight.
    pub fn periods_in_day(&self, date: NaiveDate) -> Result<u16, AppError> {
        let length = self.day_start(next_date(date)?)? - self.day_origin(date)?;
        let count = (length / self.period_secs).clamp(0, i64::from(Issue::SEQUENCE_MAX));
        Ok(u16::try_from(count).unwrap_or(Issue::SEQUENCE_MAX))
    }

    /// When `issue` is drawn (its betting closes `close_secs` earlier).
    pub fn draw_at(&self, issue: Issue) -> Result<Timestamp, AppError> {
        Ok(self.day_origin(issue.date())? + i64::from(issue.sequence()) * self.period_secs)
    }

    /// The period open at `now`: the first one whose draw time is after `now`. (Before an
    /// anchored schedule's anchor this names a period of the chain before it.)
    pub fn current(&self, now: Timestamp) -> Result<Issue, AppError> {
        let date = self.date_of(now)?;
        let elapsed = now - self.day_origin(date)?;
        let sequence = (elapsed.div_euclid(self.period_secs) + 1).max(1);
        if sequence > i64::from(self.periods_in_day(date)?) {
            return Issue::new(next_date(date)?, 1);
        }
        Issue::new(date, u16::try_from(sequence).map_err(|_| AppError::BadParams)?)
    }

    /// The operator's date of `now`; an anchored day whose first period starts before its
    /// midnight owns the time from its anchor on.
    fn date_of(&self, now: Timestamp) -> Result<NaiveDate, AppError> {
        let instant =
            self.timezone.timestamp_opt(now.secs(), 0).earliest().ok_or(AppError::BadParams)?;
        let date = instant.date_naive();
        match self.anchor {
            Some(anchor) if date < anchor.issue.date() && now >= anchor.starts_at => {
                Ok(anchor.issue.date())
            }
            _ => Ok(date),
        }
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
        let now = Timestamp::from_secs(1_795_334_400);
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

    /// 15:00 in Ho Chi Minh City on 2026-11-22 (900 periods of 60 s drawn); midnight 9 h later.
    const NOW: Timestamp = Timestamp::from_secs(1_795_334_400);
    const MIDNIGHT: Timestamp = Timestamp::from_secs(NOW.secs() + 9 * 3600);

    #[test]
    fn a_shorter_period_continues_the_day_from_the_open_periods_draw() {
        let open = issue("202611220901");
        let open_draw_at = schedule(60).draw_at(open).expect("draw time");
        let new = schedule(30).starting_after(open, open_draw_at).expect("anchored");
        let first = issue("202611220902");
        assert_eq!(new.anchor, Some(Anchor { issue: first, starts_at: open_draw_at }));
        assert_eq!(new.draw_at(first).ok(), Some(open_draw_at + 30));
        assert_eq!(new.draw_at(issue("202611220903")).ok(), Some(open_draw_at + 60));
        assert_eq!(new.current(open_draw_at).ok(), Some(first));
        assert_eq!(new.current(open_draw_at + 29).ok(), Some(first));
        assert_eq!(new.current(open_draw_at + 30).ok(), Some(issue("202611220903")));
        // 901 periods before, then (9 h - 60 s) / 30 s: the last one is drawn at midnight.
        assert_eq!(new.periods_in_day(first.date()).ok(), Some(901 + 1078));
        let last = issue("202611221979");
        assert_eq!(new.draw_at(last).ok(), Some(MIDNIGHT));
        let next_day = issue("202611230001");
        assert_eq!(new.next(last).ok(), Some(next_day));
        assert_eq!(new.previous(next_day).ok(), Some(last));
        assert_eq!(new.draw_at(next_day).ok(), Some(MIDNIGHT + 30), "midnight-aligned again");
        assert_eq!(new.current(MIDNIGHT).ok(), Some(next_day));
        assert_eq!(new.periods_in_day(next_day.date()).ok(), Some(2880));
    }

    #[test]
    fn a_first_period_ending_after_midnight_is_the_next_days_period_1() {
        // canada, 210 s: the day's last period (0411) is drawn 90 s before midnight.
        let open = issue("202611220411");
        let open_draw_at = schedule(210).draw_at(open).expect("draw time");
        assert_eq!(open_draw_at, MIDNIGHT - 90);
        let new = schedule(120).starting_after(open, open_draw_at).expect("anchored");
        let first = issue("202611230001");
        assert_eq!(new.anchor.map(|anchor| anchor.issue), Some(first));
        assert_eq!(new.draw_at(first).ok(), Some(open_draw_at + 120));
        assert_eq!(new.current(open_draw_at).ok(), Some(first), "open before its midnight");
        assert_eq!(new.current(MIDNIGHT - 1).ok(), Some(first));
        assert_eq!(new.current(MIDNIGHT + 30).ok(), Some(issue("202611230002")));
        // (86_400 + 90) / 120 = 720 periods, the last drawn 90 s before the next midnight.
        assert_eq!(new.periods_in_day(first.date()).ok(), Some(720));
        let last = issue("202611230720");
        assert_eq!(new.draw_at(last).ok(), Some(MIDNIGHT + 86_400 - 90));
        assert_eq!(new.next(last).ok(), Some(issue("202611240001")));
        assert_eq!(new.draw_at(issue("202611240001")).ok(), Some(MIDNIGHT + 86_400 + 120));

        // Longer: k3's 1439 is drawn 60 s before midnight; 300 s from there end after it.
        let open = issue("202611221439");
        let open_draw_at = schedule(60).draw_at(open).expect("draw time");
        let new = schedule(300).starting_after(open, open_draw_at).expect("anchored");
        assert_eq!(new.anchor.map(|anchor| anchor.issue), Some(first));
        assert_eq!(new.draw_at(first).ok(), Some(open_draw_at + 300));
    }

    #[test]
    fn an_anchored_schedule_numbers_and_times_its_periods_in_order() {
        let new = schedule(45).starting_after(issue("202611220901"), NOW + 60).expect("anchored");
        let first = new.anchor.expect("an anchor").issue;
        let (mut current, mut previous_draw_at) = (first, NOW + 60);
        // 3,000 periods of 45 s: past the anchored day's end into the next two days.
        for count in 0..3000 {
            assert_eq!(new.advance(first, count).ok(), Some(current), "{count}");
            assert_eq!(new.periods_between(first, current).ok(), Some(Some(count)), "{count}");
            let draw_at = new.draw_at(current).expect("draw time");
            assert_eq!(new.current(draw_at - 1).ok(), Some(current), "{current}");
            let gap = draw_at - previous_draw_at;
            let new_day = current.sequence() == 1;
            assert!(gap == 45 || (new_day && (45..90).contains(&gap)), "{current}: {gap}");
            let next = new.next(current).expect("next");
            assert!(next > current);
            (current, previous_draw_at) = (next, draw_at);
        }
        assert!(current.date() > first.date().succ_opt().expect("a date"));
    }

    #[test]
    fn an_anchor_outside_its_day_is_refused() {
        let k3 = schedule(60);
        let after_its_day = Anchor { issue: issue("202611220902"), starts_at: MIDNIGHT };
        assert!(k3.anchored(after_its_day).is_err());
        let before_its_day = Anchor { issue: issue("202611230001"), starts_at: NOW };
        assert!(k3.anchored(before_its_day).is_err());
        assert!(Schedule::new(chrono_tz::Tz::UTC, 3601).is_err());
        assert!(Schedule::new(chrono_tz::Tz::UTC, 9).is_err());
    }
}
