//! What the game pages read: a player's bets (`api/personal/betting_record`), a room's draw
//! history with its fairness data (`api/roominfo/history`) and, in `long_board`, the
//! long-dragon board (`api/cc/long`, GAMES.md "Long dragon board").

pub mod long_board;

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::rules::issue::Issue;
use crate::games::rules::odds::Odds;
use crate::games::rules::room::{DrawSource, Game, Room};
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::{Page, Paging};
use crate::protection::WindowSum;
use anyhow::Context;
use rusqlite::{Connection, ToSql, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
pub struct BetFilterForm {
    /// k3, pk10, ssc, rgb, yn28.
    pub game: Option<String>,
    pub room: Option<String>,
    /// open, won, lost, refunded.
    pub status: Option<String>,
    pub issue: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// Only bets older than this bet id (the last `id` of the previous page): the next page at
    /// the cost of the first, however deep. `page` then only echoes back.
    pub before: Option<String>,
}

/// A parsed bet filter: every field optional.
#[derive(Clone, Debug, Default)]
pub struct BetFilter {
    game: Option<Game>,
    room: Option<Room>,
    status: Option<&'static str>,
    issue: Option<Issue>,
    before: Option<i64>,
    pub paging: Option<Paging>,
}

impl BetFilter {
    pub fn parse(form: BetFilterForm) -> Result<BetFilter, AppError> {
        let game = match form.game.as_deref() {
            None | Some("all") => None,
            Some(code) => Some(
                *Game::ALL.iter().find(|game| game.code() == code).ok_or(AppError::BadParams)?,
            ),
        };
        let status = match form.status.as_deref() {
            None | Some("all") => None,
            Some(text) => Some(
                *["open", "won", "lost", "refunded"]
                    .iter()
                    .find(|status| **status == text)
                    .ok_or(AppError::BadParams)?,
            ),
        };
        Ok(BetFilter {
            game,
            room: form.room.as_deref().map(Room::parse).transpose()?,
            status,
            issue: form.issue.as_deref().map(Issue::parse).transpose()?,
            before: crate::paging::parse_cursor(form.before.as_deref())?,
            paging: Some(Paging::parse(form.page.as_deref(), form.limit.as_deref())?),
        })
    }
}

/// One bet line as the order and record pages show it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct BetRecord {
    pub id: i64,
    pub order_no: String,
    pub room: String,
    pub game: String,
    pub issue: String,
    pub option: String,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = String)]
    pub odds: Odds,
    pub status: String,
    pub outcome: Option<String>,
    #[schema(value_type = String)]
    pub payout: Money,
    /// Payout less stake; "0.00" while open.
    pub profit: String,
    #[schema(value_type = i64)]
    pub placed_at: Timestamp,
    #[schema(value_type = Option<i64>)]
    pub settled_at: Option<Timestamp>,
    /// The period's draw, once drawn.
    #[schema(value_type = Option<Object>)]
    pub result: Option<Value>,
}

/// `filter` as SQL conditions on a table aliased `alias` that has `user_id`, `room` and
/// `status` columns and is joined with `rooms r`; `issue` and `before` only where `alias`
/// is `bets`.
fn conditions(
    alias: &str,
    user_id: UserId,
    filter: &BetFilter,
    bets: bool,
) -> (String, Vec<Box<dyn ToSql>>) {
    let mut conditions = vec![format!("{alias}.user_id = ?1")];
    let mut values: Vec<Box<dyn ToSql>> = vec![Box::new(user_id)];
    let mut add = |condition: String, value: Box<dyn ToSql>| {
        values.push(value);
        conditions.push(condition.replace('?', &format!("?{}", values.len())));
    };
    if let Some(game) = filter.game {
        add("r.game = ?".into(), Box::new(game.code()));
    }
    if let Some(room) = filter.room {
        add(format!("{alias}.room = ?"), Box::new(room.code()));
    }
    if let Some(status) = filter.status {
        add(format!("{alias}.status = ?"), Box::new(status));
    }
    if let (Some(issue), true) = (filter.issue, bets) {
        // Every room named, so `bets_user_period` (user_id, room, issue) is seeked per room
        // instead of walking all the player's bets.
        let rooms =
            if filter.room.is_none() { " AND b.room IN (SELECT room FROM rooms)" } else { "" };
        add(format!("b.issue = ?{rooms}"), Box::new(issue.to_string()));
    }
    if let (Some(before), true) = (filter.before, bets) {
        add("b.bet_id < ?".into(), Box::new(before));
    }
    (conditions.join(" AND "), values)
}

