//! Health (liveness `/healthz`, readiness `/readyz`), the app's start-up config, the support contacts and hours, the agreements a player
//! accepted, and the OpenAPI description.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::auth::agreements::{self, Acceptance, AcceptanceForm, AgreementStatus};
use crate::auth::types::VerificationCode;
use crate::config::{AppConfig, LANGUAGES, SupportChannel, SupportHours};
use crate::db::DiskUsage;
use crate::error::AppError;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Timelike;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(healthz))
        .routes(routes!(readyz))
        .routes(routes!(app_config))
        .routes(routes!(customer_contacts))
        .routes(routes!(agreement_statuses))
        .routes(routes!(accept_agreement))
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

/// One readiness check: its name, whether it passed, and what it saw.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReadinessCheck {
    /// database_writable, migrations_current, scheduler_lag, disk_space, ledger or
    /// money_clock.
    pub name: &'static str,
    pub ok: bool,
    pub detail: String,
}

/// Whether the server can take players' work now, and every check behind the answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Readiness {
    /// "ready" or "not_ready".
    pub status: &'static str,
    pub checks: Vec<ReadinessCheck>,
}

/// How long the write check may wait for the writer: a queue that takes longer is not ready.
const WRITE_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Ready when the writer commits a no-op transaction, every migration is applied, no draw
/// source's oldest undrawn period is `server.scheduler_lag_max_secs` past its draw time, the
/// disk has `db.min_free_bytes` free, no failed ledger check halts payments and no clock step
/// pauses the money jobs; 503 with the failing checks otherwise.
#[utoipa::path(get, path = "/readyz", tag = "system",
    responses((status = 200, description = "every check passed", body = Readiness),
        (status = 503, description = "a check failed", body = Readiness)))]
async fn readyz(State(app): State<AppState>) -> (StatusCode, Json<Readiness>) {
    let readiness = readiness(&app).await;
    let ready = readiness.status == "ready";
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(readiness))
}

/// Every check of `/readyz` (the console's health page shows the same).
pub(crate) async fn readiness(app: &AppState) -> Readiness {
    let checks = vec![
        writable_check(app).await,
        migrations_check(app).await,
        lag_check(app).await,
        disk_check(app),
        ledger_check(app),
        money_clock_check(app).await,
    ];
    let ready = checks.iter().all(|check| check.ok);
    Readiness { status: if ready { "ready" } else { "not_ready" }, checks }
}

/// Payments halted by a failed ledger check (`scheduler::ledger_check`): read from memory.
fn ledger_check(app: &AppState) -> ReadinessCheck {
    let outcome = match app.db.ledger_halt().reason() {
        None => Ok("the last ledger check passed".to_string()),
        Some(failures) => Err(format!(
            "payments halted: the ledger check failed ({failures}); correct the books, then \
             `fairhall admin verify`"
        )),
    };
    check("ledger", outcome)
}

/// The money jobs paused after a forward step of the clock (`money_clock`).
async fn money_clock_check(app: &AppState) -> ReadinessCheck {
    let gate = app.db.read(crate::money_clock::gate).await;
    let outcome = match gate {
        Ok(crate::money_clock::Gate::Run) => Ok("the money jobs run".to_string()),
        Ok(crate::money_clock::Gate::Paused { from, to }) => Err(format!(
            "interest, instalments, rebates and salary are paused: the clock stepped {} s \
             forward (from {} to {}), beyond ledger.max_catch_up_secs; check the clock, then \
             `fairhall admin clock accept`",
            to.secs_since(from),
            from.secs(),
            to.secs()
        )),
        Err(error) => Err(format!("{:#}", anyhow::Error::from(error))),
    };
    check("money_clock", outcome)
}

fn check(name: &'static str, outcome: Result<String, String>) -> ReadinessCheck {
    match outcome {
        Ok(detail) => ReadinessCheck { name, ok: true, detail },
        Err(detail) => ReadinessCheck { name, ok: false, detail },
    }
}

async fn writable_check(app: &AppState) -> ReadinessCheck {
    // An empty write still takes the write lock and commits through the writer thread.
    let write = app.db.write(|_| Ok(()));
    let outcome = match tokio::time::timeout(WRITE_CHECK_TIMEOUT, write).await {
        Ok(Ok(())) => Ok("a no-op transaction committed".to_string()),
        Ok(Err(error)) => Err(format!("{:#}", anyhow::Error::from(error))),
        Err(_) => Err(format!("the writer did not commit within {WRITE_CHECK_TIMEOUT:?}")),
    };
    check("database_writable", outcome)
}

