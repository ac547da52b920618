//! Games, rooms and draw sources. A room is where players bet; a draw source is what draws
//! (and owns a seed chain): one per room, except that a yn28 region's four tier rooms share the
//! region's draw.

use crate::error::AppError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The five games of GAMES.md; options, odds and settlement depend only on this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    K3,
    Pk10,
    Ssc,
    Rgb,
    Yn28,
}

impl Game {
    pub const ALL: [Game; 5] = [Game::K3, Game::Pk10, Game::Ssc, Game::Rgb, Game::Yn28];

    pub fn code(self) -> &'static str {
        match self {
            Game::K3 => "k3",
            Game::Pk10 => "pk10",
            Game::Ssc => "ssc",
            Game::Rgb => "rgb",
            Game::Yn28 => "yn28",
        }
    }
}

/// A yn28 region; each derives its a, b, c differently from its own keno draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    Canada,
    China,
    Usa,
}

impl Region {
    pub const ALL: [Region; 3] = [Region::Canada, Region::China, Region::Usa];

    pub fn code(self) -> &'static str {
        match self {
            Region::Canada => "canada",
            Region::China => "china",
            Region::Usa => "usa",
        }
    }
}

/// A yn28 tier room: its own entry minimum, limits and odds table on the region's draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Ordinary,
    Vip,
    Diamond,
    Supreme,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Ordinary, Tier::Vip, Tier::Diamond, Tier::Supreme];

    pub fn code(self) -> &'static str {
        match self {
            Tier::Ordinary => "ordinary",
            Tier::Vip => "vip",
            Tier::Diamond => "diamond",
            Tier::Supreme => "supreme",
        }
    }
}

/// What draws: the `<room>` of the draw's HMAC message is `code()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DrawSource {
    K3,
    Pk10,
    Ssc,
    /// The RGB rooms of 1, 3 and 5 minutes.
    Rgb(RgbMinutes),
    Yn28(Region),
}

/// The period length of an RGB room, which is also its code's digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RgbMinutes {
    One,
    Three,
    Five,
}

impl DrawSource {
    pub fn all() -> Vec<DrawSource> {
        let fixed = [DrawSource::K3, DrawSource::Pk10, DrawSource::Ssc];
        let rgb = [RgbMinutes::One, RgbMinutes::Three, RgbMinutes::Five].map(DrawSource::Rgb);
        let yn28 = Region::ALL.map(DrawSource::Yn28);
        fixed.into_iter().chain(rgb).chain(yn28).collect()
    }

    pub fn code(self) -> &'static str {
        match self {
            DrawSource::K3 => "k3",
            DrawSource::Pk10 => "pk10",
            DrawSource::Ssc => "ssc",
            DrawSource::Rgb(RgbMinutes::One) => "rgb1",
            DrawSource::Rgb(RgbMinutes::Three) => "rgb3",
            DrawSource::Rgb(RgbMinutes::Five) => "rgb5",
            DrawSource::Yn28(region) => region.code(),
        }
    }

    pub fn game(self) -> Game {
        match self {
            DrawSource::K3 => Game::K3,
            DrawSource::Pk10 => Game::Pk10,
            DrawSource::Ssc => Game::Ssc,
            DrawSource::Rgb(_) => Game::Rgb,
            DrawSource::Yn28(_) => Game::Yn28,
        }
    }

    pub fn parse(code: &str) -> Result<DrawSource, AppError> {
        DrawSource::all()
            .into_iter()
            .find(|source| source.code() == code)
            .ok_or(AppError::BadParams)
    }
}

/// As its code, the way the API and the CLI name it.
impl Serialize for DrawSource {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl fmt::Display for DrawSource {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(self.code())
    }
}

/// A room players bet in (API `room`, CLI): `k3`, `pk10`, `ssc`, `rgb1|3|5`, `<region>_<tier>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Room {
    /// Every room but yn28's draws for itself.
    Single(DrawSource),
    Yn28 {
        region: Region,
        tier: Tier,
    },
}

impl Room {
    pub fn all() -> Vec<Room> {
        let singles = DrawSource::all().into_iter().filter(|source| source.game() != Game::Yn28);
        let tiers = Region::ALL
            .into_iter()
            .flat_map(|region| Tier::ALL.map(|tier| Room::Yn28 { region, tier }));
        singles.map(Room::Single).chain(tiers).collect()
    }

    pub fn code(self) -> String {
        self.to_string()
    }

    pub fn parse(code: &str) -> Result<Room, AppError> {
        Room::all().into_iter().find(|room| room.code() == code).ok_or(AppError::BadParams)
    }

    pub fn game(self) -> Game {
        self.draw_source().game()
    }

    pub fn draw_source(self) -> DrawSource {
        match self {
            Room::Single(source) => source,
            Room::Yn28 { region, .. } => DrawSource::Yn28(region),
        }
    }
}

/// As its code, the way the API and the CLI name it.
impl Serialize for Room {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Room {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Room::Single(source) => formatter.write_str(source.code()),
            Room::Yn28 { region, tier } => write!(formatter, "{}_{}", region.code(), tier.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_codes_round_trip_and_name_their_draw() {
        let rooms = Room::all();
        assert_eq!(rooms.len(), 6 + 12);
        for room in &rooms {
            assert_eq!(Room::parse(&room.code()).ok(), Some(*room));
        }
        let vip = Room::parse("canada_vip").expect("room");
        assert_eq!((vip.game(), vip.draw_source().code()), (Game::Yn28, "canada"));
        assert_eq!(
            Room::parse("rgb3").map(Room::draw_source).ok(),
            Some(DrawSource::Rgb(RgbMinutes::Three))
        );
    }

    #[test]
    fn unknown_rooms_and_sources_are_refused() {
        for code in ["", "K3", "canada", "canada_", "mars_vip", "rgb2", "k3 "] {
            assert!(Room::parse(code).is_err(), "{code}");
        }
        assert!(DrawSource::parse("canada_vip").is_err());
        assert_eq!(DrawSource::parse("usa").ok(), Some(DrawSource::Yn28(Region::Usa)));
    }
}
