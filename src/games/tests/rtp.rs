//! Exact return to player by enumeration: for each option, the mean amount credited per unit
//! staked over all equally likely draw values (K3 6^3 dice, SSC 10^5 balls, RGB 10 numbers,
//! PK10 the 90 ordered cars at the two positions an option reads, yn28 10^3 a, b, c), as an
//! integer ratio. Run with `--nocapture` to see every option's figure.

use crate::games::rules::k3::{self, Dice, K3Option, K3Rules};
use crate::games::rules::pk10::{self, Pk10Option, Ranking};
use crate::games::rules::rgb::{self, RgbNumber, RgbOption};
use crate::games::rules::room::{Game, Region};
use crate::games::rules::settle::{GameRules, Outcome, payout};
use crate::games::rules::ssc::{Balls, SscOption};
use crate::games::rules::yn28::distribution::digit_weights;
use crate::games::rules::yn28::special::Yn28Rules;
use crate::games::rules::yn28::{self, Yn28Digits, Yn28Option};
use crate::money::Money;
use std::collections::BTreeMap;

/// 100.00: every default odds (and RGB's 2 % fee) times this is whole minor units, so the
/// ratios below are exact.
const STAKE_MINOR: i64 = 10_000;

/// Sum of credited minor units over sum of staked minor units, each draw value weighted.
#[derive(Clone, Copy, Debug)]
struct Ratio {
    numerator: u128,
    denominator: u128,
}

impl Ratio {
    fn of(outcomes: impl Iterator<Item = (Outcome, u128)>, rules: &GameRules) -> Ratio {
        let stake = Money::from_minor(STAKE_MINOR).expect("in range");
        let (mut numerator, mut denominator) = (0_u128, 0_u128);
        for (outcome, weight) in outcomes {
            let credited = payout(stake, outcome, rules).expect("small stake").minor();
            numerator += weight * u128::try_from(credited).expect("non-negative");
            denominator += weight * u128::try_from(STAKE_MINOR).expect("positive");
        }
        Ratio { numerator, denominator }
    }

    fn equals(self, numerator: u128, denominator: u128) -> bool {
        self.numerator * denominator == numerator * self.denominator
    }

    /// Six decimals, rounded half up.
    fn decimal(self) -> String {
        let millionths = (self.numerator * 2_000_000 / self.denominator).div_ceil(2);
        format!("{}.{:06}", millionths / 1_000_000, millionths % 1_000_000)
    }
}

fn each_win(outcomes: impl Iterator<Item = Outcome>) -> impl Iterator<Item = (Outcome, u128)> {
    outcomes.map(|outcome| (outcome, 1))
}

fn k3_rtps(rules: &K3Rules) -> BTreeMap<String, Ratio> {
    let all_dice: Vec<Dice> = (0..216_u8)
        .map(|index| Dice::new([index / 36 + 1, index / 6 % 6 + 1, index % 6 + 1]).expect("dice"))
        .collect();
    let game_rules = GameRules::K3(rules.clone());
    let rtp = |option: K3Option| {
        let outcomes =
            all_dice.iter().map(|dice| k3::settle(option, option.default_odds(), *dice, rules));
        Ratio::of(each_win(outcomes), &game_rules)
    };
    K3Option::all().into_iter().map(|option| (option.code(), rtp(option))).collect()
}

/// The positions an option reads; the other eight cars do not matter.
fn pk10_positions(option: Pk10Option) -> (u8, u8) {
    match option {
        Pk10Option::Car { position, .. } | Pk10Option::Position { position, .. } => {
            (position, if position == 1 { 2 } else { 1 })
        }
        Pk10Option::Dragon(position) | Pk10Option::Tiger(position) => (position, 11 - position),
        Pk10Option::Sum(_) | Pk10Option::SumSide(_) => (1, 2),
    }
}

/// Every ranking with distinct cars x, y at positions p, q (90 of them), the rest ascending.
fn pk10_rankings((p, q): (u8, u8)) -> Vec<Ranking> {
    let mut rankings = Vec::new();
    for (x, y) in (1..=10).flat_map(|x| (1..=10).map(move |y| (x, y))).filter(|(x, y)| x != y) {
        let mut rest = (1..=10).filter(|car| *car != x && *car != y);
        let cars: [u8; 10] = std::array::from_fn(|index| match index + 1 {
            position if position == usize::from(p) => x,
            position if position == usize::from(q) => y,
            _ => rest.next().expect("eight cars left"),
        });
        rankings.push(Ranking::new(cars).expect("ranking"));
    }
    rankings
}

fn pk10_rtps() -> BTreeMap<String, Ratio> {
    let rules = pk10::Pk10Rules::default();
    let game_rules = GameRules::Pk10(rules.clone());
    let rtp = |option: Pk10Option| {
        let rankings = pk10_rankings(pk10_positions(option));
        let outcomes = rankings
            .into_iter()
            .map(|ranking| pk10::settle(option, option.default_odds(), ranking, &rules));
        Ratio::of(each_win(outcomes), &game_rules)
    };
    Pk10Option::all().into_iter().map(|option| (option.code(), rtp(option))).collect()
}

