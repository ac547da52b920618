//! SQLite: one writer thread with group commit, a small pool of read-only connections, and
//! the embedded refinery migrations.

mod checkpoint;
mod committed;
mod halt;
pub mod space;
mod writer;

pub use committed::{BalanceChange, CommitHook, CommitNote, EndedSessions, SessionsEnded};
pub use halt::LedgerHalt;

use crate::error::AppError;
use crate::ids::UserId;
use anyhow::Context;
use rusqlite::{Connection, OpenFlags};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use tokio::sync::{Semaphore, mpsc, oneshot};

refinery::embed_migrations!("migrations");

/// A connection inside the writer's open transaction (a savepoint of its own). Domain verbs
/// that write take `&Tx`, so the type says they run inside one atomic unit.
pub struct Tx<'c>(&'c Connection, &'c committed::Notes, &'c LedgerHalt);

impl Tx<'_> {
    /// Notes that this write leaves `user_id`'s game balance at `game_balance` (minor units):
    /// the commit hook hears of it once the transaction committed, never if it rolls back.
    pub fn note_game_balance(&self, user_id: UserId, game_balance: i64) {
        self.1.note(CommitNote::Balance(BalanceChange { user_id, game_balance }));
    }

    /// Notes that this write ends sessions: the live streams of those sessions end once the
    /// transaction committed, never if it rolls back.
    pub fn note_sessions_ended(&self, ended: SessionsEnded) {
        self.1.note(CommitNote::SessionsEnded(ended));
    }

    /// Notes that this write created the thing with `id` (a product, a news article, ...): the
    /// audit record of an audited write (`Db::audited`) names it as its target.
    pub fn note_created(&self, id: impl ToString) {
        self.1.note_created(id.to_string());
    }

    /// What `note_created` noted in this write so far.
    pub fn created(&self) -> Option<String> {
        self.1.created()
    }

    /// True while a failed ledger check halts money in this process (`ledger::transfer`
    /// refuses then).
    pub fn ledger_halted(&self) -> bool {
        self.2.is_halted()
    }
}

impl Deref for Tx<'_> {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        self.0
    }
}

/// Handle to the database: cheap to clone.
#[derive(Clone)]
pub struct Db {
    writer: mpsc::Sender<writer::Job>,
    readers: Arc<ReadPool>,
    path: PathBuf,
    wal_max_bytes: u64,
    threads: Arc<Threads>,
    commit_hook: committed::HookSlot,
    ledger_halt: LedgerHalt,
    /// Recorded in the transaction of every write through this handle (`Db::audited`).
    audit: Option<Arc<dyn WriteAudit>>,
}

/// A record kept in the same transaction as each write of a handle (`Db::audited`): the
/// operator's audit log, so that a change without its record cannot exist, and a record
/// without its change neither.
pub trait WriteAudit: Send + Sync {
    /// Runs first in the write's transaction; what it returns is handed to `record`.
    fn before(&self, tx: &Tx) -> Result<Box<dyn std::any::Any + Send>, AppError>;
    /// Runs last in the write's transaction, once the write succeeded.
    fn record(&self, tx: &Tx, before: Box<dyn std::any::Any + Send>) -> Result<(), AppError>;
}

/// What `Db::close` stops and waits for; taken by the first close.
struct Threads {
    running: Mutex<Option<Running>>,
}

struct Running {
    writer: JoinHandle<()>,
    checkpointer: JoinHandle<()>,
    /// Dropping it (with the last handle, or by `close`) stops the checkpoint thread.
    stop_checkpointer: std::sync::mpsc::Sender<()>,
}

struct ReadPool {
    connections: Mutex<Vec<Connection>>,
    permits: Semaphore,
    size: usize,
}

/// Sizes of the connection set and the write-ahead log's bound (`[db] wal_max_bytes`).
pub struct DbOptions {
    pub read_connections: usize,
    pub writer_queue: usize,
    pub wal_max_bytes: u64,
}

