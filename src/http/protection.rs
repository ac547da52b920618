//! Player protection endpoints (`protection`, docs/player-protection.md): the page, deposit
//! and loss limits, the reality-check interval and its acknowledgement, time-outs and
//! self-exclusions. All stay open while an exclusion runs.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{ClientAddress, Params, Session};
use crate::auth::SessionUser;
use crate::error::AppError;
use crate::flows::protection::PLAY_COUNTS;
use crate::protection::{
    self, ExclusionForm, ExclusionRequest, LimitChange, LimitForm, PlaySession, ProtectionSettings,
    ProtectionState, RealityCheckForm, RealityInterval, SessionState,
};
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(index))
        .routes(routes!(limit))
        .routes(routes!(reality_check))
        .routes(routes!(session_state))
        .routes(routes!(acknowledge))
        .routes(routes!(exclude))
}

fn play_session(session: &SessionUser) -> PlaySession {
    PlaySession { token_hash: session.token_hash.clone(), started_at: session.started_at }
}

/// The protection page: limits with what they counted and any pending increase, the
/// reality-check interval, the running time-out or self-exclusion and the choices.
#[utoipa::path(get, path = "/api/protection/index", tag = "protection", security(("token" = [])),
    responses((status = 200, description = "envelope", body = ProtectionState)))]
async fn index(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<ProtectionState>, AppError> {
    let (settings, user_id, now) = (
        ProtectionSettings::from_config(&app.config, PLAY_COUNTS),
        session.user_id,
        app.clock.now(),
    );
    let state = app
        .db
        .read(move |connection| protection::state(connection, user_id, &settings, now))
        .await?;
    Ok(Envelope::ok(state))
}

/// Sets, lowers, raises or removes (`amount` "") a deposit or loss limit: a new limit or a
/// decrease applies at once, an increase or removal after `protection.limit_increase_delay_secs`.
#[utoipa::path(post, path = "/api/protection/limit", tag = "protection", security(("token" = [])),
    request_body = LimitForm,
    responses((status = 200, description = "envelope; err invalid_limit, missing_params",
        body = ProtectionState)))]
async fn limit(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<LimitForm>,
) -> Result<Envelope<ProtectionState>, AppError> {
    let change = LimitChange::parse(form)?;
    let (settings, user_id, now) = (
        ProtectionSettings::from_config(&app.config, PLAY_COUNTS),
        session.user_id,
        app.clock.now(),
    );
    let state =
        app.db.write(move |tx| protection::set_limit(tx, user_id, change, &settings, now)).await?;
    Ok(Envelope::ok(state))
}

/// Chooses the reality-check interval, one of `reality_check_choices` (0: off).
#[utoipa::path(post, path = "/api/protection/reality_check", tag = "protection",
    security(("token" = [])), request_body = RealityCheckForm,
    responses((status = 200, description = "envelope; err invalid_limit, missing_params",
        body = ProtectionState)))]
async fn reality_check(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<RealityCheckForm>,
) -> Result<Envelope<ProtectionState>, AppError> {
    let settings = ProtectionSettings::from_config(&app.config, PLAY_COUNTS);
    let interval = RealityInterval::parse(form, &settings.reality_check_choices_mins)?;
    let (user_id, now) = (session.user_id, app.clock.now());
    let state = app
        .db
        .write(move |tx| protection::set_reality_check(tx, user_id, interval, &settings, now))
        .await?;
    Ok(Envelope::ok(state))
}

/// The reality check of this session: time since login, net result of the bets placed since,
/// the interval, whether it is due and when it falls due next.
#[utoipa::path(get, path = "/api/protection/session", tag = "protection",
    security(("token" = [])),
    responses((status = 200, description = "envelope", body = SessionState)))]
async fn session_state(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<SessionState>, AppError> {
    let (user_id, play, now) = (session.user_id, play_session(&session), app.clock.now());
    let state = app
        .db
        .read(move |connection| {
            protection::session(connection, user_id, (&play, PLAY_COUNTS.losses), now)
        })
        .await?;
    Ok(Envelope::ok(state))
}

/// Acknowledges the reality check: bets are taken again and the interval counts from now.
#[utoipa::path(post, path = "/api/protection/session/ack", tag = "protection",
    security(("token" = [])),
    responses((status = 200, description = "envelope", body = SessionState)))]
async fn acknowledge(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<SessionState>, AppError> {
    let (user_id, play, now) = (session.user_id, play_session(&session), app.clock.now());
    let state = app
        .db
        .write(move |tx| protection::acknowledge(tx, user_id, (&play, PLAY_COUNTS.losses), now))
        .await?;
    Ok(Envelope::ok(state))
}

/// Takes a time-out or a self-exclusion, confirmed with the login password. It applies at once
/// and can only be extended, never shortened (`exclusion_cannot_shorten`).
#[utoipa::path(post, path = "/api/protection/exclude", tag = "protection",
    security(("token" = [])), request_body = ExclusionForm,
    responses((status = 200, description = "envelope; err invalid_limit, missing_params, \
        login_failed, throttled, exclusion_cannot_shorten", body = ProtectionState)))]
async fn exclude(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Params(form): Params<ExclusionForm>,
) -> Result<Envelope<ProtectionState>, AppError> {
    let (request, password): (ExclusionRequest, String) = ExclusionRequest::parse(form)?;
    let now = app.clock.now();
    let typist = (&session, address);
    crate::auth::security::confirm_login_password(&app.db, &app.auth, typist, password, now)
        .await?;
    let (settings, user_id) =
        (ProtectionSettings::from_config(&app.config, PLAY_COUNTS), session.user_id);
    let state =
        app.db.write(move |tx| protection::exclude(tx, user_id, request, &settings, now)).await?;
    Ok(Envelope::ok(state))
}
