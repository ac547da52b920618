//! When periods are: issue numbers over time (`calendar`), and which period of a room is open
//! for betting now, with its close and draw times. Betting, the room pages and the scheduler
//! take the open period from here only.

pub mod calendar;
mod lag;

pub use lag::{LatePeriod, SchedulerLag, SourceLag, lag};

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::chains;
use crate::games::rooms::{self, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use calendar::Schedule;
use chrono_tz::Tz;
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

/// The period of a room open at `now`, with its betting close and draw times: the chains'
/// (`chains::open_issue`: never a drawn period, even when the clock stepped back), and the
/// close in force for that issue (a close change applies from the period after the one open
/// when made). Before the first chain, the room's own period (every room of a draw source
/// stores the same).
pub fn open_period(
    connection: &Connection,
    settings: &RoomSettings,
    timezone: Tz,
    now: Timestamp,
) -> Result<OpenPeriod, AppError> {
    let (issue, schedule) =
        match chains::open_issue(connection, settings.draw_source, timezone, now)? {
            Some((issue, chain)) => (issue, chain.schedule(timezone)?),
            None => {
                let schedule = Schedule::new(timezone, settings.period_secs)?;
                (schedule.current(now)?, schedule)
            }
        };
    let draw_at = schedule.draw_at(issue)?;
    let close_at = draw_at - settings.close_secs_of(issue);
    Ok(OpenPeriod { issue, close_at, draw_at, period_secs: schedule.period_secs })
}
