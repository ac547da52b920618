//! The daily backup inside `serve` (`[backup]`): one archive a day at `daily_at` in the
//! operator's time zone, named `fairhall-YYYYMMDD-HHMMSS.tar.gz` (UTC; the next free second
//! when a backup of the same second took the name) in `[backup] dir`, the oldest beyond
//! `keep` deleted after each success; one at start-up when the newest is more than a day old
//! (the server was down at the time); one whenever `serve` gets SIGUSR1. Each
//! attempt is logged and recorded in `<data_dir>/backup-status.json` (`BackupStatus`), which
//! readiness checks and `admin doctor` read.

use crate::clock::{Clock, Timestamp};
use anyhow::Context;
use chrono::TimeZone;
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use tokio::sync::mpsc;

/// The status file's name in the data directory.
pub const STATUS_FILE: &str = "backup-status.json";

/// Scheduled archives' names: this prefix, the UTC time, this suffix.
const SCHEDULED_PREFIX: &str = "fairhall-";
const SCHEDULED_SUFFIX: &str = ".tar.gz";

/// A newest archive older than this at start-up means a daily backup was missed.
const MISSED_AFTER_SECS: i64 = 24 * 3600;

/// The outcome of the last scheduled (or SIGUSR1) backup.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub struct BackupStatus {
    pub ok: bool,
    /// When the attempt ended (RFC 3339 UTC).
    pub finished_at: String,
    pub finished_at_unix: i64,
    /// The archive written (when ok).
    pub file: Option<PathBuf>,
    pub bytes: Option<u64>,
    pub duration_ms: u64,
    /// Why it failed (when not ok).
    pub error: Option<String>,
    /// When the newest successful backup ended (unix seconds), carried over a failed one;
    /// `/metrics` alerts on its age. Absent in files written before it existed.
    #[serde(default)]
    pub last_ok_unix: Option<i64>,
}

impl BackupStatus {
    /// When the newest successful backup ended, as far as this status knows.
    pub fn last_ok_at(&self) -> Option<i64> {
        match self.ok {
            true => Some(self.finished_at_unix),
            false => self.last_ok_unix,
        }
    }
}

