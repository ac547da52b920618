//! Committing seed chains and schedule segments (`chains`), always before any bet on their
//! periods is taken: a source's first chain, a successor before the latest runs out, and the
//! segment of a period change, which keeps drawing from the committed seeds.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::chains::{
    CHAIN_RENEW_PERIODS, ChainInfo, latest_chain, live_from, open_issue, started_chain,
};
use crate::games::fairness::fair::SeedChain;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use crate::games::schedule::calendar::Schedule;
use anyhow::Context;
use rusqlite::{OptionalExtension, params};
use std::sync::Arc;

/// What `ensure_chain` needs besides the transaction.
pub struct ChainPlan<'a> {
    pub keys: &'a ChainKeys,
    pub source: DrawSource,
    /// The schedule the source's rooms ask for (`schedule::source_schedule`): new segments take
    /// its period. Which period is open is the segments' business (`chains::chain_at`).
    pub schedule: Schedule,
    pub length: u32,
}

/// Commits, when needed, the next segment of `plan.source` and returns it:
/// - none yet: a first chain from the period open at `now` (no bet was taken before: betting
///   needs a committed seed), so the open period is always one that will be drawn;
/// - the latest segment's period is not the rooms': a period change from the period after the
///   open one (`change_period`). The open period is that of the segment in force, which has
///   always started (a legacy first chain committed for the period after the open one waits
///   until it starts);
/// - the latest has fewer than `CHAIN_RENEW_PERIODS` periods left: a successor chain right
///   after its last period, or after the open period when the latest ran out already.
pub fn ensure_chain(
    tx: &Tx,
    plan: &ChainPlan,
    now: Timestamp,
) -> Result<Option<ChainInfo>, AppError> {
    let timezone = plan.schedule.timezone;
    let Some(latest) = latest_chain(tx, plan.source)? else {
        let open = plan.schedule.current(now)?;
        let first = NewSegment {
            first_issue: open,
            starts_at: plan.schedule.draw_at(plan.schedule.previous(open)?)?,
            anchored: false,
        };
        return commit_chain(tx, plan, first, Seeds::Fresh, now).map(Some);
    };
    if started_chain(tx, plan.source, timezone, now)?.is_none() {
        return Ok(None);
    }
    let Some((open, drawing)) = open_issue(tx, plan.source, timezone, now)? else {
        return Ok(None);
    };
    if latest.period_secs != plan.schedule.period_secs {
        return change_period(tx, plan, (open, &drawing), now).map(Some);
    }
    let in_force = drawing.schedule(timezone)?;
    let latest_schedule = latest.schedule(timezone)?;
    let last = latest.last_issue(&latest_schedule)?;
    let left = latest_schedule.periods_between(open, last)?.unwrap_or(0);
    if left >= CHAIN_RENEW_PERIODS.min(i64::from(latest.length) / 2) {
        return Ok(None);
    }
    let first = if latest_schedule.next(last)? >= in_force.next(open)? {
        after(&latest_schedule, last)?
    } else {
        after(&in_force, open)?
    };
    commit_chain(tx, plan, first, Seeds::Fresh, now).map(Some)
}

