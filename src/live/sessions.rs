//! The sessions behind open live streams: a stream ends when its session does. The writer's
//! commit hook tells of the logouts, freezes and password changes this process committed; the
//! hub's resync checks the sessions of all open streams in one query for what another process
//! (the CLI) changed; each stream ends by itself at its session's expiry (`Follow`).

use crate::db::{CommitNote, SessionsEnded};
use crate::ids::UserId;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// The open streams that have a session, by player.
#[derive(Debug, Default)]
pub struct OpenSessions {
    next_id: AtomicU64,
    players: Mutex<HashMap<UserId, HashMap<u64, SessionStream>>>,
}

/// One stream's session and the sender that ends it.
#[derive(Debug)]
struct SessionStream {
    token_hash: String,
    end: oneshot::Sender<()>,
}

/// A stream's place in `OpenSessions`; `ended` resolves when its session ended.
#[derive(Debug)]
pub struct SessionGuard {
    sessions: Arc<OpenSessions>,
    user_id: UserId,
    id: u64,
    pub ended: oneshot::Receiver<()>,
}

impl OpenSessions {
    /// Registers a stream of the session `token_hash` (before the session is checked at connect,
    /// so an ending committed in between is not missed).
    pub fn register(
        sessions: &Arc<OpenSessions>,
        user_id: UserId,
        token_hash: &str,
    ) -> SessionGuard {
        let id = sessions.next_id.fetch_add(1, Ordering::Relaxed);
        let (end, ended) = oneshot::channel();
        let stream = SessionStream { token_hash: token_hash.to_string(), end };
        let mut players = sessions.players.lock().unwrap_or_else(PoisonError::into_inner);
        players.entry(user_id).or_default().insert(id, stream);
        SessionGuard { sessions: sessions.clone(), user_id, id, ended }
    }

    /// The commit hook: ends the streams of every session a committed write ended.
    pub fn publish(&self, notes: &[CommitNote]) {
        for note in notes {
            if let CommitNote::SessionsEnded(ended) = note {
                self.end_where(ended);
            }
        }
    }

    fn end_where(&self, ended: &SessionsEnded) {
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(streams) = players.get_mut(&ended.user_id) else { return };
        let user_id = ended.user_id;
        let ending: Vec<u64> = streams
            .iter()
            .filter(|(_, stream)| ended.includes(user_id, &stream.token_hash))
            .map(|(id, _)| *id)
            .collect();
        for id in ending {
            if let Some(stream) = streams.remove(&id) {
                let _ = stream.end.send(());
            }
        }
        if streams.is_empty() {
            players.remove(&user_id);
        }
    }

    /// The sessions of the open streams, each once.
    pub fn token_hashes(&self) -> Vec<String> {
        let players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        let hashes: HashSet<&String> =
            players.values().flat_map(|streams| streams.values().map(|s| &s.token_hash)).collect();
        hashes.into_iter().cloned().collect()
    }

    /// Ends the streams of the sessions `token_hashes` (found ended by the resync).
    pub fn end_sessions(&self, token_hashes: &[String]) {
        if token_hashes.is_empty() {
            return;
        }
        let ended: HashSet<&str> = token_hashes.iter().map(String::as_str).collect();
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        for streams in players.values_mut() {
            let ending: Vec<u64> = streams
                .iter()
                .filter(|(_, stream)| ended.contains(stream.token_hash.as_str()))
                .map(|(id, _)| *id)
                .collect();
            for id in ending {
                if let Some(stream) = streams.remove(&id) {
                    let _ = stream.end.send(());
                }
            }
        }
        players.retain(|_, streams| !streams.is_empty());
    }

    /// Streams with a session open now.
    #[cfg(test)]
    fn count(&self) -> usize {
        let players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        players.values().map(HashMap::len).sum()
    }
}

impl Drop for SessionGuard {
    fn drop(&mut self) {
        let mut players = self.sessions.players.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(streams) = players.get_mut(&self.user_id) {
            streams.remove(&self.id);
            if streams.is_empty() {
                players.remove(&self.user_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::EndedSessions;

    fn user(id: i64) -> UserId {
        UserId::from_rowid(id)
    }

    fn ended(guard: &mut SessionGuard) -> bool {
        guard.ended.try_recv().is_ok()
    }

    #[test]
    fn a_committed_ending_ends_only_the_streams_of_the_sessions_it_names() {
        let sessions = Arc::new(OpenSessions::default());
        let mut kept = OpenSessions::register(&sessions, user(1), "kept");
        let mut other = OpenSessions::register(&sessions, user(1), "other");
        let mut stranger = OpenSessions::register(&sessions, user(2), "other");
        let which = EndedSessions::AllBut("kept".into());
        sessions.publish(&[CommitNote::SessionsEnded(SessionsEnded { user_id: user(1), which })]);
        assert!(ended(&mut other));
        assert!(!ended(&mut kept), "the session that changed the password");
        assert!(!ended(&mut stranger), "the same hash text of another player is not theirs");
        assert_eq!(sessions.count(), 2);
    }

    #[test]
    fn the_resync_ends_the_streams_of_the_sessions_found_ended() {
        let sessions = Arc::new(OpenSessions::default());
        let mut first = OpenSessions::register(&sessions, user(1), "a");
        let mut second = OpenSessions::register(&sessions, user(1), "a");
        let mut live = OpenSessions::register(&sessions, user(2), "b");
        assert_eq!(sessions.token_hashes().len(), 2, "each session once");
        sessions.end_sessions(&["a".to_string()]);
        assert!(ended(&mut first) && ended(&mut second));
        assert!(!ended(&mut live));
        drop(live);
        assert_eq!(sessions.count(), 0, "an ended or dropped stream leaves no entry");
        assert!(sessions.players.lock().expect("unpoisoned").is_empty());
    }
}
