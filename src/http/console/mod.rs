//! The operator console (issue 33): its page at `/admin/` and its API under `/admin/api/`, in
//! the app's envelope and `lang` header. Staff sign in with a passphrase and a second factor
//! (`auth::staff`); the session is an HttpOnly, SameSite=Strict cookie on `/admin` (Secure
//! over TLS) and every change carries the session's CSRF token in `x-csrf-token`. Every route
//! checks its permission on the server (`Staff::require`), and every change is written on a
//! handle audited with the staff member as the actor (`flows::audited::write`). Handlers call
//! the same domain verbs and flows as the CLI.

mod audit_log;
mod deposits;
mod health;
mod oversight;
mod players;
mod queues;
mod session;
mod staff_members;
mod withdrawals;

use super::AppState;
use super::extract::ClientAddress;
use crate::audit::{Actor, ConsoleOrigin, Origin};
use crate::auth::permissions::{ADMIN_ROLE, ALL_PERMISSIONS, has_permission};
use crate::auth::staff::sessions::{self, Lifetimes, StaffSession};
use crate::auth::staff::{self};
use crate::error::AppError;
use crate::finance::goods::GoodsSettings;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{AuditedChange, TargetReference};
use axum::Router;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The cookie that holds the console session's token.
const COOKIE: &str = "fairhall_console";

/// The console's routes, for a router that serves it (`http::app` or `http::console_app`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin", get(|| async { axum::response::Redirect::permanent("/admin/") }))
        .route("/admin/", get(super::assets::console_page))
        .route("/admin/index.html", get(super::assets::console_page))
        .merge(session::router())
        .merge(queues::router())
        .merge(deposits::router())
        .merge(withdrawals::router())
        .merge(players::router())
        .merge(staff_members::router())
        .merge(audit_log::router())
        .merge(health::router())
        .merge(oversight::router())
        .route("/admin/api/{*rest}", axum::routing::any(|| async { AppError::NotFound }))
}

/// How long console sessions live, from `[console]`.
fn lifetimes(app: &AppState) -> Lifetimes {
    let console = &app.config.console;
    Lifetimes { idle_secs: console.idle_timeout_secs, lifetime_secs: console.session_lifetime_secs }
}

/// A signed-in staff member: his live session, what he may do and where he is.
pub struct Staff {
    pub session: StaffSession,
    pub permissions: Vec<String>,
    pub address: String,
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, AppError> {
        let token = session_token(&parts.headers).ok_or(AppError::StaffSignInRequired)?;
        let ClientAddress(address) = ClientAddress::from_request_parts(parts, app).await?;
        let (now, lifetimes, config) = (app.clock.now(), lifetimes(app), app.config.clone());
        let (session, permissions) = app
            .db
            .read(move |connection| {
                let session = sessions::find(connection, &token, lifetimes, now)?
                    .ok_or(AppError::StaffSignInRequired)?;
                let role = config.console.role_permissions(&session.member.role);
                let permissions = staff::permissions(connection, session.member.user_id, role)?;
                Ok((session, permissions))
            })
            .await?;
        let changes = !matches!(parts.method, Method::GET | Method::HEAD);
        if changes && !csrf_matches(&parts.headers, &session.csrf) {
            return Err(AppError::CsrfRefused);
        }
        if session.stale {
            let session_id = session.session_id;
            app.db.write(move |tx| sessions::touch(tx, session_id, now)).await?;
        }
        Ok(Staff { session, permissions, address })
    }
}

impl Staff {
    /// Refuses with `no_permission` (HTTP 403) unless the staff member holds `permission`.
    pub fn require(&self, permission: &str) -> Result<(), AppError> {
        match has_permission(&self.permissions, permission) {
            true => Ok(()),
            false => Err(AppError::NoPermission),
        }
    }

    pub fn may(&self, permission: &str) -> bool {
        has_permission(&self.permissions, permission)
    }

    /// Whether he holds every permission `role` gives (in `[console.roles]`), so that managing
    /// staff never lifts anyone, himself included, above the one who gives the role, resets
    /// its factor or disables it (`admin` needs `*:*:*`).
    pub fn may_give_role(&self, app: &AppState, role: &str) -> bool {
        if role == ADMIN_ROLE {
            return self.may(ALL_PERMISSIONS);
        }
        app.config.console.role_permissions(role).iter().all(|permission| self.may(permission))
    }

