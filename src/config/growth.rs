//! `[growth]`: the tables and rates of the reward programmes. Every amount is in minor units
//! through `Money`, every rate in basis points; the defaults make a sensible programme out of
//! the box and config.example.toml documents each key.

use crate::money::Money;
use anyhow::bail;
use serde::{Deserialize, Serialize};

/// The reward programmes, one section each.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct GrowthConfig {
    /// Every reward paid to the wallet (VIP upgrade, sign-in, task, envelope, rebate,
    /// commission, salary) adds this percentage of itself to the player's turnover
    /// requirement: 100 = bet it once before withdrawing. The deposit bonuses are released by
    /// play instead (`bonus_release_percent`).
    pub bonus_turnover_percent: i64,
    /// The deposit bonuses (first deposit, cashback, VIP deposit reward) wait in the
    /// `bonus_pending` reserve and are released to the wallet as the player's settled bets
    /// build up the house's expected win net of the programmes: 100 releases 1.00 of bonus per
    /// 1.00 of that expected win, 200 per 2.00. Below 100 a bonus would pay more than the play
    /// it asks for costs the player, so the lowest accepted is 100 (docs/programmes.md).
    pub bonus_release_percent: i64,
    pub vip: VipConfig,
    pub first_deposit: FirstDepositConfig,
    pub cashback: CashbackConfig,
    pub rebate: RebateConfig,
    pub salary: SalaryConfig,
    pub signin: SigninConfig,
    pub tasks: TasksConfig,
    pub envelope: EnvelopeConfig,
    pub budget: BudgetConfig,
}

/// The highest `growth.bonus_turnover_percent` accepted: bet a bonus 50 times over.
pub const BONUS_TURNOVER_PERCENT_MAX: i64 = 5_000;

/// The range of `growth.bonus_release_percent`: at least the expected win itself, at most 100
/// times it.
pub const BONUS_RELEASE_PERCENT: std::ops::RangeInclusive<i64> = 100..=10_000;

impl Default for GrowthConfig {
    fn default() -> Self {
        GrowthConfig {
            bonus_turnover_percent: 100,
            bonus_release_percent: 100,
            vip: VipConfig::default(),
            first_deposit: FirstDepositConfig::default(),
            cashback: CashbackConfig::default(),
            rebate: RebateConfig::default(),
            salary: SalaryConfig::default(),
            signin: SigninConfig::default(),
            tasks: TasksConfig::default(),
            envelope: EnvelopeConfig::default(),
            budget: BudgetConfig::default(),
        }
    }
}

impl GrowthConfig {
    /// The programmes this config has switched on that pay players on their own (codes of
    /// `ProgrammeCaps`); tasks and envelopes pay only what the operator creates.
    pub fn paying_programmes(&self) -> Vec<&'static str> {
        let levels = &self.vip.levels;
        let tiers_pay = |tiers: &[DepositTier]| tiers.iter().any(|tier| tier.rate_bp > 0);
        [
            ("first_deposit", tiers_pay(&self.first_deposit.tiers)),
            ("cashback", tiers_pay(&self.cashback.tiers)),
            ("vip_deposit", levels.iter().any(|level| level.deposit_reward_bp > 0)),
            ("vip_upgrade", levels.iter().any(|level| level.upgrade_reward > Money::ZERO)),
            ("signin", self.signin.enabled && self.signin.rewards.iter().any(|r| *r > Money::ZERO)),
            ("rebate", self.rebate.rate_bps > 0),
            ("commission", self.rebate.commission_bps.iter().any(|rate| *rate > 0)),
            ("salary", self.salary.tiers.iter().any(|tier| tier.amount > Money::ZERO)),
        ]
        .into_iter()
        .filter_map(|(code, pays)| pays.then_some(code))
        .collect()
    }

    pub fn validate(&self) -> anyhow::Result<()> {
        if !(0..=BONUS_TURNOVER_PERCENT_MAX).contains(&self.bonus_turnover_percent) {
            anyhow::bail!(
                "config key `growth.bonus_turnover_percent` must be in 0..={BONUS_TURNOVER_PERCENT_MAX}, found {}",
                self.bonus_turnover_percent
            );
        }
        if !BONUS_RELEASE_PERCENT.contains(&self.bonus_release_percent) {
            anyhow::bail!(
                "config key `growth.bonus_release_percent` must be in {}..={} (below 100 a deposit \
                 bonus would pay more than the play it asks for costs the player), found {}",
                BONUS_RELEASE_PERCENT.start(),
                BONUS_RELEASE_PERCENT.end(),
                self.bonus_release_percent
            );
        }
        self.vip.validate()?;
        self.first_deposit.validate()?;
        self.cashback.validate()?;
        self.rebate.validate()?;
        self.salary.validate()?;
        self.signin.validate()?;
        self.envelope.validate()?;
        self.budget.validate()
    }
}

