//! Money is an integer count of minor units (1/100). No float ever touches it.

use crate::error::AppError;
use std::fmt;

/// A non-negative amount in minor units, at most `Money::MAX_MINOR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Money(i64);

impl Money {
    /// One trillion units: far above any real balance, far below i64 overflow when summed.
    pub const MAX_MINOR: i64 = 100_000_000_000_000;
    pub const ZERO: Money = Money(0);
    /// 10.00, the spec's minimum trade.
    pub const TEN: Money = Money(1000);

    /// Parses "12", "12.5" or "12.34": digits, no leading zero (except "0.xx"), up to two
    /// decimals, no sign, no exponent.
    pub fn parse(text: &str) -> Result<Money, AppError> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        let well_formed = !whole.is_empty()
            && whole.len() <= 15
            && digits_only(whole)
            && digits_only(fraction)
            && fraction.len() <= 2
            && !(whole.len() > 1 && whole.starts_with('0'))
            && !(text.contains('.') && fraction.is_empty());
        if !well_formed {
            return Err(AppError::InvalidAmount);
        }
        let whole: i64 = whole.parse().map_err(|_| AppError::InvalidAmount)?;
        let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| AppError::InvalidAmount)?;
        let minor = whole.checked_mul(100).and_then(|units| units.checked_add(cents));
        match minor {
            Some(minor) if minor <= Money::MAX_MINOR => Ok(Money(minor)),
            _ => Err(AppError::InvalidAmount),
        }
    }

    pub const MAX: Money = Money(Money::MAX_MINOR);

    /// From a count of minor units; `Internal` outside `0..=MAX_MINOR`, since every stored or
    /// computed amount is in range by construction (a negative balance is corruption, never
    /// shown as 0.00).
    pub fn from_minor(minor: i64) -> Result<Money, AppError> {
        if (0..=Money::MAX_MINOR).contains(&minor) {
            Ok(Money(minor))
        } else {
            Err(anyhow::anyhow!(
                "{minor} minor units is not an amount in 0..={}",
                Money::MAX_MINOR
            ))?
        }
    }

    /// `self + other`; None above `MAX_MINOR`.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).filter(|minor| *minor <= Money::MAX_MINOR).map(Money)
    }

    /// `self - other`; None below zero.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).filter(|minor| *minor >= 0).map(Money)
    }

    pub fn minor(self) -> i64 {
        self.0
    }
}

impl fmt::Display for Money {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl<'de> serde::Deserialize<'de> for Money {
    /// Config files write amounts as text ("10.00"), parsed by the same rules as requests.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        let text = String::deserialize(deserializer)?;
        Money::parse(&text).map_err(|_| {
            serde::de::Error::custom(format!("{text:?} is not an amount like \"10.00\""))
        })
    }
}

impl Money {
    /// `self x numerator / denominator`, rounded up to the minor unit (rates, fees); None when
    /// the result exceeds `MAX_MINOR` or the denominator is not positive.
    pub fn scale_up(self, numerator: i64, denominator: i64) -> Option<Money> {
        let (numerator, denominator) =
            (u128::try_from(numerator).ok()?, u128::try_from(denominator).ok()?);
        let minor = u128::try_from(self.0)
            .ok()?
            .checked_mul(numerator)?
            .checked_add(denominator.checked_sub(1)?)?
            / denominator;
        i64::try_from(minor).ok().filter(|minor| *minor <= Money::MAX_MINOR).map(Money)
    }
}

impl Money {
    /// `self x numerator / denominator`, rounded down to the minor unit (rewards: a fraction of
    /// a cent is never paid); None when the denominator is not positive or the numerator is
    /// negative.
    pub fn scale_down(self, numerator: i64, denominator: i64) -> Option<Money> {
        let (numerator, denominator) =
            (u128::try_from(numerator).ok()?, u128::try_from(denominator).ok()?);
        let minor =
            u128::try_from(self.0).ok()?.checked_mul(numerator)?.checked_div(denominator)?;
        i64::try_from(minor).ok().filter(|minor| *minor <= Money::MAX_MINOR).map(Money)
    }
}

