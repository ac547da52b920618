//! Refuses state-changing requests a browser sends on behalf of another site (a form posted
//! from an attacker's page: registrations from the victim's address, a login into the
//! attacker's account). The session token never travels in a cookie or a form field, so such a
//! request carries no session; this refuses it before any handler runs.
//!
//! The rule, for every method but GET, HEAD and OPTIONS:
//! - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` or `none` (typed
//!   by the user); `same-site` and `cross-site` are refused, since a sibling host may be
//!   someone else's.
//! - Without it, an `Origin` (older browsers) must name the host the request was sent to (the
//!   `Host` header, which the proxies of docs/install-and-upgrade.md pass on); `Origin: null`
//!   is refused.
//! - Without either, the client is not a browser acting for a page (the spec's app, curl): no
//!   page of another site can have sent it, so it passes.
//!
//! The API answers no CORS preflight, so pages of other origins cannot call it with the token
//! header at all; no origin besides the site's own needs to be allowed.

use crate::error::AppError;
use axum::extract::Request;
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Middleware: `cross_site_refused` (HTTP 403) for a state-changing request from another site.
pub async fn refuse_cross_site(request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    // HTTP/2 names the host in the URI (`:authority`) rather than in a Host header.
    let host = match request.headers().get(header::HOST) {
        Some(host) => host.to_str().ok(),
        None => request.uri().authority().map(|authority| authority.as_str()),
    };
    if safe || sent_by_the_site_itself(request.headers(), host) {
        next.run(request).await
    } else {
        AppError::CrossSiteRefused.into_response()
    }
}

/// Whether the browser headers of a request sent to `host`, if any, say the site's own pages
/// sent it.
fn sent_by_the_site_itself(headers: &HeaderMap, host: Option<&str>) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    match (headers.get(header::ORIGIN), host) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin_host(origin.to_str().unwrap_or_default())
            .is_some_and(|origin_host| origin_host.eq_ignore_ascii_case(host)),
        (Some(_), None) => false,
    }
}

/// The `host[:port]` of an origin like `https://example.com:8443`; `None` for `null` or junk.
fn origin_host(origin: &str) -> Option<&str> {
    let (scheme, host) = origin.split_once("://")?;
    let well_formed = matches!(scheme, "http" | "https") && !host.is_empty() && !host.contains('/');
    well_formed.then_some(host)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                (header::HeaderName::from_static(name), HeaderValue::from_static(value))
            })
            .collect()
    }

    #[test]
    fn the_fetch_metadata_decides_when_the_browser_sends_it() {
        let cases = [
            (&[("sec-fetch-site", "same-origin")][..], true),
            (&[("sec-fetch-site", "none")], true),
            (&[("sec-fetch-site", "same-site")], false),
            (&[("sec-fetch-site", "cross-site")], false),
            // An origin matching the host does not save a request the browser calls cross-site.
            (
                &[
                    ("sec-fetch-site", "cross-site"),
                    ("origin", "https://a.test"),
                    ("host", "a.test"),
                ],
                false,
            ),
        ];
        for (pairs, expected) in cases {
            let headers = headers(pairs);
            let host = headers.get(header::HOST).and_then(|host| host.to_str().ok());
            assert_eq!(sent_by_the_site_itself(&headers, host), expected, "{pairs:?}");
        }
    }

    #[test]
    fn without_fetch_metadata_the_origin_must_be_the_host() {
        let cases = [
            (&[("host", "hall.test")][..], true),
            (&[], true),
            (&[("origin", "https://hall.test"), ("host", "hall.test")], true),
            (&[("origin", "http://hall.test:8080"), ("host", "hall.test:8080")], true),
            (&[("origin", "https://evil.test"), ("host", "hall.test")], false),
            (&[("origin", "https://hall.test.evil.test"), ("host", "hall.test")], false),
            (&[("origin", "null"), ("host", "hall.test")], false),
            (&[("origin", "https://hall.test")], false),
        ];
        for (pairs, expected) in cases {
            let headers = headers(pairs);
            let host = headers.get(header::HOST).and_then(|host| host.to_str().ok());
            assert_eq!(sent_by_the_site_itself(&headers, host), expected, "{pairs:?}");
        }
    }
}