/// `[growth.budget]`: the most the programmes pay in one operator day. A batch (rebates,
/// commissions, salary, deposit and VIP rewards) pays up to what is left and records the rest
/// as capped; a claim (sign-in, task) that does not fit is refused; an envelope that does not
/// fit is not created. Kept in `reward_spend` by `growth::rewards`, shown by `admin programme
/// cost` and the metrics.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct BudgetConfig {
    /// Per programme, all players together.
    pub daily: ProgrammeCaps,
    /// Per programme and player (for commissions and salary: per upline).
    pub per_player_daily: ProgrammeCaps,
}

/// One cap per programme; an absent key has none.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ProgrammeCaps {
    pub first_deposit: Option<Money>,
    pub cashback: Option<Money>,
    pub vip_deposit: Option<Money>,
    pub vip_upgrade: Option<Money>,
    pub signin: Option<Money>,
    pub task: Option<Money>,
    pub envelope: Option<Money>,
    pub rebate: Option<Money>,
    pub commission: Option<Money>,
    pub salary: Option<Money>,
}

impl ProgrammeCaps {
    /// Every cap with its programme's code.
    pub fn by_code(&self) -> [(&'static str, Option<Money>); 10] {
        [
            ("first_deposit", self.first_deposit),
            ("cashback", self.cashback),
            ("vip_deposit", self.vip_deposit),
            ("vip_upgrade", self.vip_upgrade),
            ("signin", self.signin),
            ("task", self.task),
            ("envelope", self.envelope),
            ("rebate", self.rebate),
            ("commission", self.commission),
            ("salary", self.salary),
        ]
    }
}

impl Default for BudgetConfig {
    /// The programmes paid on play, whose cost grows with the hall's volume: a day of them at
    /// most 50,000.00 each (salary 100,000.00, a week's pay in one day), one player's rebate
    /// or one upline's commissions at most 1,000.00 a day (the defaults' rates pay that on a
    /// net loss of 1,000,000.00 or a team's of 450,000.00).
    fn default() -> Self {
        BudgetConfig {
            daily: ProgrammeCaps {
                rebate: Some(amount("50000.00")),
                commission: Some(amount("50000.00")),
                salary: Some(amount("100000.00")),
                ..ProgrammeCaps::default()
            },
            per_player_daily: ProgrammeCaps {
                rebate: Some(amount("1000.00")),
                commission: Some(amount("1000.00")),
                ..ProgrammeCaps::default()
            },
        }
    }
}

impl BudgetConfig {
    fn validate(&self) -> anyhow::Result<()> {
        for (table, caps) in [("daily", &self.daily), ("per_player_daily", &self.per_player_daily)]
        {
            for (code, cap) in caps.by_code() {
                if cap == Some(Money::ZERO) {
                    bail!(
                        "config key `growth.budget.{table}.{code}` must be above 0 (leave it out for no cap; switch the programme off in its own section)"
                    );
                }
            }
        }
        Ok(())
    }
}

/// `[growth.vip]`: the VIP levels.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct VipConfig {
    /// The levels, `level` 0..n in order, thresholds non-decreasing. A player holds the
    /// highest level whose `total_deposit` and `betting_points` he has both reached.
    pub levels: Vec<VipLevel>,
}

/// One row of `[[growth.vip.levels]]`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VipLevel {
    /// The level's number: its position in the table (0 first).
    pub level: i64,
    /// Approved deposits needed, in total.
    pub total_deposit: Money,
    /// Betting points needed: the total of every stake placed.
    pub betting_points: Money,
    /// Paid once per player, the first time he reaches the level (never again after a fall).
    pub upgrade_reward: Money,
    /// The largest single withdrawal of a player at this level (`wallet.withdraw_max` applies
    /// too: the lower of the two bounds a withdrawal).
    pub withdraw_single_max: Money,
    /// Withdrawals a player at this level may request per operator day.
    pub withdraw_daily_count: i64,
    /// Paid on each approved deposit of a player at this level, in basis points of it.
    pub deposit_reward_bp: i64,
}

