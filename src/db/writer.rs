//! The writer thread. It takes the closures waiting in its queue, runs each in its own
//! savepoint inside one `BEGIN IMMEDIATE` transaction and commits them together (group
//! commit: one fsync serves many requests). A failing closure rolls back only its savepoint;
//! results are sent only after the commit succeeded.

use super::checkpoint::{self, WalBound};
use super::committed::{HookSlot, Notes};
use super::{LedgerHalt, Tx};
use crate::error::AppError;
use anyhow::Context;
use rusqlite::Connection;
use std::panic::{AssertUnwindSafe, catch_unwind};
use tokio::sync::{mpsc, oneshot};

/// Closures committed together at most; bounds the latency one commit adds.
const GROUP_MAX: usize = 256;

pub struct Job(Work);

/// A write to run, or the request to close (`Db::close`), answered once the connection is
/// closed.
enum Work {
    Write(Box<dyn PendingWrite>),
    Close(oneshot::Sender<()>),
}

trait PendingWrite: Send {
    /// Runs the closure; true when its writes are to be kept.
    fn run(&mut self, tx: &Tx) -> bool;
    /// Sends the closure's result, or `failure` when the commit did not happen.
    fn finish(self: Box<Self>, failure: Option<String>);
}

struct Pending<T, F> {
    work: Option<F>,
    result: Option<Result<T, AppError>>,
    reply: oneshot::Sender<Result<T, AppError>>,
}

impl Job {
    pub fn new<T, F>(work: F, reply: oneshot::Sender<Result<T, AppError>>) -> Job
    where
        T: Send + 'static,
        F: FnOnce(&Tx) -> Result<T, AppError> + Send + 'static,
    {
        Job(Work::Write(Box::new(Pending { work: Some(work), result: None, reply })))
    }

    /// Asks the writer to finish the writes queued before this, then close.
    pub fn close(reply: oneshot::Sender<()>) -> Job {
        Job(Work::Close(reply))
    }
}

impl<T: Send, F: FnOnce(&Tx) -> Result<T, AppError> + Send> PendingWrite for Pending<T, F> {
    fn run(&mut self, tx: &Tx) -> bool {
        let Some(work) = self.work.take() else { return false };
        let result = catch_unwind(AssertUnwindSafe(|| work(tx))).unwrap_or_else(|panic| {
            let reason = panic
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(AppError::Internal(anyhow::anyhow!("a write panicked: {reason}")))
        });
        let keep = result.is_ok();
        self.result = Some(result);
        keep
    }

    fn finish(self: Box<Self>, failure: Option<String>) {
        let result = match (failure, self.result) {
            (None, Some(result)) => result,
            (Some(reason), _) => {
                Err(AppError::Internal(anyhow::anyhow!("commit failed: {reason}")))
            }
            (None, None) => Err(AppError::Internal(anyhow::anyhow!("a write did not run"))),
        };
        // The caller may have gone away (a timed-out request); its write still stands.
        let _ = self.reply.send(result);
    }
}

pub fn spawn(
    connection: Connection,
    queue: usize,
    wal: WalBound,
    (hook, halt): (HookSlot, LedgerHalt),
) -> anyhow::Result<(mpsc::Sender<Job>, std::thread::JoinHandle<()>)> {
    let (sender, receiver) = mpsc::channel(queue.max(1));
    let thread = std::thread::Builder::new()
        .name("db-writer".into())
        .spawn(move || serve_writes(connection, receiver, (wal, hook, halt)))
        .context("while starting the database writer thread")?;
    Ok((sender, thread))
}

/// Server loop: ends on `Job::close` or when every `Db` handle is dropped, then closes the
/// connection with the log checkpointed; writes queued after the close are refused.
fn serve_writes(
    connection: Connection,
    mut receiver: mpsc::Receiver<Job>,
    (mut wal, hook, halt): (WalBound, HookSlot, LedgerHalt),
) {
    let mut group: Vec<Box<dyn PendingWrite>> = Vec::with_capacity(GROUP_MAX);
    let mut closed_by = None;
    let notes = Notes::default();
    while let Some(Job(first)) = receiver.blocking_recv() {
        let mut next = Some(first);
        while let Some(work) = next.take() {
            match work {
                Work::Write(pending) => group.push(pending),
                Work::Close(reply) => closed_by = Some(reply),
            }
            if group.len() < GROUP_MAX && closed_by.is_none() {
                next = receiver.try_recv().ok().map(|Job(work)| work);
            }
        }
        let changes_before = connection.total_changes();
        let failure = commit_group(&connection, &mut group, (&notes, &halt))
            .err()
            .map(|error| format!("{error:#}"));
        let committed = notes.take_kept();
        match &failure {
            Some(reason) => tracing::error!(%reason, "a group commit failed"),
            None => {
                let rows = connection.total_changes().saturating_sub(changes_before);
                crate::metrics::metrics().record_commit(group.len(), rows);
                // Before the replies: a caller that sees its write done finds it announced.
                hook.publish(&committed);
            }
        }
        for pending in group.drain(..) {
            pending.finish(failure.clone());
        }
        wal.after_commit(&connection);
        if closed_by.is_some() {
            break;
        }
    }
    receiver.close();
    while let Ok(Job(work)) = receiver.try_recv() {
        if let Work::Write(pending) = work {
            pending.finish(Some("the database is closed".into()));
        }
    }
    checkpoint::close(connection);
    if let Some(reply) = closed_by {
        let _ = reply.send(());
    }
}

fn commit_group(
    connection: &Connection,
    group: &mut [Box<dyn PendingWrite>],
    (notes, halt): (&Notes, &LedgerHalt),
) -> anyhow::Result<()> {
    execute(connection, "BEGIN IMMEDIATE").context("while beginning a write")?;
    for pending in group.iter_mut() {
        let ran = execute(connection, "SAVEPOINT job")
            .context("while opening a savepoint")
            .map(|()| pending.run(&Tx(connection, notes, halt)));
        let closed = match ran {
            Ok(true) => execute(connection, "RELEASE job").map(|()| notes.keep_job()),
            Ok(false) => {
                notes.discard_job();
                execute(connection, "ROLLBACK TO job")
                    .and_then(|()| execute(connection, "RELEASE job"))
            }
            Err(error) => {
                let _ = connection.execute_batch("ROLLBACK");
                return Err(error);
            }
        };
        if let Err(error) = closed {
            let _ = connection.execute_batch("ROLLBACK");
            return Err(error).context("while closing a savepoint");
        }
    }
    if let Err(error) = execute(connection, "COMMIT") {
        let _ = connection.execute_batch("ROLLBACK");
        return Err(error).context("while committing");
    }
    Ok(())
}

/// Runs a transaction-control statement from the statement cache: parsing it anew for every
/// job cost more than running it.
fn execute(connection: &Connection, sql: &str) -> rusqlite::Result<()> {
    connection.prepare_cached(sql)?.execute([]).map(|_| ())
}
