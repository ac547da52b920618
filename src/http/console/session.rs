//! Signing in to the console, the signed-in session, and signing out.

use super::{Staff, lifetimes, session_cookie};
use crate::auth::staff::sessions;
use crate::auth::staff::types::SignInAttempt;
use crate::auth::staff::{self, SignInRules, SignedIn};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::{ClientAddress, Params};
use crate::ids::UserId;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/api/session", get(current).post(sign_in).delete(sign_out))
}

/// What the console's sign-in form sends.
#[derive(Deserialize)]
struct SignInForm {
    account: Option<String>,
    passphrase: Option<String>,
    code: Option<String>,
}

/// The signed-in session as the console's script sees it (the token stays in the cookie).
#[derive(Serialize)]
struct SessionView {
    user_id: UserId,
    name: String,
    role: String,
    permissions: Vec<String>,
    /// Sent back in `x-csrf-token` with every change.
    csrf: String,
    expires_at: Timestamp,
    idle_timeout_secs: i64,
}

async fn sign_in(
    State(app): State<AppState>,
    headers: HeaderMap,
    ClientAddress(address): ClientAddress,
    Params(form): Params<SignInForm>,
) -> Result<Response, AppError> {
    let field = |value: Option<String>| value.filter(|text| !text.trim().is_empty());
    let (Some(account), Some(passphrase), Some(code)) =
        (field(form.account), field(form.passphrase), field(form.code))
    else {
        return Err(AppError::MissingParams);
    };
    let attempt = SignInAttempt { account, passphrase, code, address };
    let rules =
        SignInRules { cipher: &app.card_cipher, throttle: &app.auth, lifetimes: lifetimes(&app) };
    let SignedIn { member, session } =
        staff::sign_in(&app.db, rules, attempt, app.clock.now()).await?.map_err(|r| r.error())?;
    let role = app.config.console.role_permissions(&member.role).to_vec();
    let user_id = member.user_id;
    let permissions =
        app.db.read(move |connection| staff::permissions(connection, user_id, &role)).await?;
    let lifetime = app.config.console.session_lifetime_secs;
    let cookie = session_cookie(&app, &headers, &session.token, lifetime);
    let view = SessionView {
        user_id,
        name: member.name,
        role: member.role,
        permissions,
        csrf: session.csrf,
        expires_at: session.ends_at,
        idle_timeout_secs: app.config.console.idle_timeout_secs,
    };
    with_cookie(Envelope::ok(view), &cookie)
}

async fn current(State(app): State<AppState>, staff: Staff) -> Envelope<SessionView> {
    let Staff { session, permissions, .. } = staff;
    Envelope::ok(SessionView {
        user_id: session.member.user_id,
        name: session.member.name,
        role: session.member.role,
        permissions,
        csrf: session.csrf,
        expires_at: session.ends_at,
        idle_timeout_secs: app.config.console.idle_timeout_secs,
    })
}

async fn sign_out(
    State(app): State<AppState>,
    headers: HeaderMap,
    staff: Staff,
) -> Result<Response, AppError> {
    let (session_id, now) = (staff.session.session_id, app.clock.now());
    app.db.write(move |tx| sessions::end(tx, session_id, now)).await?;
    with_cookie(Envelope::ok(()), &session_cookie(&app, &headers, "", 0))
}

fn with_cookie(reply: impl IntoResponse, cookie: &str) -> Result<Response, AppError> {
    let mut response = reply.into_response();
    let value = HeaderValue::from_str(cookie).map_err(anyhow::Error::from)?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}
