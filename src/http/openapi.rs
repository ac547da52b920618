//! The served OpenAPI document, made to describe every route as it answers. The handlers'
//! `#[utoipa::path]` annotations describe only what is particular to each (its `data`, its
//! inputs, a declared 404); `describe` adds the rest from one table: the envelope around every
//! reply, the error replies each kind of route can give with their HTTP statuses, forms beside
//! JSON bodies, and the query parameters of GET routes that utoipa was given as a body.
//! tests/api/openapi_truth.rs and scripts/test's Schemathesis run hold it to the real replies.

use crate::error::AppError;
use serde_json::{Map, Value, json};

/// Routes whose reply is their own JSON (the health probes), not an envelope.
const PLAIN_PATHS: [&str; 2] = ["/healthz", "/readyz"];

/// Methods whose parameters `Params` reads from the query only (a body is ignored).
const QUERY_ONLY_METHODS: [&str; 3] = ["get", "head", "delete"];

const OPERATION_METHODS: [&str; 7] = ["get", "post", "put", "patch", "delete", "head", "options"];

/// An error reply with its own HTTP status (`envelope.rs` maps them), and which operations can
/// give it.
struct StatusReply {
    status: &'static str,
    key: &'static str,
    description: &'static str,
    /// Whether an operation (its method, its description) can give it.
    given_by: fn(&str, &Value) -> bool,
}

/// Every other refusal is HTTP 200 with `code: 0` (the `Refusal` schema of the 200 reply).
const STATUS_REPLIES: [StatusReply; 6] = [
    StatusReply {
        status: "401",
        key: "login_required",
        description: "no live session: the token is missing, unknown or expired",
        given_by: needs_session,
    },
    StatusReply {
        status: "403",
        key: "cross_site_refused",
        description: "a browser sent this state-changing request for another site",
        given_by: changes_state,
    },
    StatusReply {
        status: "404",
        key: "not_found",
        description: "no such item for this player (another player's is not found either)",
        given_by: has_path_parameter,
    },
    StatusReply {
        status: "408",
        key: "request_timeout",
        description: "the request took longer than `server.request_timeout_secs`",
        given_by: always,
    },
    StatusReply {
        status: "413",
        key: "payload_too_large",
        description: "the body exceeds `server.body_limit_bytes` (uploads: their own limit)",
        given_by: has_body,
    },
    StatusReply {
        status: "500",
        key: "internal",
        description: "an internal failure (logged; the message tells nothing of it)",
        given_by: always,
    },
];

fn needs_session(_: &str, operation: &Value) -> bool {
    let requirements = operation["security"].as_array().map(Vec::as_slice).unwrap_or_default();
    requirements.iter().any(|requirement| requirement.get("token").is_some())
}

fn has_path_parameter(_: &str, operation: &Value) -> bool {
    let parameters = operation["parameters"].as_array().map(Vec::as_slice).unwrap_or_default();
    parameters.iter().any(|parameter| parameter["in"] == "path")
}

fn has_body(_: &str, operation: &Value) -> bool {
    operation.get("requestBody").is_some()
}

/// The methods `http::cross_site` lets through from anywhere.
const SAFE_METHODS: [&str; 3] = ["get", "head", "options"];

fn changes_state(method: &str, _: &Value) -> bool {
    !SAFE_METHODS.contains(&method)
}

fn always(_: &str, _: &Value) -> bool {
    true
}

/// The document utoipa built, completed as the module comment says, as JSON text.
pub fn describe(openapi: &utoipa::openapi::OpenApi) -> anyhow::Result<String> {
    let mut document = serde_json::to_value(openapi)?;
    let schemas = document["components"]["schemas"].as_object().cloned().unwrap_or_default();
    if let Some(paths) = document["paths"].as_object_mut() {
        for (path, item) in paths.iter_mut() {
            let plain = PLAIN_PATHS.contains(&path.as_str());
            let operations = item.as_object_mut().into_iter().flatten();
            for (method, operation) in operations {
                if OPERATION_METHODS.contains(&method.as_str()) {
                    describe_operation(method, operation, &schemas, plain);
                }
            }
        }
    }
    let forms = request_schemas(&document, &schemas);
    for name in forms {
        let properties = &mut document["components"]["schemas"][name.as_str()]["properties"];
        for property in properties.as_object_mut().into_iter().flat_map(|map| map.values_mut()) {
            accept_scalars_as_text(property);
        }
    }
    document["components"]["schemas"]["Refusal"] = refusal_schema(AppError::KEYS);
    Ok(serde_json::to_string(&document)?)
}

