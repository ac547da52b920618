//! The yn28 trading hall as the model knows it (GAMES.md "yn28"): a, b, c from a region's keno
//! draw, the options, the "2.0" odds table, the 13/14 rule, the tier rooms' entry minimums and
//! the long/short trade (`mode: "trade"`: big or small only, at least 10.00 a line). The
//! model's own restatement, in integer arithmetic.

use super::rules::Settled;
use serde_json::Value;

/// The tier rooms and the game balance each asks to enter (migration V3's defaults), with the
/// weight of each in the walk's choice (the dearer rooms are refused more often).
pub const TIERS: [(&str, i64, u32); 4] =
    [("ordinary", 0, 4), ("vip", 100_000, 3), ("diamond", 500_000, 2), ("supreme", 2_000_000, 1)];
pub const REGIONS: [&str; 3] = ["canada", "china", "usa"];

/// Every tier room: `<region>_<tier>`.
pub fn rooms() -> Vec<&'static str> {
    const ROOMS: [&str; 12] = [
        "canada_ordinary",
        "canada_vip",
        "canada_diamond",
        "canada_supreme",
        "china_ordinary",
        "china_vip",
        "china_diamond",
        "china_supreme",
        "usa_ordinary",
        "usa_vip",
        "usa_diamond",
        "usa_supreme",
    ];
    ROOMS.to_vec()
}

pub fn is_yn28(room: &str) -> bool {
    room.contains('_')
}

/// The game balance `room` asks to enter.
pub fn entry_min(room: &str) -> i64 {
    let tier = room.split_once('_').map_or("", |(_, tier)| tier);
    TIERS.iter().find(|(code, _, _)| *code == tier).map_or(0, |(_, minimum, _)| *minimum)
}

/// The smallest line of a trade.
pub const TRADE_MIN: i64 = 1_000;

/// Every option code.
pub fn options() -> Vec<String> {
    let named = [
        "big",
        "small",
        "odd",
        "even",
        "big_odd",
        "big_even",
        "small_odd",
        "small_even",
        "extreme_big",
        "extreme_small",
        "leopard",
        "pair",
        "straight",
    ];
    let mut options: Vec<String> = named.iter().map(|code| code.to_string()).collect();
    options.extend((0..=27).map(|sum| format!("sum_{sum}")));
    options
}

/// Odds of `sum_s` and `sum_(27-s)`, s = 0..=13, in thousandths.
const SUM_ODDS: [i64; 14] = [
    1_000_000, 320_000, 160_000, 95_000, 62_000, 42_000, 35_000, 27_000, 22_000, 18_000, 15_700,
    14_400, 13_300, 13_200,
];

/// The sums V31 lowered per region (where the "2.0" odds returned 99 % or more), in
/// thousandths: (region, sum, odds).
const REGION_SUMS: [(&str, i64, i64); 21] = [
    ("canada", 8, 21_900),
    ("canada", 11, 14_300),
    ("canada", 13, 13_100),
    ("canada", 14, 13_100),
    ("canada", 16, 14_300),
    ("canada", 19, 21_900),
    ("china", 0, 997_000),
    ("china", 11, 14_300),
    ("china", 14, 13_100),
    ("china", 16, 14_300),
    ("china", 18, 17_900),
    ("china", 19, 21_900),
    ("china", 27, 983_000),
    ("usa", 0, 992_000),
    ("usa", 6, 34_900),
    ("usa", 8, 21_800),
    ("usa", 9, 17_800),
    ("usa", 10, 15_600),
    ("usa", 11, 14_200),
    ("usa", 13, 13_100),
    ("usa", 14, 13_100),
];

/// The odds of `option` in `room` (`<region>_<tier>`), in thousandths: its region's lowered sum,
/// or the "2.0" table.
pub fn odds_of(room: &str, option: &str) -> i64 {
    let region = room.split('_').next().unwrap_or_default();
    let sum: Option<i64> = option.strip_prefix("sum_").and_then(|sum| sum.parse().ok());
    let lowered =
        REGION_SUMS.iter().find(|(of, lowered, _)| *of == region && Some(*lowered) == sum);
    lowered.map_or_else(|| table_odds(option), |(_, _, odds)| *odds)
}

