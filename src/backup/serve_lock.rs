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
        ServeLock::acquire(
            data_dir,
            "refusing to serve: another `fairhall serve` runs on this data directory; stop it first",
        )
    }

    /// Takes the lock, creating the data directory and the file if needed. `held` is what a
    /// refusal says while a running server holds it; any other failure (a read-only mount, a
    /// directory owned by another user) says that the directory cannot be written, never that
    /// a server runs.
    pub fn acquire(data_dir: &Path, held: &str) -> anyhow::Result<ServeLock> {
        let unwritable = || {
            format!(
                "{} cannot be written (a read-only mount, or owned by another user?): check it \
                 with `ls -ld {}` and `findmnt -T {}`",
                data_dir.display(),
                data_dir.display(),
                data_dir.display()
            )
        };
        super::create_dir_private(data_dir).with_context(unwritable)?;
        let path = data_dir.join(LOCK_FILE);
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("while opening {}", path.display()))
            .with_context(unwritable)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                anyhow::bail!(
                    "{held}: {} is locked by a running `fairhall serve` (pid {})",
                    path.display(),
                    holder.trim()
                );
            }
            Err(TryLockError::Error(error)) => {
                return Err(error).with_context(|| format!("while locking {}", path.display()));
            }
        }
        let write_pid = |file: &mut File| -> std::io::Result<()> {
            file.set_len(0)?;
            file.rewind()?;
            write!(file, "{}", std::process::id())
        };
        write_pid(&mut file).with_context(unwritable)?;
        Ok(ServeLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let first = ServeLock::acquire_for_serve(dir.path()).expect("the first lock");

        let refused = ServeLock::acquire_for_serve(dir.path()).err().expect("refused while held");
        drop(first);
        let again = ServeLock::acquire_for_serve(dir.path());

        let message = format!("{refused:#}");
        assert!(message.contains("another `fairhall serve` runs"), "{message}");
        assert!(message.contains(&format!("pid {}", std::process::id())), "{message}");
        assert!(again.is_ok(), "free once the first is dropped");
    }

    /// The review found `serve` on a read-only data directory claiming that another server
    /// ran. Any failure but a held lock says that the directory cannot be written (here the
    /// lock file's place is taken by a directory, which even root cannot open for writing).
    #[test]
    fn a_directory_that_cannot_be_written_is_said_so_never_that_a_server_runs() {
        let dir = tempfile::tempdir().expect("a temp directory");
        std::fs::create_dir(dir.path().join(LOCK_FILE)).expect("a directory in the way");

        let refused = ServeLock::acquire_for_serve(dir.path()).err().expect("refused");

        let message = format!("{refused:#}");
        assert!(message.contains("cannot be written"), "{message}");
        assert!(!message.contains("another `fairhall serve`"), "{message}");
    }
}