/// The most levels `growth.vip.levels` may have (a page shows them all).
pub const VIP_LEVELS_MAX: usize = 50;

impl Default for VipConfig {
    fn default() -> Self {
        // (total deposit, betting points, upgrade reward, single max, daily count, reward bp)
        let table: [(&str, &str, &str, &str, i64, i64); 10] = [
            ("0.00", "0.00", "0.00", "50000.00", 3, 0),
            ("1000.00", "3000.00", "8.00", "55000.00", 3, 50),
            ("5000.00", "15000.00", "28.00", "60000.00", 4, 80),
            ("20000.00", "60000.00", "88.00", "65000.00", 5, 100),
            ("50000.00", "150000.00", "188.00", "70000.00", 6, 120),
            ("100000.00", "300000.00", "388.00", "75000.00", 8, 150),
            ("300000.00", "900000.00", "888.00", "80000.00", 10, 180),
            ("600000.00", "1800000.00", "1888.00", "85000.00", 12, 200),
            ("1000000.00", "3000000.00", "3888.00", "90000.00", 15, 250),
            ("2000000.00", "6000000.00", "8888.00", "100000.00", 20, 300),
        ];
        let levels = (0..)
            .zip(table)
            .map(|(level, (deposit, betting, reward, single_max, count, bp))| VipLevel {
                level,
                total_deposit: amount(deposit),
                betting_points: amount(betting),
                upgrade_reward: amount(reward),
                withdraw_single_max: amount(single_max),
                withdraw_daily_count: count,
                deposit_reward_bp: bp,
            })
            .collect();
        VipConfig { levels }
    }
}

fn amount(text: &str) -> Money {
    Money::parse(text).unwrap_or(Money::ZERO)
}

impl VipConfig {
    fn validate(&self) -> anyhow::Result<()> {
        if self.levels.is_empty() || self.levels.len() > VIP_LEVELS_MAX {
            bail!("config key `growth.vip.levels` needs 1..={VIP_LEVELS_MAX} levels");
        }
        let mut previous: Option<&VipLevel> = None;
        for (position, level) in (0..).zip(&self.levels) {
            if level.level != position {
                bail!(
                    "config key `growth.vip.levels` must number its levels 0, 1, 2... in order: \
                     found level {} at position {position}",
                    level.level
                );
            }
            if level.withdraw_daily_count <= 0 {
                bail!(
                    "config key `growth.vip.levels.withdraw_daily_count` of level {position} must \
                     be greater than 0, found {}",
                    level.withdraw_daily_count
                );
            }
            if level.withdraw_single_max == Money::ZERO {
                bail!(
                    "config key `growth.vip.levels.withdraw_single_max` of level {position} must \
                     be above 0"
                );
            }
            if !(0..=10_000).contains(&level.deposit_reward_bp) {
                bail!(
                    "config key `growth.vip.levels.deposit_reward_bp` of level {position} must be \
                     in 0..=10000 (basis points), found {}",
                    level.deposit_reward_bp
                );
            }
            if let Some(previous) = previous.filter(|previous| {
                level.total_deposit < previous.total_deposit
                    || level.betting_points < previous.betting_points
            }) {
                bail!(
                    "config key `growth.vip.levels` must have non-decreasing thresholds: level \
                     {position} needs less `total_deposit` or `betting_points` than level {}",
                    previous.level
                );
            }
            previous = Some(level);
        }
        Ok(())
    }

    /// The row of `level`; a level above the table (the operator shortened it) reads as its
    /// top row until the player's next evaluation.
    pub fn level(&self, level: i64) -> Option<&VipLevel> {
        let position = usize::try_from(level).unwrap_or(0).min(self.levels.len().saturating_sub(1));
        self.levels.get(position)
    }
}

/// One tier of a deposit programme: a deposit of at least `min_amount` gets `rate_bp` basis
/// points of itself, at most `cap`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DepositTier {
    pub min_amount: Money,
    pub rate_bp: i64,
    pub cap: Money,
}

