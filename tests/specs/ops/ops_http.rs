//! `/readyz` and `/metrics` through the real router: readiness with each check, the metrics'
//! opt-in and access rules, the Prometheus text parsed, counters that move after a bet and a
//! draw, and route templates instead of raw paths.

use crate::support::hall::Hall;
use crate::support::helpers::{Reply, TestApp, without_deposit_gates};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

/// The scrape token of these tests' configs.
const METRICS_TOKEN: &str = "scrape-token-0123456789";

async fn scrape(app: &TestApp, authorization: Option<&str>) -> Reply {
    let mut request = Request::get("/metrics");
    if let Some(authorization) = authorization {
        request = request.header("authorization", authorization);
    }
    app.send(request.body(Body::empty()).expect("a request")).await
}

/// The scraped text parsed by a Prometheus text-format parser.
async fn scraped(app: &TestApp) -> prometheus_parse::Scrape {
    let reply = scrape(app, Some(&format!("Bearer {METRICS_TOKEN}"))).await;
    assert_eq!(reply.status, StatusCode::OK, "{reply:?}");
    assert!(reply.header("content-type").starts_with("text/plain; version=0.0.4"), "{reply:?}");
    let text = String::from_utf8(reply.bytes.to_vec()).expect("UTF-8 text");
    let lines = text.lines().map(|line| Ok(line.to_string()));
    prometheus_parse::Scrape::parse(lines).expect("the Prometheus text format")
}

/// The sum of the samples of `name` (counters: their value; histograms: their count).
fn total(scrape: &prometheus_parse::Scrape, name: &str) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|sample| sample.metric == name)
        .map(|sample| match &sample.value {
            prometheus_parse::Value::Counter(value)
            | prometheus_parse::Value::Gauge(value)
            | prometheus_parse::Value::Untyped(value) => *value,
            prometheus_parse::Value::Histogram(buckets) => {
                buckets.iter().map(|bucket| bucket.count).fold(0.0, f64::max)
            }
            prometheus_parse::Value::Summary(_) => 0.0,
        })
        .sum()
}

#[tokio::test]
async fn metrics_answer_404_unless_enabled_and_only_to_the_token_bearer() {
    let off = TestApp::spawn().await;
    let on = TestApp::spawn_with(|config| {
        config.metrics.enabled = true;
        config.metrics.token = METRICS_TOKEN.into();
    })
    .await;

    let disabled = scrape(&off, Some(&format!("Bearer {METRICS_TOKEN}"))).await;
    let anonymous = scrape(&on, None).await;
    let wrong = scrape(&on, Some("Bearer scrape-token-0123456780")).await;
    let bearer = scrape(&on, Some(&format!("Bearer {METRICS_TOKEN}"))).await;

    assert_eq!(disabled.status, StatusCode::NOT_FOUND);
    assert_eq!(anonymous.status, StatusCode::NOT_FOUND);
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    assert_eq!(bearer.status, StatusCode::OK, "{bearer:?}");
}

#[tokio::test]
async fn metrics_list_every_family_and_count_bets_draws_and_settlements() {
    let hall = Hall::open_with(|config| {
        without_deposit_gates(config);
        config.metrics.enabled = true;
        config.metrics.token = METRICS_TOKEN.into();
    })
    .await;
    let player = hall.player_with_game("100").await;
    let before = scraped(&hall.app).await;

    let placed = hall.bet(&player, "rgb1", json!([{"option": "green", "amount": "10"}])).await;
    hall.draw("rgb1").await;
    crate::support::signin::sign(&hall.app, &player, None).await.assert_ok();
    let after = scraped(&hall.app).await;

    placed.assert_ok();
    let families: Vec<&str> = after.docs.keys().map(String::as_str).collect();
    for family in [
        "fairhall_http_requests_total",
        "fairhall_http_request_duration_seconds",
        "fairhall_bets_placed_total",
        "fairhall_draws_total",
        "fairhall_settlement_duration_seconds",
        "fairhall_scheduler_lag_seconds",
        "fairhall_scheduler_last_tick_seconds",
        "fairhall_db_writer_queue_depth",
        "fairhall_db_commit_jobs",
        "fairhall_db_commit_rows",
        "fairhall_db_wal_bytes",
        "fairhall_db_size_bytes",
        "fairhall_live_streams",
        "fairhall_reward_paid_today_minor_units",
        "fairhall_reward_held_back_today_minor_units",
    ] {
        assert!(after.docs.contains_key(family), "{family} missing from {families:?}");
    }
    // The registry is process-wide and other tests bet too: each counter moved at least this.
    for (series, at_least) in [
        ("fairhall_bets_placed_total", 1.0),
        ("fairhall_draws_total", 1.0),
        ("fairhall_settlement_duration_seconds", 1.0),
        ("fairhall_db_commit_rows", 1.0),
    ] {
        let moved = total(&after, series) - total(&before, series);
        assert!(moved >= at_least, "{series} moved by {moved}");
    }
    let signin = after.samples.iter().find(|sample| {
        sample.metric == "fairhall_reward_paid_today_minor_units"
            && sample.labels.get("programme") == Some("signin")
    });
    let signin = signin.expect("the sign-in programme's spend");
    assert!(matches!(signin.value, prometheus_parse::Value::Gauge(minor) if minor == 100.0));
    let database = after.samples.iter().find(|sample| sample.metric == "fairhall_db_size_bytes");
    let database = database.expect("the database size");
    assert!(matches!(database.value, prometheus_parse::Value::Gauge(bytes) if bytes > 0.0));
}

