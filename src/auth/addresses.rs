//! Where players come from: the client address of each session (`ClientAddress`: an IPv4
//! address or an IPv6 /64), the first one of a player his registration's. Players who share an
//! address are shown to the operator (the withdrawal queue, `admin report linked`): a script's
//! alt accounts come from one machine, and so may a family; the operator judges. Sessions
//! without an address ('' before V24, 'unknown' without a peer) link no one.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};

/// An address a player registered or logged in from that other players used too.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SharedAddress {
    pub address: String,
    pub others: Vec<UserId>,
}

/// The addresses `user_id` registered from or logged in from since `since`, with the other
/// players who registered there or logged in there since `since`. Reads the player's sessions
/// and those of his addresses (`sessions_user`, `sessions_address`), not the whole table.
pub fn shared_with(
    connection: &Connection,
    user_id: UserId,
    since: Timestamp,
) -> Result<Vec<SharedAddress>, AppError> {
    let mut query = connection.prepare_cached(
        "WITH mine AS (
             SELECT DISTINCT address FROM sessions
             WHERE user_id = ?1 AND address NOT IN ('', 'unknown')
               AND (created_at >= ?2
                    OR created_at = (SELECT MIN(created_at) FROM sessions WHERE user_id = ?1)))
         SELECT s.address, group_concat(DISTINCT s.user_id) FROM sessions s JOIN mine USING (address)
         WHERE s.user_id <> ?1
           AND (s.created_at >= ?2
                OR s.created_at = (SELECT MIN(f.created_at) FROM sessions f
                                   WHERE f.user_id = s.user_id))
         GROUP BY s.address ORDER BY s.address",
    )?;
    let rows = query.query_map(params![user_id, since], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let mut shared = Vec::new();
    for row in rows {
        let (address, others): (String, String) = row?;
        shared.push(SharedAddress { address, others: user_ids(&others) });
    }
    Ok(shared)
}

/// Every address more than one player registered from or logged in from since `since`.
pub fn shared_since(
    connection: &Connection,
    since: Timestamp,
) -> Result<Vec<SharedAddress>, AppError> {
    let mut query = connection.prepare_cached(
        "WITH firsts AS (SELECT user_id, MIN(created_at) AS at FROM sessions GROUP BY user_id)
         SELECT s.address, group_concat(DISTINCT s.user_id) FROM sessions s
         JOIN firsts f USING (user_id)
         WHERE s.address NOT IN ('', 'unknown') AND (s.created_at >= ?1 OR s.created_at = f.at)
         GROUP BY s.address HAVING COUNT(DISTINCT s.user_id) > 1 ORDER BY s.address",
    )?;
    let rows = query.query_map([since], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let mut shared = Vec::new();
    for row in rows {
        let (address, players): (String, String) = row?;
        shared.push(SharedAddress { address, others: user_ids(&players) });
    }
    Ok(shared)
}

fn user_ids(listed: &str) -> Vec<UserId> {
    let mut ids: Vec<UserId> = listed.split(',').filter_map(|id| UserId::parse(id).ok()).collect();
    ids.sort();
    ids
}
