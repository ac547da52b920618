//! A player's direct invitees (`users.inviter_id`), for the programmes that count them.

use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::Connection;

/// The players who registered with `inviter`'s code, oldest first.
pub fn direct_invitees(connection: &Connection, inviter: UserId) -> Result<Vec<UserId>, AppError> {
    let mut query = connection
        .prepare_cached("SELECT user_id FROM users WHERE inviter_id = ?1 ORDER BY user_id")?;
    let rows = query.query_map([inviter], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
