//! yn28 (PC28): a, b, c in 0..9 from a region's keno draw, sum 0..27 (GAMES.md "yn28").
//! Its special rules (the "13/14 rule" and others, as data) are in `special`.

pub mod distribution;
pub mod special;

use crate::error::AppError;
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::{Side, index_by_code};
use crate::games::rules::room::Region;
use crate::games::rules::settle::Outcome;
use crate::games::rules::yn28::special::{RuleAction, Yn28Rules};
use crate::money::Money;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// a, b, c, each 0..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "[u8; 3]", into = "[u8; 3]")]
pub struct Yn28Digits([u8; 3]);

impl Yn28Digits {
    pub fn new(digits: [u8; 3]) -> Option<Yn28Digits> {
        digits.iter().all(|digit| *digit <= 9).then_some(Yn28Digits(digits))
    }

    pub fn digits(self) -> [u8; 3] {
        self.0
    }

    pub fn sum(self) -> u8 {
        self.0.iter().sum()
    }

    /// a = b = c.
    pub fn is_leopard(self) -> bool {
        let [a, b, c] = self.0;
        a == b && b == c
    }

    /// Exactly two equal.
    pub fn is_pair(self) -> bool {
        let [a, b, c] = self.0;
        !self.is_leopard() && (a == b || b == c || a == c)
    }

    /// Three consecutive in any order, without wrapping (0-1-9 and 0-8-9 do not count).
    pub fn is_straight(self) -> bool {
        let mut sorted = self.0;
        sorted.sort_unstable();
        sorted[1] == sorted[0] + 1 && sorted[2] == sorted[1] + 1
    }
}

impl TryFrom<[u8; 3]> for Yn28Digits {
    type Error = &'static str;

    fn try_from(digits: [u8; 3]) -> Result<Yn28Digits, &'static str> {
        Yn28Digits::new(digits).ok_or("a, b and c are digits 0..=9")
    }
}

impl From<Yn28Digits> for [u8; 3] {
    fn from(digits: Yn28Digits) -> [u8; 3] {
        digits.0
    }
}

/// A region's draw: its keno numbers (sorted; 20 of 1..80, or 6 for usa) and the a, b, c they
/// give, which are always recomputed from the numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Yn28DrawRecord", into = "Yn28DrawRecord")]
pub struct Yn28Draw {
    region: Region,
    numbers: Vec<u8>,
    digits: Yn28Digits,
}

/// The stored and displayed form of a draw; `digits` must agree with the numbers.
#[derive(Serialize, Deserialize)]
struct Yn28DrawRecord {
    region: Region,
    numbers: Vec<u8>,
    digits: Yn28Digits,
}

impl Yn28Draw {
    /// From sorted keno numbers, computing a, b, c as the region does.
    pub fn new(region: Region, numbers: Vec<u8>) -> Option<Yn28Draw> {
        let ascending = numbers.windows(2).all(|pair| pair[0] < pair[1]);
        let in_range = numbers.iter().all(|number| (1..=80).contains(number));
        let complete = numbers.len() == numbers_drawn(region);
        (ascending && in_range && complete).then(|| Yn28Draw::from_sorted(region, numbers))
    }

    /// `pick(20, 1..80)`, or `pick(6, 1..80)` for usa.
    pub fn derive(region: Region, stream: &mut DrawStream) -> Yn28Draw {
        Yn28Draw::from_sorted(region, stream.pick(numbers_drawn(region), 80))
    }

    fn from_sorted(region: Region, numbers: Vec<u8>) -> Yn28Draw {
        let digit = |positions: &[usize]| {
            let sum: u32 = positions
                .iter()
                .filter_map(|position| numbers.get(position - 1))
                .map(|number| u32::from(*number))
                .sum();
            u8::try_from(sum % 10).unwrap_or(0)
        };
        let [a, b, c] = digit_positions(region);
        let digits = Yn28Digits([digit(a), digit(b), digit(c)]);
        Yn28Draw { region, numbers, digits }
    }

