//! The inviter chain read for the growth programmes: a player's team is whom he invited
//! (level 1), whom they invited (level 2) and the next (level 3), derived from
//! `users.inviter_id` (indexed by V17) rather than copied into another table.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use serde::Serialize;
use std::collections::HashMap;

/// How deep a team goes: three levels below the partner.
pub const TEAM_LEVELS: u8 = 3;

/// A member of a player's team.
#[derive(Clone, Debug)]
pub struct TeamMember {
    pub user_id: UserId,
    /// 1 = invited by the partner, 2 = by one of those, 3 = the next.
    pub level: u8,
    /// Unmasked: the caller masks it for players.
    pub phone: String,
    pub joined_at: Timestamp,
}

/// Every member of `partner`'s team down to level 3 (unbounded: a team is as large as it is;
/// list pages use `team_page`).
const TEAM_CTE: &str = "WITH RECURSIVE team(user_id, level) AS (
        SELECT user_id, 1 FROM users WHERE inviter_id = ?1
        UNION ALL
        SELECT users.user_id, team.level + 1 FROM users JOIN team ON users.inviter_id = team.user_id
        WHERE team.level < 3
    )";

/// Every member of `partner`'s team with his level.
pub fn team_levels(
    connection: &Connection,
    partner: UserId,
) -> Result<Vec<(UserId, u8)>, AppError> {
    let sql = format!("{TEAM_CTE} SELECT user_id, level FROM team");
    let mut statement = connection.prepare_cached(&sql)?;
    let rows = statement.query_map([partner], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One page of `partner`'s team members of `level`, newest first, and how many there are.
pub fn team_page(
    connection: &Connection,
    partner: UserId,
    level: u8,
    (limit, offset): (i64, i64),
) -> Result<(Vec<TeamMember>, i64), AppError> {
    let count_sql = format!("{TEAM_CTE} SELECT COUNT(*) FROM team WHERE level = ?2");
    let total: i64 = connection
        .prepare_cached(&count_sql)?
        .query_row(params![partner, level], |row| row.get(0))?;
    let sql = format!(
        "{TEAM_CTE} SELECT users.user_id, team.level, users.phone, users.created_at
         FROM team JOIN users ON users.user_id = team.user_id WHERE team.level = ?2
         ORDER BY users.user_id DESC LIMIT ?3 OFFSET ?4"
    );
    let mut statement = connection.prepare_cached(&sql)?;
    let rows = statement.query_map(params![partner, level, limit, offset], |row| {
        Ok(TeamMember {
            user_id: row.get(0)?,
            level: row.get(1)?,
            phone: row.get(2)?,
            joined_at: row.get(3)?,
        })
    })?;
    Ok((rows.collect::<Result<_, _>>()?, total))
}

/// The uplines of each of `players` who has one: his inviter first, then that one's, up to
/// three.
pub fn uplines(
    connection: &Connection,
    players: &[UserId],
) -> Result<HashMap<UserId, Vec<UserId>>, AppError> {
    let ids = serde_json::to_string(players).map_err(anyhow::Error::from)?;
    let mut statement = connection.prepare_cached(
        "WITH RECURSIVE chain(origin, upline, level) AS (
             SELECT user_id, inviter_id, 1 FROM users
             WHERE user_id IN (SELECT value FROM json_each(?1)) AND inviter_id IS NOT NULL
             UNION ALL
             SELECT chain.origin, users.inviter_id, chain.level + 1
             FROM chain JOIN users ON users.user_id = chain.upline
             WHERE chain.level < 3 AND users.inviter_id IS NOT NULL
         )
         SELECT origin, upline FROM chain ORDER BY origin, level",
    )?;
    let rows = statement.query_map([ids], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let mut found: HashMap<UserId, Vec<UserId>> = HashMap::new();
    for row in rows {
        let (origin, upline): (UserId, UserId) = row?;
        found.entry(origin).or_default().push(upline);
    }
    Ok(found)
}

/// The players who registered with `inviter`'s code, oldest first.
/// How many players `inviter` invited directly, and how many of them registered at or after
/// `since` (the home page's invite entry). One indexed query.
pub fn invitee_counts(
    connection: &Connection,
    inviter: UserId,
    since: Timestamp,
) -> Result<InviteeCounts, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(created_at >= ?2), 0) FROM users WHERE inviter_id = ?1",
        )?
        .query_row(params![inviter, since], |row| {
            Ok(InviteeCounts { invitees: row.get(0)?, joined_since: row.get(1)? })
        })?)
}

/// A partner's direct invitees, and the recent ones among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct InviteeCounts {
    pub invitees: i64,
    pub joined_since: i64,
}

pub fn direct_invitees(connection: &Connection, inviter: UserId) -> Result<Vec<UserId>, AppError> {
    let mut query = connection
        .prepare_cached("SELECT user_id FROM users WHERE inviter_id = ?1 ORDER BY user_id")?;
    let rows = query.query_map([inviter], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
