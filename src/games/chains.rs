//! Seed chains of the draw sources (DESIGN.md "Draws and fairness"). The public part (id,
//! length, commitment `s_0`, first issue) is in `seed_chains`; the secret end `s_N` lives only
//! in `<data_dir>/chains.key` (mode 0600, one line per chain: `<chain_id> <end hex>`), which
//! this module never logs or returns.
//!
//! Chain index: period `first_issue` draws with `s_1`, and the period n periods later with
//! `s_{n+1}`, counting every period of every day in between (`Schedule::periods_between`), so
//! one index names exactly one (draw source, issue).
//!
//! A period change (`admin room update --period`) is committed by `ensure_chain` as a new
//! chain whose first day is anchored at the old open period's draw time (`periods::Anchor`);
//! chains committed ahead that it replaces are retired, never deleted, and every lookup here
//! ignores them (they never drew a period). The schedule in force is the chains', not the
//! rooms' `period_secs`, which only says what the next chain will use.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fair::{Seed, SeedChain};
use crate::games::issue::Issue;
use crate::games::periods::{Anchor, Schedule};
use crate::games::room::DrawSource;
use anyhow::Context;
use rusqlite::types::Type;
use rusqlite::{Connection, params};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Periods per chain: about 69 days of 60-second periods.
pub const CHAIN_LENGTH: u32 = 100_000;
/// A successor chain is committed when the latest one has fewer periods left than this, or
/// than half its length for shorter chains.
pub const CHAIN_RENEW_PERIODS: i64 = 10_000;
/// Name of the key file in the data directory.
pub const KEY_FILE: &str = "chains.key";

const _: () = assert!((CHAIN_LENGTH as i64) > CHAIN_RENEW_PERIODS);
const _: () = assert!(CHAIN_LENGTH <= SeedChain::LENGTH_MAX);

/// The public record of a chain.
#[derive(Clone, Debug)]
pub struct ChainInfo {
    pub chain_id: String,
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
    /// When a replacing chain retired this one, before it drew any period.
    pub retired_at: Option<Timestamp>,
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

    /// The chain index of `issue` (1 for `first_issue`), None outside the chain.
    pub fn index_of(&self, schedule: &Schedule, issue: Issue) -> Result<Option<u32>, AppError> {
        let index = schedule.periods_between(self.first_issue, issue)?.map(|count| count + 1);
        Ok(index.and_then(|index| u32::try_from(index).ok()).filter(|index| *index <= self.length))
    }

    /// The chain's last period.
    pub fn last_issue(&self, schedule: &Schedule) -> Result<Issue, AppError> {
        schedule.advance(self.first_issue, i64::from(self.length) - 1)
    }
}

/// The secret chain ends, read from and appended to the key file; built chains are cached.
pub struct ChainKeys {
    path: PathBuf,
    ends: Mutex<HashMap<String, Seed>>,
    built: Mutex<HashMap<String, Arc<SeedChain>>>,
}

impl ChainKeys {
    /// Reads `<data_dir>/chains.key` (absent: no chains yet).
    pub fn open(data_dir: &Path) -> anyhow::Result<ChainKeys> {
        let path = data_dir.join(KEY_FILE);
        let mut ends = HashMap::new();
        if path.exists() {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("while reading {}", path.display()))?;
            for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.is_empty()) {
                let parsed = line
                    .split_once(' ')
                    .and_then(|(id, end)| Some((id.to_string(), Seed::parse_hex(end).ok()?)));
                let (id, end) = parsed.with_context(|| {
                    format!("while reading line {} of {}", number + 1, path.display())
                })?;
                ends.insert(id, end);
            }
        }
        Ok(ChainKeys { path, ends: Mutex::new(ends), built: Mutex::new(HashMap::new()) })
    }

    /// The chain `info` describes, rebuilt from its end (cached).
    pub fn chain(&self, info: &ChainInfo) -> Result<Arc<SeedChain>, AppError> {
        let poisoned = || anyhow::anyhow!("chain key cache poisoned");
        if let Some(chain) = self.built.lock().map_err(|_| poisoned())?.get(&info.chain_id) {
            return Ok(chain.clone());
        }
        let end = self.ends.lock().map_err(|_| poisoned())?.get(&info.chain_id).cloned();
        let end = end.with_context(|| format!("no key for chain {}", info.chain_id))?;
        let chain = Arc::new(SeedChain::from_end(end, info.length)?);
        if chain.commitment() != &info.commitment {
            return Err(anyhow::anyhow!("the key of chain {} does not match", info.chain_id))?;
        }
        self.built.lock().map_err(|_| poisoned())?.insert(info.chain_id.clone(), chain.clone());
        Ok(chain)
    }

    /// Appends a new chain's end to the key file (created 0600) before its row is stored, so a
    /// committed chain always has its key; a line whose row rolled back is harmless.
    fn remember(&self, chain_id: &str, chain: Arc<SeedChain>) -> Result<(), AppError> {
        use std::os::unix::fs::OpenOptionsExt;
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .mode(0o600)
            .open(&self.path)
            .with_context(|| format!("while opening {}", self.path.display()))?;
        // One write of the whole line: a reader in another process never sees half of it.
        let line = format!("{chain_id} {}\n", chain.end().to_hex());
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_all())
            .with_context(|| format!("while writing {}", self.path.display()))?;
        let poisoned = || anyhow::anyhow!("chain key cache poisoned");
        self.ends.lock().map_err(|_| poisoned())?.insert(chain_id.into(), chain.end().clone());
        self.built.lock().map_err(|_| poisoned())?.insert(chain_id.into(), chain);
        Ok(())
    }
}
/// What `ensure_chain` needs besides the transaction.
pub struct ChainPlan<'a> {
    pub keys: &'a ChainKeys,
    pub source: DrawSource,
    /// The schedule the source's rooms ask for (`rooms::source_schedule`): new chains take its
    /// period. Which period is open is the chains' business (`chain_at`).
    pub schedule: Schedule,
    pub length: u32,
}