    pub fn region(&self) -> Region {
        self.region
    }

    pub fn numbers(&self) -> &[u8] {
        &self.numbers
    }

    pub fn digits(&self) -> Yn28Digits {
        self.digits
    }
}

impl TryFrom<Yn28DrawRecord> for Yn28Draw {
    type Error = &'static str;

    fn try_from(record: Yn28DrawRecord) -> Result<Yn28Draw, &'static str> {
        let draw = Yn28Draw::new(record.region, record.numbers).ok_or("invalid keno numbers")?;
        (draw.digits == record.digits).then_some(draw).ok_or("a, b, c disagree with the numbers")
    }
}

impl From<Yn28Draw> for Yn28DrawRecord {
    fn from(draw: Yn28Draw) -> Yn28DrawRecord {
        Yn28DrawRecord { region: draw.region, numbers: draw.numbers, digits: draw.digits }
    }
}

fn numbers_drawn(region: Region) -> usize {
    match region {
        Region::Canada | Region::China => 20,
        Region::Usa => 6,
    }
}

/// The 1-based positions in the sorted numbers whose sum mod 10 is a, b and c.
pub(crate) fn digit_positions(region: Region) -> [&'static [usize]; 3] {
    match region {
        Region::China => [&[1, 2, 3, 4, 5, 6], &[7, 8, 9, 10, 11, 12], &[13, 14, 15, 16, 17, 18]],
        Region::Canada => [&[2, 5, 8, 11, 14, 17], &[3, 6, 9, 12, 15, 18], &[4, 7, 10, 13, 16, 19]],
        Region::Usa => [&[1, 6], &[2, 4], &[3, 5]],
    }
}

/// A yn28 option. The spec's long/short are big/small, extreme yang/yin extreme big/small,
/// small/big single small_odd/big_odd, big double big_even; small_even completes the four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yn28Option {
    /// `big` (14..27), `small` (0..13), `odd`, `even`.
    Side(Side),
    BigOdd,
    BigEven,
    SmallOdd,
    SmallEven,
    /// `extreme_big`: 22..27.
    ExtremeBig,
    /// `extreme_small`: 0..5.
    ExtremeSmall,
    Leopard,
    Pair,
    Straight,
    /// `sum_<s>`, s in 0..=27.
    Sum(u8),
}

static BY_CODE: LazyLock<HashMap<String, Yn28Option>> =
    LazyLock::new(|| index_by_code(Yn28Option::all(), Yn28Option::code));

impl Yn28Option {
    pub fn parse(code: &str) -> Result<Yn28Option, AppError> {
        BY_CODE.get(code).copied().ok_or(AppError::BadParams)
    }

    pub fn all() -> Vec<Yn28Option> {
        let mut all: Vec<Yn28Option> = Side::ALL.map(Yn28Option::Side).into();
        all.extend([Yn28Option::BigOdd, Yn28Option::BigEven, Yn28Option::SmallOdd]);
        all.extend([Yn28Option::SmallEven, Yn28Option::ExtremeBig, Yn28Option::ExtremeSmall]);
        all.extend([Yn28Option::Leopard, Yn28Option::Pair, Yn28Option::Straight]);
        all.extend((0..=27).map(Yn28Option::Sum));
        all
    }

    pub fn code(&self) -> String {
        let code = match *self {
            Yn28Option::Side(side) => side.code(),
            Yn28Option::BigOdd => "big_odd",
            Yn28Option::BigEven => "big_even",
            Yn28Option::SmallOdd => "small_odd",
            Yn28Option::SmallEven => "small_even",
            Yn28Option::ExtremeBig => "extreme_big",
            Yn28Option::ExtremeSmall => "extreme_small",
            Yn28Option::Leopard => "leopard",
            Yn28Option::Pair => "pair",
            Yn28Option::Straight => "straight",
            Yn28Option::Sum(sum) => return format!("sum_{sum}"),
        };
        code.to_owned()
    }

