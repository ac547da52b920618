//! Player protection (issue 19, docs/player-protection.md): deposit and loss limits, the
//! reality check, time-outs and self-exclusions. Betting, deposits, conversions, purchases,
//! savings deposits and rewards ask `ensure_may_play` before they act; jobs that credit many
//! players and the marketing messages skip an excluded player (`is_excluded`). Withdrawals,
//! records, the statement and logout never ask.

mod limits;
mod sql;
pub mod types;

use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money;
use rusqlite::Connection;
use types::ExclusionKind;
pub use types::{
    Activity, CountSince, ExclusionForm, ExclusionRecord, ExclusionRequest, ExclusionState,
    LimitChange, LimitForm, LimitKind, PlayCounts, PlaySession, ProtectionState, RealityCheckForm,
    RealityInterval, SessionState, WindowSum,
};

/// The operator's `[protection]` rules a verb needs, and what its limits count (from the
/// domains that own the rows: `flows::protection::PLAY_COUNTS`).
#[derive(Clone, Debug)]
pub struct ProtectionSettings {
    pub limit_increase_delay_secs: i64,
    pub reality_check_choices_mins: Vec<u32>,
    pub counts: PlayCounts,
}

impl ProtectionSettings {
    pub fn from_config(config: &Config, counts: PlayCounts) -> ProtectionSettings {
        let protection = &config.protection;
        ProtectionSettings {
            limit_increase_delay_secs: protection.limit_increase_delay_secs,
            reality_check_choices_mins: protection.reality_check_choices_mins.clone(),
            counts,
        }
    }
}

/// Most time-outs and self-exclusions one list shows (`admin user exclusions`).
pub const EXCLUSIONS_LIST_MAX: u32 = 10_000;

/// Refuses `activity` of `user_id` at `now`: `player_excluded` while a time-out or
/// self-exclusion runs; for a bet, `reality_check_due` when the session's interval passed
/// unacknowledged and `loss_limit_reached` past a loss limit; for a deposit,
/// `deposit_limit_reached`. One indexed read for a player without limits: the window sums run
/// only for a player with a limit of the kind.
pub fn ensure_may_play(
    connection: &Connection,
    user_id: UserId,
    activity: &Activity,
    now: Timestamp,
) -> Result<(), AppError> {
    let kind = match activity {
        Activity::Deposit { .. } => LimitKind::Deposit,
        _ => LimitKind::Loss,
    };
    let state = sql::guard_state(connection, user_id, kind, now)?;
    if let Some(until) = state.excluded_until {
        return Err(AppError::PlayerExcluded { until });
    }
    match *activity {
        Activity::Bet { stake, session, losses } => {
            if let Some(session) = session
                && reality_check_due(connection, session, state.reality_check_mins, now)?
            {
                return Err(AppError::RealityCheckDue);
            }
            if state.has_limits {
                limits::check(connection, user_id, (LimitKind::Loss, stake, losses), now)?;
            }
            Ok(())
        }
        Activity::Deposit { amount, deposits } if state.has_limits => {
            limits::check(connection, user_id, (LimitKind::Deposit, amount, deposits), now)
        }
        _ => Ok(()),
    }
}

/// Whether a time-out or self-exclusion of the player runs at `now` (jobs skip his credits,
/// messages skip him).
pub fn is_excluded(
    connection: &Connection,
    user_id: UserId,
    now: Timestamp,
) -> Result<bool, AppError> {
    Ok(sql::running_exclusion(connection, user_id, now)?.is_some())
}

/// The running time-out or self-exclusion of the player, if any.
pub fn exclusion(
    connection: &Connection,
    user_id: UserId,
    now: Timestamp,
) -> Result<Option<ExclusionState>, AppError> {
    sql::running_exclusion(connection, user_id, now)
}

/// The protection page.
pub fn state(
    connection: &Connection,
    user_id: UserId,
    settings: &ProtectionSettings,
    now: Timestamp,
) -> Result<ProtectionState, AppError> {
    let counts = settings.counts;
    let deposits = (LimitKind::Deposit, counts.deposits);
    let deposit_limits = limits::states(connection, user_id, deposits, now)?;
    let loss_limits = limits::states(connection, user_id, (LimitKind::Loss, counts.losses), now)?;
    let has_limits = deposit_limits
        .iter()
        .chain(&loss_limits)
        .any(|limit| limit.amount.is_some() || limit.pending.is_some());
    let choices = |kind: ExclusionKind| kind.durations().iter().map(|length| length.code());
    Ok(ProtectionState {
        deposit_limits,
        loss_limits,
        reality_check_mins: sql::reality_check_mins(connection, user_id)?,
        reality_check_choices: settings.reality_check_choices_mins.clone(),
        exclusion: sql::running_exclusion(connection, user_id, now)?,
        timeout_choices: choices(ExclusionKind::Timeout).collect(),
        exclusion_choices: choices(ExclusionKind::SelfExclusion).collect(),
        has_limits,
    })
}

