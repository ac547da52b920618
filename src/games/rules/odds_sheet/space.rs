//! The draw values a group of options reads, each with its weight (how many equally likely
//! draws give it): K3 all 6^3 dice; PK10 the 90 ordered pairs of cars at the two positions
//! the group reads (the other eight cars do not matter); SSC 10^n digits of the n balls read
//! (the others 0); RGB the 10 numbers; yn28 the 10^3 a, b, c weighted by how many keno draws
//! give each (`distribution`). Each value is settled with the game's settlement code.

use crate::error::AppError;
use crate::games::rules::draw::Draw;
use crate::games::rules::k3::Dice;
use crate::games::rules::odds_sheet::groups::GroupKey;
use crate::games::rules::pk10::Ranking;
use crate::games::rules::rgb::RgbNumber;
use crate::games::rules::room::DrawSource;
use crate::games::rules::settle::{self, GameRules, Outcome, PlacedBet};
use crate::games::rules::ssc::Balls;
use crate::games::rules::yn28::{self, Yn28Digits, distribution};
use anyhow::anyhow;

/// One draw value of the enumeration (yn28 as its a, b, c: the keno numbers behind them only
/// weigh them).
#[derive(Clone, Debug)]
pub enum DrawValue {
    Draw(Draw),
    Yn28(Yn28Digits),
}

/// Every value `group` of `source` reads, with its weight; the weights sum to the space's
/// size.
pub fn group_space(source: DrawSource, group: GroupKey) -> Vec<(DrawValue, u128)> {
    let each = |draw: Draw| -> (DrawValue, u128) { (DrawValue::Draw(draw), 1) };
    match source {
        DrawSource::K3 => (0..216_u8)
            .filter_map(|index| Dice::new([index / 36 + 1, index / 6 % 6 + 1, index % 6 + 1]))
            .map(|dice| each(Draw::K3(dice)))
            .collect(),
        DrawSource::Pk10 => pk10_rankings(pk10_positions(group))
            .into_iter()
            .map(|ranking| each(Draw::Pk10(ranking)))
            .collect(),
        DrawSource::Ssc => ssc_balls(&ssc_balls_read(group))
            .into_iter()
            .map(|balls| each(Draw::Ssc(balls)))
            .collect(),
        DrawSource::Rgb(_) => {
            (0..=9).filter_map(RgbNumber::new).map(|number| each(Draw::Rgb(number))).collect()
        }
        DrawSource::Yn28(region) => distribution::digit_weights(region)
            .iter()
            .enumerate()
            .filter(|(_, weight)| **weight > 0)
            .filter_map(|(index, weight)| {
                let digits = [index / 100, index / 10 % 10, index % 10]
                    .map(|digit| u8::try_from(digit).unwrap_or(u8::MAX));
                Some((DrawValue::Yn28(Yn28Digits::new(digits)?), *weight))
            })
            .collect(),
    }
}

/// The outcome of `bet` on `value`, by the code that settles real bets: `settle::settle` on
/// the draw, and for yn28 the `yn28::settle` it calls with the draw's a, b, c.
pub fn settle_value(
    bet: &PlacedBet,
    value: &DrawValue,
    rules: &GameRules,
) -> Result<Outcome, AppError> {
    match (value, bet.option, rules) {
        (DrawValue::Draw(draw), _, _) => settle::settle(bet, draw, rules),
        (
            DrawValue::Yn28(digits),
            crate::games::rules::options::BetOption::Yn28(option),
            GameRules::Yn28(yn28_rules),
        ) => Ok(yn28::settle(option, bet.odds, *digits, bet.stake, yn28_rules)),
        _ => Err(AppError::Internal(anyhow!("settling a yn28 draw value for {}", bet.option))),
    }
}

/// The two positions a PK10 group reads: its own and the one it is compared with (dragon and
/// tiger), or the champion and runner-up.
fn pk10_positions(group: GroupKey) -> (u8, u8) {
    match (group.kind, group.position) {
        ("dragon_tiger", Some(position)) => (position, 11 - position),
        (_, Some(position)) => (position, if position == 1 { 2 } else { 1 }),
        (_, None) => (1, 2),
    }
}

