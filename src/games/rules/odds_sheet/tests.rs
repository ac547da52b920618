//! The sheet against figures computed by hand from GAMES.md's default tables, the partition of
//! exclusive groups, and the exact return against the payout real bets receive.

use super::*;
use crate::games::rules::k3::K3Rules;
use crate::games::rules::room::{Game, Region, RgbMinutes};
use crate::games::rules::settle::payout;
use crate::games::rules::yn28::special::Yn28Rules;

fn minor(amount: i64) -> Money {
    Money::from_minor(amount).expect("in range")
}

fn sheet(source: DrawSource, rules: &GameRules) -> Vec<GroupSheet> {
    let odds = OddsTable::defaults(source.game());
    let min_bet = |_: BetOption| minor(100);
    odds_sheet(&SheetInput { source, odds: &odds, rules, min_bet: &min_bet }).expect("sheet")
}

fn line<'a>(groups: &'a [GroupSheet], code: &str) -> &'a OptionSheet {
    let all = groups.iter().flat_map(|group| &group.options);
    all.into_iter().find(|line| line.option.code() == code).expect(code)
}

fn ratio(numerator: u128, denominator: u128) -> Fraction {
    Fraction::new(numerator, denominator).expect("fraction")
}

/// (code, probability, rtp) rows.
fn assert_rows(groups: &[GroupSheet], rows: &[(&str, Fraction, Fraction)]) {
    for (code, probability, rtp) in rows {
        let line = line(groups, code);
        assert_eq!((line.probability, line.rtp), (*probability, *rtp), "{code}");
    }
}

#[test]
fn k3_lines_match_the_hand_counted_dice() {
    let groups = sheet(DrawSource::K3, &GameRules::defaults(Game::K3));
    assert_rows(
        &groups,
        &[
            ("big", ratio(108, 216), ratio(1950 * 108, 216_000)),
            ("sum_9", ratio(25, 216), ratio(7650 * 25, 216_000)),
            ("pair_3", ratio(16, 216), ratio(12_600 * 16, 216_000)),
            ("straight", ratio(24, 216), ratio(7870 * 24, 216_000)),
            ("die_2", ratio(91, 216), ratio(2050 * 91, 216_000)),
            ("triple_1", ratio(1, 216), ratio(189_000, 216_000)),
        ],
    );
    let strict = GameRules::K3(K3Rules { triples_lose_big_small: true });
    let groups = sheet(DrawSource::K3, &strict);
    assert_rows(&groups, &[("odd", ratio(105, 216), ratio(1950 * 105, 216_000))]);
    let two_way = groups.iter().find(|group| group.group.kind == "big_small").expect("group");
    assert!(!two_way.exclusive, "triples make both lose");
}

#[test]
fn pk10_ssc_and_rgb_lines_match_the_hand_counts() {
    let pk10 = sheet(DrawSource::Pk10, &GameRules::defaults(Game::Pk10));
    let refund_eleven = line(&pk10, "sum_big");
    assert_eq!(refund_eleven.shares.refund, ratio(10, 90));
    assert_rows(
        &pk10,
        &[
            ("p3_car_7", ratio(1, 10), ratio(99, 100)),
            ("p2_dragon", ratio(1, 2), ratio(99, 100)),
            ("sum_11", ratio(10, 90), ratio(7000 * 10, 90_000)),
            ("sum_big", ratio(40, 90), ratio(1980 * 40 + 1000 * 10, 90_000)),
        ],
    );
    let ssc = sheet(DrawSource::Ssc, &GameRules::Ssc);
    assert_rows(
        &ssc,
        &[
            ("b1_0", ratio(1, 10), ratio(99, 100)),
            ("total_big", ratio(1, 2), ratio(99, 100)),
            ("tie", ratio(1, 10), ratio(94, 100)),
            ("middle_straight", ratio(60, 1000), ratio(14_000 * 60, 1_000_000)),
            ("back_half_straight", ratio(360, 1000), ratio(2300 * 360, 1_000_000)),
        ],
    );
    let rgb = sheet(DrawSource::Rgb(RgbMinutes::Five), &GameRules::defaults(Game::Rgb));
    let red = line(&rgb, "red");
    assert_eq!(red.shares.win_reduced, vec![(Odds::parse("1.5").expect("odds"), ratio(1, 10))]);
    assert_rows(
        &rgb,
        &[
            ("red", ratio(5, 10), ratio(4 * 19_600 + 14_700, 100_000)),
            ("violet", ratio(2, 10), ratio(2 * 44_100, 100_000)),
            ("big", ratio(1, 2), ratio(98, 100)),
        ],
    );
}

