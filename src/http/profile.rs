//! Personal-centre endpoints: the fund password, the login password, profile fields, email
//! and phone changes with a code, and the avatar (uploaded, then served under /media).

use super::AppState;
use super::envelope::{Empty, Envelope};
use super::extract::{ClientAddress, FileName, Params, Session};
use crate::auth::security::{
    self, FundPasswordChange, FundPasswordForm, PasswordChange, PasswordChangeForm, Typist,
};
use crate::auth::{
    self, EmailBinding, EmailBindingForm, PhoneBinding, PhoneBindingForm, ProfileForm,
    ProfileUpdate,
};
use crate::error::AppError;
use crate::uploads::Image;
use crate::wallet;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router(upload_limit_bytes: usize) -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(set_avatar))
        .layer(DefaultBodyLimit::max(upload_limit_bytes));
    OpenApiRouter::new()
        .routes(routes!(set_fund_password))
        .routes(routes!(change_password))
        .routes(routes!(update_profile))
        .routes(routes!(bind_email))
        .routes(routes!(bind_email_compat))
        .routes(routes!(bind_phone))
        .routes(routes!(bind_phone_compat))
        .routes(routes!(avatar_image))
        .merge(uploads)
}

/// Set the fund password (6 digits) the first time, or change it with the old one.
#[utoipa::path(method(get, post), path = "/api/personal/securitypassword", tag = "account",
    security(("token" = [])), request_body = FundPasswordForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn set_fund_password(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Params(form): Params<FundPasswordForm>,
) -> Result<Envelope<Empty>, AppError> {
    let change = FundPasswordChange::parse(form)?;
    let (now, typist) = (app.clock.now(), Typist { user_id: session.user_id, address });
    security::set_fund_password(&app.db, &app.auth, typist, change, now).await?;
    Ok(Envelope::ok(Empty {}))
}

/// Change the login password with the old one; every other session of the account ends.
#[utoipa::path(method(get, post), path = "/api/personal/editpassword", tag = "account",
    security(("token" = [])), request_body = PasswordChangeForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn change_password(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Params(form): Params<PasswordChangeForm>,
) -> Result<Envelope<Empty>, AppError> {
    let change = PasswordChange::parse(form)?;
    let now = app.clock.now();
    security::change_password(&app.db, &app.auth, (&session, address), change, now).await?;
    Ok(Envelope::ok(Empty {}))
}

/// Change any of nickname, real name (fixed once a bank card is linked), email, tax number.
#[utoipa::path(post, path = "/api/personal/setuserinfo", tag = "account",
    security(("token" = [])), request_body = ProfileForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn update_profile(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<ProfileForm>,
) -> Result<Envelope<Empty>, AppError> {
    let update = ProfileUpdate::parse(form)?;
    let user_id = session.user_id;
    app.db.write(move |tx| wallet::update_profile(tx, user_id, &update)).await?;
    Ok(Envelope::ok(Empty {}))
}

/// Change the email with a code sent to it (index/send_email_mobile, purpose bind).
#[utoipa::path(post, path = "/api/personal/setemail", tag = "account",
    security(("token" = [])), request_body = EmailBindingForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn bind_email(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Params(form): Params<EmailBindingForm>,
) -> Result<Envelope<Empty>, AppError> {
    let binding = EmailBinding::parse(form)?;
    let (user_id, settings, now) = (session.user_id, app.auth.clone(), app.clock.now());
    app.db
        .write(move |tx| auth::bind_email(tx, (user_id, &address), &binding, &settings, now))
        .await?
        .into_result()?;
    Ok(Envelope::ok(Empty {}))
}

/// Alternative path of api/personal/setemail.
#[utoipa::path(post, path = "/user/changeemail", tag = "account",
    security(("token" = [])), request_body = EmailBindingForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn bind_email_compat(
    state: State<AppState>,
    session: Session,
    address: ClientAddress,
    params: Params<EmailBindingForm>,
) -> Result<Envelope<Empty>, AppError> {
    bind_email(state, session, address, params).await
}

