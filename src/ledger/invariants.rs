//! The invariants that tie the journal to the rows of the domains that write it: nothing paid
//! twice for one reference, each credited player paid what the domain's rows say, an open
//! period's totals equal its bets. Each query takes a range of entries (`?1 < entry_id <= ?2`)
//! or of bets (`?1 < bet_id <= ?2`) and checks every reference or period touched in it, so the
//! full check passes the whole journal and the incremental check only what is new.

use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, params};
use serde::Serialize;

/// A reference paid by more entries than its domain allows.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Duplicate {
    /// The entry kind, or `withdraw_close` for the entries that resolve a withdrawal hold.
    pub kind: String,
    pub reference: String,
    pub entries: i64,
}

/// A player credited under a reference otherwise than the domain's rows say.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Unreconciled {
    pub reference: String,
    pub user_id: UserId,
    pub credited: i64,
    pub owed: i64,
}

/// A period whose kept totals or ledger debits differ from its bets.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PeriodMismatch {
    pub room: String,
    pub issue: String,
}

/// Entry kinds paid at most once per reference (a deposit, a withdrawal's hold and its
/// resolution, a day's interest, an instalment, a week's salary, a sign-in, a task, a bonus).
/// The resolutions of a hold, paid or released, count together.
const ONCE_KINDS: &str = "'deposit', 'withdraw_hold', 'withdraw_paid', 'withdraw_release', \
                          'interest', 'invest_return', 'salary', 'signin', 'task', 'bonus'";

/// Leaves out an entry `e` that a reversal (reversal.rs) undid.
const NOT_REVERSED: &str =
    "NOT EXISTS (SELECT 1 FROM entries r WHERE r.reference = 'reversal:' || e.entry_id)";

