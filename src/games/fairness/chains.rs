//! Seed chains and the schedule segments that draw from them (DESIGN.md "Draws and fairness").
//! A row of `seed_chains` is a *segment*: a run of a draw source's periods with one period
//! length (`period_secs`, from `first_issue`, its first day anchored or midnight-aligned),
//! drawing from the seeds of one chain (`seeds_id`) from `first_index` on. A chain's public
//! part (commitment `s_0`, length, creation time) is published with its first segment; its
//! secret end lives only in the key file (`chain_keys`).
//!
//! Chain index: period `first_issue` of a segment draws with `s_{first_index}`, and the period
//! n periods later with the next n-th seed, counting every period of every day in between
//! (`Schedule::periods_between`), so one (chain, index) names exactly one (source, issue).
//!
//! A period change (`chain_plan`) adds a segment that goes on with the seeds of the chain in
//! force: the schedule changes, the seeds do not. Segments committed ahead that it replaces
//! are retired, never deleted, and every lookup here ignores them. The schedule in force is
//! the segments', not the rooms' `period_secs`, which only says what the next segment uses.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::fair::{Seed, SeedChain};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use crate::games::schedule::calendar::{Anchor, Schedule};
use anyhow::Context;
use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, params};

/// Periods per chain: about 69 days of 60-second periods.
pub const CHAIN_LENGTH: u32 = 100_000;
/// A successor chain is committed when the latest one has fewer periods left than this, or
/// than half its length for shorter chains.
pub const CHAIN_RENEW_PERIODS: i64 = 10_000;

const _: () = assert!((CHAIN_LENGTH as i64) > CHAIN_RENEW_PERIODS);
const _: () = assert!(CHAIN_LENGTH <= SeedChain::LENGTH_MAX);

/// The public record of a segment and of the chain it draws from.
#[derive(Clone, Debug)]
pub struct ChainInfo {
    pub chain_id: String,
    /// The chain whose seeds this segment draws (its own id for a chain's first segment):
    /// draws name it, and its key is in the key file under it.
    pub seeds_id: String,
    /// The index of the seed `first_issue` draws with.
    pub first_index: u32,
    /// The chain's length (seeds `s_1..=s_length`).
    pub length: u32,
    pub period_secs: i64,
    pub commitment: Seed,
    pub first_issue: Issue,
    /// When the first period starts (the draw of the period before it); `None` for chains
    /// committed before migration V5, whose start follows from their own schedule.
    pub starts_at: Option<Timestamp>,
    /// The first day is anchored at `starts_at` (a period change, or a successor starting on
    /// such a day); otherwise every day is midnight-aligned.
    pub anchored: bool,
    pub created_at: Timestamp,
    /// When a period change retired this segment, before it drew any period.
    pub retired_at: Option<Timestamp>,
    /// The operator zone its issues are numbered in (None: recorded before V11).
    pub timezone: Option<String>,
}

impl ChainInfo {
    pub fn schedule(&self, timezone: chrono_tz::Tz) -> Result<Schedule, AppError> {
        let schedule = Schedule::new(timezone, self.period_secs)?;
        match (self.anchored, self.starts_at) {
            (true, Some(starts_at)) => {
                schedule.anchored(Anchor { issue: self.first_issue, starts_at })
            }
            (true, None) => Err(anyhow::anyhow!("chain {} lacks its anchor", self.chain_id))?,
            (false, _) => Ok(schedule),
        }
    }

    /// When the first period starts: as stored, or (chains from before V5, never anchored) the
    /// draw time of the period before the first issue.
    pub fn start(&self, schedule: &Schedule) -> Result<Timestamp, AppError> {
        match self.starts_at {
            Some(starts_at) => Ok(starts_at),
            None => schedule.draw_at(schedule.previous(self.first_issue)?),
        }
    }

    /// The seed index of `issue` (`first_index` for `first_issue`), None outside the segment's
    /// seeds.
    pub fn index_of(&self, schedule: &Schedule, issue: Issue) -> Result<Option<u32>, AppError> {
        let first = i64::from(self.first_index);
        let index = schedule.periods_between(self.first_issue, issue)?.map(|count| count + first);
        Ok(index.and_then(|index| u32::try_from(index).ok()).filter(|index| *index <= self.length))
    }

    /// The period that draws the chain's last seed in this segment's schedule.
    pub fn last_issue(&self, schedule: &Schedule) -> Result<Issue, AppError> {
        schedule.advance(self.first_issue, i64::from(self.length - self.first_index))
    }
}

