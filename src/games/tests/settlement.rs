//! Settlement and payouts through the public API: `settle(bet, draw, rules)` and
//! `payout(stake, outcome, rules)`, including every edge rule of GAMES.md.

use crate::games::rules::draw::Draw;
use crate::games::rules::k3::{Dice, K3Rules};
use crate::games::rules::odds::Odds;
use crate::games::rules::options::BetOption;
use crate::games::rules::rgb::RgbNumber;
use crate::games::rules::room::{Game, Region};
use crate::games::rules::settle::{GameRules, Outcome, PlacedBet, payout, settle, wagered};
use crate::games::rules::yn28::Yn28Draw;
use crate::money::Money;

fn minor(amount: i64) -> Money {
    Money::from_minor(amount).expect("in range")
}

fn odds(text: &str) -> Odds {
    Odds::parse(text).expect("odds")
}

fn bet(game: Game, code: &str, stake: Money) -> PlacedBet {
    let option = BetOption::parse(game, code).expect("option");
    PlacedBet { option, odds: option.default_odds(), stake }
}

fn k3_draw(faces: [u8; 3]) -> Draw {
    Draw::K3(Dice::new(faces).expect("dice"))
}

#[test]
fn a_winning_k3_bet_pays_stake_times_placed_odds_rounded_down() {
    let rules = GameRules::defaults(Game::K3);
    let big = bet(Game::K3, "big", minor(1001));
    let outcome = settle(&big, &k3_draw([6, 5, 1]), &rules).expect("same game");
    assert_eq!(outcome, Outcome::Win(odds("1.95")));
    assert_eq!(payout(big.stake, outcome, &rules), Some(minor(1951)), "19.5195 -> 19.51");
    let straight = bet(Game::K3, "straight", minor(333));
    let outcome = settle(&straight, &k3_draw([2, 4, 3]), &rules).expect("same game");
    assert_eq!(payout(straight.stake, outcome, &rules), Some(minor(2620)), "26.2071 -> 26.20");
}

#[test]
fn the_k3_triples_flag_is_read_from_the_room_rules() {
    let strict = GameRules::K3(K3Rules { triples_lose_big_small: true });
    let plain = GameRules::defaults(Game::K3);
    let big = bet(Game::K3, "big", minor(100));
    assert_eq!(settle(&big, &k3_draw([5, 5, 5]), &strict).ok(), Some(Outcome::Lose));
    assert_eq!(settle(&big, &k3_draw([5, 5, 5]), &plain).ok(), Some(Outcome::Win(big.odds)));
}

#[test]
fn refunds_return_the_whole_stake_and_losses_nothing() {
    let rules = GameRules::defaults(Game::Pk10);
    assert_eq!(payout(minor(1234), Outcome::Refund, &rules), Some(minor(1234)));
    assert_eq!(payout(minor(1234), Outcome::Lose, &rules), Some(Money::ZERO));
}

#[test]
fn rgb_takes_the_fee_first_and_pays_on_the_net_stake() {
    let rules = GameRules::defaults(Game::Rgb);
    let stake = minor(10_000);
    assert_eq!(rules.service_fee(stake), minor(200));
    assert_eq!(wagered(stake, &rules), Some(minor(9_800)));
    // (code, number, payout of 100.00): net 98.00 x 2, x 1.5, x 4.5, x 9.
    let cases = [
        ("red", 2, 19_600),
        ("red", 0, 14_700),
        ("red", 5, 0),
        ("green", 9, 19_600),
        ("green", 5, 14_700),
        ("green", 0, 0),
        ("violet", 0, 44_100),
        ("violet", 5, 44_100),
        ("violet", 6, 0),
        ("num_7", 7, 88_200),
        ("num_7", 8, 0),
        ("big", 5, 19_600),
        ("small", 4, 19_600),
        ("small", 5, 0),
    ];
    for (code, number, expected) in cases {
        let placed = bet(Game::Rgb, code, stake);
        let draw = Draw::Rgb(RgbNumber::new(number).expect("number"));
        let outcome = settle(&placed, &draw, &rules).expect("same game");
        assert_eq!(payout(stake, outcome, &rules), Some(minor(expected)), "{code} on {number}");
    }
}

