//! The only place that reads the system clock; tests use a fixed clock they can advance.
//! Timeouts and intervals measure with `monotonic_now`, which never goes backwards.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// An instant as unix seconds. Only meaningful arithmetic: plus or minus a number of seconds is
/// a time, a time minus a time is a number of seconds; ids and amounts do not mix in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct Timestamp(i64);

impl Timestamp {
    pub const fn from_secs(secs: i64) -> Timestamp {
        Timestamp(secs)
    }

    /// The raw unix seconds, for formatters and time zone arithmetic.
    pub const fn secs(self) -> i64 {
        self.0
    }

    /// Seconds from `earlier` to this instant (negative when `earlier` is later).
    pub const fn secs_since(self, earlier: Timestamp) -> i64 {
        self.0 - earlier.0
    }

    /// Unix milliseconds at the start of this second (saturating).
    pub const fn millis(self) -> i64 {
        self.0.saturating_mul(1000)
    }

    pub fn from_datetime<Tz: chrono::TimeZone>(time: &chrono::DateTime<Tz>) -> Timestamp {
        Timestamp(time.timestamp())
    }

    /// The instant in UTC; `None` outside chrono's range.
    pub fn to_datetime(self) -> Option<chrono::DateTime<chrono::Utc>> {
        chrono::DateTime::from_timestamp(self.0, 0)
    }
}

impl std::ops::Add<i64> for Timestamp {
    type Output = Timestamp;

    fn add(self, secs: i64) -> Timestamp {
        Timestamp(self.0 + secs)
    }
}

impl std::ops::AddAssign<i64> for Timestamp {
    fn add_assign(&mut self, secs: i64) {
        self.0 += secs;
    }
}

impl std::ops::Sub<i64> for Timestamp {
    type Output = Timestamp;

    fn sub(self, secs: i64) -> Timestamp {
        Timestamp(self.0 - secs)
    }
}

impl std::ops::Sub<Timestamp> for Timestamp {
    type Output = i64;

    fn sub(self, earlier: Timestamp) -> i64 {
        self.secs_since(earlier)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

impl rusqlite::types::ToSql for Timestamp {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        self.0.to_sql()
    }
}

impl rusqlite::types::FromSql for Timestamp {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        value.as_i64().map(Timestamp)
    }
}

/// A JSON reply's time compares with a `Timestamp` as it would with its bare number.
impl PartialEq<Timestamp> for serde_json::Value {
    fn eq(&self, other: &Timestamp) -> bool {
        self.as_i64() == Some(other.0)
    }
}

#[derive(Clone)]
pub enum Clock {
    System,
    Fixed(Arc<AtomicI64>),
}

impl Clock {
    pub fn fixed(at: Timestamp) -> Clock {
        Clock::Fixed(Arc::new(AtomicI64::new(at.secs())))
    }

    pub fn now(&self) -> Timestamp {
        match self {
            Clock::System => Timestamp::from_datetime(&chrono::Utc::now()),
            Clock::Fixed(at) => Timestamp(at.load(Ordering::SeqCst)),
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
