//! Parsed savings requests and the shapes the savings account returns.

use crate::error::AppError;
use crate::money::{Money, positive_amount};
use serde::{Deserialize, Serialize};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct SavingsMoveForm {
    /// Decimal text with up to 2 places.
    pub amount: Option<String>,
}

/// Which way money moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// From the wallet into savings.
    In,
    /// From savings back to the wallet.
    Out,
}

/// A checked move into or out of savings.
#[derive(Clone, Copy, Debug)]
pub struct SavingsMove {
    pub direction: Direction,
    pub amount: Money,
}

impl SavingsMove {
    pub fn parse(direction: Direction, form: SavingsMoveForm) -> Result<SavingsMove, AppError> {
        Ok(SavingsMove { direction, amount: positive_amount(form.amount)? })
    }

    /// What an idempotent replay must repeat.
    pub fn describe(&self) -> String {
        format!("savings:{:?}:{}", self.direction, self.amount)
    }
}

/// The wallet and savings balances after a move.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavingsBalances {
    #[schema(value_type = String)]
    pub balance: Money,
    #[schema(value_type = String)]
    pub savings: Money,
}

/// What the Yu E Bao page shows; rates and yields are percentages with two decimals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavingsSummary {
    /// The savings balance.
    #[schema(value_type = String)]
    pub savings: Money,
    /// The wallet balance (what can be moved in).
    #[schema(value_type = String)]
    pub balance: Money,
    /// Interest credited for yesterday (operator time zone).
    #[schema(value_type = String)]
    pub yesterday_interest: Money,
    /// All interest ever credited to savings.
    #[schema(value_type = String)]
    pub total_interest: Money,
    /// The configured annual rate, e.g. "3.65".
    pub rate: String,
    /// What the savings balance earns for a whole day held at `rate`, as the daily job pays it:
    /// balance x rate / 365, rounded down to the minor unit.
    #[schema(value_type = String)]
    pub daily_interest: Money,
    /// The annual yield actually paid over the last 7 days on the balance held; null when
    /// nothing was held.
    pub yield_7d: Option<String>,
    /// The least amount of the next move in ("0.01" after the first).
    #[schema(value_type = String)]
    pub in_min: Money,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_needs_a_positive_amount_with_two_decimals_at_most() {
        let form = |amount: &str| SavingsMoveForm { amount: Some(amount.into()) };
        let parsed = SavingsMove::parse(Direction::In, form("10.5")).map(|found| found.amount);
        assert_eq!(parsed.map(Money::minor).ok(), Some(1050));
        for bad in ["0", "1.001", "-1", "abc"] {
            let refused = SavingsMove::parse(Direction::Out, form(bad));
            assert!(matches!(refused, Err(AppError::InvalidAmount)), "{bad}");
        }
        let missing = SavingsMove::parse(Direction::In, SavingsMoveForm::default());
        assert!(matches!(missing, Err(AppError::MissingParams)));
    }
}
