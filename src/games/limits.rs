//! Bet limits per room and option (GAMES.md "Periods"): the minimum bet, what one player may
//! stake on an option in one period, what all players together may stake on it, and the most
//! the option may pay out in one period. Stored as `rooms.limits_json` (defaults by migrations
//! V4 and, for the yn28 tier rooms, V8); `set_room_limits` is `fairhall admin room limits`.
//! Bets read the stored text per bet (`betting::quote`), so a change applies to the next.

use crate::db::Tx;
use crate::error::AppError;
use crate::games::rooms;
use crate::games::rules::options::BetOption;
use crate::games::rules::room::{Game, Room};
use crate::money::Money;
use anyhow::Context;
use rusqlite::Connection;
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_bet: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_user: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_total: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payout_cap: Option<Money>,
}

impl LimitsOverride {
    /// `base` with the fields this names replaced.
    pub fn over(self, base: OptionLimits) -> OptionLimits {
        OptionLimits {
            min_bet: self.min_bet.unwrap_or(base.min_bet),
            max_user: self.max_user.unwrap_or(base.max_user),
            max_total: self.max_total.unwrap_or(base.max_total),
            payout_cap: self.payout_cap.unwrap_or(base.payout_cap),
        }
    }

    /// This override with the fields `newer` names replaced.
    fn merged(self, newer: LimitsOverride) -> LimitsOverride {
        LimitsOverride {
            min_bet: newer.min_bet.or(self.min_bet),
            max_user: newer.max_user.or(self.max_user),
            max_total: newer.max_total.or(self.max_total),
            payout_cap: newer.payout_cap.or(self.payout_cap),
        }
    }
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
        match self.options.get(code) {
            Some(custom) => custom.over(self.defaults),
            None => self.defaults,
        }
    }

    /// The defaults (option `None`), then the limits in force for each overridden option: what
    /// every option of the room's game bets under.
    pub fn effective(&self) -> Vec<(Option<String>, OptionLimits)> {
        let overridden = self.options.keys().map(|code| (Some(code.clone()), self.of(code)));
        std::iter::once((None, self.defaults)).chain(overridden).collect()
    }

    /// These limits after `change`, refused unless every option keeps
    /// `min_bet <= max_user <= max_total`.
    pub fn changed(&self, change: &LimitsChange) -> Result<RoomLimits, LimitsRefusal> {
        let mut limits = self.clone();
        match change {
            LimitsChange::Defaults(values) => limits.defaults = values.over(limits.defaults),
            LimitsChange::Option { option, values } => {
                let custom = limits.options.entry(option.code()).or_default();
                *custom = custom.merged(*values);
            }
            LimitsChange::Clear { option } => {
                limits.options.remove(&option.code());
            }
        }
        let disordered = limits.effective().into_iter().find(|(_, option)| {
            option.min_bet > option.max_user || option.max_user > option.max_total
        });
        match disordered {
            Some((option, limits)) => Err(LimitsRefusal::OutOfOrder { option, limits }),
            None => Ok(limits),
        }
    }
}

/// The four limits by name: the JSON field, and the CLI flag with `-` for `_`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitField {
    MinBet,
    MaxUser,
    MaxTotal,
    PayoutCap,
}

impl LimitField {
    pub fn code(self) -> &'static str {
        match self {
            LimitField::MinBet => "min_bet",
            LimitField::MaxUser => "max_user",
            LimitField::MaxTotal => "max_total",
            LimitField::PayoutCap => "payout_cap",
        }
    }
}

/// `admin room limits` as typed: an option code and amounts as text, each optional.
#[derive(Clone, Debug, Default)]
pub struct LimitsForm {
    pub option: Option<String>,
    pub min_bet: Option<String>,
    pub max_user: Option<String>,
    pub max_total: Option<String>,
    pub payout_cap: Option<String>,
    /// Remove the option's override.
    pub clear: bool,
}

/// A checked `LimitsForm`: an option of the room's game, amounts positive, something to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitsChange {
    /// New values for the named defaults of the room.
    Defaults(LimitsOverride),
    /// New values for the named limits of one option, merged into its override.
    Option { option: BetOption, values: LimitsOverride },
    /// Removes one option's override: it bets under the defaults again.
    Clear { option: BetOption },
}

/// Why a limits change is refused; nothing was changed. (The CLI words these with its flags.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitsRefusal {
    /// No amount and no `clear`.
    NothingToChange,
    ClearWithoutOption,
    ClearWithAmounts,
    /// Not an option code of `game` (GAMES.md "Codes").
    UnknownOption {
        game: Game,
        option: String,
    },
    /// Not an amount with at most 2 decimals (negative, malformed or too large).
    NotAnAmount {
        field: LimitField,
        text: String,
    },
    /// Zero: every limit is positive.
    NotPositive {
        field: LimitField,
    },
    /// After the change, `option` (`None`: the room's defaults) would have these limits, out of
    /// the order `min_bet <= max_user <= max_total`.
    OutOfOrder {
        option: Option<String>,
        limits: OptionLimits,
    },
}

