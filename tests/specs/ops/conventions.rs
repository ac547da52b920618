//! Conventions every endpoint follows: token and parameter forms, body formats, languages,
//! limits, errors outside the handlers, system endpoints and response headers.

use crate::support::helpers::{PASSWORD, TestApp};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn the_token_may_come_as_a_header_a_query_parameter_or_a_trailing_segment() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let token = &player.token;

    let paths = [
        format!("/api/personal/index/token/{token}"),
        format!("/api/personal/index/token/{token}/"),
        format!("/api/personal/index?token={token}"),
        format!("/api/personal/index/page/1/token/{token}"),
    ];

    for path in &paths {
        assert_eq!(app.get(path, None).await.assert_ok()["id"], player.id, "{path}");
    }
    app.get("/api/personal/index/token/nope", None).await.assert_login_required();
    let odd = app.get(&format!("/api/personal/index/token/{token}/page"), None).await;
    assert_eq!((odd.status, odd.err()), (StatusCode::NOT_FOUND, "not_found"), "unpaired segment");
}

#[tokio::test]
async fn trailing_key_value_segments_parse_like_the_query_string() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let by_query = app
        .post_raw(
            &format!("/api/login/post?account={}&password=wrong_1", player.phone),
            None,
            Vec::new(),
            &[],
        )
        .await;
    let by_segments = app
        .post_raw(
            &format!("/api/login/post/account/{}/password/{PASSWORD}", player.phone),
            None,
            Vec::new(),
            &[],
        )
        .await;
    let encoded = app
        .post_raw(
            "/index/send_email_mobile/target/a+b%40example.com/purpose/bind",
            None,
            Vec::new(),
            &[("token", &player.token)],
        )
        .await;

    assert_eq!(by_query.err(), "login_failed");
    assert_eq!(by_segments.assert_ok()["user"]["id"], player.id);
    encoded.assert_ok();
    assert!(app.latest_code("a+b@example.com").await.is_some(), "'+' in a segment is literal");
}

#[tokio::test]
async fn form_bodies_work_like_json_bodies() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let login = app
        .post_form("/api/login/post", &format!("account={}&password={PASSWORD}", player.phone))
        .await;
    let aliased = app
        .post_form("/api/login/post", &format!("phone={}&password={PASSWORD}", player.phone))
        .await;
    let registered = app
        .post_form(
            "/api/login/do_register",
            "phone=13800000077&password=abc_123&repassword=abc_123&username=form%5Fuser&agree=1&age_confirmed=1",
        )
        .await;
    let escaped = app
        .post_form("/index/send_email_mobile", "target=x%2By%40example.com&purpose=register")
        .await;

    assert_eq!(login.assert_ok()["user"]["id"], player.id);
    assert_eq!(aliased.assert_ok()["user"]["id"], player.id);
    assert_eq!(registered.assert_ok()["user"]["username"], "form_user");
    escaped.assert_ok();
    assert!(app.latest_code("x+y@example.com").await.is_some());
}

#[tokio::test]
async fn bracketed_form_keys_nest() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let pair = format!("password={PASSWORD}");

    // Nested, `account` is an object or a list where text is expected; flat, it would be absent.
    let nested =
        app.post_form("/api/login/post", &format!("account[phone]={}&{pair}", player.phone)).await;
    let listed =
        app.post_form("/api/login/post", &format!("account[]={}&{pair}", player.phone)).await;
    let ignored = app
        .post_form("/api/login/post", &format!("extra[a][b]=1&account={}&{pair}", player.phone))
        .await;
    let encoded = app
        .post_form("/api/login/post", &format!("account%5Bphone%5D={}&{pair}", player.phone))
        .await;

    assert_eq!(nested.err(), "bad_params");
    assert_eq!(listed.err(), "bad_params");
    ignored.assert_ok();
    assert_eq!(encoded.err(), "bad_params");
}

#[tokio::test]
async fn json_numbers_and_booleans_are_accepted_where_text_is_expected() {
    let app = TestApp::spawn().await;

    let registered = app
        .register(json!({ "phone": 13812345678_u64, "password": 123456, "repassword": 123456,
            "invite_code": null, "code": "" }))
        .await;
    let logged_in = app
        .post_json(
            "/api/login/post",
            &json!({ "account": 13812345678_u64, "password": 123456 }),
            &[],
        )
        .await;
    let code = app
        .post_json(
            "/index/send_email_mobile",
            &json!({ "target": 13800000009_u64, "purpose": "register" }),
            &[],
        )
        .await;
    let boolean = app
        .post_json("/api/login/post", &json!({ "account": true, "password": 123456 }), &[])
        .await;

    assert_eq!(registered.assert_ok()["user"]["phone"], "138****5678");
    logged_in.assert_ok();
    code.assert_ok();
    assert_eq!(boolean.err(), "login_failed");
}

