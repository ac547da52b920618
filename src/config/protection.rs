//! `[protection]`: the player-protection rules the operator sets (`protection`,
//! docs/player-protection.md).

use anyhow::bail;
use serde::{Deserialize, Serialize};

/// The longest reality-check interval a choice may name (a day, in minutes).
pub const REALITY_CHECK_MINS_MAX: u32 = 1_440;

/// Choices of reality-check interval at most (a short list a dialog shows).
pub const REALITY_CHECK_CHOICES_MAX: usize = 12;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ProtectionConfig {
    /// The age a player confirms at registration (and must have when a birth date is asked).
    pub legal_age: u32,
    /// Registration asks for a date of birth and refuses a player under `legal_age`.
    pub require_birth_date: bool,
    /// How long an increase or removal of a deposit or loss limit waits before it applies.
    pub limit_increase_delay_secs: i64,
    /// The reality-check intervals a player may choose, in minutes; 0 is "off" (the default).
    pub reality_check_choices_mins: Vec<u32>,
}

impl Default for ProtectionConfig {
    fn default() -> Self {
        ProtectionConfig {
            legal_age: 18,
            require_birth_date: false,
            limit_increase_delay_secs: 86_400,
            reality_check_choices_mins: vec![0, 15, 30, 60, 120],
        }
    }
}

impl ProtectionConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if !(1..=120).contains(&self.legal_age) {
            bail!("config key `protection.legal_age` must be in 1..=120, found {}", self.legal_age);
        }
        let delay = self.limit_increase_delay_secs;
        if !(0..=31_536_000).contains(&delay) {
            bail!(
                "config key `protection.limit_increase_delay_secs` must be in 0..=31536000, \
                 found {delay}"
            );
        }
        let choices = &self.reality_check_choices_mins;
        if !choices.contains(&0) {
            bail!("config key `protection.reality_check_choices_mins` must contain 0 (off)");
        }
        if choices.len() > REALITY_CHECK_CHOICES_MAX {
            bail!(
                "config key `protection.reality_check_choices_mins` holds at most \
                 {REALITY_CHECK_CHOICES_MAX} choices, found {}",
                choices.len()
            );
        }
        let ascending = choices.windows(2).all(|pair| pair[0] < pair[1]);
        if !ascending || choices.iter().any(|&mins| mins > REALITY_CHECK_MINS_MAX) {
            bail!(
                "config key `protection.reality_check_choices_mins` must be ascending, distinct \
                 and at most {REALITY_CHECK_MINS_MAX}"
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_valid_and_each_bad_key_is_named() {
        assert!(ProtectionConfig::default().validate().is_ok());
        type Case = (&'static str, fn(&mut ProtectionConfig));
        let cases: [Case; 5] = [
            ("protection.legal_age", |config| config.legal_age = 0),
            ("protection.limit_increase_delay_secs", |config| {
                config.limit_increase_delay_secs = -1;
            }),
            ("protection.reality_check_choices_mins", |config| {
                config.reality_check_choices_mins = vec![15, 30];
            }),
            ("protection.reality_check_choices_mins", |config| {
                config.reality_check_choices_mins = vec![0, 30, 15];
            }),
            ("protection.reality_check_choices_mins", |config| {
                config.reality_check_choices_mins = vec![0, 2_000];
            }),
        ];
        for (key, change) in cases {
            let mut config = ProtectionConfig::default();
            change(&mut config);
            let error = config.validate().expect_err(key).to_string();
            assert!(error.contains(key), "{error}");
        }
    }
}
