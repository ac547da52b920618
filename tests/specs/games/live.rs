//! The live room stream (`api/live`) through the real router: the first event, the room's
//! shared events after draws, balance events only for the player whose committed write changed
//! their balance, the caps per address and in total, and what a stream frees when it ends.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, reply_of};
use axum::body::{Body, BodyDataStream};
use axum::extract::ConnectInfo;
use axum::http::Request;
use fairhall::error::AppError;
use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use fairhall::money::Money;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tower::ServiceExt;

/// How long a test waits for an event the hub's task sends.
pub const EVENT_WAIT: Duration = Duration::from_secs(5);
/// How long a test watches for an event that must not come. Balance events are published by
/// the writer before the write's caller resumes, so one that were sent would be there at once.
pub const SILENCE: Duration = Duration::from_millis(300);

/// An open stream and the text read from it but not yet parsed.
pub struct Live {
    body: BodyDataStream,
    pending: String,
}

impl Live {
    /// Reads the event stream of `response` (one already known to be `text/event-stream`).
    pub fn of(response: axum::response::Response) -> Live {
        Live { body: response.into_body().into_data_stream(), pending: String::new() }
    }

    /// The next `state` event's data (keep-alive comments are skipped).
    pub async fn next_within(&mut self, wait: Duration) -> Option<Value> {
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let block: String = self.pending.drain(..end + 2).collect();
                let data = block.lines().find_map(|line| line.strip_prefix("data: "));
                if block.lines().any(|line| line == "event: state")
                    && let Some(data) = data
                {
                    return Some(serde_json::from_str(data).expect("json"));
                }
                continue;
            }
            let chunk = tokio::time::timeout(wait, self.body.next()).await.ok()?;
            let chunk = chunk.expect("the stream is open").expect("a chunk");
            self.pending.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
        }
    }

    pub async fn next(&mut self) -> Value {
        self.next_within(EVENT_WAIT).await.expect("an event in time")
    }

    /// True when, within `wait`, the stream sent its `end` event and closed (state events and
    /// keep-alives before it are skipped); false when it is still open after `wait`.
    pub async fn ends_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let Ok(chunk) = tokio::time::timeout_at(deadline, self.body.next()).await else {
                return false;
            };
            let Some(chunk) = chunk else {
                let ended = self.pending.contains("event: end\ndata: {\"err\":\"login_required\"}");
                assert!(ended, "closed without the end event: {:?}", self.pending);
                return true;
            };
            self.pending.push_str(std::str::from_utf8(&chunk.expect("a chunk")).expect("utf-8"));
        }
    }

    pub async fn assert_silent(&mut self, why: &str) {
        if let Some(event) = self.next_within(SILENCE).await {
            panic!("{why}: got {event}");
        }
    }
}

/// Opens `room`'s stream as `player` (or anonymously) from `peer` (or no known address): the
/// stream, or the refusal's envelope.
async fn open_from(
    hall: &Hall,
    room: &str,
    player: Option<&Player>,
    peer: Option<SocketAddr>,
) -> Result<Live, Reply> {
    let token = player.map(|player| format!("&token={}", player.token)).unwrap_or_default();
    open_path(hall, &format!("/api/live?room={room}{token}"), peer).await
}

/// Opens the stream at `path` (`/api/live?...`): the stream, or the refusal's envelope.
pub async fn open_path(hall: &Hall, path: &str, peer: Option<SocketAddr>) -> Result<Live, Reply> {
    let mut request = Request::get(path).body(Body::empty()).expect("request");
    if let Some(peer) = peer {
        request.extensions_mut().insert(ConnectInfo(peer));
    }
    let response = hall.app.router.clone().oneshot(request).await.expect("a response");
    if response.headers()["content-type"] != "text/event-stream" {
        return Err(reply_of(response).await);
    }
    Ok(Live::of(response))
}

async fn open(hall: &Hall, room: &str, player: Option<&Player>) -> Live {
    open_from(hall, room, player, None).await.map_err(|reply| format!("{reply:?}")).expect("open")
}

fn peer(last: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from(([10, 0, 0, last], 40_000)))
}

#[tokio::test]
async fn the_first_event_carries_the_open_period_and_the_players_balance() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let issue = hall.open_issue("k3").await;
    let index = hall.app.room_index("k3").await.assert_ok().clone();

    let first = open(&hall, "k3", Some(&player)).await.next().await;
    let anonymous = open(&hall, "k3", None).await.next().await;

    for event in [&first, &anonymous] {
        assert_eq!(event["room"], "k3");
        assert_eq!(event["issue"], issue.as_str());
        assert_eq!(
            (&event["close_at"], &event["draw_at"]),
            (&index["close_at"], &index["draw_at"])
        );
        assert_eq!(event["last"], index["last"]);
        assert_eq!(event["now"], hall.app.now());
        assert_eq!(event["sent_ms"], hall.app.now().millis(), "the fixed clock's millisecond");
    }
    assert_eq!(first["game_balance"], "40.00");
    assert_eq!(anonymous["game_balance"], Value::Null);
}

