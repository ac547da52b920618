//! SSC: five digits b1..b5 (GAMES.md "SSC").

use crate::error::AppError;
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::{Side, index_by_code};
use crate::games::rules::settle::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// The five balls in order, each 0..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "[u8; 5]", into = "[u8; 5]")]
pub struct Balls([u8; 5]);

impl Balls {
    pub fn new(digits: [u8; 5]) -> Option<Balls> {
        digits.iter().all(|digit| *digit <= 9).then_some(Balls(digits))
    }

    /// `uniform(10)` five times.
    pub fn derive(stream: &mut DrawStream) -> Balls {
        Balls([(); 5].map(|()| stream.uniform_u8(10)))
    }

    pub fn digits(self) -> [u8; 5] {
        self.0
    }

    /// Ball k, 1..=5 (10, on no ball, for any other k: no digit option holds).
    pub fn ball(self, ball: u8) -> u8 {
        usize::from(ball).checked_sub(1).and_then(|index| self.0.get(index)).copied().unwrap_or(10)
    }

    pub fn total(self) -> u8 {
        self.0.iter().sum()
    }

    fn window(self, window: Window) -> [u8; 3] {
        let start = match window {
            Window::Front => 0,
            Window::Middle => 1,
            Window::Back => 2,
        };
        [self.0[start], self.0[start + 1], self.0[start + 2]]
    }
}

impl TryFrom<[u8; 5]> for Balls {
    type Error = &'static str;

    fn try_from(digits: [u8; 5]) -> Result<Balls, &'static str> {
        Balls::new(digits).ok_or("balls are digits 0..=9")
    }
}

impl From<Balls> for [u8; 5] {
    fn from(balls: Balls) -> [u8; 5] {
        balls.0
    }
}

/// Three consecutive balls: front b1-b3, middle b2-b4, back b3-b5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Window {
    Front,
    Middle,
    Back,
}

/// The shape of three digits; the first that matches, in this order, is the shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// All three equal.
    Leopard,
    /// Three consecutive in any order, wrapping: 8-9-0 and 9-0-1 count.
    Straight,
    /// Exactly two equal.
    Pair,
    /// Two of the digits adjacent (0 and 9 adjacent too, as straights wrap), not a straight
    /// or pair.
    HalfStraight,
    /// None of the above.
    Mixed,
}

impl Shape {
    pub fn of(digits: [u8; 3]) -> Shape {
        let [x, y, z] = digits;
        let adjacent = |a: u8, b: u8| (a + 10 - b) % 10 == 1 || (b + 10 - a) % 10 == 1;
        let adjacent_pairs = [adjacent(x, y), adjacent(y, z), adjacent(x, z)];
        let adjacent_count = adjacent_pairs.iter().filter(|pair| **pair).count();
        let pair = x == y || y == z || x == z;
        if x == y && y == z {
            Shape::Leopard
        } else if !pair && adjacent_count == 2 {
            // Two adjacencies among three distinct digits form a run of three (mod 10).
            Shape::Straight
        } else if pair {
            Shape::Pair
        } else if adjacent_count == 1 {
            Shape::HalfStraight
        } else {
            Shape::Mixed
        }
    }
}

/// An SSC option; balls are 1..=5 and digits 0..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SscOption {
    /// `b<k>_<n>`: ball k is n.
    Digit { ball: u8, digit: u8 },
    /// `b<k>_big` (5..9), `b<k>_small` (0..4), `b<k>_odd`, `b<k>_even`.
    Ball { ball: u8, side: Side },
    /// `total_big` (23..45), `total_small` (0..22), `total_odd`, `total_even`.
    Total(Side),
    /// `dragon`: b1 > b5 (a tie loses).
    Dragon,
    /// `tiger`: b1 < b5 (a tie loses).
    Tiger,
    /// `tie`: b1 = b5.
    Tie,
    /// `<front|middle|back>_<leopard|straight|pair|half_straight|mixed>`.
    Shape { window: Window, shape: Shape },
}

static BY_CODE: LazyLock<HashMap<String, SscOption>> =
    LazyLock::new(|| index_by_code(SscOption::all(), SscOption::code));

