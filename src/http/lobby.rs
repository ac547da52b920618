//! The game lists (pages/jogos/index and game-details): every room, or one game's, with the
//! period open now and the server's clock for the countdowns.

use super::AppState;
use super::envelope::Envelope;
use super::extract::Params;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::lobby::{self, LiveRoom};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rooms))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct RoomsForm {
    /// `k3`, `pk10`, `ssc`, `rgb` or `yn28`; every game when absent.
    game: Option<String>,
}

/// The rooms with their open periods.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct RoomsReply {
    /// The server's clock (Unix seconds), for countdowns on devices whose clock is off.
    #[schema(value_type = i64)]
    now: Timestamp,
    list: Vec<LiveRoom>,
}

/// Every room (of `game` when given) with the period open now; `bad_params` for an unknown game.
#[utoipa::path(get, path = "/api/rooms/index", tag = "games", params(RoomsForm),
    responses((status = 200, description = "envelope", body = RoomsReply)))]
async fn rooms(
    State(app): State<AppState>,
    Params(form): Params<RoomsForm>,
) -> Result<Envelope<RoomsReply>, AppError> {
    let game = form.game.as_deref().map(str::trim).filter(|code| !code.is_empty());
    let game = game.map(lobby::parse_game).transpose()?;
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let list =
        app.db.read(move |connection| lobby::live_rooms(connection, game, timezone, now)).await?;
    Ok(Envelope::ok(RoomsReply { now, list }))
}
