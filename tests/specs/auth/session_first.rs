//! Every endpoint that needs a session checks it before it looks at the body: a bad token gets
//! HTTP 401 `login_required` whatever it sends. Which endpoints need one is read from the
//! OpenAPI description (`security: token`), and the description is held to the truth the
//! other way too: an endpoint without it never answers 401.

use crate::support::helpers::TestApp;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::Value;

/// The bodies every session endpoint must refuse alike, as (content type, bytes).
const BODIES: &[(&str, &[u8])] = &[
    ("application/json", b""),
    ("application/json", b"{}"),
    ("application/json", b"{\"room\":\"k3\",\"bets\":\"nonsense\",\"amount\":\"-1\"}"),
    ("application/json", b"{not json"),
    ("application/x-www-form-urlencoded", b"room=&amount=%zz&&="),
    ("text/plain", b"\x00\xff"),
];

/// Every (method, path) of the description, with whether it declares the session token.
async fn described_endpoints(app: &TestApp) -> Vec<(Method, String, bool)> {
    let description = app.get("/api/openapi.json", None).await;
    let paths = description.body["paths"].as_object().expect("paths").clone();
    let mut endpoints = Vec::new();
    for (path, operations) in paths {
        for (method, operation) in operations.as_object().expect("operations") {
            let method: Method = method.to_uppercase().parse().expect("a method");
            endpoints.push((method, path.clone(), declares_token(operation)));
        }
    }
    endpoints
}

fn declares_token(operation: &Value) -> bool {
    let requirements = operation["security"].as_array().cloned().unwrap_or_default();
    requirements.iter().any(|requirement| requirement.get("token").is_some())
}

fn request(method: &Method, path: &str, token: Option<&str>, body: (&str, &[u8])) -> Request<Body> {
    let mut builder = Request::builder().method(method.clone()).uri(path);
    if let Some(token) = token {
        builder = builder.header("token", token);
    }
    let has_body = !matches!(*method, Method::GET | Method::HEAD | Method::DELETE);
    let (content_type, bytes) = if has_body { body } else { ("text/plain", &b""[..]) };
    builder = builder.header("content-type", content_type);
    builder.body(Body::from(bytes.to_vec())).expect("a request")
}

#[tokio::test]
async fn every_session_endpoint_refuses_a_bad_token_whatever_the_body() {
    let app = TestApp::spawn().await;
    let endpoints = described_endpoints(&app).await;
    let with_session = endpoints.iter().filter(|(_, _, token)| *token).count();
    assert!(with_session >= 20, "only {with_session} session endpoints described");

    let mut wrong = Vec::new();
    for (method, path, _) in endpoints.iter().filter(|(_, _, token)| *token) {
        for token in [None, Some("not-a-session-token")] {
            for body in BODIES {
                let reply = app.send(request(method, path, token, *body)).await;
                let refused = reply.status == StatusCode::UNAUTHORIZED
                    && reply.body["err"] == "login_required";
                if !refused {
                    wrong.push(format!("{method} {path} token {token:?}: {reply:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[tokio::test]
async fn an_endpoint_without_the_session_in_its_description_never_answers_401() {
    let app = TestApp::spawn().await;
    let endpoints = described_endpoints(&app).await;

    let mut wrong = Vec::new();
    for (method, path, _) in endpoints.iter().filter(|(_, _, token)| !*token) {
        for token in [None, Some("not-a-session-token")] {
            let reply = app.send(request(method, path, token, BODIES[1])).await;
            if reply.status == StatusCode::UNAUTHORIZED {
                wrong.push(format!("{method} {path} token {token:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "answer 401 but do not declare the token:\n{}", wrong.join("\n"));
}
