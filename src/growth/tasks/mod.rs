//! Tasks: operator-defined goals (bet N times, bet a total, deposit X, invite N people who
//! deposit, a sign-in streak of N days) with live progress computed from the other domains,
//! and a reward from `bonus` claimed by the player once the target is reached. A daily task
//! counts the operator's day and is claimed once a day; a one-off counts all time and is
//! claimed once. The key of `task_claims` (task, user, period) keeps each claim paid once.

mod sql;
pub mod types;

pub use sql::PLAYER_TASKS_MAX;

use super::day::OperatorDay;
use super::signin;
use crate::auth;
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::stakes::bets_placed;
use crate::growth::rewards::{self, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::wallet::totals::{passed_total, wallet_totals};
use chrono_tz::Tz;
use rusqlite::Connection;
use std::collections::HashMap;
use types::{
    ClaimReceipt, Task, TaskClaim, TaskCounts, TaskError, TaskInput, TaskKind, TaskRecord,
    TaskView, parse_reward, parse_target,
};

/// What the task rules need from the running config.
#[derive(Clone, Debug)]
pub struct TaskSettings {
    pub timezone: Tz,
    /// The language task texts fall back to.
    pub default_lang: &'static str,
    pub rewards: RewardRules,
    /// `growth.tasks.recharge_first`.
    pub recharge_first: bool,
}

impl TaskSettings {
    pub fn from_config(config: &Config) -> TaskSettings {
        TaskSettings {
            timezone: config.timezone(),
            default_lang: crate::i18n::normalize(&config.app.default_lang).unwrap_or("vi"),
            rewards: RewardRules::from_config(config),
            recharge_first: config.growth.tasks.recharge_first,
        }
    }
}

/// The claim period of `task` on `today`: the date for a daily task, "" for a one-off.
fn period_of(task: &Task, today: &OperatorDay) -> String {
    if task.daily { today.key() } else { String::new() }
}

/// `user_id`'s progress on `task` (a count, or minor units for amount kinds): today's for a
/// daily task, all time for a one-off.
fn progress(
    connection: &Connection,
    user_id: UserId,
    task: &Task,
    today: &OperatorDay,
) -> Result<i64, AppError> {
    let (since, until) =
        if task.daily { (Some(today.start), Some(today.end)) } else { (None, None) };
    Ok(match task.kind {
        TaskKind::BetCount => bets_placed(connection, user_id, since, until)?.bets,
        TaskKind::BetAmount => bets_placed(connection, user_id, since, until)?.staked.minor(),
        TaskKind::Deposit => passed_total(connection, user_id, since, until)?.minor(),
        TaskKind::Invite => {
            let invitees = auth::direct_invitees(connection, user_id)?;
            let totals = wallet_totals(connection, &invitees)?;
            let depositors = totals.values().filter(|totals| totals.deposited > 0).count();
            i64::try_from(depositors).unwrap_or(i64::MAX)
        }
        TaskKind::Signin => signin::current_streak(connection, user_id, today)?.0,
    })
}

/// The open tasks (at most `PLAYER_TASKS_MAX`) with `user_id`'s progress and claim state, in
/// the operator's order, with texts in `lang`.
pub fn player_tasks(
    connection: &Connection,
    user_id: UserId,
    lang: &str,
    settings: &TaskSettings,
    now: Timestamp,
) -> Result<Vec<TaskView>, AppError> {
    let today = OperatorDay::containing(settings.timezone, now);
    sql::open_tasks(connection, now)?
        .into_iter()
        .map(|task| {
            let done = progress(connection, user_id, &task, &today)?;
            let received = sql::claimed(connection, task.id, user_id, &period_of(&task, &today))?;
            let (title, description) =
                sql::text_in(connection, task.id, lang, settings.default_lang)?;
            Ok(TaskView {
                id: task.id,
                title,
                description,
                kind: task.kind,
                daily: task.daily,
                target: task.kind.format(task.target),
                progress: task.kind.format(done.min(task.target)),
                reward: task.reward,
                completed: done >= task.target,
                received,
                end_at: task.end_at,
            })
        })
        .collect()
}

/// The open tasks and how many of them `user_id` may claim now (target reached, this period's
/// reward not received), for the home page. Its queries do not grow with the tasks: the claims
/// are read at once, and the progress once per kind and window (a count of each, at most).
pub fn claimable(
    connection: &Connection,
    user_id: UserId,
    settings: &TaskSettings,
    now: Timestamp,
) -> Result<TaskCounts, AppError> {
    let today = OperatorDay::containing(settings.timezone, now);
    let tasks = sql::open_tasks(connection, now)?;
    let claimed = sql::claimed_tasks(connection, user_id, &today.key())?;
    let mut progress_of: HashMap<(TaskKind, bool), i64> = HashMap::new();
    let mut ready = 0;
    for task in &tasks {
        if claimed.contains(&(task.id, period_of(task, &today))) {
            continue;
        }
        let done = match progress_of.get(&(task.kind, task.daily)) {
            Some(done) => *done,
            None => {
                let done = progress(connection, user_id, task, &today)?;
                progress_of.insert((task.kind, task.daily), done);
                done
            }
        };
        if done >= task.target {
            ready += 1;
        }
    }
    Ok(TaskCounts { open: i64::try_from(tasks.len()).unwrap_or(i64::MAX), ready })
}

/// Claims `task_id`'s reward for `user_id`: `not_found` for a task not open now,
/// `reward_claimed` when this period's reward is claimed, `condition_not_met` below the
/// target, `recharge_first` without a passed deposit (`growth.tasks.recharge_first`). Paid by
/// `growth::rewards` (a Task entry, reference `task:<id>:<user>:<period>`).
pub fn claim(
    tx: &Tx,
    user_id: UserId,
    task_id: i64,
    settings: &TaskSettings,
    now: Timestamp,
) -> Result<ClaimReceipt, AppError> {
    let task =
        sql::task(tx, task_id)?.filter(|task| task.is_open(now)).ok_or(AppError::NotFound)?;
    let today = OperatorDay::containing(settings.timezone, now);
    let period = period_of(&task, &today);
    if sql::claimed(tx, task.id, user_id, &period)? {
        return Err(AppError::RewardClaimed);
    }
    if progress(tx, user_id, &task, &today)? < task.target {
        return Err(AppError::ConditionNotMet);
    }
    if settings.recharge_first && crate::wallet::deposits::passed_count(tx, user_id)? == 0 {
        return Err(AppError::RechargeFirst);
    }
    let owed = Reward::claimed(
        user_id,
        Programme::Task,
        task.reward,
        format!("task:{}:{user_id}:{period}", task.id),
    );
    let payout = rewards::pay(tx, owed, &settings.rewards, now)?;
    let entry_id = payout.entry_id().ok_or_else(|| anyhow::anyhow!("no task entry"))?;
    let new_claim = sql::NewClaim {
        task_id: task.id,
        user_id,
        period: &period,
        reward: task.reward,
        entry_id,
        claimed_at: now,
    };
    sql::insert_claim(tx, &new_claim)?;
    let balance =
        payout.wallet_after(user_id).ok_or_else(|| anyhow::anyhow!("no wallet posting"))?;
    Ok(ClaimReceipt { task_id: task.id, reward: task.reward, balance })
}

/// Creates a task from the operator's input; its id.
pub fn create(
    tx: &Tx,
    input: &TaskInput,
    settings: &TaskSettings,
    now: Timestamp,
) -> Result<i64, TaskError> {
    let spec = input.to_spec(settings.timezone)?;
    let task_id = sql::insert_task(tx, &spec, now)?;
    sql::put_texts(tx, task_id, &spec.texts)?;
    tx.note_created(task_id);
    Ok(task_id)
}

/// Changes what `input` gives of a task (target, reward, sort, window, texts); kind and daily
/// stay as created.
pub fn update(
    tx: &Tx,
    task_id: i64,
    input: &TaskInput,
    settings: &TaskSettings,
    now: Timestamp,
) -> Result<(), TaskError> {
    let Some(mut task) = sql::task(tx, task_id)? else {
        return Err(TaskError::Invalid(format!("task {task_id}: no such task")));
    };
    if input.kind.is_some() || input.daily {
        return Err(TaskError::Invalid(
            "--kind and --daily are fixed once a task is created: close it and create another"
                .into(),
        ));
    }
    if let Some(text) = input.target.as_deref() {
        task.target = parse_target(task.kind, text)?;
    }
    if let Some(text) = input.reward.as_deref() {
        task.reward = parse_reward(text)?;
    }
    task.sort = input.sort.unwrap_or(task.sort);
    (task.start_at, task.end_at) = input.window(settings.timezone, (task.start_at, task.end_at))?;
    let texts = input.texts(&sql::texts(tx, task_id)?)?;
    sql::update_task(tx, &task, now)?;
    sql::put_texts(tx, task_id, &texts)?;
    Ok(())
}

/// Closes a task to players (its claims stay); `not_found` for an unknown or closed task.
pub fn close(tx: &Tx, task_id: i64, now: Timestamp) -> Result<(), AppError> {
    if sql::close_task(tx, task_id, now)? { Ok(()) } else { Err(AppError::NotFound) }
}

fn record(connection: &Connection, task: Task) -> Result<TaskRecord, AppError> {
    let (claims, paid) = sql::claim_totals(connection, task.id)?;
    Ok(TaskRecord {
        id: task.id,
        kind: task.kind,
        target: task.kind.format(task.target),
        reward: task.reward,
        daily: task.daily,
        sort: task.sort,
        start_at: task.start_at,
        end_at: task.end_at,
        closed_at: task.closed_at,
        created_at: task.created_at,
        texts: sql::texts(connection, task.id)?,
        claims,
        paid,
    })
}

/// Every task with its texts and claim totals, newest first.
pub fn list(connection: &Connection) -> Result<Vec<TaskRecord>, AppError> {
    sql::all_tasks(connection)?.into_iter().map(|task| record(connection, task)).collect()
}

pub fn show(connection: &Connection, task_id: i64) -> Result<Option<TaskRecord>, AppError> {
    sql::task(connection, task_id)?.map(|task| record(connection, task)).transpose()
}

/// A task's latest `limit` claims, newest first; `not_found` for an unknown task.
pub fn claims(
    connection: &Connection,
    task_id: i64,
    limit: i64,
) -> Result<Vec<TaskClaim>, AppError> {
    sql::task(connection, task_id)?.ok_or(AppError::NotFound)?;
    sql::claims(connection, task_id, limit)
}
