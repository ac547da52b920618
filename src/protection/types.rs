//! Parsed protection inputs (limit changes, exclusion requests, reality-check intervals) and
//! what the protection page shows.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

/// A deposit limit or a loss limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    Deposit,
    Loss,
}

impl LimitKind {
    pub fn parse(text: &str) -> Result<LimitKind, AppError> {
        match text.trim() {
            "deposit" => Ok(LimitKind::Deposit),
            "loss" => Ok(LimitKind::Loss),
            _ => Err(AppError::InvalidLimit),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            LimitKind::Deposit => "deposit",
            LimitKind::Loss => "loss",
        }
    }
}

/// The rolling window of a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The last 24 hours.
    Day,
    /// The last 7 days.
    Week,
    /// The last 30 days.
    Month,
}

impl Period {
    /// In the order the page shows them.
    pub const ALL: [Period; 3] = [Period::Day, Period::Week, Period::Month];

    pub fn parse(text: &str) -> Result<Period, AppError> {
        Period::ALL
            .into_iter()
            .find(|period| period.code() == text.trim())
            .ok_or(AppError::InvalidLimit)
    }

    pub fn code(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Month => "month",
        }
    }

    /// The window as a refusal names it, the same in every language.
    pub fn label(self) -> &'static str {
        match self {
            Period::Day => "24h",
            Period::Week => "7d",
            Period::Month => "30d",
        }
    }

    pub fn secs(self) -> i64 {
        const DAY_SECS: i64 = 86_400;
        match self {
            Period::Day => DAY_SECS,
            Period::Week => 7 * DAY_SECS,
            Period::Month => 30 * DAY_SECS,
        }
    }
}

/// `api/protection/limit`: `amount` empty removes the limit.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct LimitForm {
    /// "deposit" or "loss".
    pub kind: Option<String>,
    /// "day", "week" or "month".
    pub period: Option<String>,
    /// "100.00", or "" to remove the limit.
    pub amount: Option<String>,
}

/// A requested limit: `amount` None removes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitChange {
    pub kind: LimitKind,
    pub period: Period,
    pub amount: Option<Money>,
}

impl LimitChange {
    pub fn parse(form: LimitForm) -> Result<LimitChange, AppError> {
        let (Some(kind), Some(period)) = (form.kind, form.period) else {
            return Err(AppError::MissingParams);
        };
        let amount = form.amount.unwrap_or_default();
        let amount = match amount.trim() {
            "" => None,
            text => {
                let amount = Money::parse(text).map_err(|_| AppError::InvalidLimit)?;
                if amount == Money::ZERO {
                    return Err(AppError::InvalidLimit);
                }
                Some(amount)
            }
        };
        Ok(LimitChange { kind: LimitKind::parse(&kind)?, period: Period::parse(&period)?, amount })
    }
}

/// A time-out (short) or a self-exclusion (long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExclusionKind {
    Timeout,
    SelfExclusion,
}

impl ExclusionKind {
    pub fn parse(text: &str) -> Result<ExclusionKind, AppError> {
        match text.trim() {
            "timeout" => Ok(ExclusionKind::Timeout),
            "self_exclusion" => Ok(ExclusionKind::SelfExclusion),
            _ => Err(AppError::InvalidLimit),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ExclusionKind::Timeout => "timeout",
            ExclusionKind::SelfExclusion => "self_exclusion",
        }
    }

    /// The durations a player may choose for this kind.
    pub fn durations(self) -> &'static [ExclusionLength] {
        match self {
            ExclusionKind::Timeout => &TIMEOUTS,
            ExclusionKind::SelfExclusion => &SELF_EXCLUSIONS,
        }
    }
}

/// How long a time-out or a self-exclusion lasts. Months and years are fixed numbers of days
/// (6 months: 183 days; a year: 365 days; 5 years: 1,826 days), the same in every time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExclusionLength {
    Hours24,
    Days7,
    Days30,
    Months6,
    Year1,
    Years2,
    Years5,
}

const TIMEOUTS: [ExclusionLength; 3] =
    [ExclusionLength::Hours24, ExclusionLength::Days7, ExclusionLength::Days30];
const SELF_EXCLUSIONS: [ExclusionLength; 4] = [
    ExclusionLength::Months6,
    ExclusionLength::Year1,
    ExclusionLength::Years2,
    ExclusionLength::Years5,
];

impl ExclusionLength {
    pub fn code(self) -> &'static str {
        match self {
            ExclusionLength::Hours24 => "24h",
            ExclusionLength::Days7 => "7d",
            ExclusionLength::Days30 => "30d",
            ExclusionLength::Months6 => "6m",
            ExclusionLength::Year1 => "1y",
            ExclusionLength::Years2 => "2y",
            ExclusionLength::Years5 => "5y",
        }
    }

    pub fn secs(self) -> i64 {
        const DAY_SECS: i64 = 86_400;
        let days = match self {
            ExclusionLength::Hours24 => 1,
            ExclusionLength::Days7 => 7,
            ExclusionLength::Days30 => 30,
            ExclusionLength::Months6 => 183,
            ExclusionLength::Year1 => 365,
            ExclusionLength::Years2 => 730,
            ExclusionLength::Years5 => 1_826,
        };
        days * DAY_SECS
    }
}

