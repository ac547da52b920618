//! An operator's change and its audit record in one transaction. The delivery layer (the
//! `fairhall admin` commands today, the console later) hands the domain verbs a database
//! handle made by `Db::audited` with an `AuditedChange`: every write through it snapshots the
//! target first, runs the verb, snapshots the target again and appends the record, all inside
//! the verb's own transaction. A change without its record cannot exist, nor a record of a
//! change that did not happen. What changed nothing (a refusal, a run with nothing to do) is
//! recorded by the caller afterwards (`audit::record`): there is no change to pair it with.

use super::audit_snapshots::{self, AuditTarget};
use crate::audit::{self, Actor, CommandEnd, Entry, Origin};
use crate::clock::{Clock, Timestamp};
use crate::db::{Db, Tx, WriteAudit};
use crate::error::AppError;
use crate::finance::goods::GoodsSettings;
use serde_json::Value;
use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How the change names its target.
#[derive(Clone, Debug)]
pub enum TargetReference {
    /// An id or code known before the change (a deposit's id, a room's code), or none (the
    /// newest rebate batch, the ledger check).
    Known(Option<String>),
    /// A user's id, phone or login name, resolved in the change's transaction (`user create`
    /// names a user that exists only after it).
    User(String),
    /// What the change creates (`Tx::note_created`); for content, of this kind (`banner`,
    /// `announcement`, ...), recorded as `KIND:ID`.
    Created { content_kind: Option<String> },
}

/// Who changes what, with which arguments.
pub struct AuditedChange {
    pub actor: Actor,
    pub origin: Origin,
    /// `<noun>.<verb>`, e.g. `wallet.adjust`.
    pub action: String,
    pub kind: AuditTarget,
    pub target: TargetReference,
    /// The arguments, secrets already masked with `audit::MASK`.
    pub arguments: Value,
    pub settings: GoodsSettings,
    pub clock: Clock,
    recorded: AtomicUsize,
}

/// What `before` hands to `record`: the target resolved before the change, and its snapshot.
struct Before {
    target: Option<String>,
    snapshot: Option<Value>,
}

impl AuditedChange {
    pub fn new(
        (actor, origin): (Actor, Origin),
        (action, kind, target): (String, AuditTarget, TargetReference),
        arguments: Value,
        settings: GoodsSettings,
        clock: Clock,
    ) -> AuditedChange {
        AuditedChange {
            actor,
            origin,
            action,
            kind,
            target,
            arguments,
            settings,
            clock,
            recorded: AtomicUsize::new(0),
        }
    }

    /// How many writes recorded this change so far (each committed with its record, unless
    /// its commit failed, which the write's error then says).
    pub fn records_written(&self) -> usize {
        self.recorded.load(Ordering::SeqCst)
    }

    /// The target as it can be named now (`None` for what does not exist yet).
    fn resolve(&self, connection: &rusqlite::Connection) -> Option<String> {
        match &self.target {
            TargetReference::Known(target) => target.clone(),
            TargetReference::User(reference) => {
                crate::auth::find_user(connection, reference).ok().map(|user| user.to_string())
            }
            TargetReference::Created { .. } => None,
        }
    }

    fn snapshot(
        &self,
        connection: &rusqlite::Connection,
        target: Option<&str>,
        now: Timestamp,
    ) -> Option<Value> {
        match audit_snapshots::snapshot(connection, self.kind, target, &self.settings, now) {
            Ok(snapshot) => snapshot,
            Err(error) => Some(snapshot_failed(&error)),
        }
    }
}

/// Runs `work` as `change` on `db`, for a caller that makes one write per change (the
/// console): the change and its record commit together; when nothing was written with a
/// record (a refusal, or nothing to do), what was asked and how it ended is recorded on its
/// own, with the target as it stands.
pub async fn write<T, F>(db: &Db, change: Arc<AuditedChange>, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&Tx) -> Result<T, AppError> + Send + 'static,
{
    let outcome = db.audited(change.clone()).write(work).await;
    if outcome.is_ok() && change.records_written() > 0 {
        return outcome;
    }
    let ended = match &outcome {
        Ok(_) => CommandEnd::Ok,
        Err(error) => CommandEnd::Refused(format!("{} ({error})", error.key())),
    };
    db.write(move |tx| {
        let now = change.clock.now();
        let target = change.resolve(tx);
        let snapshot = change.snapshot(tx, target.as_deref(), now);
        let entry = Entry {
            actor: change.actor.clone(),
            origin: change.origin.clone(),
            action: change.action.clone(),
            target_kind: change.kind.code().to_string(),
            target_id: target,
            arguments: change.arguments.clone(),
            before: snapshot.clone(),
            after: snapshot,
            outcome: ended,
        };
        audit::record(tx, &entry, now)
    })
    .await?;
    outcome
}

/// What the log keeps when a snapshot could not be read: the change itself is not refused
/// for it, and the record says so.
pub fn snapshot_failed(error: &dyn std::fmt::Display) -> Value {
    serde_json::json!({ "snapshot_failed": format!("{error:#}") })
}

impl WriteAudit for AuditedChange {
    fn before(&self, tx: &Tx) -> Result<Box<dyn Any + Send>, AppError> {
        let target = self.resolve(tx);
        let snapshot = self.snapshot(tx, target.as_deref(), self.clock.now());
        Ok(Box::new(Before { target, snapshot }))
    }

    fn record(&self, tx: &Tx, before: Box<dyn Any + Send>) -> Result<(), AppError> {
        let before = before
            .downcast::<Before>()
            .map_err(|_| anyhow::anyhow!("an audited write lost its snapshot before"))?;
        let target = match &self.target {
            TargetReference::Created { content_kind } => {
                tx.created().map(|id| match content_kind {
                    Some(kind) => format!("{kind}:{id}"),
                    None => id,
                })
            }
            _ => before.target.or_else(|| self.resolve(tx)),
        };
        let now = self.clock.now();
        let after = self.snapshot(tx, target.as_deref(), now);
        let entry = Entry {
            actor: self.actor.clone(),
            origin: self.origin.clone(),
            action: self.action.clone(),
            target_kind: self.kind.code().to_string(),
            target_id: target,
            arguments: self.arguments.clone(),
            before: before.snapshot,
            after,
            outcome: CommandEnd::Ok,
        };
        audit::record(tx, &entry, now)?;
        self.recorded.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}
