//! Queries on `content_items` and `content_texts` (owned by `content::items`).

use super::types::{ContentKind, Item, ItemText};
use crate::clock::Timestamp;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, Row, params};

const ITEM_COLUMNS: &str = "item_id, kind, slug, picture_id, link, position, version, start_at,
    end_at, created_at, updated_at, removed_at";

fn item_of(row: &Row) -> rusqlite::Result<Item> {
    let code: String = row.get(1)?;
    let kind = ContentKind::parse(&code).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            1,
            rusqlite::types::Type::Text,
            format!("unknown content kind {code}").into(),
        )
    })?;
    Ok(Item {
        id: row.get(0)?,
        kind,
        slug: row.get(2)?,
        picture_id: row.get(3)?,
        link: row.get(4)?,
        position: row.get(5)?,
        version: row.get(6)?,
        start_at: row.get(7)?,
        end_at: row.get(8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
        removed_at: row.get(11)?,
    })
}

/// The item `id` of `kind`, removed or not.
pub fn item(connection: &Connection, kind: ContentKind, id: i64) -> Result<Option<Item>, AppError> {
    let sql = format!("SELECT {ITEM_COLUMNS} FROM content_items WHERE item_id = ?1 AND kind = ?2");
    Ok(connection.prepare_cached(&sql)?.query_row(params![id, kind.code()], item_of).optional()?)
}

/// Every item of `kind`, removed ones last, each group in the players' order.
pub fn items(connection: &Connection, kind: ContentKind) -> Result<Vec<Item>, AppError> {
    let sql = format!(
        "SELECT {ITEM_COLUMNS} FROM content_items WHERE kind = ?1
         ORDER BY removed_at IS NOT NULL, position, item_id"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map([kind.code()], item_of)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The live page other than `item_id` that has `slug`, if any.
pub fn page_with_slug(
    connection: &Connection,
    slug: &str,
    item_id: i64,
) -> Result<Option<i64>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT item_id FROM content_items
             WHERE slug = ?1 AND item_id <> ?2 AND removed_at IS NULL",
        )?
        .query_row(params![slug, item_id], |row| row.get(0))
        .optional()?)
}

/// The slugs of the pages live at `now` (not deleted, inside their window).
pub fn live_page_slugs(connection: &Connection, now: Timestamp) -> Result<Vec<String>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT slug FROM content_items
         WHERE kind = 'page' AND slug IS NOT NULL AND removed_at IS NULL
           AND (start_at IS NULL OR start_at <= ?1) AND (end_at IS NULL OR end_at > ?1)",
    )?;
    let slugs = query.query_map([now], |row| row.get(0))?;
    Ok(slugs.collect::<Result<_, _>>()?)
}

pub fn insert(connection: &Connection, item: &Item) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO content_items (kind, slug, picture_id, link, position, version,
                 start_at, end_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
        )?
        .execute(params![
            item.kind.code(),
            item.slug,
            item.picture_id,
            item.link,
            item.position,
            item.version,
            item.start_at,
            item.end_at,
            item.created_at
        ])?;
    Ok(connection.last_insert_rowid())
}

/// Writes a live item's changeable fields. `updated_at` never goes back: the CLI reads the
/// system clock, which may be set back.
pub fn update(connection: &Connection, item: &Item, now: Timestamp) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "UPDATE content_items SET slug = ?2, picture_id = ?3, link = ?4, position = ?5,
                 version = ?6, start_at = ?7, end_at = ?8, updated_at = MAX(updated_at, ?9)
             WHERE item_id = ?1 AND removed_at IS NULL",
        )?
        .execute(params![
            item.id,
            item.slug,
            item.picture_id,
            item.link,
            item.position,
            item.version,
            item.start_at,
            item.end_at,
            now
        ])?;
    Ok(())
}

/// Marks a live item of `kind` removed; false when there is none with `id`.
pub fn mark_removed(
    connection: &Connection,
    kind: ContentKind,
    id: i64,
    now: Timestamp,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE content_items SET removed_at = ?3
             WHERE item_id = ?1 AND kind = ?2 AND removed_at IS NULL",
        )?
        .execute(params![id, kind.code(), now])?;
    Ok(changed == 1)
}

