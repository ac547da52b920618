//! A money-moving request that may carry an `Idempotency-Key`, run on the writer: the first
//! reply is stored with the movement, a replay returns it and moves nothing
//! (`idempotency::once`). Each request says which time it acts at, once, here:
//! - `At::Request`: the time the request was read (a conversion, a savings move, a withdrawal
//!   or a deposit request act at the moment the player asked);
//! - `At::Commit`: the writer's time when the transaction runs (a sign-in or a task claim
//!   counts for the day it commits, purchases and bets are decided in the order they commit),
//!   so a request queued across midnight or a period's close is judged when it lands.

use crate::clock::{Clock, Timestamp};
use crate::db::{Db, Tx};
use crate::error::AppError;
use crate::idempotency::{self, IdempotencyKey};
use crate::ids::UserId;
use serde::Serialize;
use serde_json::Value;

/// The time a keyed request acts at.
pub enum At {
    Request(Timestamp),
    Commit(Clock),
}

/// A keyed request: whose, its key if any, and what it asks (a replay must ask the same).
pub struct Keyed {
    pub user_id: UserId,
    pub key: Option<IdempotencyKey>,
    pub description: String,
}

/// What a keyed request answered, and whether its work ran (false: a replay).
pub struct Answered {
    pub reply: Value,
    pub ran: bool,
}

/// Runs `work` at the request's time on the writer, once per key.
pub async fn once<T, F>(db: &Db, keyed: Keyed, at: At, work: F) -> Result<Answered, AppError>
where
    T: Serialize,
    F: FnOnce(&Tx, Timestamp) -> Result<T, AppError> + Send + 'static,
{
    db.write(move |tx| {
        let now = match &at {
            At::Request(now) => *now,
            At::Commit(clock) => clock.now(),
        };
        let Keyed { user_id, key, description } = keyed;
        let request = idempotency::Request { user_id, key: key.as_ref(), description };
        let mut ran = false;
        let reply = idempotency::once(tx, &request, now, |tx| {
            ran = true;
            work(tx, now)
        })?;
        Ok(Answered { reply, ran })
    })
    .await
}