#[test]
fn rgb_fees_round_up_so_net_stakes_round_down() {
    let rules = GameRules::defaults(Game::Rgb);
    // 1.49 at 2 % is 0.0298: the fee is 0.03, 1.46 plays, red pays 2.92.
    assert_eq!(rules.service_fee(minor(149)), minor(3));
    assert_eq!(payout(minor(149), Outcome::Win(odds("2")), &rules), Some(minor(292)));
    assert_eq!(GameRules::defaults(Game::K3).service_fee(minor(149)), Money::ZERO);
}

fn yn28_draw(keno: &str) -> Draw {
    let numbers = keno.split(' ').map(|number| number.parse().expect("number")).collect();
    Draw::Yn28(Yn28Draw::new(Region::Usa, numbers).expect("keno"))
}

#[test]
fn yn28_13_14_rule_reduces_refunds_and_leaves_the_rest() {
    let rules = GameRules::defaults(Game::Yn28);
    let stake = minor(10_000);
    // usa: a = (N1 + N6), b = (N2 + N4), c = (N3 + N5), mod 10: 7 + 6 + 0 and 0 + 6 + 8.
    let thirteen = yn28_draw("1 2 3 4 7 16");
    let fourteen = yn28_draw("1 2 3 4 5 9");
    let digits = |draw: &Draw| match draw {
        Draw::Yn28(draw) => draw.digits().sum(),
        _ => 0,
    };
    assert_eq!((digits(&thirteen), digits(&fourteen)), (13, 14));
    let reduced = Outcome::WinReduced(odds("1.6"));
    let cases = [
        (&thirteen, "small", reduced),
        (&thirteen, "odd", reduced),
        (&thirteen, "big", Outcome::Lose),
        (&thirteen, "even", Outcome::Lose),
        (&thirteen, "small_odd", Outcome::Refund),
        (&thirteen, "big_even", Outcome::Lose),
        (&thirteen, "sum_13", Outcome::Win(odds("13.2"))),
        (&fourteen, "big", reduced),
        (&fourteen, "even", reduced),
        (&fourteen, "small", Outcome::Lose),
        (&fourteen, "big_even", Outcome::Refund),
        (&fourteen, "small_odd", Outcome::Lose),
        (&fourteen, "big_odd", Outcome::Lose),
        (&fourteen, "sum_14", Outcome::Win(odds("13.2"))),
    ];
    for (draw, code, expected) in cases {
        let placed = bet(Game::Yn28, code, stake);
        assert_eq!(settle(&placed, draw, &rules).ok(), Some(expected), "{code}");
    }
    assert_eq!(payout(stake, reduced, &rules), Some(minor(16_000)));
}

#[test]
fn mixing_games_is_an_internal_error_not_a_refund() {
    let k3 = GameRules::defaults(Game::K3);
    let rgb_bet = bet(Game::Rgb, "red", minor(100));
    let error = settle(&rgb_bet, &k3_draw([1, 2, 3]), &k3).expect_err("mixed games");
    assert_eq!(error.key(), "internal");
    let k3_bet = bet(Game::K3, "big", minor(100));
    let rgb_rules = GameRules::defaults(Game::Rgb);
    assert!(settle(&k3_bet, &k3_draw([1, 2, 3]), &rgb_rules).is_err());
}

#[test]
fn rules_round_trip_through_json() {
    for game in Game::ALL {
        let rules = GameRules::defaults(game);
        let json = serde_json::to_string(&rules).expect("json");
        assert_eq!(serde_json::from_str::<GameRules>(&json).ok().as_ref(), Some(&rules), "{json}");
    }
    let json = serde_json::to_string(&GameRules::defaults(Game::Rgb)).expect("json");
    assert_eq!(
        json,
        r#"{"game":"rgb","service_fee_bp":200,"red_on_zero":"1.5","green_on_five":"1.5"}"#
    );
}