/// The database's files on disk as `/healthz` reports them.
#[derive(Clone, Copy, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct DiskUsage {
    /// Size of `fairhall.db-wal` now (0 when there is none).
    pub wal_bytes: u64,
    /// The configured bound of the log (`db.wal_max_bytes`).
    pub wal_max_bytes: u64,
    /// Free space of the data directory's file system.
    pub disk_free_bytes: u64,
}

impl Db {
    /// Opens (creating if needed) the database, applies migrations and starts the writer and
    /// the checkpoint thread.
    pub fn open(path: &Path, options: DbOptions) -> anyhow::Result<Db> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| {
                format!("while creating the data directory {}", parent.display())
            })?;
        }
        let mut write_connection = open_write_connection(path)?;
        refuse_newer_schema(&write_connection)?;
        let applied = apply_migrations(&mut write_connection)?;
        // A fresh database's schema is one large write that can leave the log above
        // `db.wal_max_bytes`: empty it once migrations ran, so the bound holds from the first
        // request. Only then, so a CLI command never stalls a running server's writer.
        if !applied.applied_migrations().is_empty() {
            write_connection
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                .context("while emptying the write-ahead log after the migrations")?;
        }
        // Checkpoints run on their own thread and, to restart the log, on the writer between
        // commits (checkpoint.rs), not inside whichever commit crosses SQLite's threshold.
        write_connection
            .execute_batch("PRAGMA wal_autocheckpoint = 0;")
            .context("while setting database pragmas")?;
        let lock = checkpoint::CheckpointLock::default();
        let wal = checkpoint::WalBound::install(
            &mut write_connection,
            options.wal_max_bytes,
            lock.clone(),
        )?;
        let readers = (0..options.read_connections.max(1))
            .map(|_| open_read_connection(path))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let commit_hook = committed::HookSlot::default();
        let ledger_halt = LedgerHalt::default();
        let (writer, writer_thread) = writer::spawn(
            write_connection,
            options.writer_queue,
            wal,
            (commit_hook.clone(), ledger_halt.clone()),
        )?;
        let readers = Arc::new(ReadPool {
            permits: Semaphore::new(readers.len()),
            size: readers.len(),
            connections: Mutex::new(readers),
        });
        let (stop_checkpointer, stop) = std::sync::mpsc::channel();
        let checkpointer = spawn_checkpointer(path, stop, lock)?;
        let running = Running { writer: writer_thread, checkpointer, stop_checkpointer };
        let threads = Arc::new(Threads { running: Mutex::new(Some(running)) });
        let wal_max_bytes = options.wal_max_bytes;
        Ok(Db {
            writer,
            readers,
            path: path.to_path_buf(),
            wal_max_bytes,
            threads,
            commit_hook,
            ledger_halt,
            audit: None,
        })
    }

    /// Opens the database for reading only: no writer, no migrations, no checkpoints (a write
    /// through it fails). For `admin doctor`, which must read a database this user cannot
    /// write (a read-only data directory, another owner): when its log files cannot be made,
    /// the file is read as immutable, as of its last checkpoint.
    pub fn open_read_only(path: &Path, read_connections: usize) -> anyhow::Result<Db> {
        let immutable = open_read_connection(path)
            .and_then(|connection| {
                connection.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
                Ok(())
            })
            .is_err();
        let readers = (0..read_connections.max(1))
            .map(|_| match immutable {
                false => open_read_connection(path),
                true => open_immutable_connection(path),
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        // A writer nobody serves: `write` answers that it has stopped.
        let (writer, _) = mpsc::channel(1);
        Ok(Db {
            writer,
            readers: Arc::new(ReadPool {
                permits: Semaphore::new(readers.len()),
                size: readers.len(),
                connections: Mutex::new(readers),
            }),
            path: path.to_path_buf(),
            wal_max_bytes: 0,
            threads: Arc::new(Threads { running: Mutex::new(None) }),
            commit_hook: committed::HookSlot::default(),
            ledger_halt: LedgerHalt::default(),
            audit: None,
        })
    }

    /// A handle to the same database whose every write also runs `audit` inside its own
    /// transaction (the change and its record commit together or not at all).
    pub fn audited(&self, audit: Arc<dyn WriteAudit>) -> Db {
        Db { audit: Some(audit), ..self.clone() }
    }

    /// Closes the database for good: stops the checkpoint thread, closes the read connections
    /// (reads after this fail), lets the writer finish the writes queued before this call, copy
    /// the whole log into the database file and close (writes after this fail), and waits for
    /// both threads. The `-wal` file is gone afterwards unless another process has the
    /// database open. A second call does nothing.
    pub async fn close(&self) -> anyhow::Result<()> {
        let running = self.threads.running.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.take();
        let Some(running) = running else { return Ok(()) };
        drop(running.stop_checkpointer);
        let size = u32::try_from(self.readers.size).context("too many read connections")?;
        let all = self.readers.permits.acquire_many(size).await;
        self.readers.permits.close();
        drop(all);
        self.readers.connections.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.clear();
        let (reply, closed) = oneshot::channel();
        if self.writer.send(writer::Job::close(reply)).await.is_ok() {
            let _ = closed.await;
        }
        tokio::task::spawn_blocking(move || {
            let writer = running.writer.join();
            let checkpointer = running.checkpointer.join();
            writer.and(checkpointer).map_err(|_| anyhow::anyhow!("a database thread panicked"))
        })
        .await
        .context("while waiting for the database threads")?
    }

    /// The log's size, its bound and the free disk space: file metadata, no query.
    pub fn disk_usage(&self) -> DiskUsage {
        DiskUsage {
            wal_bytes: std::fs::metadata(self.wal_path()).map_or(0, |meta| meta.len()),
            wal_max_bytes: self.wal_max_bytes,
            disk_free_bytes: self.path.parent().map_or(Ok(0), space::free_bytes).unwrap_or(0),
        }
    }

    /// Writes queued for the writer thread and not yet taken by it.
    pub fn writer_queue_depth(&self) -> usize {
        self.writer.max_capacity().saturating_sub(self.writer.capacity())
    }

    /// `fairhall.db-wal` beside the database.
    pub fn wal_path(&self) -> PathBuf {
        let mut name = self.path.as_os_str().to_owned();
        name.push("-wal");
        PathBuf::from(name)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this process halted money after a failed ledger check, shared with the writer.
    pub fn ledger_halt(&self) -> &LedgerHalt {
        &self.ledger_halt
    }

    /// Sets what the writer calls after each commit with the game balances it changed and the
    /// sessions it ended (replacing an earlier hook).
    pub fn on_commit(&self, hook: CommitHook) {
        self.commit_hook.set(hook);
    }

    /// Runs `work` atomically on the writer thread; its writes commit only when it returns Ok.
    pub async fn write<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Tx) -> Result<T, AppError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job = match self.audit.clone() {
            None => writer::Job::new(work, reply),
            Some(audit) => writer::Job::new(
                move |tx: &Tx| {
                    let before = audit.before(tx)?;
                    let value = work(tx)?;
                    audit.record(tx, before)?;
                    Ok(value)
                },
                reply,
            ),
        };
        self.writer
            .send(job)
            .await
            .map_err(|_| anyhow::anyhow!("the database writer has stopped"))?;
        answer.await.map_err(|_| anyhow::anyhow!("the database writer dropped a write"))?
    }

    /// Runs `work` on a read-only connection from the pool.
    pub async fn read<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
    {
        let permit = self.readers.permits.acquire().await.map_err(anyhow::Error::from)?;
        let readers = self.readers.clone();
        let outcome = tokio::task::spawn_blocking(move || {
            let connection = readers.take()?;
            let result = work(&connection);
            readers.give_back(connection);
            result
        })
        .await
        .map_err(|error| anyhow::anyhow!("a read task failed: {error}"))?;
        drop(permit);
        outcome
    }

    /// Runs `work`, a read of a few indexed rows, on a read-only connection: on the calling
    /// thread when a connection is free now (the hand-off to the blocking pool cost more than
    /// such a read on the betting path), else through `read`. Never for scans.
    pub async fn read_point<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
    {
        let Ok(permit) = self.readers.permits.try_acquire() else {
            return self.read(work).await;
        };
        let connection = self.readers.take()?;
        let result = work(&connection);
        self.readers.give_back(connection);
        drop(permit);
        result
    }
}

