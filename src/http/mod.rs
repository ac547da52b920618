//! The HTTP API: one router merging each area's routes, the envelope, extractors, the compat
//! path rewrite, security headers, compression and the embedded frontend.

mod accounts;
mod assets;
mod bonus;
pub mod compat;
mod console;
mod content;
mod cross_site;
pub mod envelope;
mod envelopes;
pub mod extract;
mod fair;
mod finance;
mod games;
mod goods;
mod handoff;
mod home;
pub mod live_socket;
mod lobby;
mod metrics;
mod notice;
mod openapi;
mod payout_accounts;
mod profile;
mod protection;
mod reply_encryption;
mod rules;
mod signin;
mod statement;
mod system;
mod tasks;
mod team;
pub mod tls;
mod vip;
mod wallet;
mod yn28;

use crate::auth::AuthSettings;
use crate::clock::Clock;
use crate::config::Config;
use crate::crypto::{CardCipher, ReplyCipher};
use crate::db::Db;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::wallet::WalletSettings;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, header};
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa_axum::router::OpenApiRouter;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub auth: Arc<AuthSettings>,
    pub clock: Clock,
    pub default_lang: &'static str,
    pub wallet: Arc<WalletSettings>,
    /// Encrypts bank card numbers at rest, keyed from `[secrets]`.
    pub card_cipher: Arc<CardCipher>,
    /// Bumped by the scheduler after draws and settlements; live pages wait on it.
    pub live: Arc<tokio::sync::watch::Sender<u64>>,
    /// The players with each room's live stream open (`online` of the yn28 hall).
    pub presence: Arc<crate::games::presence::Presence>,
    /// Which chain keys the key file holds (betting refuses a room it cannot draw).
    pub chain_keys: Arc<ChainKeys>,
    /// The live streams (`api/live`): each room's shared event and the streams' caps.
    pub live_hub: Arc<crate::live::LiveHub>,
    /// Encrypts the replies of `api/*` when `api.encrypt` is on.
    pub reply_cipher: Option<Arc<ReplyCipher>>,
    /// The backup job `serve` runs daily and on SIGUSR1, which the console asks too.
    pub backup: crate::backup::schedule::BackupJob,
}

impl AppState {
    pub fn new(config: Config, db: Db, clock: Clock) -> anyhow::Result<AppState> {
        let auth = Arc::new(
            AuthSettings::from_config(&config.auth)?
                .with_app(&config.app)?
                .with_age_rule(&config.protection, config.timezone()),
        );
        crate::auth::permissions::check_console_roles(&config.console.roles)?;
        let default_lang = crate::i18n::normalize(&config.app.default_lang).unwrap_or("vi");
        let wallet = Arc::new(WalletSettings::from_config(&config));
        let secrets = &config.secrets;
        let card_cipher = Arc::new(CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?);
        let config = Arc::new(config);
        let live = Arc::new(tokio::sync::watch::channel(0).0);
        let chain_keys = Arc::new(ChainKeys::open(&config.server.data_dir)?);
        let presence: Arc<crate::games::presence::Presence> = Arc::default();
        let parts = crate::live::HubParts {
            db: db.clone(),
            clock: clock.clone(),
            timezone: config.timezone(),
            announcements: live.clone(),
            presence: presence.clone(),
            session_limits: auth.sessions,
        };
        let live_hub = crate::live::LiveHub::new(parts, &config.live);
        let reply_cipher = match config.api.encrypt {
            true => Some(Arc::new(ReplyCipher::from_hex(&config.api.key, &config.api.iv)?)),
            false => None,
        };
        let backup = crate::backup::schedule::BackupJob::from_config(&config);
        Ok(AppState {
            db,
            config,
            auth,
            clock,
            default_lang,
            wallet,
            card_cipher,
            live,
            presence,
            chain_keys,
            live_hub,
            reply_cipher,
            backup,
        })
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "fairhall API", description = "Every reply (but the health probes' and \
        images) is an envelope: {code:1,msg:\"\",data} on success, {code:0,msg,err,data:null} on a \
        business refusal (HTTP 200), with ret 226 when the session was ended on the server and ret \
        555 for a frozen account; HTTP 401 login_required without a live session; the other \
        statuses each operation lists. Bodies are JSON or forms (`a[b]=` nesting). GET parameters \
        may also be sent as trailing /key/value path segments and the session token as a `token` \
        header or /token/{t} segment."),
    modifiers(&TokenHeader)
)]
struct ApiDoc;

struct TokenHeader;

impl utoipa::Modify for TokenHeader {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("token"))),
        );
    }
}

/// The whole application as one router: what `serve` runs and what tests drive.
/// Checks the fund password a form carries: `missing_params` without one, the rest as
/// `auth::security::check_fund_password` says (wrong, not set, throttled).
async fn require_fund_password(
    app: &AppState,
    typist: crate::auth::security::Typist,
    typed: Option<&str>,
) -> Result<(), AppError> {
    let password = crate::auth::types::FundPassword::parse(typed.ok_or(AppError::MissingParams)?)?;
    let now = app.clock.now();
    crate::auth::security::check_fund_password(&app.db, &app.auth, typist, password, now).await
}

