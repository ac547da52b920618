//! PK10: the ranking of cars 1..10, position 1 the champion (GAMES.md "PK10").

use crate::error::AppError;
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::{Side, index_by_code};
use crate::games::rules::settle::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// `cars[k - 1]` is the car finishing k-th: a permutation of 1..=10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "[u8; 10]", into = "[u8; 10]")]
pub struct Ranking([u8; 10]);

impl Ranking {
    pub fn new(cars: [u8; 10]) -> Option<Ranking> {
        let mut sorted = cars;
        sorted.sort_unstable();
        (sorted == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).then_some(Ranking(cars))
    }

    /// `shuffle([1..10])`.
    pub fn derive(stream: &mut DrawStream) -> Ranking {
        let mut cars = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        stream.shuffle(&mut cars);
        Ranking(cars)
    }

    pub fn cars(self) -> [u8; 10] {
        self.0
    }

    /// The car at `position` (1..=10; 0 for a position outside, which no option holds).
    pub fn car_at(self, position: u8) -> u8 {
        usize::from(position)
            .checked_sub(1)
            .and_then(|index| self.0.get(index))
            .copied()
            .unwrap_or(0)
    }

    /// Champion + runner-up, 3..=19.
    pub fn top_sum(self) -> u8 {
        self.0[0] + self.0[1]
    }
}

impl TryFrom<[u8; 10]> for Ranking {
    type Error = &'static str;

    fn try_from(cars: [u8; 10]) -> Result<Ranking, &'static str> {
        Ranking::new(cars).ok_or("a ranking is a permutation of cars 1..=10")
    }
}

impl From<Ranking> for [u8; 10] {
    fn from(ranking: Ranking) -> [u8; 10] {
        ranking.0
    }
}

/// A room's PK10 rule switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pk10Rules {
    /// When true (default), a champion + runner-up sum of 11 refunds `sum_big`, `sum_small`,
    /// `sum_odd` and `sum_even`; when false, 11 loses big and small and is odd.
    pub sum_eleven_refunds: bool,
}

impl Default for Pk10Rules {
    fn default() -> Pk10Rules {
        Pk10Rules { sum_eleven_refunds: true }
    }
}

/// A PK10 option; positions and cars are 1..=10, dragon/tiger positions 1..=5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pk10Option {
    /// `p<k>_car_<n>`: car n finishes k-th.
    Car { position: u8, car: u8 },
    /// `p<k>_big` (car 6..10), `p<k>_small` (1..5), `p<k>_odd`, `p<k>_even`.
    Position { position: u8, side: Side },
    /// `p<k>_dragon`: the car at k beats (is greater than) the car at 11 - k.
    Dragon(u8),
    /// `p<k>_tiger`: the car at k is less than the car at 11 - k.
    Tiger(u8),
    /// `sum_<s>`: champion + runner-up = s, 3..=19.
    Sum(u8),
    /// `sum_big` (12..19), `sum_small` (3..10), `sum_odd`, `sum_even`.
    SumSide(Side),
}

static BY_CODE: LazyLock<HashMap<String, Pk10Option>> =
    LazyLock::new(|| index_by_code(Pk10Option::all(), Pk10Option::code));

impl Pk10Option {
    pub fn parse(code: &str) -> Result<Pk10Option, AppError> {
        BY_CODE.get(code).copied().ok_or(AppError::BadParams)
    }

    pub fn all() -> Vec<Pk10Option> {
        let mut all = Vec::new();
        for position in 1..=10 {
            all.extend((1..=10).map(|car| Pk10Option::Car { position, car }));
        }
        for position in 1..=10 {
            all.extend(Side::ALL.map(|side| Pk10Option::Position { position, side }));
        }
        for position in 1..=5 {
            all.extend([Pk10Option::Dragon(position), Pk10Option::Tiger(position)]);
        }
        all.extend((3..=19).map(Pk10Option::Sum));
        all.extend(Side::ALL.map(Pk10Option::SumSide));
        all
    }

    pub fn code(&self) -> String {
        match *self {
            Pk10Option::Car { position, car } => format!("p{position}_car_{car}"),
            Pk10Option::Position { position, side } => format!("p{position}_{}", side.code()),
            Pk10Option::Dragon(position) => format!("p{position}_dragon"),
            Pk10Option::Tiger(position) => format!("p{position}_tiger"),
            Pk10Option::Sum(sum) => format!("sum_{sum}"),
            Pk10Option::SumSide(side) => format!("sum_{}", side.code()),
        }
    }

    pub fn default_odds(self) -> Odds {
        let thousandths = match self {
            Pk10Option::Car { .. } => 9_900,
            Pk10Option::Sum(sum) => match sum.min(22 - sum) {
                3 | 4 => 41_000,
                5 | 6 => 20_000,
                7 | 8 => 13_000,
                9 | 10 => 9_000,
                _ => 7_000,
            },
            Pk10Option::Position { .. }
            | Pk10Option::Dragon(_)
            | Pk10Option::Tiger(_)
            | Pk10Option::SumSide(_) => 1_980,
        };
        Odds::from_thousandths(thousandths)
    }

