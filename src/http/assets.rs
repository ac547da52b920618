//! The embedded React build. Hashed files under assets/ are cached forever; index.html is
//! revalidated on every load by its ETag (hash routing means it is the only page requested).

use crate::error::AppError;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "frontend/dist/"]
#[allow_missing = true]
struct Frontend;

/// Base64 SHA-256 of each inline `<script>` of the embedded index.html, for the CSP.
pub fn inline_script_hashes() -> Vec<String> {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let Some(index) = Frontend::get("index.html") else {
        return Vec::new();
    };
    let html = String::from_utf8_lossy(&index.data).into_owned();
    inline_scripts(&html)
        .map(|script| base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script)))
        .collect()
}

/// The bodies of `<script>` elements without a `src`.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script").skip(1).filter_map(|rest| {
        let (attributes, after) = rest.split_once('>')?;
        let (body, _) = after.split_once("</script>")?;
        (!attributes.contains("src=") && !body.is_empty()).then_some(body)
    })
}

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The content security policy of an uploaded image: nothing may load or run from it.
const UPLOAD_POLICY: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";

/// The console's page lives under `admin/`: only the console's own route serves it
/// (`console_page`), so a hall with the console off or on another address does not show it.
const CONSOLE_FOLDER: &str = "admin/";

pub async fn serve(method: Method, uri: Uri, request_headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if path.starts_with(CONSOLE_FOLDER) {
        return AppError::NotFound.into_response();
    }
    embedded(path, method, &request_headers)
}

/// The console's page, `admin/index.html` of the build.
pub async fn console_page(method: Method, request_headers: HeaderMap) -> Response {
    embedded(&format!("{CONSOLE_FOLDER}index.html"), method, &request_headers)
}

/// The embedded file at `path`, revalidated by its ETag (cached forever under assets/).
fn embedded(path: &str, method: Method, request_headers: &HeaderMap) -> Response {
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

/// The reply for an uploaded image stored at `path` (named by `uploads::stored_path`; each
/// upload gets a new random name, so it is cached forever):
/// `not_found` when the file is missing or its extension is not an image type.
pub async fn stored_image(path: &std::path::Path) -> Result<Response, AppError> {
    let image_type = path
        .extension()
        .and_then(|extension| extension.to_str())
        .and_then(crate::uploads::ImageType::from_extension)
        .ok_or(AppError::NotFound)?;
    let bytes = tokio::fs::read(path).await.map_err(|error| match error.kind() {
        std::io::ErrorKind::NotFound => AppError::NotFound,
        _ => anyhow::Error::from(error).context("while reading an uploaded image").into(),
    })?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(image_type.mime()));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    // Should a browser ever take the bytes for a page, they run no script and load nothing.
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(UPLOAD_POLICY));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::inline_scripts;

    #[test]
    fn only_inline_script_bodies_are_hashed() {
        let html = "<script type=\"module\" src=\"./a.js\"></script><p>x</p>\
                    <script>var a=1;</script><script>\n</script>";
        assert_eq!(inline_scripts(html).collect::<Vec<_>>(), ["var a=1;", "\n"]);
    }
}