pub fn app(state: AppState) -> Router {
    let (api, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(accounts::router())
        .merge(system::router())
        .merge(fair::router())
        .merge(games::router())
        .merge(rules::router())
        .merge(yn28::router())
        .merge(wallet::router(upload_limit_bytes(&state.config)))
        .merge(statement::router())
        .merge(payout_accounts::router())
        .merge(profile::router(upload_limit_bytes(&state.config)))
        .merge(content::router())
        .merge(notice::router())
        .merge(finance::router())
        .merge(goods::router())
        .merge(team::router())
        .merge(signin::router())
        .merge(tasks::router())
        .merge(vip::router())
        .merge(bonus::router())
        .merge(envelopes::router())
        .merge(home::router())
        .merge(lobby::router())
        .merge(protection::router())
        .split_for_parts();
    openapi.info.version = env!("CARGO_PKG_VERSION").into();
    let known = compat::KnownPaths::new(openapi.paths.paths.keys().map(String::as_str));
    let openapi_json = Arc::new(openapi::describe(&openapi).unwrap_or_default());
    let inner = api
        .route(
            "/api/openapi.json",
            axum::routing::get(move || {
                let body = openapi_json.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], body.as_str().to_owned()) }
            }),
        )
        .route("/metrics", axum::routing::get(metrics::serve_metrics));
    let inner = match state.config.console.on_the_app_listener() {
        true => inner.merge(console::router()),
        false => inner,
    };
    let inner = with_layers(inner.fallback(assets::serve), &state);
    // Outside `localize`, so what is encrypted is the finished, localized reply.
    let inner = match &state.reply_cipher {
        Some(cipher) => inner.layer(axum::middleware::from_fn_with_state(
            cipher.clone(),
            reply_encryption::encrypt_reply,
        )),
        None => inner,
    };
    let frame_allow = state.config.app.frame_allow.clone();
    let inner = inner.with_state(state);
    let rewrite = move |request: Request| {
        let known = known.clone();
        async move { compat::rewrite(&known, request) }
    };
    // The rewrite must run before routing, so it wraps the inner router from outside.
    let outer = Router::new().fallback_service(inner).layer(axum::middleware::map_request(rewrite));
    // Small replies (most API envelopes) cost more to compress than they save.
    let worth_compressing = DefaultPredicate::new().and(SizeAbove::new(1024));
    with_response_headers(outer, &frame_allow)
        .layer(CompressionLayer::new().compress_when(worth_compressing))
}

/// The console alone, for its own listener (`console.listen`): its page, its API and the
/// build's assets, behind the same layers as the app.
pub fn console_app(state: AppState) -> Router {
    let frame_allow = state.config.app.frame_allow.clone();
    let inner = with_layers(console::router().fallback(assets::serve), &state).with_state(state);
    with_response_headers(inner, &frame_allow)
}

/// The layers every reply passes: panics as `internal`, cross-site changes refused, errors
/// localized, the body limit, the request metrics.
fn with_layers(router: Router<AppState>, state: &AppState) -> Router<AppState> {
    router
        .method_not_allowed_fallback(|| async { AppError::MethodNotAllowed })
        .layer(CatchPanicLayer::custom(envelope::panic_reply))
        .layer(axum::middleware::from_fn(cross_site::refuse_cross_site))
        .layer(axum::middleware::from_fn_with_state(state.clone(), envelope::localize))
        .layer(DefaultBodyLimit::max(state.config.server.body_limit_bytes))
        .layer(axum::middleware::from_fn(metrics::track))
}

/// Uploads may exceed the general body limit by the largest image plus form overhead.
fn upload_limit_bytes(config: &Config) -> usize {
    const FORM_OVERHEAD_BYTES: usize = 64 * 1024;
    config.wallet.voucher_max_bytes.max(config.wallet.avatar_max_bytes) + FORM_OVERHEAD_BYTES
}

/// The content security policy: scripts only from this origin, plus the inline scripts of the
/// embedded index.html by their SHA-256 (so an injected script cannot run); frames only from
/// the origins of `app.frame_allow` (pages/framebox), none when it is empty. Pictures may also
/// come from https: the operator's rich text may show pictures hosted elsewhere
/// (`content::rich_text` lets only https ones through).
fn content_security_policy(frame_allow: &[String]) -> String {
    let inline_scripts: String =
        assets::inline_script_hashes().iter().map(|hash| format!(" 'sha256-{hash}'")).collect();
    let frame_sources =
        if frame_allow.is_empty() { "'none'".to_string() } else { frame_allow.join(" ") };
    format!(
        "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; \
         script-src 'self'{inline_scripts}; connect-src 'self'; frame-src {frame_sources}; \
         frame-ancestors 'none'; base-uri 'self'"
    )
}

fn with_response_headers(router: Router, frame_allow: &[String]) -> Router {
    let policy = HeaderValue::from_str(&content_security_policy(frame_allow))
        .unwrap_or(HeaderValue::from_static("default-src 'self'"));
    let router = router.layer(SetResponseHeaderLayer::if_not_present(
        HeaderName::from_static("content-security-policy"),
        policy,
    ));
    let headers: [(&str, &str); 5] = [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        ("cross-origin-opener-policy", "same-origin"),
        ("permissions-policy", "camera=(), microphone=(), geolocation=()"),
    ];
    headers.into_iter().fold(router, |router, (name, value)| {
        router.layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ))
    })
}
