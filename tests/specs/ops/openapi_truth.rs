//! `GET /api/openapi.json` describes every route as it answers: each operation is sent
//! requests without a session, with a bad token, with a live session and nothing, and with a
//! live session and a sample of every described input (as JSON and, where described, as a
//! form); every reply's status must be one the operation lists and its body must match the
//! schema listed for that status. scripts/test's Schemathesis run does the same with generated
//! inputs against the real binary.

use crate::support::helpers::TestApp;
use crate::support::openapi_support::Document;
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

/// What fills `{file}` of the media routes: a well-formed stored name, and a segment that is
/// not UTF-8 once decoded.
const PATH_SAMPLES: [&str; 2] = ["0123456789abcdef0123456789abcdef.png", "%FF%FE"];

struct Operation {
    method: Method,
    path: String,
    description: Value,
}

fn operations(document: &Document) -> Vec<Operation> {
    let mut found = Vec::new();
    for (path, item) in document.0["paths"].as_object().expect("paths") {
        for (method, description) in item.as_object().expect("operations") {
            let method = method.to_uppercase().parse().expect("a method");
            found.push(Operation { method, path: path.clone(), description: description.clone() });
        }
    }
    // Logging out ends the session the other requests use.
    found.sort_by_key(|operation| operation.path.contains("logout"));
    found
}

/// The requests an operation is sent, as (what, request).
fn requests(
    document: &Document,
    operation: &Operation,
    token: &str,
) -> Vec<(String, Request<Body>)> {
    let mut sent = Vec::new();
    let path_samples =
        if operation.path.contains("{file}") { &PATH_SAMPLES[..] } else { &[""][..] };
    for path_sample in path_samples {
        let path = operation.path.replace("{file}", path_sample);
        let query = sample_query(document, &operation.description);
        let build = |what: &str, token: Option<&str>, uri: &str, body: Option<(&str, String)>| {
            let mut builder = Request::builder().method(operation.method.clone()).uri(uri);
            if let Some(token) = token {
                builder = builder.header("token", token);
            }
            let (content_type, bytes) = body.unwrap_or(("application/json", String::new()));
            builder = builder.header("content-type", content_type);
            (what.to_string(), builder.body(Body::from(bytes)).expect("a request"))
        };
        sent.push(build("no session", None, &path, None));
        sent.push(build("a bad token", Some("not-a-session-token"), &path, None));
        sent.push(build("a session and nothing", Some(token), &path, None));
        let with_query = format!("{path}{query}");
        let content = &operation.description["requestBody"]["content"];
        let json_body = content["application/json"]["schema"].clone();
        let form_described = content.get("application/x-www-form-urlencoded").is_some();
        let body = (!json_body.is_null()).then(|| document.sample(&json_body));
        let json = body.as_ref().map(|body| ("application/json", body.to_string()));
        sent.push(build("a session and samples", Some(token), &with_query, json));
        if let Some(body) = body.filter(|_| form_described) {
            let form = ("application/x-www-form-urlencoded", form_of(&body));
            sent.push(build("a session and a sample form", Some(token), &with_query, Some(form)));
        }
    }
    sent
}

fn sample_query(document: &Document, description: &Value) -> String {
    let parameters = description["parameters"].as_array().cloned().unwrap_or_default();
    let pairs: Vec<String> = parameters
        .iter()
        .filter(|parameter| parameter["in"] == "query")
        .map(|parameter| {
            let value = document.sample(&parameter["schema"]);
            let text = value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string());
            format!("{}={}", parameter["name"].as_str().expect("a name"), text)
        })
        .collect();
    if pairs.is_empty() { String::new() } else { format!("?{}", pairs.join("&")) }
}

fn form_of(body: &Value) -> String {
    let fields = body.as_object().cloned().unwrap_or_default();
    let text =
        |value: &Value| value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string());
    fields.iter().map(|(key, value)| format!("{key}={}", text(value))).collect::<Vec<_>>().join("&")
}

/// How the reply differs from what the operation describes; empty when it matches.
fn mismatches(
    document: &Document,
    operation: &Operation,
    reply: &crate::support::helpers::Reply,
) -> Vec<String> {
    let status = reply.status.as_str().to_string();
    let Some(response) = operation.description["responses"].get(&status) else {
        return vec![format!("HTTP {status} is not described ({reply:?})")];
    };
    let is_json = reply.header("content-type").starts_with("application/json");
    let schema = &response["content"]["application/json"]["schema"];
    // A reply of another media type (the statement's text/csv) must be described as such.
    let media = reply.header("content-type").split(';').next().unwrap_or_default().trim();
    let described_media = !is_json && response["content"].get(media).is_some();
    match (is_json, schema.is_null() || described_media) {
        (true, false) => document
            .violations(schema, &reply.body)
            .into_iter()
            .map(|violation| format!("HTTP {status}: {violation}"))
            .collect(),
        (true, true) => vec![format!("HTTP {status} answers JSON but describes none ({reply:?})")],
        (false, false) => vec![format!(
            "HTTP {status} describes JSON but answers {:?}",
            reply.header("content-type")
        )],
        (false, true) => Vec::new(),
    }
}

#[tokio::test]
async fn every_reply_has_a_described_status_and_matches_its_schema() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let document = Document(app.get("/api/openapi.json", None).await.body);

    let mut wrong = Vec::new();
    let operations = operations(&document);
    for operation in &operations {
        for (what, request) in requests(&document, operation, &player.token) {
            let uri = request.uri().to_string();
            let reply = app.send(request).await;
            for mismatch in mismatches(&document, operation, &reply) {
                wrong.push(format!("{} {uri} with {what}: {mismatch}", operation.method));
            }
        }
    }

    assert!(operations.len() >= 100, "only {} operations described", operations.len());
    assert!(
        wrong.is_empty(),
        "{} replies differ from the document:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[tokio::test]
async fn get_routes_describe_their_inputs_as_query_parameters() {
    let app = TestApp::spawn().await;
    let document = Document(app.get("/api/openapi.json", None).await.body);

    let bank_card = &document.0["paths"]["/api/personal/add_bank"]["get"];
    let names: Vec<&str> = bank_card["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter(|parameter| parameter["in"] == "query")
        .filter_map(|parameter| parameter["name"].as_str())
        .collect();

    let get_with_body: Vec<String> = operations(&document)
        .into_iter()
        .filter(|operation| operation.method == Method::GET)
        .filter(|operation| operation.description.get("requestBody").is_some())
        .map(|operation| operation.path)
        .collect();
    assert!(get_with_body.is_empty(), "GET routes described with a body: {get_with_body:?}");
    assert!(names.contains(&"bank_id"), "{names:?}");
    let conversion = &document.0["paths"]["/api/personal/conversion"]["post"];
    let content = &conversion["requestBody"]["content"];
    assert!(content.get("application/x-www-form-urlencoded").is_some(), "{content}");
    assert_eq!(
        conversion["responses"]["401"]["content"]["application/json"]["schema"]["properties"]["err"],
        json!({ "type": "string", "enum": ["login_required"] })
    );
}
