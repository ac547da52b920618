//! The only place that reads the system clock; tests use a fixed clock they can advance.
//! Timeouts and intervals measure with `monotonic_now`, which never goes backwards. The
//! browser tests' binary alone has a third clock, `test_clock` (cargo feature `test-clock`).

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

    /// The first instant of `date` in `timezone`: its midnight, or the first whole hour after
    /// it when a DST change skips midnight (as in São Paulo until 2019).
    pub fn local_midnight(timezone: chrono_tz::Tz, date: chrono::NaiveDate) -> Timestamp {
        use chrono::TimeZone;
        (0..3)
            .filter_map(|hour| date.and_hms_opt(hour, 0, 0))
            .find_map(|local| timezone.from_local_datetime(&local).earliest())
            .map_or_else(
                || Timestamp(date.and_time(chrono::NaiveTime::MIN).and_utc().timestamp()),
                |start| Timestamp::from_datetime(&start),
            )
    }

    /// The instant in UTC; `None` outside chrono's range.
    pub fn to_datetime(self) -> Option<chrono::DateTime<chrono::Utc>> {
        chrono::DateTime::from_timestamp(self.0, 0)
    }
}

/// `time` as "YYYY-MM-DD HH:MM" in `timezone` (messages that name an instant); the unix
/// seconds outside chrono's range.
pub fn local_minute_text(time: Timestamp, timezone: chrono_tz::Tz) -> String {
    time.to_datetime().map_or_else(
        || time.secs().to_string(),
        |utc| utc.with_timezone(&timezone).format("%Y-%m-%d %H:%M").to_string(),
    )
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
    /// The system clock plus the seconds in a file the browser tests raise (`test_clock`).
    #[cfg(any(test, feature = "test-clock"))]
    Offset(Arc<test_clock::OffsetFile>),
}

impl Clock {
    pub fn fixed(at: Timestamp) -> Clock {
        Clock::Fixed(Arc::new(AtomicI64::new(at.secs())))
    }

    pub fn now(&self) -> Timestamp {
        match self {
            Clock::System => Timestamp::from_datetime(&chrono::Utc::now()),
            Clock::Fixed(at) => Timestamp(at.load(Ordering::SeqCst)),
            #[cfg(any(test, feature = "test-clock"))]
            Clock::Offset(file) => Timestamp::from_datetime(&chrono::Utc::now()) + file.secs(),
        }
    }

    /// Unix milliseconds (a fixed clock's second, at its start).
    pub fn now_millis(&self) -> i64 {
        match self {
            Clock::System => chrono::Utc::now().timestamp_millis(),
            Clock::Fixed(at) => at.load(Ordering::SeqCst) * 1000,
            #[cfg(any(test, feature = "test-clock"))]
            Clock::Offset(file) => chrono::Utc::now().timestamp_millis() + file.secs() * 1000,
        }
    }

    /// The system clock plus the offset in `path` (`test_clock`).
    #[cfg(any(test, feature = "test-clock"))]
    pub fn offset_file(path: std::path::PathBuf) -> anyhow::Result<Clock> {
        Ok(Clock::Offset(Arc::new(test_clock::OffsetFile::open(path)?)))
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

/// The browser tests' clock, compiled only with the cargo feature `test-clock`, which the
/// Playwright run's binary enables and the release build (`install.sh`) never does (and in
/// the library's own unit tests, so the rust stage tests it without a second build): `serve`
/// adds to the system time the whole number of seconds in the file named by
/// `FAIRHALL_TEST_CLOCK_FILE`, so a spec moves a running server to tomorrow by writing a larger
/// number. Not an endpoint or a config key: a release binary has no way to move its clock.
#[cfg(any(test, feature = "test-clock"))]
pub mod test_clock {
    use anyhow::Context;
    use std::path::PathBuf;
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    /// The environment variable `serve` takes the offset file from.
    pub const ENV: &str = "FAIRHALL_TEST_CLOCK_FILE";

    /// How long a read offset holds before the file is read again (a tick is 1 s).
    const REREAD_INTERVAL: Duration = Duration::from_millis(100);

    /// A file holding the offset in seconds, read again at most every `REREAD_INTERVAL`.
    pub struct OffsetFile {
        path: PathBuf,
        interval: Duration,
        /// (the offset, when the file was last read).
        read: Mutex<(i64, Instant)>,
    }

    impl OffsetFile {
        /// Reads the file once; a missing file or one without a whole number stops start-up.
        pub fn open(path: PathBuf) -> anyhow::Result<OffsetFile> {
            OffsetFile::reading_every(path, REREAD_INTERVAL)
        }

        fn reading_every(path: PathBuf, interval: Duration) -> anyhow::Result<OffsetFile> {
            let secs = read_secs(&path)?;
            Ok(OffsetFile { path, interval, read: Mutex::new((secs, Instant::now())) })
        }

        /// The offset now. It never decreases, so time never goes back: a smaller number, or
        /// a file caught half-written, keeps the last offset.
        pub fn secs(&self) -> i64 {
            let mut read = self.read.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if read.1.elapsed() >= self.interval {
                let secs = read_secs(&self.path).unwrap_or(read.0);
                *read = (secs.max(read.0), Instant::now());
            }
            read.0
        }
    }

    fn read_secs(path: &std::path::Path) -> anyhow::Result<i64> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("while reading the test clock file {}", path.display()))?;
        text.trim().parse().with_context(|| {
            format!("the test clock file {} holds {text:?}, not whole seconds", path.display())
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn file_holding(text: &str) -> (tempfile::TempDir, PathBuf) {
            let dir = tempfile::tempdir().expect("a temp dir");
            let path = dir.path().join("offset");
            std::fs::write(&path, text).expect("writable");
            (dir, path)
        }

        #[test]
        fn the_offset_follows_the_file_and_never_goes_back() {
            let (_dir, path) = file_holding("0\n");
            let file = OffsetFile::reading_every(path.clone(), Duration::ZERO).expect("opens");
            assert_eq!(file.secs(), 0);
            std::fs::write(&path, "86400").expect("writable");
            assert_eq!(file.secs(), 86_400);
            std::fs::write(&path, "60").expect("writable");
            assert_eq!(file.secs(), 86_400, "a smaller number is ignored");
            std::fs::write(&path, "").expect("writable");
            assert_eq!(file.secs(), 86_400, "a half-written file keeps the last offset");
        }

        #[test]
        fn a_clock_with_an_offset_runs_that_far_ahead_of_the_system_clock() {
            let (_dir, path) = file_holding("3600");
            let clock = crate::clock::Clock::offset_file(path).expect("opens");
            let ahead = clock.now() - crate::clock::Clock::System.now();
            assert!((3599..=3601).contains(&ahead), "{ahead}");
        }

        #[test]
        fn start_up_stops_on_a_missing_or_unreadable_file() {
            let (dir, path) = file_holding("tomorrow");
            assert!(OffsetFile::open(path).is_err());
            assert!(OffsetFile::open(dir.path().join("missing")).is_err());
        }
    }
}
