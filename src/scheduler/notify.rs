//! The delivery job of the operator's notifications (`notify`), inside `serve`: every
//! `TICK_SECS` it claims the deliveries due by the app clock, sends each once off the async
//! threads, and records the outcome (delivered; or failed, due again after the backoff, or
//! given up after `notify.max_attempts`). A failure is logged and retried, nothing more: the
//! player's request committed long before. `tick` is a plain function of `now` for tests.

use crate::clock::{Clock, Timestamp};
use crate::db::Db;
use crate::error::AppError;
use crate::notify::{self, NotifySettings, Outgoing};
use std::sync::Arc;
use std::time::Duration;

/// Seconds between two ticks of `serve`'s job.
pub const TICK_SECS: u64 = 5;

/// Deliveries one tick claims at most (each try takes up to `notify`'s send timeout; what is
/// left waits for the next tick).
pub const DUE_PER_TICK: i64 = 20;

/// What one try of one delivery came to.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Sent {
    pub id: i64,
    pub channel: &'static str,
    /// delivered, waiting (to be retried) or given_up.
    pub state: &'static str,
    pub error: Option<String>,
}

#[derive(Clone)]
pub struct NotifyJob {
    db: Db,
    settings: Arc<NotifySettings>,
}

impl NotifyJob {
    pub fn new(db: Db, settings: NotifySettings) -> NotifyJob {
        NotifyJob { db, settings: Arc::new(settings) }
    }

    /// Sends the deliveries due at `now` (at most `DUE_PER_TICK`) and records each outcome at
    /// `now`.
    pub async fn tick(&self, now: Timestamp) -> Result<Vec<Sent>, AppError> {
        if !self.db.read(move |connection| notify::any_due(connection, now)).await? {
            return Ok(Vec::new());
        }
        let due = self.db.write(move |tx| notify::claim_due(tx, now, DUE_PER_TICK)).await?;
        self.send(due, now).await
    }

    /// Sends deliveries the caller claimed, one after the other, and records each outcome.
    pub async fn send(
        &self,
        claimed: Vec<Outgoing>,
        now: Timestamp,
    ) -> Result<Vec<Sent>, AppError> {
        let mut sent = Vec::with_capacity(claimed.len());
        for outgoing in claimed {
            let settings = Arc::clone(&self.settings);
            let (id, channel) = (outgoing.id, outgoing.channel.code());
            let outcome =
                tokio::task::spawn_blocking(move || notify::deliver(&settings, &outgoing))
                    .await
                    .unwrap_or_else(|error| Err(format!("the sending task failed: {error}")));
            let error = outcome.as_ref().err().cloned();
            let max_attempts = self.settings.max_attempts;
            let state = self
                .db
                .write(move |tx| notify::record_outcome(tx, id, outcome, max_attempts, now))
                .await?;
            match (&error, state) {
                (None, _) => tracing::info!(delivery = id, channel, "notification delivered"),
                (Some(error), "given_up") => {
                    tracing::error!(delivery = id, channel, %error, "notification given up");
                }
                (Some(error), _) => {
                    tracing::warn!(delivery = id, channel, %error, "notification failed; retrying");
                }
            }
            sent.push(Sent { id, channel, state, error });
        }
        Ok(sent)
    }

    /// Server loop: a tick every `TICK_SECS` by the app clock's time, until the task is
    /// dropped. A failing tick is logged; the next one tries again.
    pub async fn run(self, clock: Clock) {
        let mut ticks = tokio::time::interval(Duration::from_secs(TICK_SECS));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(error) = self.tick(clock.now()).await {
                tracing::error!(error = format!("{error:#}"), "the notification job failed");
            }
        }
    }
}
