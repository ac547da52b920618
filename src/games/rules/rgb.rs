//! RGB, the colour game: one number 0..9 (GAMES.md "RGB"). Colours: 0 red + violet, 5 green +
//! violet, 1 3 7 9 green, 2 4 6 8 red; small 0..4, big 5..9. A service fee is taken from the
//! stake first and winnings multiply the net stake (`settle::payout`).

use crate::error::AppError;
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::odds::{BasisPoints, Odds};
use crate::games::rules::options::index_by_code;
use crate::games::rules::settle::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// The drawn number, 0..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct RgbNumber(u8);

impl RgbNumber {
    pub fn new(number: u8) -> Option<RgbNumber> {
        (number <= 9).then_some(RgbNumber(number))
    }

    /// `uniform(10)`.
    pub fn derive(stream: &mut DrawStream) -> RgbNumber {
        RgbNumber(stream.uniform_u8(10))
    }

    pub fn value(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for RgbNumber {
    type Error = &'static str;

    fn try_from(number: u8) -> Result<RgbNumber, &'static str> {
        RgbNumber::new(number).ok_or("the RGB number is 0..=9")
    }
}

impl From<RgbNumber> for u8 {
    fn from(number: RgbNumber) -> u8 {
        number.0
    }
}

/// A room's RGB rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RgbRules {
    /// Taken from every stake before it plays (default 200 = 2 %), rounded up.
    pub service_fee_bp: BasisPoints,
    /// What `red` pays on 0, which is also violet (default 1.5).
    pub red_on_zero: Odds,
    /// What `green` pays on 5, which is also violet (default 1.5).
    pub green_on_five: Odds,
}

impl Default for RgbRules {
    fn default() -> RgbRules {
        RgbRules {
            service_fee_bp: BasisPoints::from_value(200),
            red_on_zero: Odds::from_thousandths(1_500),
            green_on_five: Odds::from_thousandths(1_500),
        }
    }
}

/// An RGB option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RgbOption {
    /// `red`: 2, 4, 6, 8 at the placed odds; 0 at `red_on_zero`.
    Red,
    /// `green`: 1, 3, 7, 9 at the placed odds; 5 at `green_on_five`.
    Green,
    /// `violet`: 0 or 5.
    Violet,
    /// `num_<n>`: exactly n.
    Number(u8),
    /// `big`: 5..9.
    Big,
    /// `small`: 0..4.
    Small,
}

static BY_CODE: LazyLock<HashMap<String, RgbOption>> =
    LazyLock::new(|| index_by_code(RgbOption::all(), RgbOption::code));

impl RgbOption {
    pub fn parse(code: &str) -> Result<RgbOption, AppError> {
        BY_CODE.get(code).copied().ok_or(AppError::BadParams)
    }

    pub fn all() -> Vec<RgbOption> {
        let mut all = vec![RgbOption::Red, RgbOption::Green, RgbOption::Violet];
        all.extend((0..=9).map(RgbOption::Number));
        all.extend([RgbOption::Big, RgbOption::Small]);
        all
    }

    pub fn code(&self) -> String {
        match *self {
            RgbOption::Red => "red".to_owned(),
            RgbOption::Green => "green".to_owned(),
            RgbOption::Violet => "violet".to_owned(),
            RgbOption::Number(number) => format!("num_{number}"),
            RgbOption::Big => "big".to_owned(),
            RgbOption::Small => "small".to_owned(),
        }
    }

    pub fn default_odds(self) -> Odds {
        let thousandths = match self {
            RgbOption::Red | RgbOption::Green | RgbOption::Big | RgbOption::Small => 2_000,
            RgbOption::Violet => 4_500,
            RgbOption::Number(_) => 9_000,
        };
        Odds::from_thousandths(thousandths)
    }
}

pub fn settle(option: RgbOption, odds: Odds, number: RgbNumber, rules: &RgbRules) -> Outcome {
    let number = number.value();
    let wins = match option {
        RgbOption::Red if number == 0 => return Outcome::WinReduced(rules.red_on_zero),
        RgbOption::Green if number == 5 => return Outcome::WinReduced(rules.green_on_five),
        RgbOption::Red => number.is_multiple_of(2),
        RgbOption::Green => number % 2 == 1,
        RgbOption::Violet => number == 0 || number == 5,
        RgbOption::Number(chosen) => number == chosen,
        RgbOption::Big => number >= 5,
        RgbOption::Small => number <= 4,
    };
    if wins { Outcome::Win(odds) } else { Outcome::Lose }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row per number: the outcome of red, green, violet, big, small ("W" win, "R" win at
    /// the reduced 1.5, "-" lose).
    #[test]
    fn colours_and_halves_settle_per_number() {
        let rows = [
            (0, "R-W-W"),
            (1, "-W--W"),
            (2, "W---W"),
            (3, "-W--W"),
            (4, "W---W"),
            (5, "-RWW-"),
            (6, "W--W-"),
            (7, "-W-W-"),
            (8, "W--W-"),
            (9, "-W-W-"),
        ];
        let options =
            [RgbOption::Red, RgbOption::Green, RgbOption::Violet, RgbOption::Big, RgbOption::Small];
        let rules = RgbRules::default();
        for (number, expected) in rows {
            let drawn = RgbNumber::new(number).expect("number");
            let actual: String = options
                .iter()
                .map(|option| match settle(*option, option.default_odds(), drawn, &rules) {
                    Outcome::Win(odds) if odds == option.default_odds() => 'W',
                    Outcome::WinReduced(odds) if odds.thousandths() == 1_500 => 'R',
                    Outcome::Lose => '-',
                    other => panic!("{number}: unexpected {other:?}"),
                })
                .collect();
            assert_eq!(actual, expected, "number {number}");
        }
    }

    #[test]
    fn a_number_wins_only_on_itself() {
        let rules = RgbRules::default();
        for chosen in 0..=9 {
            for drawn in 0..=9 {
                let option = RgbOption::Number(chosen);
                let outcome = settle(option, option.default_odds(), RgbNumber(drawn), &rules);
                let expected = if chosen == drawn {
                    Outcome::Win(option.default_odds())
                } else {
                    Outcome::Lose
                };
                assert_eq!(outcome, expected, "num_{chosen} on {drawn}");
            }
        }
    }

    #[test]
    fn invalid_numbers_are_refused() {
        assert!(RgbNumber::new(10).is_none());
        assert!(serde_json::from_str::<RgbNumber>("10").is_err());
        assert_eq!(serde_json::from_str::<RgbNumber>("7").ok(), RgbNumber::new(7));
    }
}
