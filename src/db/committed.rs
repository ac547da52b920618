//! What listeners hear of a write once it committed: the game balances it changed and the
//! sessions it ended. The ledger and the account verbs note each on the `Tx` as they write it;
//! the writer keeps a job's notes only when its savepoint is released, and hands the group's
//! notes to the commit hook only after COMMIT succeeded, so a rolled-back or failed write
//! announces nothing.

use crate::ids::UserId;
use std::cell::RefCell;
use std::sync::{Arc, PoisonError, RwLock};

/// A player's game balance as a committed write left it (minor units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceChange {
    pub user_id: UserId,
    pub game_balance: i64,
}

/// Sessions of one user a committed write ended (logout, freeze, a password change or reset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionsEnded {
    pub user_id: UserId,
    pub which: EndedSessions,
}

/// Which of the user's sessions ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndedSessions {
    /// The session with this token hash (a logout).
    One(String),
    /// Every session but the one with this token hash (a password change keeps its own).
    AllBut(String),
    /// Every session of the user.
    All,
}

impl SessionsEnded {
    /// True when the session `token_hash` of `user_id` is one of those that ended.
    pub fn includes(&self, user_id: UserId, token_hash: &str) -> bool {
        self.user_id == user_id
            && match &self.which {
                EndedSessions::One(hash) => hash == token_hash,
                EndedSessions::AllBut(kept) => kept != token_hash,
                EndedSessions::All => true,
            }
    }
}

/// One thing a committed write did that listeners hear of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommitNote {
    Balance(BalanceChange),
    SessionsEnded(SessionsEnded),
}

/// Called on the writer thread after each successful commit with the notes in commit order
/// (a player may appear more than once: the last is the committed balance). It must not block.
pub type CommitHook = Arc<dyn Fn(&[CommitNote]) + Send + Sync>;

/// Where `Db::on_commit` puts the hook the writer calls; empty until one is set.
#[derive(Clone, Default)]
pub(super) struct HookSlot(Arc<RwLock<Option<CommitHook>>>);

impl HookSlot {
    pub(super) fn set(&self, hook: CommitHook) {
        *self.0.write().unwrap_or_else(PoisonError::into_inner) = Some(hook);
    }

    pub(super) fn publish(&self, changes: &[CommitNote]) {
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
    job: RefCell<Vec<CommitNote>>,
    kept: RefCell<Vec<CommitNote>>,
    /// The id of what the running job created, for its audit record (`Tx::note_created`).
    job_created: RefCell<Option<String>>,
}

impl Notes {
    pub(super) fn note(&self, change: CommitNote) {
        self.job.borrow_mut().push(change);
    }

    pub(super) fn note_created(&self, id: String) {
        *self.job_created.borrow_mut() = Some(id);
    }

    pub(super) fn created(&self) -> Option<String> {
        self.job_created.borrow().clone()
    }

    /// The running job's savepoint was released: its notes join the group's.
    pub(super) fn keep_job(&self) {
        let mut job = self.job.borrow_mut();
        self.kept.borrow_mut().append(&mut job);
        self.job_created.borrow_mut().take();
    }

    /// The running job's savepoint was rolled back: its notes are void.
    pub(super) fn discard_job(&self) {
        self.job.borrow_mut().clear();
        self.job_created.borrow_mut().take();
    }

    /// The group's kept notes, leaving it empty for the next group.
    pub(super) fn take_kept(&self) -> Vec<CommitNote> {
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

    fn user(id: i64) -> UserId {
        UserId::from_rowid(id)
    }

    fn recording(db: &Db) -> Arc<Mutex<Vec<CommitNote>>> {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = heard.clone();
        db.on_commit(Arc::new(move |changes: &[CommitNote]| {
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
                    tx.note_game_balance(user(1), 100);
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
                    tx.note_game_balance(user(2), 200);
                    tx.note_sessions_ended(SessionsEnded {
                        user_id: user(2),
                        which: EndedSessions::All,
                    });
                    Err(AppError::BadParams)
                })
                .await
            }
        });
        let kept = tokio::spawn({
            let db = db.clone();
            async move {
                db.write(|tx| {
                    tx.note_game_balance(user(3), 300);
                    tx.note_sessions_ended(SessionsEnded {
                        user_id: user(3),
                        which: EndedSessions::All,
                    });
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
        let balance = |id, game_balance| {
            CommitNote::Balance(BalanceChange { user_id: user(id), game_balance })
        };
        let ended = SessionsEnded { user_id: user(3), which: EndedSessions::All };
        let expected = [balance(1, 100), balance(3, 300), CommitNote::SessionsEnded(ended)];
        assert_eq!(heard, expected, "the rolled-back write announced nothing");
    }
}

#[cfg(test)]
mod ended_tests {
    use super::*;

    fn user(id: i64) -> UserId {
        UserId::from_rowid(id)
    }

    #[test]
    fn an_ending_names_exactly_the_sessions_it_ended() {
        let logout = SessionsEnded { user_id: user(1), which: EndedSessions::One("a".into()) };
        assert!(logout.includes(user(1), "a"));
        assert!(!logout.includes(user(1), "b"), "another session of the player");
        assert!(!logout.includes(user(2), "a"), "another player");
        let change = SessionsEnded { user_id: user(1), which: EndedSessions::AllBut("a".into()) };
        assert!(!change.includes(user(1), "a"), "the session that changed the password");
        assert!(change.includes(user(1), "b"));
        let freeze = SessionsEnded { user_id: user(1), which: EndedSessions::All };
        assert!(
            freeze.includes(user(1), "a")
                && freeze.includes(user(1), "b")
                && !freeze.includes(user(2), "a")
        );
    }
}