#[test]
fn yn28_lines_weigh_a_b_c_by_the_keno_draw() {
    let rules = GameRules::defaults(Game::Yn28);
    let china = sheet(DrawSource::Yn28(Region::China), &rules);
    let weights = crate::games::rules::yn28::distribution::digit_weights(Region::China);
    let total: u128 = weights.iter().sum();
    let sum_27 = line(&china, "sum_27");
    assert_eq!(sum_27.probability, ratio(weights[999], total));
    assert_eq!(sum_27.rtp, ratio(weights[999] * 1000, total));
    // GAMES.md's worked figure: with uniform digits sum_0 would return exactly 1.
    let usa = sheet(DrawSource::Yn28(Region::Usa), &rules);
    let leopard_weight: u128 = (0..10)
        .map(|digit| {
            crate::games::rules::yn28::distribution::digit_weights(Region::Usa)[111 * digit]
        })
        .sum();
    assert_eq!(line(&usa, "leopard").probability, ratio(leopard_weight, 300_500_200));
    let usa_weights = crate::games::rules::yn28::distribution::digit_weights(Region::Usa);
    let thirteen: u128 = (0..1000_usize)
        .filter(|index| index / 100 + index / 10 % 10 + index % 10 == 13)
        .map(|index| usa_weights[index])
        .sum();
    assert_eq!(line(&usa, "small_odd").shares.refund, ratio(thirteen, 300_500_200), "13 refunds");
}

#[test]
fn every_line_splits_into_shares_summing_to_one_and_exclusive_groups_partition_the_draw() {
    let sources = [
        DrawSource::K3,
        DrawSource::Pk10,
        DrawSource::Ssc,
        DrawSource::Rgb(RgbMinutes::One),
        DrawSource::Yn28(Region::Canada),
    ];
    for source in sources {
        let groups = sheet(source, &GameRules::defaults(source.game()));
        for group in &groups {
            let mut wins = group.refund;
            for line in &group.options {
                let shares = &line.shares;
                let mut sum = shares.win.checked_add(shares.refund).expect("sum");
                for (_, share) in &shares.win_reduced {
                    sum = sum.checked_add(*share).expect("sum");
                }
                assert_eq!(sum.checked_add(shares.lose), Some(Fraction::ONE), "{}", line.option);
                wins = wins.checked_add(line.probability).expect("sum");
            }
            if group.exclusive {
                assert_eq!(wins, Fraction::ONE, "{source:?} {:?}", group.group);
            }
        }
    }
}

#[test]
fn the_exact_return_is_what_payout_credits_where_nothing_is_rounded() {
    let cases = [Game::K3, Game::Rgb, Game::Yn28];
    let outcomes = [
        Outcome::Win(Odds::parse("7.87").expect("odds")),
        Outcome::WinReduced(Odds::parse("1.6").expect("odds")),
        Outcome::Refund,
        Outcome::Lose,
    ];
    // 1,000.00: a whole number of 2 % fees and of thousandths of odds.
    let stake = minor(100_000);
    for game in cases {
        let rules = GameRules::defaults(game);
        for outcome in outcomes {
            let exact = exact_return(outcome, &rules).expect("return");
            let paid = payout(stake, outcome, &rules).expect("payout").minor();
            let expected = exact.checked_mul(ratio(100_000, 1)).expect("product");
            assert_eq!(
                ratio(u128::try_from(paid).expect("paid"), 1),
                expected,
                "{game:?} {outcome:?}"
            );
        }
    }
}

#[test]
fn a_stake_threshold_rule_adds_an_rtp_band_above_the_minimum_bet() {
    let json = concat!(
        r#"{"game":"yn28","special_rules":[{"options":["big"],"sums":[14,15],"#,
        r#""action":{"reduced_odds":"1.5"},"stake_min":"100.00"}]}"#
    );
    let rules: GameRules = serde_json::from_str(json).expect("rules");
    assert!(matches!(&rules, GameRules::Yn28(yn28) if *yn28 != Yn28Rules::default()));
    // usa: C(80, 6) draws keep the cross products below compared inside u128.
    let groups = sheet(DrawSource::Yn28(Region::Usa), &rules);
    let big = line(&groups, "big");
    assert_eq!(big.stake, minor(100));
    assert_eq!(big.rtp_from_stake.len(), 1);
    let (from, rtp) = big.rtp_from_stake[0];
    assert_eq!(from, minor(10_000));
    assert!(rtp.numerator() * big.rtp.denominator() < big.rtp.numerator() * rtp.denominator());
    assert!(line(&groups, "small").rtp_from_stake.is_empty(), "the rule names big only");
}
