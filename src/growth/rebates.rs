//! Rebates and commissions, paid in batches. A batch takes the bets settled (won or lost)
//! since the last batch ended and before `SETTLEMENT_LAG_SECS` ago, and pays from `bonus` per
//! bettor one Rebate entry (his own rate on his net loss) and per upline one Commission entry
//! (the level 1/2/3 rates on the net losses of his members of that level). A net loss is per
//! period: the player's stakes less what they paid him, 0 for a period he came out ahead in
//! (`games::stakes`), so a bet hedged by the other side of the period earns only on the edge it
//! lost. (On gross stake, a hedge earned more than the edge of the even-money options:
//! docs/programmes.md.) Net losses are summed per player and level first, then multiplied by
//! the rate and rounded down to the minor unit; `rebate_payouts.stake` records that basis.
//! The batch row, whose `settled_until` is where the next batch starts, is written in the same
//! transaction as the payments: each settled bet counts exactly once, across restarts too.

use crate::auth::team as chain;
use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::config::RebateConfig;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::stakes::{self, SettledStakes};
use crate::growth::rewards::{self, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::{Page, Paging};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// A batch leaves out the bets settled in its last seconds: settlement stamps bets with the
/// clock of its tick, and a settlement transaction of this or another process may commit a
/// moment after a batch read its clock. Such bets fall to the next batch, never between two.
pub const SETTLEMENT_LAG_SECS: i64 = 10;

/// Basis points in one (a rate of 10,000 bps pays the whole stake).
const BPS: i128 = 10_000;

/// What one batch did.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct BatchSummary {
    pub batch_id: i64,
    #[schema(value_type = i64)]
    pub settled_from: Timestamp,
    #[schema(value_type = i64)]
    pub settled_until: Timestamp,
    #[schema(value_type = i64)]
    pub ran_at: Timestamp,
    pub bets: i64,
    #[schema(value_type = String)]
    pub stake: Money,
    #[schema(value_type = String)]
    pub paid: Money,
}

/// What one batch paid one player.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RebateHistoryRow {
    pub batch_id: i64,
    #[schema(value_type = i64)]
    pub paid_at: Timestamp,
    /// His own rebate.
    #[schema(value_type = String)]
    pub rebate: Money,
    /// His commissions from levels 1, 2 and 3.
    #[schema(value_type = Vec<String>)]
    pub commission: [Money; 3],
    #[schema(value_type = String)]
    pub total: Money,
}

/// The rates as the page shows them, in basis points.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RebateRates {
    pub rebate_bps: i64,
    pub commission_bps: [i64; 3],
    pub batch_interval_secs: i64,
}

/// `api/rebate/index`: what is settled but not yet paid (at the current rates), the rates and
/// the history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RebateOverview {
    /// His own rebate and his commissions on bets settled since the last batch.
    #[schema(value_type = String)]
    pub pending_rebate: Money,
    #[schema(value_type = String)]
    pub pending_commission: Money,
    #[schema(value_type = String)]
    pub pending: Money,
    /// When the last batch ran (0: none yet), and when the next is due.
    #[schema(value_type = i64)]
    pub last_batch_at: Timestamp,
    #[schema(value_type = i64)]
    pub next_batch_at: Timestamp,
    pub rates: RebateRates,
    pub history: Page<RebateHistoryRow>,
}

/// `rate_bps` of `stake`, rounded down to the minor unit.
pub fn share(stake: i64, rate_bps: i64) -> i64 {
    let amount = i128::from(stake) * i128::from(rate_bps) / BPS;
    i64::try_from(amount).unwrap_or(i64::MAX)
}

/// Per (player, level), the net loss he is paid on: level 0 his own, 1-3 his members'.
fn stakes_by_level(
    settled: &HashMap<UserId, SettledStakes>,
    uplines: &HashMap<UserId, Vec<UserId>>,
) -> BTreeMap<(UserId, u8), i64> {
    let mut by_level: BTreeMap<(UserId, u8), i64> = BTreeMap::new();
    for (bettor, stakes) in settled {
        *by_level.entry((*bettor, 0)).or_default() += stakes.net_loss;
        for (depth, upline) in uplines.get(bettor).into_iter().flatten().enumerate() {
            let level = u8::try_from(depth + 1).unwrap_or(u8::MAX);
            *by_level.entry((*upline, level)).or_default() += stakes.net_loss;
        }
    }
    by_level
}

fn rate_of(config: &RebateConfig, level: u8) -> i64 {
    match level {
        0 => config.rate_bps,
        level => config.commission_bps.get(usize::from(level) - 1).copied().unwrap_or(0),
    }
}

