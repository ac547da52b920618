//! Who is in a room now: the players with the room's live stream open (`api/live?room=`),
//! counted once per player however many streams they keep. In memory only: a restart empties
//! it, as it closes every stream.

use crate::games::rules::room::Room;
use crate::ids::UserId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Open streams per room and player.
#[derive(Debug, Default)]
pub struct Presence {
    streams: Mutex<HashMap<Room, HashMap<UserId, usize>>>,
}

/// One open stream of a player in a room; dropping it ends the presence it counts.
#[derive(Debug)]
pub struct PresenceGuard {
    presence: Arc<Presence>,
    room: Room,
    user_id: UserId,
}

impl Presence {
    /// Counts a stream of `user_id` in `room` until the guard is dropped.
    pub fn join(presence: &Arc<Presence>, room: Room, user_id: UserId) -> PresenceGuard {
        let mut streams = presence.streams.lock().unwrap_or_else(PoisonError::into_inner);
        *streams.entry(room).or_default().entry(user_id).or_default() += 1;
        PresenceGuard { presence: presence.clone(), room, user_id }
    }

    /// Distinct players with a stream of `room` open.
    pub fn online(&self, room: Room) -> usize {
        let streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams.get(&room).map_or(0, HashMap::len)
    }

    fn leave(&self, room: Room, user_id: UserId) {
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(players) = streams.get_mut(&room) else { return };
        if let Some(count) = players.get_mut(&user_id) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                players.remove(&user_id);
            }
        }
        if players.is_empty() {
            streams.remove(&room);
        }
    }
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        self.presence.leave(self.room, self.user_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::room::{Region, Tier};

    fn user(id: i64) -> UserId {
        UserId::from_rowid(id)
    }

    #[test]
    fn players_count_once_per_room_until_their_last_stream_ends() {
        let presence = Arc::new(Presence::default());
        let vip = Room::Yn28 { region: Region::Canada, tier: Tier::Vip };
        let other = Room::Yn28 { region: Region::Usa, tier: Tier::Vip };
        let first = Presence::join(&presence, vip, user(1));
        let again = Presence::join(&presence, vip, user(1));
        let second = Presence::join(&presence, vip, user(2));
        assert_eq!((presence.online(vip), presence.online(other)), (2, 0));
        drop(first);
        assert_eq!(presence.online(vip), 2, "player 1 still has a stream");
        drop(again);
        assert_eq!(presence.online(vip), 1);
        drop(second);
        assert_eq!(presence.online(vip), 0);
    }
}
