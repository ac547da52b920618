//! How late the scheduler is: periods whose draw time has passed but that are not drawn, and
//! periods with open bets whose draw time has passed (drawn or not) but that are not settled.
//! One read, shared by `admin room chain`, `admin doctor`, `/readyz` and `/metrics`.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::{chains, drawing};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Room};
use crate::games::settlement;
use chrono_tz::Tz;
use rusqlite::Connection;

/// A period past its draw time that the scheduler has not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LatePeriod {
    pub issue: Issue,
    pub draw_at: Timestamp,
    /// Seconds since `draw_at`: at least 0.
    pub late_secs: i64,
}

/// One draw source: its oldest undrawn period past its draw time and how many such periods
/// there are, and the oldest period of its rooms whose open bets wait past its draw time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLag {
    pub source: DrawSource,
    pub undrawn: Option<LatePeriod>,
    /// Periods past their draw time and not drawn (0 when the draws are on time).
    pub periods_undrawn: i64,
    pub unsettled: Option<(Room, LatePeriod)>,
}

impl SourceLag {
    /// The longest wait past a draw time of this source, for a draw or a settlement.
    pub fn late_secs(&self) -> i64 {
        let unsettled = self.unsettled.map(|(_, period)| period.late_secs);
        [self.undrawn.map(|period| period.late_secs), unsettled]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(0)
    }
}

/// Every draw source's lag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedulerLag {
    pub sources: Vec<SourceLag>,
}

impl SchedulerLag {
    /// Each source's code and its longest wait past a draw time (0: on time), for `/metrics`.
    pub fn secs_by_source(&self) -> Vec<(&'static str, i64)> {
        self.sources.iter().map(|source| (source.source.code(), source.late_secs())).collect()
    }

    /// The longest wait past a draw time, for a draw or a settlement (0: nothing is late).
    pub fn lag_secs(&self) -> i64 {
        self.sources.iter().map(SourceLag::late_secs).max().unwrap_or(0)
    }

    /// Periods past their draw time and not drawn, over every source.
    pub fn periods_undrawn(&self) -> i64 {
        self.sources.iter().map(|source| source.periods_undrawn).sum()
    }
}

/// The scheduler's lag at `now`, issues numbered in `timezone`. A source without a seed chain
/// yet (a fresh database before `serve` ran) has nothing to draw and is not late. Bounded: a
/// few index seeks per source and room, and a count over the days the draws are behind.
pub fn lag(
    connection: &Connection,
    timezone: Tz,
    now: Timestamp,
) -> Result<SchedulerLag, AppError> {
    let mut sources = Vec::new();
    for source in DrawSource::all() {
        let (undrawn, periods_undrawn) = undrawn(connection, (source, timezone), now)?;
        let mut unsettled: Option<(Room, LatePeriod)> = None;
        for room in Room::all().into_iter().filter(|room| room.draw_source() == source) {
            let Some(period) = unsettled_period(connection, (room, timezone), now)? else {
                continue;
            };
            if unsettled.is_none_or(|(_, oldest)| period.late_secs > oldest.late_secs) {
                unsettled = Some((room, period));
            }
        }
        sources.push(SourceLag { source, undrawn, periods_undrawn, unsettled });
    }
    Ok(SchedulerLag { sources })
}

/// The next period to draw when its draw time has passed, and how many periods from it on
/// are past theirs.
fn undrawn(
    connection: &Connection,
    (source, timezone): (DrawSource, Tz),
    now: Timestamp,
) -> Result<(Option<LatePeriod>, i64), AppError> {
    let Some(next) = drawing::next_to_draw(connection, source, timezone)? else {
        return Ok((None, 0));
    };
    let Some(period) = late_period(connection, (source, timezone), next, now)? else {
        return Ok((None, 0));
    };
    let Some(chain) = chains::chain_for(connection, source, next)? else {
        return Ok((Some(period), 1));
    };
    let schedule = chain.schedule(timezone)?;
    // `current` is the first period whose draw time is after `now`: those before it are due.
    let due = schedule.periods_between(next, schedule.current(now)?)?.unwrap_or(1).max(1);
    Ok((Some(period), due))
}

/// The oldest period of `room` with open bets, when its draw time has passed.
fn unsettled_period(
    connection: &Connection,
    (room, timezone): (Room, Tz),
    now: Timestamp,
) -> Result<Option<LatePeriod>, AppError> {
    let Some(open) = settlement::oldest_open_period(connection, room)? else { return Ok(None) };
    late_period(connection, (room.draw_source(), timezone), open.issue, now)
}

/// `issue` with its draw time by the chain that draws it, when that time is at or before
/// `now`; None when it is still ahead or no chain knows the period.
fn late_period(
    connection: &Connection,
    (source, timezone): (DrawSource, Tz),
    issue: Issue,
    now: Timestamp,
) -> Result<Option<LatePeriod>, AppError> {
    let Some(chain) = chains::chain_for(connection, source, issue)? else { return Ok(None) };
    let draw_at = chain.schedule(timezone)?.draw_at(issue)?;
    Ok((draw_at <= now).then(|| LatePeriod { issue, draw_at, late_secs: now - draw_at }))
}
