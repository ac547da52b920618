//! The ledger halt of one process: once a ledger check failed (`flows::ledger_check::verify_since`, run by
//! the server), `ledger::transfer` refuses every movement of money with `ledger_halted` while
//! reads and other writes go on. Shared by the `Db` handle (readiness, the check) and its
//! writer thread (every `Tx`), so one flag guards every path that moves money.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

#[derive(Clone, Default)]
pub struct LedgerHalt(Arc<HaltState>);

#[derive(Default)]
struct HaltState {
    halted: AtomicBool,
    /// The failed invariants, as the check named them.
    reason: Mutex<String>,
}

impl LedgerHalt {
    /// Stops money from moving in this process until `resume`.
    pub fn halt(&self, reason: String) {
        *self.0.reason.lock().unwrap_or_else(PoisonError::into_inner) = reason;
        self.0.halted.store(true, Ordering::SeqCst);
    }

    /// Lets money move again (a later check passed).
    pub fn resume(&self) {
        self.0.halted.store(false, Ordering::SeqCst);
        self.0.reason.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// Read by every ledger write: one atomic load.
    pub fn is_halted(&self) -> bool {
        self.0.halted.load(Ordering::SeqCst)
    }

    /// Why money is halted; None when it is not.
    pub fn reason(&self) -> Option<String> {
        self.is_halted()
            .then(|| self.0.reason.lock().unwrap_or_else(PoisonError::into_inner).clone())
    }
}
