//! Bet options across games. Every option has one stable lower-case code (GAMES.md "Codes"),
//! shared by backend, frontend and API clients; parsing is the exact inverse of `code()` over a
//! game's full option list, so no other spelling is ever accepted.

use crate::error::AppError;
use crate::games::rules::odds::Odds;
use crate::games::rules::room::Game;
use crate::games::rules::{k3, pk10, rgb, ssc, yn28};
use std::collections::HashMap;
use std::fmt;

/// The two-way halves most games offer on some value; what "big" means is the game's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Big,
    Small,
    Odd,
    Even,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Big, Side::Small, Side::Odd, Side::Even];

    pub fn code(self) -> &'static str {
        match self {
            Side::Big => "big",
            Side::Small => "small",
            Side::Odd => "odd",
            Side::Even => "even",
        }
    }

    /// Whether `value` is on this side, with big meaning `value >= big_from`.
    pub(crate) fn holds(self, value: u8, big_from: u8) -> bool {
        match self {
            Side::Big => value >= big_from,
            Side::Small => value < big_from,
            Side::Odd => value % 2 == 1,
            Side::Even => value.is_multiple_of(2),
        }
    }
}

/// An option of some game. Build one with `parse`; the game's enum inside is valid by
/// construction (e.g. a K3 sum is in 3..=18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BetOption {
    K3(k3::K3Option),
    Pk10(pk10::Pk10Option),
    Ssc(ssc::SscOption),
    Rgb(rgb::RgbOption),
    Yn28(yn28::Yn28Option),
}

impl BetOption {
    pub fn parse(game: Game, code: &str) -> Result<BetOption, AppError> {
        match game {
            Game::K3 => k3::K3Option::parse(code).map(BetOption::K3),
            Game::Pk10 => pk10::Pk10Option::parse(code).map(BetOption::Pk10),
            Game::Ssc => ssc::SscOption::parse(code).map(BetOption::Ssc),
            Game::Rgb => rgb::RgbOption::parse(code).map(BetOption::Rgb),
            Game::Yn28 => yn28::Yn28Option::parse(code).map(BetOption::Yn28),
        }
    }

    pub fn game(self) -> Game {
        match self {
            BetOption::K3(_) => Game::K3,
            BetOption::Pk10(_) => Game::Pk10,
            BetOption::Ssc(_) => Game::Ssc,
            BetOption::Rgb(_) => Game::Rgb,
            BetOption::Yn28(_) => Game::Yn28,
        }
    }

    pub fn code(self) -> String {
        match self {
            BetOption::K3(option) => option.code(),
            BetOption::Pk10(option) => option.code(),
            BetOption::Ssc(option) => option.code(),
            BetOption::Rgb(option) => option.code(),
            BetOption::Yn28(option) => option.code(),
        }
    }

    /// GAMES.md's default odds of this option.
    pub fn default_odds(self) -> Odds {
        match self {
            BetOption::K3(option) => option.default_odds(),
            BetOption::Pk10(option) => option.default_odds(),
            BetOption::Ssc(option) => option.default_odds(),
            BetOption::Rgb(option) => option.default_odds(),
            BetOption::Yn28(option) => option.default_odds(),
        }
    }
}

impl fmt::Display for BetOption {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.code())
    }
}

/// Every option of `game`, in the order of GAMES.md's table (the rules page lists them so).
pub fn options(game: Game) -> Vec<BetOption> {
    match game {
        Game::K3 => k3::K3Option::all().into_iter().map(BetOption::K3).collect(),
        Game::Pk10 => pk10::Pk10Option::all().into_iter().map(BetOption::Pk10).collect(),
        Game::Ssc => ssc::SscOption::all().into_iter().map(BetOption::Ssc).collect(),
        Game::Rgb => rgb::RgbOption::all().into_iter().map(BetOption::Rgb).collect(),
        Game::Yn28 => yn28::Yn28Option::all().into_iter().map(BetOption::Yn28).collect(),
    }
}

/// Every option code of `game` with its default odds, in rules-page order.
pub fn option_codes_with_default_odds(game: Game) -> Vec<(String, Odds)> {
    options(game).into_iter().map(|option| (option.code(), option.default_odds())).collect()
}

/// The code -> option map a game's `parse` looks codes up in (built once per game).
pub(crate) fn index_by_code<T: Copy>(
    options: Vec<T>,
    code: fn(&T) -> String,
) -> HashMap<String, T> {
    options.into_iter().map(|option| (code(&option), option)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_code_parses_back_to_its_option_and_codes_are_unique() {
        for game in Game::ALL {
            let all = options(game);
            let codes: HashSet<String> = all.iter().map(|option| option.code()).collect();
            assert_eq!(codes.len(), all.len(), "{game:?} codes are unique");
            for option in all {
                assert_eq!(BetOption::parse(game, &option.code()).ok(), Some(option));
                assert_eq!(option.game(), game);
                let code = option.code();
                let lower =
                    code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
                assert!(lower, "{code} is lower-case ASCII");
            }
        }
    }

    #[test]
    fn each_game_offers_the_expected_number_of_options() {
        let counts = Game::ALL.map(|game| options(game).len());
        // K3 16 sums + 4 + any triple + 6 triples + 6 pairs + 30 pair+single + 20 three
        // different + 15 two different + straight + 6 dice; PK10 100 cars + 40 position sides
        // + 10 dragon/tiger + 17 sums + 4; SSC 50 digits + 20 + 4 + 3 + 15 shapes; RGB 15;
        // yn28 13 + 28 sums.
        assert_eq!(counts, [105, 171, 92, 15, 41]);
    }

    #[test]
    fn unknown_or_non_canonical_codes_are_refused() {
        let cases = [
            (Game::K3, "sum_2"),
            (Game::K3, "sum_03"),
            (Game::K3, "BIG"),
            (Game::K3, "pair_1_single_1"),
            (Game::K3, "three_diff_321"),
            (Game::K3, "two_diff_11"),
            (Game::Pk10, "p6_dragon"),
            (Game::Pk10, "p11_big"),
            (Game::Pk10, "p1_car_0"),
            (Game::Pk10, "sum_20"),
            (Game::Ssc, "b6_1"),
            (Game::Ssc, "b1_10"),
            (Game::Ssc, "front_halfstraight"),
            (Game::Rgb, "num_10"),
            (Game::Rgb, "odd"),
            (Game::Yn28, "sum_28"),
            (Game::Yn28, "big "),
            (Game::Yn28, ""),
        ];
        for (game, code) in cases {
            assert!(BetOption::parse(game, code).is_err(), "{game:?} {code}");
        }
    }

    #[test]
    fn default_odds_match_a_sample_of_games_md() {
        let odds = |game, code| BetOption::parse(game, code).map(BetOption::default_odds).ok();
        let expect = |text| Odds::parse(text).ok();
        let cases = [
            (Game::K3, "sum_9", "7.65"),
            (Game::K3, "straight", "7.87"),
            (Game::K3, "die_4", "2.05"),
            (Game::Pk10, "sum_11", "7"),
            (Game::Pk10, "p10_car_10", "9.9"),
            (Game::Ssc, "tie", "9.4"),
            (Game::Ssc, "back_half_straight", "2.3"),
            (Game::Rgb, "violet", "4.5"),
            (Game::Yn28, "sum_27", "1000"),
            (Game::Yn28, "sum_13", "13.2"),
            (Game::Yn28, "small_even", "4.2"),
        ];
        for (game, code, text) in cases {
            assert_eq!(odds(game, code), expect(text), "{game:?} {code}");
        }
    }
}
