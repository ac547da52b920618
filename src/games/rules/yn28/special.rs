//! yn28 special rules as data (GAMES.md: "a list of (option group, trigger sums or patterns,
//! action refund | reduced odds x, optional stake threshold)"). The default list is the
//! "13/14 rule": 13 and 14 are the likeliest sums (7.5 % each), so on them winning big, small,
//! odd and even pay 1.6, small_odd refunds on 13 and big_even refunds on 14.

use crate::error::AppError;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::Side;
use crate::games::rules::yn28::{Yn28Digits, Yn28Option};
use crate::money::Money;
use serde::{Deserialize, Serialize};

/// A shape of a, b, c that can trigger a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    Leopard,
    Pair,
    Straight,
}

impl Pattern {
    fn matches(self, digits: Yn28Digits) -> bool {
        match self {
            Pattern::Leopard => digits.is_leopard(),
            Pattern::Pair => digits.is_pair(),
            Pattern::Straight => digits.is_straight(),
        }
    }
}

/// What a rule does to a bet it applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleAction {
    /// The stake comes back, whether the bet would have won or lost.
    Refund,
    /// A winning bet pays these odds instead of its own; a losing bet still loses.
    ReducedOdds(Odds),
}

/// One special rule. It applies to a bet when the bet's option is in `options`, the draw's sum
/// is in `sums` or its a, b, c match one of `patterns`, and (when `stake_min` is set) the bet's
/// stake is at least `stake_min`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SpecialRuleFields", into = "SpecialRuleFields")]
pub struct SpecialRule {
    fields: SpecialRuleFields,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialRuleFields {
    /// Option codes, e.g. `["big", "small", "odd", "even"]`.
    #[serde(with = "option_codes")]
    pub options: Vec<Yn28Option>,
    #[serde(default)]
    pub sums: Vec<u8>,
    #[serde(default)]
    pub patterns: Vec<Pattern>,
    pub action: RuleAction,
    #[serde(default)]
    pub stake_min: Option<Money>,
}

impl SpecialRule {
    /// Refuses a rule that could never apply: no option, no trigger, or a sum above 27.
    pub fn new(fields: SpecialRuleFields) -> Result<SpecialRule, AppError> {
        let triggers = !fields.sums.is_empty() || !fields.patterns.is_empty();
        let sums_valid = fields.sums.iter().all(|sum| *sum <= 27);
        if fields.options.is_empty() || !triggers || !sums_valid {
            return Err(AppError::BadParams);
        }
        Ok(SpecialRule { fields })
    }

    pub fn fields(&self) -> &SpecialRuleFields {
        &self.fields
    }

    pub fn action(&self) -> RuleAction {
        self.fields.action
    }

    fn applies(&self, option: Yn28Option, digits: Yn28Digits, stake: Money) -> bool {
        let fields = &self.fields;
        let triggered = fields.sums.contains(&digits.sum())
            || fields.patterns.iter().any(|pattern| pattern.matches(digits));
        let stake_reached = fields.stake_min.is_none_or(|minimum| stake >= minimum);
        fields.options.contains(&option) && triggered && stake_reached
    }
}

impl TryFrom<SpecialRuleFields> for SpecialRule {
    type Error = &'static str;

    fn try_from(fields: SpecialRuleFields) -> Result<SpecialRule, &'static str> {
        SpecialRule::new(fields).map_err(|_| "a special rule needs options, a trigger, sums <= 27")
    }
}

impl From<SpecialRule> for SpecialRuleFields {
    fn from(rule: SpecialRule) -> SpecialRuleFields {
        rule.fields
    }
}

/// A room's yn28 rules: special rules, checked in order; the first that applies decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Yn28RulesFields", into = "Yn28RulesFields")]
pub struct Yn28Rules {
    special_rules: Vec<SpecialRule>,
}

#[derive(Serialize, Deserialize)]
struct Yn28RulesFields {
    special_rules: Vec<SpecialRule>,
}