impl LimitsChange {
    pub fn parse(game: Game, form: LimitsForm) -> Result<LimitsChange, LimitsRefusal> {
        let option = match form.option.as_deref().map(str::trim) {
            None => None,
            Some(code) => Some(
                BetOption::parse(game, code)
                    .map_err(|_| LimitsRefusal::UnknownOption { game, option: code.to_string() })?,
            ),
        };
        let values = LimitsOverride {
            min_bet: limit(LimitField::MinBet, form.min_bet)?,
            max_user: limit(LimitField::MaxUser, form.max_user)?,
            max_total: limit(LimitField::MaxTotal, form.max_total)?,
            payout_cap: limit(LimitField::PayoutCap, form.payout_cap)?,
        };
        let has_values = values != LimitsOverride::default();
        match (option, form.clear, has_values) {
            (None, true, _) => Err(LimitsRefusal::ClearWithoutOption),
            (Some(_), true, true) => Err(LimitsRefusal::ClearWithAmounts),
            (Some(option), true, false) => Ok(LimitsChange::Clear { option }),
            (_, false, false) => Err(LimitsRefusal::NothingToChange),
            (None, false, true) => Ok(LimitsChange::Defaults(values)),
            (Some(option), false, true) => Ok(LimitsChange::Option { option, values }),
        }
    }

    /// The option this changes, if not the defaults.
    pub fn option(self) -> Option<BetOption> {
        match self {
            LimitsChange::Defaults(_) => None,
            LimitsChange::Option { option, .. } | LimitsChange::Clear { option } => Some(option),
        }
    }
}

/// One amount of a `LimitsForm`: absent, or a positive `Money`.
fn limit(field: LimitField, text: Option<String>) -> Result<Option<Money>, LimitsRefusal> {
    let Some(text) = text else { return Ok(None) };
    let amount = Money::parse(text.trim())
        .map_err(|_| LimitsRefusal::NotAnAmount { field, text: text.clone() })?;
    if amount == Money::ZERO {
        return Err(LimitsRefusal::NotPositive { field });
    }
    Ok(Some(amount))
}

/// The stored limits of `room`.
pub fn room_limits(connection: &Connection, room: Room) -> Result<RoomLimits, AppError> {
    let text = rooms::limits_text(connection, room)?;
    Ok(serde_json::from_str(&text).context("while decoding a room's limits")?)
}

