//! Parsed wallet requests and the shapes the wallet returns.

use crate::error::AppError;
use crate::ledger::UserAccountKind;
use crate::money::{Money, positive_amount};
use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Bank,
    Usdt,
}

impl Method {
    pub fn parse(text: &str) -> Result<Method, AppError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "bank" | "card" | "1" => Ok(Method::Bank),
            "usdt" | "2" => Ok(Method::Usdt),
            _ => Err(AppError::BadParams),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Method::Bank => "bank",
            Method::Usdt => "usdt",
        }
    }

    /// The receiving accounts' method of the same name.
    pub fn receiving(self) -> crate::config::ReceivingMethod {
        match self {
            Method::Bank => crate::config::ReceivingMethod::Bank,
            Method::Usdt => crate::config::ReceivingMethod::Usdt,
        }
    }
}

/// Which way a conversion goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// From the wallet balance to the game balance.
    BalanceToGame,
    /// From the game balance back to the wallet balance.
    GameToBalance,
}

impl Direction {
    pub fn accounts(self) -> (UserAccountKind, UserAccountKind) {
        match self {
            Direction::BalanceToGame => (UserAccountKind::Wallet, UserAccountKind::Game),
            Direction::GameToBalance => (UserAccountKind::Game, UserAccountKind::Wallet),
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ConversionForm {
    /// "balance" (wallet to game) or "game" (game to wallet).
    pub from: Option<String>,
    /// Decimal text with up to 2 places.
    pub amount: Option<String>,
}

pub struct Conversion {
    pub direction: Direction,
    pub amount: Money,
}

impl Conversion {
    pub fn parse(form: ConversionForm) -> Result<Conversion, AppError> {
        let direction = match form.from.as_deref().map(str::trim) {
            Some("balance" | "wallet") => Direction::BalanceToGame,
            Some("game") => Direction::GameToBalance,
            Some(_) => return Err(AppError::BadParams),
            None => return Err(AppError::MissingParams),
        };
        Ok(Conversion { direction, amount: positive_amount(form.amount)? })
    }

    /// What an idempotent replay must repeat.
    pub fn describe(&self) -> String {
        format!("conversion:{:?}:{}", self.direction, self.amount)
    }
}

/// What a review queue holds: how many wait and since when the oldest has waited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Waiting {
    pub waiting: i64,
    pub oldest_created_at: Option<crate::clock::Timestamp>,
}

impl Waiting {
    /// The row of `SELECT COUNT(*), MIN(created_at)`.
    pub fn from_row(row: &rusqlite::Row) -> rusqlite::Result<Waiting> {
        Ok(Waiting { waiting: row.get(0)?, oldest_created_at: row.get(1)? })
    }
}

/// Longest reason of a refused or failed deposit or withdrawal.
pub const REVIEW_REASON_CHARS_MAX: usize = 200;

/// Why a deposit or withdrawal was refused or failed, as the player reads it: 1 to
/// `REVIEW_REASON_CHARS_MAX` characters, trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewReason(String);

impl ReviewReason {
    pub fn parse(text: &str) -> Result<ReviewReason, AppError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AppError::MissingParams);
        }
        if text.chars().count() > REVIEW_REASON_CHARS_MAX {
            return Err(AppError::TextTooLong { max: REVIEW_REASON_CHARS_MAX });
        }
        Ok(ReviewReason(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_need_a_direction_and_a_positive_amount() {
        let form = |from: &str, amount: &str| ConversionForm {
            from: Some(from.into()),
            amount: Some(amount.into()),
        };
        assert!(Conversion::parse(form("balance", "10.00")).is_ok());
        assert!(matches!(Conversion::parse(form("bank", "1")), Err(AppError::BadParams)));
        assert!(matches!(Conversion::parse(form("game", "0")), Err(AppError::InvalidAmount)));
        assert!(matches!(Conversion::parse(form("game", "1.001")), Err(AppError::InvalidAmount)));
        assert!(matches!(
            Conversion::parse(ConversionForm::default()),
            Err(AppError::MissingParams)
        ));
    }

    #[test]
    fn a_review_reason_is_one_to_two_hundred_characters_trimmed() {
        assert_eq!(
            ReviewReason::parse("  blurred voucher ").unwrap().into_string(),
            "blurred voucher"
        );
        assert!(matches!(ReviewReason::parse("   "), Err(AppError::MissingParams)));
        assert!(ReviewReason::parse(&"字".repeat(200)).is_ok());
        assert!(matches!(
            ReviewReason::parse(&"字".repeat(201)),
            Err(AppError::TextTooLong { max: 200 })
        ));
    }
}
