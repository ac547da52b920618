//! K3: three dice, sum 3..18 (GAMES.md "K3").

use crate::error::AppError;
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::{Side, index_by_code};
use crate::games::rules::settle::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// The three dice in draw order, each 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "[u8; 3]", into = "[u8; 3]")]
pub struct Dice([u8; 3]);

impl Dice {
    pub fn new(faces: [u8; 3]) -> Option<Dice> {
        faces.iter().all(|face| (1..=6).contains(face)).then_some(Dice(faces))
    }

    /// `uniform(6) + 1` three times.
    pub fn derive(stream: &mut DrawStream) -> Dice {
        Dice([(); 3].map(|()| stream.uniform_u8(6) + 1))
    }

    pub fn faces(self) -> [u8; 3] {
        self.0
    }

    pub fn sum(self) -> u8 {
        self.0.iter().sum()
    }

    fn count(self, face: u8) -> usize {
        self.0.iter().filter(|&&die| die == face).count()
    }

    fn sorted(self) -> [u8; 3] {
        let mut faces = self.0;
        faces.sort_unstable();
        faces
    }

    fn is_triple(self) -> bool {
        self.0[0] == self.0[1] && self.0[1] == self.0[2]
    }
}

impl TryFrom<[u8; 3]> for Dice {
    type Error = &'static str;

    fn try_from(faces: [u8; 3]) -> Result<Dice, &'static str> {
        Dice::new(faces).ok_or("dice are 1..=6")
    }
}

impl From<Dice> for [u8; 3] {
    fn from(dice: Dice) -> [u8; 3] {
        dice.0
    }
}

/// A room's K3 rule switches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct K3Rules {
    /// When true, a triple makes big, small, odd and even lose (default false).
    pub triples_lose_big_small: bool,
}

/// A K3 option. Faces are 1..=6; pairs of faces and the sets of `ThreeDifferent` and
/// `TwoDifferent` are distinct and ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum K3Option {
    /// `sum_<s>`, s in 3..=18.
    Sum(u8),
    /// `big` (11..18), `small` (3..10), `odd`, `even`.
    Side(Side),
    /// `triple_any`: all three equal.
    TripleAny,
    /// `triple_<t>`: t, t, t.
    Triple(u8),
    /// `pair_<p>`: at least two p (a triple counts).
    Pair(u8),
    /// `pair_<p>_single_<q>`: exactly {p, p, q}.
    PairSingle { pair: u8, single: u8 },
    /// `three_diff_<x><y><z>`: exactly {x, y, z}.
    ThreeDifferent([u8; 3]),
    /// `two_diff_<x><y>`: both appear.
    TwoDifferent([u8; 2]),
    /// `straight`: three consecutive (123, 234, 345, 456) in any order.
    Straight,
    /// `die_<n>`: n appears at least once (paid once).
    Die(u8),
}

static BY_CODE: LazyLock<HashMap<String, K3Option>> =
    LazyLock::new(|| index_by_code(K3Option::all(), K3Option::code));

impl K3Option {
    pub fn parse(code: &str) -> Result<K3Option, AppError> {
        BY_CODE.get(code).copied().ok_or(AppError::BadParams)
    }

    pub fn all() -> Vec<K3Option> {
        let faces = 1..=6_u8;
        let mut all: Vec<K3Option> = (3..=18).map(K3Option::Sum).collect();
        all.extend(Side::ALL.map(K3Option::Side));
        all.push(K3Option::TripleAny);
        all.extend(faces.clone().map(K3Option::Triple));
        all.extend(faces.clone().map(K3Option::Pair));
        for pair in faces.clone() {
            let singles = faces.clone().filter(|single| *single != pair);
            all.extend(singles.map(|single| K3Option::PairSingle { pair, single }));
        }
        for x in faces.clone() {
            for y in x + 1..=6 {
                all.extend((y + 1..=6).map(|z| K3Option::ThreeDifferent([x, y, z])));
            }
        }
        for x in faces.clone() {
            all.extend((x + 1..=6).map(|y| K3Option::TwoDifferent([x, y])));
        }
        all.push(K3Option::Straight);
        all.extend(faces.map(K3Option::Die));
        all
    }

    pub fn code(&self) -> String {
        match *self {
            K3Option::Sum(sum) => format!("sum_{sum}"),
            K3Option::Side(side) => side.code().to_owned(),
            K3Option::TripleAny => "triple_any".to_owned(),
            K3Option::Triple(face) => format!("triple_{face}"),
            K3Option::Pair(face) => format!("pair_{face}"),
            K3Option::PairSingle { pair, single } => format!("pair_{pair}_single_{single}"),
            K3Option::ThreeDifferent([x, y, z]) => format!("three_diff_{x}{y}{z}"),
            K3Option::TwoDifferent([x, y]) => format!("two_diff_{x}{y}"),
            K3Option::Straight => "straight".to_owned(),
            K3Option::Die(face) => format!("die_{face}"),
        }
    }

    pub fn default_odds(self) -> Odds {
        let thousandths = match self {
            K3Option::Sum(sum) => match sum.min(21 - sum) {
                3 => 189_000,
                4 => 63_000,
                5 => 31_500,
                6 => 18_900,
                7 => 12_600,
                8 => 9_000,
                9 => 7_650,
                _ => 7_000,
            },
            K3Option::Side(_) => 1_950,
            K3Option::TripleAny | K3Option::ThreeDifferent(_) => 31_500,
            K3Option::Triple(_) => 189_000,
            K3Option::Pair(_) => 12_600,
            K3Option::PairSingle { .. } => 63_000,
            K3Option::TwoDifferent(_) => 6_300,
            K3Option::Straight => 7_870,
            K3Option::Die(_) => 2_050,
        };
        Odds::from_thousandths(thousandths)
    }