    /// The odds of this option in `region`'s rooms: the "2.0" table, except the sums whose
    /// odds would return 99 % or more of the stake there (`REGION_SUM_ODDS`).
    pub fn region_odds(self, region: Region) -> Odds {
        let lowered = match self {
            Yn28Option::Sum(sum) => REGION_SUM_ODDS
                .iter()
                .find(|(of, _)| *of == region)
                .and_then(|(_, sums)| sums.iter().find(|(lowered, _)| *lowered == sum)),
            _ => None,
        };
        lowered.map_or_else(|| self.default_odds(), |(_, odds)| Odds::from_thousandths(*odds))
    }

    /// The "2.0" room's table.
    pub fn default_odds(self) -> Odds {
        let thousandths = match self {
            Yn28Option::Side(_) => 2_000,
            Yn28Option::SmallOdd | Yn28Option::BigEven => 4_600,
            Yn28Option::BigOdd | Yn28Option::SmallEven => 4_200,
            Yn28Option::ExtremeBig | Yn28Option::ExtremeSmall => 15_000,
            Yn28Option::Leopard => 88_000,
            Yn28Option::Pair => 3_600,
            Yn28Option::Straight => 16_000,
            Yn28Option::Sum(sum) => SUM_ODDS[usize::from(sum.min(27 - sum))],
        };
        Odds::from_thousandths(thousandths)
    }

    /// Whether this option wins on `digits`, before special rules.
    pub fn wins(self, digits: Yn28Digits) -> bool {
        let sum = digits.sum();
        let (big, odd) = (sum >= 14, sum % 2 == 1);
        match self {
            Yn28Option::Side(side) => side.holds(sum, 14),
            Yn28Option::BigOdd => big && odd,
            Yn28Option::BigEven => big && !odd,
            Yn28Option::SmallOdd => !big && odd,
            Yn28Option::SmallEven => !big && !odd,
            Yn28Option::ExtremeBig => sum >= 22,
            Yn28Option::ExtremeSmall => sum <= 5,
            Yn28Option::Leopard => digits.is_leopard(),
            Yn28Option::Pair => digits.is_pair(),
            Yn28Option::Straight => digits.is_straight(),
            Yn28Option::Sum(chosen) => sum == chosen,
        }
    }
}

/// Odds in thousandths of `sum_s` and `sum_(27-s)`, s = 0..=13.
/// Each region derives a, b, c from its own keno draw, so a sum is likelier in one region than
/// in another (`distribution`), and the "2.0" table's odds of some sums would return 99 % or
/// more of the stake in a region (china's sum 27: 100.70 %, a bet players win on). Those sums
/// pay the largest odds (to 0.1, or to 1 from 100) that return at most 99 % in the region,
/// exactly (migration V31 stored them; `docs/programmes.md`): (sum, odds in thousandths).
pub const REGION_SUM_ODDS: [(Region, &[(u8, u32)]); 3] = [
    (
        Region::Canada,
        &[(8, 21_900), (11, 14_300), (13, 13_100), (14, 13_100), (16, 14_300), (19, 21_900)],
    ),
    (
        Region::China,
        &[
            (0, 997_000),
            (11, 14_300),
            (14, 13_100),
            (16, 14_300),
            (18, 17_900),
            (19, 21_900),
            (27, 983_000),
        ],
    ),
    (
        Region::Usa,
        &[
            (0, 992_000),
            (6, 34_900),
            (8, 21_800),
            (9, 17_800),
            (10, 15_600),
            (11, 14_200),
            (13, 13_100),
            (14, 13_100),
        ],
    ),
];

const SUM_ODDS: [u32; 14] = [
    1_000_000, 320_000, 160_000, 95_000, 62_000, 42_000, 35_000, 27_000, 22_000, 18_000, 15_700,
    14_400, 13_300, 13_200,
];

