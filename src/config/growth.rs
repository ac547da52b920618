//! `[growth]`: the tables and rates of the reward programmes. Every amount is in minor units
//! through `Money`, every rate in basis points; the defaults make a sensible programme out of
//! the box and config.example.toml documents each key.

use serde::{Deserialize, Serialize};

/// The reward programmes, one section each.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct GrowthConfig {
    pub vip: VipConfig,
    pub first_deposit: FirstDepositConfig,
    pub cashback: CashbackConfig,
    pub rebate: RebateConfig,
    pub salary: SalaryConfig,
    pub signin: SigninConfig,
    pub envelope: EnvelopeConfig,
}

impl GrowthConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
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
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SigninConfig {}

impl SigninConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
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
