//! The response envelope and the mapping of errors to HTTP: `{code:1,msg:"",data}` on
//! success; business refusals as HTTP 200 `{code:0,msg,err,data:null}`; a missing, unknown or
//! expired session as HTTP 401 with no ret (the client asks "stay or log in again"); a session
//! ended on the server as ret 226 and a frozen account as ret 555, both in an HTTP 200 body
//! (the client logs out at once); internal failures as 500 `internal`.

use super::AppState;
use crate::error::AppError;
use axum::Json;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;
use std::time::Duration;

/// A successful reply.
pub struct Envelope<T>(pub T);

impl<T> Envelope<T> {
    pub fn ok(data: T) -> Envelope<T> {
        Envelope(data)
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        Json(json!({ "code": 1, "msg": "", "data": self.0 })).into_response()
    }
}

/// `data` of the index routes that send their items as `{list: [...]}` (named in their
/// OpenAPI annotations).
#[derive(Serialize, utoipa::ToSchema)]
pub struct List<T> {
    pub list: Vec<T>,
}

/// Returned by endpoints whose success carries no data.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Empty {}

/// What `localize` needs to write an error body in the request's language.
#[derive(Clone)]
struct ErrorReply {
    key: &'static str,
    args: Vec<(&'static str, String)>,
    /// Instants among the placeholders, written in the operator's time zone by `localize`.
    times: Vec<(&'static str, crate::clock::Timestamp)>,
    ret: Option<u16>,
    cause: Option<String>,
}

/// Session ended on the server (logout elsewhere, password change): the client logs out.
const RET_SESSION_ENDED: u16 = 226;
/// Frozen account: the client logs out.
const RET_FROZEN: u16 = 555;

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, ret) = match &self {
            AppError::LoginRequired => (StatusCode::UNAUTHORIZED, None),
            AppError::SessionEnded => (StatusCode::OK, Some(RET_SESSION_ENDED)),
            AppError::AccountFrozen => (StatusCode::OK, Some(RET_FROZEN)),
            AppError::NotFound => (StatusCode::NOT_FOUND, None),
            AppError::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, None),
            AppError::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, None),
            AppError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, None),
            AppError::CrossSiteRefused | AppError::NoPermission | AppError::CsrfRefused => {
                (StatusCode::FORBIDDEN, None)
            }
            AppError::StaffSignInRequired => (StatusCode::UNAUTHORIZED, None),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, None),
            _ => (StatusCode::OK, None),
        };
        let cause = match &self {
            AppError::Internal(error) => Some(format!("{error:#}")),
            _ => None,
        };
        let (args, times) = (self.message_args(), self.time_args());
        let reply = ErrorReply { key: self.key(), args, times, ret, cause };
        let mut response = status.into_response();
        response.extensions_mut().insert(reply);
        response
    }
}

/// Middleware: bounds the request time and writes error bodies in the `lang` of the request
/// (default from config); logs internal failures with their cause.
pub async fn localize(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let lang = super::extract::request_lang(request.headers(), app.default_lang);
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let timeout = Duration::from_secs(app.config.server.request_timeout_secs);
    let mut response = match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::RequestTimeout.into_response(),
    };
    let Some(mut reply) = response.extensions_mut().remove::<ErrorReply>() else {
        return response;
    };
    let timezone = app.config.timezone();
    for (name, time) in std::mem::take(&mut reply.times) {
        reply.args.push((name, crate::clock::local_minute_text(time, timezone)));
    }
    if let Some(cause) = &reply.cause {
        tracing::error!(%method, %path, %cause, "internal error");
    }
    let mut body = json!({
        "code": 0,
        "msg": crate::i18n::message(lang, reply.key, &reply.args),
        "err": reply.key,
        "data": null,
    });
    if let Some(ret) = reply.ret {
        body["ret"] = json!(ret);
    }
    let status = response.status();
    (status, Json(body)).into_response()
}

/// Turns a panic inside a handler into the `internal` reply (the panic is a bug; it is logged).
pub fn panic_reply(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let reason = panic
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    AppError::Internal(anyhow::anyhow!("a handler panicked: {reason}")).into_response()
}