async fn migrations_check(app: &AppState) -> ReadinessCheck {
    let pending = app
        .db
        .read(|connection| Ok(crate::db::pending_migrations(connection)?))
        .await
        .map_err(|error| format!("{:#}", anyhow::Error::from(error)));
    let outcome = match pending {
        Ok(pending) if pending.is_empty() => Ok("every migration is applied".to_string()),
        Ok(pending) => Err(format!("not applied: {}", pending.join(", "))),
        Err(error) => Err(error),
    };
    check("migrations_current", outcome)
}

async fn lag_check(app: &AppState) -> ReadinessCheck {
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let bound = app.config.server.scheduler_lag_max_secs;
    let lag = app
        .db
        .read(move |connection| crate::games::schedule::lag(connection, timezone, now))
        .await
        .map_err(|error| format!("{:#}", anyhow::Error::from(error)));
    let outcome = match lag {
        Ok(lag) if lag.lag_secs() < bound => Ok(format!("{} s behind at most", lag.lag_secs())),
        Ok(lag) => Err(format!(
            "{} s behind (server.scheduler_lag_max_secs = {bound}): {}",
            lag.lag_secs(),
            lag.secs_by_source()
                .into_iter()
                .filter(|(_, secs)| *secs >= bound)
                .map(|(source, secs)| format!("{source} {secs} s"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        Err(error) => Err(error),
    };
    check("scheduler_lag", outcome)
}

fn disk_check(app: &AppState) -> ReadinessCheck {
    let (free, min) = (app.db.disk_usage().disk_free_bytes, app.config.db.min_free_bytes);
    let outcome = if free >= min {
        Ok(format!("{free} bytes free"))
    } else {
        Err(format!("{free} bytes free, below db.min_free_bytes = {min}"))
    };
    check("disk_space", outcome)
}

/// An agreement the register page links and the player accepts.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AgreementInfo {
    pub key: String,
    /// The operator's titles by language; the app's own title of the key otherwise.
    pub titles: BTreeMap<String, String>,
    /// An app route (`#/pages/...`) or an http(s) address.
    pub url: String,
    pub version: String,
}

/// A country or region of pages/system/choose-location.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LocationInfo {
    pub code: String,
    pub name: String,
    /// The flag picture: a path served by the app or an http(s) address.
    pub picture: String,
    pub currency: String,
    pub dialling_code: String,
    /// A JavaScript-compatible pattern for the national mobile number.
    pub phone_pattern: String,
}

/// The key and IV of the encrypted replies, hex. Handing them to every client is fine: the
/// encryption is the spec clients' obfuscation, not a secret; TLS protects the player.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReplyEncryption {
    pub key: String,
    pub iv: String,
}

/// What the app needs before login: languages, registration rules, agreements, locations.
/// Never encrypted, so the app can read the key of the replies that are.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AppConfigReply {
    pub app_name: String,
    /// The app version the settings and about screens show: this binary's, as `fairhall
    /// --version` prints it.
    pub version: &'static str,
    /// The version of this server binary (the same as `version`; kept for older clients).
    pub server_version: &'static str,
    pub default_lang: &'static str,
    pub languages: Vec<&'static str>,
    pub require_invite: bool,
    pub require_code: bool,
    /// A JavaScript-compatible pattern for mobile numbers (when no location is chosen).
    pub phone_pattern: String,
    pub code_length: usize,
    pub code_resend_secs: i64,
    pub support_url: String,
    pub telegram_url: String,
    pub agreements: Vec<AgreementInfo>,
    pub locations: Vec<LocationInfo>,
    /// Origins pages/framebox may show.
    pub frame_allow: Vec<String>,
    /// Present when `api.encrypt` is on.
    pub encryption: Option<ReplyEncryption>,
    /// The age registration asks the player to confirm (`protection.legal_age`).
    pub legal_age: u32,
    /// Registration asks for a date of birth (`protection.require_birth_date`).
    pub require_birth_date: bool,
}

#[utoipa::path(get, path = "/api/index/config", tag = "system",
    responses((status = 200, description = "envelope", body = AppConfigReply)))]
async fn app_config(State(app): State<AppState>) -> Envelope<AppConfigReply> {
    let config = &app.config;
    Envelope::ok(AppConfigReply {
        app_name: config.app.name.clone(),
        version: env!("CARGO_PKG_VERSION"),
        server_version: env!("CARGO_PKG_VERSION"),
        default_lang: app.default_lang,
        languages: LANGUAGES.to_vec(),
        require_invite: config.auth.require_invite,
        require_code: config.auth.require_code,
        phone_pattern: config.auth.phone_pattern.clone(),
        code_length: VerificationCode::LENGTH,
        code_resend_secs: config.auth.code_resend_secs,
        support_url: config.app.support_url.clone(),
        telegram_url: config.app.telegram_url.clone(),
        agreements: agreement_infos(&config.app),
        locations: location_infos(&config.app),
        frame_allow: config.app.frame_allow.clone(),
        encryption: config.api.encrypt.then(|| ReplyEncryption {
            key: config.api.key.to_ascii_lowercase(),
            iv: config.api.iv.to_ascii_lowercase(),
        }),
        legal_age: config.protection.legal_age,
        require_birth_date: config.protection.require_birth_date,
    })
}