    /// The audit record of a change he makes: his name as the actor, the console session and
    /// address as the origin.
    pub fn change(
        &self,
        app: &AppState,
        (action, kind, target): (&str, AuditTarget, TargetReference),
        arguments: Value,
    ) -> Result<AuditedChange, AppError> {
        Ok(AuditedChange::new(
            (self.actor()?, self.origin()),
            (action.to_string(), kind, target),
            arguments,
            GoodsSettings::from_config(&app.config),
            app.clock.clone(),
        ))
    }

    fn actor(&self) -> Result<Actor, AppError> {
        Actor::parse(&self.session.member.name)
    }

    /// His console session and address, as the audit log records where a change came from.
    fn origin(&self) -> Origin {
        Origin::Console {
            console: ConsoleOrigin {
                staff_id: self.session.member.user_id,
                session_id: self.session.session_id,
                address: self.address.clone(),
            },
        }
    }

    /// Records that he is shown a secret (a whole card number, an archive) before it is shown,
    /// as the CLI's sensitive reads are, or an action that changes no record of the hall (a
    /// backup taken).
    pub async fn record_read(
        &self,
        app: &AppState,
        (action, kind, target): (&str, AuditTarget, String),
    ) -> Result<(), AppError> {
        let entry = crate::audit::Entry {
            actor: self.actor()?,
            origin: self.origin(),
            action: action.to_string(),
            target_kind: kind.code().to_string(),
            target_id: Some(target.clone()),
            arguments: serde_json::json!({ "id": target }),
            before: None,
            after: None,
            outcome: crate::audit::CommandEnd::Ok,
        };
        let now = app.clock.now();
        app.db.write(move |tx| crate::audit::record(tx, &entry, now)).await?;
        Ok(())
    }
}

/// `?page=N` of a console queue.
#[derive(Deserialize)]
struct PageForm {
    page: Option<String>,
}

/// A page of a queue, as every console table reads it: sorted and paged on the server.
#[derive(Serialize)]
struct QueuePage<T> {
    total: i64,
    page: i64,
    page_size: i64,
    list: Vec<T>,
}

/// Why a deposit or withdrawal is refused or failed, as the player will read it.
#[derive(Deserialize)]
struct ReasonForm {
    reason: Option<String>,
}

impl ReasonForm {
    fn reason(&self) -> Result<crate::wallet::types::ReviewReason, AppError> {
        crate::wallet::types::ReviewReason::parse(self.reason.as_deref().unwrap_or(""))
    }
}

/// The id of a path (`/deposits/{id}`): a positive number, else not found.
fn record_id(text: &str) -> Result<i64, AppError> {
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// The session token of the console's cookie.
fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|token| !token.is_empty())
}

/// Whether `x-csrf-token` is the session's, compared in constant time.
fn csrf_matches(headers: &HeaderMap, expected: &str) -> bool {
    headers
        .get("x-csrf-token")
        .is_some_and(|sent| crate::crypto::same_secret(sent.as_bytes(), expected.as_bytes()))
}

/// The `Set-Cookie` value of a session: HttpOnly, SameSite=Strict, on `/admin` only, Secure
/// when the browser reached the server over TLS (its own, or a proxy's that says so); `token`
/// empty clears the cookie.
fn session_cookie(app: &AppState, headers: &HeaderMap, token: &str, max_age_secs: i64) -> String {
    let served_over_tls = !app.config.server.tls_cert_file.as_os_str().is_empty()
        || headers.get("x-forwarded-proto").is_some_and(|proto| proto.as_bytes() == b"https");
    let secure = if served_over_tls { "; Secure" } else { "" };
    format!(
        "{COOKIE}={token}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age={max_age_secs}{secure}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                (header::HeaderName::from_static(name), HeaderValue::from_static(value))
            })
            .collect()
    }

    #[test]
    fn the_console_token_is_read_from_its_own_cookie_only() {
        let sent = headers(&[("cookie", "theme=dark; fairhall_console=abc123; other=x")]);
        assert_eq!(session_token(&sent).as_deref(), Some("abc123"));
        assert_eq!(session_token(&headers(&[("cookie", "fairhall_console=")])), None);
        assert_eq!(session_token(&headers(&[("cookie", "fairhall_consolex=abc")])), None);
        assert_eq!(session_token(&headers(&[("token", "abc")])), None, "not the app's header");
    }

    #[test]
    fn the_csrf_token_must_be_sent_exactly() {
        assert!(csrf_matches(&headers(&[("x-csrf-token", "f00d")]), "f00d"));
        assert!(!csrf_matches(&headers(&[("x-csrf-token", "f00e")]), "f00d"));
        assert!(!csrf_matches(&headers(&[("x-csrf-token", "f00")]), "f00d"));
        assert!(!csrf_matches(&headers(&[]), "f00d"));
    }
}