/// Change the phone number with a code sent to it (index/send_email_mobile, purpose bind).
/// The phone number is also the login: afterwards the player logs in with the new number.
#[utoipa::path(post, path = "/api/personal/setmobile", tag = "account",
    security(("token" = [])), request_body = PhoneBindingForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn bind_phone(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Params(form): Params<PhoneBindingForm>,
) -> Result<Envelope<Empty>, AppError> {
    let binding = PhoneBinding::parse(form, &app.auth)?;
    let (user_id, settings, now) = (session.user_id, app.auth.clone(), app.clock.now());
    app.db
        .write(move |tx| auth::bind_phone(tx, (user_id, &address), &binding, &settings, now))
        .await?
        .into_result()?;
    Ok(Envelope::ok(Empty {}))
}

/// Alternative path of api/personal/setmobile (the new number is also the new login).
#[utoipa::path(post, path = "/user/changemobile", tag = "account",
    security(("token" = [])), request_body = PhoneBindingForm,
    responses((status = 200, description = "envelope", body = Empty)))]
async fn bind_phone_compat(
    state: State<AppState>,
    session: Session,
    address: ClientAddress,
    params: Params<PhoneBindingForm>,
) -> Result<Envelope<Empty>, AppError> {
    bind_phone(state, session, address, params).await
}

#[derive(Serialize, utoipa::ToSchema)]
struct AvatarReply {
    /// The profile's new `avatar`: "media/avatars/<file>".
    avatar: String,
}

/// Upload an avatar: multipart with the image as `avatar` (or `file`); PNG, JPEG or WebP by
/// content, up to `wallet.avatar_max_bytes`, stored re-encoded (see `uploads`).
#[utoipa::path(post, path = "/api/personal/setheader", tag = "account", security(("token" = [])),
    request_body(content = String, content_type = "multipart/form-data",
        description = "file avatar (or file)"),
    responses((status = 200, description = "envelope; data: {avatar}", body = AvatarReply)))]
async fn set_avatar(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Envelope<AvatarReply>, AppError> {
    let bytes = read_avatar(multipart.map_err(|_| AppError::BadParams)?).await?;
    let uploader = (session.user_id, address);
    auth::admit_upload(&app.db, &app.auth, uploader, app.clock.now()).await?;
    let image = Image::parse_avatar_blocking(bytes, app.config.wallet.avatar_max_bytes).await?;
    let folder = auth::avatar_dir(&app.config.server.data_dir);
    let avatar = auth::replace_avatar(&app.db, &folder, session.user_id, image).await?;
    Ok(Envelope::ok(AvatarReply { avatar }))
}

/// The bytes of the `avatar` (or `file`) part; other parts are skipped.
async fn read_avatar(mut multipart: Multipart) -> Result<Vec<u8>, AppError> {
    let failed = |error: axum::extract::multipart::MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::LimitExceeded
        } else {
            AppError::UploadFailed
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(failed)? {
        if matches!(field.name(), Some("avatar" | "file")) {
            return Ok(field.bytes().await.map_err(failed)?.to_vec());
        }
    }
    Err(AppError::MissingParams)
}

/// An uploaded avatar image; `not_found` for any other name.
#[utoipa::path(get, path = "/media/avatars/{file}", tag = "account",
    params(("file" = String, Path, description = "the file name from the profile's avatar")),
    responses((status = 200, description = "the image", content_type = "image/*"),
        (status = 404, description = "envelope not_found")))]
async fn avatar_image(
    State(app): State<AppState>,
    FileName(file): FileName,
) -> Result<Response, AppError> {
    let folder = auth::avatar_dir(&app.config.server.data_dir);
    let path = auth::avatar_file(&folder, &file).ok_or(AppError::NotFound)?;
    super::assets::stored_image(&path).await
}