/// Every ranking with distinct cars x, y at positions p, q (90 of them), the rest ascending.
fn pk10_rankings((p, q): (u8, u8)) -> Vec<Ranking> {
    let pairs = (1..=10_u8).flat_map(|x| (1..=10_u8).map(move |y| (x, y)));
    pairs
        .filter(|(x, y)| x != y)
        .filter_map(|(x, y)| {
            let mut rest = (1..=10).filter(|car| *car != x && *car != y);
            let cars: [u8; 10] = std::array::from_fn(|index| match index + 1 {
                position if position == usize::from(p) => x,
                position if position == usize::from(q) => y,
                _ => rest.next().unwrap_or(0),
            });
            Ranking::new(cars)
        })
        .collect()
}

/// The balls (0-based) an SSC group reads.
fn ssc_balls_read(group: GroupKey) -> Vec<usize> {
    let at = |position: Option<u8>| usize::from(position.unwrap_or(1).saturating_sub(1));
    match group.kind {
        "digit" | "big_small" | "odd_even" => vec![at(group.position)],
        "dragon_tiger" => vec![0, 4],
        "shape" => {
            let start = at(group.position);
            vec![start, start + 1, start + 2]
        }
        _ => vec![0, 1, 2, 3, 4],
    }
}

/// Every assignment of digits 0..9 to the balls `read` (the others 0): 10^n balls.
fn ssc_balls(read: &[usize]) -> Vec<Balls> {
    let count = 10_u32.pow(u32::try_from(read.len()).unwrap_or(0));
    (0..count)
        .filter_map(|mut index| {
            let mut digits = [0_u8; 5];
            for ball in read {
                digits[*ball] = u8::try_from(index % 10).unwrap_or(0);
                index /= 10;
            }
            Balls::new(digits)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::room::Region;

    fn size(source: DrawSource, kind: &'static str, position: Option<u8>) -> (usize, u128) {
        let space = group_space(source, GroupKey { kind, position });
        (space.len(), space.iter().map(|(_, weight)| weight).sum())
    }

    #[test]
    fn each_game_enumerates_the_values_its_groups_read() {
        assert_eq!(size(DrawSource::K3, "sum", None), (216, 216));
        assert_eq!(size(DrawSource::Pk10, "car", Some(7)), (90, 90));
        assert_eq!(size(DrawSource::Ssc, "digit", Some(3)), (10, 10));
        assert_eq!(size(DrawSource::Ssc, "dragon_tiger", None), (100, 100));
        assert_eq!(size(DrawSource::Ssc, "shape", Some(3)), (1000, 1000));
        assert_eq!(size(DrawSource::Ssc, "total_big_small", None), (100_000, 100_000));
        let rgb = DrawSource::Rgb(crate::games::rules::room::RgbMinutes::One);
        assert_eq!(size(rgb, "number", None), (10, 10));
        // C(80, 6): every usa keno draw once.
        assert_eq!(size(DrawSource::Yn28(Region::Usa), "sum", None).1, 300_500_200);
    }

    #[test]
    fn pk10_spaces_put_every_ordered_pair_at_the_positions_read() {
        let rankings = pk10_rankings((4, 7));
        let pairs: std::collections::HashSet<(u8, u8)> =
            rankings.iter().map(|ranking| (ranking.car_at(4), ranking.car_at(7))).collect();
        assert_eq!(pairs.len(), 90);
        assert_eq!(pk10_positions(GroupKey { kind: "dragon_tiger", position: Some(2) }), (2, 9));
        assert_eq!(pk10_positions(GroupKey { kind: "car", position: Some(1) }), (1, 2));
    }

    #[test]
    fn ssc_spaces_vary_only_the_balls_read() {
        let balls = ssc_balls(&[1, 2, 3]);
        assert_eq!(balls.len(), 1000);
        assert!(balls.iter().all(|balls| balls.digits()[0] == 0 && balls.digits()[4] == 0));
        let distinct: std::collections::HashSet<[u8; 5]> =
            balls.iter().map(|balls| balls.digits()).collect();
        assert_eq!(distinct.len(), 1000);
    }
}