/// How many bets of `user_id` match `filter` (`before` aside). Without an issue: summed from
/// `bet_counts` (at most one row per room and status), so it costs the same however many bets
/// the player has; with an issue: counted through `bets_user_period` (one period's bets).
fn count_matching(
    connection: &Connection,
    user_id: UserId,
    filter: &BetFilter,
) -> Result<i64, AppError> {
    let filter = BetFilter { before: None, ..filter.clone() };
    let sql = if filter.issue.is_some() {
        let (conditions, values) = conditions("b", user_id, &filter, true);
        let sql = format!(
            "SELECT COUNT(*) FROM bets b JOIN rooms r ON r.room = b.room WHERE {conditions}"
        );
        (sql, values)
    } else {
        let (conditions, values) = conditions("c", user_id, &filter, false);
        let sql = format!(
            "SELECT COALESCE(SUM(c.bets), 0) FROM bet_counts c JOIN rooms r ON r.room = c.room
             WHERE {conditions}"
        );
        (sql, values)
    };
    let (sql, values) = sql;
    let params: Vec<&dyn ToSql> = values.iter().map(AsRef::as_ref).collect();
    Ok(connection.prepare_cached(&sql)?.query_row(params.as_slice(), |row| row.get(0))?)
}

/// The bets of `user_id` matching `filter`, newest first. The page walks `bets_user`
/// (user_id, bet_id) from the newest bet (or from `before`), so page 1 costs the same at any
/// history; page N without `before` skips (N - 1) x limit index rows first.
pub fn bet_records(
    connection: &Connection,
    user_id: UserId,
    filter: &BetFilter,
) -> Result<Page<BetRecord>, AppError> {
    let paging = filter.paging.unwrap_or(Paging { page: 1, limit: 20 });
    let total = count_matching(connection, user_id, filter)?;
    let offset = if filter.before.is_some() { 0 } else { paging.offset() };
    let (filter_sql, values) = conditions("b", user_id, filter, true);
    let params: Vec<&dyn ToSql> = values.iter().map(AsRef::as_ref).collect();
    let sql = format!(
        "SELECT b.bet_id, b.order_no, b.room, r.game, b.issue, b.option, b.stake, b.odds,
                b.status, b.outcome, b.payout, b.placed_at, b.settled_at, d.values_json
         FROM bets b JOIN rooms r ON r.room = b.room
         LEFT JOIN draws d ON d.draw_source = r.draw_source AND d.issue = b.issue
         WHERE {filter_sql} ORDER BY b.bet_id DESC LIMIT {} OFFSET {offset}",
        paging.limit,
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params.as_slice(), |row| {
        let (stake, payout, status): (Money, Money, String) =
            (row.get(6)?, row.get(10)?, row.get(8)?);
        let profit = if status == "open" { 0 } else { payout.minor() - stake.minor() };
        let record = BetRecord {
            id: row.get(0)?,
            order_no: row.get(1)?,
            room: row.get(2)?,
            game: row.get(3)?,
            issue: row.get(4)?,
            option: row.get(5)?,
            amount: stake,
            odds: Odds::MIN,
            status,
            outcome: row.get(9)?,
            payout,
            profit: crate::money::format_signed(profit),
            placed_at: row.get(11)?,
            settled_at: row.get(12)?,
            result: None,
        };
        Ok((record, row.get::<_, u32>(7)?, row.get::<_, Option<String>>(13)?))
    })?;
    let mut list = Vec::new();
    for row in rows {
        let (record, odds, values) = row?;
        let result = values.map(|values| serde_json::from_str(&values)).transpose();
        let result = result.context("while decoding a draw")?;
        list.push(BetRecord { odds: Odds::from_stored(odds)?, result, ..record });
    }
    Ok(paging.wrap(list, total))
}