/// The last recorded status of `data_dir`'s scheduled backups (`None`: none ran yet).
pub fn read_status(data_dir: &Path) -> anyhow::Result<Option<BackupStatus>> {
    let path = data_dir.join(STATUS_FILE);
    match std::fs::read(&path) {
        Ok(text) => serde_json::from_slice(&text)
            .map(Some)
            .with_context(|| format!("while parsing {}", path.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error).with_context(|| format!("while reading {}", path.display())),
    }
}

fn write_status(data_dir: &Path, status: &BackupStatus) -> anyhow::Result<()> {
    let path = data_dir.join(STATUS_FILE);
    let partial = super::archive::partial_path(&path);
    crate::private_file::write(&partial, &serde_json::to_string_pretty(status)?)?;
    std::fs::rename(&partial, &path).with_context(|| format!("while writing {}", path.display()))
}

/// What the job needs from the config, resolved.
#[derive(Clone, Debug)]
pub struct BackupJob {
    pub data_dir: PathBuf,
    pub dir: PathBuf,
    /// (hour, minute) in `timezone`; `None`: only SIGUSR1 takes one.
    pub daily_at: Option<(u32, u32)>,
    pub keep: usize,
    pub timezone: Tz,
    /// `backup.recipient`: archives are encrypted to it.
    pub recipient: Option<age::x25519::Recipient>,
    /// Held while a backup runs: the daily job, SIGUSR1 and the console's button share one
    /// job (`http::AppState::backup`), so backups run one at a time.
    one_at_a_time: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl BackupJob {
    pub fn from_config(config: &crate::config::Config) -> BackupJob {
        BackupJob {
            data_dir: config.server.data_dir.clone(),
            dir: config.backup_dir(),
            daily_at: crate::config::parse_daily_at(&config.backup.daily_at),
            keep: config.backup.keep as usize,
            timezone: config.timezone(),
            // Checked when the config loaded.
            recipient: config.backup.recipient().ok().flatten(),
            one_at_a_time: std::sync::Arc::default(),
        }
    }

    /// Server loop: backs up when due and on every message of `now`, until the task is
    /// dropped.
    pub async fn run(self, clock: Clock, mut now: mpsc::Receiver<()>) {
        if self.daily_at.is_some() && self.missed(clock.now()) {
            tracing::info!("the last daily backup is more than a day old: taking one now");
            self.take(clock.now()).await;
        }
        loop {
            let wait = self.next_due(clock.now()).map(|due| due.secs_since(clock.now()).max(0));
            let until_due = async {
                match wait {
                    Some(secs) => {
                        tokio::time::sleep(std::time::Duration::from_secs(
                            u64::try_from(secs).unwrap_or(0),
                        ))
                        .await
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = until_due => {}
                asked = now.recv() => {
                    if asked.is_none() {
                        return;
                    }
                    tracing::info!("backup asked for (SIGUSR1)");
                }
            }
            self.take(clock.now()).await;
        }
    }

    /// The next `daily_at` strictly after `now`.
    pub fn next_due(&self, now: Timestamp) -> Option<Timestamp> {
        let (hour, minute) = self.daily_at?;
        let local = now.to_datetime()?.with_timezone(&self.timezone).date_naive();
        (0..3).find_map(|days| {
            let date = local + chrono::Days::new(days);
            let time = date.and_hms_opt(hour, minute, 0)?;
            let at = self.timezone.from_local_datetime(&time).earliest()?;
            let at = Timestamp::from_datetime(&at);
            (at > now).then_some(at)
        })
    }

    /// Whether the newest scheduled archive is more than a day old at `now`.
    fn missed(&self, now: Timestamp) -> bool {
        scheduled_archives(&self.dir)
            .last()
            .and_then(|name| archive_time(name))
            .is_some_and(|newest| now.secs_since(newest) > MISSED_AFTER_SECS)
    }

    /// One backup now, its retention, its log line and its status.
    pub async fn take(&self, now: Timestamp) -> BackupStatus {
        let _running = self.one_at_a_time.lock().await;
        let job = self.clone();
        let started = crate::clock::monotonic_now();
        let outcome = tokio::task::spawn_blocking(move || job.take_blocking(now))
            .await
            .map_err(|error| anyhow::anyhow!("the backup task failed: {error}"))
            .and_then(|outcome| outcome);
        let duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let finished = now + i64::try_from(duration_ms / 1000).unwrap_or(0);
        let status = match outcome {
            Ok(written) => {
                tracing::info!(
                    file = %written.path.display(),
                    bytes = written.bytes,
                    duration_ms,
                    "backup written"
                );
                BackupStatus {
                    ok: true,
                    finished_at: super::rfc3339(finished),
                    finished_at_unix: finished.secs(),
                    file: Some(written.path),
                    bytes: Some(written.bytes),
                    duration_ms,
                    error: None,
                    last_ok_unix: Some(finished.secs()),
                }
            }
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), duration_ms, "backup failed");
                BackupStatus {
                    ok: false,
                    finished_at: super::rfc3339(finished),
                    finished_at_unix: finished.secs(),
                    file: None,
                    bytes: None,
                    duration_ms,
                    error: Some(format!("{error:#}")),
                    last_ok_unix: read_status(&self.data_dir)
                        .ok()
                        .flatten()
                        .and_then(|previous| previous.last_ok_at()),
                }
            }
        };
        if let Err(error) = write_status(&self.data_dir, &status) {
            tracing::error!(error = format!("{error:#}"), "could not record the backup status");
        }
        status
    }

    fn take_blocking(&self, now: Timestamp) -> anyhow::Result<super::Written> {
        super::create_dir_private(&self.dir)?;
        remove_leftovers(&self.dir);
        let target = free_archive_path(&self.dir, now)?;
        let written = super::create(&self.data_dir, Some(&target), self.recipient.as_ref(), now)?;
        let mut families = vec![scheduled_archives(&self.dir)];
        families.extend(UPGRADE_PREFIXES.map(|prefix| upgrade_archives(&self.dir, prefix)));
        for family in &families {
            for old in outdated(family, self.keep) {
                let path = self.dir.join(old);
                std::fs::remove_file(&path)
                    .with_context(|| format!("while removing the old backup {}", path.display()))?;
                tracing::info!(file = %path.display(), "old backup removed (backup.keep)");
            }
        }
        Ok(written)
    }
}

/// Seconds a scheduled archive's name may run ahead of its start, when the names of the
/// seconds before are taken.
const NAME_AHEAD_SECS_MAX: i64 = 60;

/// The archive of a backup started at `now`: named after the first second from `now` whose
/// name is free, so that a backup asked for in the same second as the last (two SIGUSR1 in a
/// row) gets the next second's name instead of failing on the taken one. Backups run one at
/// a time, so a free name stays free until it is written.
fn free_archive_path(dir: &Path, now: Timestamp) -> anyhow::Result<PathBuf> {
    (0..NAME_AHEAD_SECS_MAX)
        .map(|ahead| {
            let name = super::file_time(now + ahead);
            dir.join(format!("{SCHEDULED_PREFIX}{name}{SCHEDULED_SUFFIX}"))
        })
        .find(|path| !path.exists())
        .with_context(|| {
            format!("the archive names of the next {NAME_AHEAD_SECS_MAX} s are all taken")
        })
}

/// An archive in `backup.dir`: the daily ones and those taken before upgrades and migrations.
#[derive(Clone, Debug, Serialize)]
pub struct ArchiveFile {
    pub name: String,
    pub bytes: u64,
    /// When it was last written (unix seconds).
    pub modified_at: i64,
}

/// Every archive of `dir`, newest first.
pub fn archives(dir: &Path) -> Vec<ArchiveFile> {
    let mut names = scheduled_archives(dir);
    names.extend(UPGRADE_PREFIXES.iter().flat_map(|prefix| upgrade_archives(dir, prefix)));
    let mut files: Vec<ArchiveFile> = names
        .into_iter()
        .filter_map(|name| {
            let meta = std::fs::metadata(dir.join(&name)).ok()?;
            let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
            let modified_at = i64::try_from(modified.as_secs()).ok()?;
            Some(ArchiveFile { name, bytes: meta.len(), modified_at })
        })
        .collect();
    files.sort_by(|a, b| (b.modified_at, &b.name).cmp(&(a.modified_at, &a.name)));
    files
}

/// The path of the archive `name` of `dir`, when it is one of `archives` (never a path a
/// caller made up).
pub fn archive_path(dir: &Path, name: &str) -> Option<PathBuf> {
    archives(dir)
        .into_iter()
        .find(|archive| archive.name == name)
        .map(|archive| dir.join(archive.name))
}

/// The scheduled archives' names in `dir`, oldest first (their names sort by time).
fn scheduled_archives(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| archive_time(name).is_some())
        .collect();
    names.sort();
    names
}

