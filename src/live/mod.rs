//! Live room streams (`api/live`): one hub per process keeps each room's `state` event,
//! computed once per change (a period opened or closed by the clock, a draw or settlement the
//! scheduler announced) and shared as the same bytes by every stream of the room. A player's
//! game balance reaches their streams only when a committed write changed it (the writer's
//! commit hook); no stream reads the database after it connected.

mod event;
mod hub;
mod streams;
mod wake;

use crate::clock::Clock;
use crate::config::LiveConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::games::presence::{Presence, PresenceGuard};
use crate::games::{Room, rooms};
use crate::ledger::{self, UserAccountKind};
use crate::money::Money;
use bytes::Bytes;
use chrono_tz::Tz;
use event::{BuiltAt, RoomState};
use futures_util::stream::{self, Stream, StreamExt};
use std::collections::HashMap;
use std::sync::{Arc, Once};
use std::time::Duration;
use streams::{BalanceWatch, BalanceWatches, StreamCounts, StreamPermit};
use tokio::sync::watch;

/// How often an idle stream gets a comment line, so proxies keep it open.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// A room's event as last computed: its state and the frame every stream of the room sends.
#[derive(Debug)]
pub struct RoomEvent {
    state: RoomState,
    frame: Bytes,
}

impl RoomEvent {
    fn new(state: RoomState, at: BuiltAt) -> RoomEvent {
        let frame = event::frame(&state, at, None);
        RoomEvent { state, frame }
    }
}

/// Who opens a stream: the room, the player (with a session) and the client address.
#[derive(Clone, Debug)]
pub struct Viewer {
    pub room: Room,
    pub user_id: Option<i64>,
    pub address: String,
}

/// The live streams of one process.
pub struct LiveHub {
    db: Db,
    clock: Clock,
    timezone: Tz,
    rooms: HashMap<Room, watch::Sender<Option<Arc<RoomEvent>>>>,
    heartbeat: watch::Sender<u64>,
    /// The scheduler's announcements of draws and settlements.
    announcements: Arc<watch::Sender<u64>>,
    counts: Arc<StreamCounts>,
    balances: Arc<BalanceWatches>,
    presence: Arc<Presence>,
    started: Once,
}

/// What `LiveHub::new` needs.
pub struct HubParts {
    pub db: Db,
    pub clock: Clock,
    pub timezone: Tz,
    pub announcements: Arc<watch::Sender<u64>>,
    pub presence: Arc<Presence>,
}

impl LiveHub {
    /// The hub, with its commit hook set on `parts.db`; its task starts with the first stream.
    pub fn new(parts: HubParts, config: &LiveConfig) -> Arc<LiveHub> {
        let rooms = Room::all().into_iter().map(|room| (room, watch::channel(None).0)).collect();
        let balances = Arc::new(BalanceWatches::default());
        let hook = balances.clone();
        parts.db.on_commit(Arc::new(move |changes| hook.publish(changes)));
        Arc::new(LiveHub {
            db: parts.db,
            clock: parts.clock,
            timezone: parts.timezone,
            rooms,
            heartbeat: watch::channel(0).0,
            announcements: parts.announcements,
            counts: Arc::new(StreamCounts::new(config)),
            balances,
            presence: parts.presence,
            started: Once::new(),
        })
    }

    /// Streams open now.
    pub fn streams_open(&self) -> usize {
        self.counts.total()
    }

