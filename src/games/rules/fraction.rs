//! Exact non-negative fractions for probabilities and returns to player: integers over
//! integers, always reduced, never a float. The rules page shows them as "n/d" and as a
//! percentage with two decimals.

use std::fmt;

/// `numerator / denominator`, reduced, denominator positive. Every value a rules page needs
/// fits: the largest denominator is C(80, 20) x 10^7 (a keno draw times odds and a fee),
/// about 3.6 x 10^25, far inside u128; an overflow is refused (`None`), never wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    numerator: u128,
    denominator: u128,
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { numerator: 0, denominator: 1 };
    pub const ONE: Fraction = Fraction { numerator: 1, denominator: 1 };

    /// None for a zero denominator.
    pub fn new(numerator: u128, denominator: u128) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let divisor = gcd(numerator, denominator);
        Some(Fraction { numerator: numerator / divisor, denominator: denominator / divisor })
    }

    pub fn numerator(self) -> u128 {
        self.numerator
    }

    pub fn denominator(self) -> u128 {
        self.denominator
    }

    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let divisor = gcd(self.denominator, other.denominator);
        let (left, right) = (self.denominator / divisor, other.denominator / divisor);
        let numerator =
            self.numerator.checked_mul(right)?.checked_add(other.numerator.checked_mul(left)?)?;
        Fraction::new(numerator, self.denominator.checked_mul(right)?)
    }

    /// Cross-reduced first, so products of reduced factors stay small.
    pub fn checked_mul(self, other: Fraction) -> Option<Fraction> {
        let first = gcd(self.numerator, other.denominator).max(1);
        let second = gcd(other.numerator, self.denominator).max(1);
        let numerator = (self.numerator / first).checked_mul(other.numerator / second)?;
        let denominator = (self.denominator / second).checked_mul(other.denominator / first)?;
        Fraction::new(numerator, denominator)
    }

    /// The percentage with two decimals, rounded half up: 39/40 -> "97.50".
    pub fn percent(self) -> String {
        let scaled = self.numerator.saturating_mul(20_000) / self.denominator;
        let hundredths = scaled.div_ceil(2);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

impl fmt::Display for Fraction {
    /// "n/d" ("1/6", "0/1", "39/40").
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}/{}", self.numerator, self.denominator)
    }
}

fn gcd(mut left: u128, mut right: u128) -> u128 {
    while right != 0 {
        (left, right) = (right, left % right);
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fraction(numerator: u128, denominator: u128) -> Fraction {
        Fraction::new(numerator, denominator).expect("fraction")
    }

    #[test]
    fn fractions_are_reduced_and_printed_as_n_over_d() {
        assert_eq!(fraction(36, 216).to_string(), "1/6");
        assert_eq!(fraction(0, 90).to_string(), "0/1");
        assert_eq!(fraction(216, 216), Fraction::ONE);
        assert!(Fraction::new(1, 0).is_none());
    }

    #[test]
    fn sums_and_products_are_exact() {
        let sixth = fraction(1, 6);
        assert_eq!(sixth.checked_add(fraction(1, 3)), Some(fraction(1, 2)));
        assert_eq!(sixth.checked_mul(fraction(3, 4)), Some(fraction(1, 8)));
        let sum = (0..6).try_fold(Fraction::ZERO, |total, _| total.checked_add(sixth));
        assert_eq!(sum, Some(Fraction::ONE));
        assert!(fraction(u128::MAX, 1).checked_add(Fraction::ONE).is_none());
    }

    #[test]
    fn percentages_round_half_up_to_two_decimals() {
        let cases = [
            (fraction(39, 40), "97.50"),
            (fraction(1, 6), "16.67"),
            (fraction(1, 8), "12.50"),
            (fraction(1, 80_000), "0.00"),
            (fraction(1, 20_000), "0.01"),
            (fraction(189, 216), "87.50"),
            (fraction(2, 1), "200.00"),
            (Fraction::ZERO, "0.00"),
        ];
        for (value, text) in cases {
            assert_eq!(value.percent(), text, "{value}");
        }
    }
}
