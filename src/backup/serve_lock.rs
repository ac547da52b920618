//! The exclusive lock `serve` holds on `<data_dir>/serve.lock` for its whole life (an
//! advisory `flock`, released by the kernel when the process ends, however it ends): a second
//! `serve` on the same data directory and a `restore` into it are refused while it is held.

use anyhow::Context;
use std::fs::{File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

/// The lock file's name in the data directory.
pub const LOCK_FILE: &str = "serve.lock";

/// Held while alive; the file keeps the holder's process id for the refusal message.
pub struct ServeLock {
    _file: File,
}

impl ServeLock {
    /// Takes the lock for `serve`, or refuses with the running server's process id.
    pub fn acquire_for_serve(data_dir: &Path) -> anyhow::Result<ServeLock> {
        ServeLock::acquire(data_dir).context(
            "refusing to serve: another `fairhall serve` runs on this data directory; stop it \
             first",
        )
    }

    /// Takes the lock, creating the data directory and the file if needed.
    pub fn acquire(data_dir: &Path) -> anyhow::Result<ServeLock> {
        super::create_dir_private(data_dir)?;
        let path = data_dir.join(LOCK_FILE);
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("while opening {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                anyhow::bail!(
                    "{} is locked by a running `fairhall serve` (pid {})",
                    path.display(),
                    holder.trim()
                );
            }
            Err(TryLockError::Error(error)) => {
                return Err(error).with_context(|| format!("while locking {}", path.display()));
            }
        }
        file.set_len(0)?;
        file.rewind()?;
        write!(file, "{}", std::process::id())?;
        Ok(ServeLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let first = ServeLock::acquire(dir.path()).expect("the first lock");

        let refused = ServeLock::acquire(dir.path()).err().expect("refused while held");
        drop(first);
        let again = ServeLock::acquire(dir.path());

        let message = format!("{refused:#}");
        assert!(message.contains(&format!("pid {}", std::process::id())), "{message}");
        assert!(again.is_ok(), "free once the first is dropped");
    }
}