const WINDOWS: [Window; 3] = [Window::Front, Window::Middle, Window::Back];
const SHAPES: [Shape; 5] =
    [Shape::Leopard, Shape::Straight, Shape::Pair, Shape::HalfStraight, Shape::Mixed];

impl SscOption {
    pub fn parse(code: &str) -> Result<SscOption, AppError> {
        BY_CODE.get(code).copied().ok_or(AppError::BadParams)
    }

    pub fn all() -> Vec<SscOption> {
        let mut all = Vec::new();
        for ball in 1..=5 {
            all.extend((0..=9).map(|digit| SscOption::Digit { ball, digit }));
        }
        for ball in 1..=5 {
            all.extend(Side::ALL.map(|side| SscOption::Ball { ball, side }));
        }
        all.extend(Side::ALL.map(SscOption::Total));
        all.extend([SscOption::Dragon, SscOption::Tiger, SscOption::Tie]);
        for window in WINDOWS {
            all.extend(SHAPES.map(|shape| SscOption::Shape { window, shape }));
        }
        all
    }

    pub fn code(&self) -> String {
        match *self {
            SscOption::Digit { ball, digit } => format!("b{ball}_{digit}"),
            SscOption::Ball { ball, side } => format!("b{ball}_{}", side.code()),
            SscOption::Total(side) => format!("total_{}", side.code()),
            SscOption::Dragon => "dragon".to_owned(),
            SscOption::Tiger => "tiger".to_owned(),
            SscOption::Tie => "tie".to_owned(),
            SscOption::Shape { window, shape } => {
                let window = match window {
                    Window::Front => "front",
                    Window::Middle => "middle",
                    Window::Back => "back",
                };
                let shape = match shape {
                    Shape::Leopard => "leopard",
                    Shape::Straight => "straight",
                    Shape::Pair => "pair",
                    Shape::HalfStraight => "half_straight",
                    Shape::Mixed => "mixed",
                };
                format!("{window}_{shape}")
            }
        }
    }

    pub fn default_odds(self) -> Odds {
        let thousandths = match self {
            SscOption::Digit { .. } => 9_900,
            SscOption::Ball { .. } | SscOption::Total(_) => 1_980,
            SscOption::Dragon | SscOption::Tiger => 2_200,
            SscOption::Tie => 9_400,
            SscOption::Shape { shape, .. } => match shape {
                Shape::Leopard => 70_000,
                Shape::Straight => 14_000,
                Shape::Pair => 3_200,
                Shape::HalfStraight => 2_300,
                Shape::Mixed => 2_800,
            },
        };
        Odds::from_thousandths(thousandths)
    }

    pub fn wins(self, balls: Balls) -> bool {
        let (first, last) = (balls.ball(1), balls.ball(5));
        match self {
            SscOption::Digit { ball, digit } => balls.ball(ball) == digit,
            SscOption::Ball { ball, side } => {
                balls.ball(ball) <= 9 && side.holds(balls.ball(ball), 5)
            }
            SscOption::Total(side) => side.holds(balls.total(), 23),
            SscOption::Dragon => first > last,
            SscOption::Tiger => first < last,
            SscOption::Tie => first == last,
            SscOption::Shape { window, shape } => Shape::of(balls.window(window)) == shape,
        }
    }
}