fn last_batch(connection: &Connection) -> Result<Option<(Timestamp, Timestamp)>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT settled_until, ran_at FROM rebate_batches ORDER BY batch_id DESC LIMIT 1",
        )?
        .query_row([], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// Whether a batch is due: none has run yet, or the last ran `batch_interval_secs` ago.
pub fn batch_due(
    connection: &Connection,
    config: &RebateConfig,
    now: Timestamp,
) -> Result<bool, AppError> {
    Ok(last_batch(connection)?
        .is_none_or(|(_, ran_at)| now.secs_since(ran_at) >= config.batch_interval_secs))
}

/// Runs one batch now: pays the bets settled since the last batch and before
/// `now - SETTLEMENT_LAG_SECS`. None when that span is empty (a batch ran this very moment).
pub fn run_batch(
    tx: &Tx,
    (growth, timezone): (&GrowthConfig, chrono_tz::Tz),
    now: Timestamp,
) -> Result<Option<BatchSummary>, AppError> {
    let from = last_batch(tx)?.map_or(Timestamp::from_secs(0), |(until, _)| until);
    let until = now - SETTLEMENT_LAG_SECS;
    if until <= from {
        return Ok(None);
    }
    let settled = stakes::settled_stakes_between(tx, from, until)?;
    let bettors: Vec<UserId> = settled.keys().copied().collect();
    let uplines = chain::uplines(tx, &bettors)?;
    let by_level = stakes_by_level(&settled, &uplines);
    let bets: i64 = settled.values().map(|stakes| stakes.bets).sum();
    let stake: i64 = settled.values().map(|stakes| stakes.stake).sum();
    tx.prepare_cached(
        "INSERT INTO rebate_batches (settled_from, settled_until, ran_at, bets, stake, paid)
         VALUES (?1, ?2, ?3, ?4, ?5, 0)",
    )?
    .execute(params![from, until, now, bets, stake])?;
    let batch_id = tx.last_insert_rowid();
    let rules = RewardRules::new(growth, timezone);
    let mut by_player: BTreeMap<UserId, Vec<(u8, i64)>> = BTreeMap::new();
    for ((player, level), level_stake) in by_level {
        by_player.entry(player).or_default().push((level, level_stake));
    }
    let mut paid = 0;
    for (player, levels) in by_player {
        let (own, team): (Vec<_>, Vec<_>) = levels.into_iter().partition(|(level, _)| *level == 0);
        for (programme, levels) in [(Programme::Rebate, own), (Programme::Commission, team)] {
            paid += pay(tx, (player, programme, &levels), (&rules, batch_id), growth, now)?;
        }
    }
    tx.prepare_cached("UPDATE rebate_batches SET paid = ?2 WHERE batch_id = ?1")?
        .execute(params![batch_id, paid])?;
    Ok(Some(BatchSummary {
        batch_id,
        settled_from: from,
        settled_until: until,
        ran_at: now,
        bets,
        stake: Money::from_minor(stake)?,
        paid: Money::from_minor(paid)?,
    }))
}

/// Pays `player` one programme's reward of the batch: each level's rate on its net loss,
/// summed, through the one payer (skipped in a time-out or self-exclusion, held to the day's
/// budget), and records what was paid per level, the lower levels first; what it paid.
fn pay(
    tx: &Tx,
    (player, programme, levels): (UserId, Programme, &[(u8, i64)]),
    (rules, batch_id): (&RewardRules, i64),
    growth: &GrowthConfig,
    now: Timestamp,
) -> Result<i64, AppError> {
    let owed: Vec<(u8, i64, i64, i64)> = levels
        .iter()
        .map(|&(level, net_loss)| {
            let rate = rate_of(&growth.rebate, level);
            (level, net_loss, rate, share(net_loss, rate))
        })
        .filter(|owed| owed.3 > 0)
        .collect();
    let total: i64 = owed.iter().map(|owed| owed.3).sum();
    if total == 0 {
        return Ok(0);
    }
    let reference = format!("{}:{batch_id}", programme.code());
    let reward = Reward::earned(player, programme, Money::from_minor(total)?, reference);
    let paid = rewards::pay(tx, reward, rules, now)?.amount().minor();
    let mut record = tx.prepare_cached(
        "INSERT INTO rebate_payouts (batch_id, user_id, level, stake, rate_bps, amount)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let mut left = paid;
    for (level, net_loss, rate, amount) in owed {
        let amount = amount.min(left);
        if amount == 0 {
            break;
        }
        record.execute(params![batch_id, player, level, net_loss, rate, amount])?;
        left -= amount;
    }
    Ok(paid)
}

/// The commissions `partner` earned from each level of his team, in minor units.
pub fn commission_by_level(
    connection: &Connection,
    partner: UserId,
) -> Result<Vec<(u8, i64)>, AppError> {
    let mut statement = connection.prepare_cached(
        "SELECT level, SUM(amount) FROM rebate_payouts WHERE user_id = ?1 AND level > 0
         GROUP BY level",
    )?;
    let rows = statement.query_map([partner], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The player's pending rebate and commissions, rates and history.
pub fn overview(
    connection: &Connection,
    player: UserId,
    config: &RebateConfig,
    paging: Paging,
    now: Timestamp,
) -> Result<RebateOverview, AppError> {
    let last = last_batch(connection)?;
    let from = last.map_or(Timestamp::from_secs(0), |(until, _)| until);
    let settled = stakes::settled_stakes_between(connection, from, now + 1)?;
    let own = settled.get(&player).map_or(0, |stakes| stakes.net_loss);
    let mut level_stakes = [0i64; 3];
    for (member, level) in chain::team_levels(connection, player)? {
        let index = usize::from(level).saturating_sub(1).min(2);
        level_stakes[index] += settled.get(&member).map_or(0, |stakes| stakes.net_loss);
    }
    let pending_rebate = share(own, config.rate_bps);
    let pending_commission: i64 = level_stakes
        .iter()
        .zip(config.commission_bps)
        .map(|(stake, rate)| share(*stake, rate))
        .sum();
    let last_batch_at = last.map_or(Timestamp::from_secs(0), |(_, ran_at)| ran_at);
    Ok(RebateOverview {
        pending_rebate: Money::from_minor(pending_rebate)?,
        pending_commission: Money::from_minor(pending_commission)?,
        pending: Money::from_minor(pending_rebate + pending_commission)?,
        next_batch_at: last.map_or(now, |_| last_batch_at + config.batch_interval_secs),
        last_batch_at,
        rates: RebateRates {
            rebate_bps: config.rate_bps,
            commission_bps: config.commission_bps,
            batch_interval_secs: config.batch_interval_secs,
        },
        history: history(connection, player, paging)?,
    })
}

/// What each batch paid the player, newest first.
pub fn history(
    connection: &Connection,
    player: UserId,
    paging: Paging,
) -> Result<Page<RebateHistoryRow>, AppError> {
    let total: i64 = connection
        .prepare_cached("SELECT COUNT(DISTINCT batch_id) FROM rebate_payouts WHERE user_id = ?1")?
        .query_row([player], |row| row.get(0))?;
    let mut statement = connection.prepare_cached(
        "SELECT p.batch_id, b.ran_at,
                SUM(CASE WHEN p.level = 0 THEN p.amount ELSE 0 END),
                SUM(CASE WHEN p.level = 1 THEN p.amount ELSE 0 END),
                SUM(CASE WHEN p.level = 2 THEN p.amount ELSE 0 END),
                SUM(CASE WHEN p.level = 3 THEN p.amount ELSE 0 END)
         FROM rebate_payouts p JOIN rebate_batches b ON b.batch_id = p.batch_id
         WHERE p.user_id = ?1 GROUP BY p.batch_id ORDER BY p.batch_id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = statement.query_map(params![player, paging.limit, paging.offset()], |row| {
        let amounts: [Money; 4] = [row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?];
        Ok((row.get(0)?, row.get(1)?, amounts))
    })?;
    let mut list = Vec::new();
    for row in rows {
        let (batch_id, paid_at, [rebate, first, second, third]) = row?;
        let total = [first, second, third]
            .iter()
            .try_fold(rebate, |sum, amount| sum.checked_add(*amount))
            .ok_or_else(|| anyhow::anyhow!("batch {batch_id} paid more than an amount holds"))?;
        list.push(RebateHistoryRow {
            batch_id,
            paid_at,
            rebate,
            commission: [first, second, third],
            total,
        });
    }
    Ok(paging.wrap(list, total))
}

/// The batches, newest first (the operator's list).
pub fn batches(connection: &Connection, paging: Paging) -> Result<Page<BatchSummary>, AppError> {
    let total: i64 = connection
        .prepare_cached("SELECT COUNT(*) FROM rebate_batches")?
        .query_row([], |row| row.get(0))?;
    let mut statement = connection.prepare_cached(
        "SELECT batch_id, settled_from, settled_until, ran_at, bets, stake, paid
         FROM rebate_batches ORDER BY batch_id DESC LIMIT ?1 OFFSET ?2",
    )?;
    let rows = statement.query_map(params![paging.limit, paging.offset()], |row| {
        Ok(BatchSummary {
            batch_id: row.get(0)?,
            settled_from: row.get(1)?,
            settled_until: row.get(2)?,
            ran_at: row.get(3)?,
            bets: row.get(4)?,
            stake: row.get(5)?,
            paid: row.get(6)?,
        })
    })?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_rounds_down_to_the_minor_unit() {
        assert_eq!(share(999, 50), 4, "4.995 minor units pay 4");
        assert_eq!(share(10_000, 100), 100);
        assert_eq!(share(1, 1_000), 0);
        assert_eq!(share(Money::MAX_MINOR, 1_000), Money::MAX_MINOR / 10);
    }
}
