//! The embedded React build. Hashed files under assets/ are cached forever; index.html is
//! revalidated on every load by its ETag (hash routing means it is the only page requested).

use crate::error::AppError;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "frontend/dist/"]
#[allow_missing = true]
struct Frontend;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn serve(method: Method, uri: Uri, request_headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let file = Frontend::get(path).filter(|_| method == Method::GET || method == Method::HEAD);
    let Some(file) = file else {
        return AppError::NotFound.into_response();
    };
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let cache = if path.starts_with("assets/") { IMMUTABLE } else { "no-cache" };
    let revalidated = request_headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|value| value.as_bytes() == etag.as_bytes());
    let mut response = if revalidated {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        file.data.into_owned().into_response()
    };
    let headers = response.headers_mut();
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    if let Ok(content_type) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, content_type);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, etag);
    }
    response
}