impl ReadPool {
    fn take(&self) -> Result<Connection, AppError> {
        let mut connections =
            self.connections.lock().map_err(|_| anyhow::anyhow!("read pool poisoned"))?;
        Ok(connections.pop().ok_or_else(|| anyhow::anyhow!("read pool empty despite a permit"))?)
    }

    fn give_back(&self, connection: Connection) {
        if let Ok(mut connections) = self.connections.lock() {
            connections.push(connection);
        }
    }
}

/// The highest migration version this binary embeds.
pub fn embedded_schema_version() -> i64 {
    migrations::runner()
        .get_migrations()
        .iter()
        .map(|migration| i64::from(migration.version()))
        .max()
        .unwrap_or(0)
}

/// The highest migration applied to the database on `connection`; `None` before the first.
pub fn applied_schema_version(connection: &Connection) -> anyhow::Result<Option<i64>> {
    let has_history: bool = connection
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table'
                                AND name = 'refinery_schema_history')",
            [],
            |row| row.get(0),
        )
        .context("while reading the database's schema")?;
    if !has_history {
        return Ok(None);
    }
    connection
        .query_row("SELECT MAX(version) FROM refinery_schema_history", [], |row| row.get(0))
        .context("while reading the applied migrations")
}

/// The applied version of an existing database at `path` when migrations are pending for it
/// (`None`: no database yet, or nothing to apply). A database newer than this binary is
/// refused here too, before anything is written.
pub fn pending_from(path: &Path) -> anyhow::Result<Option<i64>> {
    if !path.is_file() {
        return Ok(None);
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags)
        .with_context(|| format!("while opening the database {}", path.display()))?;
    connection.busy_timeout(checkpoint::BUSY_TIMEOUT)?;
    refuse_newer_schema(&connection)?;
    let applied = applied_schema_version(&connection)?;
    Ok(applied.filter(|applied| *applied < embedded_schema_version()))
}