#[tokio::test]
async fn a_draw_reaches_every_stream_of_the_room_as_one_shared_event() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let mut streams = [open(&hall, "k3", Some(&player)).await, open(&hall, "k3", None).await];
    let mut before = Vec::new();
    for stream in &mut streams {
        before.push(stream.next().await);
    }

    hall.draw("k3").await;

    // A "next period opened" event may come first (the hub saw the clock before the draw).
    let mut after = Vec::new();
    for stream in &mut streams {
        let mut event = stream.next().await;
        if event["last"]["issue"] != before[0]["issue"] {
            assert_ne!(event["issue"], before[0]["issue"], "only the next period opened");
            event = stream.next().await;
        }
        after.push(event);
    }
    assert_eq!(after[0], after[1], "the same event, balance left out");
    assert_eq!(after[0]["last"]["issue"], before[0]["issue"], "the period's result");
    assert_ne!(after[0]["issue"], before[0]["issue"], "the next period");
    assert_eq!(after[0]["game_balance"], Value::Null);
    assert_eq!(after[0]["now"], hall.app.now());
}

#[tokio::test]
async fn a_balance_event_reaches_only_the_streams_of_the_player_whose_balance_changed() {
    let hall = Hall::open().await;
    let (bettor, watcher) = (hall.player_with_game("40").await, hall.player_with_game("40").await);
    let mut bettor_streams = [
        open(&hall, "k3", Some(&bettor)).await,
        open(&hall, "canada_ordinary", Some(&bettor)).await,
    ];
    let mut watcher_stream = open(&hall, "k3", Some(&watcher)).await;
    for stream in bettor_streams.iter_mut().chain([&mut watcher_stream]) {
        stream.next().await;
    }

    hall.bet(&bettor, "k3", json!([{"option": "odd", "amount": "15"}])).await.assert_ok();

    for stream in &mut bettor_streams {
        let event = stream.next().await;
        assert_eq!(event["game_balance"], "25.00");
    }
    assert_eq!(bettor_streams[1].next_within(SILENCE).await, None, "one event per change");
    watcher_stream.assert_silent("another player's stream").await;
}

/// Credits `player`'s game balance with `amount` in one write that then fails when `fail`.
async fn credit_game(hall: &Hall, player: &Player, amount: &str, fail: bool) {
    let (user_id, amount, now) = (player.id, Money::parse(amount).expect("money"), hall.app.now());
    let written = hall.app.db.write(move |tx| {
        let game = AccountRef::User(user_id, UserAccountKind::Game);
        let entry = Entry::new(
            EntryKind::Adjust,
            AccountRef::System(SystemAccount::Bonus),
            game,
            amount,
            now,
        );
        ledger::transfer(tx, entry)?;
        if fail { Err(AppError::BadParams) } else { Ok(()) }
    });
    assert_eq!(written.await.is_ok(), !fail);
}

#[tokio::test]
async fn a_rolled_back_write_announces_nothing() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let mut stream = open(&hall, "k3", Some(&player)).await;
    stream.next().await;

    credit_game(&hall, &player, "7", true).await;
    stream.assert_silent("the write rolled back").await;

    credit_game(&hall, &player, "5", false).await;
    assert_eq!(stream.next().await["game_balance"], "45.00", "the committed balance");
}

#[tokio::test]
async fn streams_past_a_cap_are_refused_with_too_many_streams() {
    let hall = Hall::open_with(|config| {
        config.live.streams_per_address = 2;
        config.live.streams_max = 3;
    })
    .await;
    let first = open_from(&hall, "k3", None, peer(1)).await.map_err(|_| "first").unwrap();
    let _second = open_from(&hall, "k3", None, peer(1)).await.map_err(|_| "second").unwrap();
    let refused = open_from(&hall, "k3", None, peer(1)).await.err().expect("a refusal");
    assert_eq!((refused.code(), refused.err()), (0, "too_many_streams"), "per address");

    let _third = open_from(&hall, "pk10", None, peer(2)).await.map_err(|_| "third").unwrap();
    let refused = open_from(&hall, "k3", None, peer(3)).await.err().expect("a refusal");
    assert_eq!(refused.err(), "too_many_streams", "in total");

    drop(first);
    assert!(open_from(&hall, "k3", None, peer(3)).await.is_ok(), "an ended stream frees its place");
}

#[tokio::test]
async fn a_stream_that_ends_leaves_the_rooms_presence_and_its_place() {
    let hall = Hall::open_with(|config| config.live.streams_per_address = 1).await;
    let player = hall.app.player().await;
    let online = || async {
        let page = hall.app.get("/api/rooms/canada", None).await.assert_ok().clone();
        page["rooms"][0]["online"].as_i64().expect("a count")
    };
    let mut stream =
        open_from(&hall, "canada_ordinary", Some(&player), peer(1)).await.expect("open");
    stream.next().await;
    assert_eq!(online().await, 1);

    drop(stream);

    assert_eq!(online().await, 0, "the disconnected player left the room");
    let again = open_from(&hall, "canada_ordinary", Some(&player), peer(1)).await;
    assert!(again.is_ok(), "the address's place was freed");
}
