//! The only place that reads the system clock; tests use a fixed clock they can advance.
//! Timeouts and intervals measure with `monotonic_now`, which never goes backwards.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Unix seconds.
pub type Timestamp = i64;

#[derive(Clone)]
pub enum Clock {
    System,
    Fixed(Arc<AtomicI64>),
}

impl Clock {
    pub fn fixed(at: Timestamp) -> Clock {
        Clock::Fixed(Arc::new(AtomicI64::new(at)))
    }

    pub fn now(&self) -> Timestamp {
        match self {
            Clock::System => chrono::Utc::now().timestamp(),
            Clock::Fixed(at) => at.load(Ordering::SeqCst),
        }
    }

    /// Unix milliseconds (a fixed clock's second, at its start).
    pub fn now_millis(&self) -> i64 {
        match self {
            Clock::System => chrono::Utc::now().timestamp_millis(),
            Clock::Fixed(at) => at.load(Ordering::SeqCst) * 1000,
        }
    }

    /// Moves a fixed clock forward; a system clock cannot be moved.
    pub fn advance(&self, secs: i64) {
        if let Clock::Fixed(at) = self {
            at.fetch_add(secs, Ordering::SeqCst);
        }
    }
}

/// Now on the monotonic clock, for timeouts and intervals only (never stored, never shown).
pub fn monotonic_now() -> tokio::time::Instant {
    tokio::time::Instant::now()
}

/// Nanoseconds past the current second of the system clock, to align timers to whole seconds.
pub fn system_subsec_nanos() -> u32 {
    chrono::Utc::now().timestamp_subsec_nanos()
}
