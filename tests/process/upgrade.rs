//! Upgrades: a database made by an earlier release's migrations is backed up, then migrated,
//! with its data intact; a database newer than the binary is refused; `--version` names the
//! schema; `serve` takes the daily backup it missed, keeps `backup.keep` archives and takes
//! one on SIGUSR1.

use crate::support::binary::{fail, run, succeed};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

refinery::embed_migrations!("migrations");

/// The schema of an earlier release: every migration up to this one.
const EARLIER_SCHEMA: i32 = 22;

/// How long `serve` may take to write a backup it was asked for.
const BACKUP_TIMEOUT: Duration = Duration::from_secs(60);

/// A database at `EARLIER_SCHEMA` holding a player credited 100.00. Raw SQL, since no verb of
/// this binary writes an earlier schema: the rows a credit by `ledger::transfer` leaves.
fn earlier_database(data_dir: &Path) {
    std::fs::create_dir_all(data_dir).expect("a data directory");
    let mut connection =
        rusqlite::Connection::open(data_dir.join("fairhall.db")).expect("a database");
    migrations::runner()
        .set_target(refinery::Target::Version(EARLIER_SCHEMA))
        .run(&mut connection)
        .expect("the earlier migrations");
    connection
        .execute_batch(
            "INSERT INTO users (user_id, phone, password_hash, invite_code, created_at)
                 VALUES (1, '13800000021', 'x', 'INVITE01', 1764000000);
             INSERT INTO accounts (user_id, kind, balance) VALUES (1, 'wallet', 10000);
             UPDATE accounts SET balance = balance - 10000 WHERE kind = 'external';
             INSERT INTO entries (entry_id, kind, memo, created_at)
                 VALUES (1, 'adjustment', 'before the upgrade', 1764000000);
             INSERT INTO postings (entry_id, account_id, amount, balance_after)
                 SELECT 1, account_id, -10000, -10000 FROM accounts WHERE kind = 'external';
             INSERT INTO postings (entry_id, account_id, amount, balance_after)
                 SELECT 1, account_id, 10000, 10000 FROM accounts
                 WHERE user_id = 1 AND kind = 'wallet';
             INSERT INTO posting_counts (account_id, entry_kind, postings, amount)
                 SELECT account_id, 'adjustment', 1, 10000 FROM accounts
                 WHERE user_id = 1 AND kind = 'wallet';",
        )
        .expect("the earlier data");
}

fn archives(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
            name.starts_with(prefix) && name.ends_with(".tar.gz")
        })
        .collect();
    found.sort();
    found
}

#[test]
fn a_database_of_an_earlier_release_is_backed_up_then_migrated_with_its_data() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    earlier_database(&data);

    let migrated = run(&data, &["migrate"]);
    let again = run(&data, &["migrate"]);
    let verified = run(&data, &["admin", "verify"]);
    let shown = succeed(&data, &["admin", "user", "show", "13800000021", "--json"]);

    assert!(migrated.status.success(), "{migrated:?}");
    let taken = archives(&data.join("backups"), &format!("pre-migration-V{EARLIER_SCHEMA}-"));
    assert_eq!(taken.len(), 1, "{migrated:?}");
    assert!(migrated.stderr.contains(&taken[0].display().to_string()), "{migrated:?}");
    assert!(again.status.success(), "{again:?}");
    assert_eq!(archives(&data.join("backups"), "pre-migration-").len(), 1, "none when up to date");
    assert!(verified.status.success(), "{verified:?}");
    let shown: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!(shown["balances"]["wallet"], "100.00", "{shown}");
    // The archive is of the earlier schema, and restores as it was.
    let restored_dir = dir.path().join("restored");
    let restored = run(&restored_dir, &["restore", taken[0].to_str().expect("UTF-8"), "--yes"]);
    assert!(restored.status.success(), "{restored:?}");
    let connection = rusqlite::Connection::open(restored_dir.join("fairhall.db")).expect("a db");
    let version: i64 = connection
        .query_row("SELECT MAX(version) FROM refinery_schema_history", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, i64::from(EARLIER_SCHEMA));
}

