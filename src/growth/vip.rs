//! VIP levels: a player holds the highest level of `[[growth.vip.levels]]` whose total deposit
//! and betting points he has both reached (`users.vip_level`, set through `auth`). Reaching a
//! level for the first time pays its upgrade reward; `vip_upgrades` keeps each (player, level)
//! once, so a fall (the operator raised thresholds) and a second reach pay nothing.
//!
//! The level is re-evaluated in the transaction that approves a deposit
//! (`flows::deposits::review`) and, for betting, by the scheduler's VIP job: bets are placed in
//! `games`, which cannot call growth, so the job reads the ledger's entries after a stored
//! watermark (`vip_watermark`), re-evaluates only the players with a bet among them, and
//! advances the watermark in the same transaction. Its cost follows the new entries, never the
//! database's age, and a restart resumes where it stopped.

use crate::auth;
use crate::clock::Timestamp;
use crate::config::{GrowthConfig, VipConfig, VipLevel};
use crate::content::messages::Event;
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::rewards::{self, Payout, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::ledger::{self, EntryKind, UserAccountKind};
use crate::money::Money;
use rusqlite::{Connection, params};
use serde::Serialize;

/// Ledger entries the VIP job reads per transaction (bounds one write).
pub const ENTRIES_PER_TX: i64 = 5_000;

/// What a player's level is decided by (the figures `api/personal/index` shows).
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct Totals {
    #[schema(value_type = String)]
    pub total_deposit: Money,
    #[schema(value_type = String)]
    pub betting_points: Money,
}

pub fn totals(connection: &Connection, user_id: UserId) -> Result<Totals, AppError> {
    let credited = |kind, entry_kind| ledger::total_credited(connection, user_id, kind, entry_kind);
    Ok(Totals {
        total_deposit: credited(UserAccountKind::Wallet, EntryKind::Deposit)?,
        betting_points: credited(UserAccountKind::Game, EntryKind::Bet)?,
    })
}

/// The highest level whose both thresholds `totals` reach (thresholds never decrease, so the
/// levels reached are a prefix of the table).
pub fn level_for(config: &VipConfig, totals: &Totals) -> i64 {
    let reached = |level: &&VipLevel| {
        totals.total_deposit >= level.total_deposit && totals.betting_points >= level.betting_points
    };
    config.levels.iter().take_while(reached).last().map_or(0, |level| level.level)
}

/// A level's upgrade reward, as paid.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Upgrade {
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub level: i64,
    #[schema(value_type = String)]
    pub reward: Money,
    #[schema(value_type = i64)]
    pub reached_at: Timestamp,
}

/// The level one evaluation set and the upgrade rewards it paid.
#[derive(Debug)]
pub struct Evaluation {
    pub level: i64,
    pub upgrades: Vec<Upgrade>,
}

