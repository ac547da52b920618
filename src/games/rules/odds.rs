//! Exact odds and rates. Odds are decimal and include the stake (GAMES.md: payout = stake x
//! odds); they are held in thousandths, so 7.87 is 7870 and 1.95 is 1950, and every payout is
//! integer arithmetic on minor units, rounded down to the minor unit.

use crate::error::AppError;
use crate::money::Money;
use std::fmt;

/// Decimal odds in thousandths, between `Odds::MIN` (1.000: the stake back) and `Odds::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Odds(u32);

impl Odds {
    /// Thousandths per unit.
    pub const SCALE: u32 = 1000;
    pub const MIN: Odds = Odds(1000);
    /// 100,000: far above any table's 1000, and stake x odds stays far inside u128.
    pub const MAX: Odds = Odds(100_000_000);

    /// For tables in code; outside `MIN..=MAX` is a compile-time or test-time error.
    pub(crate) const fn from_thousandths(thousandths: u32) -> Odds {
        assert!(thousandths >= Odds::MIN.0 && thousandths <= Odds::MAX.0);
        Odds(thousandths)
    }

    /// "2", "1.95", "7.870": digits, at most three decimals, no sign or exponent.
    pub fn parse(text: &str) -> Result<Odds, AppError> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        let well_formed = !whole.is_empty()
            && whole.len() <= 6
            && digits_only(whole)
            && digits_only(fraction)
            && fraction.len() <= 3
            && !(text.contains('.') && fraction.is_empty());
        if !well_formed {
            return Err(AppError::BadParams);
        }
        let whole: u32 = whole.parse().map_err(|_| AppError::BadParams)?;
        let fraction: u32 = format!("{fraction:0<3}").parse().map_err(|_| AppError::BadParams)?;
        let thousandths =
            whole.checked_mul(Odds::SCALE).and_then(|units| units.checked_add(fraction));
        match thousandths {
            Some(value) if (Odds::MIN.0..=Odds::MAX.0).contains(&value) => Ok(Odds(value)),
            _ => Err(AppError::BadParams),
        }
    }

    /// Odds as stored in thousandths (a bet's `odds` column); out of range is corrupt data.
    pub fn from_stored(thousandths: u32) -> Result<Odds, AppError> {
        if (Odds::MIN.0..=Odds::MAX.0).contains(&thousandths) {
            Ok(Odds(thousandths))
        } else {
            Err(anyhow::anyhow!("stored odds {thousandths} out of range").into())
        }
    }

    pub fn thousandths(self) -> u32 {
        self.0
    }

    /// `amount x odds`, rounded down to the minor unit; None above `Money::MAX_MINOR`.
    pub fn apply(self, amount: Money) -> Option<Money> {
        let minor = u128::try_from(amount.minor()).ok()?.checked_mul(u128::from(self.0))?
            / u128::from(Odds::SCALE);
        Money::from_minor(i64::try_from(minor).ok()?).ok()
    }
}

impl fmt::Display for Odds {
    /// Without trailing zeros: "2", "1.95", "31.5", "7.87".
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, fraction) = (self.0 / Odds::SCALE, self.0 % Odds::SCALE);
        if fraction == 0 {
            return write!(formatter, "{whole}");
        }
        let digits = format!("{fraction:03}");
        write!(formatter, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl serde::Serialize for Odds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Odds {
    /// Text only ("1.95"): a JSON number would pass through a float.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Odds, D::Error> {
        let text = String::deserialize(deserializer)?;
        Odds::parse(&text)
            .map_err(|_| serde::de::Error::custom(format!("{text:?} is not odds like \"1.95\"")))
    }
}

/// A rate in basis points (1/10,000; 200 is 2 %), at most 10,000.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u16", into = "u16")]
pub struct BasisPoints(u16);

impl BasisPoints {
    pub const ALL: u16 = 10_000;

    pub fn new(basis_points: u16) -> Result<BasisPoints, AppError> {
        if basis_points > BasisPoints::ALL {
            return Err(AppError::BadParams);
        }
        Ok(BasisPoints(basis_points))
    }

    /// For defaults in code; above 10,000 is a compile-time or test-time error.
    pub(crate) const fn from_value(basis_points: u16) -> BasisPoints {
        assert!(basis_points <= BasisPoints::ALL);
        BasisPoints(basis_points)
    }