/// Refuses a database migrated by a newer binary: this one would not know its tables.
fn refuse_newer_schema(connection: &Connection) -> anyhow::Result<()> {
    let known = embedded_schema_version();
    match applied_schema_version(connection)? {
        Some(applied) if applied > known => anyhow::bail!(
            "this binary knows schema up to V{known}; the database is at V{applied}: install \
             the newer binary or restore a backup"
        ),
        _ => Ok(()),
    }
}

/// What `PRAGMA integrity_check` finds wrong; empty when the database is sound.
pub fn integrity_problems(connection: &Connection) -> anyhow::Result<Vec<String>> {
    let mut statement = connection.prepare("PRAGMA integrity_check")?;
    let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
    let rows = rows.collect::<Result<Vec<_>, _>>().context("while checking integrity")?;
    Ok(rows.into_iter().filter(|row| row != "ok").collect())
}

/// Applies the pending migrations with foreign keys off, so a migration may rebuild a table
/// other tables point at (SQLite's procedure for changing a CHECK), then checks every foreign
/// key before the connection is used: a migration that left one pointing at nothing fails.
fn apply_migrations(connection: &mut Connection) -> anyhow::Result<refinery::Report> {
    connection
        .execute_batch("PRAGMA foreign_keys = OFF;")
        .context("while setting database pragmas")?;
    let applied =
        migrations::runner().run(connection).context("while applying database migrations")?;
    connection
        .execute_batch("PRAGMA foreign_keys = ON;")
        .context("while setting database pragmas")?;
    if !applied.applied_migrations().is_empty() {
        let problems = foreign_key_problems(connection)?;
        if !problems.is_empty() {
            anyhow::bail!(
                "the migrations left foreign keys pointing at nothing: {}",
                problems.join("; ")
            );
        }
    }
    Ok(applied)
}

