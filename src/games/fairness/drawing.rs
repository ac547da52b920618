//! Drawing periods from the seed chains, and reading drawn periods back for the fairness
//! pages and `fairhall verify-draw`. A period is drawn once its draw time has passed: its seed
//! `s_k` is taken from the chain, checked against the previous link, revealed and stored with
//! the values `Draw::derive` gives. A chain's periods end where the next live chain starts: after
//! a period change (`chain_plan::ensure_chain`) the old chain's later periods never exist.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::chains::{self, ChainInfo};
use crate::games::fairness::fair::{Seed, verify_link};
use crate::games::rooms;
use crate::games::rules::draw::Draw;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use anyhow::Context;
use chrono_tz::Tz;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

/// Periods one `draw_due` call draws at most; a longer backlog (after downtime) is caught up
/// over the following ticks.
pub const DRAWS_PER_CALL_MAX: u32 = 500;

/// What drawing one source needs besides the transaction.
pub struct DrawPlan<'a> {
    pub keys: &'a ChainKeys,
    pub source: DrawSource,
    pub timezone: Tz,
}

/// Draws every period of `plan.source` whose draw time is at or before `now` and that is not
/// drawn yet, oldest first, at most `DRAWS_PER_CALL_MAX`. Returns how many were drawn.
pub fn draw_due(tx: &Tx, plan: &DrawPlan, now: Timestamp) -> Result<u32, AppError> {
    let mut drawn = 0;
    let Some(mut issue) = first_undrawn(tx, plan)? else { return Ok(0) };
    // Each step draws one period or moves to a later chain, so steps are bounded too.
    for _ in 0..DRAWS_PER_CALL_MAX * 2 {
        if drawn == DRAWS_PER_CALL_MAX {
            break;
        }
        let Some(chain) = chains::chain_for(tx, plan.source, issue)? else { break };
        let schedule = chain.schedule(plan.timezone)?;
        let Some(index) = chain.index_of(&schedule, issue)? else {
            // Past this chain's end: periods before the successor's first issue have no seed
            // (left undrawn, to be refunded); continue with the successor if there is one.
            match chains::chain_after(tx, plan.source, issue)? {
                Some(next) => issue = next.first_issue,
                None => break,
            }
            continue;
        };
        if schedule.draw_at(issue)? > now {
            break;
        }
        draw_period(tx, plan, &chain, (issue, index), now)?;
        drawn += 1;
        issue = chains::period_after(tx, (plan.source, plan.timezone), &chain, issue)?;
    }
    Ok(drawn)
}

/// The period after the latest drawn one, or the first chain's first period.
fn first_undrawn(tx: &Tx, plan: &DrawPlan) -> Result<Option<Issue>, AppError> {
    next_to_draw(tx, plan.source, plan.timezone)
}

/// The period of `source` the scheduler draws next: the one after the latest drawn, or the
/// first chain's first period; None before any chain exists.
pub fn next_to_draw(
    connection: &Connection,
    source: DrawSource,
    timezone: Tz,
) -> Result<Option<Issue>, AppError> {
    match chains::latest_drawn(connection, source)? {
        Some(issue) => {
            let chain = chains::chain_for(connection, source, issue)?;
            let chain = chain.context("a drawn period without a live segment")?;
            Ok(Some(chains::period_after(connection, (source, timezone), &chain, issue)?))
        }
        None => {
            let earliest = Issue::parse(EARLIEST_ISSUE)?;
            Ok(chains::chain_for(connection, source, earliest)?.map(|chain| chain.first_issue))
        }
    }
}

/// The chains whose keys `keys` lacks though `source` still has periods to draw with them:
/// that of the segment drawing its next period and those of the segments after it.
pub fn missing_keys(
    connection: &Connection,
    keys: &ChainKeys,
    source: DrawSource,
    timezone: Tz,
) -> Result<Vec<String>, AppError> {
    let Some(next) = next_to_draw(connection, source, timezone)? else { return Ok(Vec::new()) };
    let Some(current) = chains::chain_for(connection, source, next)? else {
        return Ok(Vec::new());
    };
    let mut missing: Vec<String> = chains::live_from(connection, source, current.first_issue)?
        .into_iter()
        .filter(|segment| !keys.has(segment))
        .map(|segment| segment.seeds_id)
        .collect();
    missing.dedup();
    Ok(missing)
}

/// When `issue` of `source` was due, if it can never be drawn here: a live segment gives it a
/// seed but the key of that seed's chain is missing. None: drawable, or not known to any
/// segment (settlement refunds such a period once a later one is drawn).
pub fn undrawable_since(
    connection: &Connection,
    keys: &ChainKeys,
    (source, timezone): (DrawSource, Tz),
    issue: Issue,
) -> Result<Option<Timestamp>, AppError> {
    let Some(segment) = chains::chain_for(connection, source, issue)? else { return Ok(None) };
    let schedule = segment.schedule(timezone)?;
    if segment.index_of(&schedule, issue)?.is_none() || keys.has(&segment) {
        return Ok(None);
    }
    Ok(Some(schedule.draw_at(issue)?))
}

/// Before every issue: `chain_for` it is the earliest chain.
const EARLIEST_ISSUE: &str = "100001010001";

