//! Who holds a live stream: the caps per client address and in total, and the players whose
//! game balance a stream shows (told by the writer's commit hook, never by polling).

use crate::config::LiveConfig;
use crate::db::CommitNote;
use crate::error::AppError;
use crate::ids::UserId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::watch;

/// Open streams, in total and per client address.
#[derive(Debug, Default)]
pub struct StreamCounts {
    limits: (usize, usize),
    open: Mutex<(usize, HashMap<String, usize>)>,
}

/// One admitted stream; dropping it (the stream ended) frees its place.
#[derive(Debug)]
pub struct StreamPermit {
    counts: Arc<StreamCounts>,
    address: String,
}

impl StreamCounts {
    pub fn new(config: &LiveConfig) -> StreamCounts {
        let limits = (config.streams_per_address, config.streams_max);
        StreamCounts { limits, open: Mutex::default() }
    }

    /// A place for one more stream of `address`, or `too_many_streams` past a cap.
    pub fn admit(counts: &Arc<StreamCounts>, address: &str) -> Result<StreamPermit, AppError> {
        let (per_address, total_max) = counts.limits;
        let mut open = counts.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (total, by_address) = &mut *open;
        let held = by_address.get(address).copied().unwrap_or(0);
        if held >= per_address || *total >= total_max {
            return Err(AppError::TooManyStreams);
        }
        *total += 1;
        *by_address.entry(address.to_string()).or_default() += 1;
        Ok(StreamPermit { counts: counts.clone(), address: address.to_string() })
    }

    /// Streams open now.
    pub fn total(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).0
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (total, by_address) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(held) = by_address.get_mut(&self.address) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

/// The game balance of each player with a stream open, as the last committed write left it
/// (None until a write changes it: the stream read it at connect).
#[derive(Debug, Default)]
pub struct BalanceWatches {
    players: Mutex<HashMap<UserId, PlayerWatch>>,
}

/// A player's balance channel and how many of their streams hold it.
type PlayerWatch = (watch::Sender<Option<i64>>, usize);

/// One stream's interest in a player's balance; dropping it ends the interest.
#[derive(Debug)]
pub struct BalanceWatch {
    watches: Arc<BalanceWatches>,
    user_id: UserId,
    pub receiver: watch::Receiver<Option<i64>>,
}

impl BalanceWatches {
    /// Watches `user_id`'s game balance from now on (before the stream reads it, so a write
    /// committed in between is not missed).
    pub fn watch(watches: &Arc<BalanceWatches>, user_id: UserId) -> BalanceWatch {
        let mut players = watches.players.lock().unwrap_or_else(PoisonError::into_inner);
        let (sender, streams) =
            players.entry(user_id).or_insert_with(|| (watch::channel(None).0, 0));
        *streams += 1;
        let receiver = sender.subscribe();
        BalanceWatch { watches: watches.clone(), user_id, receiver }
    }

    /// The commit hook: tells the streams of each player whose balance a commit changed.
    pub fn publish(&self, notes: &[CommitNote]) {
        let players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        let changes = notes.iter().filter_map(|note| match note {
            CommitNote::Balance(change) => Some(change),
            CommitNote::SessionsEnded(_) => None,
        });
        for change in changes {
            if let Some((sender, _)) = players.get(&change.user_id) {
                sender.send_replace(Some(change.game_balance));
            }
        }
    }
}

impl Drop for BalanceWatch {
    fn drop(&mut self) {
        let mut players = self.watches.players.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, streams)) = players.get_mut(&self.user_id) {
            *streams = streams.saturating_sub(1);
            if *streams == 0 {
                players.remove(&self.user_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::BalanceChange;

    fn user(id: i64) -> UserId {
        UserId::from_rowid(id)
    }

    #[test]
    fn caps_hold_per_address_and_in_total_until_a_stream_ends() {
        let config = LiveConfig { streams_per_address: 2, streams_max: 3 };
        let counts = Arc::new(StreamCounts::new(&config));
        let first = StreamCounts::admit(&counts, "10.0.0.1").expect("first");
        let second = StreamCounts::admit(&counts, "10.0.0.1").expect("second");
        let third = StreamCounts::admit(&counts, "10.0.0.1");
        assert_eq!(third.map(|_| ()).unwrap_err().key(), "too_many_streams");
        let other = StreamCounts::admit(&counts, "10.0.0.2").expect("another address");
        let over = StreamCounts::admit(&counts, "10.0.0.3");
        assert_eq!(over.map(|_| ()).unwrap_err().key(), "too_many_streams", "total");
        drop(first);
        assert_eq!(counts.total(), 2);
        let again = StreamCounts::admit(&counts, "10.0.0.1").expect("a place again");
        drop((second, other, again));
        assert_eq!(counts.total(), 0);
        assert!(counts.open.lock().expect("unpoisoned").1.is_empty(), "no address left");
    }

    #[test]
    fn only_the_streams_of_a_changed_player_hear_of_it() {
        let watches = Arc::new(BalanceWatches::default());
        let mut mine = BalanceWatches::watch(&watches, user(1));
        let theirs = BalanceWatches::watch(&watches, user(2));
        watches
            .publish(&[CommitNote::Balance(BalanceChange { user_id: user(1), game_balance: 500 })]);
        assert!(mine.receiver.has_changed().expect("open"));
        assert_eq!(*mine.receiver.borrow_and_update(), Some(500));
        assert!(!theirs.receiver.has_changed().expect("open"));
        drop(mine);
        drop(theirs);
        assert!(watches.players.lock().expect("unpoisoned").is_empty(), "no player left");
    }
}
