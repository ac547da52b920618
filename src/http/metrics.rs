//! `/metrics` (Prometheus text format, opt-in by `[metrics] enabled`) and the middleware that
//! times every request by the route template it matched.

use super::AppState;
use crate::metrics::{RouteLabels, Sample, UNMATCHED_ROUTE, metrics};
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

/// The content type of the Prometheus text format.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Headers a reverse proxy adds: a loopback peer that sends one forwards someone else.
const FORWARDING_HEADERS: [&str; 3] = ["x-forwarded-for", "forwarded", "x-real-ip"];

/// Middleware: counts and times the request under its route template (`MatchedPath`, set by
/// the router before this runs), never its raw path.
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(UNMATCHED_ROUTE, MatchedPath::as_str)
        .to_string();
    let labels = RouteLabels { method: request.method().to_string(), route };
    let started = crate::clock::monotonic_now();
    let response = next.run(request).await;
    metrics().record_request(labels, response.status().as_u16(), started.elapsed());
    response
}

/// The metrics, to a loopback peer (when `metrics.token` is empty) or to a bearer of the
/// token; 404 to everyone else and whenever `metrics.enabled` is off.
pub async fn serve_metrics(State(app): State<AppState>, request: Parts) -> Response {
    let config = &app.config.metrics;
    let peer = request.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| *peer);
    if !config.enabled || !may_scrape(&config.token, peer, &request.headers) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let sample = match read_sample(&app).await {
        Ok(sample) => sample,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "reading the metrics failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    metrics().sample(&sample);
    match metrics().encode() {
        Ok(text) => ([(header::CONTENT_TYPE, TEXT_FORMAT)], text).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// With a token: the request's bearer token equals it (compared in constant time). Without:
/// the peer is a loopback address and no proxy forwarded the request.
fn may_scrape(token: &str, peer: Option<SocketAddr>, headers: &HeaderMap) -> bool {
    if !token.is_empty() {
        let offered = headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or("");
        return crate::crypto::same_secret(offered.as_bytes(), token.as_bytes());
    }
    let forwarded = FORWARDING_HEADERS.iter().any(|name| headers.contains_key(*name));
    peer.is_some_and(|peer| is_loopback(peer.ip())) && !forwarded
}

/// 127.0.0.0/8 and ::1, also as an IPv4-mapped IPv6 address (dual-stack sockets).
fn is_loopback(address: std::net::IpAddr) -> bool {
    match address {
        std::net::IpAddr::V4(v4) => v4.is_loopback(),
        std::net::IpAddr::V6(v6) => {
            v6.to_ipv4_mapped().map_or(v6.is_loopback(), |v4| v4.is_loopback())
        }
    }
}

async fn read_sample(app: &AppState) -> anyhow::Result<Sample> {
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let lag = app
        .db
        .read(move |connection| crate::games::schedule::lag(connection, timezone, now))
        .await?;
    let (day, budget) = (
        crate::growth::day::OperatorDay::containing(timezone, now).key(),
        app.config.growth.budget.clone(),
    );
    let spend = app
        .db
        .read(move |connection| crate::growth::rewards::day_spend(connection, &day, &budget))
        .await?;
    let queues = app
        .db
        .read(|connection| {
            Ok([
                ("deposit", crate::wallet::deposits::waiting(connection)?),
                ("withdrawal", crate::wallet::withdrawals::waiting(connection)?),
            ])
        })
        .await?;
    let database_bytes = std::fs::metadata(app.db.path()).map_or(0, |meta| meta.len());
    // An unreadable status file counts as a failed backup: the operator must look.
    let backup = crate::backup::schedule::read_status(&app.config.server.data_dir);
    let backup_failed =
        backup.as_ref().map_or(true, |status| status.as_ref().is_some_and(|status| !status.ok));
    let backup_age_secs = backup
        .ok()
        .flatten()
        .and_then(|status| status.last_ok_at())
        .map(|finished| (now.secs() - finished).max(0));
    Ok(Sample {
        lag_sources: lag.secs_by_source(),
        writer_queue_depth: app.db.writer_queue_depth(),
        wal_bytes: app.db.disk_usage().wal_bytes,
        database_bytes,
        live_streams: app.live_hub.streams_open(),
        reward_spend: spend
            .iter()
            .map(|day| (day.programme, day.paid.minor(), day.capped.minor()))
            .collect(),
        review_queues: queues
            .into_iter()
            .map(|(queue, waiting)| {
                let oldest = waiting.oldest_created_at.map_or(0, |created| (now - created).max(0));
                (queue, waiting.waiting, oldest)
            })
            .collect(),
        backup_age_secs,
        backup_failed,
        ledger_halted: app.db.ledger_halt().is_halted(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn loopback() -> Option<SocketAddr> {
        Some(SocketAddr::from(([127, 0, 0, 1], 50000)))
    }

    #[test]
    fn without_a_token_only_an_unforwarded_loopback_peer_may_scrape() {
        let remote = Some(SocketAddr::from(([203, 0, 113, 7], 50000)));
        let mut forwarded = HeaderMap::new();
        forwarded.insert("x-forwarded-for", HeaderValue::from_static("203.0.113.7"));

        assert!(may_scrape("", loopback(), &HeaderMap::new()));
        assert!(may_scrape(
            "",
            Some(SocketAddr::from(([0, 0, 0, 0, 0, 0, 0, 1], 1))),
            &HeaderMap::new()
        ));
        assert!(!may_scrape("", remote, &HeaderMap::new()));
        assert!(!may_scrape("", loopback(), &forwarded));
        assert!(!may_scrape("", None, &HeaderMap::new()));
    }

    #[test]
    fn with_a_token_only_its_bearer_may_scrape_from_anywhere() {
        let token = "0123456789abcdef0123";
        let bearer = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, HeaderValue::from_static(value));
            headers
        };
        let remote = Some(SocketAddr::from(([203, 0, 113, 7], 50000)));

        assert!(may_scrape(token, remote, &bearer("Bearer 0123456789abcdef0123")));
        assert!(!may_scrape(token, loopback(), &HeaderMap::new()));
        assert!(!may_scrape(token, remote, &bearer("Bearer 0123456789abcdef0124")));
        assert!(!may_scrape(token, remote, &bearer("0123456789abcdef0123")));
    }
}
