//! Files only the service's user may read (0600): the config with its secrets, the backup
//! status, anything else that names keys or players.

use anyhow::Context;
use std::path::Path;

/// Writes a file only its owner can read (0600).
pub fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("while creating {}", parent.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("while creating {}", path.display()))?;
    file.write_all(text.as_bytes()).with_context(|| format!("while writing {}", path.display()))?;
    Ok(())
}
