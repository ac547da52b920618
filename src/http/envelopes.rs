//! Red envelope endpoints: claiming by code, the player's claims and one claimed envelope.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{ClientAddress, Idempotency, Params, Session};
use crate::error::AppError;
use crate::growth::envelopes::types::{ClaimRecord, EnvelopeCode, EnvelopeDetail};
use crate::growth::envelopes::{self, ClaimRequest, EnvelopeSettings};
use crate::paging::{Page, Paging};
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(claim)).routes(routes!(records)).routes(routes!(detail))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct EnvelopeClaimForm {
    code: Option<String>,
}

/// Claim a share of the envelope a code names; the share goes to the wallet. Refusals:
/// envelope_code_abnormal, envelope_expired, envelope_invalid, envelope_not_yours,
/// envelope_claimed, recharge_first, throttled (after repeated wrong codes).
#[utoipa::path(post, path = "/api/envelope/claim", tag = "growth", security(("token" = [])),
    request_body = EnvelopeClaimForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope",
        body = crate::growth::envelopes::types::ClaimReceipt)))]
async fn claim(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Idempotency(key): Idempotency,
    Params(form): Params<EnvelopeClaimForm>,
) -> Result<Envelope<Value>, AppError> {
    let code = EnvelopeCode::parse(&form.code.ok_or(AppError::MissingParams)?).ok();
    let (settings, clock) = (EnvelopeSettings::from_config(&app.config), app.clock.clone());
    let user_id = session.user_id;
    let reply = app
        .db
        .write(move |tx| {
            // The writer's time: claims are decided in the order they commit.
            let now = clock.now();
            let request =
                ClaimRequest { user_id, code, address: &address, idempotency_key: key.as_ref() };
            envelopes::claim(tx, &request, &settings, now)
        })
        .await?
        .into_result()?;
    Ok(Envelope::ok(reply))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct PageForm {
    page: Option<String>,
    limit: Option<String>,
}

/// The player's claims, newest first.
#[utoipa::path(get, path = "/api/envelope/records", tag = "growth", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}",
        body = Page<ClaimRecord>)))]
async fn records(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<PageForm>,
) -> Result<Envelope<Page<ClaimRecord>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let user_id = session.user_id;
    let page =
        app.db.read(move |connection| envelopes::records(connection, user_id, paging)).await?;
    Ok(Envelope::ok(page))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct IdForm {
    id: Option<String>,
}

/// An envelope the player claimed: totals and every claim (phones masked, the luckiest
/// marked); not_found (HTTP 404) for one the player holds no share of.
#[utoipa::path(get, path = "/api/envelope/detail", tag = "growth", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = EnvelopeDetail),
        (status = 404, description = "envelope not_found")))]
async fn detail(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<IdForm>,
) -> Result<Envelope<EnvelopeDetail>, AppError> {
    let id_text = form.id.ok_or(AppError::MissingParams)?;
    let id: i64 = id_text.trim().parse().map_err(|_| AppError::BadParams)?;
    let user_id = session.user_id;
    let detail = app.db.read(move |connection| envelopes::detail(connection, user_id, id)).await?;
    Ok(Envelope::ok(detail))
}
