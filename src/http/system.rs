//! Health, the app's start-up config, and the OpenAPI description.

use super::AppState;
use super::envelope::Envelope;
use crate::auth::types::VerificationCode;
use crate::config::LANGUAGES;
use crate::db::DiskUsage;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(app_config))
}

/// Liveness and the database's disk usage: `status` is always "ok" while the server answers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    pub status: &'static str,
    #[serde(flatten)]
    pub disk: DiskUsage,
}

/// Answers as soon as the server accepts requests; reads file metadata only (no query).
#[utoipa::path(get, path = "/healthz", tag = "system",
    responses((status = 200, description = "status ok, the log size and the free disk space",
        body = Health)))]
async fn healthz(State(app): State<AppState>) -> Json<Health> {
    Json(Health { status: "ok", disk: app.db.disk_usage() })
}

/// What the app needs before login: languages, registration rules, support links.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AppConfigReply {
    pub app_name: String,
    pub version: &'static str,
    pub default_lang: &'static str,
    pub languages: Vec<&'static str>,
    pub require_invite: bool,
    pub require_code: bool,
    /// A JavaScript-compatible pattern for mobile numbers.
    pub phone_pattern: String,
    pub code_length: usize,
    pub code_resend_secs: i64,
    pub support_url: String,
    pub telegram_url: String,
}

#[utoipa::path(get, path = "/api/index/config", tag = "system",
    responses((status = 200, description = "envelope", body = AppConfigReply)))]
async fn app_config(State(app): State<AppState>) -> Envelope<AppConfigReply> {
    let config = &app.config;
    Envelope::ok(AppConfigReply {
        app_name: config.app.name.clone(),
        version: env!("CARGO_PKG_VERSION"),
        default_lang: app.default_lang,
        languages: LANGUAGES.to_vec(),
        require_invite: config.auth.require_invite,
        require_code: config.auth.require_code,
        phone_pattern: config.auth.phone_pattern.clone(),
        code_length: VerificationCode::LENGTH,
        code_resend_secs: config.auth.code_resend_secs,
        support_url: config.app.support_url.clone(),
        telegram_url: config.app.telegram_url.clone(),
    })
}
