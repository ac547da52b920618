//! The long-dragon board (`api/cc/long`, GAMES.md "Long dragon board"): each two- or
//! three-way option's current run of wins, read from the latest draws.

use crate::error::AppError;
use crate::games::fairness::drawing;
use crate::games::rooms;
use crate::games::rules::draw::Draw;
use crate::games::rules::options::{BetOption, options};
use crate::games::rules::room::{DrawSource, Room};
use crate::games::rules::settle::{self, GameRules, Outcome, PlacedBet};
use crate::money::Money;
use anyhow::Context;
use rusqlite::Connection;
use serde::Serialize;

/// One run on the long-dragon board: `option` won the last `length` draws up to `issue`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LongRun {
    pub room: String,
    pub game: String,
    pub option: String,
    pub length: u32,
    pub issue: String,
}

/// Draws the board looks back over; a longer run shows as this length.
pub const LONG_SCAN_DRAWS: u32 = 100;

/// Every two- or three-way option's current run of wins of at least `min` draws, across every
/// draw source (a yn28 region once, under its ordinary room), longest first. A refund, a tie
/// or a loss ends a run.
pub fn long_runs(connection: &Connection, min: u32) -> Result<Vec<LongRun>, AppError> {
    let mut runs = Vec::new();
    for source in DrawSource::all() {
        runs.extend(source_long_runs(connection, source, min)?);
    }
    runs.sort_by(|a, b| b.length.cmp(&a.length).then_with(|| a.room.cmp(&b.room)));
    Ok(runs)
}

/// The runs of at least `min` draws of one draw source (under its first room: a yn28
/// region's ordinary room), in option order.
pub fn source_long_runs(
    connection: &Connection,
    source: DrawSource,
    min: u32,
) -> Result<Vec<LongRun>, AppError> {
    let Some(room) = Room::all().into_iter().find(|room| room.draw_source() == source) else {
        return Ok(Vec::new());
    };
    let rules = rooms::rules_text(connection, room)?;
    let rules: GameRules = serde_json::from_str(&rules).context("while decoding rules")?;
    let draws = drawing::latest_draws(connection, source, LONG_SCAN_DRAWS)?;
    let Some((latest, _)) = draws.first() else { return Ok(Vec::new()) };
    let mut runs = Vec::new();
    for option in options(source.game()).into_iter().filter(on_long_board) {
        let length = winning_run(option, &draws, &rules)?;
        if length >= min {
            runs.push(LongRun {
                room: room.code(),
                game: source.game().code().into(),
                option: option.code(),
                length,
                issue: latest.clone(),
            });
        }
    }
    Ok(runs)
}

/// How many of `draws` (newest first) in a row `option` won.
fn winning_run(
    option: BetOption,
    draws: &[(String, Draw)],
    rules: &GameRules,
) -> Result<u32, AppError> {
    let bet = PlacedBet { option, odds: option.default_odds(), stake: Money::from_minor(10_000)? };
    let mut length = 0;
    for (_, draw) in draws {
        match settle::settle(&bet, draw, rules)? {
            Outcome::Win(_) | Outcome::WinReduced(_) => length += 1,
            Outcome::Lose | Outcome::Refund => break,
        }
    }
    Ok(length)
}

/// Two- and three-way options: big/small, odd/even, dragon/tiger (per position, ball, sum or
/// total) and the yn28 combinations.
fn on_long_board(option: &BetOption) -> bool {
    const SIDES: [&str; 10] = [
        "big",
        "small",
        "odd",
        "even",
        "dragon",
        "tiger",
        "big_odd",
        "big_even",
        "small_odd",
        "small_even",
    ];
    let code = option.code();
    let side = code
        .split_once('_')
        .filter(|(head, _)| {
            let digits = head.get(1..).is_some_and(|rest| {
                !rest.is_empty() && rest.bytes().all(|byte| byte.is_ascii_digit())
            });
            (head.starts_with('p') || head.starts_with('b')) && digits
                || ["sum", "total"].contains(head)
        })
        .map_or(code.as_str(), |(_, side)| side);
    SIDES.contains(&side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::room::Game;

    #[test]
    fn the_long_board_takes_two_and_three_way_options_only() {
        let codes = |game| -> Vec<String> {
            options(game).into_iter().filter(on_long_board).map(|option| option.code()).collect()
        };
        assert_eq!(codes(Game::K3), ["big", "small", "odd", "even"]);
        assert_eq!(codes(Game::Rgb), ["big", "small"]);
        let pk10 = codes(Game::Pk10);
        assert_eq!(pk10.len(), 10 * 4 + 5 * 2 + 4);
        assert!(pk10.contains(&"p10_odd".to_string()) && pk10.contains(&"sum_even".to_string()));
        let ssc = codes(Game::Ssc);
        assert_eq!(ssc.len(), 5 * 4 + 4 + 2);
        let yn28 = codes(Game::Yn28);
        assert_eq!(yn28.len(), 8);
        assert!(!yn28.contains(&"extreme_big".to_string()));
    }
}
