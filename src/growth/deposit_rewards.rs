//! The deposit programmes, applied in the transaction that approves a deposit: the
//! first-deposit bonus (`[growth.first_deposit]`, once per player, on his first passed
//! deposit), the recharge cashback (`[growth.cashback]`, every passed deposit, capped per
//! deposit and per operator day) and the VIP deposit reward (the level's `deposit_reward_bp`);
//! `flows::deposits::review` approves the deposit, re-evaluates the VIP level around it and
//! calls `pay_programmes`. Each reward is a grant: one ledger entry of kind `bonus` from the
//! `bonus` account to the `bonus_pending` reserve, referenced `<programme>:<deposit id>`,
//! released to the wallet by play (`bonus_release`); `deposit_rewards` keeps each (deposit,
//! programme) once, with what it has released, and the first-deposit bonus once per player.
//!
//! The VIP deposit reward applies the level the player held just before the deposit counted
//! (brought up to date with his bets first): the deposit that lifts him to a level pays that
//! level's upgrade reward, and the level's rate applies from his next deposit on.

use crate::clock::Timestamp;
use crate::config::{DepositTier, GrowthConfig, tier_for};
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::bonus_release;
use crate::growth::rewards::{self, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::{Page, Paging};
use crate::wallet::deposits::{self, DepositRecord};
use crate::wallet::{self, WalletSettings};
use rusqlite::{Connection, params};
use serde::Serialize;

/// The programmes `deposit_rewards` records, by their stored code.
pub const DEPOSIT_PROGRAMMES: [Programme; 3] =
    [Programme::FirstDeposit, Programme::Cashback, Programme::VipDeposit];

/// One reward paid on a deposit (or, in the operator's list, a VIP upgrade reward:
/// programme `vip_upgrade`, no deposit).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PaidReward {
    pub programme: String,
    pub deposit_id: Option<i64>,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    #[schema(value_type = Option<String>)]
    pub deposit_amount: Option<Money>,
    /// Basis points of the deposit paid (0 for an upgrade reward).
    pub rate_bp: i64,
    #[schema(value_type = String)]
    pub amount: Money,
    /// What of it has reached the wallet: a deposit bonus is released by play, an upgrade
    /// reward is paid whole.
    #[schema(value_type = String)]
    pub released: Money,
    /// The VIP level whose rate or upgrade it pays, else null.
    pub vip_level: Option<i64>,
    #[schema(value_type = i64)]
    pub paid_at: Timestamp,
}

/// A deposit just approved, and the VIP level its player held before it counted (the level
/// whose deposit reward it gets).
pub struct Approved<'a> {
    pub deposit: &'a DepositRecord,
    pub level_before: i64,
}

/// Pays every deposit programme on an approved deposit: the first-deposit bonus on the
/// player's first passed deposit, the cashback within its daily cap, and the deposit reward
/// of the level held before. The approval itself and the VIP re-evaluations around it are the
/// use case's (`flows::deposits::review`), the one caller.
pub fn pay_programmes(
    tx: &Tx,
    approved: &Approved,
    settings: &WalletSettings,
    (growth, rules): (&GrowthConfig, &RewardRules),
    now: Timestamp,
) -> Result<Vec<PaidReward>, AppError> {
    let Approved { deposit, level_before } = *approved;
    let (user_id, amount) = (deposit.user_id, deposit.amount);
    let mut owed = Vec::with_capacity(3);
    if deposits::passed_count(tx, user_id)? == 1 {
        owed.extend(tiered(Programme::FirstDeposit, &growth.first_deposit.tiers, amount));
    }
    if let Some((programme, rate_bp, cashback)) =
        tiered(Programme::Cashback, &growth.cashback.tiers, amount)
    {
        let paid_today = paid_since(tx, user_id, Programme::Cashback, day_start(settings, now))?;
        let room = growth.cashback.daily_cap.checked_sub(paid_today).unwrap_or_default();
        owed.push((programme, rate_bp, cashback.min(room)));
    }
    let rate_bp = growth.vip.level(level_before).map_or(0, |row| row.deposit_reward_bp);
    owed.push((
        Programme::VipDeposit,
        rate_bp,
        amount.scale_down(rate_bp, 10_000).unwrap_or_default(),
    ));
    let mut rewards = Vec::with_capacity(owed.len());
    for (programme, rate_bp, reward) in owed.into_iter().filter(|owed| owed.2 > Money::ZERO) {
        let vip_level = (programme == Programme::VipDeposit).then_some(level_before);
        let paid = Payment { deposit, programme, rate_bp, amount: reward, vip_level };
        rewards.extend(pay(tx, &paid, rules, now)?);
    }
    Ok(rewards)
}

