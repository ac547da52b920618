//! Task endpoints: the open tasks with the player's progress and claim state, and claiming a
//! task's reward.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Idempotency, Lang, Params, Session};
use crate::error::AppError;
use crate::flows::keyed::{self, At, Keyed};
use crate::growth::tasks::types::TaskView;
use crate::growth::tasks::{self, TaskSettings};
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(index)).routes(routes!(claim))
}

/// The open tasks in the operator's order: title, kind, target, live progress, reward, and
/// whether it is completed and its reward received (today's for a daily task).
#[utoipa::path(get, path = "/api/task/index", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<TaskView>)))]
async fn index(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
) -> Result<Envelope<Value>, AppError> {
    let (settings, now) = (TaskSettings::from_config(&app.config), app.clock.now());
    let user_id = session.user_id;
    let list = app
        .db
        .read(move |connection| tasks::player_tasks(connection, user_id, lang, &settings, now))
        .await?;
    Ok(Envelope::ok(serde_json::json!({ "list": list })))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct TaskClaimForm {
    /// The task's id.
    id: Option<String>,
}

/// Claims a task's reward: `condition_not_met` below the target, `reward_claimed` when this
/// period's reward is claimed, `not_found` for a task not open.
#[utoipa::path(post, path = "/api/task/claim", tag = "growth", security(("token" = [])),
    request_body = TaskClaimForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope",
        body = crate::growth::tasks::types::ClaimReceipt),
        (status = 404, description = "no such task")))]
async fn claim(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
    Params(form): Params<TaskClaimForm>,
) -> Result<Envelope<Value>, AppError> {
    let id = form.id.ok_or(AppError::MissingParams)?;
    let task_id = id.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::BadParams)?;
    let (settings, user_id) = (TaskSettings::from_config(&app.config), session.user_id);
    let keyed = Keyed { user_id, key, description: format!("task_claim:{task_id}") };
    // The writer's time: a daily claim counts for the day it commits.
    let answered = keyed::once(&app.db, keyed, At::Commit(app.clock.clone()), move |tx, now| {
        tasks::claim(tx, user_id, task_id, &settings, now)
    })
    .await?;
    Ok(Envelope::ok(answered.reply))
}
