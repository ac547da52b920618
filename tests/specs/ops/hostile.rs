//! Bad input never panics and never yields a 5xx: every endpoint answers hostile requests with
//! an envelope and a status below 500.

use crate::support::helpers::TestApp;
use axum::body::Body;
use axum::http::{HeaderValue, Method, Request};
use serde_json::json;

const POST_ENDPOINTS: [&str; 9] = [
    "/api/login/do_register",
    "/user/register",
    "/api/login/post",
    "/user/login",
    "/logout",
    "/api/login/logout",
    "/index/send_email_mobile",
    "/user/change_pwd",
    "/user/getUserinfo",
];

const FIELDS: [&str; 10] = [
    "phone",
    "password",
    "repassword",
    "invite_code",
    "code",
    "username",
    "account",
    "target",
    "purpose",
    "token",
];

/// A JSON object with `value` under every field name of the account endpoints.
fn every_field(value: serde_json::Value) -> Vec<u8> {
    let object: serde_json::Map<_, _> =
        FIELDS.iter().map(|field| (field.to_string(), value.clone())).collect();
    serde_json::to_vec(&object).expect("JSON")
}

/// A form body with `value` (already encoded) under every field name.
fn every_field_form(value: &str) -> Vec<u8> {
    FIELDS.iter().map(|field| format!("{field}={value}")).collect::<Vec<_>>().join("&").into_bytes()
}

fn hostile_bodies() -> Vec<(&'static str, Option<&'static str>, Vec<u8>)> {
    let json = Some("application/json");
    let form = Some("application/x-www-form-urlencoded");
    let huge = "9".repeat(200_000);
    let nested_key = format!("account{}", "[a]".repeat(2_000));
    vec![
        ("huge strings", json, every_field(json!(huge))),
        ("a huge form value", form, every_field_form(&huge)),
        ("a huge key", json, format!(r#"{{"{huge}": 1}}"#).into_bytes()),
        ("invalid UTF-8 in a form body", form, b"account=\xff\xfe&password=\xc3\x28".to_vec()),
        ("invalid UTF-8 percent-encoded", form, every_field_form("%ff%fe%c3%28")),
        ("invalid UTF-8 in a JSON body", json, b"{\"account\": \"\xff\"}".to_vec()),
        ("lists where text is expected", json, every_field(json!(["13812345678", "x"]))),
        ("objects where text is expected", json, every_field(json!({ "a": { "b": 1 } }))),
        ("deeply nested form keys", form, format!("{nested_key}=1&password=abc123").into_bytes()),
        ("deeply nested list keys", form, format!("account{}=1", "[]".repeat(2_000)).into_bytes()),
        (
            "deeply nested JSON",
            json,
            format!("{}{}", "[".repeat(10_000), "]".repeat(10_000)).into_bytes(),
        ),
        (
            "deeply nested JSON objects",
            json,
            format!("{}1{}", r#"{"a":"#.repeat(5_000), "}".repeat(5_000)).into_bytes(),
        ),
        ("unicode", json, every_field(json!("用户😀\u{202e}ﷺ١٣٨"))),
        ("a phone of unicode digits", json, every_field(json!("1٣٨١٢٣٤٥٦٧٨"))),
        ("NUL characters", json, every_field(json!("1380000\u{0}0001"))),
        ("SQL-ish text", json, every_field(json!("' OR 1=1; DROP TABLE users; --"))),
        ("SQL-ish form text", form, every_field_form("%27%20OR%20%271%27%3D%271")),
        ("huge numbers", json, every_field(json!(1e308))),
        ("negative numbers", json, every_field(json!(-13812345678_i64))),
        ("booleans", json, every_field(json!(false))),
        ("nulls", json, every_field(json!(null))),
        ("JSON labelled as a form", form, every_field(json!("13812345678"))),
        ("a form labelled as JSON", json, every_field_form("13812345678")),
        ("XML", Some("application/xml"), b"<phone>13812345678</phone>".to_vec()),
        (
            "multipart",
            Some("multipart/form-data; boundary=x"),
            b"--x\r\n\r\nphone\r\n--x--".to_vec(),
        ),
        ("plain text", Some("text/plain"), b"hello".to_vec()),
        ("no content type", None, every_field(json!("13812345678"))),
        ("a broken content type", Some("application/json; charset=\u{1}"), b"{}".to_vec()),
        ("binary", Some("application/octet-stream"), (0..=255).collect()),
        ("empty", json, Vec::new()),
        ("only brackets", form, b"[]=1&[a]=2&a[=3&]=4&==&&=".to_vec()),
    ]
}

fn build(method: Method, path: &str, content_type: Option<&str>, body: Vec<u8>) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(content_type) = content_type
        && let Ok(value) = HeaderValue::from_bytes(content_type.as_bytes())
    {
        request = request.header("content-type", value);
    }
    request.body(Body::from(body)).expect("a request")
}

#[tokio::test]
async fn hostile_bodies_never_get_a_5xx_on_any_endpoint() {
    let app = TestApp::spawn_with(|config| config.server.body_limit_bytes = 4 * 1024 * 1024).await;

    for (description, content_type, body) in hostile_bodies() {
        for path in POST_ENDPOINTS {
            let request = build(Method::POST, path, content_type, body.clone());
            let reply = app.send(request).await;
            assert!(reply.status.as_u16() < 500, "{description} on {path}: {reply:?}");
            assert!(reply.body["code"].is_i64(), "{description} on {path}: {reply:?}");
        }
    }
}

#[tokio::test]
async fn hostile_paths_headers_and_queries_never_get_a_5xx() {
    let app = TestApp::spawn().await;
    let long = "a".repeat(10_000);
    let paths = [
        format!("/api/personal/index?token={long}"),
        "/api/personal/index?token=%ff%fe".to_string(),
        "/api/personal/index/token/%ff%fe".to_string(),
        format!("/api/personal/index/{}", "k/v/".repeat(500)),
        "/api/login/post?account[a][b][c]=1&password[]=2".to_string(),
        "/index/send_email_mobile/target/%00/purpose/%ff".to_string(),
        "/api/index/config?lang=%ff".to_string(),
        "/api/..%2f..%2fetc%2fpasswd".to_string(),
        "/assets/..%2f..%2fCargo.toml".to_string(),
    ];
    let headers: [(&str, &[u8]); 5] = [
        ("token", b"\xff\xfe\xfd"),
        ("token", long.as_bytes()),
        ("lang", b"\xff"),
        ("lang", long.as_bytes()),
        ("x-forwarded-for", long.as_bytes()),
    ];

    for path in &paths {
        for method in [Method::GET, Method::POST] {
            let reply = app.send(build(method.clone(), path, None, Vec::new())).await;
            assert!(reply.status.as_u16() < 500, "{method} {path}: {reply:?}");
            assert!(reply.body["code"].is_i64() || reply.status.as_u16() == 405, "{path}");
        }
    }
    for (name, value) in headers {
        for path in POST_ENDPOINTS {
            let mut request = build(Method::POST, path, Some("application/json"), b"{}".to_vec());
            let value = HeaderValue::from_bytes(value).expect("a header value");
            request.headers_mut().insert(name, value);
            let reply = app.send(request).await;
            assert!(reply.status.as_u16() < 500, "{name} on {path}: {reply:?}");
            assert!(reply.body["code"].is_i64(), "{name} on {path}: {reply:?}");
        }
    }
}