/// Commits, when needed, the next chain of `plan.source`, always before any bet on its
/// periods is taken, and returns it:
/// - none yet: a first chain from the period open at `now` (no bet was taken before: betting
///   needs a committed seed), so the open period is always one that will be drawn;
/// - the latest chain's period is not the rooms': a period change from the period after the
///   open one, anchored at the open period's draw time (which stays as it was); live chains
///   from there on, committed ahead and never drawn, are retired. The open period is the one
///   of the chain in force, which has always started (a legacy first chain committed for the
///   period after the open one waits until it starts);
/// - the latest has fewer than `CHAIN_RENEW_PERIODS` periods left: a successor right after its
///   last period, or after the open period when the latest ran out already.
pub fn ensure_chain(
    tx: &Tx,
    plan: &ChainPlan,
    now: Timestamp,
) -> Result<Option<ChainInfo>, AppError> {
    let timezone = plan.schedule.timezone;
    let Some(latest) = latest_chain(tx, plan.source)? else {
        let open = plan.schedule.current(now)?;
        let first = NewChain {
            first_issue: open,
            starts_at: plan.schedule.draw_at(plan.schedule.previous(open)?)?,
            anchored: false,
        };
        return commit_chain(tx, plan, first, now).map(Some);
    };
    let Some(in_force) = started_chain(tx, plan.source, timezone, now)? else {
        return Ok(None);
    };
    let in_force = in_force.schedule(timezone)?;
    let open = in_force.current(now)?;
    if latest.period_secs != plan.schedule.period_secs {
        let changed = plan.schedule.starting_after(open, in_force.draw_at(open)?)?;
        let anchor = changed.anchor.context("a period change without its anchor")?;
        retire_chains_from(tx, plan.source, anchor.issue, now)?;
        let first =
            NewChain { first_issue: anchor.issue, starts_at: anchor.starts_at, anchored: true };
        return commit_chain(tx, plan, first, now).map(Some);
    }
    let latest_schedule = latest.schedule(timezone)?;
    let last = latest.last_issue(&latest_schedule)?;
    let left = latest_schedule.periods_between(open, last)?.unwrap_or(0);
    if left >= CHAIN_RENEW_PERIODS.min(i64::from(latest.length) / 2) {
        return Ok(None);
    }
    let (schedule, previous) = if latest_schedule.next(last)? >= in_force.next(open)? {
        (latest_schedule, last)
    } else {
        (in_force, open)
    };
    let first_issue = schedule.next(previous)?;
    // A successor starting on an anchored day keeps that day's timing.
    let anchored = schedule.anchor.is_some_and(|anchor| anchor.issue.date() == first_issue.date());
    let first = NewChain { first_issue, starts_at: schedule.draw_at(previous)?, anchored };
    commit_chain(tx, plan, first, now).map(Some)
}

/// Where a new chain starts: its first issue, and when its first period starts (the draw of
/// the period before it, in the schedule in force).
struct NewChain {
    first_issue: Issue,
    starts_at: Timestamp,
    anchored: bool,
}