/// SSC has no refunds: a tie simply makes dragon and tiger lose.
pub fn settle(option: SscOption, odds: Odds, balls: Balls) -> Outcome {
    if option.wins(balls) { Outcome::Win(odds) } else { Outcome::Lose }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn winning_codes(digits: [u8; 5]) -> Vec<String> {
        let balls = Balls::new(digits).expect("balls");
        let all = SscOption::all().into_iter();
        all.filter(|option| option.wins(balls)).map(|option| option.code()).collect()
    }

    /// Every winning option of a draw, hand-listed in option order; everything else loses.
    #[test]
    fn each_draw_wins_exactly_the_listed_options() {
        let cases: [([u8; 5], &[&str]); 3] = [
            (
                [6, 7, 5, 0, 8],
                &["b1_6", "b2_7", "b3_5", "b4_0", "b5_8", "b1_big", "b1_even", "b2_big", "b2_odd"],
            ),
            ([9, 9, 9, 9, 9], &["b1_9", "b2_9", "b3_9", "b4_9", "b5_9"]),
            ([0, 1, 1, 2, 0], &["b1_0", "b2_1", "b3_1", "b4_2", "b5_0"]),
        ];
        let tails: [&[&str]; 3] = [
            &[
                "b3_big",
                "b3_odd",
                "b4_small",
                "b4_even",
                "b5_big",
                "b5_even",
                "total_big",
                "total_even",
                "tiger",
                "front_straight",
                "middle_mixed",
                "back_mixed",
            ],
            &[
                "b1_big",
                "b1_odd",
                "b2_big",
                "b2_odd",
                "b3_big",
                "b3_odd",
                "b4_big",
                "b4_odd",
                "b5_big",
                "b5_odd",
                "total_big",
                "total_odd",
                "tie",
                "front_leopard",
                "middle_leopard",
                "back_leopard",
            ],
            &[
                "b1_small",
                "b1_even",
                "b2_small",
                "b2_odd",
                "b3_small",
                "b3_odd",
                "b4_small",
                "b4_even",
                "b5_small",
                "b5_even",
                "total_small",
                "total_even",
                "tie",
                "front_pair",
                "middle_pair",
                "back_straight",
            ],
        ];
        for ((digits, head), tail) in cases.into_iter().zip(tails) {
            let expected: Vec<&str> = head.iter().chain(tail).copied().collect();
            assert_eq!(winning_codes(digits), expected, "{digits:?}");
        }
    }

    #[test]
    fn shapes_follow_the_order_and_straights_wrap() {
        let cases = [
            ([3, 3, 3], Shape::Leopard),
            ([1, 2, 3], Shape::Straight),
            ([3, 1, 2], Shape::Straight),
            ([8, 9, 0], Shape::Straight),
            ([9, 0, 1], Shape::Straight),
            ([0, 9, 8], Shape::Straight),
            ([1, 0, 9], Shape::Straight),
            ([1, 1, 2], Shape::Pair),
            ([9, 0, 0], Shape::Pair),
            ([1, 2, 2], Shape::Pair),
            ([0, 9, 9], Shape::Pair),
            ([1, 2, 5], Shape::HalfStraight),
            ([5, 1, 2], Shape::HalfStraight),
            ([9, 4, 0], Shape::HalfStraight),
            ([7, 0, 6], Shape::HalfStraight),
            ([1, 3, 5], Shape::Mixed),
            ([0, 2, 8], Shape::Mixed),
            ([2, 4, 9], Shape::Mixed),
        ];
        for (digits, shape) in cases {
            assert_eq!(Shape::of(digits), shape, "{digits:?}");
        }
    }

    #[test]
    fn a_tie_makes_dragon_and_tiger_lose() {
        let balls = Balls::new([4, 0, 0, 0, 4]).expect("balls");
        let odds = SscOption::Tie.default_odds();
        assert_eq!(settle(SscOption::Tie, odds, balls), Outcome::Win(odds));
        assert_eq!(settle(SscOption::Dragon, odds, balls), Outcome::Lose);
        assert_eq!(settle(SscOption::Tiger, odds, balls), Outcome::Lose);
    }

    #[test]
    fn totals_split_at_twenty_three() {
        let total = |digits, side| SscOption::Total(side).wins(Balls::new(digits).expect("balls"));
        assert!(total([9, 9, 5, 0, 0], Side::Big), "23 is big");
        assert!(total([9, 9, 4, 0, 0], Side::Small), "22 is small");
        assert!(total([9, 9, 9, 9, 9], Side::Odd), "45");
        assert!(total([0, 0, 0, 0, 0], Side::Even) && total([0, 0, 0, 0, 0], Side::Small), "0");
    }

    #[test]
    fn invalid_balls_are_refused() {
        assert!(Balls::new([0, 1, 2, 3, 10]).is_none());
        assert!(serde_json::from_str::<Balls>("[0,1,2,3,10]").is_err());
        assert_eq!(Balls::new([1, 2, 3, 4, 5]).map(|balls| balls.ball(6)), Some(10));
    }
}
