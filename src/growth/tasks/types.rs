//! Tasks as the operator writes them (`TaskInput`, checked whole into a `TaskSpec`) and as
//! players and the operator read them.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// What a task counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TaskKind {
    /// Bets placed (refunds left out).
    BetCount,
    /// The stakes of bets placed (refunds left out).
    BetAmount,
    /// Passed deposits.
    Deposit,
    /// Direct invitees with a passed deposit (one-off only).
    Invite,
    /// The continuous sign-in streak (one-off only).
    Signin,
}

impl TaskKind {
    pub const ALL: [TaskKind; 5] = [
        TaskKind::BetCount,
        TaskKind::BetAmount,
        TaskKind::Deposit,
        TaskKind::Invite,
        TaskKind::Signin,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TaskKind::BetCount => "bet_count",
            TaskKind::BetAmount => "bet_amount",
            TaskKind::Deposit => "deposit",
            TaskKind::Invite => "invite",
            TaskKind::Signin => "signin",
        }
    }

    pub fn parse(code: &str) -> Option<TaskKind> {
        TaskKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// The target and progress are amounts (minor units), not counts.
    pub fn counts_money(self) -> bool {
        matches!(self, TaskKind::BetAmount | TaskKind::Deposit)
    }

    /// Counted over a day: bets and deposits; invitees and the streak are lifelong, so those
    /// tasks are one-off.
    pub fn may_be_daily(self) -> bool {
        !matches!(self, TaskKind::Invite | TaskKind::Signin)
    }

    /// A target or progress as shown: "3" for counts, "100.00" for amounts.
    pub fn format(self, value: i64) -> String {
        if self.counts_money() { crate::money::format_signed(value) } else { value.to_string() }
    }
}

/// Why the operator's task was refused: the text names the option.
#[derive(Debug)]
pub enum TaskError {
    Invalid(String),
    Db(AppError),
}

impl fmt::Display for TaskError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskError::Invalid(reason) => formatter.write_str(reason),
            TaskError::Db(error) => write!(formatter, "{error:#}"),
        }
    }
}

impl std::error::Error for TaskError {}

impl From<AppError> for TaskError {
    fn from(error: AppError) -> TaskError {
        TaskError::Db(error)
    }
}

impl From<rusqlite::Error> for TaskError {
    fn from(error: rusqlite::Error) -> TaskError {
        TaskError::Db(error.into())
    }
}

fn invalid<T>(reason: impl Into<String>) -> Result<T, TaskError> {
    Err(TaskError::Invalid(reason.into()))
}

/// Longest title, in characters.
pub const TITLE_CHARS_MAX: usize = 80;
/// Longest description, in characters.
pub const DESCRIPTION_CHARS_MAX: usize = 1_000;
/// Highest count target (bets, invitees, days).
pub const COUNT_TARGET_MAX: i64 = 1_000_000;

/// A task as the operator gives it: text fields, each optional (an update changes only those
/// given; kind and daily are fixed once created).
#[derive(Clone, Debug, Default)]
pub struct TaskInput {
    pub kind: Option<String>,
    pub target: Option<String>,
    pub reward: Option<String>,
    pub daily: bool,
    pub sort: Option<i64>,
    /// "YYYY-MM-DD HH:MM" in the operator's time zone, or unix seconds; "" clears.
    pub start: Option<String>,
    pub end: Option<String>,
    /// Language code to title.
    pub titles: BTreeMap<String, String>,
    pub descriptions: BTreeMap<String, String>,
}

/// One language's texts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaskText {
    pub lang: String,
    pub title: String,
    pub description: String,
}

/// A checked new task.
#[derive(Clone, Debug)]
pub struct TaskSpec {
    pub kind: TaskKind,
    pub target: i64,
    pub reward: Money,
    pub daily: bool,
    pub sort: i64,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub texts: Vec<TaskText>,
}

impl TaskInput {
    /// A whole new task: kind, target, reward and a title are required.
    pub fn to_spec(&self, timezone: Tz) -> Result<TaskSpec, TaskError> {
        let Some(kind_code) = self.kind.as_deref() else {
            return invalid(format!("--kind is required: one of {}", kind_codes()));
        };
        let kind = parse_kind(kind_code)?;
        if self.daily && !kind.may_be_daily() {
            return invalid(format!(
                "--daily: a {} task counts for all time, so it is one-off",
                kind.code()
            ));
        }
        let target = match self.target.as_deref() {
            Some(text) => parse_target(kind, text)?,
            None => return invalid("--target is required"),
        };
        let reward = match self.reward.as_deref() {
            Some(text) => parse_reward(text)?,
            None => return invalid("--reward is required"),
        };
        let texts = self.texts(&[])?;
        if texts.is_empty() {
            return invalid("--title is required: give LANG=TEXT, e.g. --title \"en=Bet 3 times\"");
        }
        let (start_at, end_at) = self.window(timezone, (None, None))?;
        let sort = self.sort.unwrap_or(0);
        Ok(TaskSpec { kind, target, reward, daily: self.daily, sort, start_at, end_at, texts })
    }