/// Adds or replaces one language's text.
pub fn put_text(connection: &Connection, item_id: i64, text: &ItemText) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO content_texts (item_id, lang, title, summary, body)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (item_id, lang) DO UPDATE
             SET title = excluded.title, summary = excluded.summary, body = excluded.body",
        )?
        .execute(params![item_id, text.lang, text.title, text.summary, text.body])?;
    Ok(())
}

pub fn texts(connection: &Connection, item_id: i64) -> Result<Vec<ItemText>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT lang, title, summary, body FROM content_texts WHERE item_id = ?1 ORDER BY lang",
    )?;
    let rows = query.query_map([item_id], |row| {
        Ok(ItemText {
            lang: row.get(0)?,
            title: row.get(1)?,
            summary: row.get(2)?,
            body: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A picture's file name by id.
pub fn picture_name(connection: &Connection, picture_id: i64) -> Result<Option<String>, AppError> {
    Ok(connection
        .prepare_cached("SELECT file_name FROM content_pictures WHERE picture_id = ?1")?
        .query_row([picture_id], |row| row.get(0))
        .optional()?)
}

/// An item as a reader sees it: its fields and its text in his language or the default one.
pub struct Visible {
    pub id: i64,
    pub slug: Option<String>,
    pub picture_name: Option<String>,
    pub link: Option<String>,
    pub version: Option<String>,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub updated_at: Timestamp,
    pub title: String,
    pub summary: String,
    pub body: String,
}

/// Which items a reader sees.
pub enum Which<'a> {
    /// All of the kind, in the operator's order, at most this many.
    All(i64),
    /// The one with this id.
    Id(i64),
    /// The page with this slug.
    Slug(&'a str),
    /// Those whose start (else creation) is at or after this time.
    StartedSince(Timestamp),
}

/// The items of `kind` live at `now` that have a text in `lang` or `default_lang`, with that
/// text (the reader's language first). ?1 kind, ?2 lang, ?3 default_lang, ?4 now, ?5 `which`.
const VISIBLE: &str = "
    FROM content_items i
    JOIN content_texts t ON t.item_id = i.item_id
     AND t.lang = (SELECT lang FROM content_texts
                   WHERE item_id = i.item_id AND lang IN (?2, ?3) ORDER BY lang = ?2 DESC LIMIT 1)
    LEFT JOIN content_pictures p ON p.picture_id = i.picture_id
    WHERE i.kind = ?1 AND i.removed_at IS NULL
      AND (i.start_at IS NULL OR i.start_at <= ?4) AND (i.end_at IS NULL OR i.end_at > ?4)";

pub fn visible(
    connection: &Connection,
    kind: ContentKind,
    (lang, default_lang): (&str, &str),
    which: Which,
    now: Timestamp,
) -> Result<Vec<Visible>, AppError> {
    let (condition, argument): (&str, rusqlite::types::Value) = match which {
        Which::All(limit) => ("ORDER BY i.position, i.item_id LIMIT ?5", limit.into()),
        Which::Id(id) => ("AND i.item_id = ?5", id.into()),
        Which::Slug(slug) => ("AND i.slug = ?5", slug.to_string().into()),
        Which::StartedSince(since) => {
            ("AND COALESCE(i.start_at, i.created_at) >= ?5", since.secs().into())
        }
    };
    let sql = format!(
        "SELECT i.item_id, i.slug, p.file_name, i.link, i.version, i.start_at, i.end_at,
                i.updated_at, t.title, t.summary, t.body {VISIBLE} {condition}"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![kind.code(), lang, default_lang, now, argument], |row| {
        Ok(Visible {
            id: row.get(0)?,
            slug: row.get(1)?,
            picture_name: row.get(2)?,
            link: row.get(3)?,
            version: row.get(4)?,
            start_at: row.get(5)?,
            end_at: row.get(6)?,
            updated_at: row.get(7)?,
            title: row.get(8)?,
            summary: row.get(9)?,
            body: row.get(10)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