    /// Opens a stream for `viewer`: its first event now (with the player's game balance, read
    /// once), then the room's events and the player's balance changes, until dropped.
    pub async fn open(
        self: &Arc<Self>,
        viewer: Viewer,
    ) -> Result<impl Stream<Item = Bytes> + Send + 'static, AppError> {
        let permit = StreamCounts::admit(&self.counts, &viewer.address)?;
        self.start();
        let mut room = self.rooms.get(&viewer.room).ok_or(AppError::NotFound)?.subscribe();
        // Watched before the balance is read, so a write committed in between still arrives.
        let balance = viewer.user_id.map(|user_id| BalanceWatches::watch(&self.balances, user_id));
        room.borrow_and_update();
        let (current, game_balance) = self.connect_state(&viewer).await?;
        let first = event::frame(&current.state, self.built_at(), game_balance);
        let presence =
            viewer.user_id.map(|user_id| Presence::join(&self.presence, viewer.room, user_id));
        let follow = Follow {
            hub: self.clone(),
            room,
            balance,
            heartbeat: self.heartbeat.subscribe(),
            current,
            sent_balance: game_balance,
            _held: (permit, presence),
        };
        Ok(stream::once(async move { first }).chain(stream::unfold(follow, Follow::next)))
    }

    /// The room's state and the player's game balance, read once at connect: the hub's shared
    /// state may lag a draw by the moment it takes to recompute, and a page's first event must
    /// be true.
    async fn connect_state(
        &self,
        viewer: &Viewer,
    ) -> Result<(Arc<RoomEvent>, Option<Money>), AppError> {
        let (timezone, now, room, user_id) =
            (self.timezone, self.clock.now(), viewer.room, viewer.user_id);
        let (index, balance) = self
            .db
            .read_point(move |connection| {
                let index = rooms::room_index(connection, room, timezone, now)?;
                let balance = match user_id {
                    Some(user_id) => {
                        Some(ledger::balance(connection, user_id, UserAccountKind::Game)?)
                    }
                    None => None,
                };
                Ok((index, balance))
            })
            .await?;
        let current = Arc::new(RoomEvent::new(RoomState::of(&index), self.built_at()));
        Ok((current, balance))
    }

    fn built_at(&self) -> BuiltAt {
        BuiltAt { now: self.clock.now(), millis: self.clock.now_millis() }
    }

    /// Starts the hub's task once (inside the runtime that serves the first stream).
    fn start(self: &Arc<Self>) {
        self.started.call_once(|| {
            tokio::spawn(hub::run(Arc::downgrade(self), self.announcements.subscribe()));
        });
    }
}

/// One open stream after its first event.
struct Follow {
    hub: Arc<LiveHub>,
    room: watch::Receiver<Option<Arc<RoomEvent>>>,
    balance: Option<BalanceWatch>,
    heartbeat: watch::Receiver<u64>,
    /// The room's state this stream last sent (a balance event repeats it).
    current: Arc<RoomEvent>,
    sent_balance: Option<Money>,
    /// Freed when the stream ends: its place under the caps and the player's presence.
    _held: (StreamPermit, Option<PresenceGuard>),
}

impl Follow {
    /// The next frame: the room's shared event, the player's changed balance, or a keep-alive.
    /// Ends when the hub is gone.
    async fn next(mut self) -> Option<(Bytes, Follow)> {
        loop {
            tokio::select! {
                changed = self.room.changed() => {
                    changed.ok()?;
                    let Some(event) = self.room.borrow_and_update().clone() else { continue };
                    // The hub's first state may be the one this stream read at connect.
                    if event.state == self.current.state {
                        continue;
                    }
                    self.current = event;
                    let frame = self.current.frame.clone();
                    return Some((frame, self));
                }
                balance = changed_balance(self.balance.as_mut(), self.sent_balance) => {
                    self.sent_balance = Some(balance);
                    let at = self.hub.built_at();
                    let frame = event::frame(&self.current.state, at, Some(balance));
                    return Some((frame, self));
                }
                changed = self.heartbeat.changed() => {
                    changed.ok()?;
                    return Some((Bytes::from_static(event::KEEP_ALIVE_FRAME), self));
                }
            }
        }
    }
}

/// Resolves with the player's game balance once a commit left it different from `sent`;
/// never for a stream without a player.
async fn changed_balance(watch: Option<&mut BalanceWatch>, sent: Option<Money>) -> Money {
    let Some(watch) = watch else { return std::future::pending().await };
    loop {
        if watch.receiver.changed().await.is_err() {
            return std::future::pending().await;
        }
        let balance = watch.receiver.borrow_and_update().map(Money::from_minor);
        if let Some(balance) = balance.filter(|balance| Some(*balance) != sent) {
            return balance;
        }
    }
}