/// Sets, lowers, raises or removes a limit (a raise or removal waits
/// `limit_increase_delay_secs`).
pub fn set_limit(
    tx: &Tx,
    user_id: UserId,
    change: LimitChange,
    settings: &ProtectionSettings,
    now: Timestamp,
) -> Result<ProtectionState, AppError> {
    limits::change(tx, user_id, change, settings.limit_increase_delay_secs, now)?;
    state(tx, user_id, settings, now)
}

/// Chooses the reality-check interval (0: off).
pub fn set_reality_check(
    tx: &Tx,
    user_id: UserId,
    interval: RealityInterval,
    settings: &ProtectionSettings,
    now: Timestamp,
) -> Result<ProtectionState, AppError> {
    sql::store_reality_check_mins(tx, user_id, interval.mins(), now)?;
    state(tx, user_id, settings, now)
}

/// Starts a time-out or self-exclusion at once; `exclusion_cannot_shorten` when one runs that
/// ends later (a new one may only extend it).
pub fn exclude(
    tx: &Tx,
    user_id: UserId,
    request: ExclusionRequest,
    settings: &ProtectionSettings,
    now: Timestamp,
) -> Result<ProtectionState, AppError> {
    let running = sql::running_exclusion(tx, user_id, now)?;
    if running.is_some_and(|running| running.until > now + request.length.secs()) {
        return Err(AppError::ExclusionCannotShorten);
    }
    sql::insert_exclusion(tx, user_id, request, now)?;
    state(tx, user_id, settings, now)
}

/// The documented process (docs/player-protection.md): lifts the player's running exclusions
/// early, recording who and why; `not_found` when none runs. The only way one ends early.
pub fn lift_exclusions(
    tx: &Tx,
    user_id: UserId,
    (operator, reason): (&str, &str),
    now: Timestamp,
) -> Result<usize, AppError> {
    match sql::lift_running(tx, user_id, (operator, reason), now)? {
        0 => Err(AppError::NotFound),
        lifted => Ok(lifted),
    }
}

/// The running time-outs and self-exclusions (every one ever taken with `all`), latest first.
pub fn exclusions(
    connection: &Connection,
    all: bool,
    now: Timestamp,
) -> Result<Vec<ExclusionRecord>, AppError> {
    sql::exclusions(connection, all, now, EXCLUSIONS_LIST_MAX)
}

/// How many players have set a deposit or loss limit and a reality check, and how many are in
/// a time-out or a self-exclusion now.
pub fn overview(connection: &Connection, now: Timestamp) -> Result<types::Overview, AppError> {
    sql::overview(connection, now)
}

/// When the reality check of `session` falls due (None: off).
fn reality_check_next(
    connection: &Connection,
    session: &PlaySession,
    mins: u32,
) -> Result<Option<Timestamp>, AppError> {
    if mins == 0 {
        return Ok(None);
    }
    let acked = sql::session_ack(connection, &session.token_hash)?;
    let from = acked.map_or(session.started_at, |acked| acked.max(session.started_at));
    Ok(Some(from + i64::from(mins) * 60))
}

fn reality_check_due(
    connection: &Connection,
    session: &PlaySession,
    mins: u32,
    now: Timestamp,
) -> Result<bool, AppError> {
    Ok(reality_check_next(connection, session, mins)?.is_some_and(|next| next <= now))
}

/// The reality check of the session: its time, its net result (`losses` counts it), and when
/// the check falls due.
pub fn session(
    connection: &Connection,
    user_id: UserId,
    (session, losses): (&PlaySession, CountSince),
    now: Timestamp,
) -> Result<SessionState, AppError> {
    let mins = sql::reality_check_mins(connection, user_id)?;
    let next_at = reality_check_next(connection, session, mins)?;
    let losses = losses(connection, user_id, session.started_at - 1)?;
    Ok(SessionState {
        started_at: session.started_at,
        elapsed_secs: (now - session.started_at).max(0),
        net: money::format_signed(-losses.sum),
        interval_mins: mins,
        due: next_at.is_some_and(|next| next <= now),
        next_at,
    })
}

/// Acknowledges the reality check: the interval counts again from `now`.
pub fn acknowledge(
    tx: &Tx,
    user_id: UserId,
    (play_session, losses): (&PlaySession, CountSince),
    now: Timestamp,
) -> Result<SessionState, AppError> {
    sql::store_session_ack(tx, &play_session.token_hash, now)?;
    session(tx, user_id, (play_session, losses), now)
}
