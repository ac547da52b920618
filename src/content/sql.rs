//! Queries of the content module's table, `news_articles`.

use super::types::{Article, ArticleChange, NewArticle, NewsArticle, NewsItem, summarize};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::paging::Paging;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// Characters of a body read for its summary: enough for `SUMMARY_CHARS` after whitespace
/// runs collapse, without reading whole bodies for a list.
const SUMMARY_SOURCE_CHARS: i64 = 4 * super::types::SUMMARY_CHARS as i64;

/// What players may see at `now`: not removed and published.
const VISIBLE: &str = "removed_at IS NULL AND published_at <= ?1";

pub fn insert(
    connection: &Connection,
    article: &NewArticle,
    published_at: Timestamp,
    now: Timestamp,
) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO news_articles
                 (lang, title, body, pinned, published_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        )?
        .execute(params![
            article.lang.code(),
            article.title.as_str(),
            article.body.as_str(),
            article.pinned,
            published_at,
            now
        ])?;
    Ok(connection.last_insert_rowid())
}

/// Applies `change` to a live (not removed) article; false when there is none with `id`.
/// `updated_at` never goes back: the CLI reads the system clock, which may be set back.
pub fn update(
    connection: &Connection,
    id: i64,
    change: &ArticleChange,
    now: Timestamp,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE news_articles
             SET title = COALESCE(?2, title), body = COALESCE(?3, body),
                 lang = CASE WHEN ?4 THEN ?5 ELSE lang END, pinned = COALESCE(?6, pinned),
                 published_at = COALESCE(?7, published_at), updated_at = MAX(updated_at, ?8)
             WHERE article_id = ?1 AND removed_at IS NULL",
        )?
        .execute(params![
            id,
            change.title.as_ref().map(|title| title.as_str()),
            change.body.as_ref().map(|body| body.as_str()),
            change.lang.is_some(),
            change.lang.and_then(|lang| lang.code()),
            change.pinned,
            change.published_at,
            now
        ])?;
    Ok(changed == 1)
}

/// Marks a live article removed; false when there is none with `id`.
pub fn mark_removed(connection: &Connection, id: i64, now: Timestamp) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE news_articles SET removed_at = ?2
             WHERE article_id = ?1 AND removed_at IS NULL",
        )?
        .execute(params![id, now])?;
    Ok(changed == 1)
}

pub fn count_visible(connection: &Connection, lang: &str, now: Timestamp) -> Result<i64, AppError> {
    let sql = format!(
        "SELECT COUNT(*) FROM news_articles WHERE {VISIBLE} AND (lang IS NULL OR lang = ?2)"
    );
    Ok(connection.prepare_cached(&sql)?.query_row(params![now, lang], |row| row.get(0))?)
}

/// One page of what readers of `lang` see: pinned first, then newest first.
pub fn visible_items(
    connection: &Connection,
    lang: &str,
    paging: Paging,
    now: Timestamp,
) -> Result<Vec<NewsItem>, AppError> {
    let sql = format!(
        "SELECT article_id, title, substr(body, 1, ?5), length(body) > ?5, pinned, published_at
         FROM news_articles WHERE {VISIBLE} AND (lang IS NULL OR lang = ?2)
         ORDER BY pinned DESC, published_at DESC, article_id DESC LIMIT ?3 OFFSET ?4"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let arguments = params![now, lang, paging.limit, paging.offset(), SUMMARY_SOURCE_CHARS];
    let rows = query.query_map(arguments, |row| {
        let start: String = row.get(2)?;
        Ok(NewsItem {
            id: row.get(0)?,
            title: row.get(1)?,
            summary: summarize(&start, row.get(3)?),
            pinned: row.get(4)?,
            published_at: row.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A visible article, whatever its language (a reader may follow a shared link).
pub fn visible_article(
    connection: &Connection,
    id: i64,
    now: Timestamp,
) -> Result<Option<NewsArticle>, AppError> {
    let sql = format!(
        "SELECT article_id, title, body, pinned, published_at, updated_at
         FROM news_articles WHERE {VISIBLE} AND article_id = ?2"
    );
    let article = connection
        .prepare_cached(&sql)?
        .query_row(params![now, id], |row| {
            Ok(NewsArticle {
                id: row.get(0)?,
                title: row.get(1)?,
                body: row.get(2)?,
                pinned: row.get(3)?,
                published_at: row.get(4)?,
                updated_at: row.get(5)?,
            })
        })
        .optional()?;
    Ok(article)
}

const ARTICLE_COLUMNS: &str = "article_id, lang, title, body, pinned, published_at, created_at,
    updated_at, removed_at";

fn article_of(row: &Row) -> rusqlite::Result<Article> {
    Ok(Article {
        id: row.get(0)?,
        lang: row.get(1)?,
        title: row.get(2)?,
        body: row.get(3)?,
        pinned: row.get(4)?,
        published_at: row.get(5)?,
        created_at: row.get(6)?,
        updated_at: row.get(7)?,
        removed_at: row.get(8)?,
    })
}

pub fn article(connection: &Connection, id: i64) -> Result<Option<Article>, AppError> {
    let sql = format!("SELECT {ARTICLE_COLUMNS} FROM news_articles WHERE article_id = ?1");
    Ok(connection.prepare_cached(&sql)?.query_row([id], article_of).optional()?)
}

/// Every article (removed ones only with `with_removed`), newest first, and their count.
pub fn articles(
    connection: &Connection,
    with_removed: bool,
    paging: Paging,
) -> Result<(Vec<Article>, i64), AppError> {
    let condition = "(?1 OR removed_at IS NULL)";
    let total = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM news_articles WHERE {condition}"))?
        .query_row([with_removed], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {ARTICLE_COLUMNS} FROM news_articles WHERE {condition}
         ORDER BY published_at DESC, article_id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = query.query_map(params![with_removed, paging.limit, paging.offset()], article_of)?;
    Ok((rows.collect::<Result<_, _>>()?, total))
}