impl Yn28Rules {
    /// A room needs a handful; more is a configuration mistake.
    pub const SPECIAL_RULES_MAX: usize = 16;

    pub fn new(special_rules: Vec<SpecialRule>) -> Result<Yn28Rules, AppError> {
        if special_rules.len() > Yn28Rules::SPECIAL_RULES_MAX {
            return Err(AppError::BadParams);
        }
        Ok(Yn28Rules { special_rules })
    }

    pub fn special_rules(&self) -> &[SpecialRule] {
        &self.special_rules
    }

    pub(crate) fn first_applying(
        &self,
        option: Yn28Option,
        digits: Yn28Digits,
        stake: Money,
    ) -> Option<&SpecialRule> {
        self.special_rules.iter().find(|rule| rule.applies(option, digits, stake))
    }
}

impl Default for Yn28Rules {
    /// The 13/14 rule.
    fn default() -> Yn28Rules {
        let rule = |options: Vec<Yn28Option>, sums: Vec<u8>, action| SpecialRule {
            fields: SpecialRuleFields {
                options,
                sums,
                patterns: Vec::new(),
                action,
                stake_min: None,
            },
        };
        let two_way = Side::ALL.map(Yn28Option::Side).into();
        let reduced = RuleAction::ReducedOdds(Odds::from_thousandths(1_600));
        Yn28Rules {
            special_rules: vec![
                rule(two_way, vec![13, 14], reduced),
                rule(vec![Yn28Option::SmallOdd], vec![13], RuleAction::Refund),
                rule(vec![Yn28Option::BigEven], vec![14], RuleAction::Refund),
            ],
        }
    }
}

impl TryFrom<Yn28RulesFields> for Yn28Rules {
    type Error = &'static str;

    fn try_from(fields: Yn28RulesFields) -> Result<Yn28Rules, &'static str> {
        Yn28Rules::new(fields.special_rules).map_err(|_| "at most 16 special rules")
    }
}

impl From<Yn28Rules> for Yn28RulesFields {
    fn from(rules: Yn28Rules) -> Yn28RulesFields {
        Yn28RulesFields { special_rules: rules.special_rules }
    }
}

