//! The server's ledger check: the incremental check (`flows::ledger_check::verify_since`) from
//! the stored watermark, at start, after every tick that settled bets and every
//! `ledger.check_every_secs`. A failure is logged naming the invariants, recorded for `admin doctor`, and halts money in
//! this process (`db::LedgerHalt`: `ledger::transfer` refuses with `ledger_halted`, `/readyz`
//! answers 503). The halt ends when a check passes: the failed range stays below the
//! watermark until the operator has corrected the books and a full `fairhall admin verify`
//! passed (it moves the watermark past what it verified); the next check, or a restart, then
//! resumes payments.

use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::flows;
use crate::ledger::{self, Watermark};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Passes one periodic check runs at most (`ENTRIES_PER_CHECK` entries each); the rest waits
/// for the next tick, so a burst of writes never makes one tick long.
const PASSES_PER_TICK: u32 = 40;

/// What a check concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerCheck {
    /// Every invariant held up to `through`; `more` when writes past it wait for a next pass.
    Passed { through: Watermark, more: bool },
    /// The failed invariants, by name and count; money is halted.
    Failed(String),
    /// The database could not be read or written (logged); nothing changed.
    NotRun,
}

/// When the periodic check is due next; shared by the scheduler's clones.
#[derive(Clone)]
pub struct LedgerCheckJob {
    every_secs: i64,
    next_at: Arc<AtomicI64>,
}

impl LedgerCheckJob {
    pub fn new(every_secs: u64) -> LedgerCheckJob {
        let every_secs = i64::try_from(every_secs).unwrap_or(i64::MAX).max(1);
        LedgerCheckJob { every_secs, next_at: Arc::new(AtomicI64::new(i64::MIN)) }
    }

    /// Runs the check when it is due at `now`, or at once when `settled` (a tick settled bets).
    pub async fn tick(&self, db: &Db, now: Timestamp, settled: bool) -> Option<LedgerCheck> {
        if !settled && now.secs() < self.next_at.load(Ordering::SeqCst) {
            return None;
        }
        self.next_at.store(now.secs().saturating_add(self.every_secs), Ordering::SeqCst);
        Some(check_logged(db, now, Some(PASSES_PER_TICK)).await)
    }
}

/// Runs the check and logs what an operator must know; an error reading the database is
/// logged and counts as no check.
pub async fn check_logged(db: &Db, now: Timestamp, passes_max: Option<u32>) -> LedgerCheck {
    match check(db, now, passes_max).await {
        Ok(LedgerCheck::Failed(failures)) => {
            tracing::error!(
                %failures,
                "LEDGER CHECK FAILED: payments are halted until the books are corrected and \
                 `fairhall admin verify` passes"
            );
            LedgerCheck::Failed(failures)
        }
        Ok(passed) => passed,
        Err(error) => {
            let error = anyhow::Error::from(error);
            tracing::error!(error = format!("{error:#}"), "the ledger check could not run");
            LedgerCheck::NotRun
        }
    }
}

/// Checks from the stored watermark, pass after pass until caught up (or `passes_max`):
/// records each passing pass, halts money on the first failure, and resumes money when a
/// check passes while halted.
pub async fn check(
    db: &Db,
    now: Timestamp,
    passes_max: Option<u32>,
) -> Result<LedgerCheck, AppError> {
    let mut passes = 0u32;
    // Server loop bounded by the journal: each pass moves the watermark forward.
    loop {
        let pass = db
            .read(|connection| {
                let from = Watermark::stored(connection)?;
                flows::ledger_check::verify_since(connection, from)
            })
            .await?;
        if !pass.report.is_ok() {
            let failures = pass.report.failures();
            db.ledger_halt().halt(failures.clone());
            let recorded = failures.clone();
            db.write(move |tx| ledger::record_failed(tx, &recorded, now)).await?;
            return Ok(LedgerCheck::Failed(failures));
        }
        let through = pass.report.checked_through;
        db.write(move |tx| flows::ledger_check::record_passed(tx, through, now)).await?;
        passes += 1;
        if !pass.more || passes_max.is_some_and(|max| passes >= max) {
            if db.ledger_halt().is_halted() {
                db.ledger_halt().resume();
                tracing::warn!("the ledger check passed again: payments resume");
            }
            return Ok(LedgerCheck::Passed { through, more: pass.more });
        }
    }
}