/// The tier a deposit of `amount` falls in: the one with the highest `min_amount` it reaches.
pub fn tier_for(tiers: &[DepositTier], amount: Money) -> Option<&DepositTier> {
    tiers.iter().rev().find(|tier| amount >= tier.min_amount)
}

/// The most tiers a deposit programme may have.
pub const DEPOSIT_TIERS_MAX: usize = 20;

fn validate_tiers(key: &str, tiers: &[DepositTier]) -> anyhow::Result<()> {
    if tiers.len() > DEPOSIT_TIERS_MAX {
        bail!("config key `{key}` may have at most {DEPOSIT_TIERS_MAX} tiers");
    }
    for (position, tier) in tiers.iter().enumerate() {
        if tier.min_amount == Money::ZERO || tier.cap == Money::ZERO {
            bail!("config key `{key}` tier {position}: `min_amount` and `cap` must be above 0");
        }
        if !(1..=10_000).contains(&tier.rate_bp) {
            bail!(
                "config key `{key}` tier {position}: `rate_bp` must be in 1..=10000 (basis \
                 points), found {}",
                tier.rate_bp
            );
        }
        if position > 0 && tiers[position - 1].min_amount >= tier.min_amount {
            bail!("config key `{key}` must list its tiers by rising `min_amount`");
        }
    }
    Ok(())
}

fn tier(min_amount: &str, rate_bp: i64, cap: &str) -> DepositTier {
    DepositTier { min_amount: amount(min_amount), rate_bp, cap: amount(cap) }
}

/// `[growth.first_deposit]`: the bonus on a player's first passed deposit.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct FirstDepositConfig {
    /// Tiers by rising `min_amount`; none turns the programme off. Only the player's first
    /// approved deposit counts: below the lowest tier it gets nothing, and no later one does.
    pub tiers: Vec<DepositTier>,
}

impl Default for FirstDepositConfig {
    fn default() -> Self {
        FirstDepositConfig {
            tiers: vec![
                tier("100.00", 1_000, "30.00"),
                tier("500.00", 1_500, "150.00"),
                tier("2000.00", 2_000, "800.00"),
                tier("10000.00", 2_500, "5000.00"),
            ],
        }
    }
}

impl FirstDepositConfig {
    fn validate(&self) -> anyhow::Result<()> {
        validate_tiers("growth.first_deposit.tiers", &self.tiers)
    }
}

/// `[growth.cashback]`: the recharge cashback on passed deposits.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CashbackConfig {
    /// Tiers by rising `min_amount`; none turns the programme off.
    pub tiers: Vec<DepositTier>,
    /// The most cashback one player gets per operator day, all deposits together.
    pub daily_cap: Money,
}

impl Default for CashbackConfig {
    fn default() -> Self {
        CashbackConfig {
            tiers: vec![
                tier("100.00", 100, "20.00"),
                tier("1000.00", 200, "100.00"),
                tier("10000.00", 300, "500.00"),
            ],
            daily_cap: amount("1000.00"),
        }
    }
}

impl CashbackConfig {
    fn validate(&self) -> anyhow::Result<()> {
        if self.daily_cap == Money::ZERO {
            bail!("config key `growth.cashback.daily_cap` must be above 0");
        }
        validate_tiers("growth.cashback.tiers", &self.tiers)
    }
}

/// `[growth.rebate]`: the bettor's rebate and the three upline levels' commissions, in basis
/// points of the bettor's net loss per settled period (his stakes less what they paid him, 0
/// when he came out ahead; refunded bets do not count), paid in batches. Together with the
/// salary they must cost less than the edge of every option of every open room
/// (`flows::programme_bounds`, docs/programmes.md).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RebateConfig {
    /// The bettor's own rebate: 10 = 0.10 % of his net loss back.
    pub rate_bps: i64,
    /// The commission of the bettor's inviter (level 1), his inviter (level 2) and the next
    /// (level 3).
    pub commission_bps: [i64; 3],
    /// Seconds between two batches: 3600 = hourly.
    pub batch_interval_secs: i64,
}

/// The highest rate a rebate or a commission may have: 10 % of the stake.
pub const REBATE_BPS_MAX: i64 = 1_000;
/// A batch at least every minute and at most every week.
pub const BATCH_INTERVAL_SECS_RANGE: std::ops::RangeInclusive<i64> = 60..=7 * 86_400;