fn agreement_infos(app: &AppConfig) -> Vec<AgreementInfo> {
    app.agreements
        .iter()
        .map(|agreement| AgreementInfo {
            key: agreement.key.clone(),
            titles: agreement.titles.clone(),
            url: agreement.url.clone(),
            version: agreement.version.clone(),
        })
        .collect()
}

fn location_infos(app: &AppConfig) -> Vec<LocationInfo> {
    app.locations
        .iter()
        .map(|location| LocationInfo {
            code: location.code.clone(),
            name: location.name.clone(),
            picture: location.picture.clone(),
            currency: location.currency.clone(),
            dialling_code: location.dialling_code.clone(),
            phone_pattern: location.phone_pattern.clone(),
        })
        .collect()
}

/// A customer-service link with its label ("" for the app's own label of the channel).
#[derive(Serialize, utoipa::ToSchema)]
pub struct SupportLinkInfo {
    pub channel: SupportChannel,
    pub label: String,
    pub url: String,
}

/// The support contacts and hours of the config.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CustomerContacts {
    /// `app.support_url`, "" when unset.
    pub support_url: String,
    /// `app.telegram_url`, "" when unset.
    pub telegram_url: String,
    /// Every link: `support_url` and `telegram_url` first, then `app.support_links`.
    pub links: Vec<SupportLinkInfo>,
    /// "HH:MM-HH:MM" in `timezone`.
    pub hours: String,
    pub timezone: String,
    /// Whether the hours include this moment in the support time zone.
    pub open_now: bool,
}

#[utoipa::path(get, path = "/api/customer/index", tag = "content", security(("token" = [])),
    responses((status = 200, description = "envelope", body = CustomerContacts)))]
async fn customer_contacts(
    State(app): State<AppState>,
    _session: Session,
) -> Result<Envelope<CustomerContacts>, AppError> {
    let config = &app.config.app;
    let hours = SupportHours::parse(&config.support_hours)
        .ok_or_else(|| anyhow::anyhow!("app.support_hours was validated at start"))?;
    let timezone: chrono_tz::Tz = config.support_timezone.parse().unwrap_or(chrono_tz::UTC);
    let local = app
        .clock
        .now()
        .to_datetime()
        .ok_or_else(|| anyhow::anyhow!("the clock is out of range"))?
        .with_timezone(&timezone);
    let link = |channel, label: &str, url: &str| SupportLinkInfo {
        channel,
        label: label.to_string(),
        url: url.to_string(),
    };
    let configured = [
        link(SupportChannel::Web, "", &config.support_url),
        link(SupportChannel::Telegram, "", &config.telegram_url),
    ];
    let links = configured
        .into_iter()
        .filter(|link| !link.url.is_empty())
        .chain(
            config.support_links.iter().map(|extra| link(extra.channel, &extra.label, &extra.url)),
        )
        .collect();
    Ok(Envelope::ok(CustomerContacts {
        support_url: config.support_url.clone(),
        telegram_url: config.telegram_url.clone(),
        links,
        hours: config.support_hours.clone(),
        timezone: config.support_timezone.clone(),
        open_now: hours.is_open_at(local.hour() * 60 + local.minute()),
    }))
}

/// The player's standing with each agreement in force: accepted or not, which version, when.
#[utoipa::path(get, path = "/api/agreements/index", tag = "account", security(("token" = [])),
    responses((status = 200, description = "envelope", body = Vec<AgreementStatus>)))]
async fn agreement_statuses(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Vec<AgreementStatus>>, AppError> {
    let (auth, user_id) = (app.auth.clone(), session.user_id);
    let statuses = app
        .db
        .read(move |connection| {
            agreements::agreement_statuses(connection, user_id, &auth.agreements)
        })
        .await?;
    Ok(Envelope::ok(statuses))
}

/// Accept the version in force of one agreement (after the operator raised it).
#[utoipa::path(post, path = "/api/agreements/accept", tag = "account", security(("token" = [])),
    request_body = AcceptanceForm,
    responses((status = 200, description = "envelope; every agreement's standing",
        body = Vec<AgreementStatus>)))]
async fn accept_agreement(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<AcceptanceForm>,
) -> Result<Envelope<Vec<AgreementStatus>>, AppError> {
    let acceptance = Acceptance::parse(form, &app.auth.agreements)?;
    let (auth, user_id, now) = (app.auth.clone(), session.user_id, app.clock.now());
    let statuses = app
        .db
        .write(move |tx| agreements::accept(tx, user_id, &acceptance, &auth.agreements, now))
        .await?;
    Ok(Envelope::ok(statuses))
}
