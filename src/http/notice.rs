//! Message list endpoints (pages/jogos/notice): the player's messages and the announcements
//! together, opening one (which marks it read), marking all read, the unread count for the
//! badges, and the current announcements of the home page's scrolling line.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Lang, Params, Session};
use crate::content::announcements::{self, types::CurrentAnnouncement};
use crate::content::messages::{
    self,
    types::{Notice, NoticeRef},
};
use crate::error::AppError;
use crate::paging::{Page, Paging};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(notice_index))
        .routes(routes!(notice_read))
        .routes(routes!(notice_read_all))
        .routes(routes!(notice_unread))
        .routes(routes!(notice_announcements))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct NoticeListForm {
    page: Option<String>,
    limit: Option<String>,
}

/// The player's messages and the current announcements in his language (the `lang` header;
/// announcements fall back to the default language, else are not listed): pinned
/// announcements first, then newest first, each with a one-line summary and `read`.
#[utoipa::path(get, path = "/api/notice/index", tag = "content", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query),
        ("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<Notice>)))]
async fn notice_index(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
    Params(form): Params<NoticeListForm>,
) -> Result<Envelope<Page<Notice>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let (user, languages, now) = (session.user_id, (lang, app.default_lang), app.clock.now());
    let page = app
        .db
        .read(move |connection| messages::list(connection, user, languages, paging, now))
        .await?;
    Ok(Envelope::ok(page))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct NoticeReadForm {
    /// "announcement" or "message".
    kind: Option<String>,
    id: Option<String>,
}

/// Opens one entry: marks it read for this player and returns its whole text. `not_found`
/// for another player's message or an announcement he is not shown.
#[utoipa::path(post, path = "/api/notice/read", tag = "content", security(("token" = [])),
    request_body = NoticeReadForm,
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope", body = Notice),
        (status = 404, description = "envelope with err not_found")))]
async fn notice_read(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
    Params(form): Params<NoticeReadForm>,
) -> Result<Envelope<Notice>, AppError> {
    let (Some(kind), Some(id)) = (form.kind, form.id) else {
        return Err(AppError::MissingParams);
    };
    let notice = NoticeRef::parse(&kind, &id)?;
    let (user, languages, now) = (session.user_id, (lang, app.default_lang), app.clock.now());
    let opened = app.db.write(move |tx| messages::open(tx, user, notice, languages, now)).await?;
    Ok(Envelope::ok(opened))
}

/// How many entries of the list the player has not opened.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Unread {
    count: i64,
}

/// Marks every message of the player and every announcement he is shown read.
#[utoipa::path(post, path = "/api/notice/read_all", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {count: 0}", body = Unread)))]
async fn notice_read_all(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
) -> Result<Envelope<Unread>, AppError> {
    let (user, languages, now) = (session.user_id, (lang, app.default_lang), app.clock.now());
    let count = app
        .db
        .write(move |tx| {
            messages::mark_all_read(tx, user, languages, now)?;
            messages::unread_count(tx, user, languages.0, languages.1, now)
        })
        .await?;
    Ok(Envelope::ok(Unread { count }))
}

/// The unread count of the badges on home and mine.
#[utoipa::path(get, path = "/api/notice/unread", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope", body = Unread)))]
async fn notice_unread(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
) -> Result<Envelope<Unread>, AppError> {
    let (user, default_lang, now) = (session.user_id, app.default_lang, app.clock.now());
    let count = app
        .db
        .read(move |connection| messages::unread_count(connection, user, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(Unread { count }))
}

/// The current announcements of the home page's scrolling line, in the reader's language or
/// the default one, pinned first, then newest first (at most `announcements::CURRENT_MAX`).
#[utoipa::path(get, path = "/api/notice/announcements", tag = "content", security(("token" = [])),
    params(("lang" = Option<String>, Header, description = "language code; default from config")),
    responses((status = 200, description = "envelope; data: {list}", body = super::envelope::List<CurrentAnnouncement>)))]
async fn notice_announcements(
    State(app): State<AppState>,
    _session: Session,
    Lang(lang): Lang,
) -> Result<Envelope<serde_json::Value>, AppError> {
    let (default_lang, now) = (app.default_lang, app.clock.now());
    let list = app
        .db
        .read(move |connection| announcements::current(connection, lang, default_lang, now))
        .await?;
    Ok(Envelope::ok(serde_json::json!({ "list": list })))
}
