//! Announcements: what the operator broadcasts to every player (`fairhall admin content ...
//! announcement`). Each is stored per language; a reader sees his language's text, else the
//! default language's, else not the announcement. Players see the current ones in the home
//! page's scrolling line (`current`) and in the message list (`content::messages`), where each
//! player's reads are kept apart (`announcement_reads`).

mod sql;
pub mod types;

pub(super) use sql::SHOWN;

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::paging::{Page, Paging};
use rusqlite::Connection;
use types::{Announcement, AnnouncementChange, CurrentAnnouncement, NewAnnouncement, check_window};

/// Announcements `current` returns at most: the home page's scrolling line shows a few.
pub const CURRENT_MAX: i64 = 20;

/// Adds an announcement with its first language's text; returns its id.
pub fn create(tx: &Tx, announcement: &NewAnnouncement, now: Timestamp) -> Result<i64, AppError> {
    check_window(announcement.starts_at, announcement.ends_at)?;
    let id = sql::insert(tx, announcement, now)?;
    let (title, body) = (announcement.title.as_str(), announcement.body.as_str());
    sql::upsert_text(tx, id, announcement.lang, Some(title), Some(body))?;
    tx.note_created(id);
    Ok(id)
}

/// Changes a live announcement: its pin, times, and with a language, that language's text
/// (a new language needs a title and a body). `missing_params` when `change` changes nothing
/// or a new language lacks a part, `bad_params` when it would end before it starts,
/// `not_found` for an unknown or deleted announcement.
pub fn update(
    tx: &Tx,
    id: i64,
    change: &AnnouncementChange,
    now: Timestamp,
) -> Result<Announcement, AppError> {
    if change.is_empty() {
        return Err(AppError::MissingParams);
    }
    let mut announcement = sql::announcement(tx, id)?
        .filter(|announcement| announcement.removed_at.is_none())
        .ok_or(AppError::NotFound)?;
    announcement.pinned = change.pinned.unwrap_or(announcement.pinned);
    announcement.starts_at = change.starts_at.unwrap_or(announcement.starts_at);
    announcement.ends_at = change.ends_at.unwrap_or(announcement.ends_at);
    check_window(announcement.starts_at, announcement.ends_at)?;
    if let Some(text) = &change.text {
        let complete = text.title.is_some() && text.body.is_some();
        if !complete && !sql::has_text(tx, id, text.lang)? {
            return Err(AppError::MissingParams);
        }
        let title = text.title.as_ref().map(|title| title.as_str());
        let body = text.body.as_ref().map(|body| body.as_str());
        sql::upsert_text(tx, id, text.lang, title, body)?;
    }
    sql::update(tx, &announcement, now)?;
    sql::announcement(tx, id)?.ok_or(AppError::NotFound)
}

/// Deletes an announcement for good: players never see it again; the row stays as a record.
/// `not_found` for an unknown or already deleted announcement.
pub fn delete(tx: &Tx, id: i64, now: Timestamp) -> Result<(), AppError> {
    if sql::mark_removed(tx, id, now)? { Ok(()) } else { Err(AppError::NotFound) }
}

/// Every announcement for the operator with all its texts, newest first (deleted ones with
/// `with_removed`).
pub fn list(
    connection: &Connection,
    with_removed: bool,
    paging: Paging,
) -> Result<Page<Announcement>, AppError> {
    let (announcements, total) = sql::announcements(connection, with_removed, paging)?;
    Ok(paging.wrap(announcements, total))
}

/// One announcement as the operator sees it, deleted or not; `not_found` when unknown.
pub fn show(connection: &Connection, id: i64) -> Result<Announcement, AppError> {
    sql::announcement(connection, id)?.ok_or(AppError::NotFound)
}

/// What the home page's scrolling line shows a reader of `lang` at `now`: up to `CURRENT_MAX`
/// current announcements in his language or `default_lang`, pinned first, then newest first.
pub fn current(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<Vec<CurrentAnnouncement>, AppError> {
    sql::shown(connection, lang, default_lang, now, CURRENT_MAX)
}
