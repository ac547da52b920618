//! The yn28 trading hall's endpoints: each region's page, entering a tier room and the
//! region's trend chart (docs/api-contract-games.md "yn28 trading hall").

use super::AppState;
use super::envelope::Envelope;
use super::extract::{MaybeSession, Params, Session};
use crate::error::AppError;
use crate::games::hall::{self, Entered, RegionHall, Trend, TrendForm, TrendQuery, Visitor};
use crate::games::rules::room::Region;
use crate::games::rules::room::Room;
use crate::ids::UserId;
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(canada))
        .routes(routes!(china))
        .routes(routes!(usa))
        .routes(routes!(enter))
        .routes(routes!(trend))
}

/// The canada hall: open period, latest result and the four tier rooms.
#[utoipa::path(get, path = "/api/rooms/canada", tag = "yn28",
    responses((status = 200, description = "envelope; can_enter null without a session", body = RegionHall)))]
async fn canada(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
) -> Result<Envelope<RegionHall>, AppError> {
    region_hall(app, Region::Canada, session.map(|session| session.user_id)).await
}

/// The china hall: open period, latest result and the four tier rooms.
#[utoipa::path(get, path = "/api/rooms/china", tag = "yn28",
    responses((status = 200, description = "envelope; can_enter null without a session", body = RegionHall)))]
async fn china(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
) -> Result<Envelope<RegionHall>, AppError> {
    region_hall(app, Region::China, session.map(|session| session.user_id)).await
}

/// The usa hall: open period, latest result and the four tier rooms.
#[utoipa::path(get, path = "/api/rooms/usa", tag = "yn28",
    responses((status = 200, description = "envelope; can_enter null without a session", body = RegionHall)))]
async fn usa(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
) -> Result<Envelope<RegionHall>, AppError> {
    region_hall(app, Region::Usa, session.map(|session| session.user_id)).await
}

async fn region_hall(
    app: AppState,
    region: Region,
    user_id: Option<UserId>,
) -> Result<Envelope<RegionHall>, AppError> {
    let (timezone, now, presence) = (app.config.timezone(), app.clock.now(), app.presence.clone());
    let page = app
        .db
        .read(move |connection| {
            let visitor = Visitor { user_id, presence: &presence };
            hall::region_hall(connection, region, timezone, now, visitor)
        })
        .await?;
    Ok(Envelope::ok(page))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct EnterForm {
    /// A tier room, e.g. `canada_vip`.
    room: Option<String>,
}

/// Enter a room: refused when it is closed or the game balance is below its entry minimum.
#[utoipa::path(post, path = "/api/rooms/enter", tag = "yn28", security(("token" = [])),
    request_body = EnterForm,
    responses((status = 200, description = "envelope; err room_closed, room_balance_too_low", body = Entered)))]
async fn enter(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<EnterForm>,
) -> Result<Envelope<Entered>, AppError> {
    let room = Room::parse(form.room.as_deref().ok_or(AppError::MissingParams)?.trim())?;
    let user_id = session.user_id;
    let entered = app.db.read(move |connection| hall::enter(connection, room, user_id)).await?;
    Ok(Envelope::ok(entered))
}

/// A region's draws newest first with their tags, tag counts over the last 20/50/100 draws
/// and the region's long-dragon runs.
#[utoipa::path(get, path = "/api/trend/index", tag = "yn28", params(TrendForm),
    responses((status = 200, description = "envelope", body = Trend)))]
async fn trend(
    State(app): State<AppState>,
    Params(form): Params<TrendForm>,
) -> Result<Envelope<Trend>, AppError> {
    let query = TrendQuery::parse(form)?;
    let run_min = app.config.games.long_run_min;
    let trend = app.db.read(move |connection| hall::trend(connection, query, run_min)).await?;
    Ok(Envelope::ok(trend))
}
