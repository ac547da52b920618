//! Deposit bonuses released by play (docs/programmes.md, "Deposit bonuses"). A deposit bonus
//! (first deposit, cashback, VIP deposit reward) is granted into the `bonus_pending` reserve
//! (`deposit_rewards`), not the wallet: a bonus the player could stake at once is worth more
//! than it costs him under any wagering, since a player who busts stops early. Each of his
//! bets settled won or lost after the grant adds its stake times its option's net edge (the
//! house's edge less what the other programmes pay back on it, computed by the use case,
//! `flows::bonus_release`) to his credit; `growth.bonus_release_percent` of a released amount
//! must be in the credit, and the release goes to the wallet, oldest grant first. At every
//! moment he has received at most the expected win his play gave the house net of every
//! programme: no play, hedged, volatile or spread over accounts, makes the bonus worth more
//! than it costs.
//!
//! `bonus_wagering` keeps per player the mark (his last bet counted) and the credit not yet
//! released, in millionths of a minor unit; `deposit_rewards.released` what each grant has
//! released. The reserve's balance is the grants' unreleased sum (`outstanding`, checked by
//! the ledger check).

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::stakes;
use crate::growth::rewards;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// Millionths of a minor unit: the credit's unit.
pub const MICRO: i128 = 1_000_000;

/// The players after `after` with a grant not wholly released and their marks, at most
/// `limit`, by id.
pub fn pending_players(
    connection: &Connection,
    after: UserId,
    limit: usize,
) -> Result<Vec<(UserId, i64)>, AppError> {
    let mut statement = connection.prepare_cached(
        "SELECT w.user_id, w.mark FROM bonus_wagering w
         WHERE w.user_id > ?1 AND EXISTS (SELECT 1 FROM deposit_rewards r
                       WHERE r.user_id = w.user_id AND r.released < r.amount)
         ORDER BY w.user_id LIMIT ?2",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = statement.query_map(params![after, limit], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// What the player's grants still hold back.
pub fn pending_of(connection: &Connection, user_id: UserId) -> Result<Money, AppError> {
    let minor: i64 = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount - released), 0) FROM deposit_rewards
             WHERE user_id = ?1 AND released < amount",
        )?
        .query_row([user_id], |row| row.get(0))?;
    Money::from_minor(minor)
}

/// Called before a grant is recorded: a player with nothing pending starts afresh from his
/// last bet (play before a grant never releases it), one with a grant pending keeps counting.
pub fn before_grant(tx: &Tx, user_id: UserId) -> Result<(), AppError> {
    if pending_of(tx, user_id)? > Money::ZERO {
        return Ok(());
    }
    let mark = stakes::last_bet_id_of(tx, user_id)?;
    tx.prepare_cached(
        "INSERT INTO bonus_wagering (user_id, mark, credit_micro, releases) VALUES (?1, ?2, 0, 0)
         ON CONFLICT (user_id) DO UPDATE SET mark = ?2, credit_micro = 0",
    )?
    .execute(params![user_id, mark])?;
    Ok(())
}

/// A release just paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Released {
    pub user_id: UserId,
    pub amount: Money,
    pub entry_id: i64,
}

