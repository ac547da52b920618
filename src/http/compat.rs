//! The spec's client sends GET parameters (and the token) as trailing path segments:
//! `api/personal/index/token/abc/page/2`. Before routing, such a path is rewritten to the
//! endpoint it extends with the pairs moved into the query string, so handlers see one form.

use axum::extract::Request;
use axum::http::Uri;
use std::sync::Arc;

/// Known endpoint paths without the leading '/', longest first.
#[derive(Clone)]
pub struct KnownPaths(Arc<Vec<String>>);

impl KnownPaths {
    pub fn new<'a>(paths: impl Iterator<Item = &'a str>) -> KnownPaths {
        let mut paths: Vec<String> =
            paths.map(|path| path.trim_start_matches('/').to_string()).collect();
        paths.sort_by_key(|path| std::cmp::Reverse(path.len()));
        KnownPaths(Arc::new(paths))
    }

    /// The endpoint and the query pairs a compat path stands for, if it is one.
    fn split<'p>(&self, path: &'p str) -> Option<(&str, Vec<&'p str>)> {
        let path = path.trim_start_matches('/').trim_end_matches('/');
        if self.0.iter().any(|known| known == path) {
            return None;
        }
        self.0.iter().find_map(|known| {
            let rest = path.strip_prefix(known.as_str())?.strip_prefix('/')?;
            let segments: Vec<&str> = rest.split('/').collect();
            let pairs_complete = segments.len().is_multiple_of(2)
                && segments.iter().all(|segment| !segment.is_empty());
            pairs_complete.then_some((known.as_str(), segments))
        })
    }
}

/// Middleware body: rewrites a compat path in place.
pub fn rewrite(known: &KnownPaths, mut request: Request) -> Request {
    let Some((endpoint, segments)) = known.split(request.uri().path()) else {
        return request;
    };
    let mut query: Vec<String> =
        request.uri().query().map(|query| vec![query.to_string()]).unwrap_or_default();
    for pair in segments.chunks(2) {
        // A '+' in a path segment is literal; in a query it would mean a space.
        query.push(format!("{}={}", pair[0].replace('+', "%2B"), pair[1].replace('+', "%2B")));
    }
    let rewritten = format!("/{endpoint}?{}", query.join("&"));
    if let Ok(uri) = rewritten.parse::<Uri>() {
        *request.uri_mut() = uri;
    }
    request
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(path: &str) -> String {
        let known =
            KnownPaths::new(["/api/personal/index", "/api/index/config", "/logout"].into_iter());
        let request = Request::builder().uri(path).body(axum::body::Body::empty()).unwrap();
        rewrite(&known, request).uri().to_string()
    }

    #[test]
    fn trailing_pairs_become_the_query() {
        assert_eq!(rewritten("/api/personal/index/token/abc"), "/api/personal/index?token=abc");
        assert_eq!(
            rewritten("/api/personal/index/page/2/limit/5?x=1"),
            "/api/personal/index?x=1&page=2&limit=5"
        );
        assert_eq!(rewritten("/api/personal/index/a+b/c"), "/api/personal/index?a%2Bb=c");
    }

    #[test]
    fn other_paths_stay() {
        assert_eq!(rewritten("/api/personal/index"), "/api/personal/index");
        assert_eq!(rewritten("/api/personal/index/token"), "/api/personal/index/token");
        assert_eq!(rewritten("/assets/app.js"), "/assets/app.js");
    }
}