    pub fn value(self) -> u16 {
        self.0
    }

    /// `amount x rate`, rounded up to the minor unit like every fee (`Money::scale_up`); never
    /// more than `amount`.
    pub fn fee(self, amount: Money) -> Money {
        amount
            .scale_up(i64::from(self.0), i64::from(BasisPoints::ALL))
            .unwrap_or(amount)
            .min(amount)
    }
}

impl TryFrom<u16> for BasisPoints {
    type Error = String;

    fn try_from(basis_points: u16) -> Result<BasisPoints, String> {
        BasisPoints::new(basis_points)
            .map_err(|_| format!("{basis_points} basis points is more than 10000 (100 %)"))
    }
}

impl From<BasisPoints> for u16 {
    fn from(rate: BasisPoints) -> u16 {
        rate.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minor(amount: i64) -> Money {
        Money::from_minor(amount).expect("in range")
    }

    #[test]
    fn odds_parse_as_exact_thousandths() {
        let cases = [("2", 2000), ("1.95", 1950), ("7.87", 7870), ("31.5", 31_500)];
        for (text, thousandths) in cases.into_iter().chain([("1000", 1_000_000), ("1.001", 1001)]) {
            assert_eq!(Odds::parse(text).map(Odds::thousandths).ok(), Some(thousandths), "{text}");
        }
    }

    #[test]
    fn malformed_or_out_of_range_odds_are_refused() {
        for text in ["", "0.999", "0", "1.0001", "-2", "1e3", "1.", ".5", " 2", "100000.001", "1,5"]
        {
            assert!(Odds::parse(text).is_err(), "{text}");
        }
        assert_eq!(Odds::parse("100000").ok(), Some(Odds::MAX));
    }

    #[test]
    fn odds_display_without_trailing_zeros_and_round_trip() {
        for text in ["2", "1.95", "31.5", "7.87", "1.001", "189"] {
            let odds = Odds::parse(text).expect("odds");
            assert_eq!(odds.to_string(), text);
            assert_eq!(serde_json::to_string(&odds).ok(), Some(format!("\"{text}\"")));
        }
        assert!(serde_json::from_str::<Odds>("1.95").is_err(), "numbers are refused");
        assert_eq!(serde_json::from_str::<Odds>("\"1.95\"").ok(), Odds::parse("1.95").ok());
    }

    #[test]
    fn payouts_round_down_to_the_minor_unit() {
        let odds = |text| Odds::parse(text).expect("odds");
        assert_eq!(odds("1.95").apply(minor(1001)), Some(minor(1951)), "1951.95 -> 1951");
        assert_eq!(odds("7.87").apply(minor(1)), Some(minor(7)), "7.87 -> 7");
        assert_eq!(odds("2").apply(minor(12_345)), Some(minor(24_690)));
        assert_eq!(odds("1.6").apply(minor(3)), Some(minor(4)), "4.8 -> 4");
        assert_eq!(odds("1000").apply(Money::ZERO), Some(Money::ZERO));
        assert_eq!(odds("2").apply(minor(Money::MAX_MINOR)), None, "above MAX_MINOR");
        assert_eq!(odds("1").apply(minor(Money::MAX_MINOR)), Some(minor(Money::MAX_MINOR)));
    }

    #[test]
    fn fees_round_up_and_never_exceed_the_amount() {
        let two_percent = BasisPoints::new(200).expect("rate");
        assert_eq!(two_percent.fee(minor(10_000)), minor(200));
        assert_eq!(two_percent.fee(minor(1)), minor(1), "0.02 -> 1");
        assert_eq!(two_percent.fee(minor(149)), minor(3), "2.98 -> 3");
        assert_eq!(BasisPoints::new(0).expect("rate").fee(minor(999)), Money::ZERO);
        assert_eq!(BasisPoints::new(10_000).expect("rate").fee(minor(999)), minor(999));
        assert!(BasisPoints::new(10_001).is_err());
        assert!(serde_json::from_str::<BasisPoints>("10001").is_err());
        assert_eq!(serde_json::to_string(&two_percent).ok().as_deref(), Some("200"));
    }
}