/// The "2.0" table, in thousandths.
fn table_odds(option: &str) -> i64 {
    match option {
        "big" | "small" | "odd" | "even" => 2_000,
        "small_odd" | "big_even" => 4_600,
        "big_odd" | "small_even" => 4_200,
        "extreme_big" | "extreme_small" => 15_000,
        "leopard" => 88_000,
        "pair" => 3_600,
        "straight" => 16_000,
        sum => {
            let sum: usize = sum.strip_prefix("sum_").and_then(|s| s.parse().ok()).expect("a sum");
            SUM_ODDS[sum.min(27 - sum)]
        }
    }
}

/// What the two-way options pay when the sum is 13 or 14 (the 13/14 rule).
const REDUCED_ODDS: i64 = 1_600;

/// How `option` ends on a, b, c: its natural outcome, unless the 13/14 rule applies.
pub fn settle(room: &str, option: &str, digits: [i64; 3]) -> Settled {
    let sum: i64 = digits.iter().sum();
    let (big, odd) = (sum >= 14, sum % 2 == 1);
    let mut sorted = digits;
    sorted.sort_unstable();
    let leopard = sorted[0] == sorted[2];
    let pair = !leopard && (sorted[0] == sorted[1] || sorted[1] == sorted[2]);
    let straight = sorted[1] == sorted[0] + 1 && sorted[2] == sorted[1] + 1;
    let wins = match option {
        "big" => big,
        "small" => !big,
        "odd" => odd,
        "even" => !odd,
        "big_odd" => big && odd,
        "big_even" => big && !odd,
        "small_odd" => !big && odd,
        "small_even" => !big && !odd,
        "extreme_big" => sum >= 22,
        "extreme_small" => sum <= 5,
        "leopard" => leopard,
        "pair" => pair,
        "straight" => straight,
        other => other.strip_prefix("sum_").and_then(|s| s.parse::<i64>().ok()) == Some(sum),
    };
    let two_way = ["big", "small", "odd", "even"].contains(&option);
    match (option, sum) {
        ("small_odd", 13) | ("big_even", 14) => Settled::Refunded,
        (_, 13 | 14) if two_way && wins => Settled::Won(REDUCED_ODDS),
        _ if wins => Settled::Won(odds_of(room, option)),
        _ => Settled::Lost,
    }
}

/// The 1-based positions of the sorted keno numbers whose sum mod 10 is a, b and c.
fn digit_positions(region: &str) -> [&'static [usize]; 3] {
    match region {
        "china" => [&[1, 2, 3, 4, 5, 6], &[7, 8, 9, 10, 11, 12], &[13, 14, 15, 16, 17, 18]],
        "canada" => [&[2, 5, 8, 11, 14, 17], &[3, 6, 9, 12, 15, 18], &[4, 7, 10, 13, 16, 19]],
        "usa" => [&[1, 6], &[2, 4], &[3, 5]],
        other => panic!("no region {other}"),
    }
}

/// a, b, c of a published yn28 draw, derived by the model from its keno numbers (and checked
/// against the a, b, c the draw shows).
pub fn digits(result: &Value) -> [i64; 3] {
    let region = result["region"].as_str().expect("a region");
    let numbers: Vec<i64> = result["numbers"]
        .as_array()
        .expect("keno numbers")
        .iter()
        .map(|number| number.as_i64().expect("a number"))
        .collect();
    let digit = |positions: &[usize]| positions.iter().map(|p| numbers[p - 1]).sum::<i64>() % 10;
    let [a, b, c] = digit_positions(region);
    let derived = [digit(a), digit(b), digit(c)];
    let shown: Vec<i64> = result["digits"]
        .as_array()
        .expect("digits")
        .iter()
        .map(|digit| digit.as_i64().expect("a digit"))
        .collect();
    assert_eq!(shown, derived, "a, b, c of {result}");
    derived
}
