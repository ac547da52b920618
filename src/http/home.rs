//! The home page's one call (`api/index/index`, GET and POST as the spec's client sends it):
//! the session and the view (`flows::home`) in one trip to the read pool.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Lang, SessionToken};
use crate::auth;
use crate::error::AppError;
use crate::flows::home::{HomeView, home_view};
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(index))
}

/// Balances, entries and what is new on them, for the logged-in player.
#[utoipa::path(method(get, post), path = "/api/index/index", tag = "home",
    security(("token" = [])),
    responses((status = 200, description = "envelope", body = HomeView)))]
async fn index(
    State(app): State<AppState>,
    SessionToken(token): SessionToken,
    Lang(lang): Lang,
) -> Result<Envelope<HomeView>, AppError> {
    let (config, now, limits) = (app.config.clone(), app.clock.now(), app.auth.sessions);
    let languages = (lang, app.default_lang);
    let (session, view) = app
        .db
        .read(move |connection| {
            let session = auth::session_user(connection, &token, limits, now)?;
            let view = home_view(connection, session.user_id, languages, &config, now)?;
            Ok((session, view))
        })
        .await?;
    super::extract::record_session_use(&app, &session).await?;
    Ok(Envelope::ok(view))
}