/// The archives taken before an upgrade (install.sh's `pre-upgrade-<time>.tar.gz`) and before
/// migrations (`pre-migration-V<n>-<time>.tar.gz`): each family is pruned to `backup.keep` as
/// the daily ones are, so that upgrades do not fill the disk with copies of the keys.
const UPGRADE_PREFIXES: [&str; 2] = ["pre-upgrade-", "pre-migration-"];

/// The archives of `dir` named `<prefix>...tar.gz`, oldest first (by modification time).
fn upgrade_archives(dir: &Path, prefix: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, String)> = entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            let archive = name.starts_with(prefix) && name.ends_with(SCHEDULED_SUFFIX);
            archive.then_some((entry.metadata().ok()?.modified().ok()?, name))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, name)| name).collect()
}

/// Removes what killed scheduled backups left behind (`<archive>.partial`, the database copy
/// `<archive>.partial-db` and its journal): a failing backup removes its own, a killed one
/// cannot, and each is as large as the database. Only this job writes scheduled names, one
/// backup at a time, so none of them is being written.
fn remove_leftovers(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for name in entries.filter_map(|entry| entry.ok()?.file_name().into_string().ok()) {
        let interrupted =
            name.split_once(".partial").is_some_and(|(archive, _)| archive_time(archive).is_some());
        if !interrupted {
            continue;
        }
        let path = dir.join(&name);
        match std::fs::remove_file(&path) {
            Ok(()) => tracing::info!(file = %path.display(), "leftover of a killed backup removed"),
            Err(error) => tracing::warn!(
                file = %path.display(),
                %error,
                "could not remove the leftover of a killed backup"
            ),
        }
    }
}

/// The names beyond the newest `keep`.
fn outdated(oldest_first: &[String], keep: usize) -> &[String] {
    &oldest_first[..oldest_first.len().saturating_sub(keep)]
}