/// A period change from the period after `open` (drawn by `drawing`): a segment anchored at
/// `open`'s draw time (which stays as it was) that goes on with the seeds after `open`'s. Live
/// segments from there on (committed ahead: a successor, an earlier change not started yet)
/// are retired, and the other chains among them are placed again after the new segment's last
/// period, so no committed seed is ever replaced. Returns the new segment.
fn change_period(
    tx: &Tx,
    plan: &ChainPlan,
    (open, drawing): (Issue, &ChainInfo),
    now: Timestamp,
) -> Result<ChainInfo, AppError> {
    let timezone = plan.schedule.timezone;
    let in_force = drawing.schedule(timezone)?;
    let changed = plan.schedule.starting_after(open, in_force.draw_at(open)?)?;
    let anchor = changed.anchor.context("a period change without its anchor")?;
    let index = drawing.index_of(&in_force, open)?.context("the open period has no seed")?;
    let retired = retire_segments_from(tx, plan.source, anchor.issue, now)?;
    let mut queue: Vec<Seeds> = Vec::new();
    if index < drawing.length {
        queue.push(Seeds::From(drawing, index + 1));
    }
    let mut placed: Vec<&str> = vec![drawing.seeds_id.as_str()];
    for segment in &retired {
        if !placed.contains(&segment.seeds_id.as_str()) {
            placed.push(&segment.seeds_id);
            queue.push(Seeds::From(segment, segment.first_index));
        }
    }
    let mut queue = queue.into_iter();
    let first =
        NewSegment { first_issue: anchor.issue, starts_at: anchor.starts_at, anchored: true };
    let changed = commit_chain(tx, plan, first, queue.next().unwrap_or(Seeds::Fresh), now)?;
    let mut previous = changed.clone();
    for seeds in queue {
        let schedule = previous.schedule(timezone)?;
        let first = after(&schedule, previous.last_issue(&schedule)?)?;
        previous = commit_chain(tx, plan, first, seeds, now)?;
    }
    Ok(changed)
}

/// Where a new segment starts: its first issue, and when its first period starts (the draw of
/// the period before it, in the schedule in force).
struct NewSegment {
    first_issue: Issue,
    starts_at: Timestamp,
    anchored: bool,
}

/// The segment right after `previous` of `schedule`. One starting on an anchored day keeps
/// that day's timing.
fn after(schedule: &Schedule, previous: Issue) -> Result<NewSegment, AppError> {
    let first_issue = schedule.next(previous)?;
    let anchored = schedule.anchor.is_some_and(|anchor| anchor.issue.date() == first_issue.date());
    Ok(NewSegment { first_issue, starts_at: schedule.draw_at(previous)?, anchored })
}

/// The seeds a new segment draws from.
enum Seeds<'a> {
    /// A freshly generated chain of `plan.length`, its end kept in the key file.
    Fresh,
    /// A committed chain (that of the segment given), from this index on.
    From(&'a ChainInfo, u32),
}

/// Stores a segment with the rooms' period drawing from `seeds`.
fn commit_chain(
    tx: &Tx,
    plan: &ChainPlan,
    first: NewSegment,
    seeds: Seeds,
    now: Timestamp,
) -> Result<ChainInfo, AppError> {
    let chain_id = new_chain_id(tx, plan.source, first.first_issue)?;
    let (seeds_id, first_index, length, commitment, fresh) = match seeds {
        Seeds::From(chain, index) => {
            (chain.seeds_id.clone(), index, chain.length, chain.commitment.clone(), None)
        }
        Seeds::Fresh => {
            let chain = Arc::new(SeedChain::generate(plan.length)?);
            (chain_id.clone(), 1, plan.length, chain.commitment().clone(), Some(chain))
        }
    };
    let info = ChainInfo {
        chain_id,
        seeds_id,
        first_index,
        length,
        period_secs: plan.schedule.period_secs,
        commitment,
        first_issue: first.first_issue,
        starts_at: Some(first.starts_at),
        anchored: first.anchored,
        created_at: now,
        retired_at: None,
        timezone: Some(plan.schedule.timezone.name().to_string()),
    };
    info.schedule(plan.schedule.timezone)?; // A bad anchor fails before anything is stored.
    if let Some(chain) = fresh {
        plan.keys.remember(&info.chain_id, chain)?;
    }
    insert_chain(tx, plan.source, &info)?;
    Ok(info)
}

