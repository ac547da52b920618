//! Live room streams (`api/live`): one hub per process keeps each room's `state` event,
//! computed once per change (a period opened or closed by the clock, a draw or settlement the
//! scheduler announced) and shared as the same bytes by every stream of the room. A player's
//! game balance reaches their streams only when a committed write changed it (the writer's
//! commit hook); no stream reads the database after it connected. A stream opened with a
//! session ends when the session does (sessions.rs), and is opened by a single-use ticket
//! rather than a token in the URL (tickets.rs).

mod event;
mod hub;
mod sessions;
mod streams;
mod tickets;
mod wake;

pub use tickets::{IssuedTicket, TICKET_TTL_SECS};

use crate::auth::{self, SessionUser};
use crate::clock::{Clock, Timestamp};
use crate::config::LiveConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::games::lobby;
use crate::games::presence::{Presence, PresenceGuard};
use crate::games::rules::room::Room;
use crate::ids::UserId;
use crate::ledger::{self, UserAccountKind};
use crate::money::Money;
use bytes::Bytes;
use chrono_tz::Tz;
use event::{BuiltAt, RoomState};
use futures_util::stream::{self, Stream, StreamExt};
use sessions::{OpenSessions, SessionGuard};
use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Once};
use std::time::Duration;
use streams::{BalanceWatch, BalanceWatches, StreamCounts, StreamPermit};
use tickets::Tickets;
use tokio::sync::watch;
use tokio::time::Sleep;

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

/// Who opens a stream: the room, the player's session (if any) and the client address.
#[derive(Clone, Debug)]
pub struct Viewer {
    pub room: Room,
    pub session: Option<ViewerSession>,
    pub address: String,
}

/// The session a stream is opened with (checked again at connect).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewerSession {
    pub user_id: UserId,
    pub token_hash: String,
}

impl From<SessionUser> for ViewerSession {
    fn from(session: SessionUser) -> ViewerSession {
        ViewerSession { user_id: session.user_id, token_hash: session.token_hash }
    }
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
    sessions: Arc<OpenSessions>,
    tickets: Tickets,
    presence: Arc<Presence>,
    /// When sessions end (absolute and idle expiry), to end their streams.
    session_limits: auth::SessionLimits,
    started: Once,
}

/// What `LiveHub::new` needs.
pub struct HubParts {
    pub db: Db,
    pub clock: Clock,
    pub timezone: Tz,
    pub announcements: Arc<watch::Sender<u64>>,
    pub presence: Arc<Presence>,
    /// When sessions end, to end their streams.
    pub session_limits: auth::SessionLimits,
}

impl LiveHub {
    /// The hub, with its commit hook set on `parts.db`; its task starts with the first stream.
    pub fn new(parts: HubParts, config: &LiveConfig) -> Arc<LiveHub> {
        let rooms = Room::all().into_iter().map(|room| (room, watch::channel(None).0)).collect();
        let balances = Arc::new(BalanceWatches::default());
        let sessions = Arc::new(OpenSessions::default());
        let (balance_hook, session_hook) = (balances.clone(), sessions.clone());
        parts.db.on_commit(Arc::new(move |notes| {
            balance_hook.publish(notes);
            session_hook.publish(notes);
        }));
        Arc::new(LiveHub {
            db: parts.db,
            clock: parts.clock,
            timezone: parts.timezone,
            rooms,
            heartbeat: watch::channel(0).0,
            announcements: parts.announcements,
            counts: Arc::new(StreamCounts::new(config)),
            balances,
            sessions,
            tickets: Tickets::default(),
            presence: parts.presence,
            session_limits: parts.session_limits,
            started: Once::new(),
        })
    }

    /// Streams open now.
    pub fn streams_open(&self) -> usize {
        self.counts.total()
    }

    /// A single-use ticket that opens one stream as `session` within `TICKET_TTL_SECS`.
    pub fn issue_ticket(&self, session: &SessionUser) -> Result<IssuedTicket, AppError> {
        self.tickets.issue(session, self.clock.now())
    }

    /// The session a ticket was issued to, using it up (`ticket_invalid` when unknown, used or
    /// expired).
    pub fn redeem_ticket(&self, ticket: &str) -> Result<ViewerSession, AppError> {
        self.tickets.redeem(ticket, self.clock.now())
    }

