//! Request extractors: the session, the language, the client address, and `Params<T>`, which
//! reads GET parameters (query string, or `/key/value` segments moved there by `compat`) and
//! POST bodies (JSON or form-urlencoded with `name[key]` nesting) into one serde struct of
//! strings.

use super::AppState;
use crate::auth::{self, SessionUser};
use crate::error::AppError;
use crate::idempotency::IdempotencyKey;
use crate::net::{self, IpBlock};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::net::SocketAddr;

/// The logged-in user; refuses with 401/ret 226 (or ret 555 when frozen).
pub struct Session(pub SessionUser);

/// The logged-in user when the request carries a live session.
pub struct MaybeSession(pub Option<SessionUser>);

fn token_of(parts: &Parts) -> Option<String> {
    let from_header =
        parts.headers.get("token").and_then(|value| value.to_str().ok()).map(str::to_string);
    let from_query = || {
        form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes())
            .find(|(key, _)| key == "token")
            .map(|(_, value)| value.into_owned())
    };
    from_header.or_else(from_query).filter(|token| !token.trim().is_empty())
}

/// The session token of a request that checks it itself, together with other reads in one
/// trip to the read pool (the betting hot path); refuses with 401/ret 226 when absent.
pub struct SessionToken(pub String);

impl FromRequestParts<AppState> for SessionToken {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, AppError> {
        token_of(parts).map(SessionToken).ok_or(AppError::LoginRequired)
    }
}

impl FromRequestParts<AppState> for Session {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, AppError> {
        let token = token_of(parts).ok_or(AppError::LoginRequired)?;
        let (now, limits) = (app.clock.now(), app.auth.sessions);
        let user = app
            .db
            .read(move |connection| auth::session_user(connection, &token, limits, now))
            .await?;
        record_session_use(app, &user).await?;
        Ok(Session(user))
    }
}

/// Records a use of a checked session when its last recorded use is old enough
/// (`auth::SESSION_TOUCH_SECS`): most requests write nothing.
pub async fn record_session_use(app: &AppState, session: &SessionUser) -> Result<(), AppError> {
    let now = app.clock.now();
    if !session.needs_touch(now) {
        return Ok(());
    }
    let token_hash = session.token_hash.clone();
    app.db.write(move |tx| auth::touch_session(tx, &token_hash, now)).await
}

impl FromRequestParts<AppState> for MaybeSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, AppError> {
        match Session::from_request_parts(parts, app).await {
            Ok(Session(user)) => Ok(MaybeSession(Some(user))),
            Err(AppError::LoginRequired | AppError::SessionEnded) => Ok(MaybeSession(None)),
            Err(error) => Err(error),
        }
    }
}

/// The language of the request: the `lang` header when it names a language of the app
/// ("zh-CN" is "zh"), the configured default otherwise.
pub struct Lang(pub &'static str);

/// The language `Lang` extracts, for code that holds only the headers.
pub fn request_lang(headers: &HeaderMap, default_lang: &'static str) -> &'static str {
    headers
        .get("lang")
        .and_then(|value| value.to_str().ok())
        .and_then(crate::i18n::normalize)
        .unwrap_or(default_lang)
}

impl FromRequestParts<AppState> for Lang {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, AppError> {
        Ok(Lang(request_lang(&parts.headers, app.default_lang)))
    }
}

/// The client's address as throttles key it (`net::throttle_key`): the peer, or with
/// `server.trust_forwarded_for`, the right-most X-Forwarded-For entry that none of
/// `server.trusted_proxies` wrote (`net::client_address`).
pub struct ClientAddress(pub String);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, AppError> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Ok(ClientAddress("unknown".into()));
        };
        let server = &app.config.server;
        let address = if server.trust_forwarded_for {
            let forwarded: Vec<&str> = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .collect();
            // Validated at start; an entry that does not parse trusts nobody.
            let trusted: Vec<IpBlock> =
                server.trusted_proxies.iter().filter_map(|text| IpBlock::parse(text)).collect();
            net::client_address(peer.ip(), &forwarded, &trusted)
        } else {
            peer.ip()
        };
        Ok(ClientAddress(net::throttle_key(address)))
    }
}

/// The optional `Idempotency-Key` header of a money-moving request.
pub struct Idempotency(pub Option<IdempotencyKey>);

impl<S: Sync> FromRequestParts<S> for Idempotency {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        let Some(value) = parts.headers.get("idempotency-key") else {
            return Ok(Idempotency(None));
        };
        let text = value.to_str().map_err(|_| AppError::BadParams)?;
        Ok(Idempotency(Some(IdempotencyKey::parse(text)?)))
    }
}

/// The `{file}` path segment of a media route. A segment that is not UTF-8 once decoded names
/// no stored file: `not_found`, like any other unknown name (axum's own rejection is a 400
/// in plain text, outside the envelope).
pub struct FileName(pub String);

