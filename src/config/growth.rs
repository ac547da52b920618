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
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SigninConfig {}

impl SigninConfig {
    fn validate(&self) -> anyhow::Result<()> {
        Ok(())
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
    /// without `--recharge-min`: "0.00" lets everyone claim.
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
            recharge_min: Money::ZERO,
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
mod tests {
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