/// The UTC time in a scheduled archive's name.
fn archive_time(name: &str) -> Option<Timestamp> {
    let time = name.strip_prefix(SCHEDULED_PREFIX)?.strip_suffix(SCHEDULED_SUFFIX)?;
    let time = chrono::NaiveDateTime::parse_from_str(time, "%Y%m%d-%H%M%S").ok()?;
    Some(Timestamp::from_secs(time.and_utc().timestamp()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(daily_at: Option<(u32, u32)>) -> BackupJob {
        BackupJob {
            data_dir: PathBuf::from("data"),
            dir: PathBuf::from("data/backups"),
            daily_at,
            keep: 7,
            timezone: chrono_tz::Tz::Asia__Ho_Chi_Minh,
            recipient: None,
            one_at_a_time: std::sync::Arc::default(),
        }
    }

    /// A migrated database in `dir`, as a hall's data directory holds it.
    fn hall_database(dir: &Path) -> crate::db::Db {
        let options =
            crate::db::DbOptions { read_connections: 1, writer_queue: 16, wal_max_bytes: 1 << 26 };
        let database = dir.join(crate::backup::DATABASE_FILE);
        crate::db::Db::open(&database, options).expect("a migrated database")
    }

    fn at(text: &str) -> Timestamp {
        Timestamp::from_datetime(&chrono::DateTime::parse_from_rfc3339(text).expect("a time"))
    }

    #[test]
    fn the_next_backup_is_at_daily_at_in_the_operators_zone() {
        let job = job(Some((3, 30)));

        // 03:30 in Ho Chi Minh City (UTC+7) is 20:30 UTC the day before.
        assert_eq!(job.next_due(at("2026-11-25T10:00:00Z")), Some(at("2026-11-25T20:30:00Z")));
        assert_eq!(job.next_due(at("2026-11-25T20:30:00Z")), Some(at("2026-11-26T20:30:00Z")));
        assert_eq!(job.next_due(at("2026-11-25T20:29:59Z")), Some(at("2026-11-25T20:30:00Z")));
        assert_eq!(self::job(None).next_due(at("2026-11-25T10:00:00Z")), None);
    }

    #[test]
    fn leftovers_of_killed_backups_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let names = [
            "fairhall-20261124-033000.tar.gz",
            "fairhall-20261124-033000.tar.gz.partial",
            "fairhall-20261124-040000.tar.gz.partial-db",
            "fairhall-20261124-040000.tar.gz.partial-db-journal",
            "fairhall-20261125-100000.tar.gz.partial",
            "mine.tar.gz.partial",
        ];
        for name in names {
            std::fs::write(dir.path().join(name), b"x").expect("writable");
        }

        remove_leftovers(dir.path());

        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("readable")
            .map(|entry| entry.expect("an entry").file_name().into_string().expect("UTF-8"))
            .collect();
        left.sort();
        // The archive and a file of the operator's stay.
        let expected = [names[0], names[5]];
        assert_eq!(left, expected);
    }

    #[tokio::test]
    async fn backups_asked_for_within_one_second_each_write_their_own_archive() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let _db = hall_database(dir.path());
        let job = BackupJob {
            data_dir: dir.path().to_path_buf(),
            dir: dir.path().join("backups"),
            ..job(None)
        };
        let now = at("2026-11-25T10:00:00Z");

        let first = job.take(now).await;
        let second = job.take(now).await;

        assert!(first.ok && second.ok, "{first:?} {second:?}");
        assert_ne!(first.file, second.file);
        let names = ["fairhall-20261125-100000.tar.gz", "fairhall-20261125-100001.tar.gz"];
        assert_eq!(scheduled_archives(&job.dir), names);
    }

    #[tokio::test]
    async fn pre_upgrade_and_pre_migration_archives_are_kept_as_the_daily_ones() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let _db = hall_database(dir.path());
        let job = BackupJob {
            data_dir: dir.path().to_path_buf(),
            dir: dir.path().join("backups"),
            keep: 2,
            ..job(None)
        };
        std::fs::create_dir_all(&job.dir).expect("the backups folder");
        let start = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30);
        let names = [
            "pre-upgrade-20261101-010000.tar.gz",
            "pre-upgrade-20261102-010000.tar.gz",
            "pre-upgrade-20261103-010000.tar.gz",
            "pre-migration-V30-20261101-010000.tar.gz",
            "pre-migration-V31-20261102-010000.tar.gz",
            "pre-migration-V32-20261103-010000.tar.gz",
            "operators-own.tar.gz",
        ];
        for (age, name) in names.iter().enumerate() {
            let file = std::fs::File::create(job.dir.join(name)).expect("an archive");
            let modified = start + std::time::Duration::from_secs(age as u64 % 3 * 86_400);
            file.set_modified(modified).expect("a time");
        }

        assert!(job.take(at("2026-11-25T10:00:00Z")).await.ok);

        let mut left: Vec<String> = std::fs::read_dir(&job.dir)
            .expect("the folder")
            .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "fairhall-20261125-100000.tar.gz",
                "operators-own.tar.gz",
                "pre-migration-V31-20261102-010000.tar.gz",
                "pre-migration-V32-20261103-010000.tar.gz",
                "pre-upgrade-20261102-010000.tar.gz",
                "pre-upgrade-20261103-010000.tar.gz",
            ]
        );
    }

    #[test]
    fn retention_keeps_the_newest_archives() {
        let names: Vec<String> =
            (1..=9).map(|day| format!("fairhall-2026110{day}-033000.tar.gz")).collect();

        let old = outdated(&names, 7);

        assert_eq!(old, &names[..2]);
        assert!(outdated(&names[..3], 7).is_empty());
        assert_eq!(archive_time(&names[0]), Some(at("2026-11-01T03:30:00Z")));
        assert_eq!(archive_time("pre-migration-V22-20261101-033000.tar.gz"), None);
        assert_eq!(archive_time("fairhall-20261101-033000.tar.gz.partial"), None);
    }
}
