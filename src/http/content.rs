//! Content endpoints: the news list and articles (pages/yn28/news), the content items
//! (banners, activities, help articles, pages) in the reader's language or the default one,
//! and their pictures. The support contacts (pages/yn28/customer) are in `system.rs` with
//! the rest of the operator's settings.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{FileName, Lang, Params, Session};
use crate::content::items::types::{
    ActivityDetail, ActivityItem, BannerView, HelpArticle, HelpItem, PageLink, PageView,
    parse_item_id,
};
use crate::content::{
    self, items, pictures,
    types::{NewsArticle, NewsItem, parse_article_id},
};
use crate::error::AppError;
use crate::paging::{Page, Paging};
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(news_index))
        .routes(routes!(news_detail))
        .routes(routes!(banner_index))
        .routes(routes!(activity_index))
        .routes(routes!(activity_detail))
        .routes(routes!(help_index))
        .routes(routes!(help_detail))
        .routes(routes!(page_index))
        .routes(routes!(page_detail))
        .routes(routes!(content_picture))
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

/// The home page's banners in the request's language (else the default one), in the operator's
/// order. `api/index/index` carries the same list.
#[utoipa::path(get, path = "/api/banner/index", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<BannerView>)))]
async fn banner_index(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
) -> Result<Envelope<Value>, AppError> {
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let list = app
        .db
        .read(move |connection| items::banners_for_home(connection, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(json!({ "list": list })))
}

/// The live activities (pages/events/index) in the request's language, else the default one;
/// an activity in neither is not listed, an ended one drops off.
#[utoipa::path(get, path = "/api/activity/index", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<ActivityItem>)))]
async fn activity_index(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
) -> Result<Envelope<Value>, AppError> {
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let list = app
        .db
        .read(move |connection| items::activities(connection, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(json!({ "list": list })))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct ItemForm {
    id: Option<String>,
}

fn item_id_of(form: ItemForm) -> Result<i64, AppError> {
    parse_item_id(form.id.as_deref().ok_or(AppError::MissingParams)?)
}

/// One activity (pages/events/details) with its sanitized HTML body; `not_found` (HTTP 404)
/// when unknown, deleted, not started, ended or in neither language.
#[utoipa::path(get, path = "/api/activity/detail", tag = "content", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = ActivityDetail),
        (status = 404, description = "envelope with err not_found")))]
async fn activity_detail(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
    Params(form): Params<ItemForm>,
) -> Result<Envelope<ActivityDetail>, AppError> {
    let id = item_id_of(form)?;
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let activity = app
        .db
        .read(move |connection| items::activity(connection, id, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(activity))
}

/// The help articles (pages/events/helplist) in the operator's order.
#[utoipa::path(get, path = "/api/help/index", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<HelpItem>)))]
async fn help_index(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
) -> Result<Envelope<Value>, AppError> {
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let list = app
        .db
        .read(move |connection| items::help_articles(connection, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(json!({ "list": list })))
}

/// One help article (pages/events/helpdetail); `not_found` (HTTP 404) as for activities.
#[utoipa::path(get, path = "/api/help/detail", tag = "content", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = HelpArticle),
        (status = 404, description = "envelope with err not_found")))]
async fn help_detail(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
    Params(form): Params<ItemForm>,
) -> Result<Envelope<HelpArticle>, AppError> {
    let id = item_id_of(form)?;
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let article = app
        .db
        .read(move |connection| items::help_article(connection, id, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(article))
}

/// The pages players can open (about-us, company-profile, privacy, ...): slug and title.
/// Public: a guest reads the agreements before he registers.
#[utoipa::path(get, path = "/api/page/index", tag = "content",
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<PageLink>)))]
async fn page_index(
    State(app): State<AppState>,
    Lang(lang): Lang,
) -> Result<Envelope<Value>, AppError> {
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let config = app.config.clone();
    let list = app
        .db
        .read(move |connection| {
            items::pages(connection, (lang, default_lang), &config.app.name, now)
        })
        .await?;
    Ok(Envelope::ok(json!({ "list": list })))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct PageForm {
    /// The page's slug, e.g. about-us.
    slug: Option<String>,
}

/// One page by slug (pages/jogos/about-us?page=<slug>) with its version; the shipped
/// template of privacy-policy and user-agreement until the operator writes his own
/// (`template: true`); `not_found` (HTTP 404) as for activities. Public like the list.
#[utoipa::path(get, path = "/api/page/detail", tag = "content",
    params(("slug" = String, Query)),
    responses((status = 200, description = "envelope", body = PageView),
        (status = 404, description = "envelope with err not_found")))]
async fn page_detail(
    State(app): State<AppState>,
    Lang(lang): Lang,
    Params(form): Params<PageForm>,
) -> Result<Envelope<PageView>, AppError> {
    let slug = items::types::PageSlug::parse(form.slug.as_deref().ok_or(AppError::MissingParams)?)?;
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let config = app.config.clone();
    let page = app
        .db
        .read(move |connection| {
            let reader = (lang, default_lang);
            items::page(connection, slug.as_str(), reader, &config.app.name, now)
        })
        .await?;
    Ok(Envelope::ok(page))
}

/// A content picture, for everyone: its name is the hash of its bytes, so it is cached for a
/// year as immutable; `not_found` for any other name.
#[utoipa::path(get, path = "/media/content/{file}", tag = "content",
    params(("file" = String, Path, description = "the file name from a `picture`")),
    responses((status = 200, description = "the image", content_type = "image/*"),
        (status = 404, description = "envelope not_found")))]
async fn content_picture(
    State(app): State<AppState>,
    FileName(file): FileName,
) -> Result<Response, AppError> {
    let path =
        pictures::picture_file(&app.config.server.data_dir, &file).ok_or(AppError::NotFound)?;
    super::assets::stored_image(&path).await
}
