//! `fairhall restore`: unpack an archive into a staging directory inside the data directory,
//! check it (manifest checksums, `integrity_check`, `foreign_key_check`, ledger verify, schema
//! not newer than this binary) before anything is touched, then move the current data into
//! `<data_dir>/replaced-<time>/` and the restored files into their places. Staying inside the
//! data directory keeps every move a rename on one file system, and needs no write access to
//! its parent (`/var/lib` belongs to root; the service user owns only the data directory).

use super::archive::{self, Manifest};
use super::{DATABASE_FILE, SECRET_FILES, UPLOAD_DIRS};
use crate::clock::Timestamp;
use anyhow::Context;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// An archive unpacked and checked, waiting in its staging directory; dropped without
/// `put_in_place`, the staging directory is removed and nothing changed.
pub struct Checked {
    pub manifest: Manifest,
    staging: Staging,
    data_dir: PathBuf,
}

/// The staging directory, removed when dropped (after a failed check, or once emptied).
struct Staging(PathBuf);

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What `put_in_place` did.
#[derive(Debug, serde::Serialize)]
pub struct Restored {
    pub data_dir: PathBuf,
    /// Where the data it replaced was moved (`None`: there was none).
    pub replaced: Option<PathBuf>,
    pub files: usize,
    pub schema_version: i64,
    /// When the archive was made (RFC 3339 UTC).
    pub created_at: String,
}

/// The file a restore writes in the data directory before it moves anything, and removes once
/// every file is in place: while it exists, the data directory is half old, half restored, and
/// every command but `restore --roll-back` refuses it (`cli::hall`).
pub const MARKER_FILE: &str = "restore-in-progress";

/// What the marker says: enough to put the replaced data back.
#[derive(Debug, serde::Deserialize, serde::Serialize)]
pub struct Marker {
    /// The archive being restored.
    pub archive: PathBuf,
    /// RFC 3339 UTC.
    pub started_at: String,
    /// The directory (in the data directory) the current data is moved into.
    pub replaced: String,
    /// The entries there were before, which are moved into `replaced`.
    pub replacing: Vec<String>,
    /// The entries the restore puts in place.
    pub restoring: Vec<String>,
}

/// The marker of a restore that did not finish, if any.
pub fn unfinished(data_dir: &Path) -> anyhow::Result<Option<Marker>> {
    let path = data_dir.join(MARKER_FILE);
    match std::fs::read(&path) {
        Ok(text) => Ok(Some(serde_json::from_slice(&text).with_context(|| {
            format!("{} does not parse: move it away once the data is whole", path.display())
        })?)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error).with_context(|| format!("while reading {}", path.display())),
    }
}

/// Puts back what an unfinished restore replaced: the entries it restored are removed (the
/// archive still holds them), the replaced ones moved back, then the marker is removed.
pub fn roll_back(data_dir: &Path) -> anyhow::Result<Option<Marker>> {
    let Some(marker) = unfinished(data_dir)? else {
        return Ok(None);
    };
    let replaced = data_dir.join(&marker.replaced);
    for name in managed_entries() {
        let current = data_dir.join(&name);
        let old = replaced.join(&name);
        let moved_aside = old.symlink_metadata().is_ok();
        // What is in place now is the restored copy when the old one was moved aside, or when
        // there was none; an old entry not moved yet stays.
        let restored_copy =
            moved_aside || (!marker.replacing.contains(&name) && marker.restoring.contains(&name));
        if restored_copy && current.symlink_metadata().is_ok() {
            remove(&current)?;
        }
        if moved_aside {
            rename(&old, &current)?;
        }
    }
    if replaced.is_dir() {
        std::fs::remove_dir(&replaced)
            .with_context(|| format!("while removing the emptied {}", replaced.display()))?;
    }
    remove_marker(data_dir)?;
    Ok(Some(marker))
}

fn remove(path: &Path) -> anyhow::Result<()> {
    let removed = match path.symlink_metadata()?.is_dir() {
        true => std::fs::remove_dir_all(path),
        false => std::fs::remove_file(path),
    };
    removed.with_context(|| format!("while removing {}", path.display()))
}

fn remove_marker(data_dir: &Path) -> anyhow::Result<()> {
    let path = data_dir.join(MARKER_FILE);
    std::fs::remove_file(&path).with_context(|| format!("while removing {}", path.display()))?;
    sync_dir(data_dir)
}

/// Makes the directory's entries (a created, renamed or removed file) durable.
fn sync_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::File::open(dir)
        .and_then(|dir| dir.sync_all())
        .with_context(|| format!("while syncing {}", dir.display()))
}