    /// Opens a stream for `viewer`: its first event now (with the player's game balance, read
    /// once), then the room's events and the player's balance changes, until dropped or until
    /// the viewer's session ends (a last `end` event, then the stream closes).
    pub async fn open(
        self: &Arc<Self>,
        viewer: Viewer,
    ) -> Result<impl Stream<Item = Bytes> + Send + 'static, AppError> {
        let permit = StreamCounts::admit(&self.counts, &viewer.address)?;
        self.start();
        let mut room = self.rooms.get(&viewer.room).ok_or(AppError::NotFound)?.subscribe();
        // Watched before the session and balance are read, so an ending or a balance committed
        // in between still arrives.
        let user_id = viewer.session.as_ref().map(|session| session.user_id);
        let guard = viewer.session.as_ref().map(|session| {
            OpenSessions::register(&self.sessions, session.user_id, &session.token_hash)
        });
        let balance = user_id.map(|user_id| BalanceWatches::watch(&self.balances, user_id));
        room.borrow_and_update();
        let connected = self.connect_state(&viewer).await?;
        let first = event::frame(&connected.current.state, self.built_at(), connected.balance);
        let presence = user_id.map(|user_id| Presence::join(&self.presence, viewer.room, user_id));
        let session = guard.zip(connected.expires_at).map(|(guard, expires_at)| LiveSession {
            guard,
            expiry: Box::pin(tokio::time::sleep(self.until(expires_at))),
        });
        let follow = Follow {
            hub: self.clone(),
            room,
            balance,
            heartbeat: self.heartbeat.subscribe(),
            session,
            ended: false,
            current: connected.current,
            sent_balance: connected.balance,
            _held: (permit, presence),
        };
        Ok(stream::once(async move { first }).chain(stream::unfold(follow, Follow::next)))
    }

    /// How long from now until `at` by the hub's clock.
    fn until(&self, at: Timestamp) -> Duration {
        let left = at.millis().saturating_sub(self.clock.now_millis());
        Duration::from_millis(u64::try_from(left).unwrap_or(0))
    }

    /// Ends the streams of the open sessions that ended without this process hearing of it
    /// (another process, such as `fairhall admin user freeze`, wrote it): one query for all.
    async fn end_ended_sessions(&self) -> Result<(), AppError> {
        let open = self.sessions.token_hashes();
        if open.is_empty() {
            return Ok(());
        }
        let (now, limits) = (self.clock.now(), self.session_limits);
        let ended = self
            .db
            .read(move |connection| auth::ended_sessions(connection, &open, limits, now))
            .await?;
        self.sessions.end_sessions(&ended);
        Ok(())
    }

    /// The room's state and the player's game balance, read once at connect: the hub's shared
    /// state may lag a draw by the moment it takes to recompute, and a page's first event must
    /// be true.
    /// The viewer's session is checked again here, after the stream registered it: one ended
    /// before is refused (`login_required`, `account_frozen`), one ended after is heard of.
    async fn connect_state(&self, viewer: &Viewer) -> Result<Connected, AppError> {
        let (timezone, now, room) = (self.timezone, self.clock.now(), viewer.room);
        let limits = self.session_limits;
        let token_hash = viewer.session.as_ref().map(|session| session.token_hash.clone());
        let (index, checked) = self
            .db
            .read_point(move |connection| {
                let index = lobby::room_index(connection, room, timezone, now)?;
                let checked = match token_hash {
                    Some(token_hash) => {
                        let session = auth::session_by_hash(connection, token_hash, limits, now)?;
                        let user_id = session.user_id;
                        let balance = ledger::balance(connection, user_id, UserAccountKind::Game)?;
                        Some((session.expires_at, balance))
                    }
                    None => None,
                };
                Ok((index, checked))
            })
            .await?;
        let current = Arc::new(RoomEvent::new(RoomState::of(&index), self.built_at()));
        let (expires_at, balance) = checked.unzip();
        Ok(Connected { current, balance, expires_at })
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

/// What a stream read at connect.
struct Connected {
    current: Arc<RoomEvent>,
    balance: Option<Money>,
    /// The session's expiry, for a stream with a session.
    expires_at: Option<Timestamp>,
}

/// A stream's session: its place among the open sessions and its expiry.
struct LiveSession {
    guard: SessionGuard,
    expiry: Pin<Box<Sleep>>,
}

/// One open stream after its first event.
struct Follow {
    hub: Arc<LiveHub>,
    room: watch::Receiver<Option<Arc<RoomEvent>>>,
    balance: Option<BalanceWatch>,
    heartbeat: watch::Receiver<u64>,
    session: Option<LiveSession>,
    /// The `end` event was sent: the stream closes.
    ended: bool,
    /// The room's state this stream last sent (a balance event repeats it).
    current: Arc<RoomEvent>,
    sent_balance: Option<Money>,
    /// Freed when the stream ends: its place under the caps and the player's presence.
    _held: (StreamPermit, Option<PresenceGuard>),
}

impl Follow {
    /// The next frame: the room's shared event, the player's changed balance, or a keep-alive;
    /// the `end` event once the session ended. Ends when the hub is gone or after `end`.
    async fn next(mut self) -> Option<(Bytes, Follow)> {
        if self.ended {
            return None;
        }
        loop {
            tokio::select! {
                // First: a stream whose session ended sends nothing more of the player's.
                biased;
                () = session_ended(self.session.as_mut()) => {
                    self.ended = true;
                    return Some((Bytes::from_static(event::END_FRAME), self));
                }
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

/// Resolves once the stream's session ended (revoked, frozen or expired); never for a stream
/// without a session.
async fn session_ended(session: Option<&mut LiveSession>) {
    let Some(session) = session else { return std::future::pending().await };
    tokio::select! {
        _ = &mut session.guard.ended => {}
        () = &mut session.expiry => {}
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
        let minor = *watch.receiver.borrow_and_update();
        match minor.map(Money::from_minor).transpose() {
            Ok(Some(balance)) if Some(balance) != sent => return balance,
            Ok(_) => {}
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::error!(error = format!("{error:#}"), "a game balance is not an amount");
            }
        }
    }
}