impl Default for RebateConfig {
    fn default() -> Self {
        RebateConfig { rate_bps: 10, commission_bps: [15, 5, 2], batch_interval_secs: 3_600 }
    }
}

impl RebateConfig {
    fn validate(&self) -> anyhow::Result<()> {
        let rates = [
            ("growth.rebate.rate_bps", self.rate_bps),
            ("growth.rebate.commission_bps[0]", self.commission_bps[0]),
            ("growth.rebate.commission_bps[1]", self.commission_bps[1]),
            ("growth.rebate.commission_bps[2]", self.commission_bps[2]),
        ];
        for (key, rate) in rates {
            if !(0..=REBATE_BPS_MAX).contains(&rate) {
                anyhow::bail!("config key `{key}` must be in 0..={REBATE_BPS_MAX}, found {rate}");
            }
        }
        if !BATCH_INTERVAL_SECS_RANGE.contains(&self.batch_interval_secs) {
            anyhow::bail!(
                "config key `growth.rebate.batch_interval_secs` must be in {}..={}, found {}",
                BATCH_INTERVAL_SECS_RANGE.start(),
                BATCH_INTERVAL_SECS_RANGE.end(),
                self.batch_interval_secs
            );
        }
        Ok(())
    }
}

/// One row of the salary table: a partner whose team (levels 1-3) staked at least
/// `volume_min` in settled bets last week, with at least `active_min` members who bet, earns
/// `amount`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SalaryTier {
    pub volume_min: Money,
    pub active_min: i64,
    pub amount: Money,
}

/// `[growth.salary]`: the partners' weekly salary, paid every Monday 00:00 operator time for
/// the week just ended; a partner earns the highest tier he reaches.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SalaryConfig {
    /// The tiers, from the lowest; each needs more volume and members than the one before and
    /// pays more. An empty table turns the salary off.
    pub tiers: Vec<SalaryTier>,
}

/// The most tiers the salary table may have.
pub const SALARY_TIERS_MAX: usize = 20;

impl Default for SalaryConfig {
    fn default() -> Self {
        let tier = |volume: i64, active_min: i64, amount: i64| SalaryTier {
            volume_min: Money::from_minor(volume * 100).unwrap_or(Money::ZERO),
            active_min,
            amount: Money::from_minor(amount * 100).unwrap_or(Money::ZERO),
        };
        SalaryConfig {
            tiers: vec![
                tier(10_000, 3, 10),
                tier(50_000, 5, 50),
                tier(200_000, 10, 200),
                tier(1_000_000, 20, 1_000),
            ],
        }
    }
}

impl SalaryConfig {
    fn validate(&self) -> anyhow::Result<()> {
        if self.tiers.len() > SALARY_TIERS_MAX {
            anyhow::bail!(
                "config key `growth.salary.tiers` has at most {SALARY_TIERS_MAX} rows, found {}",
                self.tiers.len()
            );
        }
        for (index, tier) in self.tiers.iter().enumerate() {
            if tier.volume_min == Money::ZERO || tier.amount == Money::ZERO || tier.active_min < 1 {
                anyhow::bail!(
                    "config key `growth.salary.tiers[{index}]` needs a volume_min and an amount above 0 and an active_min of at least 1"
                );
            }
        }
        for (index, pair) in self.tiers.windows(2).enumerate() {
            let ascending = pair[0].volume_min < pair[1].volume_min
                && pair[0].active_min <= pair[1].active_min
                && pair[0].amount < pair[1].amount;
            if !ascending {
                anyhow::bail!(
                    "config key `growth.salary.tiers[{}]` must need more volume, no fewer members and pay more than the row before",
                    index + 1
                );
            }
        }
        Ok(())
    }
}

/// `[growth.signin]`: the daily sign-in and its streak rewards.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SigninConfig {
    /// Whether players may sign in for a reward at all (`fairhall init` writes it off).
    pub enabled: bool,
    /// The reward of day 1, 2, ... of a continuous streak of daily sign-ins.
    pub rewards: Vec<Money>,
    /// What a streak longer than `rewards` earns.
    pub after_last: SigninCycle,
    /// Sign-in needs a passed deposit first (`recharge_first` otherwise); on by default, so
    /// that accounts a script registers earn nothing by signing in alone.
    pub recharge_first: bool,
}

