//! A served hall's open period, read over real HTTP (the crash tests' clients bet on it).

use serde_json::Value;
use std::time::{Duration, Instant};

/// Waits until the open k3 period is committed and has at least `margin` seconds of betting.
pub fn open_period(base: &str, margin: i64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "no committed period opened");
        let index = get(&format!("{base}/api/roominfo/index?room=k3"))["data"].clone();
        let commitment = get(&format!("{base}/api/fair/commitment?room=k3"))["data"].clone();
        let committed =
            commitment["first_issue"].as_str() <= index["issue"].as_str() && !commitment.is_null();
        let left = index["close_at"].as_i64().unwrap_or(0) - index["now"].as_i64().unwrap_or(0);
        if committed && left >= margin {
            return index;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

pub fn get(url: &str) -> Value {
    let mut response = ureq::get(url).call().expect("the server answers");
    response.body_mut().read_json().expect("an envelope")
}
