//! Free space of the file system holding the database: `serve` refuses to start below
//! `db.min_free_bytes` (SQLite on a full disk fails every write), and `/healthz` reports it.

use anyhow::{Context, bail};
use std::path::Path;

/// Bytes an unprivileged process may still write on the file system of `path` (statvfs
/// `f_bavail * f_frsize`); `path` or, when it does not exist yet, its nearest existing parent.
pub fn free_bytes(path: &Path) -> anyhow::Result<u64> {
    let existing = path.ancestors().find(|ancestor| ancestor.exists()).unwrap_or(Path::new("."));
    let stats = rustix::fs::statvfs(existing)
        .with_context(|| format!("while reading the free space of {}", existing.display()))?;
    Ok(stats.f_bavail.saturating_mul(stats.f_frsize))
}

/// Refuses when the file system of `data_dir` has less than `min_free_bytes` free.
pub fn ensure_free_space(data_dir: &Path, min_free_bytes: u64) -> anyhow::Result<()> {
    let free = free_bytes(data_dir)?;
    if free < min_free_bytes {
        bail!(
            "not enough free disk space: {} has {free} bytes free, config key `db.min_free_bytes` \
             asks for at least {min_free_bytes}; free some space (or lower the key) and start again",
            data_dir.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_space_is_read_for_a_directory_not_created_yet() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let free = free_bytes(dir.path()).expect("free space");
        assert!(free > 0);
        let later = free_bytes(&dir.path().join("not/yet")).expect("the parent's free space");
        assert!(later > 0);
    }

    #[test]
    fn too_little_free_space_is_refused_with_the_key_named() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let free = free_bytes(dir.path()).expect("free space");
        assert!(ensure_free_space(dir.path(), 1).is_ok());
        let error = ensure_free_space(dir.path(), free.saturating_mul(2)).expect_err("refused");
        assert!(error.to_string().contains("db.min_free_bytes"), "{error}");
    }
}