/// `[growth.tasks]`: the rules of every task the operator creates.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct TasksConfig {
    /// A task's reward needs a passed deposit first (`recharge_first` otherwise): without it
    /// a script's accounts earn rewards they never paid in for.
    pub recharge_first: bool,
}

impl Default for TasksConfig {
    fn default() -> Self {
        TasksConfig { recharge_first: true }
    }
}

/// What a sign-in past the end of the reward table pays.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SigninCycle {
    /// The last day's reward, for every further day of the streak.
    RepeatLast,
    /// The table again from day 1 (the streak itself goes on counting).
    Restart,
}

/// The most days `growth.signin.rewards` may list.
pub const SIGNIN_REWARDS_MAX: usize = 31;

impl Default for SigninConfig {
    fn default() -> Self {
        let amounts = ["1.00", "2.00", "3.00", "5.00", "8.00", "10.00", "15.00"];
        SigninConfig {
            enabled: true,
            rewards: amounts.iter().filter_map(|text| Money::parse(text).ok()).collect(),
            after_last: SigninCycle::RepeatLast,
            recharge_first: true,
        }
    }
}

impl SigninConfig {
    fn validate(&self) -> anyhow::Result<()> {
        if self.rewards.is_empty() || self.rewards.len() > SIGNIN_REWARDS_MAX {
            anyhow::bail!(
                "config key `growth.signin.rewards` must list 1 to {SIGNIN_REWARDS_MAX} amounts, found {}",
                self.rewards.len()
            );
        }
        if let Some(day) = self.rewards.iter().position(|reward| *reward == Money::ZERO) {
            anyhow::bail!(
                "config key `growth.signin.rewards` must hold amounts above 0.00; day {} is 0.00",
                day + 1
            );
        }
        Ok(())
    }

    /// The reward of day `streak` (1-based) of a streak.
    pub fn reward_for(&self, streak: i64) -> Money {
        let position = self.position_of(streak);
        self.rewards.get(position - 1).copied().unwrap_or(Money::ZERO)
    }

    /// The day of the table (1-based) that day `streak` of a streak pays.
    pub fn position_of(&self, streak: i64) -> usize {
        let length = self.rewards.len().max(1);
        let day = usize::try_from(streak.max(1)).unwrap_or(usize::MAX);
        match self.after_last {
            SigninCycle::RepeatLast => day.min(length),
            SigninCycle::Restart => (day - 1) % length + 1,
        }
    }
}

#[cfg(test)]
mod signin_tests {
    use super::*;

    fn table(amounts: &[&str], after_last: SigninCycle) -> SigninConfig {
        let rewards = amounts.iter().filter_map(|text| Money::parse(text).ok()).collect();
        SigninConfig { enabled: true, rewards, after_last, recharge_first: false }
    }

    #[test]
    fn past_the_last_day_the_reward_repeats_or_restarts() {
        let repeat = table(&["1", "2", "3"], SigninCycle::RepeatLast);
        let restart = table(&["1", "2", "3"], SigninCycle::Restart);
        let days =
            |config: &SigninConfig| (1..=7).map(|day| config.position_of(day)).collect::<Vec<_>>();
        assert_eq!(days(&repeat), vec![1, 2, 3, 3, 3, 3, 3]);
        assert_eq!(days(&restart), vec![1, 2, 3, 1, 2, 3, 1]);
        assert_eq!(restart.reward_for(5).to_string(), "2.00");
    }

    #[test]
    fn an_empty_long_or_zero_table_is_refused_with_its_key() {
        let long: Vec<&str> = vec!["1"; SIGNIN_REWARDS_MAX + 1];
        for bad in [
            table(&[], SigninCycle::RepeatLast),
            table(&long, SigninCycle::RepeatLast),
            table(&["1", "0"], SigninCycle::Restart),
        ] {
            let error = bad.validate().expect_err("refused").to_string();
            assert!(error.contains("growth.signin.rewards"), "{error}");
        }
        assert!(SigninConfig::default().validate().is_ok());
    }
}