/// The programme, rate and amount a deposit of `amount` gets from `tiers` (rounded down, at
/// most the tier's cap); None below the lowest tier.
fn tiered(
    programme: Programme,
    tiers: &[DepositTier],
    amount: Money,
) -> Option<(Programme, i64, Money)> {
    let tier = tier_for(tiers, amount)?;
    let reward = amount.scale_down(tier.rate_bp, 10_000)?.min(tier.cap);
    Some((programme, tier.rate_bp, reward))
}

fn day_start(settings: &WalletSettings, now: Timestamp) -> Timestamp {
    wallet::day_start(settings.timezone, now)
}

struct Payment<'a> {
    deposit: &'a DepositRecord,
    programme: Programme,
    rate_bp: i64,
    amount: Money,
    vip_level: Option<i64>,
}

/// Pays and records one reward; None when the player's time-out or self-exclusion runs (the
/// deposit is credited, its bonuses are not) or the day's budget left nothing.
fn pay(
    tx: &Tx,
    payment: &Payment,
    rules: &RewardRules,
    now: Timestamp,
) -> Result<Option<PaidReward>, AppError> {
    let Payment { deposit, programme, rate_bp, amount: owed, vip_level } = *payment;
    let user_id = deposit.user_id;
    let reference = format!("{}:{}", programme.code(), deposit.id);
    let reward = Reward::earned(user_id, programme, owed, reference).pending();
    bonus_release::before_grant(tx, user_id)?;
    let payout = rewards::pay(tx, reward, rules, now)?;
    let Some(entry_id) = payout.entry_id() else {
        return Ok(None);
    };
    let amount = payout.amount();
    tx.prepare_cached(
        "INSERT INTO deposit_rewards (deposit_id, programme, user_id, deposit_amount, rate_bp,
                                      amount, vip_level, entry_id, paid_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        deposit.id,
        programme.code(),
        user_id,
        deposit.amount.minor(),
        rate_bp,
        amount.minor(),
        vip_level,
        entry_id,
        now
    ])?;
    Ok(Some(PaidReward {
        programme: programme.code().to_string(),
        deposit_id: Some(deposit.id),
        user_id,
        deposit_amount: Some(deposit.amount),
        rate_bp,
        amount,
        released: Money::ZERO,
        vip_level,
        paid_at: now,
    }))
}

/// What `programme` paid the player since `since`.
fn paid_since(
    connection: &Connection,
    user_id: UserId,
    programme: Programme,
    since: Timestamp,
) -> Result<Money, AppError> {
    let minor: i64 = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(amount), 0) FROM deposit_rewards
             WHERE user_id = ?1 AND programme = ?2 AND paid_at >= ?3",
        )?
        .query_row(params![user_id, programme.code(), since], |row| row.get(0))?;
    Money::from_minor(minor)
}

const REWARD_COLUMNS: &str =
    "programme, deposit_id, user_id, deposit_amount, rate_bp, amount, released, vip_level, paid_at";

fn reward(row: &rusqlite::Row) -> rusqlite::Result<PaidReward> {
    Ok(PaidReward {
        programme: row.get(0)?,
        deposit_id: row.get(1)?,
        user_id: row.get(2)?,
        deposit_amount: row.get(3)?,
        rate_bp: row.get(4)?,
        amount: row.get(5)?,
        released: row.get(6)?,
        vip_level: row.get(7)?,
        paid_at: row.get(8)?,
    })
}

/// The first-deposit page (api/bonus/first-deposit): the tiers, whether the player's next
/// approved deposit would still be his first, and the bonus he got, if any.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FirstDepositState {
    pub tiers: Vec<TierView>,
    /// True until one of his deposits is approved (and while the programme has tiers).
    pub eligible: bool,
    pub bonus: Option<PaidReward>,
}