const CHAIN_COLUMNS: &str = "chain_id, length, period_secs, commitment, first_issue, starts_at,
    anchored, retired_at, COALESCE(seeds_id, chain_id), first_index, created_at, timezone";

fn chain_from_row(row: &rusqlite::Row) -> rusqlite::Result<ChainInfo> {
    let malformed = |column: usize| {
        move |_| {
            let cause = anyhow::anyhow!("a seed chain's column {column} is malformed");
            rusqlite::Error::FromSqlConversionFailure(column, Type::Text, cause.into())
        }
    };
    let (commitment, first_issue): (String, String) = (row.get(3)?, row.get(4)?);
    Ok(ChainInfo {
        chain_id: row.get(0)?,
        length: row.get(1)?,
        period_secs: row.get(2)?,
        commitment: Seed::parse_hex(&commitment).map_err(malformed(3))?,
        first_issue: Issue::parse(&first_issue).map_err(malformed(4))?,
        starts_at: row.get(5)?,
        anchored: row.get(6)?,
        retired_at: row.get(7)?,
        seeds_id: row.get(8)?,
        first_index: row.get(9)?,
        created_at: row.get(10)?,
        timezone: row.get(11)?,
    })
}

/// The chains of `WHERE {condition}` (SQL over `seed_chains`, its parameters in `args`).
fn query_chains(
    connection: &Connection,
    condition: &str,
    args: impl rusqlite::Params,
) -> Result<Vec<ChainInfo>, AppError> {
    let sql = format!("SELECT {CHAIN_COLUMNS} FROM seed_chains WHERE {condition}");
    let mut statement = connection.prepare_cached(&sql).context("while finding seed chains")?;
    let rows = statement.query_map(args, chain_from_row);
    let rows = rows.and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>);
    Ok(rows.context("while reading seed chains")?)
}

fn one_chain(
    connection: &Connection,
    condition: &str,
    args: impl rusqlite::Params,
) -> Result<Option<ChainInfo>, AppError> {
    Ok(query_chains(connection, condition, args)?.into_iter().next())
}

/// The first issue any live segment of `source` draws: no period before it was ever played.
pub fn first_issue(connection: &Connection, source: DrawSource) -> Result<Option<Issue>, AppError> {
    let earliest = "draw_source = ?1 AND retired_at IS NULL ORDER BY first_issue LIMIT 1";
    Ok(one_chain(connection, earliest, [source.code()])?.map(|chain| chain.first_issue))
}

/// The live segment with the latest first issue.
pub fn latest_chain(
    connection: &Connection,
    source: DrawSource,
) -> Result<Option<ChainInfo>, AppError> {
    let latest = "draw_source = ?1 AND retired_at IS NULL ORDER BY first_issue DESC LIMIT 1";
    one_chain(connection, latest, [source.code()])
}

