//! News as a player reads it: the list and the detail through the API.

use crate::support::helpers::{Player, Reply, TestApp};
use axum::body::Body;
use axum::http::Request;
use serde_json::Value;

pub const INDEX: &str = "/api/news/index";
pub const DETAIL: &str = "/api/news/detail";

/// GET `path?query` as `player`, with a `lang` header when given.
pub async fn get(
    app: &TestApp,
    player: &Player,
    path_and_query: &str,
    lang: Option<&str>,
) -> Reply {
    let mut request = Request::get(path_and_query).header("token", &player.token);
    if let Some(lang) = lang {
        request = request.header("lang", lang);
    }
    app.send(request.body(Body::empty()).expect("a request")).await
}

pub async fn news(app: &TestApp, player: &Player, query: &str, lang: Option<&str>) -> Value {
    get(app, player, &format!("{INDEX}?{query}"), lang).await.assert_ok().clone()
}

pub fn titles(page: &Value) -> Vec<String> {
    let list = page["list"].as_array().expect("a list");
    list.iter().map(|item| item["title"].as_str().expect("a title").to_string()).collect()
}
