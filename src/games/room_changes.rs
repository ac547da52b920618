//! A change of a room's schedule (`admin room update`): a new period for its draw source and
//! a new betting close for the room, checked against every room of the source and applied
//! from the period after the open one; the scheduler commits the new period's chain.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chains;
use crate::games::rooms::{self, CloseChange, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Room};
use crate::games::schedule::calendar::Schedule;
use crate::games::schedule::{OpenPeriod, open_period};
use anyhow::Context;
use chrono_tz::Tz;
use rusqlite::Connection;

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
        room: Room,
        close_secs: i64,
        period_secs: i64,
    },
}

/// What `update_room` changed. Both changes apply from the period after `open`, which keeps
/// its draw time and close; the period change is committed by the scheduler's next tick.
#[derive(Clone, Debug)]
pub struct RoomUpdate {
    pub room: Room,
    pub draw_source: DrawSource,
    /// (old, new); None when not asked or unchanged.
    pub period_secs: Option<(i64, i64)>,
    /// Every room of the draw source: all take the new period.
    pub source_rooms: Vec<Room>,
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
    let settings = rooms::room_settings(tx, room)?;
    let source = room.draw_source();
    let source_rooms: Vec<RoomSettings> =
        rooms::list_rooms(tx)?.into_iter().filter(|other| other.draw_source == source).collect();
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
        let kept = CloseChange {
            close_secs_before: open.draw_at - open.close_at,
            from_issue: issue_after(open.issue)?,
        };
        rooms::set_period_and_close(tx, room, new_period, close, kept)?;
    }
    if period_secs.is_some() {
        rooms::set_source_period(tx, source, new_period)?;
    }
    Ok(Ok(RoomUpdate {
        room,
        draw_source: source,
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
        (close_secs >= period_secs).then_some((other.room, close_secs))
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
