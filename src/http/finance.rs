//! Yu E Bao endpoints: the savings page, moves in and out, and the savings log.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Idempotency, Params, Session};
use crate::error::AppError;
use crate::finance::types::{
    Direction, SavingsBalances, SavingsMove, SavingsMoveForm, SavingsSummary,
};
use crate::finance::{self, FinanceSettings};
use crate::flows::keyed::{self, At, Keyed};
use crate::idempotency::IdempotencyKey;
use crate::ids::UserId;
use crate::paging::{Page, Paging};
use crate::wallet::records::ChangeRecord;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(summary))
        .routes(routes!(move_in))
        .routes(routes!(move_out))
        .routes(routes!(log))
}

/// The savings page: balances, yesterday's and total interest, the rate, the 7-day yield.
#[utoipa::path(get, path = "/api/yuebao/index", tag = "finance", security(("token" = [])),
    responses((status = 200, description = "envelope", body = SavingsSummary)))]
async fn summary(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<SavingsSummary>, AppError> {
    let (user_id, now) = (session.user_id, app.clock.now());
    let settings = FinanceSettings::from_config(&app.config);
    let summary = app
        .db
        .read(move |connection| finance::summary(connection, user_id, &settings, now))
        .await?;
    Ok(Envelope::ok(summary))
}

/// Move money from the wallet into savings (the first move at least
/// `finance.savings_first_in_min`).
#[utoipa::path(post, path = "/api/yuebao/in", tag = "finance", security(("token" = [])),
    request_body = SavingsMoveForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: balances", body = SavingsBalances)))]
async fn move_in(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
    Params(form): Params<SavingsMoveForm>,
) -> Result<Envelope<Value>, AppError> {
    let request = SavingsMove::parse(Direction::In, form)?;
    move_money(app, session.user_id, key, request).await
}

/// Move money from savings back to the wallet.
#[utoipa::path(post, path = "/api/yuebao/out", tag = "finance", security(("token" = [])),
    request_body = SavingsMoveForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: balances", body = SavingsBalances)))]
async fn move_out(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
    Params(form): Params<SavingsMoveForm>,
) -> Result<Envelope<Value>, AppError> {
    let request = SavingsMove::parse(Direction::Out, form)?;
    move_money(app, session.user_id, key, request).await
}

async fn move_money(
    app: AppState,
    user_id: UserId,
    key: Option<IdempotencyKey>,
    request: SavingsMove,
) -> Result<Envelope<Value>, AppError> {
    let settings = FinanceSettings::from_config(&app.config);
    let keyed = Keyed { user_id, key, description: request.describe() };
    let answered = keyed::once(&app.db, keyed, At::Request(app.clock.now()), move |tx, now| {
        finance::move_money(tx, user_id, request, &settings, now)
    })
    .await?;
    Ok(Envelope::ok(answered.reply))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct LogForm {
    page: Option<String>,
    limit: Option<String>,
}

/// The savings log: moves in (`savings_in`), out (`savings_out`) and `interest`, newest first.
#[utoipa::path(get, path = "/api/yuebao/log", tag = "finance", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<ChangeRecord>)))]
async fn log(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<LogForm>,
) -> Result<Envelope<Page<ChangeRecord>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let user_id = session.user_id;
    let page = app.db.read(move |connection| finance::log(connection, user_id, paging)).await?;
    Ok(Envelope::ok(page))
}