/// The money desk's queues as gauges, so that an operator's alerting sees deposits waiting
/// too long without the console open.
#[tokio::test]
async fn metrics_show_the_review_queues_and_their_oldest_wait() {
    use crate::support::wallet_support::WalletApp;
    let app = TestApp::spawn_with(|config| {
        config.metrics.enabled = true;
        config.metrics.token = METRICS_TOKEN.into();
    })
    .await;
    let player = app.player().await;
    app.requested_deposit(&player, "30.00").await;
    app.clock.advance(120);
    app.requested_deposit(&player, "40.00").await;

    let scrape = scraped(&app).await;
    let gauge = |metric: &str, queue: &str| {
        let sample = scrape
            .samples
            .iter()
            .find(|sample| sample.metric == metric && sample.labels.get("queue") == Some(queue));
        match sample.map(|sample| &sample.value) {
            Some(prometheus_parse::Value::Gauge(value)) => *value,
            other => panic!("{metric}{{queue={queue}}}: {other:?}"),
        }
    };
    assert_eq!(gauge("fairhall_review_waiting", "deposit"), 2.0);
    assert_eq!(gauge("fairhall_review_oldest_age_seconds", "deposit"), 120.0);
    assert_eq!(gauge("fairhall_review_waiting", "withdrawal"), 0.0);
    assert_eq!(gauge("fairhall_review_oldest_age_seconds", "withdrawal"), 0.0);
}

/// The last backup's age and failure and the ledger's halt as gauges: "no backup for a day"
/// and "money is halted" are one alert rule each.
#[tokio::test]
async fn metrics_show_the_last_backups_age_its_failure_and_the_ledger_halt() {
    let app = TestApp::spawn_with(|config| {
        config.metrics.enabled = true;
        config.metrics.token = METRICS_TOKEN.into();
    })
    .await;
    let gauge = |scrape: &prometheus_parse::Scrape, metric: &str| match scrape
        .samples
        .iter()
        .find(|sample| sample.metric == metric)
        .map(|s| &s.value)
    {
        Some(prometheus_parse::Value::Gauge(value)) => *value,
        other => panic!("{metric}: {other:?}"),
    };
    let none_yet = scraped(&app).await;
    assert_eq!(gauge(&none_yet, "fairhall_backup_age_seconds"), -1.0);
    assert_eq!(gauge(&none_yet, "fairhall_backup_failed"), 0.0);
    assert_eq!(gauge(&none_yet, "fairhall_ledger_halted"), 0.0);

    // A failed attempt after a good one: the age is the good one's, and the failure shows.
    let now = app.now().secs();
    let status = serde_json::json!({
        "ok": false, "finished_at": "", "finished_at_unix": now - 60, "file": null,
        "bytes": null, "duration_ms": 5, "error": "disk full", "last_ok_unix": now - 90_000,
    });
    let path = app.config.server.data_dir.join(fairhall::backup::schedule::STATUS_FILE);
    std::fs::write(path, status.to_string()).unwrap();
    app.db.ledger_halt().halt("a test halt".into());
    let failing = scraped(&app).await;
    assert_eq!(gauge(&failing, "fairhall_backup_age_seconds"), 90_000.0);
    assert_eq!(gauge(&failing, "fairhall_backup_failed"), 1.0);
    assert_eq!(gauge(&failing, "fairhall_ledger_halted"), 1.0);
}

