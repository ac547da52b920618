//! The VIP page's endpoint: the player's level, totals, distance to the next level and every
//! level's benefits.

use super::AppState;
use super::envelope::Envelope;
use super::extract::Session;
use crate::error::AppError;
use crate::growth::vip::{self, Overview};
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(index))
}

/// The VIP page (pages/vip/index): the level the player holds (it sets his withdrawal cap and
/// daily count), his total deposit and betting points, the exact distance to the next level
/// (deposit and betting still needed, never negative; null at the top), the levels whose
/// upgrade reward he has had, and every level's conditions and benefits.
#[utoipa::path(get, path = "/api/vip/index", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope", body = Overview)))]
async fn index(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Overview>, AppError> {
    let (user_id, config) = (session.user_id, app.config.clone());
    let overview = app
        .db
        .read(move |connection| vip::overview(connection, user_id, &config.growth.vip))
        .await?;
    Ok(Envelope::ok(overview))
}
