//! Content players read: news articles (`fairhall admin news`; players read the published
//! ones of their language and the language-neutral ones through api/news/index and
//! api/news/detail), the content items of `items` (banners, activities, help articles,
//! pages) with their `pictures` and sanitized `rich_text`, the broadcast `announcements`, and
//! the `messages` the product sends each player on its own events.

pub mod announcements;
pub mod items;
pub mod messages;
pub mod pictures;
pub mod rich_text;
mod sql;
pub mod types;

pub use items::{activities_started_since, banners_for_home};

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::paging::{Page, Paging};
use rusqlite::Connection;
use types::{Article, ArticleChange, NewArticle, NewsArticle, NewsItem};

/// Adds an article, published at its `published_at` or now; returns its id.
pub fn add(tx: &Tx, article: &NewArticle, now: Timestamp) -> Result<i64, AppError> {
    let id = sql::insert(tx, article, article.published_at.unwrap_or(now), now)?;
    tx.note_created(id);
    Ok(id)
}

/// Changes an article that is not removed. `missing_params` when `change` changes nothing,
/// `not_found` for an unknown or removed article.
pub fn edit(tx: &Tx, id: i64, change: &ArticleChange, now: Timestamp) -> Result<Article, AppError> {
    if change.is_empty() {
        return Err(AppError::MissingParams);
    }
    if !sql::update(tx, id, change, now)? {
        return Err(AppError::NotFound);
    }
    sql::article(tx, id)?.ok_or(AppError::NotFound)
}

/// Removes an article for good: players no longer see it; the row stays as a record.
/// `not_found` for an unknown or already removed article.
pub fn remove(tx: &Tx, id: i64, now: Timestamp) -> Result<(), AppError> {
    if sql::mark_removed(tx, id, now)? { Ok(()) } else { Err(AppError::NotFound) }
}

/// The news readers of `lang` see at `now`: their language's and the language-neutral
/// published articles, pinned first, then newest first.
pub fn list_published(
    connection: &Connection,
    lang: &str,
    paging: Paging,
    now: Timestamp,
) -> Result<Page<NewsItem>, AppError> {
    let total = sql::count_visible(connection, lang, now)?;
    let items = sql::visible_items(connection, lang, paging, now)?;
    Ok(paging.wrap(items, total))
}

/// A published article; `not_found` when it is unknown, removed or not published yet.
pub fn read_published(
    connection: &Connection,
    id: i64,
    now: Timestamp,
) -> Result<NewsArticle, AppError> {
    sql::visible_article(connection, id, now)?.ok_or(AppError::NotFound)
}

/// Every article for the operator, scheduled ones included (removed ones with `with_removed`),
/// newest first.
pub fn list_all(
    connection: &Connection,
    with_removed: bool,
    paging: Paging,
) -> Result<Page<Article>, AppError> {
    let (articles, total) = sql::articles(connection, with_removed, paging)?;
    Ok(paging.wrap(articles, total))
}

/// One article as the operator sees it, removed or not; `not_found` when unknown.
pub fn show(connection: &Connection, id: i64) -> Result<Article, AppError> {
    sql::article(connection, id)?.ok_or(AppError::NotFound)
}
