//! The game lists (pages/jogos/index and game-details) and the home page's game entries: every
//! room with the period open now, from the same `schedule::open_period` the room pages and
//! their live streams read, so a list and a room never disagree on a countdown; and one room's
//! index (its open period and latest result) and the chain drawing it, for the room page.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::chains::{self, ChainInfo};
use crate::games::fairness::drawing;
use crate::games::rooms::{self, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{Game, Room};
use crate::games::schedule::{self, OpenPeriod};
use crate::money::Money;
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;

/// One room with its open period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LiveRoom {
    pub room: String,
    #[schema(value_type = String, example = "k3")]
    pub game: Game,
    /// The period open now.
    pub issue: String,
    /// Betting on `issue` is accepted strictly before this (Unix seconds).
    #[schema(value_type = i64)]
    pub close_at: Timestamp,
    #[schema(value_type = i64)]
    pub draw_at: Timestamp,
    pub period_secs: i64,
    /// False while the operator has closed the room.
    pub is_open: bool,
    /// The game balance needed to enter (yn28 tier rooms; "0.00" elsewhere).
    #[schema(value_type = String, example = "0.00")]
    pub entry_min: Money,
}

impl LiveRoom {
    /// Open, and its period still takes bets at `now`.
    pub fn takes_bets(&self, now: Timestamp) -> bool {
        self.is_open && now < self.close_at
    }
}

/// Every room (in `Room::all` order) of `game`, or of every game when `None`, with the period
/// open at `now`. A handful of indexed reads per room: the list is the fixed set of rooms.
pub fn live_rooms(
    connection: &Connection,
    game: Option<Game>,
    timezone: Tz,
    now: Timestamp,
) -> Result<Vec<LiveRoom>, AppError> {
    Room::all()
        .into_iter()
        .filter(|room| game.is_none_or(|game| room.game() == game))
        .map(|room| {
            let (settings, _, _) = rooms::room_settings_text(connection, room)?;
            let period = schedule::open_period(connection, &settings, timezone, now)?;
            Ok(LiveRoom {
                room: room.code(),
                game: room.game(),
                issue: period.issue.to_string(),
                close_at: period.close_at,
                draw_at: period.draw_at,
                period_secs: period.period_secs,
                is_open: settings.is_open,
                entry_min: Money::from_minor(settings.entry_min)?,
            })
        })
        .collect()
}

/// One game on the home page: its rooms with their periods, and how many take bets now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct GameEntry {
    #[schema(value_type = String, example = "k3")]
    pub game: Game,
    pub taking_bets: i64,
    pub rooms: Vec<LiveRoom>,
}

/// `rooms` grouped by game in `Game::ALL` order (games without a room left out).
pub fn game_entries(rooms: Vec<LiveRoom>, now: Timestamp) -> Vec<GameEntry> {
    let mut entries: Vec<GameEntry> = Game::ALL
        .into_iter()
        .map(|game| GameEntry { game, taking_bets: 0, rooms: Vec::new() })
        .collect();
    for room in rooms {
        if let Some(entry) = entries.iter_mut().find(|entry| entry.game == room.game) {
            entry.taking_bets += i64::from(room.takes_bets(now));
            entry.rooms.push(room);
        }
    }
    entries.retain(|entry| !entry.rooms.is_empty());
    entries
}

/// The game a `game` parameter names (`k3`, `pk10`, `ssc`, `rgb`, `yn28`): `bad_params` else.
pub fn parse_game(code: &str) -> Result<Game, AppError> {
    Game::ALL.into_iter().find(|game| game.code() == code).ok_or(AppError::BadParams)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(code: &str, game: Game, is_open: bool, close_at: i64) -> LiveRoom {
        LiveRoom {
            room: code.into(),
            game,
            issue: "202601010001".into(),
            close_at: Timestamp::from_secs(close_at),
            draw_at: Timestamp::from_secs(close_at + 10),
            period_secs: 60,
            is_open,
            entry_min: Money::ZERO,
        }
    }

    #[test]
    fn a_game_counts_the_open_rooms_whose_period_still_takes_bets() {
        let now = Timestamp::from_secs(100);
        let rooms = vec![
            room("rgb1", Game::Rgb, true, 150),
            room("rgb3", Game::Rgb, false, 150),
            room("rgb5", Game::Rgb, true, 100),
            room("k3", Game::K3, true, 101),
        ];

        let entries = game_entries(rooms, now);

        let summary: Vec<_> = entries
            .iter()
            .map(|entry| (entry.game, entry.taking_bets, entry.rooms.len()))
            .collect();
        assert_eq!(summary, vec![(Game::K3, 1, 1), (Game::Rgb, 1, 3)]);
    }

    #[test]
    fn game_codes_parse_and_others_are_refused() {
        assert_eq!(parse_game("pk10").ok(), Some(Game::Pk10));
        for code in ["", "K3", "rgb1", "yn"] {
            assert!(parse_game(code).is_err(), "{code}");
        }
    }
}

/// What `api/roominfo/index` shows: the room, its open period and the latest result.
#[derive(Clone, Debug)]
pub struct RoomIndex {
    pub settings: RoomSettings,
    pub period: OpenPeriod,
    pub last: Option<(Issue, Value)>,
}

/// The room's settings, the period open at `now` and the latest result.
pub fn room_index(
    connection: &Connection,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<RoomIndex, AppError> {
    let settings = rooms::room_settings(connection, room)?;
    let period = schedule::open_period(connection, &settings, timezone, now)?;
    let last = drawing::latest_draw(connection, room.draw_source())?;
    Ok(RoomIndex { settings, period, last })
}

/// The chain that draws the period of `room` open at `now` (published before its first
/// period); `NotFound` before the scheduler committed one.
pub fn current_chain(
    connection: &Connection,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<ChainInfo, AppError> {
    chains::chain_at(connection, room.draw_source(), timezone, now)?.ok_or(AppError::NotFound)
}