#[test]
fn a_database_newer_than_the_binary_is_refused_with_both_versions() {
    let dir = tempfile::tempdir().expect("a temp directory");
    succeed(dir.path(), &["migrate"]);
    let connection = rusqlite::Connection::open(dir.path().join("fairhall.db")).expect("a db");
    connection
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (999, 'from_a_newer_release', '2027-01-01T00:00:00Z', '0')",
            [],
        )
        .expect("a newer migration recorded");
    drop(connection);

    let migrate = fail(dir.path(), &["migrate"]);
    let serve = fail(dir.path(), &["serve", "--listen", "127.0.0.1:0"]);

    let known = fairhall::db::embedded_schema_version();
    let message = format!("this binary knows schema up to V{known}; the database is at V999");
    assert!(migrate.stderr.contains(&message), "{migrate:?}");
    assert!(migrate.stderr.contains("install the newer binary or restore a backup"));
    assert!(serve.stderr.contains(&message), "{serve:?}");
    assert!(archives(&dir.path().join("backups"), "").is_empty(), "no backup was taken");
}

#[test]
fn the_version_names_the_schema_the_binary_knows() {
    let dir = tempfile::tempdir().expect("a temp directory");

    let stdout = succeed(dir.path(), &["--version"]);

    let known = fairhall::db::embedded_schema_version();
    let expected =
        format!("fairhall {} (database schema up to V{known})", env!("CARGO_PKG_VERSION"));
    assert_eq!(stdout.trim(), expected);
}

/// Waits until `done` holds of the data directory, or fails the test.
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < BACKUP_TIMEOUT, "{what} within {BACKUP_TIMEOUT:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn status(data: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read(data.join("backup-status.json")).ok()?;
    serde_json::from_slice(&text).ok()
}

#[test]
fn serve_takes_the_missed_daily_backup_keeps_the_newest_and_backs_up_on_sigusr1() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    succeed(&data, &["migrate"]);
    let backups = data.join("backups");
    std::fs::create_dir_all(&backups).expect("a backup directory");
    for day in 1..=3 {
        let name = format!("fairhall-2026010{day}-033000.tar.gz");
        std::fs::write(backups.join(name), b"an old archive").expect("an old archive");
    }
    let config = dir.path().join("fairhall.toml");
    std::fs::write(&config, "[backup]\ndaily_at = \"03:30\"\nkeep = 2\n").expect("a config");
    let config = config.to_str().expect("UTF-8");

    let (server, _address) = crate::support::server::start_with(&data, &["--config", config]);
    wait_for("the missed backup", || status(&data).is_some());
    let missed = status(&data).expect("a status");
    let after_start = archives(&backups, "fairhall-");
    std::fs::remove_file(data.join("backup-status.json")).expect("the status is removed");
    // Archive names have a resolution of one second.
    std::thread::sleep(Duration::from_millis(1100));
    let pid = server.0.id().to_string();
    let signalled = Command::new("kill").args(["-USR1", &pid]).status().expect("kill runs");
    wait_for("the SIGUSR1 backup", || status(&data).is_some());
    let asked = status(&data).expect("a status");
    let after_signal = archives(&backups, "fairhall-");

    assert_eq!(missed["ok"], true, "{missed}");
    assert_eq!(after_start.len(), 2, "{after_start:?}");
    assert!(after_start[0].ends_with("fairhall-20260103-033000.tar.gz"), "{after_start:?}");
    assert_eq!(missed["file"], after_start[1].to_str().expect("UTF-8"));
    assert!(signalled.success());
    assert_eq!(asked["ok"], true, "{asked}");
    assert!(asked["bytes"].as_u64().is_some_and(|bytes| bytes > 0), "{asked}");
    assert_eq!(after_signal.len(), 2, "{after_signal:?}");
    assert!(!after_signal.iter().any(|path| path.ends_with("fairhall-20260103-033000.tar.gz")));
    let fresh = dir.path().join("fresh");
    let restored =
        run(&fresh, &["restore", after_signal[1].to_str().expect("UTF-8"), "--yes", "--json"]);
    assert!(restored.status.success(), "{restored:?}");
}