/// The components request bodies use, with those they refer to in turn.
fn request_schemas(document: &Value, schemas: &Map<String, Value>) -> Vec<String> {
    let operations = document["paths"].as_object().into_iter().flat_map(|paths| paths.values());
    let operations = operations.filter_map(Value::as_object).flat_map(|item| item.values());
    let mut pending: Vec<String> = operations
        .filter_map(|operation| {
            let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
            component_name(schema)
        })
        .collect();
    let mut found = Vec::new();
    while let Some(name) = pending.pop() {
        if found.contains(&name) {
            continue;
        }
        let properties = schemas.get(&name).map(|schema| &schema["properties"]);
        let properties =
            properties.and_then(Value::as_object).into_iter().flat_map(|map| map.values());
        pending.extend(properties.filter_map(|property| {
            component_name(property).or_else(|| component_name(&property["items"]))
        }));
        found.push(name);
    }
    found
}

fn component_name(schema: &Value) -> Option<String> {
    let reference = schema["$ref"].as_str()?;
    reference.strip_prefix("#/components/schemas/").map(str::to_string)
}

/// `Params` reads JSON numbers and booleans as their text (`extract::normalize`), so a free
/// text field takes them too.
fn accept_scalars_as_text(property: &mut Value) {
    if property.get("enum").is_some() {
        return;
    }
    let kinds: Vec<Value> = match &property["type"] {
        Value::String(kind) => vec![Value::String(kind.clone())],
        Value::Array(kinds) => kinds.clone(),
        _ => return,
    };
    if kinds.contains(&json!("string")) {
        let mut widened = kinds;
        widened.extend([json!("number"), json!("boolean")]);
        property["type"] = Value::Array(widened);
    }
}

fn describe_operation(
    method: &str,
    operation: &mut Value,
    schemas: &Map<String, Value>,
    plain: bool,
) {
    if QUERY_ONLY_METHODS.contains(&method) {
        move_body_to_query(operation, schemas);
    }
    accept_forms(operation, schemas);
    let Some(responses) = operation["responses"].as_object_mut() else { return };
    for (status, response) in responses.iter_mut() {
        let content = response.get("content").and_then(Value::as_object);
        let is_json = content.is_none_or(|content| content.contains_key("application/json"));
        let is_image = content.is_some_and(|content| content.contains_key("image/*"));
        match (status.as_str(), plain, is_json, is_image) {
            (_, true, _, _) | ("200", _, _, true) => {}
            ("200", false, true, _) => wrap_success(response),
            ("200", false, false, _) => add_refusal(response),
            _ => set_refusal(response, key_of(status)),
        }
    }
    let extra: Vec<(String, Value)> = STATUS_REPLIES
        .iter()
        .filter(|reply| {
            (reply.given_by)(method, operation)
                && operation["responses"].get(reply.status).is_none()
        })
        .map(|reply| {
            let mut response = json!({ "description": reply.description });
            set_refusal(&mut response, Some(reply.key));
            (reply.status.to_string(), response)
        })
        .collect();
    if let Some(responses) = operation["responses"].as_object_mut() {
        responses.extend(extra);
    }
}

fn key_of(status: &str) -> Option<&'static str> {
    STATUS_REPLIES.iter().find(|reply| reply.status == status).map(|reply| reply.key)
}

