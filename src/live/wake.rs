//! When the hub must look at a room again without being told: at its betting close and at its
//! draw time (a new period opens by the clock), as the room's last computed state gives them.

use crate::clock::Timestamp;

/// A room's times as the hub last computed them, and when it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watched {
    pub close_at: Timestamp,
    pub draw_at: Timestamp,
    pub computed_at: Timestamp,
}

impl Watched {
    /// True when one of the room's times came after its computation and is reached by `now`.
    pub fn is_due(&self, now: Timestamp) -> bool {
        [self.close_at, self.draw_at].iter().any(|at| self.computed_at < *at && *at <= now)
    }

    /// The room's next time after its computation, if any is still ahead of it.
    fn next_time(&self) -> Option<Timestamp> {
        [self.close_at, self.draw_at].into_iter().filter(|at| *at > self.computed_at).min()
    }
}

/// The earliest time a watched room must be recomputed; None when no room has a time ahead.
pub fn next_wake(rooms: impl IntoIterator<Item = Watched>) -> Option<Timestamp> {
    rooms.into_iter().filter_map(|room| room.next_time()).min()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> Timestamp {
        Timestamp::from_secs(secs)
    }

    fn watched(close_at: i64, draw_at: i64, computed_at: i64) -> Watched {
        Watched { close_at: at(close_at), draw_at: at(draw_at), computed_at: at(computed_at) }
    }

    #[test]
    fn the_hub_wakes_at_the_earliest_close_or_draw_still_ahead() {
        let rooms = [watched(150, 160, 100), watched(120, 180, 100), watched(300, 360, 100)];
        assert_eq!(next_wake(rooms), Some(at(120)), "the second room's close");
        // After that close, the same room's draw is next only if nothing earlier is ahead.
        let rooms = [watched(150, 160, 130), watched(120, 180, 130)];
        assert_eq!(next_wake(rooms), Some(at(150)));
        let closed = [watched(120, 180, 130)];
        assert_eq!(next_wake(closed), Some(at(180)), "a closed period still wakes at its draw");
    }

    #[test]
    fn nothing_ahead_means_no_wake() {
        assert_eq!(next_wake([]), None);
        assert_eq!(next_wake([watched(120, 180, 180)]), None, "computed at its draw: stale");
    }

    #[test]
    fn a_room_is_due_once_a_time_after_its_computation_is_reached() {
        let room = watched(150, 160, 100);
        assert!(!room.is_due(at(149)));
        assert!(room.is_due(at(150)), "betting closed");
        assert!(room.is_due(at(160)), "the period was drawn and the next opened");
        let recomputed = watched(150, 160, 150);
        assert!(!recomputed.is_due(at(159)), "the close was already seen");
        assert!(recomputed.is_due(at(160)));
    }
}
