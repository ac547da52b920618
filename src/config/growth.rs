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

/// `[growth.rebate]`: the bettor's rebate and the three upline levels' commissions.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RebateConfig {}

impl RebateConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
    }
}

/// `[growth.salary]`: the partners' weekly salary.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SalaryConfig {}

impl SalaryConfig {
    fn validate(&self) -> anyhow::Result<()> {
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