/// The messages of two refusals (invalid_phone, missing_params) in the language `lang` picks.
async fn messages(app: &TestApp, lang: Option<&str>) -> (String, String) {
    let headers: Vec<(&str, &str)> = lang.map(|lang| vec![("lang", lang)]).unwrap_or_default();
    let path = "/index/send_email_mobile";
    let form = json!({ "target": "123", "purpose": "register" });
    let invalid = app.post_json(path, &form, &headers).await;
    let missing = app.post_json(path, &json!({}), &headers).await;
    assert_eq!((invalid.err(), missing.err()), ("invalid_phone", "missing_params"));
    (invalid.msg().to_string(), missing.msg().to_string())
}

#[tokio::test]
async fn the_lang_header_picks_the_message_language_with_vietnamese_by_default() {
    let app = TestApp::spawn().await;

    let english = messages(&app, Some("en")).await;
    let vietnamese = messages(&app, Some("vi")).await;
    let chinese = messages(&app, Some("zh")).await;
    let default = messages(&app, None).await;
    let regional = messages(&app, Some("zh-CN")).await;
    let unknown = messages(&app, Some("xx")).await;

    let catalog = |lang| fairhall::i18n::message(lang, "invalid_phone", &[]);
    assert_eq!((english.0.as_str(), chinese.0.as_str()), (&*catalog("en"), &*catalog("zh")));
    assert_ne!(english, vietnamese);
    assert_ne!(english, chinese);
    assert_ne!(vietnamese, chinese);
    assert_eq!(default, vietnamese);
    assert_eq!(regional, chinese);
    assert_eq!(unknown, vietnamese);
    assert!(!english.0.is_empty() && !vietnamese.0.is_empty() && !chinese.0.is_empty());
}

#[tokio::test]
async fn the_operator_chooses_the_default_language() {
    let app = TestApp::spawn_with(|config| config.app.default_lang = "en".into()).await;

    let default = messages(&app, None).await;
    let vietnamese = messages(&app, Some("vi")).await;

    assert_eq!(default, messages(&app, Some("en")).await);
    assert_ne!(default, vietnamese);
    assert_eq!(app.config().await.assert_ok()["default_lang"], "en");
}