impl<S: Send + Sync> FromRequestParts<S> for FileName {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path(file) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::NotFound)?;
        Ok(FileName(file))
    }
}

/// Parameters of any accepted form, deserialized into `T` (a struct of optional strings).
/// Empty and null values count as absent; numbers and booleans arrive as their text.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Params<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, app: &AppState) -> Result<Self, AppError> {
        let query =
            request.uri().query().map(|query| parse_form(query.as_bytes())).unwrap_or_default();
        let is_json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"));
        let has_body = !matches!(*request.method(), Method::GET | Method::HEAD | Method::DELETE);
        let body = if has_body {
            let bytes = Bytes::from_request(request, app).await.map_err(|rejection| {
                if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::PayloadTooLarge
                } else {
                    AppError::BadParams
                }
            })?;
            parse_body(&bytes, is_json)?
        } else {
            Map::new()
        };
        let mut merged = query;
        merged.extend(body);
        let value = normalize(Value::Object(merged)).unwrap_or(Value::Object(Map::new()));
        serde_json::from_value(value).map(Params).map_err(|error| {
            if error.to_string().starts_with("missing field") {
                AppError::MissingParams
            } else {
                AppError::BadParams
            }
        })
    }
}

fn parse_body(bytes: &[u8], is_json: bool) -> Result<Map<String, Value>, AppError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    if is_json || bytes.first() == Some(&b'{') {
        return match serde_json::from_slice(bytes) {
            Ok(Value::Object(map)) => Ok(map),
            _ => Err(AppError::BadParams),
        };
    }
    if std::str::from_utf8(bytes).is_err() {
        return Err(AppError::BadParams);
    }
    Ok(parse_form(bytes))
}

/// Parses `a=1&user[name]=x&tags[]=p&tags[]=q` into nested JSON.
pub fn parse_form(bytes: &[u8]) -> Map<String, Value> {
    let mut root = Map::new();
    for (key, value) in form_urlencoded::parse(bytes) {
        let mut path = key.split('[').map(|segment| segment.trim_end_matches(']'));
        let Some(head) = path.next().filter(|head| !head.is_empty()) else { continue };
        let rest: Vec<&str> = path.collect();
        insert_nested(&mut root, head, &rest, Value::String(value.into_owned()));
    }
    root
}

/// Nesting deeper than this is flattened into the last level (bounds recursion on hostile keys).
pub const FORM_DEPTH_MAX: usize = 8;

fn insert_nested(map: &mut Map<String, Value>, head: &str, rest: &[&str], value: Value) {
    let Some((next, deeper)) = rest.split_first().filter(|_| rest.len() <= FORM_DEPTH_MAX) else {
        map.insert(head.to_string(), value);
        return;
    };
    if next.is_empty() {
        let slot = map.entry(head.to_string()).or_insert_with(|| Value::Array(Vec::new()));
        if !slot.is_array() {
            *slot = Value::Array(Vec::new());
        }
        if let Value::Array(items) = slot {
            items.push(value);
        }
        return;
    }
    let slot = map.entry(head.to_string()).or_insert_with(|| Value::Object(Map::new()));
    if !slot.is_object() {
        *slot = Value::Object(Map::new());
    }
    if let Value::Object(inner) = slot {
        insert_nested(inner, next, deeper, value);
    }
}

/// Scalars become strings; null and "" disappear (the spec's client skips empty parameters).
fn normalize(value: Value) -> Option<Value> {
    match value {
        Value::Null => None,
        Value::String(text) if text.is_empty() => None,
        Value::String(text) => Some(Value::String(text)),
        Value::Bool(flag) => Some(Value::String(flag.to_string())),
        Value::Number(number) => Some(Value::String(number.to_string())),
        Value::Array(items) => {
            Some(Value::Array(items.into_iter().filter_map(normalize).collect()))
        }
        Value::Object(map) => Some(Value::Object(
            map.into_iter()
                .filter_map(|(key, value)| normalize(value).map(|value| (key, value)))
                .collect(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn forms_nest_by_brackets() {
        let parsed =
            parse_form(b"a=1&user%5Bname%5D=x&user[age]=3&tags[]=p&tags[]=q&bets[0][option]=big");
        assert_eq!(
            Value::Object(parsed),
            json!({"a":"1","user":{"name":"x","age":"3"},"tags":["p","q"],"bets":{"0":{"option":"big"}}})
        );
    }

    #[test]
    fn scalars_become_text_and_empties_vanish() {
        let value = normalize(json!({"a": 12.5, "b": "", "c": null, "d": true, "e": [1, ""]}));
        assert_eq!(value, Some(json!({"a": "12.5", "d": "true", "e": ["1"]})));
    }
}