#[tokio::test]
async fn metrics_label_requests_by_route_template_never_by_raw_path() {
    let app = TestApp::spawn_with(|config| {
        config.metrics.enabled = true;
        config.metrics.token = METRICS_TOKEN.into();
    })
    .await;
    let player = app.player().await;

    let path = format!("/api/personal/index/token/{}", player.token);
    app.get(&path, None).await.assert_ok();
    let reply = scrape(&app, Some(&format!("Bearer {METRICS_TOKEN}"))).await;

    let text = String::from_utf8(reply.bytes.to_vec()).expect("UTF-8 text");
    assert!(!text.contains(&player.token), "the token leaked into the metrics");
    assert!(text.contains(r#"route="/api/personal/index""#), "{text}");
}

#[tokio::test]
async fn readyz_lists_every_check_and_fails_when_the_scheduler_lags() {
    let hall = Hall::open().await;

    let ready = hall.app.get("/readyz", None).await;
    hall.app.clock.advance(hall.app.config.server.scheduler_lag_max_secs + 120);
    let lagging = hall.app.get("/readyz", None).await;
    hall.scheduler.tick(hall.app.now()).await;
    let caught_up = hall.app.get("/readyz", None).await;

    assert_eq!(ready.status, StatusCode::OK, "{ready:?}");
    assert_eq!(ready.body["status"], "ready", "{ready:?}");
    let names: Vec<&Value> = ready.body["checks"].as_array().expect("checks").iter().collect();
    let names: Vec<&str> = names.iter().map(|check| check["name"].as_str().unwrap_or("")).collect();
    assert_eq!(
        names,
        [
            "database_writable",
            "migrations_current",
            "scheduler_lag",
            "disk_space",
            "ledger",
            "money_clock"
        ]
    );
    assert_eq!(lagging.status, StatusCode::SERVICE_UNAVAILABLE, "{lagging:?}");
    assert_eq!(lagging.body["status"], "not_ready");
    let failing: Vec<&Value> = lagging.body["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .filter(|check| check["ok"] == false)
        .collect();
    assert_eq!(failing.len(), 1, "{lagging:?}");
    assert_eq!(failing[0]["name"], "scheduler_lag");
    assert!(
        failing[0]["detail"].as_str().unwrap_or("").contains("server.scheduler_lag_max_secs"),
        "{lagging:?}"
    );
    assert_eq!(caught_up.status, StatusCode::OK, "{caught_up:?}");
}

#[tokio::test]
async fn readyz_fails_when_free_disk_is_below_the_bound() {
    let app = TestApp::spawn_with(|config| config.db.min_free_bytes = u64::MAX / 2).await;

    let reply = app.get("/readyz", None).await;

    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE, "{reply:?}");
    let disk = reply.body["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|check| check["name"] == "disk_space")
        .expect("the disk check")
        .clone();
    assert_eq!(disk["ok"], false, "{reply:?}");
    assert!(disk["detail"].as_str().unwrap_or("").contains("db.min_free_bytes"), "{reply:?}");
}

#[tokio::test]
async fn without_a_token_metrics_answer_only_a_loopback_peer_that_no_proxy_forwarded() {
    use axum::extract::ConnectInfo;
    use std::net::SocketAddr;
    let app = TestApp::spawn_with(|config| config.metrics.enabled = true).await;
    let from = |peer: [u8; 4], forwarded_for: Option<&str>| {
        let mut request = Request::get("/metrics");
        if let Some(forwarded_for) = forwarded_for {
            request = request.header("x-forwarded-for", forwarded_for);
        }
        let mut request = request.body(Body::empty()).expect("a request");
        request.extensions_mut().insert(ConnectInfo(SocketAddr::from((peer, 40000))));
        app.send(request)
    };

    let local = from([127, 0, 0, 1], None).await;
    let proxied = from([127, 0, 0, 1], Some("203.0.113.7")).await;
    let remote = from([203, 0, 113, 7], None).await;

    assert_eq!(local.status, StatusCode::OK, "{local:?}");
    assert_eq!(proxied.status, StatusCode::NOT_FOUND);
    assert_eq!(remote.status, StatusCode::NOT_FOUND);
}
