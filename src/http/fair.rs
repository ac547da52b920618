//! Provable fairness: a room's published commitment, revealed draws, and the open period.

use super::AppState;
use super::envelope::Envelope;
use super::extract::Params;
use crate::error::AppError;
use crate::games::{self, Issue, Room};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(commitment))
        .routes(routes!(draw))
        .routes(routes!(room_index))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct RoomForm {
    /// Room code, e.g. `k3` or `canada_vip`.
    room: String,
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct DrawForm {
    room: String,
    /// `YYYYMMDD` + 4-digit sequence.
    issue: String,
}

/// The commitment `s_0` of the chain drawing the room's open period.
#[derive(Serialize, utoipa::ToSchema)]
struct CommitmentReply {
    room: String,
    draw_source: &'static str,
    commitment: String,
    first_issue: String,
}

#[utoipa::path(get, path = "/api/fair/commitment", tag = "fair", params(RoomForm),
    responses((status = 200, description = "envelope", body = CommitmentReply)))]
async fn commitment(
    State(app): State<AppState>,
    Params(form): Params<RoomForm>,
) -> Result<Envelope<CommitmentReply>, AppError> {
    let room = Room::parse(&form.room)?;
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let chain = app
        .db
        .read(move |connection| games::rooms::current_chain(connection, room, timezone, now))
        .await?;
    Ok(Envelope::ok(CommitmentReply {
        room: room.code(),
        draw_source: room.draw_source().code(),
        commitment: chain.commitment.to_hex(),
        first_issue: chain.first_issue.to_string(),
    }))
}

/// A drawn period: its revealed seed, the link it must hash to, and its values.
#[derive(Serialize, utoipa::ToSchema)]
struct DrawReply {
    room: String,
    issue: String,
    seed: String,
    /// The previous period's seed, or the commitment for a chain's first period.
    previous: String,
    commitment: String,
    #[schema(value_type = Object)]
    values: Value,
}

#[utoipa::path(get, path = "/api/fair/draw", tag = "fair", params(DrawForm),
    responses((status = 200, description = "envelope; err not_found before the draw", body = DrawReply)))]
async fn draw(
    State(app): State<AppState>,
    Params(form): Params<DrawForm>,
) -> Result<Envelope<DrawReply>, AppError> {
    let room = Room::parse(&form.room)?;
    let issue = Issue::parse(&form.issue)?;
    let source = room.draw_source();
    let draw =
        app.db.read(move |connection| games::revealed_draw(connection, source, issue)).await?;
    Ok(Envelope::ok(DrawReply {
        room: room.code(),
        issue: draw.issue.to_string(),
        seed: draw.seed.to_hex(),
        previous: draw.previous.to_hex(),
        commitment: draw.commitment.to_hex(),
        values: draw.values,
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
struct LastDraw {
    issue: String,
    #[schema(value_type = Object)]
    values: Value,
}

/// The room's open period and the latest result.
#[derive(Serialize, utoipa::ToSchema)]
struct RoomIndexReply {
    room: String,
    game: &'static str,
    issue: String,
    close_at: i64,
    draw_at: i64,
    /// The server's clock, for countdowns on devices whose clock is off.
    now: i64,
    period_secs: i64,
    close_secs: i64,
    is_open: bool,
    last: Option<LastDraw>,
}

#[utoipa::path(get, path = "/api/roominfo/index", tag = "fair", params(RoomForm),
    responses((status = 200, description = "envelope", body = RoomIndexReply)))]
async fn room_index(
    State(app): State<AppState>,
    Params(form): Params<RoomForm>,
) -> Result<Envelope<RoomIndexReply>, AppError> {
    let room = Room::parse(&form.room)?;
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let index = app
        .db
        .read(move |connection| games::rooms::room_index(connection, room, timezone, now))
        .await?;
    Ok(Envelope::ok(RoomIndexReply {
        room: room.code(),
        game: room.game().code(),
        issue: index.period.issue.to_string(),
        close_at: index.period.close_at,
        draw_at: index.period.draw_at,
        now,
        period_secs: index.period.period_secs,
        close_secs: index.period.draw_at - index.period.close_at,
        is_open: index.settings.is_open,
        last: index.last.map(|(issue, values)| LastDraw { issue: issue.to_string(), values }),
    }))
}