/// Sets the player's level from his totals and pays the upgrade reward of every level up to
/// it that he never reached before, each once (a bonus adding to his turnover). While a
/// time-out or self-exclusion runs (`protection`) the rewards wait: the first re-evaluation
/// after it pays them.
pub fn reevaluate(
    tx: &Tx,
    user_id: UserId,
    (growth, rewards): (&GrowthConfig, &RewardRules),
    now: Timestamp,
) -> Result<Evaluation, AppError> {
    let before = auth::vip_level(tx, user_id)?;
    let after = level_for(&growth.vip, &totals(tx, user_id)?);
    if after != before {
        auth::set_vip_level(tx, user_id, after)?;
    }
    let reached: Vec<i64> = {
        let mut query =
            tx.prepare_cached("SELECT level FROM vip_upgrades WHERE user_id = ?1 ORDER BY level")?;
        let rows = query.query_map([user_id], |row| row.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    let mut upgrades = Vec::new();
    let unreached = growth.vip.levels.iter().skip(1).take_while(|row| row.level <= after);
    let unreached: Vec<&VipLevel> =
        unreached.filter(|row| reached.binary_search(&row.level).is_err()).collect();
    for row in unreached {
        upgrades.extend(pay_upgrade(tx, user_id, row, rewards, now)?);
    }
    Ok(Evaluation { level: after, upgrades })
}

/// Pays and records `row`'s upgrade reward; None while the player's time-out or
/// self-exclusion runs (nothing recorded: a later evaluation pays it).
fn pay_upgrade(
    tx: &Tx,
    user_id: UserId,
    row: &VipLevel,
    rewards: &RewardRules,
    now: Timestamp,
) -> Result<Option<Upgrade>, AppError> {
    let owed = Reward::earned(
        user_id,
        Programme::VipUpgrade,
        row.upgrade_reward,
        format!("vip_upgrade:{user_id}:{}", row.level),
    )
    .memo(format!("VIP{} upgrade reward", row.level))
    .message(Event::VipUpgrade { level: row.level, reward: row.upgrade_reward });
    let payout = rewards::pay(tx, owed, rewards, now)?;
    if matches!(payout, Payout::Skipped) {
        return Ok(None);
    }
    let reward = payout.amount();
    tx.prepare_cached(
        "INSERT INTO vip_upgrades (user_id, level, reward, entry_id, reached_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![user_id, row.level, reward.minor(), payout.entry_id(), now])?;
    Ok(Some(Upgrade { user_id, level: row.level, reward, reached_at: now }))
}

/// What one batch of the VIP job did.
#[derive(Debug, Default)]
pub struct BettorsReport {
    /// Upgrade rewards paid.
    pub upgrades: u32,
    /// Whether the batch read entries (another may follow).
    pub advanced: bool,
}

/// Whether ledger entries were written after the VIP job's watermark.
pub fn bettors_pending(connection: &Connection) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM entries
                            WHERE entry_id > (SELECT last_entry_id FROM vip_watermark))",
        )?
        .query_row([], |row| row.get(0))?)
}

/// Re-evaluates the players with a bet among the next `ENTRIES_PER_TX` ledger entries after
/// the watermark, then moves the watermark past them, in this one transaction.
pub fn reevaluate_bettors(
    tx: &Tx,
    programmes: (&GrowthConfig, &RewardRules),
    now: Timestamp,
) -> Result<BettorsReport, AppError> {
    let watermark: i64 = tx
        .prepare_cached("SELECT last_entry_id FROM vip_watermark")?
        .query_row([], |row| row.get(0))?;
    let (players, last) =
        ledger::players_with_entries_after(tx, EntryKind::Bet, watermark, ENTRIES_PER_TX)?;
    let mut report = BettorsReport { advanced: last > watermark, ..BettorsReport::default() };
    for user_id in players {
        let evaluation = reevaluate(tx, user_id, programmes, now)?;
        report.upgrades += u32::try_from(evaluation.upgrades.len()).unwrap_or(u32::MAX);
    }
    tx.prepare_cached("UPDATE vip_watermark SET last_entry_id = ?1")?.execute([last])?;
    Ok(report)
}

/// One level's conditions and benefits, as the VIP page lists them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LevelBenefits {
    pub level: i64,
    #[schema(value_type = String)]
    pub total_deposit: Money,
    #[schema(value_type = String)]
    pub betting_points: Money,
    #[schema(value_type = String)]
    pub upgrade_reward: Money,
    #[schema(value_type = String)]
    pub withdraw_single_max: Money,
    pub withdraw_daily_count: i64,
    /// Basis points of each approved deposit (100 = 1 %).
    pub deposit_reward_bp: i64,
}

impl LevelBenefits {
    fn of(row: &VipLevel) -> LevelBenefits {
        LevelBenefits {
            level: row.level,
            total_deposit: row.total_deposit,
            betting_points: row.betting_points,
            upgrade_reward: row.upgrade_reward,
            withdraw_single_max: row.withdraw_single_max,
            withdraw_daily_count: row.withdraw_daily_count,
            deposit_reward_bp: row.deposit_reward_bp,
        }
    }
}