/// References of `ONCE_KINDS` touched in the range that more than one entry pays.
pub fn paid_twice(
    connection: &Connection,
    (after, last): (i64, i64),
    limit: i64,
) -> Result<Vec<Duplicate>, AppError> {
    let sql = format!(
        "SELECT CASE WHEN kind IN ('withdraw_paid', 'withdraw_release') THEN 'withdraw_close'
                     ELSE kind END AS class,
                reference, COUNT(*)
         FROM entries e
         WHERE kind IN ({ONCE_KINDS}) AND reference IN
               (SELECT reference FROM entries
                WHERE entry_id > ?1 AND entry_id <= ?2 AND kind IN ({ONCE_KINDS}))
           AND {NOT_REVERSED}
         GROUP BY class, reference HAVING COUNT(*) > 1
         ORDER BY reference LIMIT ?3"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![after, last, limit], |row| {
        Ok(Duplicate { kind: row.get(0)?, reference: row.get(1)?, entries: row.get(2)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Per reference touched in the range and player, what the ledger credited against what the
/// domain owes: a settled period (`settle:<room>:<issue>`, payouts and refunds) against the
/// payouts of the player's settled bets, an envelope claim against the player's share, a
/// rebate or commission batch against its payout rows. A bet settled twice, a share paid
/// twice or a batch paid twice shows here.
pub fn unreconciled_credits(
    connection: &Connection,
    (after, last): (i64, i64),
    limit: i64,
) -> Result<Vec<Unreconciled>, AppError> {
    let sql = format!(
        "WITH touched AS (
             SELECT DISTINCT reference FROM entries
             WHERE entry_id > ?1 AND entry_id <= ?2
               AND kind IN ('payout', 'refund', 'envelope', 'rebate', 'commission')),
         credits AS (
             SELECT e.reference, a.user_id, SUM(p.amount) AS credited
             FROM touched t
             JOIN entries e ON e.reference = t.reference
             JOIN postings p ON p.entry_id = e.entry_id
             JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
             WHERE e.kind IN ('payout', 'refund', 'envelope', 'rebate', 'commission')
               AND {NOT_REVERSED}
             GROUP BY e.reference, a.user_id),
         owed AS (
             SELECT c.reference, c.user_id, c.credited, CASE
               WHEN c.reference LIKE 'settle:%' THEN
                 (SELECT COALESCE(SUM(b.payout), 0) FROM bets b
                  WHERE b.user_id = c.user_id AND b.status <> 'open'
                    AND b.room = substr(c.reference, 8, length(c.reference) - 20)
                    AND b.issue = substr(c.reference, -12))
               WHEN c.reference LIKE 'envelope:%' THEN
                 (SELECT COALESCE(SUM(s.amount_minor), 0) FROM envelope_shares s
                  WHERE s.envelope_id = CAST(substr(c.reference, 10) AS INTEGER)
                    AND s.user_id = c.user_id)
               WHEN c.reference LIKE 'rebate:%' THEN
                 (SELECT COALESCE(SUM(r.amount), 0) FROM rebate_payouts r
                  WHERE r.batch_id = CAST(substr(c.reference, 8) AS INTEGER)
                    AND r.user_id = c.user_id AND r.level = 0)
               WHEN c.reference LIKE 'commission:%' THEN
                 (SELECT COALESCE(SUM(r.amount), 0) FROM rebate_payouts r
                  WHERE r.batch_id = CAST(substr(c.reference, 12) AS INTEGER)
                    AND r.user_id = c.user_id AND r.level > 0)
             END AS owed
             FROM credits c)
         SELECT reference, user_id, credited, COALESCE(owed, 0) FROM owed
         WHERE owed IS NOT credited
         ORDER BY reference, user_id LIMIT ?3"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![after, last, limit], |row| {
        Ok(Unreconciled {
            reference: row.get(0)?,
            user_id: row.get(1)?,
            credited: row.get(2)?,
            owed: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Periods with an open bet, or with a bet in the range (`?1 < bet_id <= ?2`), whose kept
/// totals (per option, per player and option) differ from the sums of their bets, or whose
/// orders were debited other than their stakes. Totals only grow when a bet is placed, so
/// they equal the bets of every period; the check walks the periods still open and the new.
pub fn period_mismatches(
    connection: &Connection,
    (after_bet, last_bet): (i64, i64),
    limit: i64,
) -> Result<Vec<PeriodMismatch>, AppError> {
    let sql = format!(
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
             JOIN period_player_totals t ON t.room = p.room AND t.issue = p.issue),
         orders AS (
             SELECT DISTINCT b.room, b.issue, b.order_no FROM periods p
             JOIN bets b ON b.room = p.room AND b.issue = p.issue),
         debits AS (
             SELECT o.room, o.issue, -SUM(q.amount) AS stake FROM orders o
             JOIN entries e ON e.reference = 'order:' || o.order_no AND e.kind = 'bet'
                           AND {NOT_REVERSED}
             JOIN postings q ON q.entry_id = e.entry_id
             JOIN accounts a ON a.account_id = q.account_id AND a.user_id IS NOT NULL
             GROUP BY o.room, o.issue),
         period_sums AS (
             SELECT room, issue, SUM(stake) AS stake FROM bet_sums GROUP BY room, issue)
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
         UNION SELECT s.room, s.issue FROM period_sums s LEFT JOIN debits d
             ON d.room = s.room AND d.issue = s.issue
         WHERE d.stake IS NOT s.stake
         ORDER BY 1, 2 LIMIT ?3"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![after_bet, last_bet, limit], |row| {
        Ok(PeriodMismatch { room: row.get(0)?, issue: row.get(1)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
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
    limit: i64,
) -> Result<Vec<PeriodMismatch>, AppError> {
    let sql = format!(
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
             JOIN period_option_totals t ON t.room = p.room AND t.issue = p.issue),
         orders AS (SELECT DISTINCT order_no FROM bets WHERE bet_id > ?1 AND bet_id <= ?2)
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
         UNION SELECT b.room, b.issue FROM orders o
         JOIN bets b ON b.bet_id = (SELECT MIN(bet_id) FROM bets WHERE order_no = o.order_no)
         WHERE (SELECT SUM(stake) FROM bets WHERE order_no = o.order_no) IS NOT
               (SELECT -SUM(q.amount) FROM entries e
                JOIN postings q ON q.entry_id = e.entry_id
                JOIN accounts a ON a.account_id = q.account_id AND a.user_id IS NOT NULL
                WHERE e.reference = 'order:' || o.order_no AND e.kind = 'bet'
                  AND {NOT_REVERSED})
         ORDER BY 1, 2 LIMIT ?3"
    );
    let mut query = connection.prepare_cached(&sql)?;
    let rows = query.query_map(params![after_bet, last_bet, limit], |row| {
        Ok(PeriodMismatch { room: row.get(0)?, issue: row.get(1)? })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
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
