//! The operator's day: sign-ins and daily tasks count in the operator's time zone, so a day
//! starts at the operator's midnight (23 or 25 hours long on a DST night).

use crate::clock::Timestamp;
use crate::wallet::day_start;
use chrono::{NaiveDate, TimeZone};
use chrono_tz::Tz;

/// One operator day: its date and its instants `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperatorDay {
    pub date: NaiveDate,
    pub start: Timestamp,
    pub end: Timestamp,
}

/// Longer than any day (25 hours) and shorter than any two: from a day's start, this lands in
/// the next day.
const INTO_NEXT_DAY_SECS: i64 = 30 * 3_600;

impl OperatorDay {
    /// The operator day that contains `now`.
    pub fn containing(timezone: Tz, now: Timestamp) -> OperatorDay {
        let start = day_start(timezone, now);
        let end = day_start(timezone, start + INTO_NEXT_DAY_SECS);
        let date = timezone
            .timestamp_opt(start.secs(), 0)
            .single()
            .map_or(NaiveDate::MIN, |local| local.date_naive());
        OperatorDay { date, start, end }
    }

    /// The date as stored and shown: YYYY-MM-DD.
    pub fn key(&self) -> String {
        date_key(self.date)
    }
}

pub fn date_key(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        Timestamp::from_datetime(&chrono::DateTime::parse_from_rfc3339(text).expect("a time"))
    }

    #[test]
    fn a_day_runs_from_the_operators_midnight_to_the_next() {
        let day = OperatorDay::containing(chrono_tz::Asia::Ho_Chi_Minh, at("2026-11-22T16:59:00Z"));
        assert_eq!(day.key(), "2026-11-22");
        assert_eq!(day.start, at("2026-11-21T17:00:00Z"));
        assert_eq!(day.end, at("2026-11-22T17:00:00Z"));
        let next =
            OperatorDay::containing(chrono_tz::Asia::Ho_Chi_Minh, at("2026-11-22T17:01:00Z"));
        assert_eq!(next.key(), "2026-11-23");
    }

    #[test]
    fn the_dst_nights_are_23_and_25_hours_long_in_berlin() {
        let spring = OperatorDay::containing(chrono_tz::Europe::Berlin, at("2026-03-29T12:00:00Z"));
        assert_eq!(spring.end.secs_since(spring.start), 23 * 3_600);
        let autumn = OperatorDay::containing(chrono_tz::Europe::Berlin, at("2026-10-25T12:00:00Z"));
        assert_eq!(autumn.end.secs_since(autumn.start), 25 * 3_600);
        assert_eq!(autumn.key(), "2026-10-25");
    }
}
