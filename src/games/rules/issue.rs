//! Issue numbers: `YYYYMMDD` + a 4-digit daily sequence from 0001, in the operator's time zone.

use crate::error::AppError;
use chrono::{Datelike, NaiveDate};
use std::fmt;

/// A period's issue number, e.g. 202611220001. Written into the draw's HMAC message as ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Issue {
    date: NaiveDate,
    sequence: u16,
}

impl Issue {
    /// Periods are at least 10 s long, so a day never has more than 8,640.
    pub const SEQUENCE_MAX: u16 = 9999;

    /// The `sequence`-th period (1-based) of `date`.
    pub fn new(date: NaiveDate, sequence: u16) -> Result<Issue, AppError> {
        let year_fits = (1000..=9999).contains(&date.year());
        if !year_fits || !(1..=Issue::SEQUENCE_MAX).contains(&sequence) {
            return Err(AppError::BadParams);
        }
        Ok(Issue { date, sequence })
    }

    /// Exactly twelve ASCII digits naming a real date and a sequence from 0001.
    pub fn parse(text: &str) -> Result<Issue, AppError> {
        if text.len() != 12 || !text.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(AppError::BadParams);
        }
        let number = |range: std::ops::Range<usize>| text[range].parse::<u32>().ok();
        let (year, month, day) = (number(0..4), number(4..6), number(6..8));
        let sequence = number(8..12).and_then(|sequence| u16::try_from(sequence).ok());
        let date = match (year, month, day) {
            (Some(year), Some(month), Some(day)) => {
                i32::try_from(year).ok().and_then(|year| NaiveDate::from_ymd_opt(year, month, day))
            }
            _ => None,
        };
        match (date, sequence) {
            (Some(date), Some(sequence)) => Issue::new(date, sequence),
            _ => Err(AppError::BadParams),
        }
    }

    pub fn date(self) -> NaiveDate {
        self.date
    }

    pub fn sequence(self) -> u16 {
        self.sequence
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let date = self.date;
        write!(
            formatter,
            "{:04}{:02}{:02}{:04}",
            date.year(),
            date.month(),
            date.day(),
            self.sequence
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issues_round_trip_through_text() {
        for text in ["202611220001", "202602289999", "202402290042"] {
            assert_eq!(
                Issue::parse(text).map(|issue| issue.to_string()).ok().as_deref(),
                Some(text)
            );
        }
        let issue = Issue::parse("202611220007").expect("issue");
        assert_eq!((issue.date().day(), issue.sequence()), (22, 7));
    }

    #[test]
    fn malformed_issues_are_refused() {
        let cases = [
            ("", "empty"),
            ("20261122001", "eleven digits"),
            ("2026112200001", "thirteen digits"),
            ("202611220000", "sequence zero"),
            ("202613220001", "month 13"),
            ("202602300001", "February 30"),
            ("202502290001", "not a leap year"),
            ("09991122 001", "a space"),
            ("+02611220001", "a sign"),
            ("20261122000a", "a letter"),
        ];
        for (text, why) in cases {
            assert!(Issue::parse(text).is_err(), "{why}: {text}");
        }
    }

    #[test]
    fn issues_order_by_date_then_sequence() {
        let parse = |text| Issue::parse(text).expect("issue");
        assert!(parse("202611220002") < parse("202611230001"));
        assert!(parse("202611220002") > parse("202611220001"));
    }
}
