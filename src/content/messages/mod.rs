//! The player's message list (pages/jogos/notice): the messages the product sends him on its
//! own events (`send`, called by wallet, finance and growth inside the event's transaction,
//! so a rolled-back event sends nothing) and the announcements he is shown, each read or
//! unread for him alone. Messages are stored as events and rendered in the reader's language
//! when he reads them (`event`).

mod event;
mod sql;
pub mod types;

pub use event::Event;

use crate::clock::Timestamp;
use crate::content::types::summarize;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::paging::{Page, Paging};
use rusqlite::Connection;
use types::{Notice, NoticeKind, NoticeRef};

/// Sends `user` the message of `event`: one insert, nothing else, so a scheduler batch of
/// thousands of payouts pays one row per message. A marketing message skips a player in a
/// time-out or self-exclusion (`protection`).
pub fn send(tx: &Tx, user: UserId, event: &Event, now: Timestamp) -> Result<(), AppError> {
    if event.is_marketing() && crate::protection::is_excluded(tx, user, now)? {
        return Ok(());
    }
    sql::insert(tx, user, event, now)
}

/// Characters of an announcement's body read for its summary in the list.
const SUMMARY_SOURCE_CHARS: usize = 4 * crate::content::types::SUMMARY_CHARS;

/// A page of the player's list in `lang` (announcements falling back to `default_lang`):
/// pinned announcements first, then messages and announcements newest first. List entries
/// carry a summary of the body; `open` gives the whole of it.
pub fn list(
    connection: &Connection,
    user: UserId,
    languages: (&str, &str),
    paging: Paging,
    now: Timestamp,
) -> Result<Page<Notice>, AppError> {
    let (total, _) = sql::counts(connection, user, languages, now)?;
    let rows = sql::page(connection, user, languages, paging, now)?;
    let mut notices = Vec::with_capacity(rows.len());
    for row in rows {
        let (kind, title, body) = match (row.event, row.title, row.body) {
            (Some(stored), _, _) => {
                let (title, body) = parse_event(&stored)?.render(languages.0);
                (NoticeKind::Message, title, body)
            }
            (None, Some(title), Some(body)) => (NoticeKind::Announcement, title, body),
            _ => return Err(anyhow::anyhow!("a notice row without its text").into()),
        };
        let start: String = body.chars().take(SUMMARY_SOURCE_CHARS).collect();
        let summary = summarize(&start, start.len() < body.len());
        let (id, pinned, at, read) = (row.id, row.pinned, row.at, row.read);
        notices.push(Notice { kind, id, title, body: summary, pinned, at, read });
    }
    Ok(paging.wrap(notices, total))
}

/// Opens one entry of the player's list: marks it read for him and returns it whole.
/// `not_found` for another player's message, or an announcement he is not shown.
pub fn open(
    tx: &Tx,
    user: UserId,
    notice: NoticeRef,
    languages: (&str, &str),
    now: Timestamp,
) -> Result<Notice, AppError> {
    let id = notice.id;
    match notice.kind {
        NoticeKind::Message => {
            let (stored, at) = sql::message(tx, user, id)?.ok_or(AppError::NotFound)?;
            let (title, body) = parse_event(&stored)?.render(languages.0);
            sql::mark_message_read(tx, user, id, now)?;
            let kind = NoticeKind::Message;
            Ok(Notice { kind, id, title, body, pinned: false, at, read: true })
        }
        NoticeKind::Announcement => {
            let (pinned, at, title, body) =
                sql::shown_announcement(tx, id, languages, now)?.ok_or(AppError::NotFound)?;
            sql::mark_announcement_read(tx, user, id, now)?;
            let kind = NoticeKind::Announcement;
            Ok(Notice { kind, id, title, body, pinned, at, read: true })
        }
    }
}

/// Marks every message of the player and every announcement he is shown now read.
pub fn mark_all_read(
    tx: &Tx,
    user: UserId,
    languages: (&str, &str),
    now: Timestamp,
) -> Result<(), AppError> {
    sql::mark_all_read(tx, user, languages, now)
}

/// How many of the player's messages and the announcements a reader of `lang` is shown at
/// `now` (his language, else `default_lang`) he has not opened: the badge on home and mine.
pub fn unread_count(
    connection: &Connection,
    user: UserId,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<i64, AppError> {
    Ok(sql::counts(connection, user, (lang, default_lang), now)?.1)
}

fn parse_event(stored: &str) -> Result<Event, AppError> {
    serde_json::from_str(stored)
        .map_err(|error| anyhow::anyhow!("a stored message event does not parse: {error}").into())
}
