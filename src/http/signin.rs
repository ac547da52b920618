//! Daily sign-in endpoints: the page (today, the streak, the reward table, a month's calendar)
//! and signing in.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Idempotency, Params, Session};
use crate::error::AppError;
use crate::flows::keyed::{self, At, Keyed};
use crate::growth::signin::types::{Month, SigninIndex};
use crate::growth::signin::{self, SigninSettings};
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(index)).routes(routes!(sign))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct IndexForm {
    month: Option<String>,
}

/// The sign-in page: signed today or not, the streak, today's and the next reward, the reward
/// table and the signed days of `month` (YYYY-MM, default the current operator month).
#[utoipa::path(get, path = "/api/signin/index", tag = "growth", security(("token" = [])),
    params(("month" = Option<String>, Query, description = "YYYY-MM")),
    responses((status = 200, description = "envelope", body = SigninIndex)))]
async fn index(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<IndexForm>,
) -> Result<Envelope<SigninIndex>, AppError> {
    let month = form.month.filter(|text| !text.trim().is_empty()).map(|text| Month::parse(&text));
    let month = month.transpose()?;
    let (settings, now) = (SigninSettings::from_config(&app.config), app.clock.now());
    let user_id = session.user_id;
    let index = app
        .db
        .read(move |connection| signin::index(connection, user_id, month, &settings, now))
        .await?;
    Ok(Envelope::ok(index))
}

/// Signs in for today: `already_signed` on a second sign-in the same operator day,
/// `recharge_first` when the operator asks for a passed deposit first, `not_found` (404) when
/// the operator offers no sign-in reward (`growth.signin.enabled = false`).
#[utoipa::path(post, path = "/api/signin/sign", tag = "growth", security(("token" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope",
        body = crate::growth::signin::types::SigninReceipt),
        (status = 404, description = "envelope with err not_found: sign-in is switched off")))]
async fn sign(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
) -> Result<Envelope<Value>, AppError> {
    let (settings, user_id) = (SigninSettings::from_config(&app.config), session.user_id);
    let keyed = Keyed { user_id, key, description: "signin".into() };
    // The writer's time: the day a sign-in counts for is the day it commits.
    let answered = keyed::once(&app.db, keyed, At::Commit(app.clock.clone()), move |tx, now| {
        signin::sign(tx, user_id, &settings, now)
    })
    .await?;
    Ok(Envelope::ok(answered.reply))
}