/// `[growth.envelope]`: red envelopes, created by the operator (`fairhall admin envelope`)
/// and claimed by players with their code.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct EnvelopeConfig {
    /// How long an envelope stays claimable when its creation names no expiry.
    pub expiry_hours: i64,
    /// The most shares one envelope may have (each is a row, and a claimer's detail lists
    /// them all).
    pub quantity_max: i64,
    /// The passed deposits (their total) a player needs before claiming, for envelopes created
    /// without `--recharge-min`: "0.01" (the default) any passed deposit, "0.00" everyone.
    pub recharge_min: Money,
    /// Wrong codes (unknown or malformed) one player may enter within `code_failure_window_secs`
    /// before claims are refused with `throttled` until the window ends.
    pub code_failures_per_account: i64,
    /// The same per client address (several players behind one address share it).
    pub code_failures_per_address: i64,
    pub code_failure_window_secs: i64,
}

/// The longest `growth.envelope.expiry_hours`: 30 days.
pub const ENVELOPE_EXPIRY_HOURS_MAX: i64 = 720;
/// The highest `growth.envelope.quantity_max`.
pub const ENVELOPE_QUANTITY_MAX: i64 = 10_000;

impl Default for EnvelopeConfig {
    fn default() -> Self {
        EnvelopeConfig {
            expiry_hours: 24,
            quantity_max: 1_000,
            recharge_min: Money::from_minor(1).unwrap_or(Money::ZERO),
            code_failures_per_account: 5,
            code_failures_per_address: 20,
            code_failure_window_secs: 900,
        }
    }
}