/// `<source>-<first issue>`, or with `-2`, `-3`, ... when retired segments had that first
/// issue.
fn new_chain_id(tx: &Tx, source: DrawSource, first_issue: Issue) -> Result<String, AppError> {
    let taken: i64 = tx
        .query_row(
            "SELECT COUNT(*) FROM seed_chains WHERE draw_source = ?1 AND first_issue = ?2",
            params![source.code(), first_issue.to_string()],
            |row| row.get(0),
        )
        .context("while naming a seed chain")?;
    let id = format!("{}-{first_issue}", source.code());
    Ok(if taken == 0 { id } else { format!("{id}-{}", taken + 1) })
}

/// Retires the live segments of `source` from `first_issue` on and returns them, earliest
/// first. They were committed ahead and have not started, so no period from there on is
/// drawn: a drawn one is refused as a broken invariant.
fn retire_segments_from(
    tx: &Tx,
    source: DrawSource,
    first_issue: Issue,
    now: Timestamp,
) -> Result<Vec<ChainInfo>, AppError> {
    let drawn: i64 = tx
        .query_row(
            "SELECT COUNT(*) FROM draws WHERE draw_source = ?1 AND issue >= ?2",
            params![source.code(), first_issue.to_string()],
            |row| row.get(0),
        )
        .context("while checking the segments to retire")?;
    if drawn > 0 {
        let broken = anyhow::anyhow!("a {} segment to retire has drawn periods", source.code());
        debug_assert!(false, "{broken}");
        return Err(broken.into());
    }
    let retired = live_from(tx, source, first_issue)?;
    for segment in &retired {
        tx.execute(
            "UPDATE seed_chains SET retired_at = ?2 WHERE chain_id = ?1",
            params![segment.chain_id, now],
        )
        .context("while retiring a segment")?;
    }
    Ok(retired)
}

fn insert_chain(tx: &Tx, source: DrawSource, info: &ChainInfo) -> Result<(), AppError> {
    let own_seeds = info.seeds_id == info.chain_id;
    tx.execute(
        "INSERT INTO seed_chains (chain_id, draw_source, length, period_secs, commitment,
                                  first_issue, starts_at, anchored, created_at, seeds_id,
                                  first_index, timezone)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            info.chain_id,
            source.code(),
            info.length,
            info.period_secs,
            info.commitment.to_hex(),
            info.first_issue.to_string(),
            info.starts_at,
            info.anchored,
            info.created_at,
            (!own_seeds).then_some(&info.seeds_id),
            info.first_index,
            info.timezone,
        ],
    )
    .context("while storing a seed chain")?;
    Ok(())
}

/// Checks that the live segments numbered their issues in `timezone`: a start under another
/// zone would renumber periods and could reopen drawn ones, so it is refused with the zone to
/// set back (`Err` names it). Segments from before V11 take `timezone` now.
pub fn adopt_timezone(
    connection: &rusqlite::Connection,
    timezone: chrono_tz::Tz,
) -> Result<Result<(), String>, AppError> {
    let recorded: Option<String> = connection
        .query_row(
            "SELECT timezone FROM seed_chains
             WHERE retired_at IS NULL AND timezone IS NOT NULL AND timezone <> ?1 LIMIT 1",
            [timezone.name()],
            |row| row.get(0),
        )
        .optional()
        .context("while reading the zone of the seed chains")?;
    if let Some(recorded) = recorded {
        return Ok(Err(recorded));
    }
    // Only a hall with segments from before V11 writes: every `admin` command runs this beside
    // a serving hall, and a write would wait on the server's writer (and fail once it held
    // the lock past the busy timeout, as it can on a loaded machine at start).
    let unrecorded: Option<i64> = connection
        .query_row("SELECT 1 FROM seed_chains WHERE timezone IS NULL LIMIT 1", [], |row| row.get(0))
        .optional()
        .context("while reading the zone of the seed chains")?;
    if unrecorded.is_some() {
        connection
            .execute(
                "UPDATE seed_chains SET timezone = ?1 WHERE timezone IS NULL",
                [timezone.name()],
            )
            .context("while recording the zone of the seed chains")?;
    }
    Ok(Ok(()))
}