/// The live segment that draws `issue`: the one with the latest first issue at or before it,
/// or, when none has started yet, the first one (its commitment is published ahead).
pub fn chain_for(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Option<ChainInfo>, AppError> {
    let drawing = "draw_source = ?1 AND retired_at IS NULL
        ORDER BY first_issue <= ?2 DESC,
                 CASE WHEN first_issue <= ?2 THEN first_issue END DESC, first_issue
        LIMIT 1";
    one_chain(connection, drawing, params![source.code(), issue.to_string()])
}

/// The live segments of `source` from `issue` on, earliest first (those committed ahead:
/// bounded by `CHAINS_AT_SCANNED`).
pub fn live_from(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Vec<ChainInfo>, AppError> {
    let from = "draw_source = ?1 AND retired_at IS NULL AND first_issue >= ?2
        ORDER BY first_issue LIMIT ?3";
    query_chains(connection, from, params![source.code(), issue.to_string(), CHAINS_AT_SCANNED])
}

/// The live segment with the earliest first issue after `issue`.
pub fn chain_after(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Option<ChainInfo>, AppError> {
    let after = "draw_source = ?1 AND retired_at IS NULL AND first_issue > ?2
        ORDER BY first_issue LIMIT 1";
    one_chain(connection, after, params![source.code(), issue.to_string()])
}

/// Live segments `started_chain` reads, newest first. Few live segments are ever committed
/// ahead of their start (a successor when the latest has started; a period change's, and the
/// successor it moves), so a started one is among the first few.
const CHAINS_AT_SCANNED: i64 = 4;

/// The segment in force at `now`, whose schedule says which period is open: the newest live
/// segment whose first period has started, or, before any has (a first chain committed by an
/// older version for the period after the open one), the earliest if it is not anchored (its
/// midnight-aligned schedule names the open period right). None: no chain to go by; the rooms'
/// own schedule does.
pub fn chain_at(
    connection: &Connection,
    source: DrawSource,
    timezone: chrono_tz::Tz,
    now: Timestamp,
) -> Result<Option<ChainInfo>, AppError> {
    if let Some(started) = started_chain(connection, source, timezone, now)? {
        return Ok(Some(started));
    }
    let earliest = "draw_source = ?1 AND retired_at IS NULL ORDER BY first_issue LIMIT 1";
    Ok(one_chain(connection, earliest, [source.code()])?.filter(|chain| !chain.anchored))
}

/// The newest live segment of `source` whose first period has started by `now`.
pub(crate) fn started_chain(
    connection: &Connection,
    source: DrawSource,
    timezone: chrono_tz::Tz,
    now: Timestamp,
) -> Result<Option<ChainInfo>, AppError> {
    let newest = "draw_source = ?1 AND retired_at IS NULL ORDER BY first_issue DESC LIMIT ?2";
    for chain in query_chains(connection, newest, params![source.code(), CHAINS_AT_SCANNED])? {
        if chain.start(&chain.schedule(timezone)?)? <= now {
            return Ok(Some(chain));
        }
    }
    Ok(None)
}

/// The period of `source` open at `now`, with the segment that draws it: the current period of
/// the segment in force, or, when that one is drawn already (the clock stepped back, or the
/// zone data moved), the period after the latest drawn one. A drawn period never reopens.
/// None before any chain is committed.
pub fn open_issue(
    connection: &Connection,
    source: DrawSource,
    timezone: chrono_tz::Tz,
    now: Timestamp,
) -> Result<Option<(Issue, ChainInfo)>, AppError> {
    let Some(in_force) = chain_at(connection, source, timezone, now)? else { return Ok(None) };
    let current = in_force.schedule(timezone)?.current(now)?;
    let Some(latest) = latest_drawn(connection, source)? else {
        return Ok(Some((current, in_force)));
    };
    if current > latest {
        return Ok(Some((current, in_force)));
    }
    let Some(drew) = chain_for(connection, source, latest)? else {
        return Ok(Some((current, in_force)));
    };
    let next = period_after(connection, (source, timezone), &drew, latest)?;
    let drawing = chain_for(connection, source, next)?.context("a drawn period without a chain")?;
    Ok(Some((next, drawing)))
}

/// The latest drawn period of `source` (one index seek).
pub fn latest_drawn(
    connection: &Connection,
    source: DrawSource,
) -> Result<Option<Issue>, AppError> {
    let issue: Option<String> = connection
        .prepare_cached(
            "SELECT issue FROM draws WHERE draw_source = ?1 ORDER BY issue DESC LIMIT 1",
        )?
        .query_row([source.code()], |row| row.get(0))
        .optional()
        .context("while reading the latest draw")?;
    issue.map(|issue| Issue::parse(&issue)).transpose()
}

/// The period after `issue` of `chain`: the next one of its schedule, unless the next live
/// segment has taken over by then (a period change starts at the draw time of the period open
/// when it was committed, so the old segment's later periods never exist).
pub fn period_after(
    connection: &Connection,
    (source, timezone): (DrawSource, chrono_tz::Tz),
    chain: &ChainInfo,
    issue: Issue,
) -> Result<Issue, AppError> {
    let schedule = chain.schedule(timezone)?;
    let next = schedule.next(issue)?;
    let Some(successor) = chain_after(connection, source, chain.first_issue)? else {
        return Ok(next);
    };
    let successor_start = successor.start(&successor.schedule(timezone)?)?;
    if next >= successor.first_issue || schedule.draw_at(next)? > successor_start {
        return Ok(successor.first_issue);
    }
    Ok(next)
}

/// The newest segments of `source`, retired ones included, latest first issue first.
pub fn recent_chains(
    connection: &Connection,
    source: DrawSource,
    limit: u32,
) -> Result<Vec<ChainInfo>, AppError> {
    let recent = "draw_source = ?1 ORDER BY first_issue DESC, rowid DESC LIMIT ?2";
    query_chains(connection, recent, params![source.code(), limit])
}

/// A segment by id, retired or not.
pub fn chain_by_id(connection: &Connection, chain_id: &str) -> Result<ChainInfo, AppError> {
    one_chain(connection, "chain_id = ?1", [chain_id])?.ok_or(AppError::NotFound)
}