/// The rows `PRAGMA foreign_key_check` finds pointing at nothing, as "table row N -> parent".
pub fn foreign_key_problems(connection: &Connection) -> anyhow::Result<Vec<String>> {
    let mut statement = connection.prepare("PRAGMA foreign_key_check")?;
    let rows = statement.query_map([], |row| {
        let row_id = row.get::<_, Option<i64>>(1)?.map_or("?".to_string(), |id| id.to_string());
        Ok(format!("{} row {row_id} -> {}", row.get::<_, String>(0)?, row.get::<_, String>(2)?))
    })?;
    rows.collect::<Result<Vec<_>, _>>().context("while checking foreign keys")
}

/// The embedded migrations the database has not applied ("V24__name"), oldest first: none
/// once `Db::open` ran, unless a newer binary's migrations are expected (a downgrade leaves
/// the database ahead instead, which this does not report).
pub fn pending_migrations(connection: &Connection) -> anyhow::Result<Vec<String>> {
    let applied: std::collections::HashSet<i64> = connection
        .prepare("SELECT version FROM refinery_schema_history")
        .and_then(|mut statement| {
            statement.query_map([], |row| row.get::<_, i64>(0))?.collect::<Result<_, _>>()
        })
        .context("while reading the applied migrations")?;
    let mut pending: Vec<(i64, String)> = migrations::runner()
        .get_migrations()
        .iter()
        .filter(|migration| !applied.contains(&i64::from(migration.version())))
        .map(|migration| (i64::from(migration.version()), migration.to_string()))
        .collect();
    pending.sort();
    Ok(pending.into_iter().map(|(_, name)| name).collect())
}

fn open_write_connection(path: &Path) -> anyhow::Result<Connection> {
    let connection = Connection::open(path)
        .with_context(|| format!("while opening the database {}", path.display()))?;
    // temp_store: the writer's savepoints (one per job of a group commit) keep their statement
    // journal in memory; spilled to a temporary file it cost a tenth of the writer's time.
    connection
        .execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             PRAGMA foreign_keys = ON;
             PRAGMA temp_store = MEMORY;",
        )
        .context("while setting database pragmas")?;
    plan_once(&connection)?;
    // The writer's restart of the log shortens it for a moment and sets it back to this.
    connection.busy_timeout(checkpoint::BUSY_TIMEOUT).context("while setting the busy timeout")?;
    connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE_CAPACITY);
    Ok(connection)
}

/// Prepared statements kept per connection: more than the distinct statements of the hot paths
/// (the default 16 made betting re-prepare its statements on every request).
const STATEMENT_CACHE_CAPACITY: usize = 256;

/// The `sqlite-checkpoint` thread (`checkpoint::run_passive`) on its own connection.
fn spawn_checkpointer(
    path: &Path,
    stop: std::sync::mpsc::Receiver<()>,
    lock: checkpoint::CheckpointLock,
) -> anyhow::Result<JoinHandle<()>> {
    let connection = Connection::open(path).with_context(|| {
        format!("while opening the checkpoint connection to {}", path.display())
    })?;
    connection
        .execute_batch("PRAGMA busy_timeout = 5000;")
        .context("while setting checkpoint connection pragmas")?;
    std::thread::Builder::new()
        .name("sqlite-checkpoint".into())
        .spawn(move || checkpoint::run_passive(connection, stop, lock))
        .context("while starting the checkpoint thread")
}