/// Generates a chain of `plan.length` with the rooms' period, keeps its end in the key file
/// and stores its public part.
fn commit_chain(
    tx: &Tx,
    plan: &ChainPlan,
    first: NewChain,
    now: Timestamp,
) -> Result<ChainInfo, AppError> {
    let chain = Arc::new(SeedChain::generate(plan.length)?);
    let info = ChainInfo {
        chain_id: new_chain_id(tx, plan.source, first.first_issue)?,
        length: plan.length,
        period_secs: plan.schedule.period_secs,
        commitment: chain.commitment().clone(),
        first_issue: first.first_issue,
        starts_at: Some(first.starts_at),
        anchored: first.anchored,
        retired_at: None,
    };
    info.schedule(plan.schedule.timezone)?; // A bad anchor fails before anything is stored.
    plan.keys.remember(&info.chain_id, chain)?;
    insert_chain(tx, plan.source, &info, now)?;
    Ok(info)
}

/// `<source>-<first issue>`, or with `-2`, `-3`, ... when retired chains had that first issue.
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

/// Retires the live chains of `source` from `first_issue` on. They were committed ahead and
/// have not started, so none has drawn a period: a drawn one is refused as a broken invariant.
fn retire_chains_from(
    tx: &Tx,
    source: DrawSource,
    first_issue: Issue,
    now: Timestamp,
) -> Result<(), AppError> {
    let drawn: i64 = tx
        .query_row(
            "SELECT COUNT(*) FROM draws JOIN seed_chains ON seed_chains.chain_id = draws.chain_id
             WHERE seed_chains.draw_source = ?1 AND seed_chains.first_issue >= ?2
               AND seed_chains.retired_at IS NULL",
            params![source.code(), first_issue.to_string()],
            |row| row.get(0),
        )
        .context("while checking the chains to retire")?;
    if drawn > 0 {
        let broken = anyhow::anyhow!("a {} chain to retire has drawn periods", source.code());
        debug_assert!(false, "{broken}");
        return Err(broken.into());
    }
    tx.execute(
        "UPDATE seed_chains SET retired_at = ?3
         WHERE draw_source = ?1 AND first_issue >= ?2 AND retired_at IS NULL",
        params![source.code(), first_issue.to_string(), now],
    )
    .context("while retiring seed chains")?;
    Ok(())
}

fn insert_chain(
    tx: &Tx,
    source: DrawSource,
    info: &ChainInfo,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.execute(
        "INSERT INTO seed_chains (chain_id, draw_source, length, period_secs, commitment,
                                  first_issue, starts_at, anchored, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            info.chain_id,
            source.code(),
            info.length,
            info.period_secs,
            info.commitment.to_hex(),
            info.first_issue.to_string(),
            info.starts_at,
            info.anchored,
            now
        ],
    )
    .context("while storing a seed chain")?;
    Ok(())
}

const CHAIN_COLUMNS: &str =
    "chain_id, length, period_secs, commitment, first_issue, starts_at, anchored, retired_at";

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

/// The live chain with the latest first issue.
pub fn latest_chain(
    connection: &Connection,
    source: DrawSource,
) -> Result<Option<ChainInfo>, AppError> {
    let latest = "draw_source = ?1 AND retired_at IS NULL ORDER BY first_issue DESC LIMIT 1";
    one_chain(connection, latest, [source.code()])
}

/// The live chain that draws `issue`: the one with the latest first issue at or before it, or,
/// when none has started yet, the first one (its commitment is published ahead).
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

/// The live chain with the earliest first issue after `issue`.
pub fn chain_after(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Option<ChainInfo>, AppError> {
    let after = "draw_source = ?1 AND retired_at IS NULL AND first_issue > ?2
        ORDER BY first_issue LIMIT 1";
    one_chain(connection, after, params![source.code(), issue.to_string()])
}

/// Live chains `chain_at` reads, newest first. At most one live chain is ever committed ahead
/// of its start (a successor is committed only when the latest has started, and a period
/// change retires those ahead of it), so a started one is among the first two.
const CHAINS_AT_SCANNED: i64 = 4;

/// The chain in force at `now`, whose schedule says which period is open: the newest live
/// chain whose first period has started, or, before any has (a first chain committed by an
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

/// The newest live chain of `source` whose first period has started by `now`.
fn started_chain(
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

/// The newest chains of `source`, retired ones included, latest first issue first.
pub fn recent_chains(
    connection: &Connection,
    source: DrawSource,
    limit: u32,
) -> Result<Vec<ChainInfo>, AppError> {
    let recent = "draw_source = ?1 ORDER BY first_issue DESC, rowid DESC LIMIT ?2";
    query_chains(connection, recent, params![source.code(), limit])
}

/// A chain by id, retired or not.
pub fn chain_by_id(connection: &Connection, chain_id: &str) -> Result<ChainInfo, AppError> {
    one_chain(connection, "chain_id = ?1", [chain_id])?.ok_or(AppError::NotFound)
}
