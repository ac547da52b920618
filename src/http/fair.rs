//! Provable fairness: a room's published commitment, revealed draws, and the open period.

use super::AppState;
use super::envelope::Envelope;
use super::extract::Params;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games;
use crate::games::fairness::drawing::revealed_draw;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::Room;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(commitment))
        .routes(routes!(chains))
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
        .read(move |connection| games::lobby::current_chain(connection, room, timezone, now))
        .await?;
    Ok(Envelope::ok(CommitmentReply {
        room: room.code(),
        draw_source: room.draw_source().code(),
        commitment: chain.commitment.to_hex(),
        first_issue: chain.first_issue.to_string(),
    }))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct ChainsForm {
    /// Room code, e.g. `k3` or `canada_vip`.
    room: String,
    /// At most this many, newest first (1 to 100, default 20).
    limit: Option<String>,
}

/// A published schedule segment and the chain whose seeds it draws.
#[derive(Serialize, utoipa::ToSchema)]
struct ChainReply {
    segment_id: String,
    /// The seed chain (the id draws name); its commitment is `s_0`.
    chain_id: String,
    commitment: String,
    length: u32,
    /// The seed index `first_issue` draws with (1 for a chain's first segment).
    first_index: u32,
    first_issue: String,
    period_secs: i64,
    /// When the first period starts (Unix seconds; null for chains from before V5).
    #[schema(value_type = Option<i64>)]
    starts_at: Option<Timestamp>,
    /// When the segment was committed and published.
    #[schema(value_type = i64)]
    created_at: Timestamp,
    /// When a period change retired it, before it drew any period.
    #[schema(value_type = Option<i64>)]
    retired_at: Option<Timestamp>,
}

/// Every segment of the room's draw source as published from the moment it is committed,
/// those committed ahead included, newest first.
#[utoipa::path(get, path = "/api/fair/chains", tag = "fair", params(ChainsForm),
    responses((status = 200, description = "envelope: {room, draw_source, list}", body = [ChainReply])))]
async fn chains(
    State(app): State<AppState>,
    Params(form): Params<ChainsForm>,
) -> Result<Envelope<Value>, AppError> {
    const LIMIT_MAX: u32 = 100;
    let room = Room::parse(&form.room)?;
    let limit = match form.limit {
        None => 20,
        Some(text) => text.trim().parse::<u32>().map_err(|_| AppError::BadParams)?,
    };
    if !(1..=LIMIT_MAX).contains(&limit) {
        return Err(AppError::BadParams);
    }
    let source = room.draw_source();
    let list = app
        .db
        .read(move |connection| games::fairness::chains::recent_chains(connection, source, limit))
        .await?;
    let list: Vec<ChainReply> = list
        .into_iter()
        .map(|chain| ChainReply {
            segment_id: chain.chain_id,
            chain_id: chain.seeds_id,
            commitment: chain.commitment.to_hex(),
            length: chain.length,
            first_index: chain.first_index,
            first_issue: chain.first_issue.to_string(),
            period_secs: chain.period_secs,
            starts_at: chain.starts_at,
            created_at: chain.created_at,
            retired_at: chain.retired_at,
        })
        .collect();
    let list = serde_json::to_value(list).map_err(anyhow::Error::from)?;
    Ok(Envelope::ok(serde_json::json!({
        "room": room.code(),
        "draw_source": source.code(),
        "list": list,
    })))
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
    let draw = app.db.read(move |connection| revealed_draw(connection, source, issue)).await?;
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
    #[schema(value_type = i64)]
    close_at: Timestamp,
    #[schema(value_type = i64)]
    draw_at: Timestamp,
    /// The server's clock, for countdowns on devices whose clock is off.
    #[schema(value_type = i64)]
    now: Timestamp,
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
        .read(move |connection| games::lobby::room_index(connection, room, timezone, now))
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