fn open_read_connection(path: &Path) -> anyhow::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags)
        .with_context(|| format!("while opening a read connection to {}", path.display()))?;
    connection
        .execute_batch("PRAGMA busy_timeout = 5000; PRAGMA query_only = ON;")
        .context("while setting read connection pragmas")?;
    plan_once(&connection)?;
    connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE_CAPACITY);
    Ok(connection)
}

/// A read connection to a database whose directory this user cannot write: SQLite cannot make
/// the log's index there, so the file is read as it is (`immutable`), without the log.
fn open_immutable_connection(path: &Path) -> anyhow::Result<Connection> {
    let uri = format!("file:{}?immutable=1", path.display());
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let connection = Connection::open_with_flags(&uri, flags)
        .with_context(|| format!("while opening {} read-only", path.display()))?;
    connection.execute_batch("PRAGMA query_only = ON;")?;
    Ok(connection)
}

/// The query planner's stability guarantee: a statement keeps the plan it was prepared with
/// whatever is bound later. Without it SQLite re-prepares a cached statement at each new value
/// of a parameter compared with a range or with a partial index's condition, which the hot
/// paths bind on every request (the protection guard of every bet cost a fifth of the
/// writer's time). Our plans rest on indexes, never on the values bound.
fn plan_once(connection: &Connection) -> anyhow::Result<()> {
    connection
        .set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)
        .context("while enabling the query planner stability guarantee")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::{StatementStatus, params};

    fn test_options() -> DbOptions {
        DbOptions { read_connections: 1, writer_queue: 16, wal_max_bytes: 64 * 1024 * 1024 }
    }

    /// Appends a row to `records` after each write, or refuses to when `fail` says so.
    struct Recorder {
        fail: bool,
    }

    impl WriteAudit for Recorder {
        fn before(&self, tx: &Tx) -> Result<Box<dyn std::any::Any + Send>, AppError> {
            let count: i64 = tx.query_row("SELECT count(*) FROM changes", [], |row| row.get(0))?;
            Ok(Box::new(count))
        }

        fn record(&self, tx: &Tx, before: Box<dyn std::any::Any + Send>) -> Result<(), AppError> {
            if self.fail {
                return Err(AppError::Internal(anyhow::anyhow!("the record could not be written")));
            }
            let before = *before.downcast::<i64>().expect("the count before");
            tx.execute("INSERT INTO records (seen_before) VALUES (?1)", [before])?;
            Ok(())
        }
    }

    #[tokio::test]
    async fn an_audited_write_and_its_record_commit_together_or_not_at_all() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let db = Db::open(&dir.path().join("audited.db"), test_options()).expect("db");
        db.write(|tx| {
            tx.execute_batch(
                "CREATE TABLE changes (id INTEGER PRIMARY KEY);
                 CREATE TABLE records (seen_before INTEGER NOT NULL);",
            )?;
            Ok(())
        })
        .await
        .expect("tables");
        let change = |tx: &Tx| Ok(tx.execute("INSERT INTO changes DEFAULT VALUES", [])?);
        let counts = || async {
            db.read(|connection| {
                let count = |table: &str| {
                    connection.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                        row.get::<_, i64>(0)
                    })
                };
                Ok((count("changes")?, count("records")?))
            })
            .await
            .expect("counts")
        };

        db.audited(Arc::new(Recorder { fail: false })).write(change).await.expect("recorded");
        assert_eq!(counts().await, (1, 1));
        let refused = db.audited(Arc::new(Recorder { fail: false }));
        let failed = refused.write(|_| Err::<(), _>(AppError::BadParams)).await;
        assert!(matches!(failed, Err(AppError::BadParams)));
        assert_eq!(counts().await, (1, 1), "a refused write records nothing");
        let unrecordable = db.audited(Arc::new(Recorder { fail: true })).write(change).await;
        assert!(unrecordable.is_err());
        assert_eq!(counts().await, (1, 1), "a change whose record fails does not happen");
        db.write(change).await.expect("a plain write");
        assert_eq!(counts().await, (2, 1), "the plain handle records nothing");
    }

    #[tokio::test]
    async fn a_point_read_runs_on_the_calling_thread_while_a_connection_is_free() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let db = Db::open(&dir.path().join("point.db"), test_options()).expect("db");
        let caller = std::thread::current().id();
        let ran_on = db.read_point(|_| Ok(std::thread::current().id())).await.expect("read");
        assert_eq!(ran_on, caller);
        // With the only connection taken, the point read waits for it on the blocking pool.
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (taken, is_taken) = tokio::sync::oneshot::channel();
        let holder = tokio::spawn({
            let db = db.clone();
            async move {
                db.read(move |_| {
                    let _ = taken.send(());
                    released.recv().map_err(anyhow::Error::from)?;
                    Ok(())
                })
                .await
            }
        });
        is_taken.await.expect("the connection is taken");
        let waiting = tokio::spawn({
            let db = db.clone();
            async move { db.read_point(|_| Ok(std::thread::current().id())).await }
        });
        release.send(()).expect("released");
        holder.await.expect("joined").expect("the holder's read");
        let ran_on = waiting.await.expect("joined").expect("the point read");
        assert_ne!(ran_on, caller, "it ran on the blocking pool");
    }

    #[tokio::test]
    async fn the_checkpointer_moves_committed_pages_into_the_database_file() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let path = dir.path().join("check.db");
        let db = Db::open(&path, test_options()).expect("db");
        let size = || std::fs::metadata(&path).map(|meta| meta.len()).unwrap_or(0);
        let before = size();
        db.write(|tx| {
            tx.execute_batch("CREATE TABLE filler (data BLOB)")?;
            for _ in 0..200 {
                tx.execute("INSERT INTO filler VALUES (zeroblob(4000))", [])?;
            }
            Ok(())
        })
        .await
        .expect("written");
        assert_eq!(size(), before, "the writer itself never checkpoints");
        std::thread::sleep(checkpoint::CHECKPOINT_INTERVAL * 3);
        assert!(size() > before + 500_000, "the pages reached the database file");
    }

    /// A cached statement runs its first plan whatever is bound: without the planner's
    /// stability guarantee SQLite re-prepared a statement at every new binding of a parameter
    /// it compares with a range or a partial index's condition (a fifth of the writer's time
    /// under the sustained benchmark, in the protection guard of every bet).
    #[tokio::test]
    async fn cached_statements_are_not_prepared_again_for_new_bindings() {
        const SQL: &str = "SELECT (SELECT MAX(until) FROM spans
                                   WHERE owner = ?1 AND started_at <= ?2 AND until > ?2),
                                  (SELECT COUNT(*) FROM spans WHERE owner = ?1 AND kind = ?3)";
        let reprepared = |connection: &Connection| -> Result<i32, AppError> {
            for (owner, now, kind) in [(1, 10, "a"), (2, 20, "b"), (3, 30, "a")] {
                let mut statement = connection.prepare_cached(SQL)?;
                statement.query_row(params![owner, now, kind], |_| Ok(()))?;
            }
            Ok(connection.prepare_cached(SQL)?.get_status(StatementStatus::RePrepare))
        };
        let dir = tempfile::tempdir().expect("a temp directory");
        let db = Db::open(&dir.path().join("plans.db"), test_options()).expect("db");
        db.write(|tx| {
            Ok(tx.execute_batch(
                "CREATE TABLE spans (owner INTEGER, kind TEXT, started_at INTEGER, until INTEGER);
                 CREATE INDEX spans_owner ON spans(owner, until);
                 CREATE INDEX spans_a ON spans(owner) WHERE kind = 'a';",
            )?)
        })
        .await
        .expect("created");
        assert_eq!(db.write(move |tx| reprepared(tx)).await.expect("the writer"), 0);
        assert_eq!(db.read(reprepared).await.expect("a reader"), 0);
    }
}