/// A tier as the pages show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TierView {
    #[schema(value_type = String)]
    pub min_amount: Money,
    /// Basis points of the deposit (1000 = 10 %).
    pub rate_bp: i64,
    #[schema(value_type = String)]
    pub cap: Money,
}

fn tier_views(tiers: &[DepositTier]) -> Vec<TierView> {
    let view = |tier: &DepositTier| TierView {
        min_amount: tier.min_amount,
        rate_bp: tier.rate_bp,
        cap: tier.cap,
    };
    tiers.iter().map(view).collect()
}

pub fn first_deposit(
    connection: &Connection,
    user_id: UserId,
    growth: &GrowthConfig,
) -> Result<FirstDepositState, AppError> {
    let tiers = &growth.first_deposit.tiers;
    let eligible = !tiers.is_empty() && deposits::passed_count(connection, user_id)? == 0;
    let bonus = connection
        .prepare_cached(&format!(
            "SELECT {REWARD_COLUMNS} FROM deposit_rewards
             WHERE user_id = ?1 AND programme = 'first_deposit'"
        ))?
        .query_map([user_id], reward)?
        .next()
        .transpose()?;
    Ok(FirstDepositState { tiers: tier_views(tiers), eligible, bonus })
}

/// The cashback page's rules (api/bonus/cashback): the tiers, the daily cap and what the
/// player got today (operator day).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CashbackRules {
    pub tiers: Vec<TierView>,
    #[schema(value_type = String)]
    pub daily_cap: Money,
    #[schema(value_type = String)]
    pub paid_today: Money,
}

pub fn cashback_rules(
    connection: &Connection,
    user_id: UserId,
    settings: &WalletSettings,
    growth: &GrowthConfig,
    now: Timestamp,
) -> Result<CashbackRules, AppError> {
    let since = day_start(settings, now);
    Ok(CashbackRules {
        tiers: tier_views(&growth.cashback.tiers),
        daily_cap: growth.cashback.daily_cap,
        paid_today: paid_since(connection, user_id, Programme::Cashback, since)?,
    })
}

/// The player's cashback, newest first.
pub fn cashback_records(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
) -> Result<Page<PaidReward>, AppError> {
    let total: i64 = connection
        .prepare_cached(
            "SELECT COUNT(*) FROM deposit_rewards WHERE user_id = ?1 AND programme = 'cashback'",
        )?
        .query_row([user_id], |row| row.get(0))?;
    let mut query = connection.prepare_cached(&format!(
        "SELECT {REWARD_COLUMNS} FROM deposit_rewards
         WHERE user_id = ?1 AND programme = 'cashback'
         ORDER BY paid_at DESC, deposit_id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = query.query_map(params![user_id, paging.limit, paging.offset()], reward)?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

/// Which rewards the operator lists: of one player or all, paid in [from, to).
pub struct RewardFilter {
    pub user_id: Option<UserId>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
    /// At most this many, newest first.
    pub limit: i64,
}

/// The most rows `rewards` returns.
pub const REWARDS_LIST_MAX: i64 = 1_000;

/// What the deposit programmes and the VIP upgrades paid, newest first.
pub fn rewards(
    connection: &Connection,
    filter: &RewardFilter,
) -> Result<Vec<PaidReward>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT * FROM (
           SELECT {REWARD_COLUMNS} FROM deposit_rewards
           UNION ALL
           SELECT 'vip_upgrade', NULL, user_id, NULL, 0, reward, reward, level, reached_at
           FROM vip_upgrades WHERE reward > 0)
         WHERE (?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR paid_at >= ?2)
           AND (?3 IS NULL OR paid_at < ?3)
         ORDER BY paid_at DESC, deposit_id DESC LIMIT ?4"
    ))?;
    let limit = filter.limit.clamp(1, REWARDS_LIST_MAX);
    let rows = query.query_map(params![filter.user_id, filter.from, filter.to, limit], reward)?;
    Ok(rows.collect::<Result<_, _>>()?)
}
