//! A room's odds table: the odds of every option of its game, as data a room can store.

use crate::error::AppError;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::{BetOption, options};
use crate::games::rules::room::{DrawSource, Game, Room};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Odds for every option of one game, in rules-page order. Stored as
/// `{"game":"k3","odds":{"sum_3":"189",...}}`; a stored table must name every option exactly
/// once, so a bet never meets an option without odds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "OddsTableFields")]
pub struct OddsTable {
    game: Game,
    entries: Vec<(BetOption, Odds)>,
}

#[derive(Deserialize)]
struct OddsTableFields {
    game: Game,
    odds: BTreeMap<String, Odds>,
}

impl OddsTable {
    /// GAMES.md's defaults for `game`.
    pub fn defaults(game: Game) -> OddsTable {
        let entries = options(game).into_iter().map(|option| (option, option.default_odds()));
        OddsTable { game, entries: entries.collect() }
    }

    /// The odds `room` opens with: GAMES.md's for its game, and for a yn28 room its region's
    /// sums (`Yn28Option::region_odds`).
    pub fn room_defaults(room: Room) -> OddsTable {
        let game = room.game();
        let region = match room.draw_source() {
            DrawSource::Yn28(region) => Some(region),
            _ => None,
        };
        let entries = options(game).into_iter().map(|option| match (option, region) {
            (BetOption::Yn28(yn28), Some(region)) => (option, yn28.region_odds(region)),
            _ => (option, option.default_odds()),
        });
        OddsTable { game, entries: entries.collect() }
    }

    /// From option codes; refuses an unknown code or a missing option.
    pub fn parse(game: Game, odds: &BTreeMap<String, Odds>) -> Result<OddsTable, AppError> {
        let all = options(game);
        if odds.len() != all.len() {
            return Err(AppError::BadParams);
        }
        let entries = all
            .into_iter()
            .map(|option| odds.get(&option.code()).map(|odds| (option, *odds)))
            .collect::<Option<Vec<_>>>()
            .ok_or(AppError::BadParams)?;
        Ok(OddsTable { game, entries })
    }

    pub fn game(&self) -> Game {
        self.game
    }

    /// The odds of `option`; None when it belongs to another game.
    pub fn odds(&self, option: BetOption) -> Option<Odds> {
        self.entries.iter().find(|(entry, _)| *entry == option).map(|(_, odds)| *odds)
    }

    /// Every option and its odds, in rules-page order.
    pub fn entries(&self) -> &[(BetOption, Odds)] {
        &self.entries
    }

    /// The same table with `option` at `odds`.
    pub fn with_odds(mut self, option: BetOption, odds: Odds) -> Result<OddsTable, AppError> {
        let entry = self.entries.iter_mut().find(|(entry, _)| *entry == option);
        let (_, slot) = entry.ok_or(AppError::BadParams)?;
        *slot = odds;
        Ok(self)
    }
}

impl TryFrom<OddsTableFields> for OddsTable {
    type Error = String;

    fn try_from(fields: OddsTableFields) -> Result<OddsTable, String> {
        OddsTable::parse(fields.game, &fields.odds).map_err(|_| {
            format!("the {} odds table must list every option exactly once", fields.game.code())
        })
    }
}

impl Serialize for OddsTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct InOrder<'a>(&'a [(BetOption, Odds)]);
        impl Serialize for InOrder<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_map(self.0.iter().map(|(option, odds)| (option.code(), odds)))
            }
        }
        let mut table = serializer.serialize_struct("OddsTable", 2)?;
        table.serialize_field("game", &self.game)?;
        table.serialize_field("odds", &InOrder(&self.entries))?;
        table.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_tables_round_trip_through_json_in_rules_page_order() {
        for game in Game::ALL {
            let table = OddsTable::defaults(game);
            let json = serde_json::to_string(&table).expect("json");
            assert_eq!(serde_json::from_str::<OddsTable>(&json).ok().as_ref(), Some(&table));
            let first = table.entries()[0].0.code();
            let expected = format!("{{\"game\":\"{}\",\"odds\":{{\"{first}\":", game.code());
            assert!(json.starts_with(&expected), "{json}");
        }
    }

    #[test]
    fn a_stored_table_must_name_every_option_once() {
        let table = OddsTable::defaults(Game::Rgb);
        let mut odds: BTreeMap<String, Odds> =
            table.entries().iter().map(|(option, odds)| (option.code(), *odds)).collect();
        assert_eq!(OddsTable::parse(Game::Rgb, &odds).ok().as_ref(), Some(&table));
        assert!(OddsTable::parse(Game::K3, &odds).is_err(), "another game's codes");
        odds.remove("violet");
        assert!(OddsTable::parse(Game::Rgb, &odds).is_err(), "missing violet");
        odds.insert("indigo".to_owned(), Odds::MIN);
        assert!(OddsTable::parse(Game::Rgb, &odds).is_err(), "unknown code");
        let json = r#"{"game":"rgb","odds":{"red":"2"}}"#;
        assert!(serde_json::from_str::<OddsTable>(json).is_err());
    }

    #[test]
    fn odds_can_be_changed_per_option_and_looked_up() {
        let big = BetOption::parse(Game::K3, "big").expect("option");
        let lower = Odds::parse("1.9").expect("odds");
        let table = OddsTable::defaults(Game::K3).with_odds(big, lower).expect("table");
        assert_eq!(table.odds(big), Some(lower));
        let small = BetOption::parse(Game::K3, "small").expect("option");
        assert_eq!(table.odds(small), Odds::parse("1.95").ok());
        let red = BetOption::parse(Game::Rgb, "red").expect("option");
        assert_eq!(table.odds(red), None);
        assert!(table.with_odds(red, lower).is_err());
    }
}
