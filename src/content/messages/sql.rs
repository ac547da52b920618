//! Queries of `messages` and `announcement_reads`, and the message list, which merges the
//! player's messages with the announcements he is shown.

use super::Event;
use crate::clock::Timestamp;
use crate::content::announcements::SHOWN;
use crate::error::AppError;
use crate::ids::UserId;
use crate::paging::Paging;
use rusqlite::{Connection, OptionalExtension, named_params, params};

pub fn insert(
    connection: &Connection,
    user: UserId,
    event: &Event,
    now: Timestamp,
) -> Result<(), AppError> {
    let stored = serde_json::to_string(event).map_err(anyhow::Error::from)?;
    connection
        .prepare_cached(
            "INSERT INTO messages (user_id, kind, params, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![user, event.kind(), stored, now])?;
    Ok(())
}

/// A row of the message list before its message is rendered: an announcement carries its
/// `title` and `body`, a message its stored `event` (JSON).
pub struct ListRow {
    pub id: i64,
    pub pinned: bool,
    pub at: Timestamp,
    pub read: bool,
    pub title: Option<String>,
    pub body: Option<String>,
    pub event: Option<String>,
}

fn list_row(row: &rusqlite::Row) -> rusqlite::Result<ListRow> {
    Ok(ListRow {
        id: row.get("id")?,
        pinned: row.get("pinned")?,
        at: row.get("at")?,
        read: row.get("is_read")?,
        title: row.get("title")?,
        body: row.get("body")?,
        event: row.get("event")?,
    })
}

/// One page of the list: pinned announcements first, then everything newest first. Each side
/// is cut to the page's end before the merge, so a page reads at most `offset + limit` rows
/// of each (the index `messages_user` serves the messages side).
pub fn page(
    connection: &Connection,
    user: UserId,
    languages: (&str, &str),
    paging: Paging,
    now: Timestamp,
) -> Result<Vec<ListRow>, AppError> {
    let sql = format!(
        "SELECT * FROM (
             SELECT 'announcement' AS source, shown.id, shown.pinned, shown.at,
                    reads.read_at IS NOT NULL AS is_read, shown.title, shown.body,
                    NULL AS event
             FROM ({SHOWN}) AS shown
             LEFT JOIN announcement_reads reads
                 ON reads.user_id = :user AND reads.announcement_id = shown.id
             ORDER BY shown.pinned DESC, shown.at DESC, shown.id DESC LIMIT :window)
         UNION ALL
         SELECT * FROM (
             SELECT 'message', message_id, 0, created_at, read_at IS NOT NULL, NULL, NULL, params
             FROM messages WHERE user_id = :user
             ORDER BY created_at DESC, message_id DESC LIMIT :window)
         ORDER BY pinned DESC, at DESC, source, id DESC LIMIT :limit OFFSET :offset"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(
        named_params! {
            ":lang": languages.0, ":default_lang": languages.1, ":now": now, ":user": user,
            ":window": paging.offset() + paging.limit, ":limit": paging.limit,
            ":offset": paging.offset(),
        },
        list_row,
    )?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The player's messages and shown announcements: (all, unread).
pub fn counts(
    connection: &Connection,
    user: UserId,
    languages: (&str, &str),
    now: Timestamp,
) -> Result<(i64, i64), AppError> {
    let sql = format!(
        "SELECT
             (SELECT COUNT(*) FROM messages WHERE user_id = :user)
                 + (SELECT COUNT(*) FROM ({SHOWN})),
             (SELECT COUNT(*) FROM messages WHERE user_id = :user AND read_at IS NULL)
                 + (SELECT COUNT(*) FROM ({SHOWN}) AS shown
                    WHERE NOT EXISTS (SELECT 1 FROM announcement_reads
                                      WHERE user_id = :user AND announcement_id = shown.id))"
    );
    Ok(connection.prepare_cached(&sql)?.query_row(
        named_params! {
            ":lang": languages.0, ":default_lang": languages.1, ":now": now, ":user": user,
        },
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?)
}

/// The player's message `id`: its stored event and when it was sent.
pub fn message(
    connection: &Connection,
    user: UserId,
    id: i64,
) -> Result<Option<(String, Timestamp)>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT params, created_at FROM messages WHERE message_id = ?1 AND user_id = ?2",
        )?
        .query_row(params![id, user], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

pub fn mark_message_read(
    connection: &Connection,
    user: UserId,
    id: i64,
    now: Timestamp,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "UPDATE messages SET read_at = ?3
             WHERE message_id = ?1 AND user_id = ?2 AND read_at IS NULL",
        )?
        .execute(params![id, user, now])?;
    Ok(())
}

/// The announcement `id` as the reader of `languages.0` is shown it: (pinned, at, title, body).
pub fn shown_announcement(
    connection: &Connection,
    id: i64,
    languages: (&str, &str),
    now: Timestamp,
) -> Result<Option<(bool, Timestamp, String, String)>, AppError> {
    let sql = format!("SELECT pinned, at, title, body FROM ({SHOWN}) WHERE id = :id");
    Ok(connection
        .prepare_cached(&sql)?
        .query_row(
            named_params! {
                ":lang": languages.0, ":default_lang": languages.1, ":now": now, ":id": id,
            },
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .optional()?)
}

pub fn mark_announcement_read(
    connection: &Connection,
    user: UserId,
    id: i64,
    now: Timestamp,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO announcement_reads (user_id, announcement_id, read_at)
             VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        )?
        .execute(params![user, id, now])?;
    Ok(())
}

/// Marks every message of the player and every announcement he is shown read.
pub fn mark_all_read(
    connection: &Connection,
    user: UserId,
    languages: (&str, &str),
    now: Timestamp,
) -> Result<(), AppError> {
    connection
        .prepare_cached("UPDATE messages SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL")?
        .execute(params![user, now])?;
    let sql = format!(
        "INSERT INTO announcement_reads (user_id, announcement_id, read_at)
         SELECT :user, id, :now FROM ({SHOWN}) WHERE true ON CONFLICT DO NOTHING"
    );
    connection.prepare_cached(&sql)?.execute(named_params! {
        ":lang": languages.0, ":default_lang": languages.1, ":now": now, ":user": user,
    })?;
    Ok(())
}
