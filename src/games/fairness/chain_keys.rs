//! The key file `<data_dir>/chains.key` (mode 0600): one line per seed chain,
//! `<chain_id> <end hex>`, holding the secret end `s_N` this module never logs or returns.
//! A line is written with one `write` and an fsync before its chain's row is stored, so a
//! committed chain always has its key; a torn last line (a kill during that write, whose row
//! then never committed) is recognised and ignored.

use crate::error::AppError;
use crate::games::fairness::chains::ChainInfo;
use crate::games::fairness::fair::{Seed, SeedChain};
use anyhow::Context;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use std::sync::{Arc, Mutex};

/// Name of the key file in the data directory.
pub const KEY_FILE: &str = "chains.key";

/// The secret chain ends, read from and appended to the key file; built chains are cached.
pub struct ChainKeys {
    path: PathBuf,
    ends: Mutex<HashMap<String, Seed>>,
    built: Mutex<HashMap<String, Arc<SeedChain>>>,
}

impl ChainKeys {
    /// Reads `<data_dir>/chains.key` (absent: no chains yet). A last line without its newline
    /// was torn by a kill while it was written, before its chain's row could commit: it is
    /// cut off so that the next line starts cleanly.
    pub fn open(data_dir: &Path) -> anyhow::Result<ChainKeys> {
        let path = data_dir.join(KEY_FILE);
        let ends = read_ends(&path, Torn::CutOff)?;
        Ok(ChainKeys { path, ends: Mutex::new(ends), built: Mutex::new(HashMap::new()) })
    }

    /// Reads the key file as another process may be writing it (the CLI beside a running
    /// server): a last line without its newline is skipped, never cut off.
    pub fn read(data_dir: &Path) -> anyhow::Result<ChainKeys> {
        let path = data_dir.join(KEY_FILE);
        let ends = read_ends(&path, Torn::Ignore)?;
        Ok(ChainKeys { path, ends: Mutex::new(ends), built: Mutex::new(HashMap::new()) })
    }

    /// The seeds `info` draws from, rebuilt from their chain's end (cached).
    pub fn chain(&self, info: &ChainInfo) -> Result<Arc<SeedChain>, AppError> {
        let poisoned = || anyhow::anyhow!("chain key cache poisoned");
        let id = &info.seeds_id;
        if let Some(chain) = self.built.lock().map_err(|_| poisoned())?.get(id) {
            return Ok(chain.clone());
        }
        let end = self.ends.lock().map_err(|_| poisoned())?.get(id).cloned();
        let end = end.with_context(|| format!("no key for chain {id}"))?;
        let chain = Arc::new(SeedChain::from_end(end, info.length)?);
        if chain.commitment() != &info.commitment {
            return Err(anyhow::anyhow!("the key of chain {id} does not match"))?;
        }
        self.built.lock().map_err(|_| poisoned())?.insert(id.clone(), chain.clone());
        Ok(chain)
    }

    /// Whether the key of the chain whose seeds `info` draws is known. A chain this handle has
    /// not seen is looked up in the file again (the scheduler's handle commits new chains).
    pub fn has(&self, info: &ChainInfo) -> bool {
        let known = |ends: &HashMap<String, Seed>| ends.contains_key(&info.seeds_id);
        if self.ends.lock().is_ok_and(|ends| known(&ends)) {
            return true;
        }
        let Ok(reread) = read_ends(&self.path, Torn::Ignore) else { return false };
        let found = known(&reread);
        if let Ok(mut ends) = self.ends.lock() {
            ends.extend(reread);
        }
        found
    }

    /// Appends a new chain's end to the key file (created 0600) before its row is stored, so a
    /// committed chain always has its key; a line whose row rolled back is harmless.
    pub(crate) fn remember(&self, chain_id: &str, chain: Arc<SeedChain>) -> Result<(), AppError> {
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

/// What reading the key file does with a last line that has no newline yet.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Torn {
    /// At start: it was torn by a kill, before its chain's row could commit; cut it off.
    CutOff,
    /// While running: another handle may be writing it right now; skip it.
    Ignore,
}

fn read_ends(path: &Path, torn: Torn) -> anyhow::Result<HashMap<String, Seed>> {
    let mut ends = HashMap::new();
    if !path.exists() {
        return Ok(ends);
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("while reading {}", path.display()))?;
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    if whole < text.len() && torn == Torn::CutOff {
        tracing::warn!(file = %path.display(), "cutting off a torn last key line");
        let file = std::fs::OpenOptions::new().write(true).open(path);
        let cut = file.and_then(|file| file.set_len(whole as u64).and(file.sync_all()));
        cut.with_context(|| format!("while cutting a torn line of {}", path.display()))?;
    }
    for (number, line) in text[..whole].lines().enumerate().filter(|(_, line)| !line.is_empty()) {
        let parsed = line
            .split_once(' ')
            .and_then(|(id, end)| Some((id.to_string(), Seed::parse_hex(end).ok()?)));
        let (id, end) = parsed
            .with_context(|| format!("while reading line {} of {}", number + 1, path.display()))?;
        ends.insert(id, end);
    }
    Ok(ends)
}
