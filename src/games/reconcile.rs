//! Games' part of the ledger check (`flows::ledger_check` composes it with the ledger's and
//! growth's): each settled period credited every player the payouts and refunds of his bets,
//! each period's kept totals equal its bets, and each order was debited its stakes.
//! `period_stake_checks` keeps the stakes a passing check verified, so the server's pass reads
//! only the bets since its mark.

use crate::error::AppError;
use crate::ledger::{self, PeriodMismatch, Unreconciled};
use rusqlite::{Connection, params};
use std::collections::{BTreeSet, HashMap};

/// The kinds of the entries a settlement writes.
const SETTLEMENT_KINDS: &[&str] = &["payout", "refund"];

/// Orders whose debits are read in one query.
const ORDERS_PER_READ: usize = 500;

/// The last bet placed: the bets' end of the check's watermark.
pub fn last_bet_id(connection: &Connection) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COALESCE(MAX(bet_id), 0) FROM bets")?
        .query_row([], |row| row.get(0))?)
}

/// The bet id `limit` bets after `after`, or the last one when fewer follow.
pub fn bets_range_end(connection: &Connection, after: i64, limit: i64) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(MAX(bet_id), ?1) FROM
               (SELECT bet_id FROM bets WHERE bet_id > ?1 ORDER BY bet_id LIMIT ?2)",
        )?
        .query_row(params![after, limit], |row| row.get(0))?)
}

/// Per settlement reference touched in the entries `(after, last]` and player: what the
/// ledger credited against the payouts (refunds included) of the player's settled bets of the
/// period. A bet settled twice, or a credit under a reference no period has, shows here.
pub fn unreconciled_settlements(
    connection: &Connection,
    entries: (i64, i64),
    limit: usize,
) -> Result<Vec<Unreconciled>, AppError> {
    let mut owed_query = connection.prepare_cached(
        "SELECT user_id, SUM(payout) FROM bets
         WHERE room = ?1 AND issue = ?2 AND status <> 'open' GROUP BY user_id",
    )?;
    ledger::unreconciled_credits(connection, entries, (SETTLEMENT_KINDS, limit), |reference| {
        let Some((room, issue)) = settled_period(reference) else { return Ok(HashMap::new()) };
        Ok(owed_query
            .query_map(params![room, issue], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<_, _>>()?)
    })
}

/// The room and issue of a settlement's reference, `settle:<room>:<issue>` (settlement.rs).
fn settled_period(reference: &str) -> Option<(&str, &str)> {
    reference.strip_prefix("settle:")?.rsplit_once(':')
}

/// Periods with an open bet, or with a bet in `(after_bet, last_bet]`, whose kept totals (per
/// option, per player and option) differ from the sums of their bets, or whose orders were
/// debited other than their stakes. Totals only grow when a bet is placed, so they equal the
/// bets of every period; the full check walks the periods still open and the new.
pub fn period_mismatches(
    connection: &Connection,
    (after_bet, last_bet): (i64, i64),
    limit: usize,
) -> Result<Vec<PeriodMismatch>, AppError> {
    let mut found: BTreeSet<(String, String)> = connection
        .prepare_cached(
            "WITH periods AS (
                 SELECT DISTINCT room, issue FROM bets WHERE status = 'open'
                 UNION SELECT DISTINCT room, issue FROM bets WHERE bet_id > ?1 AND bet_id <= ?2),
             bet_sums AS (
                 SELECT b.room, b.issue, b.user_id, b.option, SUM(b.stake) AS stake
                 FROM periods p JOIN bets b ON b.room = p.room AND b.issue = p.issue
                 GROUP BY b.room, b.issue, b.user_id, b.option),
             option_sums AS (
                 SELECT room, issue, option, SUM(stake) AS stake FROM bet_sums
                 GROUP BY room, issue, option),
             option_totals AS (
                 SELECT t.room, t.issue, t.option, t.stake FROM periods p
                 JOIN period_option_totals t ON t.room = p.room AND t.issue = p.issue),
             player_totals AS (
                 SELECT t.room, t.issue, t.user_id, t.option, t.stake FROM periods p
                 JOIN period_player_totals t ON t.room = p.room AND t.issue = p.issue)
             SELECT s.room, s.issue FROM option_sums s LEFT JOIN option_totals t
                 ON t.room = s.room AND t.issue = s.issue AND t.option = s.option
             WHERE t.stake IS NOT s.stake
             UNION SELECT t.room, t.issue FROM option_totals t LEFT JOIN option_sums s
                 ON s.room = t.room AND s.issue = t.issue AND s.option = t.option
             WHERE s.stake IS NULL AND t.stake <> 0
             UNION SELECT s.room, s.issue FROM bet_sums s LEFT JOIN player_totals t
                 ON t.room = s.room AND t.issue = s.issue AND t.user_id = s.user_id
                    AND t.option = s.option
             WHERE t.stake IS NOT s.stake
             UNION SELECT t.room, t.issue FROM player_totals t LEFT JOIN bet_sums s
                 ON s.room = t.room AND s.issue = t.issue AND s.user_id = t.user_id
                    AND s.option = t.option
             WHERE s.stake IS NULL AND t.stake <> 0
             LIMIT ?3",
        )?
        .query_map(params![after_bet, last_bet, sql_limit(limit)], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    misdebited_periods(
        connection,
        "WITH periods AS (
             SELECT DISTINCT room, issue FROM bets WHERE status = 'open'
             UNION SELECT DISTINCT room, issue FROM bets WHERE bet_id > ?1 AND bet_id <= ?2)
         SELECT b.room, b.issue, b.order_no, SUM(b.stake)
         FROM periods p JOIN bets b ON b.room = p.room AND b.issue = p.issue
         GROUP BY b.order_no",
        (after_bet, last_bet),
        &mut found,
    )?;
    Ok(listed(found, limit))
}

