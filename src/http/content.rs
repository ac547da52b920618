//! Content endpoints: the news list and articles (pages/yn28/news). The support contacts
//! (pages/yn28/customer) are in `system.rs` with the rest of the operator's settings.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Lang, Params, Session};
use crate::content::{
    self,
    types::{NewsArticle, NewsItem, parse_article_id},
};
use crate::error::AppError;
use crate::paging::{Page, Paging};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(news_index)).routes(routes!(news_detail))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct NewsListForm {
    page: Option<String>,
    limit: Option<String>,
}

/// Published news for the request's language (the `lang` header) and for every language:
/// pinned first, then newest first.
#[utoipa::path(get, path = "/api/news/index", tag = "content", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query),
        ("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<NewsItem>)))]
async fn news_index(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
    Params(form): Params<NewsListForm>,
) -> Result<Envelope<Page<NewsItem>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let now = app.clock.now();
    let page = app
        .db
        .read(move |connection| content::list_published(connection, lang, paging, now))
        .await?;
    Ok(Envelope::ok(page))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct NewsDetailForm {
    id: Option<String>,
}

/// One published article; `not_found` (HTTP 404) when unknown, removed or not published yet.
#[utoipa::path(get, path = "/api/news/detail", tag = "content", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = NewsArticle),
        (status = 404, description = "envelope with err not_found")))]
async fn news_detail(
    State(app): State<AppState>,
    _session: Session,
    Params(form): Params<NewsDetailForm>,
) -> Result<Envelope<NewsArticle>, AppError> {
    let id = parse_article_id(form.id.as_deref().ok_or(AppError::MissingParams)?)?;
    let now = app.clock.now();
    let article =
        app.db.read(move |connection| content::read_published(connection, id, now)).await?;
    Ok(Envelope::ok(article))
}
