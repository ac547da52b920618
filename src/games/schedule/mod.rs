//! When periods are: issue numbers over time (`periods`), and which period of a room is open
//! for betting now, with its close and draw times. Betting, the room pages and the scheduler
//! take the open period from here only.

pub mod periods;

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::chains;
use crate::games::rooms::{self, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Room};
use anyhow::Context;
use chrono_tz::Tz;
use periods::Schedule;
use rusqlite::Connection;

/// The schedule the rooms of a draw source ask for (their period, all alike): what the next
/// seed chain takes. Which period is open is decided by the chains (`chains::open_issue`): after
/// `admin room update --period` the two differ until the scheduler commits the change.
pub fn source_schedule(
    connection: &Connection,
    source: DrawSource,
    timezone: Tz,
) -> Result<Schedule, AppError> {
    Schedule::new(timezone, rooms::source_period_secs(connection, source)?)
}

/// How far the scheduler is behind: per draw source, how long ago the draw time of its
/// oldest undrawn period passed (0 when it is not yet due). `/readyz`, `/metrics` and
/// `admin doctor` all read it from here.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Lag {
    /// (draw source code, seconds past the draw time of its oldest undrawn period).
    pub sources: Vec<(&'static str, i64)>,
}

impl Lag {
    /// The largest lag of any source, in seconds.
    pub fn max_secs(&self) -> i64 {
        self.sources.iter().map(|(_, secs)| *secs).max().unwrap_or(0)
    }
}

/// The scheduler's lag at `now` (`Lag`). A source without a chain yet counts as on time: the
/// scheduler commits the first chain on its first tick and nothing can be bet before.
pub fn lag(connection: &Connection, timezone: Tz, now: Timestamp) -> Result<Lag, AppError> {
    let mut sources = Vec::new();
    for source in DrawSource::all() {
        let overdue =
            match crate::games::fairness::drawing::next_to_draw(connection, source, timezone)? {
                Some(issue) => match chains::chain_for(connection, source, issue)? {
                    Some(chain) => (now - chain.schedule(timezone)?.draw_at(issue)?).max(0),
                    None => 0,
                },
                None => 0,
            };
        sources.push((source.code(), overdue));
    }
    Ok(Lag { sources })
}

/// The period of a room open for betting at some instant.
#[derive(Clone, Copy, Debug)]
pub struct OpenPeriod {
    pub issue: Issue,
    /// Betting on `issue` is accepted strictly before this.
    pub close_at: Timestamp,
    pub draw_at: Timestamp,
    /// The period length in force (a change applies from the next period).
    pub period_secs: i64,
}

/// The period of `room` open at `now`, with its betting close and draw times: the chains'
/// (`chains::open_issue`: never a drawn period, even when the clock stepped back), and the
/// close in force for that issue (a close change applies from the period after the one open
/// when made).
pub fn open_period(
    connection: &Connection,
    settings: &RoomSettings,
    timezone: Tz,
    now: Timestamp,
) -> Result<OpenPeriod, AppError> {
    let room = Room::parse(&settings.room).context("a stored room code is unknown")?;
    let source = room.draw_source();
    let (issue, schedule) = match chains::open_issue(connection, source, timezone, now)? {
        Some((issue, chain)) => (issue, chain.schedule(timezone)?),
        None => {
            let schedule = source_schedule(connection, source, timezone)?;
            (schedule.current(now)?, schedule)
        }
    };
    let draw_at = schedule.draw_at(issue)?;
    let close_secs = close_secs_of(connection, room, settings.close_secs, issue)?;
    let period_secs = schedule.period_secs;
    Ok(OpenPeriod { issue, close_at: draw_at - close_secs, draw_at, period_secs })
}

/// The betting close of `issue` in `room`: `close_secs`, except for the periods before the one
/// a close change applies from, which keep the close they had.
fn close_secs_of(
    connection: &Connection,
    room: Room,
    close_secs: i64,
    issue: Issue,
) -> Result<i64, AppError> {
    Ok(match rooms::close_change(connection, room)? {
        // Issue text orders like issues: 12 digits, date first.
        (Some(before), Some(from)) if issue.to_string() < from => before,
        _ => close_secs,
    })
}