/// The incremental form of `period_mismatches` for the bets in `(after_bet, last_bet]`, where
/// `after_bet` is the mark `period_stake_checks` holds the sums up to: each player's kept total
/// on an option the new bets touched equals the checked sum plus the new stakes (unless a bet
/// after `last_bet` touched it too: the next pass has it); the players' totals of each touched
/// period add up to its option totals; and each new order was debited its stakes. Its cost
/// follows the new bets and the players of the periods they touched.
pub fn period_mismatches_since(
    connection: &Connection,
    (after_bet, last_bet): (i64, i64),
    limit: usize,
) -> Result<Vec<PeriodMismatch>, AppError> {
    let mut found: BTreeSet<(String, String)> = connection
        .prepare_cached(
            "WITH new AS (
                 SELECT room, issue, user_id, option, SUM(stake) AS stake FROM bets
                 WHERE bet_id > ?1 AND bet_id <= ?2 GROUP BY room, issue, user_id, option),
             periods AS (SELECT DISTINCT room, issue FROM new),
             player_sums AS (
                 SELECT t.room, t.issue, t.option, SUM(t.stake) AS stake FROM periods p
                 JOIN period_player_totals t ON t.room = p.room AND t.issue = p.issue
                 GROUP BY t.room, t.issue, t.option),
             option_totals AS (
                 SELECT t.room, t.issue, t.option, t.stake FROM periods p
                 JOIN period_option_totals t ON t.room = p.room AND t.issue = p.issue)
             SELECT n.room, n.issue FROM new n
             LEFT JOIN period_stake_checks c ON c.room = n.room AND c.issue = n.issue
                  AND c.user_id = n.user_id AND c.option = n.option
             LEFT JOIN period_player_totals t ON t.room = n.room AND t.issue = n.issue
                  AND t.user_id = n.user_id AND t.option = n.option
             WHERE t.stake IS NOT COALESCE(c.stake, 0) + n.stake
               AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.room = n.room AND b.issue = n.issue
                                                      AND b.bet_id > ?2)
             UNION SELECT s.room, s.issue FROM player_sums s LEFT JOIN option_totals t
                 ON t.room = s.room AND t.issue = s.issue AND t.option = s.option
             WHERE t.stake IS NOT s.stake
             UNION SELECT t.room, t.issue FROM option_totals t LEFT JOIN player_sums s
                 ON s.room = t.room AND s.issue = t.issue AND s.option = t.option
             WHERE s.stake IS NULL AND t.stake <> 0
             LIMIT ?3",
        )?
        .query_map(params![after_bet, last_bet, sql_limit(limit)], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    misdebited_periods(
        connection,
        "WITH orders AS (SELECT DISTINCT order_no FROM bets WHERE bet_id > ?1 AND bet_id <= ?2)
         SELECT b.room, b.issue, o.order_no, SUM(b.stake)
         FROM orders o JOIN bets b ON b.order_no = o.order_no
         GROUP BY o.order_no",
        (after_bet, last_bet),
        &mut found,
    )?;
    Ok(listed(found, limit))
}