    /// The task's texts after this input: each language given replaces that language's title
    /// (or description), the rest of `current` stays.
    pub fn texts(&self, current: &[TaskText]) -> Result<Vec<TaskText>, TaskError> {
        let mut texts: BTreeMap<String, TaskText> =
            current.iter().map(|text| (text.lang.clone(), text.clone())).collect();
        for (lang, title) in &self.titles {
            let lang = parse_lang("--title", lang)?;
            let title = title.trim();
            if title.is_empty() || title.chars().count() > TITLE_CHARS_MAX {
                return invalid(format!("--title {lang}: 1 to {TITLE_CHARS_MAX} characters"));
            }
            let entry = texts.entry(lang.to_string()).or_insert_with(|| TaskText {
                lang: lang.to_string(),
                title: String::new(),
                description: String::new(),
            });
            entry.title = title.to_string();
        }
        for (lang, description) in &self.descriptions {
            let lang = parse_lang("--description", lang)?;
            if description.chars().count() > DESCRIPTION_CHARS_MAX {
                return invalid(format!(
                    "--description {lang}: at most {DESCRIPTION_CHARS_MAX} characters"
                ));
            }
            match texts.get_mut(lang) {
                Some(text) => text.description = description.trim().to_string(),
                None => return invalid(format!("--description {lang}: give a --title {lang} too")),
            }
        }
        Ok(texts.into_values().collect())
    }

    /// The window after this input, from `current`.
    pub fn window(
        &self,
        timezone: Tz,
        current: (Option<Timestamp>, Option<Timestamp>),
    ) -> Result<(Option<Timestamp>, Option<Timestamp>), TaskError> {
        let start = match self.start.as_deref() {
            Some(text) => parse_time("--start", text, timezone)?,
            None => current.0,
        };
        let end = match self.end.as_deref() {
            Some(text) => parse_time("--end", text, timezone)?,
            None => current.1,
        };
        if let (Some(start), Some(end)) = (start, end)
            && end <= start
        {
            return invalid("--end must be after --start");
        }
        Ok((start, end))
    }
}

fn kind_codes() -> String {
    TaskKind::ALL.map(TaskKind::code).join(", ")
}

fn parse_kind(code: &str) -> Result<TaskKind, TaskError> {
    TaskKind::parse(code.trim())
        .map_or_else(|| invalid(format!("--kind {code:?}: give one of {}", kind_codes())), Ok)
}

/// A target of `kind`: a whole count, or an amount like "100.00".
pub fn parse_target(kind: TaskKind, text: &str) -> Result<i64, TaskError> {
    let text = text.trim();
    if kind.counts_money() {
        return match Money::parse(text) {
            Ok(amount) if amount > Money::ZERO => Ok(amount.minor()),
            _ => invalid(format!("--target {text:?}: an amount above 0, like \"100.00\"")),
        };
    }
    match text.parse::<i64>() {
        Ok(count) if (1..=COUNT_TARGET_MAX).contains(&count) => Ok(count),
        _ => invalid(format!("--target {text:?}: a whole count from 1 to {COUNT_TARGET_MAX}")),
    }
}

pub fn parse_reward(text: &str) -> Result<Money, TaskError> {
    match Money::parse(text.trim()) {
        Ok(amount) if amount > Money::ZERO => Ok(amount),
        _ => invalid(format!("--reward {text:?}: an amount above 0, like \"5.00\"")),
    }
}

fn parse_lang(option: &str, lang: &str) -> Result<&'static str, TaskError> {
    match crate::i18n::normalize(lang) {
        Some(code) if code == lang.trim() => Ok(code),
        _ => invalid(format!(
            "{option} {lang:?}: not a language code (one of {})",
            crate::config::LANGUAGES.join(", ")
        )),
    }
}

