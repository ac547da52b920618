//! The embedded React build. Hashed files under assets/ are cached forever; index.html is
//! revalidated on every load (hash routing means it is the only page ever requested).

use crate::error::AppError;
use axum::http::{HeaderValue, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "frontend/dist/"]
#[allow_missing = true]
struct Frontend;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let Some(file) = Frontend::get(path) else {
        return AppError::NotFound.into_response();
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let cache = if path.starts_with("assets/") { IMMUTABLE } else { "no-cache" };
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(content_type) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, content_type);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}
