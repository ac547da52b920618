//! The `state` event of a live stream: a room's open period and latest result, serialized once
//! per change as a whole server-sent-events frame that every stream of the room shares.

use crate::clock::Timestamp;
use crate::games::lobby::RoomIndex;
use crate::money::Money;
use bytes::Bytes;
use serde::Serialize;
use serde_json::{Value, json};

/// What a room's streams show, without the time it was sent (compared to tell a change).
#[derive(Clone, Debug, PartialEq)]
pub struct RoomState {
    pub room: String,
    pub issue: String,
    pub close_at: Timestamp,
    pub draw_at: Timestamp,
    /// `{issue, values}` of the latest draw, or null before the first.
    pub last: Value,
}

impl RoomState {
    pub fn of(index: &RoomIndex) -> RoomState {
        let last = index
            .last
            .as_ref()
            .map(|(issue, values)| json!({"issue": issue.to_string(), "values": values}));
        RoomState {
            room: index.settings.room.code(),
            issue: index.period.issue.to_string(),
            close_at: index.period.close_at,
            draw_at: index.period.draw_at,
            last: last.unwrap_or(Value::Null),
        }
    }
}

/// When an event was built: `now` in seconds (the page's clock offset) and `sent_ms`.
#[derive(Clone, Copy, Debug)]
pub struct BuiltAt {
    pub now: Timestamp,
    pub millis: i64,
}

#[derive(Serialize)]
struct StateData<'a> {
    room: &'a str,
    issue: &'a str,
    close_at: Timestamp,
    draw_at: Timestamp,
    now: Timestamp,
    last: &'a Value,
    /// Only in a stream's first event and when the player's game balance changed; else null
    /// (the page keeps the balance it has).
    game_balance: Option<String>,
    /// Unix milliseconds when the server built the event.
    sent_ms: i64,
}

/// The whole frame `event: state\ndata: {...}\n\n`.
pub fn frame(state: &RoomState, at: BuiltAt, game_balance: Option<Money>) -> Bytes {
    let data = StateData {
        room: &state.room,
        issue: &state.issue,
        close_at: state.close_at,
        draw_at: state.draw_at,
        now: at.now,
        last: &state.last,
        game_balance: game_balance.map(|balance| balance.to_string()),
        sent_ms: at.millis,
    };
    // Serializing plain strings, integers and a JSON value cannot fail; compact JSON has no
    // line break, so it fits one `data:` line.
    let json = serde_json::to_string(&data).unwrap_or_default();
    Bytes::from(format!("event: state\ndata: {json}\n\n"))
}

/// The last frame of a stream whose session ended (logout, freeze, password change, expiry):
/// the app stops the stream and lets its next request meet the logout.
pub const END_FRAME: &[u8] = b"event: end\ndata: {\"err\":\"login_required\"}\n\n";

/// A comment line that keeps idle proxies from closing the stream.
pub const KEEP_ALIVE_FRAME: &[u8] = b":\n\n";