/// Reveals `s_index` of `chain`'s seeds for `issue`, checks it hashes to the previous link,
/// and stores it with the derived values, the largest bet id so far (a later bet of this
/// period was placed after its result was public) and the source's rooms closed right now.
fn draw_period(
    tx: &Tx,
    plan: &DrawPlan,
    chain: &ChainInfo,
    (issue, index): (Issue, u32),
    now: Timestamp,
) -> Result<(), AppError> {
    let seeds = plan.keys.chain(chain)?;
    let seed = seeds.seed(index).context("a chain index beyond its length")?;
    let previous = previous_link(tx, chain, index)?;
    if !verify_link(&seed, &previous) {
        let broken = anyhow::anyhow!("chain {} breaks at index {index}", chain.seeds_id);
        debug_assert!(false, "{broken}");
        return Err(broken.into());
    }
    let values = Draw::derive(plan.source, &seed, issue);
    let values = serde_json::to_string(&values).context("while encoding a draw")?;
    let (source, issue) = (plan.source.code(), issue.to_string());
    tx.prepare_cached(
        "INSERT INTO draws (draw_source, issue, chain_id, chain_index, seed, values_json,
                            drawn_at, bets_before)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT COALESCE(MAX(bet_id), 0) FROM bets))",
    )?
    .execute(params![source, issue, chain.seeds_id, index, seed.to_hex(), values, now])
    .context("while storing a draw")?;
    let mut record =
        tx.prepare_cached("INSERT INTO period_closures (room, issue) VALUES (?1, ?2)")?;
    for room in rooms::closed_rooms(tx, plan.source)? {
        record
            .execute(params![room, issue])
            .context("while recording the rooms closed at a draw")?;
    }
    Ok(())
}

/// `s_{index-1}` of `chain`'s seeds: the commitment for index 1, else the revealed seed of the
/// period before (which another segment of the same seeds may have drawn).
fn previous_link(connection: &Connection, chain: &ChainInfo, index: u32) -> Result<Seed, AppError> {
    if index == 1 {
        return Ok(chain.commitment.clone());
    }
    let seed: String = connection
        .query_row(
            "SELECT seed FROM draws WHERE chain_id = ?1 AND chain_index = ?2",
            params![chain.seeds_id, index - 1],
            |row| row.get(0),
        )
        .optional()
        .context("while reading the previous link")?
        .with_context(|| format!("chain {} has no draw at index {}", chain.seeds_id, index - 1))?;
    Ok(Seed::parse_hex(&seed).map_err(|_| anyhow::anyhow!("a stored seed is malformed"))?)
}

/// A drawn period as the fairness page shows it.
#[derive(Clone, Debug)]
pub struct RevealedDraw {
    pub source: DrawSource,
    pub issue: Issue,
    pub chain_id: String,
    pub chain_index: u32,
    pub seed: Seed,
    /// `s_{k-1}`: the previous period's seed, or the commitment for a chain's first period.
    pub previous: Seed,
    pub commitment: Seed,
    pub values: Value,
}

/// The drawn period `issue` of `source`; `NotFound` when it is not drawn (yet).
pub fn revealed_draw(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<RevealedDraw, AppError> {
    let row: Option<(String, u32, String, String)> = connection
        .query_row(
            "SELECT chain_id, chain_index, seed, values_json FROM draws
             WHERE draw_source = ?1 AND issue = ?2",
            params![source.code(), issue.to_string()],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .optional()
        .context("while reading a draw")?;
    let (chain_id, chain_index, seed, values) = row.ok_or(AppError::NotFound)?;
    let chain = chains::chain_by_id(connection, &chain_id)?;
    let seed = Seed::parse_hex(&seed).map_err(|_| anyhow::anyhow!("a stored seed is malformed"))?;
    let values = serde_json::from_str(&values).context("while decoding a stored draw")?;
    Ok(RevealedDraw {
        source,
        issue,
        previous: previous_link(connection, &chain, chain_index)?,
        commitment: chain.commitment,
        chain_id,
        chain_index,
        seed,
        values,
    })
}

/// The latest drawn period of `source` and its values.
pub fn latest_draw(
    connection: &Connection,
    source: DrawSource,
) -> Result<Option<(Issue, Value)>, AppError> {
    let row: Option<(String, String)> = connection
        .query_row(
            "SELECT issue, values_json FROM draws WHERE draw_source = ?1
             ORDER BY issue DESC LIMIT 1",
            [source.code()],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()
        .context("while reading the latest draw")?;
    let Some((issue, values)) = row else { return Ok(None) };
    let values = serde_json::from_str(&values).context("while decoding a stored draw")?;
    Ok(Some((Issue::parse(&issue)?, values)))
}

/// The latest `limit` draws of `source`, newest first, with their issues as stored.
pub fn latest_draws(
    connection: &Connection,
    source: DrawSource,
    limit: u32,
) -> Result<Vec<(String, Draw)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT issue, values_json FROM draws WHERE draw_source = ?1 ORDER BY issue DESC LIMIT ?2",
    )?;
    let rows = query.query_map(params![source.code(), limit], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut draws = Vec::new();
    for row in rows {
        let (issue, values) = row?;
        draws.push((issue, serde_json::from_str(&values).context("while decoding a draw")?));
    }
    Ok(draws)
}

/// A stored draw rechecked from public data only: the hash link and the derived values.
#[derive(Debug)]
pub struct Verification {
    pub draw: RevealedDraw,
    pub derived: Draw,
    pub link_holds: bool,
    pub values_match: bool,
}

impl Verification {
    pub fn verified(&self) -> bool {
        self.link_holds && self.values_match
    }
}

/// Recomputes `SHA-256(seed) == previous` and `Draw::derive` for a stored draw.
pub fn verify_draw(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Verification, AppError> {
    let draw = revealed_draw(connection, source, issue)?;
    let derived = Draw::derive(source, &draw.seed, issue);
    let link_holds = verify_link(&draw.seed, &draw.previous);
    let values_match = serde_json::to_value(&derived).ok().as_ref() == Some(&draw.values);
    Ok(Verification { draw, derived, link_holds, values_match })
}
