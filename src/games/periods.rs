//! A room's periods as the operator lists them (`fairhall admin room periods`): each period's
//! state, draw time, bets, stake, payout and result, for one operator day or the last few
//! periods up to the one open now.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::chains;
use crate::games::rooms;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::Room;
use crate::games::schedule::{self, calendar::Schedule};
use anyhow::Context;
use chrono::NaiveDate;
use chrono_tz::Tz;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::HashMap;

/// The most periods `Selection::Last` lists: more than a day of 60-second periods.
pub const LAST_PERIODS_MAX: u32 = 2_000;

/// Which periods to list.
#[derive(Clone, Copy, Debug)]
pub enum Selection {
    /// Every period of an operator day.
    Date(NaiveDate),
    /// The open period and the ones before it, this many in all (1..=`LAST_PERIODS_MAX`).
    Last(u32),
}

/// Where a period is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodState {
    /// Its draw time is ahead and it is not the open one.
    Upcoming,
    /// Taking bets (or in its closed window before the draw).
    Open,
    /// Its draw time has passed and it is not drawn yet.
    Due,
    /// Drawn, with bets still to settle.
    Drawn,
    /// Drawn and every bet settled.
    Settled,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct PeriodRow {
    pub issue: String,
    pub state: PeriodState,
    pub draw_at: Timestamp,
    /// Bet lines placed on the period.
    pub bets: i64,
    /// Minor units staked, and paid out (refunds included).
    pub stake_minor: i64,
    pub payout_minor: i64,
    /// The drawn values as stored (JSON), when drawn.
    pub result: Option<String>,
}

/// What one period's bets add up to.
#[derive(Clone, Copy, Default)]
struct BetTotals {
    bets: i64,
    stake: i64,
    payout: i64,
    open: i64,
}

/// The periods `selection` names, oldest first, by the schedule of the chain in force (the
/// rooms' own before any chain is committed), from the first committed chain's first period
/// on (before any, from the open one).
pub fn room_periods(
    connection: &Connection,
    (room, timezone): (Room, Tz),
    selection: Selection,
    now: Timestamp,
) -> Result<Vec<PeriodRow>, AppError> {
    let settings = rooms::room_settings(connection, room)?;
    let open = schedule::open_period(connection, &settings, timezone, now)?;
    let source = room.draw_source();
    let schedule = match chains::chain_for(connection, source, open.issue)? {
        Some(chain) => chain.schedule(timezone)?,
        None => schedule::source_schedule(connection, source, timezone)?,
    };
    // Periods before the first committed chain were never played (the hall did not exist):
    // without a chain, nothing before the open one.
    let first = chains::first_issue(connection, source)?.unwrap_or(open.issue);
    let issues: Vec<Issue> = selected_issues(&schedule, selection, open.issue)?
        .into_iter()
        .filter(|issue| *issue >= first)
        .collect();
    let (Some(first), Some(last)) = (issues.first(), issues.last()) else {
        return Ok(Vec::new());
    };
    let totals = bet_totals(connection, room, (*first, *last))?;
    let mut rows = Vec::with_capacity(issues.len());
    for issue in issues {
        let totals = totals.get(&issue.to_string()).copied().unwrap_or_default();
        let draw_at = schedule.draw_at(issue)?;
        let result = drawn_values(connection, room, issue)?;
        let state = match (&result, issue == open.issue) {
            (Some(_), _) if totals.open > 0 => PeriodState::Drawn,
            (Some(_), _) => PeriodState::Settled,
            (None, true) => PeriodState::Open,
            (None, false) if draw_at <= now => PeriodState::Due,
            (None, false) => PeriodState::Upcoming,
        };
        rows.push(PeriodRow {
            issue: issue.to_string(),
            state,
            draw_at,
            bets: totals.bets,
            stake_minor: totals.stake,
            payout_minor: totals.payout,
            result,
        });
    }
    Ok(rows)
}

fn selected_issues(
    schedule: &Schedule,
    selection: Selection,
    open: Issue,
) -> Result<Vec<Issue>, AppError> {
    match selection {
        Selection::Date(date) => {
            let count = schedule.periods_in_day(date)?;
            (1..=count).map(|sequence| Issue::new(date, sequence)).collect()
        }
        Selection::Last(count) => {
            if count == 0 || count > LAST_PERIODS_MAX {
                return Err(AppError::LimitExceeded);
            }
            let mut issues = vec![open];
            while issues.len() < count as usize {
                let before = schedule.previous(*issues.last().context("at least the open one")?)?;
                issues.push(before);
            }
            issues.reverse();
            Ok(issues)
        }
    }
}

/// Bets, stake, payout and open bets per issue of `room` from `first` to `last`. The bets
/// table has no index by room and issue for settled bets, so this is one pass over it.
fn bet_totals(
    connection: &Connection,
    room: Room,
    (first, last): (Issue, Issue),
) -> Result<HashMap<String, BetTotals>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT issue, COUNT(*), SUM(stake), SUM(payout), SUM(status = 'open') FROM bets
         WHERE room = ?1 AND issue >= ?2 AND issue <= ?3 GROUP BY issue",
    )?;
    let rows =
        query.query_map(params![room.code(), first.to_string(), last.to_string()], |row| {
            let totals = BetTotals {
                bets: row.get(1)?,
                stake: row.get(2)?,
                payout: row.get(3)?,
                open: row.get(4)?,
            };
            Ok((row.get::<_, String>(0)?, totals))
        })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The stored values of `issue`'s draw for `room`'s draw source.
fn drawn_values(
    connection: &Connection,
    room: Room,
    issue: Issue,
) -> Result<Option<String>, AppError> {
    Ok(connection
        .prepare_cached("SELECT values_json FROM draws WHERE draw_source = ?1 AND issue = ?2")?
        .query_row(params![room.draw_source().code(), issue.to_string()], |row| row.get(0))
        .optional()?)
}
