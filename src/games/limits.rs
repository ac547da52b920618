//! Bet limits per room and option (GAMES.md "Periods"): the minimum bet, what one player may
//! stake on an option in one period, what all players together may stake on it, and the most
//! the option may pay out in one period. Stored as `rooms.limits_json`.

use crate::money::Money;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The limits of one option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionLimits {
    /// Smallest stake of one bet line.
    pub min_bet: Money,
    /// Most one player may stake on the option in one period.
    pub max_user: Money,
    /// Most all players together may stake on the option in one period.
    pub max_total: Money,
    /// Most the option's bets of one period may pay out (stake less fee x odds, summed).
    pub payout_cap: Money,
}

/// Per-option overrides of the room's defaults; absent fields keep the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsOverride {
    pub min_bet: Option<Money>,
    pub max_user: Option<Money>,
    pub max_total: Option<Money>,
    pub payout_cap: Option<Money>,
}

/// A room's limits: defaults for every option and overrides by option code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomLimits {
    #[serde(flatten)]
    pub defaults: OptionLimits,
    #[serde(default)]
    pub options: BTreeMap<String, LimitsOverride>,
}

impl RoomLimits {
    /// The limits of the option coded `code`.
    pub fn of(&self, code: &str) -> OptionLimits {
        let base = self.defaults;
        let Some(custom) = self.options.get(code) else { return base };
        OptionLimits {
            min_bet: custom.min_bet.unwrap_or(base.min_bet),
            max_user: custom.max_user.unwrap_or(base.max_user),
            max_total: custom.max_total.unwrap_or(base.max_total),
            payout_cap: custom.payout_cap.unwrap_or(base.payout_cap),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_only_the_fields_they_name() {
        let limits: RoomLimits = serde_json::from_str(
            r#"{"min_bet":"1.00","max_user":"500.00","max_total":"9000.00","payout_cap":"20000.00",
                "options":{"sum_3":{"max_user":"10.00"}}}"#,
        )
        .expect("limits");
        let sum_3 = limits.of("sum_3");
        assert_eq!(sum_3.max_user, Money::from_minor(1000));
        assert_eq!(sum_3.min_bet, Money::from_minor(100));
        assert_eq!(limits.of("big").max_user, Money::from_minor(50_000));
    }

    #[test]
    fn the_migration_default_parses() {
        let stored = r#"{"min_bet":"1.00","max_user":"50000.00","max_total":"1000000.00","payout_cap":"10000000.00","options":{}}"#;
        let limits: RoomLimits = serde_json::from_str(stored).expect("limits");
        assert_eq!(limits.defaults.payout_cap, Money::from_minor(1_000_000_000));
        assert!(serde_json::from_str::<RoomLimits>(r#"{"min_bet":"1.00"}"#).is_err());
    }
}
