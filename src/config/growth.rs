//! `[growth]`: the tables and rates of the reward programmes. Every amount is in minor units
//! through `Money`, every rate in basis points; the defaults make a sensible programme out of
//! the box and config.example.toml documents each key.

use crate::money::Money;
use serde::{Deserialize, Serialize};

/// The reward programmes, one section each.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct GrowthConfig {
    /// Every bonus (first deposit, cashback, VIP upgrade and deposit reward, sign-in, task,
    /// envelope, rebate, commission, salary) adds this percentage of itself to the player's
    /// turnover requirement: 100 = bet it once before withdrawing.
    pub bonus_turnover_percent: i64,
    pub vip: VipConfig,
    pub first_deposit: FirstDepositConfig,
    pub cashback: CashbackConfig,
    pub rebate: RebateConfig,
    pub salary: SalaryConfig,
    pub signin: SigninConfig,
    pub envelope: EnvelopeConfig,
}

/// The highest `growth.bonus_turnover_percent` accepted: bet a bonus 50 times over.
pub const BONUS_TURNOVER_PERCENT_MAX: i64 = 5_000;

impl Default for GrowthConfig {
    fn default() -> Self {
        GrowthConfig {
            bonus_turnover_percent: 100,
            vip: VipConfig::default(),
            first_deposit: FirstDepositConfig::default(),
            cashback: CashbackConfig::default(),
            rebate: RebateConfig::default(),
            salary: SalaryConfig::default(),
            signin: SigninConfig::default(),
            envelope: EnvelopeConfig::default(),
        }
    }
}

impl GrowthConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if !(0..=BONUS_TURNOVER_PERCENT_MAX).contains(&self.bonus_turnover_percent) {
            anyhow::bail!(
                "config key `growth.bonus_turnover_percent` must be in 0..={BONUS_TURNOVER_PERCENT_MAX}, found {}",
                self.bonus_turnover_percent
            );
        }
        self.vip.validate()?;
        self.first_deposit.validate()?;
        self.cashback.validate()?;
        self.rebate.validate()?;
        self.salary.validate()?;
        self.signin.validate()?;
        self.envelope.validate()
    }
}

/// `[growth.vip]`: the VIP levels.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct VipConfig {}

impl VipConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
    }
}

/// `[growth.first_deposit]`: the bonus on a player's first passed deposit.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct FirstDepositConfig {}

impl FirstDepositConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
    }
}

/// `[growth.cashback]`: the recharge cashback on passed deposits.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CashbackConfig {}

impl CashbackConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
    }
}

/// `[growth.rebate]`: the bettor's rebate and the three upline levels' commissions, in basis
/// points of each settled bet's stake (refunded bets do not count), paid in batches.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RebateConfig {
    /// The bettor's own rebate: 50 = 0.50 % of the stake back.
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
        RebateConfig { rate_bps: 50, commission_bps: [100, 50, 20], batch_interval_secs: 3_600 }
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
                tier(10_000, 3, 100),
                tier(50_000, 5, 600),
                tier(200_000, 10, 2_500),
                tier(1_000_000, 20, 12_000),
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
    /// The reward of day 1, 2, ... of a continuous streak of daily sign-ins.
    pub rewards: Vec<Money>,
    /// What a streak longer than `rewards` earns.
    pub after_last: SigninCycle,
    /// Sign-in needs a passed deposit first (`recharge_first` otherwise).
    pub recharge_first: bool,
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
            rewards: amounts.iter().filter_map(|text| Money::parse(text).ok()).collect(),
            after_last: SigninCycle::RepeatLast,
            recharge_first: false,
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
        SigninConfig { rewards, after_last, recharge_first: false }
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

/// `[growth.envelope]`: red envelopes.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct EnvelopeConfig {}

impl EnvelopeConfig {
    fn validate(&self) -> anyhow::Result<()> {
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
