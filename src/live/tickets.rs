//! Stream tickets: EventSource cannot send the `token` header, and a token in a URL ends up in
//! proxy logs, so the app first asks `POST api/live/ticket` (token in the header) and opens
//! `api/live?ticket=` with a short-lived, single-use ticket naming its session. Tickets live in
//! memory only; a restart voids them and the app asks again.

use super::ViewerSession;
use crate::auth::SessionUser;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// How long a ticket opens a stream.
pub const TICKET_TTL_SECS: i64 = 30;
/// Tickets outstanding in total; past it, once expired ones are dropped, `too_many_streams`.
pub const TICKETS_MAX: usize = 10_000;
/// Tickets outstanding per player; a new one replaces their oldest.
pub const TICKETS_PER_USER: usize = 4;

/// A ticket as issued to the app.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct IssuedTicket {
    /// 64 hex characters; opens one stream with `api/live?room=..&ticket=..`.
    pub ticket: String,
    /// Unix seconds; the ticket is refused from then on.
    #[schema(value_type = i64)]
    pub expires_at: Timestamp,
}

#[derive(Debug)]
struct Ticket {
    user_id: UserId,
    token_hash: String,
    issued_at: Timestamp,
    expires_at: Timestamp,
}

/// The outstanding tickets of one process.
#[derive(Debug, Default)]
pub struct Tickets {
    issued: Mutex<HashMap<String, Ticket>>,
}

impl Tickets {
    /// A new ticket for `session`, valid `TICKET_TTL_SECS` from `now`.
    pub fn issue(&self, session: &SessionUser, now: Timestamp) -> Result<IssuedTicket, AppError> {
        use rand::RngCore;
        let mut secret = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut secret);
        let ticket = hex::encode(secret);
        let expires_at = now + TICKET_TTL_SECS;
        let mut issued = self.issued.lock().unwrap_or_else(PoisonError::into_inner);
        if issued.len() >= TICKETS_MAX {
            issued.retain(|_, ticket| ticket.expires_at > now);
        }
        let user_id = session.user_id;
        let mut theirs: Vec<(Timestamp, &String)> = issued
            .iter()
            .filter(|(_, ticket)| ticket.user_id == user_id)
            .map(|(key, ticket)| (ticket.issued_at, key))
            .collect();
        if theirs.len() >= TICKETS_PER_USER {
            theirs.sort();
            let oldest = theirs[0].1.clone();
            issued.remove(&oldest);
        } else if issued.len() >= TICKETS_MAX {
            return Err(AppError::TooManyStreams);
        }
        let token_hash = session.token_hash.clone();
        issued.insert(ticket.clone(), Ticket { user_id, token_hash, issued_at: now, expires_at });
        Ok(IssuedTicket { ticket, expires_at })
    }

    /// The session `ticket` was issued to, using the ticket up; `ticket_invalid` when it is
    /// unknown, used or expired.
    pub fn redeem(&self, ticket: &str, now: Timestamp) -> Result<ViewerSession, AppError> {
        let mut issued = self.issued.lock().unwrap_or_else(PoisonError::into_inner);
        let found = issued.remove(ticket.trim()).ok_or(AppError::TicketInvalid)?;
        if found.expires_at <= now {
            return Err(AppError::TicketInvalid);
        }
        Ok(ViewerSession { user_id: found.user_id, token_hash: found.token_hash })
    }

    #[cfg(test)]
    fn outstanding(&self) -> usize {
        self.issued.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(user_id: i64) -> SessionUser {
        SessionUser {
            user_id: UserId::from_rowid(user_id),
            token_hash: format!("hash{user_id}"),
            expires_at: at(10_000),
            last_seen_at: at(0),
            started_at: at(0),
        }
    }

    fn at(secs: i64) -> Timestamp {
        Timestamp::from_secs(secs)
    }

    fn key(result: Result<ViewerSession, AppError>) -> String {
        result.map(|session| session.token_hash).unwrap_or_else(|error| error.key().to_string())
    }

    #[test]
    fn a_ticket_opens_once_and_only_before_it_expires() {
        let tickets = Tickets::default();
        let first = tickets.issue(&session(1), at(100)).expect("issued");
        assert_eq!(first.expires_at, at(100) + TICKET_TTL_SECS);
        assert_eq!(first.ticket.len(), 64);
        assert_eq!(key(tickets.redeem(&first.ticket, at(100))), "hash1");
        assert_eq!(key(tickets.redeem(&first.ticket, at(100))), "ticket_invalid", "used up");
        let late = tickets.issue(&session(1), at(100)).expect("issued");
        assert_eq!(key(tickets.redeem(&late.ticket, at(100) + TICKET_TTL_SECS)), "ticket_invalid");
        assert_eq!(key(tickets.redeem("", at(100))), "ticket_invalid");
    }

    #[test]
    fn a_player_holds_a_bounded_number_of_tickets() {
        let tickets = Tickets::default();
        let issued: Vec<IssuedTicket> = (0..=TICKETS_PER_USER)
            .map(|index| tickets.issue(&session(1), at(100 + i64::try_from(index).expect("small"))))
            .collect::<Result<_, _>>()
            .expect("issued");
        tickets.issue(&session(2), at(100)).expect("another player's");
        assert_eq!(tickets.outstanding(), TICKETS_PER_USER + 1);
        assert_eq!(key(tickets.redeem(&issued[0].ticket, at(101))), "ticket_invalid", "the oldest");
        assert_eq!(key(tickets.redeem(&issued[1].ticket, at(101))), "hash1");
    }
}
