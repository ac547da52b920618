//! The operator's content pictures (banners, activities, pictures inside rich text): checked
//! by content (`uploads::Image`), stored under the data directory with the SHA-256 of their
//! bytes as their name, so a stored picture never changes and is served with immutable
//! caching at `media/content/<file_name>`.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::uploads::{Image, ImageType};
use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What a picture's URL holds before its file name; the site serves it there.
pub const PICTURE_URL_PREFIX: &str = "media/content/";

/// Where content pictures are stored.
pub fn picture_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("content")
}

/// A stored picture as the operator sees it.
#[derive(Debug, Serialize)]
pub struct Picture {
    pub id: i64,
    pub file_name: String,
    /// Where players load it: "media/content/<file_name>".
    pub url: String,
    pub size_bytes: i64,
    pub created_at: Timestamp,
}

/// Whether `name` is a name this module gives: 64 lowercase hex digits and an image extension.
pub fn is_picture_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(stem, extension)| {
        stem.len() == 64
            && stem.bytes().all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
            && ImageType::from_extension(extension).is_some()
    })
}

/// The stored picture called `file_name`, if that is a name this module gives.
pub fn picture_file(data_dir: &Path, file_name: &str) -> Option<PathBuf> {
    is_picture_name(file_name).then(|| picture_dir(data_dir).join(file_name))
}

/// Stores `image` (once per content) and records it; the picture, new or already there.
pub fn add(tx: &Tx, data_dir: &Path, image: &Image, now: Timestamp) -> Result<Picture, AppError> {
    let file_name =
        format!("{}.{}", hex::encode(Sha256::digest(&image.bytes)), image.image_type.extension());
    let folder = picture_dir(data_dir);
    let path = folder.join(&file_name);
    if !path.exists() {
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("while creating {}", folder.display()))?;
        // Written aside then renamed: a reader never gets half a picture under its final name.
        let partial = folder.join(format!("{file_name}.partial"));
        std::fs::write(&partial, &image.bytes)
            .and_then(|()| std::fs::rename(&partial, &path))
            .with_context(|| format!("while writing the picture {}", path.display()))
            .map_err(|_| AppError::UploadFailed)?;
    }
    tx.prepare_cached(
        "INSERT INTO content_pictures (file_name, size_bytes, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (file_name) DO NOTHING",
    )?
    .execute(params![file_name, image.bytes.len() as i64, now])?;
    let picture =
        find(tx, &file_name)?.ok_or_else(|| anyhow::anyhow!("picture {file_name} not recorded"))?;
    tx.note_created(picture.id);
    Ok(picture)
}

const COLUMNS: &str = "picture_id, file_name, size_bytes, created_at";

fn picture_of(row: &Row) -> rusqlite::Result<Picture> {
    let file_name: String = row.get(1)?;
    Ok(Picture {
        id: row.get(0)?,
        url: format!("{PICTURE_URL_PREFIX}{file_name}"),
        file_name,
        size_bytes: row.get(2)?,
        created_at: row.get(3)?,
    })
}

/// The picture a reference names: its id, its file name, or its URL.
pub fn find(connection: &Connection, reference: &str) -> Result<Option<Picture>, AppError> {
    let reference = reference.trim();
    let name = reference.trim_start_matches('/');
    let name = name.strip_prefix(PICTURE_URL_PREFIX).unwrap_or(name);
    let id = reference.parse::<i64>().ok();
    Ok(connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM content_pictures WHERE picture_id = ?1 OR file_name = ?2"
        ))?
        .query_row(params![id, name], picture_of)
        .optional()?)
}

/// Every picture, newest first.
pub fn list(connection: &Connection) -> Result<Vec<Picture>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM content_pictures ORDER BY picture_id DESC"
    ))?;
    let rows = query.query_map([], picture_of)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_content_hash_names_resolve() {
        let data_dir = Path::new("/data");
        let name = format!("{}.webp", "0f".repeat(32));
        assert_eq!(picture_file(data_dir, &name), Some(data_dir.join("content").join(&name)));
        assert!(picture_file(data_dir, &format!("{}.webp", "0F".repeat(32))).is_none());
        assert!(picture_file(data_dir, &format!("{}.exe", "0f".repeat(32))).is_none());
        assert!(picture_file(data_dir, "../fairhall.db").is_none());
        assert!(picture_file(data_dir, &format!("{}.png", "a".repeat(32))).is_none());
    }
}
