//! How a rules page groups a game's options: each group's options read the same draw values
//! (so one enumeration serves the group), and an exclusive group's options split every draw:
//! exactly one wins (at full or reduced odds) unless the draw refunds the group.

use crate::games::rules::k3::K3Option;
use crate::games::rules::options::{BetOption, Side};
use crate::games::rules::pk10::Pk10Option;
use crate::games::rules::rgb::RgbOption;
use crate::games::rules::settle::GameRules;
use crate::games::rules::ssc::{SscOption, Window};
use crate::games::rules::yn28::Yn28Option;

/// A group of options: its kind (`sum`, `big_small`, `car`, ...) and, for the games with
/// positions, balls or windows, which one (PK10 position 1..10, SSC ball 1..5, SSC window
/// 1..3 = front, middle, back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupKey {
    pub kind: &'static str,
    pub position: Option<u8>,
}

impl GroupKey {
    fn of(kind: &'static str) -> GroupKey {
        GroupKey { kind, position: None }
    }

    fn at(kind: &'static str, position: u8) -> GroupKey {
        GroupKey { kind, position: Some(position) }
    }
}

fn side_kind(side: Side) -> &'static str {
    match side {
        Side::Big | Side::Small => "big_small",
        Side::Odd | Side::Even => "odd_even",
    }
}

/// The group `option` is listed in.
pub fn group_of(option: BetOption) -> GroupKey {
    match option {
        BetOption::K3(option) => GroupKey::of(match option {
            K3Option::Sum(_) => "sum",
            K3Option::Side(side) => side_kind(side),
            K3Option::TripleAny => "triple_any",
            K3Option::Triple(_) => "triple",
            K3Option::Pair(_) => "pair",
            K3Option::PairSingle { .. } => "pair_single",
            K3Option::ThreeDifferent(_) => "three_different",
            K3Option::TwoDifferent(_) => "two_different",
            K3Option::Straight => "straight",
            K3Option::Die(_) => "die",
        }),
        BetOption::Pk10(option) => match option {
            Pk10Option::Car { position, .. } => GroupKey::at("car", position),
            Pk10Option::Position { position, side } => GroupKey::at(side_kind(side), position),
            Pk10Option::Dragon(position) | Pk10Option::Tiger(position) => {
                GroupKey::at("dragon_tiger", position)
            }
            Pk10Option::Sum(_) => GroupKey::of("sum"),
            Pk10Option::SumSide(side) => GroupKey::of(match side_kind(side) {
                "big_small" => "sum_big_small",
                _ => "sum_odd_even",
            }),
        },
        BetOption::Ssc(option) => match option {
            SscOption::Digit { ball, .. } => GroupKey::at("digit", ball),
            SscOption::Ball { ball, side } => GroupKey::at(side_kind(side), ball),
            SscOption::Total(side) => GroupKey::of(match side_kind(side) {
                "big_small" => "total_big_small",
                _ => "total_odd_even",
            }),
            SscOption::Dragon | SscOption::Tiger | SscOption::Tie => GroupKey::of("dragon_tiger"),
            SscOption::Shape { window, .. } => GroupKey::at("shape", window_number(window)),
        },
        BetOption::Rgb(option) => GroupKey::of(match option {
            RgbOption::Red | RgbOption::Green | RgbOption::Violet => "colour",
            RgbOption::Number(_) => "number",
            RgbOption::Big | RgbOption::Small => "big_small",
        }),
        BetOption::Yn28(option) => GroupKey::of(match option {
            Yn28Option::Side(side) => side_kind(side),
            Yn28Option::BigOdd
            | Yn28Option::BigEven
            | Yn28Option::SmallOdd
            | Yn28Option::SmallEven => "combo",
            Yn28Option::ExtremeBig | Yn28Option::ExtremeSmall => "extreme",
            Yn28Option::Leopard | Yn28Option::Pair | Yn28Option::Straight => "pattern",
            Yn28Option::Sum(_) => "sum",
        }),
    }
}

/// 1, 2, 3 for front (b1-b3), middle (b2-b4), back (b3-b5).
pub fn window_number(window: Window) -> u8 {
    match window {
        Window::Front => 1,
        Window::Middle => 2,
        Window::Back => 3,
    }
}

/// Whether the options of `group` split every draw (one wins, or the draw refunds them).
/// K3's two-way groups stop doing so when the room makes triples lose them.
pub fn is_exclusive(group: GroupKey, rules: &GameRules) -> bool {
    match (rules, group.kind) {
        (GameRules::K3(k3), "big_small" | "odd_even") => !k3.triples_lose_big_small,
        (GameRules::K3(_), kind) => kind == "sum",
        (GameRules::Rgb(_), kind) => kind != "colour",
        (GameRules::Yn28(_), kind) => !matches!(kind, "extreme" | "pattern"),
        (GameRules::Pk10(pk10), "sum_big_small") => pk10.sum_eleven_refunds,
        (GameRules::Pk10(_) | GameRules::Ssc, _) => true,
    }
}