/// `api/protection/exclude`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ExclusionForm {
    /// "timeout" or "self_exclusion".
    pub kind: Option<String>,
    /// "24h", "7d", "30d" (time-out); "6m", "1y", "2y", "5y" (self-exclusion).
    pub duration: Option<String>,
    /// The login password.
    pub password: Option<String>,
}

/// A requested time-out or self-exclusion; the password is checked by `auth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExclusionRequest {
    pub kind: ExclusionKind,
    pub length: ExclusionLength,
}

impl ExclusionRequest {
    /// The request and the typed password.
    pub fn parse(form: ExclusionForm) -> Result<(ExclusionRequest, String), AppError> {
        let (Some(kind), Some(duration), Some(password)) =
            (form.kind, form.duration, form.password)
        else {
            return Err(AppError::MissingParams);
        };
        if password.is_empty() {
            return Err(AppError::MissingParams);
        }
        let kind = ExclusionKind::parse(&kind)?;
        let length = kind
            .durations()
            .iter()
            .copied()
            .find(|length| length.code() == duration.trim())
            .ok_or(AppError::InvalidLimit)?;
        Ok((ExclusionRequest { kind, length }, password))
    }
}

/// `api/protection/reality_check`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct RealityCheckForm {
    /// One of `reality_check_choices` (minutes; 0 turns the check off).
    pub interval_mins: Option<String>,
}

/// A reality-check interval among the operator's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RealityInterval(u32);

impl RealityInterval {
    pub fn parse(form: RealityCheckForm, choices: &[u32]) -> Result<RealityInterval, AppError> {
        let text = form.interval_mins.ok_or(AppError::MissingParams)?;
        let mins: u32 = text.trim().parse().map_err(|_| AppError::InvalidLimit)?;
        if choices.contains(&mins) {
            Ok(RealityInterval(mins))
        } else {
            Err(AppError::InvalidLimit)
        }
    }

    pub fn mins(self) -> u32 {
        self.0
    }
}

/// The session a bet is placed in, for the reality check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySession {
    pub token_hash: String,
    /// The login.
    pub started_at: Timestamp,
}

/// What the guard (`protection::ensure_may_play`) is asked to allow.
#[derive(Clone, Copy, Debug)]
pub enum Activity<'a> {
    /// A bet of `stake` in total, from `session` when placed over HTTP (the reality check);
    /// `losses` counts the player's net losses (games owns the bets).
    Bet { stake: Money, session: Option<&'a PlaySession>, losses: CountSince },
    /// `deposits` counts the player's deposits that still count (wallet owns them).
    Deposit { amount: Money, deposits: CountSince },
    /// Money moved into the game balance.
    Conversion,
    /// A product purchase or a move into savings.
    Purchase,
    /// A reward the player claims or is credited (sign-in, task, envelope, bonus).
    Reward,
}

/// One limit as the protection page shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct LimitState {
    /// "day", "week" or "month".
    pub period: &'static str,
    /// The limit in force; null: none.
    #[schema(value_type = Option<String>)]
    pub amount: Option<Money>,
    /// Counted in the window now (deposits, or net losses, never below 0).
    #[schema(value_type = String)]
    pub used: Money,
    /// What is left of the limit; null without a limit.
    #[schema(value_type = Option<String>)]
    pub left: Option<Money>,
    /// When the oldest counted amount leaves the window; null when nothing is counted.
    #[schema(value_type = Option<i64>)]
    pub frees_at: Option<Timestamp>,
    pub pending: Option<PendingLimit>,
}

/// An increase or removal waiting for its time.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PendingLimit {
    /// The limit it brings; null: none (a removal).
    #[schema(value_type = Option<String>)]
    pub amount: Option<Money>,
    #[schema(value_type = i64)]
    pub effective_at: Timestamp,
}

/// A running time-out or self-exclusion.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ExclusionState {
    /// "timeout" or "self_exclusion".
    pub kind: String,
    #[schema(value_type = i64)]
    pub started_at: Timestamp,
    #[schema(value_type = i64)]
    pub until: Timestamp,
}

/// `api/protection/index`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProtectionState {
    /// Day, week, month.
    pub deposit_limits: Vec<LimitState>,
    /// Day, week, month.
    pub loss_limits: Vec<LimitState>,
    /// 0: off.
    pub reality_check_mins: u32,
    pub reality_check_choices: Vec<u32>,
    pub exclusion: Option<ExclusionState>,
    pub timeout_choices: Vec<&'static str>,
    pub exclusion_choices: Vec<&'static str>,
    /// Whether any deposit or loss limit is set (the app offers one otherwise).
    pub has_limits: bool,
}