#[tokio::test]
async fn the_app_config_describes_the_registration_rules() {
    let app = TestApp::spawn().await;

    let reply = app.config().await;

    let data = reply.assert_ok();
    assert_eq!(data["app_name"], "fairhall");
    assert_eq!(data["version"], "3.1.0");
    assert_eq!(data["server_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(data["default_lang"], "vi");
    let languages = data["languages"].as_array().expect("a list");
    assert_eq!(languages.len(), 14);
    for lang in ["zh", "tw", "en", "vi", "ml"] {
        assert!(languages.contains(&json!(lang)), "{lang}");
    }
    assert_eq!(data["require_invite"], false);
    assert_eq!(data["require_code"], false);
    assert_eq!(data["phone_pattern"], r"^1\d{10}$");
    assert_eq!(data["code_length"], 6);
    assert_eq!(data["code_resend_secs"], 60);
    assert_eq!((&data["support_url"], &data["telegram_url"]), (&json!(""), &json!("")));
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_with_413() {
    let app = TestApp::spawn_with(|config| config.server.body_limit_bytes = 1024).await;
    let padded = |size: usize| {
        json!({ "account": "13999999999", "password": "x12345",
        "padding": "p".repeat(size) })
    };

    let over = app.post_json("/api/login/post", &padded(2048), &[]).await;
    let form = app.post_form("/api/login/post", &format!("padding={}", "p".repeat(2048))).await;
    let under = app.post_json("/api/login/post", &padded(900), &[]).await;

    assert_eq!(over.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!((over.code(), over.err()), (0, "payload_too_large"));
    assert_eq!((form.status, form.err()), (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"));
    assert_eq!(under.err(), "login_failed");
}

#[tokio::test]
async fn a_malformed_body_is_refused_as_bad_params() {
    let app = TestApp::spawn().await;
    let json = Some("application/json");
    let cases: &[(&str, Option<&str>, &[u8])] = &[
        ("truncated JSON", json, br#"{"account": "#),
        ("a form body labelled JSON", json, b"account=a&password=b"),
        ("a JSON list", json, b"[1, 2]"),
        ("a JSON string", json, br#""account""#),
        ("an unlabelled broken object", None, br#"{"account" 1}"#),
        ("trailing garbage", json, br#"{"account": "a"} x"#),
    ];

    for (description, content_type, body) in cases {
        let reply = app.post_raw("/api/login/post", *content_type, body.to_vec(), &[]).await;
        assert_eq!((reply.status, reply.err()), (StatusCode::OK, "bad_params"), "{description}");
    }
}

#[tokio::test]
async fn unknown_paths_answer_404_with_an_envelope() {
    let app = TestApp::spawn().await;

    for path in ["/api/nope", "/api/login/nope", "/api/personal/index/extra", "/nope.js"] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!((reply.code(), reply.err()), (0, "not_found"), "{path}");
    }
    let posted = app.post_json("/api/nope", &json!({}), &[]).await;
    assert_eq!((posted.status, posted.err()), (StatusCode::NOT_FOUND, "not_found"));
}

#[tokio::test]
async fn the_health_check_answers_ok_with_the_log_size_and_the_free_disk_space() {
    let app = TestApp::spawn_with(|config| config.db.wal_max_bytes = 8 * 1024 * 1024).await;

    let reply = app.get("/healthz", None).await;

    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.header("content-type").starts_with("application/json"));
    assert_eq!(reply.body["status"], "ok", "{:?}", reply.body);
    assert_eq!(reply.body["wal_max_bytes"], 8 * 1024 * 1024);
    assert!(reply.body["wal_bytes"].is_u64(), "{:?}", reply.body);
    assert!(reply.body["disk_free_bytes"].as_u64().is_some_and(|free| free > 0));
}

#[tokio::test]
async fn the_openapi_description_lists_every_account_endpoint() {
    let app = TestApp::spawn().await;
    let endpoints = [
        ("/api/index/config", "get"),
        ("/healthz", "get"),
        ("/index/send_email_mobile", "post"),
        ("/api/login/do_register", "post"),
        ("/user/register", "post"),
        ("/api/login/post", "post"),
        ("/user/login", "post"),
        ("/user/change_pwd", "post"),
        ("/logout", "post"),
        ("/api/login/logout", "post"),
        ("/api/personal/index", "get"),
        ("/user/getUserinfo", "post"),
    ];

    let reply = app.get("/api/openapi.json", None).await;

    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.header("content-type").starts_with("application/json"));
    let paths = &reply.body["paths"];
    for (path, method) in endpoints {
        assert!(paths[path][method].is_object(), "{method} {path} is not described");
    }
    assert_eq!(reply.body["info"]["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    let replies = [
        app.get("/healthz", None).await,
        app.get("/api/nope", None).await,
        app.get("/api/personal/index", None).await,
        app.post_json("/api/login/post", &json!({}), &[]).await,
    ];

    for reply in &replies {
        assert_eq!(reply.header("x-content-type-options"), "nosniff", "{reply:?}");
        assert_eq!(reply.header("x-frame-options"), "DENY", "{reply:?}");
        let policy = reply.header("content-security-policy");
        assert!(policy.contains("default-src 'self'"), "{reply:?}");
        assert!(policy.contains("frame-ancestors 'none'"), "{reply:?}");
        assert_eq!(reply.header("referrer-policy"), "no-referrer", "{reply:?}");
    }
}

#[tokio::test]
async fn large_responses_are_gzipped_when_the_client_accepts_it() {
    let app = TestApp::spawn().await;
    let request = |encoding: Option<&str>| {
        let mut builder = axum::http::Request::get("/api/openapi.json");
        if let Some(encoding) = encoding {
            builder = builder.header("accept-encoding", encoding);
        }
        builder.body(axum::body::Body::empty()).expect("a request")
    };

    let gzipped = app.send(request(Some("gzip"))).await;
    let plain = app.send(request(None)).await;
    let tiny = app.send(
        axum::http::Request::get("/healthz")
            .header("accept-encoding", "gzip")
            .body(axum::body::Body::empty())
            .expect("a request"),
    );
    let tiny = tiny.await;

    assert_eq!(gzipped.header("content-encoding"), "gzip");
    assert_eq!(&gzipped.bytes[..2], &[0x1f, 0x8b], "gzip magic");
    assert!(gzipped.bytes.len() < plain.bytes.len());
    assert_eq!(plain.header("content-encoding"), "");
    assert!(plain.body["paths"].is_object());
    assert_eq!(tiny.header("content-encoding"), "", "tiny bodies are sent as they are");
}

#[tokio::test]
async fn the_frontend_is_served_with_index_html_revalidated_and_assets_immutable() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend/dist");
    if !dist.join("index.html").exists() {
        // The frontend is not built (npm run build writes frontend/dist): nothing to serve, so
        // this test only checks that the API still answers.
        let app = TestApp::spawn().await;
        assert_eq!(app.get("/healthz", None).await.status, StatusCode::OK);
        return;
    }
    let app = TestApp::spawn().await;

    let index = app.get("/", None).await;

    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.header("cache-control"), "no-cache");
    assert!(index.header("content-type").starts_with("text/html"));
    let html = String::from_utf8_lossy(&index.bytes).into_owned();
    assert!(html.to_lowercase().contains("<html"));
    assert_inline_scripts_are_allowed_by_hash(&html, index.header("content-security-policy"));
    let asset = std::fs::read_dir(dist.join("assets"))
        .ok()
        .and_then(|entries| entries.filter_map(Result::ok).find(|entry| entry.path().is_file()));
    if let Some(asset) = asset {
        let path = format!("/assets/{}", asset.file_name().to_string_lossy());
        let reply = app.get(&path, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.header("cache-control"), "public, max-age=31536000, immutable");
    }
}

#[tokio::test]
async fn an_unknown_field_is_ignored() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let reply = app
        .post_json(
            "/api/login/post",
            &json!({ "account": player.phone, "password": PASSWORD, "remember": true,
            "device": { "os": "ios" } }),
            &[],
        )
        .await;

    assert_eq!(reply.assert_ok()["user"]["id"], Value::from(player.id));
}

#[tokio::test]
async fn the_spec_clients_field_names_are_accepted() {
    let app = TestApp::spawn().await;
    let player = app.player_with(json!({ "username": "alias_01" })).await;
    let stranger = app.fresh_phone();

    let by_username = app
        .post_json("/api/login/post", &json!({ "username": "alias_01", "password": PASSWORD }), &[])
        .await;
    let by_phone = app
        .post_json("/api/login/post", &json!({ "phone": player.phone, "password": PASSWORD }), &[])
        .await;
    let mobile_and_type = app
        .post_json("/index/send_email_mobile", &json!({ "mobile": stranger, "type": "reg" }), &[])
        .await;
    app.clock.advance(60);
    let email = app
        .post_json(
            "/index/send_email_mobile",
            &json!({ "email": "alias@example.com", "purpose": "register" }),
            &[],
        )
        .await;
    let forgot = app
        .post_json(
            "/index/send_email_mobile",
            &json!({ "phone": player.phone, "type": "forgot" }),
            &[],
        )
        .await;
    let code = app.latest_code(&player.phone).await.expect("a code").code;
    let reset = app
        .change_pwd(json!({ "mobile": player.phone, "code": code,
        "password": "changed_2", "repassword": "changed_2" }))
        .await;

    for reply in [&by_username, &by_phone, &mobile_and_type, &email, &forgot, &reset] {
        reply.assert_ok();
    }
    assert_eq!(app.latest_code(&stranger).await.expect("a code").purpose, "register");
    assert_eq!(app.latest_code(&player.phone).await.expect("a code").purpose, "forget");
    app.login("alias_01", "changed_2").await.assert_ok();
}

#[tokio::test]
async fn a_wrong_method_answers_405_with_an_envelope() {
    let app = TestApp::spawn().await;

    let reply = app.post_json("/api/personal/index", &json!({}), &[("lang", "en")]).await;

    assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!((reply.code(), reply.err()), (0, "method_not_allowed"));
    assert!(!reply.msg().is_empty());
}

/// Every inline script of index.html is named by its SHA-256 in the CSP, or the browser would
/// refuse to run it; nothing else inline is allowed.
fn assert_inline_scripts_are_allowed_by_hash(html: &str, policy: &str) {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let script_src =
        policy.split(';').map(str::trim).find(|directive| directive.starts_with("script-src"));
    let script_src = script_src.expect("a script-src directive");
    assert!(script_src.starts_with("script-src 'self'") && !script_src.contains("unsafe-inline"));
    for part in html.split("<script").skip(1) {
        let Some((attributes, after)) = part.split_once('>') else { continue };
        let Some((body, _)) = after.split_once("</script>") else { continue };
        if attributes.contains("src=") || body.is_empty() {
            continue;
        }
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(body));
        assert!(policy.contains(&format!("'sha256-{hash}'")), "{policy}");
    }
}