fn ssc_rtps() -> BTreeMap<String, Ratio> {
    let options = SscOption::all();
    let mut wins = vec![0_u128; options.len()];
    for index in 0..100_000_u32 {
        let digits: [u8; 5] = std::array::from_fn(|ball| {
            u8::try_from(index / 10_u32.pow(4 - u32::try_from(ball).expect("ball")) % 10)
                .expect("digit")
        });
        let balls = Balls::new(digits).expect("balls");
        for (count, option) in wins.iter_mut().zip(&options) {
            *count += u128::from(option.wins(balls));
        }
    }
    // SSC outcomes are win or lose, so a win count and the odds give the exact ratio.
    let ratio = |option: &SscOption, count: u128| Ratio {
        numerator: count * u128::from(option.default_odds().thousandths()),
        denominator: 100_000 * 1000,
    };
    options.iter().zip(wins).map(|(option, count)| (option.code(), ratio(option, count))).collect()
}

fn rgb_rtps() -> BTreeMap<String, Ratio> {
    let rules = rgb::RgbRules::default();
    let game_rules = GameRules::Rgb(rules.clone());
    let rtp = |option: RgbOption| {
        let numbers = (0..=9).map(|number| RgbNumber::new(number).expect("number"));
        let outcomes =
            numbers.map(|number| rgb::settle(option, option.default_odds(), number, &rules));
        Ratio::of(each_win(outcomes), &game_rules)
    };
    RgbOption::all().into_iter().map(|option| (option.code(), rtp(option))).collect()
}

/// yn28 RTPs with `weights[100a + 10b + c]` per a, b, c (all 1 for uniform digits).
fn yn28_rtps(weights: &[u128]) -> BTreeMap<String, Ratio> {
    let rules = Yn28Rules::default();
    let game_rules = GameRules::Yn28(rules.clone());
    let stake = Money::from_minor(STAKE_MINOR).expect("in range");
    let rtp = |option: Yn28Option| {
        let outcomes = weights.iter().enumerate().map(|(index, weight)| {
            let digits = [index / 100, index / 10 % 10, index % 10]
                .map(|digit| u8::try_from(digit).expect("digit"));
            let digits = Yn28Digits::new(digits).expect("digits");
            (yn28::settle(option, option.default_odds(), digits, stake, &rules), *weight)
        });
        Ratio::of(outcomes, &game_rules)
    };
    Yn28Option::all().into_iter().map(|option| (option.code(), rtp(option))).collect()
}

fn print_table(title: &str, rtps: &BTreeMap<String, Ratio>, game: Game) {
    let order = crate::games::rules::options::options(game);
    println!("RTP {title}:");
    for option in order {
        let code = option.code();
        println!("  {code:<22} {}", rtps[&code].decimal());
    }
}

fn assert_rtps(rtps: &BTreeMap<String, Ratio>, expected: &[(&str, u128, u128)]) {
    for (code, numerator, denominator) in expected {
        let actual = rtps[*code];
        assert!(
            actual.equals(*numerator, *denominator),
            "{code}: {} is not {numerator}/{denominator}",
            actual.decimal()
        );
    }
}

#[test]
fn k3_rtps_match_the_hand_computed_figures() {
    let rtps = k3_rtps(&K3Rules::default());
    print_table("k3", &rtps, Game::K3);
    // odds (thousandths) x winning dice out of 216.
    assert_rtps(
        &rtps,
        &[
            ("big", 1950 * 108, 216_000),        // 0.975: 444, 555, 666 are big too
            ("odd", 1950 * 108, 216_000),        // 0.975
            ("sum_3", 189_000, 216_000),         // 0.875
            ("sum_9", 7650 * 25, 216_000),       // 0.885417
            ("sum_10", 7000 * 27, 216_000),      // 0.875
            ("triple_any", 31_500 * 6, 216_000), // 0.875
            ("triple_1", 189_000, 216_000),      // 0.875
            ("pair_3", 12_600 * 16, 216_000),    // 0.933333
            ("pair_1_single_2", 63_000 * 3, 216_000), // 0.875
            ("three_diff_123", 31_500 * 6, 216_000), // 0.875
            ("two_diff_12", 6300 * 30, 216_000), // 0.875
            ("straight", 7870 * 24, 216_000),    // 0.874444
            ("die_2", 2050 * 91, 216_000),       // 0.863657: 91 = 216 - 125
        ],
    );
    let strict = k3_rtps(&K3Rules { triples_lose_big_small: true });
    print_table("k3 with triples_lose_big_small", &strict, Game::K3);
    // 0.947917: 111, 333 and 555 no longer win odd, 444, 555 and 666 no longer win big.
    assert_rtps(&strict, &[("big", 1950 * 105, 216_000), ("odd", 1950 * 105, 216_000)]);
}

