//! Seed chains of the draw sources (DESIGN.md "Draws and fairness"). The public part (id,
//! length, commitment `s_0`, first issue) is in `seed_chains`; the secret end `s_N` lives only
//! in `<data_dir>/chains.key` (mode 0600, one line per chain: `<chain_id> <end hex>`), which
//! this module never logs or returns.
//!
//! Chain index: period `first_issue` draws with `s_1`, and the period n periods later with
//! `s_{n+1}`, counting every period of every day in between (`Schedule::periods_between`), so
//! one index names exactly one (draw source, issue).

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fair::{Seed, SeedChain};
use crate::games::issue::Issue;
use crate::games::periods::Schedule;
use crate::games::room::DrawSource;
use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, params};
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
}

impl ChainInfo {
    pub fn schedule(&self, timezone: chrono_tz::Tz) -> Result<Schedule, AppError> {
        Schedule::new(timezone, self.period_secs)
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
        writeln!(file, "{chain_id} {}", chain.end().to_hex())
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
    pub schedule: Schedule,
    pub length: u32,
}

/// Commits a chain for `source` when it has none, or a successor when the latest has fewer
/// than `CHAIN_RENEW_PERIODS` periods left. A new chain starts at the period after the one
/// open at `now` (so its commitment is stored before its first period begins), or right after
/// its predecessor's last period when that is later. Returns the new chain, if any.
pub fn ensure_chain(
    tx: &Tx,
    plan: &ChainPlan,
    now: Timestamp,
) -> Result<Option<ChainInfo>, AppError> {
    let schedule = &plan.schedule;
    let next_open = schedule.next(schedule.current(now)?)?;
    let first_issue = match latest_chain(tx, plan.source)? {
        None => next_open,
        Some(latest) => {
            let last = latest.last_issue(&latest.schedule(schedule.timezone)?)?;
            let left = schedule.periods_between(schedule.current(now)?, last)?.unwrap_or(0);
            if left >= CHAIN_RENEW_PERIODS.min(i64::from(latest.length) / 2) {
                return Ok(None);
            }
            schedule.next(last)?.max(next_open)
        }
    };
    let chain = Arc::new(SeedChain::generate(plan.length)?);
    let info = ChainInfo {
        chain_id: format!("{}-{first_issue}", plan.source.code()),
        length: plan.length,
        period_secs: schedule.period_secs,
        commitment: chain.commitment().clone(),
        first_issue,
    };
    plan.keys.remember(&info.chain_id, chain)?;
    insert_chain(tx, plan.source, &info, now)?;
    Ok(Some(info))
}

fn insert_chain(
    tx: &Tx,
    source: DrawSource,
    info: &ChainInfo,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.execute(
        "INSERT INTO seed_chains
             (chain_id, draw_source, length, period_secs, commitment, first_issue, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            info.chain_id,
            source.code(),
            info.length,
            info.period_secs,
            info.commitment.to_hex(),
            info.first_issue.to_string(),
            now
        ],
    )
    .context("while storing a seed chain")?;
    Ok(())
}

const CHAIN_COLUMNS: &str = "chain_id, length, period_secs, commitment, first_issue";

fn chain_from_row(row: &rusqlite::Row) -> rusqlite::Result<(String, u32, i64, String, String)> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
}

fn parse_chain(
    (chain_id, length, period_secs, commitment, first_issue): (String, u32, i64, String, String),
) -> Result<ChainInfo, AppError> {
    let commitment = Seed::parse_hex(&commitment)
        .map_err(|_| anyhow::anyhow!("chain {chain_id} has a malformed commitment"))?;
    let first_issue = Issue::parse(&first_issue)
        .map_err(|_| anyhow::anyhow!("chain {chain_id} has a malformed first issue"))?;
    Ok(ChainInfo { chain_id, length, period_secs, commitment, first_issue })
}

/// The chain with the latest first issue.
pub fn latest_chain(
    connection: &Connection,
    source: DrawSource,
) -> Result<Option<ChainInfo>, AppError> {
    let sql = format!(
        "SELECT {CHAIN_COLUMNS} FROM seed_chains WHERE draw_source = ?1
         ORDER BY first_issue DESC LIMIT 1"
    );
    let row = connection
        .query_row(&sql, [source.code()], chain_from_row)
        .optional()
        .context("while reading the latest seed chain")?;
    row.map(parse_chain).transpose()
}

/// The chain that draws `issue`: the one with the latest first issue at or before it, or,
/// when none has started yet, the first one (its commitment is published ahead).
pub fn chain_for(
    connection: &Connection,
    source: DrawSource,
    issue: Issue,
) -> Result<Option<ChainInfo>, AppError> {
    let sql = format!(
        "SELECT {CHAIN_COLUMNS} FROM seed_chains WHERE draw_source = ?1
         ORDER BY first_issue <= ?2 DESC,
                  CASE WHEN first_issue <= ?2 THEN first_issue END DESC, first_issue
         LIMIT 1"
    );
    let row = connection
        .query_row(&sql, params![source.code(), issue.to_string()], chain_from_row)
        .optional()
        .context("while finding a seed chain")?;
    row.map(parse_chain).transpose()
}

/// A chain by id.
pub fn chain_by_id(connection: &Connection, chain_id: &str) -> Result<ChainInfo, AppError> {
    let sql = format!("SELECT {CHAIN_COLUMNS} FROM seed_chains WHERE chain_id = ?1");
    let row = connection
        .query_row(&sql, [chain_id], chain_from_row)
        .optional()
        .context("while reading a seed chain")?;
    row.map(parse_chain).transpose()?.ok_or(AppError::NotFound)
}
