//! `[api] encrypt`: the JSON replies of `api/*` become the base64 of AES-256-CBC/PKCS7 of the
//! JSON (spec section 7), for the spec's clients that decrypt any reply that is not an object.
//! The start-up config call stays plain (it carries the key and IV) and so does the OpenAPI
//! description. Obfuscation only: TLS is what protects the player.

use crate::crypto::ReplyCipher;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The largest reply body that is buffered to be encrypted; a larger one is an internal error.
const REPLY_BYTES_MAX: usize = 32 * 1024 * 1024;

/// The `api/*` paths that always answer in plain JSON.
const PLAIN_PATHS: [&str; 2] = ["/api/index/config", "/api/openapi.json"];

pub async fn encrypt_reply(
    State(cipher): State<Arc<ReplyCipher>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    let encrypted = path.starts_with("/api/") && !PLAIN_PATHS.contains(&path);
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if !encrypted || !is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let plain = match axum::body::to_bytes(body, REPLY_BYTES_MAX).await {
        Ok(plain) => plain,
        Err(error) => {
            // Outside the envelope's middleware: log here, answer a bare 500.
            tracing::error!(%error, "while reading a reply to encrypt");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    parts
        .headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(cipher.encrypt(&plain)))
}
