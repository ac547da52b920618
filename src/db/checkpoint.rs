//! Keeps the write-ahead log (`fairhall.db-wal`) bounded under any load.
//!
//! A passive checkpoint (the `sqlite-checkpoint` thread, every `CHECKPOINT_INTERVAL`) copies
//! committed pages back into the database file without blocking anyone, but it cannot restart
//! the log: SQLite only writes the log from its beginning again once every frame is copied and
//! no reader still uses one, which never happens while the writer keeps appending. So the
//! writer itself, between two group commits (nothing appends then), restarts the log once it
//! holds half of `db.wal_max_bytes` (`WalBound::after_commit`), and `journal_size_limit` cuts a
//! file that grew beyond that half back to it. A reader holding an old snapshot for long can
//! still keep the log from restarting: then a warning is logged once it passes the bound, and
//! the restart is retried each time the log grew by another `RETRY_STEPS`th of the half.

use anyhow::Context;
use rusqlite::Connection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the checkpoint thread copies committed pages into the database file.
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_millis(500);

/// How long the writer's restart waits for readers still on frames of the log. Reads of the
/// betting path take well under a millisecond, but on a busy 2-core machine a reader thread
/// can be descheduled for tens of milliseconds (20 ms let the test below fail under load); a
/// read longer than this makes the attempt fail and retry. One wait per restart, i.e. per
/// half of `db.wal_max_bytes` written, so the writer's latency barely notices.
const RESTART_READERS_WAIT: Duration = Duration::from_millis(50);

/// The busy timeout of every connection outside a restart.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// After a restart failed (a reader held the log), it is tried again once the log grew by this
/// fraction of the restart threshold.
const RETRY_STEPS: u64 = 4;

/// Bytes of a log frame's header, and of the log's own header (the SQLite file format).
const FRAME_HEADER_BYTES: u64 = 24;
const LOG_HEADER_BYTES: u64 = 32;

/// Shared by the checkpoint thread and the writer so that the writer never starts a restart
/// while the thread's pass holds SQLite's checkpoint lock (the restart would fail at once).
pub type CheckpointLock = Arc<Mutex<()>>;

/// The writer's side: frames in the log after the last commit (told by SQLite's WAL hook) and
/// when to restart the log.
pub struct WalBound {
    frames: Arc<AtomicU64>,
    frame_bytes: u64,
    restart_frames: u64,
    max_bytes: u64,
    retry_at_frames: u64,
    warned_at_bytes: Option<u64>,
    lock: CheckpointLock,
}

impl WalBound {
    /// Installs the WAL hook and `journal_size_limit` on the writer's connection.
    pub fn install(
        connection: &mut Connection,
        max_bytes: u64,
        lock: CheckpointLock,
    ) -> anyhow::Result<WalBound> {
        let page_bytes: i64 = connection
            .query_row("PRAGMA page_size", [], |row| row.get(0))
            .context("while reading the page size")?;
        let page_bytes = u64::try_from(page_bytes).context("a negative page size")?;
        let frame_bytes = page_bytes + FRAME_HEADER_BYTES;
        let restart_bytes = max_bytes / 2;
        connection
            .execute_batch(&format!("PRAGMA journal_size_limit = {restart_bytes};"))
            .context("while setting journal_size_limit")?;
        let frames = Arc::new(AtomicU64::new(0));
        let told = frames.clone();
        connection
            .wal_hook(Some(move |_: &mut rusqlite::hooks::Wal, pages: std::ffi::c_int| {
                told.store(u64::try_from(pages).unwrap_or(0), Ordering::Relaxed);
                Ok(())
            }))
            .context("while installing the WAL hook")?;
        let restart_frames = (restart_bytes.saturating_sub(LOG_HEADER_BYTES) / frame_bytes).max(1);
        Ok(WalBound {
            frames,
            frame_bytes,
            restart_frames,
            max_bytes,
            retry_at_frames: restart_frames,
            warned_at_bytes: None,
            lock,
        })
    }

