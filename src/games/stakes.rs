//! Stakes for the growth programmes: what each player staked and lost in bets settled won or
//! lost within a span of settlement times (rebates and commissions pay on the net loss, the
//! salary counts the team's stake), and the settled bets a
//! player placed in a window (tasks), and periods two players came out of on opposite sides
//! (the operator's linked-accounts screen). Refunded bets are not stakes that played, so they
//! never count.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// What one player staked in settled (won or lost) bets, in how many, and what he lost on
/// them: per period (room and issue) his stakes less what they paid him, periods he came out
/// ahead in counting 0. A hedge (both sides of a period) loses only the house's edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettledStakes {
    pub stake: i64,
    pub bets: i64,
    pub net_loss: i64,
}

/// Per player, the stakes of bets settled won or lost at `from <= settled_at < until`.
pub fn settled_stakes_between(
    connection: &Connection,
    from: Timestamp,
    until: Timestamp,
) -> Result<HashMap<UserId, SettledStakes>, AppError> {
    // A period settles in one transaction, so its bets share one `settled_at`: a span holds
    // whole periods.
    let mut statement = connection.prepare_cached(
        "SELECT user_id, SUM(stake), SUM(bets), SUM(MAX(loss, 0)) FROM (
             SELECT user_id, SUM(stake) AS stake, COUNT(*) AS bets, SUM(stake - payout) AS loss
             FROM bets
             WHERE settled_at >= ?1 AND settled_at < ?2 AND status IN ('won', 'lost')
             GROUP BY user_id, room, issue)
         GROUP BY user_id",
    )?;
    let rows = statement.query_map(params![from, until], |row| {
        let stakes = SettledStakes { stake: row.get(1)?, bets: row.get(2)?, net_loss: row.get(3)? };
        Ok((row.get(0)?, stakes))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Per player of `players`, the stakes of every bet he had settled won or lost.
pub fn settled_stakes_of(
    connection: &Connection,
    players: &[UserId],
) -> Result<HashMap<UserId, SettledStakes>, AppError> {
    let ids = serde_json::to_string(players).map_err(anyhow::Error::from)?;
    let mut statement = connection.prepare_cached(
        "SELECT user_id, SUM(stake), SUM(bets), SUM(MAX(loss, 0)) FROM (
             SELECT user_id, SUM(stake) AS stake, COUNT(*) AS bets, SUM(stake - payout) AS loss
             FROM bets
             WHERE user_id IN (SELECT value FROM json_each(?1)) AND status IN ('won', 'lost')
             GROUP BY user_id, room, issue)
         GROUP BY user_id",
    )?;
    let rows = statement.query_map([ids], |row| {
        let stakes = SettledStakes { stake: row.get(1)?, bets: row.get(2)?, net_loss: row.get(3)? };
        Ok((row.get(0)?, stakes))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many bets a player placed in a window and their stakes, counting only bets settled won
/// or lost: an open bet may still be refunded (a closed room, an undrawable period), and a
/// task paid on it would have paid for nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BetActivity {
    pub bets: i64,
    pub staked: Money,
}

/// `user_id`'s bets placed at or after `since` and before `until` (`None`: open) and settled
/// won or lost.
pub fn bets_placed(
    connection: &Connection,
    user_id: UserId,
    since: Option<Timestamp>,
    until: Option<Timestamp>,
) -> Result<BetActivity, AppError> {
    let (bets, staked): (i64, i64) = connection
        .prepare_cached(
            "SELECT COUNT(*), COALESCE(SUM(stake), 0) FROM bets
             WHERE user_id = ?1 AND status IN ('won', 'lost')
               AND (?2 IS NULL OR placed_at >= ?2) AND (?3 IS NULL OR placed_at < ?3)",
        )?
        .query_row(params![user_id, since, until], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(BetActivity { bets, staked: Money::from_minor(staked)? })
}

/// A period (room and issue) in which, of bets placed since `since`, `first` had a bet win and
/// `second` a bet lose, or the other way round: together they covered both sides. None when no
/// such period exists.
pub fn opposite_results(
    connection: &Connection,
    (first, second): (UserId, UserId),
    since: Timestamp,
) -> Result<Option<(String, String)>, AppError> {
    use rusqlite::OptionalExtension;
    Ok(connection
        .prepare_cached(
            "SELECT a.room, a.issue FROM bets a
             JOIN bets b ON b.user_id = ?2 AND b.room = a.room AND b.issue = a.issue
             WHERE a.user_id = ?1 AND a.placed_at >= ?3
               AND a.status IN ('won', 'lost') AND b.status IN ('won', 'lost')
               AND a.status <> b.status
             ORDER BY a.bet_id LIMIT 1",
        )?
        .query_row(params![first, second, since], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// The id of `user_id`'s last bet, whatever its state; 0 before his first.
pub fn last_bet_id_of(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    let last = connection
        .prepare_cached("SELECT COALESCE(MAX(bet_id), 0) FROM bets WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))?;
    Ok(last)
}

/// What a player staked per (room, option) in the bets after a mark that have all settled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StakesSinceMark {
    /// (room code, option code, stakes of its bets settled won or lost), in that order.
    pub stakes: Vec<(String, String, i64)>,
    /// The new mark: the bet before his first still open after `mark`, or his last bet.
    pub mark: i64,
}

/// `user_id`'s bets after `mark` up to his first still open one: those settled won or lost
/// (a refunded bet played nothing), summed per room and option, and the mark to start from
/// next. A bet counts once, when every bet before it has settled.
pub fn settled_since_mark(
    connection: &Connection,
    user_id: UserId,
    mark: i64,
) -> Result<StakesSinceMark, AppError> {
    let first_open: Option<i64> = connection
        .prepare_cached(
            "SELECT MIN(bet_id) FROM bets WHERE user_id = ?1 AND bet_id > ?2 AND status = 'open'",
        )?
        .query_row(params![user_id, mark], |row| row.get(0))?;
    let end = match first_open {
        Some(first_open) => first_open - 1,
        None => last_bet_id_of(connection, user_id)?.max(mark),
    };
    let mut statement = connection.prepare_cached(
        "SELECT room, option, SUM(stake) FROM bets
         WHERE user_id = ?1 AND bet_id > ?2 AND bet_id <= ?3 AND status IN ('won', 'lost')
         GROUP BY room, option ORDER BY room, option",
    )?;
    let rows = statement.query_map(params![user_id, mark, end], |row| {
        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
    })?;
    Ok(StakesSinceMark { stakes: rows.collect::<Result<_, _>>()?, mark: end })
}