/// `{code: 1, msg: "", data}` or a business refusal, both HTTP 200.
fn wrap_success(response: &mut Value) {
    let data = response["content"]["application/json"]["schema"].take();
    let data = if data.is_null() { json!({}) } else { data };
    let success = json!({
        "type": "object",
        "required": ["code", "msg", "data"],
        "additionalProperties": false,
        "properties": {
            "code": { "type": "integer", "enum": [1] },
            "msg": { "type": "string", "enum": [""] },
            "data": data,
        },
    });
    let schema = json!({ "oneOf": [success, { "$ref": "#/components/schemas/Refusal" }] });
    response["content"] = json!({ "application/json": { "schema": schema } });
}

/// A stream (`api/live`) refuses as other routes do, with an envelope in place of the stream.
fn add_refusal(response: &mut Value) {
    let refusal = json!({ "schema": { "$ref": "#/components/schemas/Refusal" } });
    response["content"]["application/json"] = refusal;
}

/// An error reply's body: the refusal envelope, with the one key of its status when known.
fn set_refusal(response: &mut Value, key: Option<&'static str>) {
    let schema = match key {
        Some(key) => refusal_schema(&[key]),
        None => json!({ "$ref": "#/components/schemas/Refusal" }),
    };
    response["content"] = json!({ "application/json": { "schema": schema } });
}

/// `{code: 0, msg, err, data: null}`, plus `ret` 226 (session ended) or 555 (frozen).
fn refusal_schema(keys: &[&str]) -> Value {
    json!({
        "type": "object",
        "description": "A refusal: `err` is the stable key, `msg` its text in the request's language.",
        "required": ["code", "msg", "err", "data"],
        "additionalProperties": false,
        "properties": {
            "code": { "type": "integer", "enum": [0] },
            "msg": { "type": "string" },
            "err": { "type": "string", "enum": keys },
            "data": { "type": "null" },
            "ret": { "type": "integer", "enum": [226, 555] },
        },
    })
}

/// The object schema of a request body, its `$ref` resolved.
fn body_schema(operation: &Value, schemas: &Map<String, Value>) -> Option<Value> {
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            schemas.get(name).cloned()
        }
        None => schema.is_object().then(|| schema.clone()),
    }
}

/// A GET route reads its parameters from the query (or `/key/value` segments): one query
/// parameter per property of the body utoipa was given.
fn move_body_to_query(operation: &mut Value, schemas: &Map<String, Value>) {
    let Some(schema) = body_schema(operation, schemas) else { return };
    let Some(object) = operation.as_object_mut() else { return };
    object.remove("requestBody");
    let required: Vec<Value> = schema["required"].as_array().cloned().unwrap_or_default();
    let properties = schema["properties"].as_object().cloned().unwrap_or_default();
    let parameters = properties.into_iter().map(|(name, property)| {
        json!({
            "name": name,
            "in": "query",
            "required": required.contains(&Value::String(name.clone())),
            "schema": property,
        })
    });
    let list = object.entry("parameters").or_insert_with(|| json!([]));
    if let Some(list) = list.as_array_mut() {
        list.extend(parameters);
    }
}

/// `Params` reads a form as it reads JSON: a body of flat fields is described both ways.
/// (Nested fields travel in forms as `bets[0][option]`, which OpenAPI cannot say for a form.)
fn accept_forms(operation: &mut Value, schemas: &Map<String, Value>) {
    let Some(schema) = body_schema(operation, schemas) else { return };
    let properties = schema["properties"].as_object().cloned().unwrap_or_default();
    let flat = properties.values().all(|property| {
        let kinds = match &property["type"] {
            Value::Array(kinds) => kinds.clone(),
            kind => vec![kind.clone()],
        };
        kinds.iter().all(|kind| {
            matches!(kind.as_str(), Some("string" | "integer" | "number" | "boolean" | "null"))
        })
    });
    if flat {
        let json_schema = operation["requestBody"]["content"]["application/json"]["schema"].clone();
        operation["requestBody"]["content"]["application/x-www-form-urlencoded"] =
            json!({ "schema": json_schema });
    }
}