/// A positive amount from an optional form field: `missing_params` when absent,
/// `invalid_amount` when malformed or zero (zero moves nothing).
pub fn positive_amount(text: Option<String>) -> Result<Money, AppError> {
    let amount = Money::parse(&text.ok_or(AppError::MissingParams)?)?;
    if amount == Money::ZERO { Err(AppError::InvalidAmount) } else { Ok(amount) }
}

/// A signed amount in minor units as text: "-12.05", "3.00".
pub fn format_signed(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let magnitude = minor.unsigned_abs();
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

/// A stored amount: a value outside `0..=MAX_MINOR` fails the read (and so returns `Internal`).
impl rusqlite::types::FromSql for Money {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let minor = value.as_i64()?;
        Money::from_minor(minor).map_err(|_| rusqlite::types::FromSqlError::OutOfRange(minor))
    }
}

impl serde::Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_down_rounds_toward_zero_and_refuses_a_bad_denominator() {
        let amount = Money::parse("499.99").unwrap();
        assert_eq!(amount.scale_down(1_000, 10_000), Some(Money::parse("49.99").unwrap()));
        assert_eq!(Money::parse("0.09").unwrap().scale_down(1_000, 10_000), Some(Money::ZERO));
        assert_eq!(amount.scale_down(1, 0), None);
        assert_eq!(amount.scale_down(-1, 10_000), None);
        assert_eq!(Money::MAX.scale_down(2, 1), None);
    }

    #[test]
    fn parses_amounts_with_up_to_two_decimals() {
        for (text, minor) in [("0", 0), ("12", 1200), ("12.5", 1250), ("12.34", 1234), ("0.01", 1)]
        {
            assert_eq!(Money::parse(text).map(Money::minor).ok(), Some(minor), "{text}");
        }
    }

    #[test]
    fn refuses_malformed_amounts() {
        for text in ["", "01", "1.234", "-1", "1e3", "1.", ".5", " 1", "1,5", "9999999999999999"] {
            assert!(Money::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_positive_amount_is_given_and_above_zero() {
        assert_eq!(positive_amount(Some("0.01".into())).map(Money::minor).ok(), Some(1));
        assert!(matches!(positive_amount(None), Err(AppError::MissingParams)));
        assert!(matches!(positive_amount(Some("0.00".into())), Err(AppError::InvalidAmount)));
        assert!(matches!(positive_amount(Some("x".into())), Err(AppError::InvalidAmount)));
    }

    #[test]
    fn formats_signed_amounts() {
        assert_eq!(format_signed(-1205), "-12.05");
        assert_eq!(format_signed(7), "0.07");
        assert_eq!(format_signed(i64::MIN + 1), "-92233720368547758.07");
    }

    #[test]
    fn amounts_outside_the_range_are_refused_not_clamped() {
        assert!(matches!(Money::from_minor(-1), Err(AppError::Internal(_))));
        assert!(matches!(Money::from_minor(Money::MAX_MINOR + 1), Err(AppError::Internal(_))));
        assert_eq!(Money::from_minor(Money::MAX_MINOR).ok(), Some(Money::MAX));
        assert_eq!(Money::MAX.checked_add(Money(1)), None);
        assert_eq!(Money::ZERO.checked_sub(Money(1)), None);
        let connection = rusqlite::Connection::open_in_memory().expect("an in-memory database");
        let read =
            |minor: i64| connection.query_row("SELECT ?1", [minor], |row| row.get::<_, Money>(0));
        assert_eq!(read(5).ok(), Some(Money(5)));
        assert!(read(-500).is_err(), "a corrupt negative balance fails the read");
    }

    #[test]
    fn displays_two_decimals() {
        assert_eq!(Money::from_minor(1205).expect("in range").to_string(), "12.05");
        assert_eq!(Money::ZERO.to_string(), "0.00");
    }
}