    /// Whether this option wins on `ranking`, before the sum-11 refund.
    pub fn wins(self, ranking: Ranking) -> bool {
        match self {
            Pk10Option::Car { position, car } => ranking.car_at(position) == car,
            Pk10Option::Position { position, side } => side.holds(ranking.car_at(position), 6),
            Pk10Option::Dragon(position) => {
                ranking.car_at(position) > ranking.car_at(11 - position)
            }
            Pk10Option::Tiger(position) => ranking.car_at(position) < ranking.car_at(11 - position),
            Pk10Option::Sum(sum) => ranking.top_sum() == sum,
            Pk10Option::SumSide(Side::Small) => ranking.top_sum() <= 10,
            Pk10Option::SumSide(side) => side.holds(ranking.top_sum(), 12),
        }
    }
}

pub fn settle(option: Pk10Option, odds: Odds, ranking: Ranking, rules: &Pk10Rules) -> Outcome {
    let eleven = ranking.top_sum() == 11;
    match option {
        Pk10Option::SumSide(_) if eleven && rules.sum_eleven_refunds => Outcome::Refund,
        _ if option.wins(ranking) => Outcome::Win(odds),
        _ => Outcome::Lose,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranking(cars: [u8; 10]) -> Ranking {
        Ranking::new(cars).expect("ranking")
    }

    fn outcome(code: &str, cars: [u8; 10], rules: &Pk10Rules) -> Outcome {
        let option = Pk10Option::parse(code).expect("option");
        settle(option, option.default_odds(), ranking(cars), rules)
    }

    #[test]
    fn each_draw_settles_every_listed_option_as_expected() {
        let rules = Pk10Rules::default();
        let vector = [8, 3, 6, 10, 5, 1, 4, 9, 7, 2];
        let win =
            |code: &str| Outcome::Win(Pk10Option::parse(code).expect("option").default_odds());
        let cases = [
            ("p1_car_8", win("p1_car_8")),
            ("p1_car_3", Outcome::Lose),
            ("p10_car_2", win("p10_car_2")),
            ("p1_big", win("p1_big")),
            ("p1_even", win("p1_even")),
            ("p2_small", win("p2_small")),
            ("p2_odd", win("p2_odd")),
            ("p4_big", win("p4_big")),
            ("p6_small", win("p6_small")),
            ("p6_big", Outcome::Lose),
            ("p1_dragon", win("p1_dragon")),
            ("p1_tiger", Outcome::Lose),
            ("p2_tiger", win("p2_tiger")),
            ("p3_tiger", win("p3_tiger")),
            ("p4_dragon", win("p4_dragon")),
            ("p5_dragon", win("p5_dragon")),
            ("sum_11", win("sum_11")),
            ("sum_10", Outcome::Lose),
            ("sum_big", Outcome::Refund),
            ("sum_small", Outcome::Refund),
            ("sum_odd", Outcome::Refund),
            ("sum_even", Outcome::Refund),
        ];
        for (code, expected) in cases {
            assert_eq!(outcome(code, vector, &rules), expected, "{code}");
        }
    }

    #[test]
    fn sum_sides_follow_the_boundaries_away_from_eleven() {
        let rules = Pk10Rules::default();
        let with_top = |a, b| {
            let mut cars = [0; 10];
            cars[0] = a;
            cars[1] = b;
            let rest = (1..=10).filter(|car| *car != a && *car != b);
            for (slot, car) in cars[2..].iter_mut().zip(rest) {
                *slot = car;
            }
            cars
        };
        let is_win = |code, cars| matches!(outcome(code, cars, &rules), Outcome::Win(_));
        assert!(is_win("sum_big", with_top(3, 9)) && is_win("sum_even", with_top(3, 9)), "12");
        assert!(is_win("sum_small", with_top(1, 9)) && is_win("sum_even", with_top(1, 9)), "10");
        assert!(is_win("sum_3", with_top(2, 1)) && is_win("sum_19", with_top(10, 9)));
        assert!(is_win("sum_odd", with_top(10, 9)) && is_win("sum_big", with_top(10, 9)));
        assert_eq!(outcome("sum_small", with_top(10, 9), &rules), Outcome::Lose);
    }

    #[test]
    fn without_the_refund_rule_eleven_is_odd_and_neither_big_nor_small() {
        let rules = Pk10Rules { sum_eleven_refunds: false };
        let cars = [5, 6, 1, 2, 3, 4, 7, 8, 9, 10];
        assert_eq!(outcome("sum_big", cars, &rules), Outcome::Lose);
        assert_eq!(outcome("sum_small", cars, &rules), Outcome::Lose);
        assert_eq!(outcome("sum_even", cars, &rules), Outcome::Lose);
        assert!(matches!(outcome("sum_odd", cars, &rules), Outcome::Win(_)));
    }

    #[test]
    fn invalid_rankings_are_refused() {
        assert!(Ranking::new([1, 1, 3, 4, 5, 6, 7, 8, 9, 10]).is_none());
        assert!(Ranking::new([0, 2, 3, 4, 5, 6, 7, 8, 9, 10]).is_none());
        assert!(serde_json::from_str::<Ranking>("[1,2,3,4,5,6,7,8,9,11]").is_err());
        assert_eq!(ranking([8, 3, 6, 10, 5, 1, 4, 9, 7, 2]).car_at(0), 0);
        assert_eq!(ranking([8, 3, 6, 10, 5, 1, 4, 9, 7, 2]).car_at(11), 0);
    }
}