impl EnvelopeConfig {
    fn validate(&self) -> anyhow::Result<()> {
        let ranges = [
            ("expiry_hours", self.expiry_hours, 1, ENVELOPE_EXPIRY_HOURS_MAX),
            ("quantity_max", self.quantity_max, 1, ENVELOPE_QUANTITY_MAX),
            ("code_failures_per_account", self.code_failures_per_account, 1, 1_000),
            ("code_failures_per_address", self.code_failures_per_address, 1, 100_000),
            ("code_failure_window_secs", self.code_failure_window_secs, 1, 86_400),
        ];
        for (key, value, low, high) in ranges {
            if !(low..=high).contains(&value) {
                anyhow::bail!(
                    "config key `growth.envelope.{key}` must be in {low}..={high}, found {value}"
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod team_tests {
    use crate::config::Config;

    #[test]
    fn a_bad_rebate_or_salary_value_names_the_key() {
        let tier = |volume: &str, active: i64, amount: &str| {
            format!(
                "[[growth.salary.tiers]]\nvolume_min = \"{volume}\"\nactive_min = {active}\namount = \"{amount}\"\n"
            )
        };
        let cases = [
            ("[growth.rebate]\nrate_bps = 1001\n".to_string(), "growth.rebate.rate_bps"),
            (
                "[growth.rebate]\ncommission_bps = [100, -1, 20]\n".to_string(),
                "growth.rebate.commission_bps[1]",
            ),
            (
                "[growth.rebate]\nbatch_interval_secs = 59\n".to_string(),
                "growth.rebate.batch_interval_secs",
            ),
            (tier("100.00", 0, "1.00"), "growth.salary.tiers[0]"),
            (tier("100.00", 1, "5.00") + &tier("100.00", 2, "6.00"), "growth.salary.tiers[1]"),
            (tier("100.00", 3, "5.00") + &tier("200.00", 2, "6.00"), "growth.salary.tiers[1]"),
            (tier("100.00", 1, "5.00") + &tier("200.00", 2, "5.00"), "growth.salary.tiers[1]"),
        ];
        for (text, key) in cases {
            let error = Config::parse(&text).unwrap_err().to_string();
            assert!(error.contains(key), "{text}: {error}");
        }
    }

    #[test]
    fn the_example_documents_the_default_rebate_and_salary() {
        let example = Config::parse(crate::config::EXAMPLE).unwrap();
        assert_eq!(example.growth.rebate, super::RebateConfig::default());
        assert_eq!(example.growth.salary, super::SalaryConfig::default());
        assert!(Config::parse("[growth.salary]\ntiers = []\n").is_ok(), "no salary");
    }
}

#[cfg(test)]
mod vip_tests {
    use crate::config::Config;

    /// The default level rows as TOML, with `change` applied to the text of level `level`.
    fn levels_with(level: usize, change: impl Fn(&str) -> String) -> String {
        let levels = toml::to_string(&Config::default().growth.vip).expect("levels as TOML");
        let mut rows: Vec<String> = levels
            .split("[[levels]]")
            .skip(1)
            .map(|row| format!("[[growth.vip.levels]]{row}"))
            .collect();
        rows[level] = change(&rows[level]);
        rows.concat()
    }

    #[test]
    fn the_vip_table_is_checked_and_the_errors_name_the_key() {
        for (text, expected) in [
            ("[growth.vip]\nlevels = []\n".to_string(), "growth.vip.levels"),
            (levels_with(2, |row| row.replace("level = 2", "level = 5")), "in order"),
            (
                levels_with(3, |row| {
                    row.replace("total_deposit = \"20000.00\"", "total_deposit = \"10.00\"")
                }),
                "non-decreasing",
            ),
            (
                levels_with(2, |row| {
                    row.replace("betting_points = \"15000.00\"", "betting_points = \"100.00\"")
                }),
                "non-decreasing",
            ),
            (
                levels_with(0, |row| {
                    row.replace("withdraw_daily_count = 3", "withdraw_daily_count = 0")
                }),
                "growth.vip.levels.withdraw_daily_count",
            ),
            (
                levels_with(0, |row| {
                    row.replace(
                        "withdraw_single_max = \"50000.00\"",
                        "withdraw_single_max = \"0.00\"",
                    )
                }),
                "growth.vip.levels.withdraw_single_max",
            ),
            (
                levels_with(4, |row| {
                    row.replace("deposit_reward_bp = 120", "deposit_reward_bp = 10001")
                }),
                "growth.vip.levels.deposit_reward_bp",
            ),
        ] {
            let error = format!("{:#}", Config::parse(&text).expect_err(expected));
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn the_deposit_tiers_are_checked_and_the_errors_name_the_key() {
        let tier = |min: &str, rate: i64, cap: &str| {
            format!("min_amount = \"{min}\"\nrate_bp = {rate}\ncap = \"{cap}\"\n")
        };
        for (text, expected) in [
            (
                format!("[[growth.first_deposit.tiers]]\n{}", tier("100.00", 0, "10.00")),
                "growth.first_deposit.tiers",
            ),
            (
                format!("[[growth.cashback.tiers]]\n{}", tier("0.00", 100, "10.00")),
                "growth.cashback.tiers",
            ),
            (
                format!("[[growth.cashback.tiers]]\n{}", tier("100.00", 100, "0.00")),
                "growth.cashback.tiers",
            ),
            (
                format!(
                    "[[growth.first_deposit.tiers]]\n{}[[growth.first_deposit.tiers]]\n{}",
                    tier("500.00", 100, "10.00"),
                    tier("100.00", 200, "10.00")
                ),
                "rising `min_amount`",
            ),
            ("[growth.cashback]\ndaily_cap = \"0.00\"\n".to_string(), "growth.cashback.daily_cap"),
            ("[wallet]\nwithdraw_daily_count = 3\n".to_string(), "withdraw_daily_count"),
        ] {
            let error = format!("{:#}", Config::parse(&text).expect_err(expected));
            assert!(error.contains(expected), "{text}: {error}");
        }
        let off = "[growth.first_deposit]\ntiers = []\n[growth.cashback]\ntiers = []\n";
        let config = Config::parse(off).expect("empty tiers turn the programmes off");
        assert!(
            config.growth.first_deposit.tiers.is_empty() && config.growth.cashback.tiers.is_empty()
        );
    }
}

#[cfg(test)]
mod envelope_tests {
    use super::*;

    #[test]
    fn the_default_envelope_programme_is_valid() {
        assert!(GrowthConfig::default().validate().is_ok());
    }

    #[test]
    fn envelope_keys_out_of_range_are_refused_naming_the_key() {
        type Change = fn(&mut EnvelopeConfig);
        let cases: [(Change, &str); 4] = [
            (|config| config.expiry_hours = 0, "growth.envelope.expiry_hours"),
            (|config| config.quantity_max = 10_001, "growth.envelope.quantity_max"),
            (
                |config| config.code_failures_per_account = 0,
                "growth.envelope.code_failures_per_account",
            ),
            (
                |config| config.code_failure_window_secs = -1,
                "growth.envelope.code_failure_window_secs",
            ),
        ];
        for (change, key) in cases {
            let mut growth = GrowthConfig::default();
            change(&mut growth.envelope);
            let message = growth.validate().map_err(|error| error.to_string()).unwrap_err();
            assert!(message.contains(key), "{message}");
        }
    }
}
