//! CSRF and response headers (issue 18, input): state-changing requests a browser sends for
//! another site are refused before they act, the session token is read from no cookie and no
//! form field, and every kind of response carries the security headers.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{PNG, WalletApp, assert_ledger_verifies};
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use fairhall::money::Money;
use serde_json::json;
use tower::ServiceExt;

const REGISTRATION: &str =
    "phone=13912345678&password=secret_1&repassword=secret_1&agree=1&age_confirmed=1";

/// A form-urlencoded POST with the browser headers `headers` (and the token, when given).
async fn form_post(app: &TestApp, path: &str, body: &str, headers: &[(&str, &str)]) -> Reply {
    let content_type = Some("application/x-www-form-urlencoded");
    app.post_raw(path, content_type, body.as_bytes().to_vec(), headers).await
}

async fn wallet_of(app: &TestApp, player: &Player) -> Money {
    app.balances_of(player).await.wallet
}

#[tokio::test]
async fn a_cross_site_form_post_is_refused_before_it_acts() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "50.00").await;
    let token = player.token.as_str();
    let conversion = "from=balance&amount=10.00";
    let cross_site: [&[(&str, &str)]; 5] = [
        &[("sec-fetch-site", "cross-site")],
        &[("sec-fetch-site", "same-site"), ("origin", "https://games.hall.test")],
        &[("origin", "https://evil.test"), ("host", "hall.test")],
        &[("origin", "null"), ("host", "hall.test")],
        &[("origin", "https://hall.test.evil.test"), ("host", "hall.test")],
    ];

    for headers in cross_site {
        let registered = form_post(&app, "/api/login/do_register", REGISTRATION, headers).await;
        let with_token = [headers, &[("token", token)]].concat();
        let converted = form_post(&app, "/api/personal/conversion", conversion, &with_token).await;
        for reply in [&registered, &converted] {
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{headers:?}: {reply:?}");
            assert_eq!(reply.err(), "cross_site_refused", "{headers:?}");
            assert!(!reply.msg().is_empty());
        }
    }
    assert_eq!(wallet_of(&app, &player).await, Money::parse("50.00").expect("money"));
    let never_registered = app.login("13912345678", "secret_1").await;
    assert_eq!(never_registered.err(), "login_failed");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_sites_own_pages_and_clients_without_browser_headers_still_act() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "50.00").await;
    let token = player.token.as_str();
    let own_site: [&[(&str, &str)]; 4] = [
        &[("sec-fetch-site", "same-origin"), ("origin", "https://hall.test")],
        &[("sec-fetch-site", "none")],
        &[("origin", "https://hall.test"), ("host", "hall.test")],
        // The spec's app and scripts send neither header.
        &[],
    ];

    for headers in own_site {
        let with_token = [headers, &[("token", token)]].concat();
        let converted =
            form_post(&app, "/api/personal/conversion", "from=balance&amount=1.00", &with_token);
        converted.await.assert_ok();
    }
    let registered = form_post(
        &app,
        "/api/login/do_register",
        REGISTRATION,
        &[("sec-fetch-site", "same-origin")],
    );
    registered.await.assert_ok();
    // Reading is never refused: a cross-site GET changes nothing (pictures, links).
    let read = app.get_as(&player, "/api/personal/index", "").await;
    read.assert_ok();
    assert_eq!(wallet_of(&app, &player).await, Money::parse("46.00").expect("money"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_session_token_is_read_from_no_cookie_and_no_form_field() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "50.00").await;
    let cookie = format!("token={}", player.token);
    let in_the_form = format!("from=balance&amount=10.00&token={}", player.token);
    let in_json = json!({"from": "balance", "amount": "10.00", "token": player.token});

    let by_cookie = form_post(
        &app,
        "/api/personal/conversion",
        "from=balance&amount=10.00",
        &[("cookie", &cookie)],
    )
    .await;
    let by_form_field = form_post(&app, "/api/personal/conversion", &in_the_form, &[]).await;
    let by_json_field = app.post_json("/api/personal/conversion", &in_json, &[]).await;

    for reply in [by_cookie, by_form_field, by_json_field] {
        reply.assert_login_required();
    }
    assert_eq!(wallet_of(&app, &player).await, Money::parse("50.00").expect("money"));
}