/// Keeps `bet_counts` exact: `bets` bets of `user_id` in `room` move from status `from` (None:
/// newly placed) to `to`. Called in the transaction that inserts or settles them.
pub(crate) fn count_bets(
    tx: &Tx,
    (user_id, room): (UserId, &str),
    from: Option<&str>,
    to: &str,
    bets: i64,
) -> Result<(), AppError> {
    let mut add = tx.prepare_cached(
        "INSERT INTO bet_counts (user_id, room, status, bets) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, room, status) DO UPDATE SET bets = bets + excluded.bets",
    )?;
    add.execute(params![user_id, room, to, bets])?;
    if let Some(from) = from {
        let changed = tx
            .prepare_cached(
                "UPDATE bet_counts SET bets = bets - ?4
                 WHERE user_id = ?1 AND room = ?2 AND status = ?3 AND bets >= ?4",
            )?
            .execute(params![user_id, room, from, bets])?;
        if changed != 1 {
            debug_assert!(false, "bet_counts of user {user_id} in {room} below zero");
            return Err(anyhow::anyhow!("bet_counts of user {user_id} in {room} below zero").into());
        }
    }
    Ok(())
}

/// (user_id, room) whose `bet_counts` differ from a recount of the bets, in either direction;
/// `fairhall admin verify` reports them.
pub fn recount_bets(connection: &Connection) -> Result<Vec<(UserId, String)>, AppError> {
    let mut query = connection.prepare(
        "WITH recount AS (
             SELECT user_id, room, status, COUNT(*) AS bets FROM bets
             GROUP BY user_id, room, status)
         SELECT DISTINCT user_id, room FROM (
             SELECT r.user_id, r.room FROM recount r LEFT JOIN bet_counts c
                 ON c.user_id = r.user_id AND c.room = r.room AND c.status = r.status
             WHERE c.bets IS NOT r.bets
             UNION ALL
             SELECT c.user_id, c.room FROM bet_counts c LEFT JOIN recount r
                 ON r.user_id = c.user_id AND r.room = c.room AND r.status = c.status
             WHERE r.bets IS NULL AND c.bets <> 0)
         ORDER BY user_id, room LIMIT 1000",
    )?;
    let rows = query.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A drawn period with what a player needs to verify it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct DrawRecord {
    pub issue: String,
    #[schema(value_type = Object)]
    pub values: Value,
    pub seed: String,
    /// The previous period's seed, or the commitment for a chain's first period.
    pub previous: String,
    pub commitment: String,
    #[schema(value_type = i64)]
    pub drawn_at: Timestamp,
}

/// The draws of `source`, newest first.
pub fn draw_history(
    connection: &Connection,
    source: DrawSource,
    paging: Paging,
) -> Result<Page<DrawRecord>, AppError> {
    let total: i64 = connection
        .prepare_cached("SELECT COUNT(*) FROM draws WHERE draw_source = ?1")?
        .query_row([source.code()], |row| row.get(0))?;
    let mut query = connection.prepare_cached(
        "SELECT d.issue, d.values_json, d.seed,
                CASE WHEN d.chain_index = 1 THEN c.commitment ELSE p.seed END,
                c.commitment, d.drawn_at
         FROM draws d JOIN seed_chains c ON c.chain_id = d.chain_id
         LEFT JOIN draws p ON p.chain_id = d.chain_id AND p.chain_index = d.chain_index - 1
         WHERE d.draw_source = ?1 ORDER BY d.issue DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = query.query_map(params![source.code(), paging.limit, paging.offset()], |row| {
        Ok((
            row.get::<_, String>(1)?,
            DrawRecord {
                issue: row.get(0)?,
                values: Value::Null,
                seed: row.get(2)?,
                previous: row.get::<_, Option<String>>(3)?.unwrap_or_default(),
                commitment: row.get(4)?,
                drawn_at: row.get(5)?,
            },
        ))
    })?;
    let mut list = Vec::new();
    for row in rows {
        let (values, record) = row?;
        let values = serde_json::from_str(&values).context("while decoding a draw")?;
        list.push(DrawRecord { values, ..record });
    }
    Ok(paging.wrap(list, total))
}

/// The player's stakes minus payouts and refunds of the bets placed after `since`
/// (`bets_user_placed`): his net loss, for `protection`'s loss limits.
pub fn losses_since(
    connection: &Connection,
    user_id: UserId,
    since: Timestamp,
) -> Result<WindowSum, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(SUM(stake - payout), 0), MIN(placed_at) FROM bets
             WHERE user_id = ?1 AND placed_at > ?2",
        )?
        .query_row(params![user_id, since], WindowSum::from_row)?)
}