/// Adds `earned_micro` of expected win (the bets up to `mark`) to the player's credit and
/// releases what it covers at `release_percent`, oldest grant first; the credit left over
/// stays for the next, and goes when nothing is pending any more.
pub fn credit(
    tx: &Tx,
    user_id: UserId,
    (earned_micro, mark): (i128, i64),
    release_percent: i64,
    now: Timestamp,
) -> Result<Option<Released>, AppError> {
    let state: Option<(i64, i64)> = tx
        .prepare_cached("SELECT credit_micro, releases FROM bonus_wagering WHERE user_id = ?1")?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    let Some((credit_before, releases)) = state else { return Ok(None) };
    let pending = i128::from(pending_of(tx, user_id)?.minor());
    let credit = i128::from(credit_before) + earned_micro.max(0);
    // One minor unit released needs `release_percent` hundredths of it in expected win.
    let per_minor = i128::from(release_percent) * MICRO / 100;
    let release = (credit / per_minor).min(pending);
    let left = if release == pending { 0 } else { credit - release * per_minor };
    let left = i64::try_from(left).map_err(|_| anyhow::anyhow!("bonus credit out of range"))?;
    let release = Money::from_minor(i64::try_from(release).map_err(anyhow::Error::from)?)?;
    let releases = releases + i64::from(release > Money::ZERO);
    tx.prepare_cached(
        "UPDATE bonus_wagering SET mark = ?2, credit_micro = ?3, releases = ?4 WHERE user_id = ?1",
    )?
    .execute(params![user_id, mark, left, releases])?;
    if release == Money::ZERO {
        return Ok(None);
    }
    release_oldest_first(tx, user_id, release)?;
    let reference = format!("bonus_release:{user_id}:{releases}");
    let posted = rewards::release_pending(tx, user_id, release, reference, now)?;
    Ok(Some(Released { user_id, amount: release, entry_id: posted.entry_id }))
}

/// Marks `amount` released on the player's grants, oldest first.
fn release_oldest_first(tx: &Tx, user_id: UserId, amount: Money) -> Result<(), AppError> {
    let grants: Vec<(i64, String, i64)> = tx
        .prepare_cached(
            "SELECT deposit_id, programme, amount - released FROM deposit_rewards
             WHERE user_id = ?1 AND released < amount ORDER BY paid_at, deposit_id, programme",
        )?
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut left = amount.minor();
    let mut update = tx.prepare_cached(
        "UPDATE deposit_rewards SET released = released + ?3
         WHERE deposit_id = ?1 AND programme = ?2",
    )?;
    for (deposit_id, programme, unreleased) in grants {
        if left == 0 {
            break;
        }
        let part = unreleased.min(left);
        update.execute(params![deposit_id, programme, part])?;
        left -= part;
    }
    Ok(())
}

/// The grants' unreleased sum over every player: what the `bonus_pending` reserve must hold.
pub fn outstanding(connection: &Connection) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount - released), 0) FROM deposit_rewards
             WHERE released < amount",
        )?
        .query_row([], |row| row.get(0))?)
}

/// A player's deposit bonuses as his wallet shows them.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct BonusProgress {
    /// Granted and not yet released: not his to stake or withdraw yet.
    #[schema(value_type = String)]
    pub pending: Money,
    /// Released to his wallet so far, over every grant.
    #[schema(value_type = String)]
    pub released: Money,
    /// The house's expected win his play must still give to release all that is pending
    /// (`growth.bonus_release_percent` of it, less the credit he has built).
    #[schema(value_type = String)]
    pub expected_win_needed: Money,
    /// `growth.bonus_release_percent`.
    pub release_percent: i64,
}

/// The player's pending and released deposit bonuses.
pub fn progress_of(
    connection: &Connection,
    user_id: UserId,
    release_percent: i64,
) -> Result<BonusProgress, AppError> {
    let (pending, released): (i64, i64) = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount - released), 0), COALESCE(SUM(released), 0)
             FROM deposit_rewards WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let credit: i64 = connection
        .prepare_cached("SELECT credit_micro FROM bonus_wagering WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .unwrap_or(0);
    let needed_micro = i128::from(pending) * i128::from(release_percent) * MICRO / 100;
    let needed = (needed_micro - i128::from(credit)).max(0);
    // Rounded up to the cent: the figure is what is still needed.
    let needed = i64::try_from((needed + MICRO - 1) / MICRO).map_err(anyhow::Error::from)?;
    Ok(BonusProgress {
        pending: Money::from_minor(pending)?,
        released: Money::from_minor(released)?,
        expected_win_needed: Money::from_minor(needed)?,
        release_percent,
    })
}