/// A time in the operator's zone, unix seconds, or "" for none.
fn parse_time(option: &str, text: &str, timezone: Tz) -> Result<Option<Timestamp>, TaskError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if let Ok(secs) = text.parse::<i64>() {
        return Ok(Some(Timestamp::from_secs(secs)));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M"));
    let Ok(local) = local else {
        return invalid(format!("{option} {text:?}: give \"YYYY-MM-DD HH:MM\" or unix seconds"));
    };
    match timezone.from_local_datetime(&local).earliest() {
        Some(time) => Ok(Some(Timestamp::from_datetime(&time))),
        None => invalid(format!("{option} {text}: does not exist in {timezone} (clock change)")),
    }
}

/// A stored task.
#[derive(Clone, Debug)]
pub struct Task {
    pub id: i64,
    pub kind: TaskKind,
    pub target: i64,
    pub reward: Money,
    pub daily: bool,
    pub sort: i64,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub closed_at: Option<Timestamp>,
    pub created_at: Timestamp,
}

impl Task {
    /// Open to players at `now`: not closed, inside its window.
    pub fn is_open(&self, now: Timestamp) -> bool {
        self.closed_at.is_none()
            && self.start_at.is_none_or(|start| start <= now)
            && self.end_at.is_none_or(|end| now < end)
    }
}

/// A task as a player sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TaskView {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub kind: TaskKind,
    pub daily: bool,
    /// A count ("3") or an amount ("100.00"), by kind.
    pub target: String,
    /// Counted like `target`, never above it.
    pub progress: String,
    #[schema(value_type = String)]
    pub reward: Money,
    /// The progress has reached the target.
    pub completed: bool,
    /// The reward of this period (today for a daily task) is claimed.
    pub received: bool,
    /// Unix seconds the task closes, if it has an end.
    #[schema(value_type = Option<i64>)]
    pub end_at: Option<Timestamp>,
}

/// The open tasks of one player, and those whose reward he may claim now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TaskCounts {
    pub open: i64,
    /// Target reached, this period's reward not received.
    pub ready: i64,
}

/// A paid claim.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimReceipt {
    pub task_id: i64,
    #[schema(value_type = String)]
    pub reward: Money,
    /// The wallet balance after the reward.
    #[schema(value_type = String)]
    pub balance: Money,
}

/// A task for the operator: every field and its texts.
#[derive(Clone, Debug, Serialize)]
pub struct TaskRecord {
    pub id: i64,
    pub kind: TaskKind,
    pub target: String,
    pub reward: Money,
    pub daily: bool,
    pub sort: i64,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub closed_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub texts: Vec<TaskText>,
    pub claims: i64,
    pub paid: Money,
}

/// One claim, for the operator.
#[derive(Clone, Debug, Serialize)]
pub struct TaskClaim {
    pub user_id: UserId,
    /// The operator day for a daily task, "" for a one-off.
    pub period: String,
    pub reward: Money,
    pub claimed_at: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(kind: &str, target: &str) -> TaskInput {
        TaskInput {
            kind: Some(kind.into()),
            target: Some(target.into()),
            reward: Some("5".into()),
            titles: BTreeMap::from([("en".to_string(), "Bet".to_string())]),
            ..TaskInput::default()
        }
    }

    fn refusal(input: &TaskInput) -> String {
        match input.to_spec(chrono_tz::UTC) {
            Err(TaskError::Invalid(reason)) => reason,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn targets_are_counts_or_amounts_by_kind() {
        let spec = input("bet_amount", "12.50").to_spec(chrono_tz::UTC).expect("a spec");
        assert_eq!(spec.target, 1_250);
        let spec = input("bet_count", "3").to_spec(chrono_tz::UTC).expect("a spec");
        assert_eq!(spec.target, 3);
        assert!(refusal(&input("bet_count", "2.5")).contains("--target"));
        assert!(refusal(&input("deposit", "0")).contains("--target"));
    }

    #[test]
    fn each_bad_field_is_named() {
        let cases: [(&str, TaskInput); 6] = [
            ("--kind", TaskInput { kind: Some("dance".into()), ..input("x", "1") }),
            ("--kind", TaskInput { kind: None, ..input("x", "1") }),
            ("--reward", TaskInput { reward: Some("-1".into()), ..input("bet_count", "1") }),
            ("--title", TaskInput { titles: BTreeMap::new(), ..input("bet_count", "1") }),
            ("--daily", TaskInput { daily: true, ..input("invite", "1") }),
            (
                "--end",
                TaskInput {
                    start: Some("2026-01-02 00:00".into()),
                    end: Some("2026-01-01 00:00".into()),
                    ..input("bet_count", "1")
                },
            ),
        ];
        for (option, case) in cases {
            assert!(refusal(&case).contains(option), "{option}: {}", refusal(&case));
        }
    }
}
