//! The compat rewrite of `/endpoint/key/value` paths and `uploads::stored_path`: a rewritten
//! request names a known endpoint, a second rewrite changes nothing, the URI grows at most by
//! the escaping of '+'; a stored path is always one file directly inside the upload folder.

#![no_main]

use axum::body::Body;
use axum::http::Request;
use fairhall::http::compat::{KnownPaths, rewrite};
use fairhall::uploads::stored_path;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

const ENDPOINTS: [&str; 4] =
    ["/api/personal/index", "/api/personal/accountchangerecord", "/api/index/config", "/logout"];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check_stored_path(text);
    let Ok(request) = Request::builder().uri(text).body(Body::empty()) else { return };
    let known = KnownPaths::new(ENDPOINTS.into_iter());
    let before = request.uri().to_string();
    let once = rewrite(&known, request);
    let after = once.uri().to_string();
    if after != before {
        assert!(ENDPOINTS.contains(&once.uri().path()), "{before:?} became {after:?}");
        assert!(after.len() <= 3 * before.len() + 2, "{before:?} grew to {after:?}");
    }
    let twice = rewrite(&known, once).uri().to_string();
    assert_eq!(twice, after, "a second rewrite of {before:?} changed it");
});

fn check_stored_path(file_name: &str) {
    let folder = Path::new("/srv/fairhall/uploads");
    let Some(path) = stored_path(folder, file_name) else { return };
    assert_eq!(path.parent(), Some(folder), "{file_name:?} leaves the folder");
    assert_eq!(path.file_name().and_then(|name| name.to_str()), Some(file_name));
}