#[test]
fn pk10_rtps_match_the_hand_computed_figures() {
    let rtps = pk10_rtps();
    print_table("pk10", &rtps, Game::Pk10);
    // Out of the 90 ordered pairs of cars at the positions read.
    assert_rtps(
        &rtps,
        &[
            ("p3_car_7", 9900 * 9, 90_000),             // 0.99
            ("p1_big", 1980 * 45, 90_000),              // 0.99
            ("p10_odd", 1980 * 45, 90_000),             // 0.99
            ("p2_dragon", 1980 * 45, 90_000),           // 0.99
            ("sum_3", 41_000 * 2, 90_000),              // 0.911111
            ("sum_11", 7000 * 10, 90_000),              // 0.777778
            ("sum_7", 13_000 * 6, 90_000),              // 0.866667
            ("sum_big", 1980 * 40 + 1000 * 10, 90_000), // 0.991111: 11 refunds (10 pairs)
            ("sum_even", 1980 * 40 + 1000 * 10, 90_000),
        ],
    );
}

#[test]
fn ssc_rtps_match_the_hand_computed_figures() {
    let rtps = ssc_rtps();
    print_table("ssc", &rtps, Game::Ssc);
    assert_rtps(
        &rtps,
        &[
            ("b1_0", 9900, 10_000),                         // 0.99
            ("b5_small", 1980, 2000),                       // 0.99
            ("total_big", 1980, 2000),                      // 0.99: sums 23..45 mirror 0..22
            ("dragon", 2200 * 45, 100_000),                 // 0.99
            ("tie", 9400 * 10, 100_000),                    // 0.94
            ("front_leopard", 70_000 * 10, 1_000_000),      // 0.70: 10 of 1000
            ("middle_straight", 14_000 * 60, 1_000_000),    // 0.84: 10 runs (with 890, 901) x 6
            ("back_pair", 3200 * 270, 1_000_000),           // 0.864
            ("front_half_straight", 2300 * 360, 1_000_000), // 0.828: 60 sets x 6
            ("front_mixed", 2800 * 300, 1_000_000),         // 0.84: 50 sets x 6
        ],
    );
}

#[test]
fn rgb_rtps_include_the_service_fee() {
    let rtps = rgb_rtps();
    print_table("rgb (2 % fee)", &rtps, Game::Rgb);
    // Payouts of 100.00 (98.00 plays) summed over the 10 numbers, over 10 x 100.00.
    assert_rtps(
        &rtps,
        &[
            ("red", 4 * 19_600 + 14_700, 100_000),   // 0.931 = 0.98 x 0.95
            ("green", 4 * 19_600 + 14_700, 100_000), // 0.931
            ("violet", 2 * 44_100, 100_000),         // 0.882
            ("num_3", 88_200, 100_000),              // 0.882
            ("big", 5 * 19_600, 100_000),            // 0.98
        ],
    );
}

#[test]
fn yn28_rtps_over_uniform_digits_match_the_hand_computed_figures() {
    let rtps = yn28_rtps(&[1; 1000]);
    print_table("yn28 (a, b, c uniform)", &rtps, Game::Yn28);
    // Sums 13 and 14 have 75 of the 1000 a, b, c each.
    assert_rtps(
        &rtps,
        &[
            ("big", 425 * 2000 + 75 * 1600, 1_000_000), // 0.97: 14 pays 1.6
            ("odd", 425 * 2000 + 75 * 1600, 1_000_000), // 0.97: 13 pays 1.6
            ("small_odd", 194 * 4600 + 75 * 1000, 1_000_000), // 0.9674: 13 refunds
            ("big_even", 194 * 4600 + 75 * 1000, 1_000_000), // 0.9674: 14 refunds
            ("big_odd", 231 * 4200, 1_000_000),         // 0.9702
            ("extreme_big", 56 * 15_000, 1_000_000),    // 0.84
            ("leopard", 10 * 88_000, 1_000_000),        // 0.88
            ("pair", 270 * 3600, 1_000_000),            // 0.972
            ("straight", 48 * 16_000, 1_000_000),       // 0.768: 8 runs x 6, no wrap
            ("sum_13", 75 * 13_200, 1_000_000),         // 0.99
            ("sum_0", 1_000_000, 1_000_000),            // 1.0
        ],
    );
}

/// The real digits are sums of keno order statistics, not uniform: the keno-weighted RTP of
/// each option per region. With the default table one option returns more than it takes.
#[test]
fn yn28_rtps_over_the_real_keno_distribution() {
    let mut above_one = Vec::new();
    for region in Region::ALL {
        let rtps = yn28_rtps(digit_weights(region));
        print_table(&format!("yn28 {} (keno-weighted)", region.code()), &rtps, Game::Yn28);
        for (code, ratio) in &rtps {
            if ratio.numerator > ratio.denominator {
                above_one.push(format!("{} {code} {}", region.code(), ratio.decimal()));
            }
        }
    }
    println!("yn28 options above 1.0: {above_one:?}");
    assert_eq!(above_one.len(), 1, "{above_one:?}");
    assert!(above_one[0].starts_with("china sum_27 1.00"), "{above_one:?}");
}