/// Adds to `found` the period of each order `orders_sql` selects (room, issue, order_no, its
/// stakes; bound to a range of bets) that the ledger debited other than its stakes.
fn misdebited_periods(
    connection: &Connection,
    orders_sql: &str,
    bets: (i64, i64),
    found: &mut BTreeSet<(String, String)>,
) -> Result<(), AppError> {
    let mut query = connection.prepare_cached(orders_sql)?;
    let mut rows = query.query(params![bets.0, bets.1])?;
    let mut batch: Vec<(String, String, i64)> = Vec::with_capacity(ORDERS_PER_READ);
    let mut references: Vec<String> = Vec::with_capacity(ORDERS_PER_READ);
    let mut compare = |batch: &mut Vec<(String, String, i64)>, references: &mut Vec<String>| {
        let debits = ledger::player_debits(connection, "bet", references)?;
        for ((room, issue, stake), debit) in batch.drain(..).zip(debits) {
            if debit != stake {
                found.insert((room, issue));
            }
        }
        references.clear();
        Ok::<_, AppError>(())
    };
    while let Some(row) = rows.next()? {
        let order_no: String = row.get(2)?;
        references.push(format!("order:{order_no}"));
        batch.push((row.get(0)?, row.get(1)?, row.get(3)?));
        if batch.len() == ORDERS_PER_READ {
            compare(&mut batch, &mut references)?;
        }
    }
    if !batch.is_empty() {
        compare(&mut batch, &mut references)?;
    }
    Ok(())
}

fn sql_limit(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}

fn listed(found: BTreeSet<(String, String)>, limit: usize) -> Vec<PeriodMismatch> {
    found.into_iter().take(limit).map(|(room, issue)| PeriodMismatch { room, issue }).collect()
}

/// Adds the bets in `(after_bet, last_bet]` to `period_stake_checks` and drops the rows of
/// periods left without an open bet and without a bet after `last_bet`: what a passing check
/// verified, for the next pass. A settled period whose later bets no pass covered yet (a pass
/// is capped, and bets go on while it reads) keeps its sums until one does.
pub fn record_period_stakes(
    connection: &Connection,
    (after_bet, last_bet): (i64, i64),
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO period_stake_checks (room, issue, user_id, option, stake)
             SELECT room, issue, user_id, option, SUM(stake) FROM bets
             WHERE bet_id > ?1 AND bet_id <= ?2 GROUP BY room, issue, user_id, option
             ON CONFLICT (room, issue, user_id, option)
             DO UPDATE SET stake = stake + excluded.stake",
        )?
        .execute(params![after_bet, last_bet])?;
    connection
        .prepare_cached(
            "WITH settled AS (
                 SELECT room, issue FROM (SELECT DISTINCT room, issue FROM period_stake_checks) p
                 WHERE NOT EXISTS (SELECT 1 FROM bets b WHERE b.status = 'open'
                                                          AND b.room = p.room
                                                          AND b.issue = p.issue)
                   AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.room = p.room
                                                          AND b.issue = p.issue
                                                          AND b.bet_id > ?1))
             DELETE FROM period_stake_checks WHERE (room, issue) IN settled",
        )?
        .execute([last_bet])?;
    Ok(())
}