/// The entries of a data directory a restore replaces (the rest, such as `backups/`, stays).
fn managed_entries() -> Vec<String> {
    let database_files = [DATABASE_FILE, "fairhall.db-wal", "fairhall.db-shm"];
    let mut entries: Vec<String> = database_files.into_iter().map(String::from).collect();
    entries.extend(SECRET_FILES.into_iter().map(String::from));
    entries.extend(UPLOAD_DIRS.into_iter().map(String::from));
    entries
}

/// Whether a restore puts `path` (a file of the archive) in a data directory: the database
/// and the secret files at the top, and files inside the upload directories. Nothing else an
/// archive holds lands there, whatever its name.
fn is_restorable(path: &str) -> bool {
    match path.split_once('/') {
        None => path == DATABASE_FILE || SECRET_FILES.contains(&path),
        Some((dir, _)) => UPLOAD_DIRS.contains(&dir),
    }
}

/// Removes the staging directories of restores killed before they moved anything (the caller
/// holds the data directory's lock: no other restore runs).
fn remove_stale_staging(data_dir: &Path) {
    let Ok(entries) = std::fs::read_dir(data_dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        if entry.file_name().to_string_lossy().starts_with(".restore-") {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Unpacks and checks `archive`; `Err` lists every problem found (nothing was changed).
/// `identity`: the age identity file that opens an encrypted archive.
pub fn check(
    archive_path: &Path,
    identity: Option<&Path>,
    data_dir: &Path,
    now: Timestamp,
) -> Result<Checked, Vec<String>> {
    super::create_dir_private(data_dir).map_err(|error| vec![format!("{error:#}")])?;
    remove_stale_staging(data_dir);
    let staging = Staging(data_dir.join(format!(".restore-{}", super::file_time(now))));
    let manifest = archive::unpack_checked(archive_path, identity, &staging.0)?;
    let strays: Vec<String> = manifest
        .files
        .iter()
        .filter(|file| !is_restorable(&file.path))
        .map(|file| {
            format!(
                "{}: not part of a hall's data (a restore puts only {DATABASE_FILE}, the secret \
                 files and the upload directories in place)",
                file.path
            )
        })
        .collect();
    if !strays.is_empty() {
        return Err(strays);
    }
    let problems = check_database(&staging.0.join(DATABASE_FILE));
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Checked { manifest, staging, data_dir: data_dir.to_path_buf() })
}

/// The database's own checks, each problem as one line.
fn check_database(path: &Path) -> Vec<String> {
    if !path.is_file() {
        return vec![format!("the archive has no {DATABASE_FILE}")];
    }
    match database_problems(path) {
        Ok(problems) => problems,
        Err(error) => vec![format!("the database cannot be checked: {error:#}")],
    }
}

fn database_problems(path: &Path) -> anyhow::Result<Vec<String>> {
    let connection = rusqlite::Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let mut problems = Vec::new();
    let known = crate::db::embedded_schema_version();
    match crate::db::applied_schema_version(&connection)? {
        Some(applied) if applied > known => problems.push(format!(
            "the database is at schema V{applied}, newer than this binary's V{known}: restore \
             it with the newer binary"
        )),
        Some(_) => {}
        None => problems.push("the database has no applied migrations".into()),
    }
    let integrity = crate::db::integrity_problems(&connection)?;
    problems.extend(integrity.into_iter().map(|line| format!("integrity_check: {line}")));
    let broken_keys = crate::db::foreign_key_problems(&connection)?;
    problems.extend(broken_keys.into_iter().map(|row| format!("foreign_key_check: {row}")));
    if problems.is_empty() {
        let report =
            crate::flows::ledger_check::verify(&connection).map_err(anyhow::Error::from)?;
        if !report.is_ok() {
            problems.push(format!("the ledger does not verify: {}", report.failures()));
        }
    }
    Ok(problems)
}

impl Checked {
    /// The staging directory the archive was unpacked into (removed when this is dropped).
    pub fn staging_dir(&self) -> &Path {
        &self.staging.0
    }

    /// The card keys the archived database records (`None`: a database from before they were
    /// recorded, V37; `serve` then tries them on a sealed card at its start).
    pub fn recorded_card_keys(&self) -> anyhow::Result<Option<String>> {
        super::card_keys_of(&self.staging.0.join(DATABASE_FILE))
    }

    /// Writes the marker, moves the current data aside into `<data_dir>/replaced-<time>/`,
    /// the restored files into place (files 0600, directories 0750), then removes the marker:
    /// killed between any two steps, the data directory is refused until `restore
    /// --roll-back` (or it ends before the marker, with nothing moved).
    pub fn put_in_place(self, archive_path: &Path, now: Timestamp) -> anyhow::Result<Restored> {
        let mut restoring = Vec::new();
        for entry in std::fs::read_dir(&self.staging.0)? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            let restorable = is_restorable(&name) || UPLOAD_DIRS.contains(&name.as_str());
            if name != archive::MANIFEST && restorable {
                restoring.push(name);
            }
        }
        let present: Vec<String> = managed_entries()
            .into_iter()
            .filter(|name| self.data_dir.join(name).symlink_metadata().is_ok())
            .collect();
        let aside_name = format!("replaced-{}", super::file_time(now));
        let marker = Marker {
            archive: archive_path.to_path_buf(),
            started_at: super::rfc3339(now),
            replaced: aside_name.clone(),
            replacing: present.clone(),
            restoring: restoring.clone(),
        };
        // Written whole under another name, then renamed: a marker is never half written.
        let partial = self.data_dir.join(format!("{MARKER_FILE}.partial"));
        crate::private_file::write(&partial, &serde_json::to_string_pretty(&marker)?)?;
        std::fs::File::open(&partial)
            .and_then(|file| file.sync_all())
            .with_context(|| format!("while syncing {}", partial.display()))?;
        rename(&partial, &self.data_dir.join(MARKER_FILE))?;
        sync_dir(&self.data_dir)?;
        let replaced = if present.is_empty() {
            None
        } else {
            let aside = self.data_dir.join(&aside_name);
            super::create_dir_private(&aside)?;
            for name in &present {
                rename(&self.data_dir.join(name), &aside.join(name))?;
            }
            Some(aside)
        };
        let owner = std::fs::metadata(&self.data_dir)?;
        let owner = (owner.uid(), owner.gid());
        for name in &restoring {
            let target = self.data_dir.join(name);
            rename(&self.staging.0.join(name), &target)?;
            set_modes(&target, owner)?;
        }
        remove_marker(&self.data_dir)?;
        Ok(Restored {
            data_dir: self.data_dir.clone(),
            replaced,
            files: self.manifest.files.len(),
            schema_version: self.manifest.schema_version,
            created_at: self.manifest.created_at.clone(),
        })
    }
}

fn rename(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::rename(from, to)
        .with_context(|| format!("while moving {} to {}", from.display(), to.display()))
}

/// Files 0600 and directories 0750, down the tree, owned by the data directory's owner: a
/// restore run as root leaves files the service user can still open. Only root may give files
/// away; any other caller's files are its own already, and its failed attempt changes nothing.
fn set_modes(path: &Path, (uid, gid): (u32, u32)) -> anyhow::Result<()> {
    let metadata = path.symlink_metadata()?;
    let mode = if metadata.is_dir() { 0o750 } else { 0o600 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    if (metadata.uid(), metadata.gid()) != (uid, gid) {
        let _ = std::os::unix::fs::chown(path, Some(uid), Some(gid));
    }
    if metadata.is_dir() {
        for entry in std::fs::read_dir(path)? {
            set_modes(&entry?.path(), (uid, gid))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marker(replacing: &[&str]) -> Marker {
        Marker {
            archive: PathBuf::from("/backups/hall.tar.gz"),
            started_at: "2026-11-29T12:00:00Z".into(),
            replaced: "replaced-20261129-120000".into(),
            replacing: replacing.iter().map(|name| name.to_string()).collect(),
            restoring: vec![DATABASE_FILE.into(), "secrets.toml".into()],
        }
    }

    fn write_marker(data_dir: &Path, marker: &Marker) {
        let text = serde_json::to_string(marker).expect("JSON");
        std::fs::write(data_dir.join(MARKER_FILE), text).expect("the marker");
    }

    #[test]
    fn a_roll_back_puts_back_what_was_moved_and_keeps_what_was_not() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let data = dir.path();
        // Killed after the marker, before anything moved: the old data stays as it is.
        std::fs::write(data.join(DATABASE_FILE), "old").expect("the old database");
        write_marker(data, &marker(&[DATABASE_FILE]));
        roll_back(data).expect("rolled back").expect("a marker");
        assert_eq!(std::fs::read_to_string(data.join(DATABASE_FILE)).expect("kept"), "old");
        assert!(!data.join(MARKER_FILE).exists());

        // Killed with the old database aside and the restored one (and its new secrets) in
        // place: the old one comes back, the restored files go.
        let aside = data.join("replaced-20261129-120000");
        std::fs::create_dir_all(&aside).expect("aside");
        std::fs::rename(data.join(DATABASE_FILE), aside.join(DATABASE_FILE)).expect("moved");
        std::fs::write(data.join(DATABASE_FILE), "restored").expect("restored");
        std::fs::write(data.join("secrets.toml"), "restored").expect("restored secrets");
        write_marker(data, &marker(&[DATABASE_FILE]));
        roll_back(data).expect("rolled back").expect("a marker");
        assert_eq!(std::fs::read_to_string(data.join(DATABASE_FILE)).expect("back"), "old");
        assert!(!data.join("secrets.toml").exists(), "there was none before");
        assert!(!aside.exists() && !data.join(MARKER_FILE).exists());
        assert!(roll_back(data).expect("nothing to do").is_none());
    }
}
