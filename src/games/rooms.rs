//! The `rooms` table: each room's draw source, period, betting close, entry minimum, open
//! flag, odds table and rules (seeded with GAMES.md's defaults by migration V3).

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chains::{self, ChainInfo};
use crate::games::fairness::drawing;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Room};
use crate::games::schedule::periods::Schedule;
use crate::games::schedule::{OpenPeriod, open_period};
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
    with_json(room_settings_text(connection, room)?)
}

/// One room's settings with its odds and rules as stored text (left `Null` in the settings),
/// for callers that parse them into their own types.
pub fn room_settings_text(
    connection: &Connection,
    room: Room,
) -> Result<(RoomSettings, String, String), AppError> {
    let sql = format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE room = ?1");
    let row = connection
        .prepare_cached(&sql)?
        .query_row([room.code()], room_from_row)
        .optional()
        .context("while reading a room")?;
    row.ok_or(AppError::NotFound)
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

/// The pending close change of `room`, if any: the close the periods before the issue it
/// applies from keep (`close_secs_before`), and that issue's text (`close_from_issue`).
pub fn close_change(
    connection: &Connection,
    room: Room,
) -> Result<(Option<i64>, Option<String>), AppError> {
    let change = connection
        .prepare_cached("SELECT close_secs_before, close_from_issue FROM rooms WHERE room = ?1")?
        .query_row([room.code()], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
        .context("while reading a room's close change")?;
    Ok(change.unwrap_or((None, None)))
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
    let settings = room_settings(connection, room)?;
    let period = open_period(connection, &settings, timezone, now)?;
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

/// What `admin room update` asks to change: at least one of the two.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoomChange {
    /// For every room of the draw source (they share one schedule).
    pub period_secs: Option<i64>,
    /// For this room only.
    pub close_secs: Option<i64>,
}

/// Why a room change is refused; nothing was changed. (The CLI words these with its flags.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomChangeRefusal {
    NothingToChange,
    /// Outside `Schedule::PERIOD_SECS_MIN..=PERIOD_SECS_MAX`.
    PeriodOutOfRange {
        period_secs: i64,
    },
    /// Negative, or not shorter than the period it would apply to.
    CloseOutOfRange {
        close_secs: i64,
        period_secs: i64,
    },
    /// `room` (this one or another of the draw source) closes at least `period_secs` before
    /// its draws: its close must be lowered first.
    PeriodNotAboveClose {
        room: String,
        close_secs: i64,
        period_secs: i64,
    },
}

/// What `update_room` changed. Both changes apply from the period after `open`, which keeps
/// its draw time and close; the period change is committed by the scheduler's next tick.
#[derive(Clone, Debug)]
pub struct RoomUpdate {
    pub room: String,
    pub draw_source: &'static str,
    /// (old, new); None when not asked or unchanged.
    pub period_secs: Option<(i64, i64)>,
    /// Every room of the draw source: all take the new period.
    pub source_rooms: Vec<String>,
    pub close_secs: Option<(i64, i64)>,
    pub open: OpenPeriod,
    /// The draw source's latest chain when the change was made (`committed_period_change`
    /// finds the one the scheduler commits after it).
    pub latest_chain: Option<String>,
}

/// `admin room update`: a new period for `room`'s draw source and/or a new betting close for
/// `room`, from the period after the one open at `now` on.
pub fn update_room(
    tx: &Tx,
    room: Room,
    change: RoomChange,
    timezone: Tz,
    now: Timestamp,
) -> Result<Result<RoomUpdate, RoomChangeRefusal>, AppError> {
    let settings = room_settings(tx, room)?;
    let source = room.draw_source();
    let source_rooms: Vec<RoomSettings> =
        list_rooms(tx)?.into_iter().filter(|other| other.draw_source == source.code()).collect();
    if let Err(refusal) = check_room_change(&settings, &source_rooms, change) {
        return Ok(Err(refusal));
    }
    let open = open_period(tx, &settings, timezone, now)?;
    let period_secs = change.period_secs.filter(|period| *period != settings.period_secs);
    let close_secs = change.close_secs.filter(|close| *close != settings.close_secs);
    let new_period = period_secs.unwrap_or(settings.period_secs);
    // The room's own row first, with both values, so that its CHECK (close < period) sees the
    // new pair; the other rooms' closes were checked against the new period.
    if let Some(close) = close_secs {
        let before = open.draw_at - open.close_at;
        tx.execute(
            "UPDATE rooms SET period_secs = ?2, close_secs = ?3, close_secs_before = ?4,
                              close_from_issue = ?5
             WHERE room = ?1",
            params![room.code(), new_period, close, before, issue_after(open.issue)?.to_string()],
        )
        .context("while changing a room's close")?;
    }
    if period_secs.is_some() {
        tx.execute(
            "UPDATE rooms SET period_secs = ?2 WHERE draw_source = ?1",
            params![source.code(), new_period],
        )
        .context("while changing a draw source's period")?;
    }
    Ok(Ok(RoomUpdate {
        room: room.code(),
        draw_source: source.code(),
        period_secs: period_secs.map(|period| (settings.period_secs, period)),
        source_rooms: source_rooms.into_iter().map(|other| other.room).collect(),
        close_secs: close_secs.map(|close| (settings.close_secs, close)),
        open,
        latest_chain: chains::latest_chain(tx, source)?.map(|chain| chain.chain_id),
    }))
}

/// The first period of the chain the scheduler committed for a period change of `source`
/// made when `before` was its latest chain, with its draw time; None until it is committed.
pub fn committed_period_change(
    connection: &Connection,
    source: DrawSource,
    before: Option<&str>,
    timezone: Tz,
) -> Result<Option<(Issue, Timestamp)>, AppError> {
    let Some(latest) = chains::latest_chain(connection, source)? else { return Ok(None) };
    if Some(latest.chain_id.as_str()) == before {
        return Ok(None);
    }
    let draw_at = latest.schedule(timezone)?.draw_at(latest.first_issue)?;
    Ok(Some((latest.first_issue, draw_at)))
}

/// The checks of `update_room`, against the stored settings of the room and of every room of
/// its draw source.
fn check_room_change(
    settings: &RoomSettings,
    source_rooms: &[RoomSettings],
    change: RoomChange,
) -> Result<(), RoomChangeRefusal> {
    if change.period_secs.is_none() && change.close_secs.is_none() {
        return Err(RoomChangeRefusal::NothingToChange);
    }
    let period_secs = change.period_secs.unwrap_or(settings.period_secs);
    if !(Schedule::PERIOD_SECS_MIN..=Schedule::PERIOD_SECS_MAX).contains(&period_secs) {
        return Err(RoomChangeRefusal::PeriodOutOfRange { period_secs });
    }
    if let Some(close_secs) = change.close_secs
        && !(0..period_secs).contains(&close_secs)
    {
        return Err(RoomChangeRefusal::CloseOutOfRange { close_secs, period_secs });
    }
    // Each room keeps its close unless this change sets it (this room's).
    let closing_too_early = source_rooms.iter().find_map(|other| {
        let close_secs = match change.close_secs {
            Some(close) if other.room == settings.room => close,
            _ => other.close_secs,
        };
        (close_secs >= period_secs).then(|| (other.room.clone(), close_secs))
    });
    match closing_too_early {
        Some((room, close_secs)) => {
            Err(RoomChangeRefusal::PeriodNotAboveClose { room, close_secs, period_secs })
        }
        None => Ok(()),
    }
}

/// The first issue number after `issue` in any schedule: its date's next sequence (or the next
/// date's first), so every period after `issue` is at or after it.
fn issue_after(issue: Issue) -> Result<Issue, AppError> {
    match issue.sequence().checked_add(1) {
        Some(sequence) if sequence <= Issue::SEQUENCE_MAX => Issue::new(issue.date(), sequence),
        _ => {
            let date = issue.date().succ_opt().context("an issue at the end of time")?;
            Issue::new(date, 1)
        }
    }
}
