//! The `rooms` table: each room's draw source, period, betting close, entry minimum, open
//! flag, odds table and rules (seeded with GAMES.md's defaults by migration V3).

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::chains::{self, ChainInfo};
use crate::games::draws;
use crate::games::issue::Issue;
use crate::games::periods::Schedule;
use crate::games::room::{DrawSource, Room};
use anyhow::Context;
use chrono_tz::Tz;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

/// A room's settings as stored.
#[derive(Clone, Debug, Serialize)]
pub struct RoomSettings {
    pub room: String,
    pub game: String,
    pub draw_source: String,
    pub period_secs: i64,
    pub close_secs: i64,
    pub is_open: bool,
    /// Minor units.
    pub entry_min: i64,
    pub rule_version: i64,
    pub odds: Value,
    pub rules: Value,
}

impl RoomSettings {
    pub fn schedule(&self, timezone: Tz) -> Result<Schedule, AppError> {
        Schedule::new(timezone, self.period_secs)
    }

    pub fn entry_min_text(&self) -> String {
        crate::money::format_signed(self.entry_min)
    }
}

const ROOM_COLUMNS: &str = "room, game, draw_source, period_secs, close_secs, is_open, entry_min,
    rule_version, odds_json, rules_json";

fn room_from_row(row: &rusqlite::Row) -> rusqlite::Result<(RoomSettings, String, String)> {
    let settings = RoomSettings {
        room: row.get(0)?,
        game: row.get(1)?,
        draw_source: row.get(2)?,
        period_secs: row.get(3)?,
        close_secs: row.get(4)?,
        is_open: row.get(5)?,
        entry_min: row.get(6)?,
        rule_version: row.get(7)?,
        odds: Value::Null,
        rules: Value::Null,
    };
    Ok((settings, row.get(8)?, row.get(9)?))
}

fn with_json(
    (mut settings, odds, rules): (RoomSettings, String, String),
) -> Result<RoomSettings, AppError> {
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
    let sql = format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE room = ?1");
    let row = connection
        .query_row(&sql, [room.code()], room_from_row)
        .optional()
        .context("while reading a room")?;
    with_json(row.ok_or(AppError::NotFound)?)
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

/// The period schedule of a draw source: the period of its rooms (all alike).
pub fn source_schedule(
    connection: &Connection,
    source: DrawSource,
    timezone: Tz,
) -> Result<Schedule, AppError> {
    let period_secs: Option<i64> = connection
        .query_row(
            "SELECT MIN(period_secs) FROM rooms WHERE draw_source = ?1",
            [source.code()],
            |row| row.get(0),
        )
        .context("while reading a draw source's period")?;
    Schedule::new(timezone, period_secs.context("a draw source without rooms")?)
}

/// What `api/roominfo/index` shows: the open period and the latest result.
#[derive(Clone, Debug)]
pub struct RoomIndex {
    pub room: Room,
    pub issue: Issue,
    pub close_at: Timestamp,
    pub draw_at: Timestamp,
    pub last: Option<(Issue, Value)>,
}

/// The period of `room` open at `now`, with its betting close and draw times.
pub fn room_index(
    connection: &Connection,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<RoomIndex, AppError> {
    let settings = room_settings(connection, room)?;
    let schedule = settings.schedule(timezone)?;
    let issue = schedule.current(now)?;
    let draw_at = schedule.draw_at(issue)?;
    let last = draws::latest_draw(connection, room.draw_source())?;
    Ok(RoomIndex { room, issue, close_at: draw_at - settings.close_secs, draw_at, last })
}

/// The chain that draws the period of `room` open at `now` (published before its first
/// period); `NotFound` before the scheduler committed one.
pub fn current_chain(
    connection: &Connection,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<ChainInfo, AppError> {
    let issue = room_settings(connection, room)?.schedule(timezone)?.current(now)?;
    chains::chain_for(connection, room.draw_source(), issue)?.ok_or(AppError::NotFound)
}