    /// Called by the writer after each group commit: restarts the log once it holds half the
    /// bound, else does nothing (one atomic load).
    pub fn after_commit(&mut self, connection: &Connection) {
        let frames = self.frames.load(Ordering::Relaxed);
        if frames < self.retry_at_frames {
            return;
        }
        // The checkpoint thread is copying pages now: the next commit tries again.
        let restarted = match self.lock.try_lock() {
            Ok(_pass) => restart(connection),
            Err(_) => return,
        };
        match restarted {
            Ok(true) => {
                if let Some(bytes) = self.warned_at_bytes.take() {
                    tracing::info!(wal_bytes = bytes, "the write-ahead log restarted again");
                }
                self.retry_at_frames = self.restart_frames;
            }
            Ok(false) => self.held_by_a_reader(frames),
            Err(error) => {
                tracing::warn!(%error, "restarting the write-ahead log failed; it is retried");
                self.held_by_a_reader(frames);
            }
        }
    }

    /// A restart could not finish: retry after more growth, and warn past the bound (again
    /// each time the log doubled since the last warning).
    fn held_by_a_reader(&mut self, frames: u64) {
        self.retry_at_frames = frames + (self.restart_frames / RETRY_STEPS).max(1);
        let bytes = LOG_HEADER_BYTES + frames * self.frame_bytes;
        let warn_from = self.warned_at_bytes.map_or(self.max_bytes, |warned| warned * 2);
        if bytes > warn_from {
            self.warned_at_bytes = Some(bytes);
            tracing::warn!(
                wal_bytes = bytes,
                wal_max_bytes = self.max_bytes,
                "the write-ahead log is above db.wal_max_bytes: a long read keeps it from \
                 restarting; the restart is retried as it grows"
            );
        }
    }
}

/// A RESTART checkpoint that waits at most `RESTART_READERS_WAIT` for readers: true when the
/// whole log was copied and the next commit writes it from its beginning.
fn restart(connection: &Connection) -> rusqlite::Result<bool> {
    connection.busy_timeout(RESTART_READERS_WAIT)?;
    let busy =
        connection.query_row("PRAGMA wal_checkpoint(RESTART)", [], |row| row.get::<_, i64>(0));
    connection.busy_timeout(BUSY_TIMEOUT)?;
    Ok(busy? == 0)
}

/// The last thing the writer does: copies the whole log into the database file, empties it
/// and closes the connection, which removes the `-wal` file when no other connection (a CLI
/// command) has the database open.
pub fn close(connection: Connection) {
    let busy = connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| row.get(0));
    match busy {
        Ok(0) => {}
        Ok(_) => tracing::warn!("the closing checkpoint waited in vain for another connection"),
        Err(error) => tracing::warn!(%error, "the closing checkpoint failed"),
    }
    if let Err((_, error)) = connection.close() {
        tracing::warn!(%error, "closing the write connection failed");
    }
}