/// Fails with `what` unless `headers` carry every security header.
#[track_caller]
fn assert_security_headers(what: &str, headers: &HeaderMap) {
    let header = |name| headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or("");
    assert_eq!(header("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(header("referrer-policy"), "no-referrer", "{what}");
    assert_eq!(header("x-frame-options"), "DENY", "{what}");
    let policy = header("content-security-policy");
    assert!(policy.contains("frame-ancestors 'none'"), "{what}: {policy:?}");
    assert!(policy.contains("default-src"), "{what}: {policy:?}");
}

/// The GET paths `/api/openapi.json` describes that take no path parameter.
async fn described_get_paths(app: &TestApp) -> Vec<String> {
    let document = app.get("/api/openapi.json", None).await;
    let paths = document.body["paths"].as_object().expect("paths").clone();
    let plain = paths.iter().filter(|(path, item)| !path.contains('{') && item["get"].is_object());
    plain.map(|(path, _)| path.clone()).collect()
}

/// The first hashed asset the embedded index.html loads, if the frontend is built in.
fn first_asset(index: &Reply) -> Option<String> {
    let html = String::from_utf8_lossy(&index.bytes);
    let (_, rest) = html.split_once("/assets/")?;
    let end = rest.find(['"', '\''])?;
    Some(format!("/assets/{}", &rest[..end]))
}

async fn request(app: &TestApp, method: Method, path: &str, body: Body) -> Reply {
    app.send(Request::builder().method(method).uri(path).body(body).expect("a request")).await
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = app.player().await;
    let avatar = crate::ops::input_uploads::upload_avatar(app, &player, PNG).await;
    let avatar = format!("/{}", avatar.assert_ok()["avatar"].as_str().expect("an avatar"));
    // A folder under an image's name: reading it fails, which is the 500 path.
    let broken_name = format!("{}.png", "e".repeat(32));
    let broken_folder = app.config.server.data_dir.join("avatars").join(&broken_name);
    std::fs::create_dir_all(broken_folder).expect("a folder");
    let broken = format!("/media/avatars/{broken_name}");
    let index = app.get("/", None).await;
    let too_large = Body::from(vec![b' '; app.config.server.body_limit_bytes + 1]);
    let mut replies: Vec<(String, Reply)> = vec![
        ("the SPA".into(), app.get("/", None).await),
        ("a deep SPA link".into(), app.get("/index.html", None).await),
        ("404".into(), app.get("/api/nope", None).await),
        ("401".into(), app.get("/api/personal/index", None).await),
        ("405".into(), request(app, Method::DELETE, "/api/personal/index", Body::empty()).await),
        ("413".into(), request(app, Method::POST, "/api/login/post", too_large).await),
        ("a bad path segment".into(), app.get("/media/avatars/%FF%FE", None).await),
        ("a business refusal".into(), app.post_json("/api/login/post", &json!({}), &[]).await),
        (
            "403".into(),
            app.post_json("/api/login/post", &json!({}), &[("sec-fetch-site", "cross-site")]).await,
        ),
        ("500".into(), app.get(&broken, None).await),
        ("an uploaded image".into(), app.get(&avatar, None).await),
        ("/healthz".into(), app.get("/healthz", None).await),
        ("/readyz".into(), app.get("/readyz", None).await),
        ("/metrics".into(), app.get("/metrics", None).await),
    ];
    if let Some(asset) = first_asset(&index) {
        replies.push((asset.clone(), app.get(&asset, None).await));
    }
    for path in described_get_paths(app).await {
        replies.push((path.clone(), app.get(&path, Some(&player.token)).await));
    }
    let statuses: Vec<u16> = replies.iter().map(|(_, reply)| reply.status.as_u16()).collect();
    for expected in [200, 401, 403, 404, 405, 413, 500] {
        assert!(statuses.contains(&expected), "no {expected} among {statuses:?}");
    }

    for (what, reply) in &replies {
        assert_security_headers(&format!("{what} ({})", reply.status), &reply.headers);
    }
    let live = Request::get(format!("/api/live?room=k3&token={}", player.token));
    let live = app.router.clone().oneshot(live.body(Body::empty()).expect("a request")).await;
    let live = live.expect("the live stream answers");
    assert_eq!(live.headers()["content-type"], "text/event-stream");
    assert_security_headers("the live stream", live.headers());
}