/// `admin room limits`: applies `change` to the limits of `room` and returns them; the next
/// bet reads them. Nothing changes on a refusal.
pub fn set_room_limits(
    tx: &Tx,
    room: Room,
    change: LimitsChange,
) -> Result<Result<RoomLimits, LimitsRefusal>, AppError> {
    let game = room.game();
    if let Some(option) = change.option().filter(|option| option.game() != game) {
        return Ok(Err(LimitsRefusal::UnknownOption { game, option: option.code() }));
    }
    let limits = match room_limits(tx, room)?.changed(&change) {
        Ok(limits) => limits,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let text = serde_json::to_string(&limits).context("while encoding a room's limits")?;
    rooms::set_limits_text(tx, room, &text)?;
    Ok(Ok(limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(text: &str) -> RoomLimits {
        serde_json::from_str(text).expect("limits")
    }

    /// The V8 default of the yn28 VIP rooms.
    fn vip() -> RoomLimits {
        stored(
            r#"{"min_bet":"10.00","max_user":"20000.00","max_total":"400000.00",
                "payout_cap":"2000000.00","options":{}}"#,
        )
    }

    fn form(option: Option<&str>, amounts: [Option<&str>; 4], clear: bool) -> LimitsForm {
        let [min_bet, max_user, max_total, payout_cap] = amounts.map(|text| text.map(String::from));
        LimitsForm {
            option: option.map(String::from),
            min_bet,
            max_user,
            max_total,
            payout_cap,
            clear,
        }
    }

    fn option(code: &str) -> BetOption {
        BetOption::parse(Game::Yn28, code).expect("an option")
    }

    fn money(text: &str) -> Money {
        Money::parse(text).expect("an amount")
    }

    #[test]
    fn overrides_replace_only_the_fields_they_name() {
        let limits = stored(
            r#"{"min_bet":"1.00","max_user":"500.00","max_total":"9000.00","payout_cap":"20000.00",
                "options":{"sum_3":{"max_user":"10.00"}}}"#,
        );
        let sum_3 = limits.of("sum_3");
        assert_eq!(sum_3.max_user, Money::from_minor(1000).expect("in range"));
        assert_eq!(sum_3.min_bet, Money::from_minor(100).expect("in range"));
        assert_eq!(limits.of("big").max_user, Money::from_minor(50_000).expect("in range"));
    }

    #[test]
    fn the_migration_default_parses() {
        let limits = stored(
            r#"{"min_bet":"1.00","max_user":"50000.00","max_total":"1000000.00",
                "payout_cap":"10000000.00","options":{}}"#,
        );
        assert_eq!(limits.defaults.payout_cap, Money::from_minor(1_000_000_000).expect("in range"));
        assert_eq!(vip().defaults.min_bet, money("10"));
        assert!(serde_json::from_str::<RoomLimits>(r#"{"min_bet":"1.00"}"#).is_err());
    }

    #[test]
    fn a_form_parses_into_the_change_it_names() {
        let some =
            |min_bet: &str| LimitsOverride { min_bet: Some(money(min_bet)), ..Default::default() };
        let cases = [
            (form(None, [Some("20"), None, None, None], false), LimitsChange::Defaults(some("20"))),
            (
                form(Some(" big "), [Some("0.5"), None, None, None], false),
                LimitsChange::Option { option: option("big"), values: some("0.50") },
            ),
            (
                form(Some("sum_13"), [None; 4], true),
                LimitsChange::Clear { option: option("sum_13") },
            ),
        ];
        for (form, expected) in cases {
            assert_eq!(LimitsChange::parse(Game::Yn28, form.clone()), Ok(expected), "{form:?}");
        }
    }

    #[test]
    fn invalid_forms_are_refused_with_their_reason() {
        use LimitsRefusal::*;
        let unknown = |code: &str| UnknownOption { game: Game::Yn28, option: code.into() };
        let cases = [
            (form(None, [None; 4], false), NothingToChange, "nothing named"),
            (form(Some("big"), [None; 4], false), NothingToChange, "an option alone"),
            (form(None, [None; 4], true), ClearWithoutOption, "clear without an option"),
            (form(Some("big"), [Some("5"), None, None, None], true), ClearWithAmounts, "both"),
            (form(Some("p1_big"), [Some("5"), None, None, None], false), unknown("p1_big"), "pk10"),
            (form(Some("BIG"), [Some("5"), None, None, None], false), unknown("BIG"), "case"),
            (
                form(None, [Some("-1"), None, None, None], false),
                NotAnAmount { field: LimitField::MinBet, text: "-1".into() },
                "negative",
            ),
            (
                form(None, [None, Some("1.005"), None, None], false),
                NotAnAmount { field: LimitField::MaxUser, text: "1.005".into() },
                "three decimals",
            ),
            (
                form(None, [None, None, Some("1e6"), None], false),
                NotAnAmount { field: LimitField::MaxTotal, text: "1e6".into() },
                "an exponent",
            ),
            (
                form(None, [None, None, None, Some("0.00")], false),
                NotPositive { field: LimitField::PayoutCap },
                "zero",
            ),
        ];
        for (form, refusal, description) in cases {
            assert_eq!(LimitsChange::parse(Game::Yn28, form), Err(refusal), "{description}");
        }
    }

    #[test]
    fn a_change_keeps_min_bet_below_max_user_below_max_total_for_every_option() {
        let change = |option: Option<&str>, amounts| {
            LimitsChange::parse(Game::Yn28, form(option, amounts, false)).expect("a change")
        };
        let limits = vip()
            .changed(&change(Some("big"), [None, Some("100"), None, None]))
            .expect("an override under the defaults");
        assert_eq!(limits.of("big").max_user, money("100"));
        assert_eq!(limits.of("small").max_user, money("20000"));
        let merged = limits.changed(&change(Some("big"), [Some("20"), None, None, None]));
        let merged = merged.expect("a second field joins the override");
        assert_eq!(
            (merged.of("big").min_bet, merged.of("big").max_user),
            (money("20"), money("100"))
        );

        let refusals = [
            (change(None, [Some("20001"), None, None, None]), None, "defaults: min above max"),
            (
                change(None, [None, Some("400000.01"), None, None]),
                None,
                "defaults: max above total",
            ),
            (change(None, [Some("101"), None, None, None]), Some("big"), "breaks big's override"),
            (change(Some("big"), [None, None, Some("99"), None]), Some("big"), "override itself"),
        ];
        for (change, named, description) in refusals {
            let refusal = limits.changed(&change).expect_err(description);
            let LimitsRefusal::OutOfOrder { option, .. } = refusal else { panic!("{description}") };
            assert_eq!(option.as_deref(), named, "{description}");
        }
        let cleared = limits.changed(&LimitsChange::Clear { option: option("big") });
        assert_eq!(cleared.expect("cleared"), vip());
    }

    #[test]
    fn stored_limits_name_only_the_overridden_fields() {
        let change = LimitsChange::Option {
            option: option("sum_0"),
            values: LimitsOverride { payout_cap: Some(money("500")), ..Default::default() },
        };
        let limits = vip().changed(&change).expect("a change");
        let text = serde_json::to_string(&limits).expect("JSON");
        assert!(text.ends_with(r#""options":{"sum_0":{"payout_cap":"500.00"}}}"#), "{text}");
        assert_eq!(stored(&text), limits);
    }
}
