//! Backups of a data directory while `serve` runs, their checked restore, the daily schedule
//! and the lock `serve` holds on its data directory.
//!
//! The database is copied with `VACUUM INTO` on a read-only connection of its own: in WAL mode
//! it is one read transaction, so the copy is the database as of one commit while the writer
//! goes on committing (a reader never blocks it) and it never restarts, unlike the online
//! backup API, which starts over whenever another connection writes mid-copy. The copy is
//! also compact (no free pages). Only the checkpointer waits: it cannot reset the log past the
//! copy's snapshot until the copy ends.

pub mod archive;
pub mod restore;
pub mod schedule;
pub mod serve_lock;

use crate::clock::Timestamp;
use anyhow::Context;
use archive::{ArchiveWriter, Leftovers};
use std::path::{Path, PathBuf};

pub use serve_lock::ServeLock;

/// The database file inside a data directory and an archive.
pub const DATABASE_FILE: &str = "fairhall.db";

/// The card keys a config leaves empty, generated into the data directory (`startup`).
pub const SECRETS_FILE: &str = "secrets.toml";

/// The single files a backup takes besides the database, when present: the secrets and the
/// seed chains' keys, which never leave the data directory otherwise.
pub const SECRET_FILES: [&str; 2] = [SECRETS_FILE, crate::games::fairness::chain_keys::KEY_FILE];

/// The upload directories a backup takes whole.
pub const UPLOAD_DIRS: [&str; 4] = ["avatars", "vouchers", "products", "content"];

/// What `create` wrote.
#[derive(Debug, serde::Serialize)]
pub struct Written {
    pub path: PathBuf,
    /// The archive's size on disk.
    pub bytes: u64,
    pub files: usize,
    pub schema_version: i64,
    /// RFC 3339 UTC.
    pub created_at: String,
    /// Encrypted to `backup.recipient` (age).
    pub encrypted: bool,
}

/// Archives the data directory's database (a consistent copy), secret files and uploads into
/// `target`, written as `<target>.partial` and renamed, mode 0600; or, for `None`, to standard
/// output. Encrypted to `recipient` (age) when one is given.
pub fn create(
    data_dir: &Path,
    target: Option<&Path>,
    recipient: Option<&age::x25519::Recipient>,
    now: Timestamp,
) -> anyhow::Result<Written> {
    let database = data_dir.join(DATABASE_FILE);
    if !database.is_file() {
        anyhow::bail!("{} has no database to back up ({DATABASE_FILE})", data_dir.display());
    }
    if let Some(target) = target.filter(|target| target.exists()) {
        anyhow::bail!("{} already exists: name a new file", target.display());
    }
    let snapshot = match target {
        Some(target) => snapshot_path(target),
        None => data_dir.join(format!(".backup-{}.partial-db", std::process::id())),
    };
    let mut leftovers = vec![snapshot.clone()];
    leftovers.extend(target.map(archive::partial_path));
    let leftovers = Leftovers::new(leftovers);
    let schema_version = snapshot_database(&database, &snapshot)?;
    let mut writer = ArchiveWriter::create(target, recipient)?;
    writer.add_file(DATABASE_FILE, &snapshot)?;
    let mut files = 1;
    for name in SECRET_FILES {
        let path = data_dir.join(name);
        if path.is_file() {
            writer.add_file(name, &path)?;
            files += 1;
        }
    }
    for dir in UPLOAD_DIRS {
        let root = data_dir.join(dir);
        if !root.is_dir() {
            continue;
        }
        for relative in archive::relative_files(&root)? {
            writer.add_file(&format!("{dir}/{relative}"), &root.join(&relative))?;
            files += 1;
        }
    }
    let created_at = rfc3339(now);
    let card_keys = card_keys_of(&snapshot)?;
    let (_, bytes) = writer.finish(created_at.clone(), (schema_version, card_keys))?;
    drop(leftovers);
    let path = target.map_or_else(|| PathBuf::from("-"), Path::to_path_buf);
    let encrypted = recipient.is_some();
    Ok(Written { path, bytes, files, schema_version, created_at, encrypted })
}

/// `<target>.partial-db`: the database copy, removed once archived.
fn snapshot_path(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_owned();
    name.push(".partial-db");
    PathBuf::from(name)
}

/// Copies the database as of one commit into `snapshot` (created 0600); returns its schema
/// version.
fn snapshot_database(database: &Path, snapshot: &Path) -> anyhow::Result<i64> {
    use rusqlite::{Connection, OpenFlags};
    // VACUUM INTO wants a new or empty file: created here so it is private from the start.
    drop(archive::create_private(snapshot)?);
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(database, flags)
        .with_context(|| format!("while opening {}", database.display()))?;
    connection.busy_timeout(std::time::Duration::from_secs(30))?;
    let snapshot_text = snapshot.to_str().context("the backup path is not UTF-8")?;
    connection
        .execute("VACUUM INTO ?1", [snapshot_text])
        .context("while copying the database (VACUUM INTO)")?;
    let copy = Connection::open_with_flags(snapshot, flags)?;
    crate::db::applied_schema_version(&copy)?
        .context("the database has no applied migrations: run `fairhall migrate` first")
}

/// The card keys the database at `path` records (`wallet::payout_accounts`); `None` for a
/// database from before they were recorded (V37).
pub fn card_keys_of(path: &Path) -> anyhow::Result<Option<String>> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let connection = rusqlite::Connection::open_with_flags(path, flags)
        .with_context(|| format!("while opening {}", path.display()))?;
    Ok(crate::wallet::payout_accounts::recorded_card_keys(&connection)?)
}

/// `2026-11-25T03:30:00Z`.
pub fn rfc3339(at: Timestamp) -> String {
    at.to_datetime()
        .map(|time| time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default()
}

/// `20261125-033000` (UTC): sorts as the time does.
pub fn file_time(at: Timestamp) -> String {
    at.to_datetime().map(|time| time.format("%Y%m%d-%H%M%S").to_string()).unwrap_or_default()
}

/// Takes the automatic backup before migrations when the database exists and some are
/// pending: `<dir>/pre-migration-V<from>-<time>.tar.gz`. Returns it, if one was taken.
pub fn before_migrations(
    data_dir: &Path,
    (backup_dir, recipient): (&Path, Option<&age::x25519::Recipient>),
    now: Timestamp,
) -> anyhow::Result<Option<Written>> {
    let database = data_dir.join(DATABASE_FILE);
    let Some(from) = crate::db::pending_from(&database)? else {
        return Ok(None);
    };
    create_dir_private(backup_dir)?;
    let target = backup_dir.join(format!("pre-migration-V{from}-{}.tar.gz", file_time(now)));
    let written = create(data_dir, Some(&target), recipient, now)
        .context("while taking the backup before the migrations (nothing was migrated)")?;
    Ok(Some(written))
}

/// Creates a directory (and parents) with mode 0750.
pub fn create_dir_private(dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o750)
        .create(dir)
        .with_context(|| format!("while creating {}", dir.display()))
}
