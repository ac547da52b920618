//! The writer thread. It takes the closures waiting in its queue, runs each in its own
//! savepoint inside one `BEGIN IMMEDIATE` transaction and commits them together (group
//! commit: one fsync serves many requests). A failing closure rolls back only its savepoint;
//! results are sent only after the commit succeeded.

use super::Tx;
use super::committed::{HookSlot, Notes};
use crate::error::AppError;
use anyhow::Context;
use rusqlite::Connection;
use std::panic::{AssertUnwindSafe, catch_unwind};
use tokio::sync::{mpsc, oneshot};

/// Closures committed together at most; bounds the latency one commit adds.
const GROUP_MAX: usize = 256;

pub struct Job(Box<dyn PendingWrite>);

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
        Job(Box::new(Pending { work: Some(work), result: None, reply }))
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
    hook: HookSlot,
) -> anyhow::Result<mpsc::Sender<Job>> {
    let (sender, receiver) = mpsc::channel(queue.max(1));
    std::thread::Builder::new()
        .name("db-writer".into())
        .spawn(move || serve_writes(connection, receiver, hook))
        .context("while starting the database writer thread")?;
    Ok(sender)
}

/// Server loop: ends when every `Db` handle is dropped.
fn serve_writes(connection: Connection, mut receiver: mpsc::Receiver<Job>, hook: HookSlot) {
    let mut group: Vec<Box<dyn PendingWrite>> = Vec::with_capacity(GROUP_MAX);
    let notes = Notes::default();
    while let Some(Job(first)) = receiver.blocking_recv() {
        group.push(first);
        while group.len() < GROUP_MAX {
            match receiver.try_recv() {
                Ok(Job(next)) => group.push(next),
                Err(_) => break,
            }
        }
        let failure =
            commit_group(&connection, &mut group, &notes).err().map(|error| format!("{error:#}"));
        let committed = notes.take_kept();
        match &failure {
            Some(reason) => tracing::error!(%reason, "a group commit failed"),
            // Before the replies: a caller that sees its write done finds it announced.
            None => hook.publish(&committed),
        }
        for pending in group.drain(..) {
            pending.finish(failure.clone());
        }
    }
}

fn commit_group(
    connection: &Connection,
    group: &mut [Box<dyn PendingWrite>],
    notes: &Notes,
) -> anyhow::Result<()> {
    execute(connection, "BEGIN IMMEDIATE").context("while beginning a write")?;
    for pending in group.iter_mut() {
        let ran = execute(connection, "SAVEPOINT job")
            .context("while opening a savepoint")
            .map(|()| pending.run(&Tx(connection, notes)));
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
