//! Account endpoints: register, login, logout, verification codes, password reset, profile.

use super::AppState;
use super::envelope::{Empty, Envelope};
use super::extract::{ClientAddress, MaybeSession, Params, Session};
use crate::auth::{
    self, CodeForm, CodeRequest, LoginAttempt, LoginForm, PasswordReset, PasswordResetForm,
    Registration, RegistrationForm,
};
use crate::error::AppError;
use crate::wallet::{self, Profile};
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(register_compat))
        .routes(routes!(login))
        .routes(routes!(login_compat))
        .routes(routes!(logout))
        .routes(routes!(logout_compat))
        .routes(routes!(send_code))
        .routes(routes!(reset_password))
        .routes(routes!(personal_index))
        .routes(routes!(user_info_compat))
}

/// A new session and the player it belongs to.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LoginReply {
    pub token: String,
    pub user: Profile,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CodeSent {
    /// Seconds before another code can be requested.
    pub resend_after: i64,
}

async fn reply_with_profile(
    app: &AppState,
    grant: auth::SessionGrant,
) -> Result<Envelope<LoginReply>, AppError> {
    let (user_id, now) = (grant.user_id, app.clock.now());
    let user = app.db.read(move |connection| wallet::profile(connection, user_id, now)).await?;
    Ok(Envelope::ok(LoginReply { token: grant.token, user }))
}

/// Register with phone, password, confirmation, invite code and verification code.
#[utoipa::path(post, path = "/api/login/do_register", tag = "account",
    request_body = RegistrationForm,
    responses((status = 200, description = "envelope; data on success", body = LoginReply)))]
async fn register(
    State(app): State<AppState>,
    ClientAddress(address): ClientAddress,
    Params(form): Params<RegistrationForm>,
) -> Result<Envelope<LoginReply>, AppError> {
    let registration = Registration::parse(form, &app.auth)?;
    let grant = auth::register(&app.db, &app.auth, registration, address, app.clock.now()).await?;
    reply_with_profile(&app, grant).await
}

/// Alternative path of api/login/do_register.
#[utoipa::path(post, path = "/user/register", tag = "account",
    request_body = RegistrationForm,
    responses((status = 200, description = "envelope; data on success", body = LoginReply)))]
async fn register_compat(
    state: State<AppState>,
    address: ClientAddress,
    params: Params<RegistrationForm>,
) -> Result<Envelope<LoginReply>, AppError> {
    register(state, address, params).await
}

/// Log in by phone or login name.
#[utoipa::path(post, path = "/api/login/post", tag = "account",
    request_body = LoginForm,
    responses((status = 200, description = "envelope; data on success", body = LoginReply)))]
async fn login(
    State(app): State<AppState>,
    ClientAddress(address): ClientAddress,
    Params(form): Params<LoginForm>,
) -> Result<Envelope<LoginReply>, AppError> {
    let attempt = LoginAttempt {
        account: form.account.unwrap_or_default(),
        password: form.password.unwrap_or_default(),
        address,
    };
    let grant = auth::login(&app.db, &app.auth, attempt, app.clock.now()).await?;
    reply_with_profile(&app, grant).await
}

/// Alternative path of api/login/post.
#[utoipa::path(post, path = "/user/login", tag = "account",
    request_body = LoginForm,
    responses((status = 200, description = "envelope; data on success", body = LoginReply)))]
async fn login_compat(
    state: State<AppState>,
    address: ClientAddress,
    params: Params<LoginForm>,
) -> Result<Envelope<LoginReply>, AppError> {
    login(state, address, params).await
}

/// End this session.
#[utoipa::path(post, path = "/logout", tag = "account", security(("token" = [])),
    responses((status = 200, description = "envelope", body = Empty)))]
async fn logout(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Empty>, AppError> {
    let now = app.clock.now();
    app.db.write(move |tx| auth::logout(tx, &session, now)).await?;
    Ok(Envelope::ok(Empty {}))
}

/// Alternative path of /logout.
#[utoipa::path(post, path = "/api/login/logout", tag = "account", security(("token" = [])),
    responses((status = 200, description = "envelope", body = Empty)))]
async fn logout_compat(
    state: State<AppState>,
    session: Session,
) -> Result<Envelope<Empty>, AppError> {
    logout(state, session).await
}

/// Send a verification code to a phone or email (purpose register, forget or bind).
#[utoipa::path(post, path = "/index/send_email_mobile", tag = "account",
    request_body = CodeForm,
    responses((status = 200, description = "envelope; data on success", body = CodeSent)))]
async fn send_code(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    ClientAddress(address): ClientAddress,
    Params(form): Params<CodeForm>,
) -> Result<Envelope<CodeSent>, AppError> {
    let request = CodeRequest::parse(form, address, &app.auth)?;
    let resend_after =
        auth::send_code(&app.db, &app.auth, request, session.is_some(), app.clock.now()).await?;
    Ok(Envelope::ok(CodeSent { resend_after }))
}

/// Forgotten password: set a new one with a code sent for purpose `forget`.
#[utoipa::path(post, path = "/user/change_pwd", tag = "account",
    request_body = PasswordResetForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn reset_password(
    State(app): State<AppState>,
    ClientAddress(address): ClientAddress,
    Params(form): Params<PasswordResetForm>,
) -> Result<Envelope<Empty>, AppError> {
    let reset = PasswordReset::parse(form, address, &app.auth)?;
    auth::reset_password(&app.db, &app.auth, reset, app.clock.now()).await?;
    Ok(Envelope::ok(Empty {}))
}

/// The logged-in player: names, VIP level and balances.
#[utoipa::path(get, path = "/api/personal/index", tag = "account", security(("token" = [])),
    responses((status = 200, description = "envelope; data on success", body = Profile)))]
async fn personal_index(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Profile>, AppError> {
    let (user_id, now) = (session.user_id, app.clock.now());
    let profile = app.db.read(move |connection| wallet::profile(connection, user_id, now)).await?;
    Ok(Envelope::ok(profile))
}

/// Alternative path of api/personal/index.
#[utoipa::path(post, path = "/user/getUserinfo", tag = "account", security(("token" = [])),
    responses((status = 200, description = "envelope; data on success", body = Profile)))]
async fn user_info_compat(
    state: State<AppState>,
    session: Session,
) -> Result<Envelope<Profile>, AppError> {
    personal_index(state, session).await
}
