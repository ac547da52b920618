//! The hub's task: recomputes a room's state when the clock reaches its betting close or draw
//! time and every room's when the scheduler announces draws or settlements, publishes only the
//! states that changed, and beats the keep-alive of every stream. At each resync it also ends
//! the streams whose session another process ended (one query for all open sessions).

use super::event::RoomState;
use super::wake::{Watched, next_wake};
use super::{KEEP_ALIVE, LiveHub, RoomEvent};
use crate::clock::monotonic_now;
use crate::error::AppError;
use crate::games::lobby;
use crate::games::rules::room::Room;
use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::MissedTickBehavior;

/// Every room is recomputed, and the sessions of open streams checked, at least this often:
/// catches what another process (the CLI) changed, and retries after a failed read.
const RESYNC: Duration = Duration::from_secs(30);
/// After a failed read, the next try.
const RETRY: Duration = Duration::from_secs(1);
/// Woken this long after a room's time, so the clock surely reads that second.
const WAKE_MARGIN_MS: i64 = 3;

/// Server loop: ends when the hub is dropped or the scheduler's announcer is gone.
pub async fn run(hub: Weak<LiveHub>, mut announcements: watch::Receiver<u64>) {
    let mut watched: HashMap<Room, Watched> = HashMap::new();
    // True when the next pass must recompute every room (start, announcement, failed read).
    let mut sync_all = true;
    let mut synced_at = monotonic_now();
    let mut beat = tokio::time::interval_at(monotonic_now() + KEEP_ALIVE, KEEP_ALIVE);
    beat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let Some(live) = hub.upgrade() else { return };
        let timed = synced_at.elapsed() >= RESYNC;
        if timed && let Err(error) = live.end_ended_sessions().await {
            let error = anyhow::Error::from(error);
            tracing::error!(error = format!("{error:#}"), "live sessions were not checked");
        }
        let due = if sync_all || timed {
            synced_at = monotonic_now();
            Room::all()
        } else {
            let now = live.clock.now();
            watched.iter().filter(|(_, room)| room.is_due(now)).map(|(room, _)| *room).collect()
        };
        sync_all = false;
        let mut sleep = RESYNC.saturating_sub(synced_at.elapsed());
        if !due.is_empty()
            && let Err(error) = recompute(&live, due, &mut watched).await
        {
            let error = anyhow::Error::from(error);
            tracing::error!(error = format!("{error:#}"), "live rooms were not recomputed");
            (sync_all, sleep) = (true, RETRY);
        }
        if let Some(wake) = next_wake(watched.values().copied()).filter(|_| !sync_all) {
            let left = wake.millis() + WAKE_MARGIN_MS - live.clock.now_millis();
            sleep = sleep.min(Duration::from_millis(u64::try_from(left).unwrap_or(0)));
        }
        drop(live);
        tokio::select! {
            changed = announcements.changed() => {
                if changed.is_err() {
                    return;
                }
                sync_all = true;
            }
            () = tokio::time::sleep(sleep) => {}
            _ = beat.tick() => {
                if let Some(live) = hub.upgrade() {
                    live.heartbeat.send_modify(|beats| *beats += 1);
                }
            }
        }
    }
}

/// Reads the open period and latest result of `due` (one read), and publishes each room's
/// state when it differs from the one its streams have. A room that fails to read is logged.
async fn recompute(
    live: &Arc<LiveHub>,
    due: Vec<Room>,
    watched: &mut HashMap<Room, Watched>,
) -> Result<(), AppError> {
    let (timezone, now) = (live.timezone, live.clock.now());
    let indexes = live
        .db
        .read(move |connection| {
            let read = |room: Room| (room, lobby::room_index(connection, room, timezone, now));
            Ok(due.into_iter().map(read).collect::<Vec<_>>())
        })
        .await?;
    let at = live.built_at();
    for (room, index) in indexes {
        let state = match index {
            Ok(index) => RoomState::of(&index),
            Err(error) => {
                let error = anyhow::Error::from(error);
                tracing::warn!(
                    room = room.code(),
                    error = format!("{error:#}"),
                    "live room unread"
                );
                continue;
            }
        };
        let (close_at, draw_at) = (state.close_at, state.draw_at);
        watched.insert(room, Watched { close_at, draw_at, computed_at: now });
        let Some(sender) = live.rooms.get(&room) else { continue };
        sender.send_if_modified(|current| {
            if current.as_ref().is_some_and(|event| event.state == state) {
                return false;
            }
            *current = Some(Arc::new(RoomEvent::new(state, at)));
            true
        });
    }
    Ok(())
}