/// `api/protection/session`: the reality check of the session.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SessionState {
    /// The login.
    #[schema(value_type = i64)]
    pub started_at: Timestamp,
    pub elapsed_secs: i64,
    /// Payouts minus stakes of the bets placed since the login, signed ("-12.00").
    pub net: String,
    pub interval_mins: u32,
    /// The next bet is refused (`reality_check_due`) until an acknowledgement.
    pub due: bool,
    /// When the check falls due; null when it is off.
    #[schema(value_type = Option<i64>)]
    pub next_at: Option<Timestamp>,
}

/// What a limit's window counts: the sum (minor units; a net loss may be negative) and the time
/// the oldest counted item was placed or requested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowSum {
    pub sum: i64,
    pub oldest: Option<Timestamp>,
}

impl WindowSum {
    /// From a row of `(SUM(amount), MIN(time))`.
    pub fn from_row(row: &rusqlite::Row) -> rusqlite::Result<WindowSum> {
        Ok(WindowSum { sum: row.get(0)?, oldest: row.get(1)? })
    }
}

/// Counts one kind of play of a player after an instant. The domain that owns the rows
/// provides it (wallet the deposits, games the bets) and its caller passes it down: protection
/// sits below both and reads neither's tables.
pub type CountSince = fn(&Connection, UserId, Timestamp) -> Result<WindowSum, AppError>;

/// Both counts, for the protection page and a limit's change.
#[derive(Clone, Copy, Debug)]
pub struct PlayCounts {
    pub deposits: CountSince,
    pub losses: CountSince,
}

/// One time-out or self-exclusion of the operator's list (`admin user exclusions`).
#[derive(Clone, Debug, Serialize)]
pub struct ExclusionRecord {
    pub exclusion_id: i64,
    pub user_id: UserId,
    pub kind: String,
    pub duration: String,
    pub started_at: Timestamp,
    pub until: Timestamp,
    /// When it was lifted by the documented process, and why.
    pub lifted_at: Option<Timestamp>,
    pub lift_reason: Option<String>,
}

/// How many players hold each kind of protection now: the console's overview.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Overview {
    pub deposit_limits: i64,
    pub loss_limits: i64,
    pub reality_checks: i64,
    pub timeouts: i64,
    pub self_exclusions: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(kind: &str, period: &str, amount: &str) -> Result<LimitChange, AppError> {
        LimitChange::parse(LimitForm {
            kind: Some(kind.into()),
            period: Some(period.into()),
            amount: Some(amount.into()),
        })
    }

    #[test]
    fn a_limit_change_names_a_kind_a_period_and_a_positive_amount_or_none() {
        let change = limit("loss", "week", "100.50").expect("valid");
        assert_eq!(change.kind, LimitKind::Loss);
        assert_eq!(change.period, Period::Week);
        assert_eq!(change.amount, Some(Money::parse("100.50").expect("money")));
        assert_eq!(limit("deposit", "month", "").expect("a removal").amount, None);
        for (kind, period, amount) in [
            ("bonus", "day", "1"),
            ("loss", "year", "1"),
            ("loss", "day", "0"),
            ("loss", "day", "-5"),
            ("loss", "day", "1.234"),
        ] {
            assert_eq!(limit(kind, period, amount).expect_err(amount).key(), "invalid_limit");
        }
        let missing = LimitChange::parse(LimitForm::default()).expect_err("missing");
        assert_eq!(missing.key(), "missing_params");
    }

    #[test]
    fn an_exclusion_takes_only_the_durations_of_its_kind() {
        let form = |kind: &str, duration: &str| ExclusionForm {
            kind: Some(kind.into()),
            duration: Some(duration.into()),
            password: Some("secret".into()),
        };
        let (request, _) = ExclusionRequest::parse(form("timeout", "7d")).expect("valid");
        assert_eq!(request.length.secs(), 7 * 86_400);
        let (request, _) = ExclusionRequest::parse(form("self_exclusion", "5y")).expect("valid");
        assert_eq!(request.kind, ExclusionKind::SelfExclusion);
        for (kind, duration) in [("timeout", "6m"), ("self_exclusion", "24h"), ("break", "7d")] {
            let error = ExclusionRequest::parse(form(kind, duration)).expect_err(duration);
            assert_eq!(error.key(), "invalid_limit");
        }
    }

    #[test]
    fn a_reality_interval_is_one_of_the_choices() {
        let form = |text: &str| RealityCheckForm { interval_mins: Some(text.into()) };
        let choices = [0, 15, 30];
        assert_eq!(RealityInterval::parse(form("15"), &choices).expect("valid").mins(), 15);
        assert_eq!(RealityInterval::parse(form("0"), &choices).expect("off").mins(), 0);
        for text in ["20", "-15", "x"] {
            let error = RealityInterval::parse(form(text), &choices).expect_err(text);
            assert_eq!(error.key(), "invalid_limit");
        }
    }
}