/// Options travel as their codes.
mod option_codes {
    use crate::games::rules::yn28::Yn28Option;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        options: &[Yn28Option],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(options.iter().map(Yn28Option::code))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Yn28Option>, D::Error> {
        let codes = Vec::<String>::deserialize(deserializer)?;
        let parse = |code: &String| {
            Yn28Option::parse(code)
                .map_err(|_| serde::de::Error::custom(format!("{code:?} is not a yn28 option")))
        };
        codes.iter().map(parse).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::settle::Outcome;
    use crate::games::rules::yn28::settle;

    fn digits(digits: [u8; 3]) -> Yn28Digits {
        Yn28Digits::new(digits).expect("digits")
    }

    fn outcome(rules: &Yn28Rules, code: &str, abc: [u8; 3], stake_minor: i64) -> Outcome {
        let option = Yn28Option::parse(code).expect("option");
        settle(
            option,
            option.default_odds(),
            digits(abc),
            Money::from_minor(stake_minor).expect("in range"),
            rules,
        )
    }

    fn rules(json: &str) -> Yn28Rules {
        serde_json::from_str(json).expect("rules")
    }

    /// `{"special_rules":[<rules>]}`.
    fn listing(rules: &str) -> String {
        format!(r#"{{"special_rules":[{rules}]}}"#)
    }

    #[test]
    fn the_default_rules_are_the_13_14_rule_as_data() {
        let json = serde_json::to_string(&Yn28Rules::default()).expect("json");
        let expected = concat!(
            r#"{"special_rules":["#,
            r#"{"options":["big","small","odd","even"],"sums":[13,14],"patterns":[],"#,
            r#""action":{"reduced_odds":"1.6"},"stake_min":null},"#,
            r#"{"options":["small_odd"],"sums":[13],"patterns":[],"#,
            r#""action":"refund","stake_min":null},"#,
            r#"{"options":["big_even"],"sums":[14],"patterns":[],"#,
            r#""action":"refund","stake_min":null}"#,
            "]}"
        );
        assert_eq!(json, expected);
        assert_eq!(rules(&json), Yn28Rules::default());
    }

    #[test]
    fn with_no_special_rules_13_and_14_pay_the_placed_odds() {
        let none = Yn28Rules::new(Vec::new()).expect("rules");
        assert_eq!(
            outcome(&none, "small", [4, 4, 5], 100),
            Outcome::Win(Odds::from_thousandths(2_000))
        );
        assert_eq!(
            outcome(&none, "small_odd", [4, 4, 5], 100),
            Outcome::Win(Odds::from_thousandths(4_600))
        );
    }

    #[test]
    fn a_stake_threshold_limits_a_rule_to_large_bets() {
        let large_only = rules(&listing(concat!(
            r#"{"options":["big"],"sums":[14],"action":{"reduced_odds":"1.5"},"#,
            r#""stake_min":"100.00"}"#
        )));
        let reduced = Outcome::WinReduced(Odds::from_thousandths(1_500));
        assert_eq!(
            outcome(&large_only, "big", [4, 5, 5], 9_999),
            Outcome::Win(Odds::from_thousandths(2_000))
        );
        assert_eq!(outcome(&large_only, "big", [4, 5, 5], 10_000), reduced);
        assert_eq!(outcome(&large_only, "big", [4, 4, 5], 10_000), Outcome::Lose, "13 is small");
    }

    #[test]
    fn a_pattern_refund_returns_winning_and_losing_bets_alike() {
        let leopard_refunds = rules(&listing(
            r#"{"options":["big","small"],"patterns":["leopard"],"action":"refund"}"#,
        ));
        assert_eq!(outcome(&leopard_refunds, "big", [9, 9, 9], 100), Outcome::Refund);
        assert_eq!(outcome(&leopard_refunds, "small", [9, 9, 9], 100), Outcome::Refund);
        assert_eq!(
            outcome(&leopard_refunds, "odd", [9, 9, 9], 100),
            Outcome::Win(Odds::from_thousandths(2_000))
        );
        assert_eq!(
            outcome(&leopard_refunds, "big", [9, 9, 8], 100),
            Outcome::Win(Odds::from_thousandths(2_000))
        );
    }

    #[test]
    fn the_first_applying_rule_decides() {
        let ordered = rules(&listing(concat!(
            r#"{"options":["pair"],"patterns":["pair"],"action":{"reduced_odds":"2"}},"#,
            r#"{"options":["pair"],"sums":[13],"action":"refund"}"#
        )));
        assert_eq!(
            outcome(&ordered, "pair", [4, 4, 5], 100),
            Outcome::WinReduced(Odds::from_thousandths(2_000))
        );
        assert_eq!(outcome(&ordered, "pair", [3, 4, 6], 100), Outcome::Refund);
    }

    #[test]
    fn rules_that_could_never_apply_are_refused() {
        let cases = [
            (r#"{"options":[],"sums":[13],"action":"refund"}"#, "no option"),
            (r#"{"options":["big"],"action":"refund"}"#, "no trigger"),
            (r#"{"options":["big"],"sums":[28],"action":"refund"}"#, "sum 28"),
            (r#"{"options":["huge"],"sums":[1],"action":"refund"}"#, "unknown option"),
            (r#"{"options":["big"],"sums":[1],"action":{"reduced_odds":"0.5"}}"#, "odds below 1"),
            (r#"{"options":["big"],"sums":[1],"action":"halve"}"#, "unknown action"),
        ];
        for (rule, why) in cases {
            assert!(serde_json::from_str::<Yn28Rules>(&listing(rule)).is_err(), "{why}");
        }
        let rule = Yn28Rules::default().special_rules()[0].clone();
        assert!(Yn28Rules::new(vec![rule; Yn28Rules::SPECIAL_RULES_MAX + 1]).is_err());
    }
}
