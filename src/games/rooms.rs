//! The `rooms` table: each room's draw source, period, betting close, entry minimum, open
//! flag, odds table, rules and bet limits (seeded with GAMES.md's defaults by migration V3).
//! The only code that touches it; what a room's row means over time (its open period, a
//! change of period or close) is `schedule` and `room_changes`, above it.

use crate::db::Tx;
use crate::error::AppError;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Game, Room};
use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

/// A room's row as stored, its codes parsed.
#[derive(Clone, Debug, Serialize)]
pub struct RoomSettings {
    pub room: Room,
    pub game: Game,
    pub draw_source: DrawSource,
    pub period_secs: i64,
    pub close_secs: i64,
    pub is_open: bool,
    /// Minor units.
    pub entry_min: i64,
    pub rule_version: i64,
    pub odds: Value,
    pub rules: Value,
    /// A pending change of `close_secs` (`admin room update --close`), until it applies to
    /// every period the schedule can still open.
    pub close_change: Option<CloseChange>,
}

/// The periods before `from_issue` keep the close they had when the change was made.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CloseChange {
    pub close_secs_before: i64,
    #[serde(serialize_with = "issue_text")]
    pub from_issue: Issue,
}

fn issue_text<S: serde::Serializer>(issue: &Issue, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(issue)
}

impl RoomSettings {
    pub fn entry_min_text(&self) -> String {
        crate::money::format_signed(self.entry_min)
    }

    /// The betting close of `issue`: `close_secs`, except for the periods before the one a
    /// close change applies from, which keep the close they had.
    pub fn close_secs_of(&self, issue: Issue) -> i64 {
        match self.close_change {
            Some(change) if issue < change.from_issue => change.close_secs_before,
            _ => self.close_secs,
        }
    }
}

const ROOM_COLUMNS: &str = "room, game, draw_source, period_secs, close_secs, is_open, entry_min,
    rule_version, close_secs_before, close_from_issue, odds_json, rules_json";

/// The row's settings, with its odds and rules as text (left `Null` in the settings).
type RoomRow = (RoomSettings, String, String);

/// A row's columns as stored, before its codes and close change are parsed.
struct StoredRoom {
    codes: [String; 3],
    period_secs: i64,
    close_secs: i64,
    is_open: bool,
    entry_min: i64,
    rule_version: i64,
    close_change: (Option<i64>, Option<String>),
    texts: (String, String),
}

fn stored_room(row: &rusqlite::Row) -> rusqlite::Result<StoredRoom> {
    Ok(StoredRoom {
        codes: [row.get(0)?, row.get(1)?, row.get(2)?],
        period_secs: row.get(3)?,
        close_secs: row.get(4)?,
        is_open: row.get(5)?,
        entry_min: row.get(6)?,
        rule_version: row.get(7)?,
        close_change: (row.get(8)?, row.get(9)?),
        texts: (row.get(10)?, row.get(11)?),
    })
}

/// Parses the codes (a room stored under another game or draw than its code names is refused)
/// and the pending close change.
fn parsed(stored: StoredRoom) -> Result<RoomRow, AppError> {
    let [code, game, draw_source] = &stored.codes;
    let room = Room::parse(code).context("a stored room code is unknown")?;
    if room.game().code() != game || room.draw_source().code() != draw_source {
        return Err(anyhow::anyhow!("room {code} is stored with another game or draw").into());
    }
    let close_change = match stored.close_change {
        (Some(close_secs_before), Some(from)) => Some(CloseChange {
            close_secs_before,
            from_issue: Issue::parse(&from).context("a stored close change's issue")?,
        }),
        _ => None,
    };
    let settings = RoomSettings {
        room,
        game: room.game(),
        draw_source: room.draw_source(),
        period_secs: stored.period_secs,
        close_secs: stored.close_secs,
        is_open: stored.is_open,
        entry_min: stored.entry_min,
        rule_version: stored.rule_version,
        odds: Value::Null,
        rules: Value::Null,
        close_change,
    };
    Ok((settings, stored.texts.0, stored.texts.1))
}

fn with_json((mut settings, odds, rules): RoomRow) -> Result<RoomSettings, AppError> {
    settings.odds = serde_json::from_str(&odds).context("while decoding a room's odds")?;
    settings.rules = serde_json::from_str(&rules).context("while decoding a room's rules")?;
    Ok(settings)
}

/// Every room, in `Room::all` order.
pub fn list_rooms(connection: &Connection) -> Result<Vec<RoomSettings>, AppError> {
    Room::all().into_iter().map(|room| room_settings(connection, room)).collect()
}