    /// Whether this option wins on `dice`.
    pub fn wins(self, dice: Dice, rules: &K3Rules) -> bool {
        match self {
            K3Option::Sum(sum) => dice.sum() == sum,
            K3Option::Side(_) if rules.triples_lose_big_small && dice.is_triple() => false,
            K3Option::Side(side) => side.holds(dice.sum(), 11),
            K3Option::TripleAny => dice.is_triple(),
            K3Option::Triple(face) => dice.count(face) == 3,
            K3Option::Pair(face) => dice.count(face) >= 2,
            K3Option::PairSingle { pair, single } => {
                dice.count(pair) == 2 && dice.count(single) == 1
            }
            K3Option::ThreeDifferent(faces) => dice.sorted() == faces,
            K3Option::TwoDifferent([x, y]) => dice.count(x) > 0 && dice.count(y) > 0,
            K3Option::Straight => {
                let [low, middle, high] = dice.sorted();
                middle == low + 1 && high == middle + 1
            }
            K3Option::Die(face) => dice.count(face) > 0,
        }
    }
}

/// K3 has no refunds or reduced odds: a bet wins at its placed odds or loses.
pub fn settle(option: K3Option, odds: Odds, dice: Dice, rules: &K3Rules) -> Outcome {
    if option.wins(dice, rules) { Outcome::Win(odds) } else { Outcome::Lose }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn winning_codes(faces: [u8; 3], rules: &K3Rules) -> Vec<String> {
        let dice = Dice::new(faces).expect("dice");
        let all = K3Option::all().into_iter();
        all.filter(|option| option.wins(dice, rules)).map(|option| option.code()).collect()
    }

    /// Every winning option of a draw, hand-listed in option order; everything else loses.
    #[test]
    fn each_draw_wins_exactly_the_listed_options() {
        let plain = K3Rules::default();
        let cases: [([u8; 3], &str); 6] = [
            (
                [3, 1, 6],
                concat!(
                    "sum_10 small even three_diff_136 two_diff_13 two_diff_16 ",
                    "two_diff_36 die_1 die_3 die_6"
                ),
            ),
            ([2, 2, 5], "sum_9 small odd pair_2 pair_2_single_5 two_diff_25 die_2 die_5"),
            ([4, 4, 4], "sum_12 big even triple_any triple_4 pair_4 die_4"),
            ([1, 1, 1], "sum_3 small odd triple_any triple_1 pair_1 die_1"),
            (
                [5, 3, 4],
                concat!(
                    "sum_12 big even three_diff_345 two_diff_34 two_diff_35 ",
                    "two_diff_45 straight die_3 die_4 die_5"
                ),
            ),
            ([6, 5, 6], "sum_17 big odd pair_6 pair_6_single_5 two_diff_56 die_5 die_6"),
        ];
        for (faces, expected) in cases {
            assert_eq!(winning_codes(faces, &plain).join(" "), expected, "{faces:?}");
        }
    }

    #[test]
    fn big_small_odd_even_follow_the_sum_boundaries() {
        let plain = K3Rules::default();
        let side = |faces, side| K3Option::Side(side).wins(Dice::new(faces).expect("dice"), &plain);
        assert!(side([5, 5, 1], Side::Big), "11 is big");
        assert!(side([4, 5, 1], Side::Small), "10 is small");
        assert!(!side([4, 5, 1], Side::Big));
        assert!(side([6, 6, 6], Side::Big) && side([6, 6, 6], Side::Even), "18, a triple");
    }

    #[test]
    fn the_triples_flag_makes_big_small_odd_even_lose_on_a_triple_only() {
        let strict = K3Rules { triples_lose_big_small: true };
        assert_eq!(
            winning_codes([4, 4, 4], &strict),
            ["sum_12", "triple_any", "triple_4", "pair_4", "die_4"]
        );
        assert!(winning_codes([4, 4, 5], &strict).contains(&"big".to_owned()));
        assert!(winning_codes([4, 4, 5], &strict).contains(&"odd".to_owned()));
    }

    #[test]
    fn straights_are_only_three_consecutive_faces() {
        let straight =
            |faces| K3Option::Straight.wins(Dice::new(faces).expect("dice"), &K3Rules::default());
        for faces in [[1, 2, 3], [3, 2, 4], [6, 4, 5], [4, 3, 5]] {
            assert!(straight(faces), "{faces:?}");
        }
        for faces in [[1, 2, 4], [6, 1, 2], [5, 6, 1], [2, 2, 3], [1, 3, 5]] {
            assert!(!straight(faces), "{faces:?} (no wrap)");
        }
    }

    #[test]
    fn settle_pays_the_placed_odds_not_the_default() {
        let placed = Odds::parse("1.9").expect("odds");
        let dice = Dice::new([6, 6, 1]).expect("dice");
        let rules = K3Rules::default();
        assert_eq!(settle(K3Option::Side(Side::Big), placed, dice, &rules), Outcome::Win(placed));
        assert_eq!(settle(K3Option::Side(Side::Even), placed, dice, &rules), Outcome::Lose);
    }

    #[test]
    fn invalid_dice_are_refused_also_from_json() {
        assert!(Dice::new([0, 1, 2]).is_none());
        assert!(Dice::new([1, 7, 2]).is_none());
        assert!(serde_json::from_str::<Dice>("[1,2,7]").is_err());
        assert_eq!(serde_json::from_str::<Dice>("[3,1,6]").ok(), Dice::new([3, 1, 6]));
    }
}
