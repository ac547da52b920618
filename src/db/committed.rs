//! What listeners hear of a write once it committed: the game balances it changed. The ledger
//! notes each change on the `Tx` as it writes it; the writer keeps a job's notes only when its
//! savepoint is released, and hands the group's notes to the commit hook only after COMMIT
//! succeeded, so a rolled-back or failed write announces nothing.

use std::cell::RefCell;
use std::sync::{Arc, PoisonError, RwLock};

/// A player's game balance as a committed write left it (minor units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceChange {
    pub user_id: i64,
    pub game_balance: i64,
}

/// Called on the writer thread after each successful commit with the changes in commit order
/// (a player may appear more than once: the last is the committed balance). It must not block.
pub type CommitHook = Arc<dyn Fn(&[BalanceChange]) + Send + Sync>;

/// Where `Db::on_commit` puts the hook the writer calls; empty until one is set.
#[derive(Clone, Default)]
pub(super) struct HookSlot(Arc<RwLock<Option<CommitHook>>>);

impl HookSlot {
    pub(super) fn set(&self, hook: CommitHook) {
        *self.0.write().unwrap_or_else(PoisonError::into_inner) = Some(hook);
    }

    pub(super) fn publish(&self, changes: &[BalanceChange]) {
        if changes.is_empty() {
            return;
        }
        let hook = self.0.read().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some(hook) = hook {
            hook(changes);
        }
    }
}

/// The notes of one group commit: those of the running job, and those of the jobs kept.
#[derive(Default)]
pub(super) struct Notes {
    job: RefCell<Vec<BalanceChange>>,
    kept: RefCell<Vec<BalanceChange>>,
}

impl Notes {
    pub(super) fn note(&self, change: BalanceChange) {
        self.job.borrow_mut().push(change);
    }

    /// The running job's savepoint was released: its notes join the group's.
    pub(super) fn keep_job(&self) {
        let mut job = self.job.borrow_mut();
        self.kept.borrow_mut().append(&mut job);
    }

    /// The running job's savepoint was rolled back: its notes are void.
    pub(super) fn discard_job(&self) {
        self.job.borrow_mut().clear();
    }

    /// The group's kept notes, leaving it empty for the next group.
    pub(super) fn take_kept(&self) -> Vec<BalanceChange> {
        self.discard_job();
        std::mem::take(&mut *self.kept.borrow_mut())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Db, DbOptions};
    use super::*;
    use crate::error::AppError;
    use std::sync::Mutex;

    fn recording(db: &Db) -> Arc<Mutex<Vec<BalanceChange>>> {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = heard.clone();
        db.on_commit(Arc::new(move |changes: &[BalanceChange]| {
            sink.lock().expect("unpoisoned").extend_from_slice(changes);
        }));
        heard
    }

    #[tokio::test]
    async fn the_hook_hears_only_the_notes_of_writes_that_committed() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let options = DbOptions { read_connections: 1, writer_queue: 16, wal_max_bytes: 64 << 20 };
        let db = Db::open(&dir.path().join("notes.db"), options).expect("db");
        let heard = recording(&db);
        // The first write holds the writer while the next two queue: they commit as one group.
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (taken, is_taken) = tokio::sync::oneshot::channel();
        let holder = tokio::spawn({
            let db = db.clone();
            async move {
                db.write(move |tx| {
                    tx.note_game_balance(1, 100);
                    let _ = taken.send(());
                    released.recv().map_err(anyhow::Error::from)?;
                    Ok(())
                })
                .await
            }
        });
        is_taken.await.expect("the writer is held");
        let failing = tokio::spawn({
            let db = db.clone();
            async move {
                db.write(|tx| -> Result<(), AppError> {
                    tx.note_game_balance(2, 200);
                    Err(AppError::BadParams)
                })
                .await
            }
        });
        let kept = tokio::spawn({
            let db = db.clone();
            async move {
                db.write(|tx| {
                    tx.note_game_balance(3, 300);
                    Ok(())
                })
                .await
            }
        });
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        release.send(()).expect("released");
        holder.await.expect("joined").expect("the first write");
        assert!(failing.await.expect("joined").is_err());
        kept.await.expect("joined").expect("the kept write");
        let heard = heard.lock().expect("unpoisoned").clone();
        let expected = [(1, 100), (3, 300)]
            .map(|(user_id, game_balance)| BalanceChange { user_id, game_balance });
        assert_eq!(heard, expected, "the rolled-back write announced nothing");
    }
}