/// The natural outcome, unless the first special rule that applies to this bet (its option,
/// the draw and its stake) refunds it or pays it, if it wins, at reduced odds.
pub fn settle(
    option: Yn28Option,
    odds: Odds,
    digits: Yn28Digits,
    stake: Money,
    rules: &Yn28Rules,
) -> Outcome {
    let wins = option.wins(digits);
    match rules.first_applying(option, digits, stake).map(|rule| rule.action()) {
        Some(RuleAction::Refund) => Outcome::Refund,
        Some(RuleAction::ReducedOdds(reduced)) if wins => Outcome::WinReduced(reduced),
        _ if wins => Outcome::Win(odds),
        _ => Outcome::Lose,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn winning_codes(digits: [u8; 3]) -> Vec<String> {
        let digits = Yn28Digits::new(digits).expect("digits");
        let all = Yn28Option::all().into_iter();
        all.filter(|option| option.wins(digits)).map(|option| option.code()).collect()
    }

    /// Natural wins (before special rules), in option order; everything else loses.
    #[test]
    fn each_a_b_c_wins_exactly_the_listed_options() {
        let cases = [
            ([0, 0, 0], "small even small_even extreme_small leopard sum_0"),
            ([9, 9, 9], "big odd big_odd extreme_big leopard sum_27"),
            ([1, 2, 3], "small even small_even straight sum_6"),
            ([0, 1, 9], "small even small_even sum_10"),
            ([0, 8, 9], "big odd big_odd sum_17"),
            ([8, 7, 9], "big even big_even extreme_big straight sum_24"),
            ([5, 5, 3], "small odd small_odd pair sum_13"),
            ([2, 5, 7], "big even big_even sum_14"),
            ([9, 8, 5], "big even big_even extreme_big sum_22"),
            ([0, 0, 5], "small odd small_odd extreme_small pair sum_5"),
            ([3, 1, 2], "small even small_even straight sum_6"),
            ([4, 9, 8], "big odd big_odd sum_21"),
        ];
        for (digits, expected) in cases {
            assert_eq!(winning_codes(digits).join(" "), expected, "{digits:?}");
        }
    }

    #[test]
    fn keno_numbers_must_be_sorted_distinct_in_range_and_complete() {
        let twenty: Vec<u8> = (1..=20).collect();
        assert!(Yn28Draw::new(Region::China, twenty.clone()).is_some());
        assert!(Yn28Draw::new(Region::Usa, twenty.clone()).is_none(), "usa draws 6");
        assert!(Yn28Draw::new(Region::China, twenty[..19].to_vec()).is_none());
        let mut repeated = twenty.clone();
        repeated[1] = 1;
        assert!(Yn28Draw::new(Region::China, repeated).is_none());
        assert!(Yn28Draw::new(Region::Usa, vec![2, 1, 3, 4, 5, 6]).is_none());
        assert!(Yn28Draw::new(Region::Usa, vec![0, 1, 2, 3, 4, 5]).is_none());
        assert!(Yn28Draw::new(Region::Usa, vec![1, 2, 3, 4, 5, 81]).is_none());
    }

    #[test]
    fn china_sums_six_consecutive_numbers_per_digit() {
        let numbers: Vec<u8> = (1..=20).collect();
        let draw = Yn28Draw::new(Region::China, numbers).expect("draw");
        // 1..6 = 21, 7..12 = 57, 13..18 = 93.
        assert_eq!(draw.digits().digits(), [1, 7, 3]);
        let canada = Yn28Draw::new(Region::Canada, (1..=20).collect()).expect("draw");
        // 2+5+..+17 = 57, 3+6+..+18 = 63, 4+7+..+19 = 69.
        assert_eq!(canada.digits().digits(), [7, 3, 9]);
    }
}
