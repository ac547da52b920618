//! The state of a draw source's seed chains for the operator (`fairhall admin room chain`):
//! the chain drawing now, its commitment, how many periods it has left, whether the key file
//! holds its key (and those of the chains after it), and the next draw.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::{chains, drawing};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use chrono_tz::Tz;
use rusqlite::Connection;

/// One draw source's chains at some instant.
#[derive(Clone, Debug)]
pub struct ChainStatus {
    pub source: DrawSource,
    /// The segment drawing the next period; None before any chain is committed.
    pub current: Option<CurrentChain>,
    /// Live segments committed after the current one (a successor, a period change).
    pub committed_ahead: usize,
    /// Chains whose periods are still to be drawn and whose key the key file lacks.
    pub missing_keys: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct CurrentChain {
    /// The chain whose seeds are drawn (the key file names it).
    pub chain_id: String,
    pub commitment: String,
    pub length: u32,
    pub period_secs: i64,
    pub key_present: bool,
    /// The period to draw next and its draw time.
    pub next_issue: Issue,
    pub next_draw_at: Timestamp,
    /// The period that draws the chain's last seed, and how many periods are left up to and
    /// including it from `next_issue`: when this runs low the scheduler commits a successor
    /// (`chains::CHAIN_RENEW_PERIODS`).
    pub last_issue: Issue,
    pub periods_left: i64,
}

/// The chain status of `source` at `now` by `keys`, issues numbered in `timezone`.
pub fn chain_status(
    connection: &Connection,
    keys: &ChainKeys,
    (source, timezone): (DrawSource, Tz),
    now: Timestamp,
) -> Result<ChainStatus, AppError> {
    let missing_keys = drawing::missing_keys(connection, keys, source, timezone)?;
    let next = match drawing::next_to_draw(connection, source, timezone)? {
        Some(next) => Some(next),
        None => chains::open_issue(connection, source, timezone, now)?.map(|(issue, _)| issue),
    };
    let Some(next) = next else {
        return Ok(ChainStatus { source, current: None, committed_ahead: 0, missing_keys });
    };
    let Some(chain) = chains::chain_for(connection, source, next)? else {
        return Ok(ChainStatus { source, current: None, committed_ahead: 0, missing_keys });
    };
    let schedule = chain.schedule(timezone)?;
    let last_issue = chain.last_issue(&schedule)?;
    let periods_left = schedule.periods_between(next, last_issue)?.map_or(0, |count| count + 1);
    let committed_ahead = chains::live_from(connection, source, next)?
        .iter()
        .filter(|segment| segment.first_issue > chain.first_issue)
        .count();
    let current = CurrentChain {
        chain_id: chain.seeds_id.clone(),
        commitment: chain.commitment.to_hex(),
        length: chain.length,
        period_secs: chain.period_secs,
        key_present: keys.has(&chain),
        next_issue: next,
        next_draw_at: schedule.draw_at(next)?,
        last_issue,
        periods_left,
    };
    Ok(ChainStatus { source, current: Some(current), committed_ahead, missing_keys })
}
