//! Avatars: an uploaded image stored under `<data_dir>/avatars` with a random name, shown as
//! `media/avatars/<file>`; the image it replaces is removed. An upload is admitted (counted per
//! player and per client address) before its image is decoded.

use super::AuthSettings;
use super::sql;
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::ids::UserId;
use crate::rate_limit;
use crate::uploads::{self, Image};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Counts an avatar upload against the player and his client address, before anything is
/// decoded: `throttled` past `auth.avatar_uploads_per_hour` of either.
pub async fn admit_upload(
    db: &Db,
    settings: &Arc<AuthSettings>,
    (user_id, address): (UserId, String),
    now: Timestamp,
) -> Result<(), AppError> {
    let settings = settings.clone();
    db.write(move |tx| {
        rate_limit::hit(tx, settings.avatar_uploads_per_player, &user_id.to_string(), now)?;
        rate_limit::hit(tx, settings.avatar_uploads_per_address, &address, now)
    })
    .await
}

/// What the profile's `avatar` holds before the file name; the site serves it there.
pub const AVATAR_URL_PREFIX: &str = "media/avatars/";

/// Where avatars are stored.
pub fn avatar_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("avatars")
}

/// The stored avatar called `file_name`, if that is a name this module could have written.
pub fn avatar_file(folder: &Path, file_name: &str) -> Option<PathBuf> {
    uploads::stored_path(folder, file_name)
}

/// Stores `image` as the player's avatar and returns the new `avatar` value. A failed write
/// keeps no file; the replaced image is removed.
pub async fn replace_avatar(
    db: &Db,
    folder: &Path,
    user_id: UserId,
    image: Image,
) -> Result<String, AppError> {
    let file_name = image.store(folder)?;
    let avatar = format!("{AVATAR_URL_PREFIX}{file_name}");
    let stored = avatar.clone();
    let replaced = db.write(move |tx| sql::replace_avatar(tx, user_id, &stored)).await;
    let previous = match replaced {
        Ok(previous) => previous,
        Err(error) => {
            let _ = std::fs::remove_file(folder.join(&file_name));
            return Err(error);
        }
    };
    let previous_file = previous
        .strip_prefix(AVATAR_URL_PREFIX)
        .and_then(|previous_name| avatar_file(folder, previous_name));
    if let Some(previous_file) = previous_file {
        // Best effort: a file left behind is harmless, and the new avatar is already saved.
        let _ = std::fs::remove_file(previous_file);
    }
    Ok(avatar)
}