/// One room's settings.
pub fn room_settings(connection: &Connection, room: Room) -> Result<RoomSettings, AppError> {
    with_json(room_settings_text(connection, room)?)
}

/// One room's settings with its odds and rules as stored text (left `Null` in the settings),
/// for callers that parse them into their own types.
pub fn room_settings_text(connection: &Connection, room: Room) -> Result<RoomRow, AppError> {
    let sql = format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE room = ?1");
    let row = connection
        .prepare_cached(&sql)?
        .query_row([room.code()], stored_room)
        .optional()
        .context("while reading a room")?;
    parsed(row.ok_or(AppError::NotFound)?)
}

/// Whether `room` takes bets, and the rule version its odds and rules are at.
pub fn open_state(connection: &Connection, room: Room) -> Result<(bool, i64), AppError> {
    Ok(connection
        .prepare_cached("SELECT is_open, rule_version FROM rooms WHERE room = ?1")?
        .query_row([room.code()], |row| Ok((row.get(0)?, row.get(1)?)))?)
}

/// The rooms of `source` closed by the operator.
pub fn closed_rooms(connection: &Connection, source: DrawSource) -> Result<Vec<String>, AppError> {
    let rooms = connection
        .prepare_cached("SELECT room FROM rooms WHERE draw_source = ?1 AND NOT is_open")?
        .query_map([source.code()], |row| row.get(0))?
        .collect::<Result<_, _>>()
        .context("while reading the closed rooms of a draw source")?;
    Ok(rooms)
}

/// The stored rules of `room` as text (`rules_json`).
pub fn rules_text(connection: &Connection, room: Room) -> Result<String, AppError> {
    Ok(connection
        .prepare_cached("SELECT rules_json FROM rooms WHERE room = ?1")?
        .query_row([room.code()], |row| row.get(0))?)
}

/// The stored bet limits of `room` as text (`limits_json`, `games::limits` parses them).
pub fn limits_text(connection: &Connection, room: Room) -> Result<String, AppError> {
    let text: Option<String> = connection
        .prepare_cached("SELECT limits_json FROM rooms WHERE room = ?1")?
        .query_row([room.code()], |row| row.get(0))
        .optional()
        .context("while reading a room's limits")?;
    text.ok_or(AppError::NotFound)
}

/// Stores the bet limits of `room` (`text` as `games::limits` encodes them).
pub fn set_limits_text(tx: &Tx, room: Room, text: &str) -> Result<(), AppError> {
    tx.execute("UPDATE rooms SET limits_json = ?2 WHERE room = ?1", params![room.code(), text])
        .context("while changing a room's limits")?;
    Ok(())
}

/// Opens or closes a room for betting.
pub fn set_room_open(tx: &Tx, room: Room, is_open: bool) -> Result<(), AppError> {
    let changed = tx
        .execute("UPDATE rooms SET is_open = ?2 WHERE room = ?1", params![room.code(), is_open])
        .context("while opening or closing a room")?;
    if changed == 0 {
        return Err(AppError::NotFound);
    }
    Ok(())
}

/// The period length the rooms of a draw source ask for (all alike; the least if not).
pub fn source_period_secs(connection: &Connection, source: DrawSource) -> Result<i64, AppError> {
    let period_secs: Option<i64> = connection
        .query_row(
            "SELECT MIN(period_secs) FROM rooms WHERE draw_source = ?1",
            [source.code()],
            |row| row.get(0),
        )
        .context("while reading a draw source's period")?;
    Ok(period_secs.context("a draw source without rooms")?)
}

/// Stores a new period and close for `room` (its row's CHECK sees the pair together), the
/// periods before `change.from_issue` keeping theirs.
pub fn set_period_and_close(
    tx: &Tx,
    room: Room,
    period_secs: i64,
    close_secs: i64,
    change: CloseChange,
) -> Result<(), AppError> {
    tx.execute(
        "UPDATE rooms SET period_secs = ?2, close_secs = ?3, close_secs_before = ?4,
                          close_from_issue = ?5
         WHERE room = ?1",
        params![
            room.code(),
            period_secs,
            close_secs,
            change.close_secs_before,
            change.from_issue.to_string()
        ],
    )
    .context("while changing a room's close")?;
    Ok(())
}

/// Stores a new period for every room of `source` (they share one schedule).
pub fn set_source_period(tx: &Tx, source: DrawSource, period_secs: i64) -> Result<(), AppError> {
    tx.execute(
        "UPDATE rooms SET period_secs = ?2 WHERE draw_source = ?1",
        params![source.code(), period_secs],
    )
    .context("while changing a draw source's period")?;
    Ok(())
}
