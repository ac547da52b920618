//! Queries of `announcements`, `announcement_texts` and `announcement_reads`.

use super::types::{Announcement, AnnouncementText, CurrentAnnouncement, NewAnnouncement};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::paging::Paging;
use rusqlite::{Connection, OptionalExtension, Row, named_params, params};

/// The announcements a reader of `:lang` sees at `:now` (columns `id`, `pinned`, `at`, `title`,
/// `body`): live, started, not ended, with a text in his language or else in `:default_lang`.
/// The messages list builds on it, so both show the same announcements.
pub const SHOWN: &str = "
    SELECT a.announcement_id AS id, a.pinned AS pinned,
           COALESCE(a.starts_at, a.created_at) AS at,
           COALESCE(own.title, fallback.title) AS title, COALESCE(own.body, fallback.body) AS body
    FROM announcements a
    LEFT JOIN announcement_texts own
        ON own.announcement_id = a.announcement_id AND own.lang = :lang
    LEFT JOIN announcement_texts fallback
        ON fallback.announcement_id = a.announcement_id AND fallback.lang = :default_lang
    WHERE a.removed_at IS NULL AND COALESCE(a.starts_at, a.created_at) <= :now
      AND (a.ends_at IS NULL OR a.ends_at > :now)
      AND COALESCE(own.title, fallback.title) IS NOT NULL";

pub fn insert(
    connection: &Connection,
    announcement: &NewAnnouncement,
    now: Timestamp,
) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO announcements (pinned, starts_at, ends_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?4)",
        )?
        .execute(params![announcement.pinned, announcement.starts_at, announcement.ends_at, now])?;
    Ok(connection.last_insert_rowid())
}

/// Adds or replaces one language's text; a part that is `None` keeps its current value.
pub fn upsert_text(
    connection: &Connection,
    id: i64,
    lang: &str,
    title: Option<&str>,
    body: Option<&str>,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO announcement_texts (announcement_id, lang, title, body)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (announcement_id, lang) DO UPDATE
             SET title = COALESCE(?3, title), body = COALESCE(?4, body)",
        )?
        .execute(params![id, lang, title, body])?;
    Ok(())
}

pub fn has_text(connection: &Connection, id: i64, lang: &str) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM announcement_texts
                            WHERE announcement_id = ?1 AND lang = ?2)",
        )?
        .query_row(params![id, lang], |row| row.get(0))?)
}

/// Sets a live announcement's pin and times; false when there is none with `id`.
/// `updated_at` never goes back: the CLI reads the system clock, which may be set back.
pub fn update(
    connection: &Connection,
    announcement: &Announcement,
    now: Timestamp,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE announcements
             SET pinned = ?2, starts_at = ?3, ends_at = ?4, updated_at = MAX(updated_at, ?5)
             WHERE announcement_id = ?1 AND removed_at IS NULL",
        )?
        .execute(params![
            announcement.id,
            announcement.pinned,
            announcement.starts_at,
            announcement.ends_at,
            now
        ])?;
    Ok(changed == 1)
}

/// Marks a live announcement removed; false when there is none with `id`.
pub fn mark_removed(connection: &Connection, id: i64, now: Timestamp) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE announcements SET removed_at = ?2
             WHERE announcement_id = ?1 AND removed_at IS NULL",
        )?
        .execute(params![id, now])?;
    Ok(changed == 1)
}

const ANNOUNCEMENT_COLUMNS: &str =
    "announcement_id, pinned, starts_at, ends_at, created_at, updated_at, removed_at";

fn announcement_of(row: &Row) -> rusqlite::Result<Announcement> {
    Ok(Announcement {
        id: row.get(0)?,
        pinned: row.get(1)?,
        starts_at: row.get(2)?,
        ends_at: row.get(3)?,
        created_at: row.get(4)?,
        updated_at: row.get(5)?,
        removed_at: row.get(6)?,
        texts: Vec::new(),
    })
}

fn texts(connection: &Connection, id: i64) -> Result<Vec<AnnouncementText>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT lang, title, body FROM announcement_texts WHERE announcement_id = ?1 ORDER BY lang",
    )?;
    let rows = query.query_map([id], |row| {
        Ok(AnnouncementText { lang: row.get(0)?, title: row.get(1)?, body: row.get(2)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One announcement with all its texts, removed or not.
pub fn announcement(connection: &Connection, id: i64) -> Result<Option<Announcement>, AppError> {
    let sql =
        format!("SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements WHERE announcement_id = ?1");
    let found = connection.prepare_cached(&sql)?.query_row([id], announcement_of).optional()?;
    let Some(mut announcement) = found else { return Ok(None) };
    announcement.texts = texts(connection, id)?;
    Ok(Some(announcement))
}

/// A page of announcements (removed ones only with `with_removed`), newest first, with their
/// texts, and their count.
pub fn announcements(
    connection: &Connection,
    with_removed: bool,
    paging: Paging,
) -> Result<(Vec<Announcement>, i64), AppError> {
    let condition = "(?1 OR removed_at IS NULL)";
    let total = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM announcements WHERE {condition}"))?
        .query_row([with_removed], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements WHERE {condition}
         ORDER BY announcement_id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = query.query_map(params![with_removed, paging.limit, paging.offset()], |row| {
        announcement_of(row)
    })?;
    let mut page: Vec<Announcement> = rows.collect::<Result<_, _>>()?;
    for announcement in &mut page {
        announcement.texts = texts(connection, announcement.id)?;
    }
    Ok((page, total))
}

/// Up to `limit` shown announcements, pinned first, then newest first.
pub fn shown(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
    limit: i64,
) -> Result<Vec<CurrentAnnouncement>, AppError> {
    let sql = format!("{SHOWN} ORDER BY pinned DESC, at DESC, id DESC LIMIT :limit");
    let mut query = connection.prepare_cached(&sql)?;
    let arguments =
        named_params! {":lang": lang, ":default_lang": default_lang, ":now": now, ":limit": limit};
    let rows = query.query_map(arguments, |row| {
        Ok(CurrentAnnouncement {
            id: row.get("id")?,
            title: row.get("title")?,
            body: row.get("body")?,
            pinned: row.get("pinned")?,
            at: row.get("at")?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