/// Server loop of the checkpoint thread: a passive checkpoint (never blocking the writer or
/// readers) every `CHECKPOINT_INTERVAL`, until `stop` is signalled or dropped.
pub fn run_passive(
    connection: Connection,
    stop: std::sync::mpsc::Receiver<()>,
    lock: CheckpointLock,
) {
    use std::sync::mpsc::RecvTimeoutError;
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_INTERVAL) {
        let Ok(_pass) = lock.lock() else { break };
        let checkpoint = "PRAGMA wal_checkpoint(PASSIVE)";
        if let Err(error) = connection.query_row(checkpoint, [], |_| Ok(())) {
            tracing::warn!(%error, "a WAL checkpoint failed; the next one retries");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::db::{Db, DbOptions};
    use std::path::{Path, PathBuf};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// The smallest bound the config accepts, so that a few megabytes of writes cross it often.
    const BOUND: u64 = crate::config::WAL_MAX_BYTES_MIN;

    fn open(path: &Path) -> Db {
        let options = DbOptions { read_connections: 2, writer_queue: 256, wal_max_bytes: BOUND };
        Db::open(path, options).expect("db")
    }

    async fn create_filler(db: &Db) {
        let create = "CREATE TABLE filler (filler_id INTEGER PRIMARY KEY, data BLOB)";
        db.write(move |tx| Ok(tx.execute_batch(create)?)).await.expect("created");
    }

    /// `count` writes of a 1 kB row each, 64 at a time (so they group-commit).
    async fn write_rows(db: &Db, count: usize) {
        let insert = |db: Db| async move {
            let sql = "INSERT INTO filler (data) VALUES (randomblob(1000))";
            db.write(move |tx| Ok(tx.execute(sql, [])?)).await.expect("written")
        };
        for _ in 0..count / 64 {
            futures_util::future::join_all((0..64).map(|_| insert(db.clone()))).await;
        }
    }

    /// Samples the size of the `-wal` file every millisecond until dropped; the largest seen.
    struct Sampler {
        stop: Arc<AtomicBool>,
        largest: Arc<AtomicU64>,
    }

    impl Sampler {
        fn start(wal: PathBuf) -> Sampler {
            let (stop, largest) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
            let (stopped, seen) = (stop.clone(), largest.clone());
            std::thread::spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    let size = std::fs::metadata(&wal).map_or(0, |meta| meta.len());
                    seen.fetch_max(size, Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            });
            Sampler { stop, largest }
        }

        fn largest(&self) -> u64 {
            self.largest.load(Ordering::Relaxed)
        }
    }

    impl Drop for Sampler {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_log_stays_under_its_bound_through_thousands_of_writes_and_reads() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let path = dir.path().join("bound.db");
        let db = open(&path);
        create_filler(&db).await;
        let sampler = Sampler::start(db.wal_path());
        let reading = Arc::new(AtomicBool::new(true));
        let reader = tokio::spawn({
            let (db, reading) = (db.clone(), reading.clone());
            async move {
                // A point read like the betting path's: a scan of the whole growing table
                // held the log past the restart's wait on a loaded 2-core CI machine.
                let newest = "SELECT COALESCE(MAX(filler_id), 0) FROM filler";
                while reading.load(Ordering::Relaxed) {
                    let read = db.read(move |connection| {
                        Ok(connection.query_row(newest, [], |row| row.get::<_, i64>(0))?)
                    });
                    read.await.expect("a read");
                }
            }
        });

        write_rows(&db, 8_192).await;
        reading.store(false, Ordering::Relaxed);
        reader.await.expect("the reader");

        let written = 8_192 * 1_000;
        assert!(written > 6 * BOUND, "the writes passed through the log many times over");
        let largest = sampler.largest();
        assert!(largest > 0, "the sampler saw the log");
        assert!(largest <= BOUND, "the log reached {largest} bytes, above its bound {BOUND}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_read_holds_the_log_and_the_restart_is_retried_once_it_ends() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let path = dir.path().join("held.db");
        let db = open(&path);
        create_filler(&db).await;
        write_rows(&db, 64).await;
        let long_read = rusqlite::Connection::open(&path).expect("a reader");
        long_read.execute_batch("BEGIN").expect("begun");
        let _: i64 = long_read
            .query_row("SELECT COUNT(*) FROM filler", [], |row| row.get(0))
            .expect("a snapshot is held");

        write_rows(&db, 2_048).await;
        let held = std::fs::metadata(db.wal_path()).expect("a log").len();
        long_read.execute_batch("COMMIT").expect("the read ends");
        write_rows(&db, 256).await;
        let after = std::fs::metadata(db.wal_path()).expect("a log").len();

        assert!(held > BOUND, "the reader's snapshot kept the log from restarting ({held})");
        assert!(after <= BOUND, "restarted and cut back under the bound, found {after} bytes");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn close_keeps_every_acknowledged_write_and_removes_the_log() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let path = dir.path().join("close.db");
        let db = open(&path);
        create_filler(&db).await;
        let writes: Vec<_> = (0..200)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    let sql = "INSERT INTO filler (data) VALUES (randomblob(100))";
                    db.write(move |tx| Ok(tx.execute(sql, [])?)).await
                })
            })
            .collect();
        tokio::task::yield_now().await;

        db.close().await.expect("closed");
        let mut acknowledged = 0i64;
        for write in writes {
            acknowledged += i64::from(write.await.expect("joined").is_ok());
        }

        assert!(!db.wal_path().exists(), "the -wal file is removed");
        assert!(db.write(|_| Ok(())).await.is_err(), "writes after close fail");
        assert!(db.read(|_| Ok(())).await.is_err(), "reads after close fail");
        assert!(db.close().await.is_ok(), "a second close does nothing");
        let file = rusqlite::Connection::open(&path).expect("reopened");
        let rows: i64 =
            file.query_row("SELECT COUNT(*) FROM filler", [], |row| row.get(0)).expect("rows");
        assert_eq!(rows, acknowledged, "every acknowledged write is in the database file");
    }
}