/// The table of every level.
pub fn levels(config: &VipConfig) -> Vec<LevelBenefits> {
    config.levels.iter().map(LevelBenefits::of).collect()
}

/// How far the next level is: what is still needed of each condition, never below zero.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Distance {
    pub level: i64,
    #[schema(value_type = String)]
    pub deposit_needed: Money,
    #[schema(value_type = String)]
    pub betting_needed: Money,
}

/// The VIP page (api/vip/index): the player's level and totals, the distance to the next level
/// (none at the top) and every level's benefits.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Overview {
    pub level: i64,
    #[serde(flatten)]
    pub totals: Totals,
    pub next: Option<Distance>,
    /// The levels whose upgrade reward the player has had (reached at least once).
    pub reached: Vec<i64>,
    pub levels: Vec<LevelBenefits>,
}

pub fn overview(
    connection: &Connection,
    user_id: UserId,
    config: &VipConfig,
) -> Result<Overview, AppError> {
    let level = auth::vip_level(connection, user_id)?;
    let totals = totals(connection, user_id)?;
    let next = config.levels.iter().find(|row| row.level == level + 1).map(|row| Distance {
        level: row.level,
        deposit_needed: row.total_deposit.checked_sub(totals.total_deposit).unwrap_or_default(),
        betting_needed: row.betting_points.checked_sub(totals.betting_points).unwrap_or_default(),
    });
    let reached = upgrades(connection, user_id)?.into_iter().map(|upgrade| upgrade.level).collect();
    Ok(Overview { level, totals, next, reached, levels: levels(config) })
}

/// The player's level and how close the next one is (the home page's VIP entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LevelProgress {
    pub level: i64,
    /// None at the top level.
    pub next_level: Option<i64>,
    /// The player has `near_percent` of each condition of the next level.
    pub upgrade_near: bool,
}

/// `user_id`'s level and whether he has at least `near_percent` % of both conditions of the
/// next level.
pub fn level_progress(
    connection: &Connection,
    user_id: UserId,
    config: &VipConfig,
    near_percent: i64,
) -> Result<LevelProgress, AppError> {
    let level = auth::vip_level(connection, user_id)?;
    let Some(next) = config.levels.iter().find(|row| row.level == level + 1) else {
        return Ok(LevelProgress { level, next_level: None, upgrade_near: false });
    };
    let totals = totals(connection, user_id)?;
    // Percentages compared crosswise in i128: no division, no overflow.
    let near = |have: Money, need: Money| {
        i128::from(have.minor()) * 100 >= i128::from(need.minor()) * i128::from(near_percent)
    };
    let upgrade_near = near(totals.total_deposit, next.total_deposit)
        && near(totals.betting_points, next.betting_points);
    Ok(LevelProgress { level, next_level: Some(next.level), upgrade_near })
}

/// The levels the player has reached, with the reward each paid, lowest first.
pub fn upgrades(connection: &Connection, user_id: UserId) -> Result<Vec<Upgrade>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, level, reward, reached_at FROM vip_upgrades
         WHERE user_id = ?1 ORDER BY level",
    )?;
    let rows = query.query_map([user_id], |row| {
        Ok(Upgrade {
            user_id: row.get(0)?,
            level: row.get(1)?,
            reward: row.get(2)?,
            reached_at: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(deposit: &str, betting: &str) -> Totals {
        Totals {
            total_deposit: Money::parse(deposit).unwrap(),
            betting_points: Money::parse(betting).unwrap(),
        }
    }

    #[test]
    fn a_level_needs_both_thresholds() {
        let config = VipConfig::default();
        assert_eq!(level_for(&config, &totals("0", "0")), 0);
        assert_eq!(level_for(&config, &totals("1000", "2999.99")), 0);
        assert_eq!(level_for(&config, &totals("999.99", "3000")), 0);
        assert_eq!(level_for(&config, &totals("1000", "3000")), 1);
        assert_eq!(level_for(&config, &totals("20000", "15000")), 2);
        assert_eq!(level_for(&config, &totals("99999999", "99999999")), 9);
    }
}
