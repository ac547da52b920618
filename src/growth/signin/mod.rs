//! Daily sign-in (Attendance): one sign-in per operator day, paid from `bonus` by the day of
//! the player's continuous streak (`[growth.signin] rewards`). Yesterday signed: the streak goes
//! on; a missed day: it starts again at 1. The key (user, day) of `signins` keeps one sign-in a
//! day, whatever races.

mod sql;
pub mod types;

use super::day::{OperatorDay, date_key};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::config::{SigninConfig, SigninCycle};
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::rewards::{self, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::protection::Activity;
use crate::wallet;
use chrono_tz::Tz;
use rusqlite::Connection;
use types::{DaySignin, Month, RewardDay, SigninHistory, SigninIndex, SigninReceipt, SigninToday};

/// What the sign-in rules need from the running config.
#[derive(Clone, Debug)]
pub struct SigninSettings {
    pub timezone: Tz,
    pub table: SigninConfig,
    pub rewards: RewardRules,
}

impl SigninSettings {
    pub fn from_config(config: &Config) -> SigninSettings {
        SigninSettings {
            timezone: config.timezone(),
            table: config.growth.signin.clone(),
            rewards: RewardRules::from_config(config),
        }
    }
}

/// Signs `user_id` in for today: `recharge_first` when configured and the player has no passed
/// deposit, `already_signed` on a second sign-in the same operator day. Pays the streak day's
/// reward from `bonus` (a Signin entry, reference `signin:<user>:<date>`) and adds it to the
/// turnover requirement.
pub fn sign(
    tx: &Tx,
    user_id: UserId,
    settings: &SigninSettings,
    now: Timestamp,
) -> Result<SigninReceipt, AppError> {
    if !settings.table.enabled {
        return Err(AppError::NotFound);
    }
    crate::protection::ensure_may_play(tx, user_id, &Activity::Reward, now)?;
    if settings.table.recharge_first && wallet::deposits::passed_count(tx, user_id)? == 0 {
        return Err(AppError::RechargeFirst);
    }
    let today = OperatorDay::containing(settings.timezone, now);
    let date = today.key();
    if sql::streak_on(tx, user_id, &date)?.is_some() {
        return Err(AppError::AlreadySigned);
    }
    let streak = yesterday_streak(tx, user_id, &today)?.map_or(1, |streak| streak + 1);
    let reward = settings.table.reward_for(streak);
    let owed =
        Reward::claimed(user_id, Programme::Signin, reward, format!("signin:{user_id}:{date}"));
    let payout = rewards::pay(tx, owed, &settings.rewards, now)?;
    let entry_id = payout.entry_id().ok_or_else(|| anyhow::anyhow!("no sign-in entry"))?;
    let signin = sql::NewSignin { user_id, date: &date, streak, reward, entry_id, signed_at: now };
    sql::insert(tx, &signin)?;
    let balance =
        payout.wallet_after(user_id).ok_or_else(|| anyhow::anyhow!("no wallet posting"))?;
    Ok(SigninReceipt { date, streak, reward, balance })
}

/// The streak of yesterday's sign-in, if there was one.
fn yesterday_streak(
    connection: &Connection,
    user_id: UserId,
    today: &OperatorDay,
) -> Result<Option<i64>, AppError> {
    match today.date.pred_opt() {
        Some(yesterday) => sql::streak_on(connection, user_id, &date_key(yesterday)),
        None => Ok(None),
    }
}

/// The streak as of today (today's when signed, else yesterday's, else 0) and whether today
/// is signed.
pub fn current_streak(
    connection: &Connection,
    user_id: UserId,
    today: &OperatorDay,
) -> Result<(i64, bool), AppError> {
    if let Some(streak) = sql::streak_on(connection, user_id, &today.key())? {
        return Ok((streak, true));
    }
    Ok((yesterday_streak(connection, user_id, today)?.unwrap_or(0), false))
}

/// Whether `user_id` signed in today and his streak (the home page's sign-in entry).
pub fn today(
    connection: &Connection,
    user_id: UserId,
    settings: &SigninSettings,
    now: Timestamp,
) -> Result<SigninToday, AppError> {
    let today = OperatorDay::containing(settings.timezone, now);
    let (streak, signed_today) = current_streak(connection, user_id, &today)?;
    Ok(SigninToday { offered: settings.table.enabled, signed_today, streak })
}

/// The sign-in page: today, the streak, the reward table and the signed days of `month` (the
/// current month when `None`).
pub fn index(
    connection: &Connection,
    user_id: UserId,
    month: Option<Month>,
    settings: &SigninSettings,
    now: Timestamp,
) -> Result<SigninIndex, AppError> {
    let today = OperatorDay::containing(settings.timezone, now);
    let (streak, signed_today) = current_streak(connection, user_id, &today)?;
    let table = &settings.table;
    let (today_streak, next_streak) =
        if signed_today { (streak, streak + 1) } else { (streak + 1, streak + 1) };
    let month = month.unwrap_or_else(|| Month::of(today.date));
    let range = (date_key(month.first_day()), date_key(month.next_first_day()));
    let days = sql::days_between(connection, user_id, (&range.0, &range.1))?;
    let rewards = table
        .rewards
        .iter()
        .zip(1..)
        .map(|(reward, day)| RewardDay { day, reward: *reward })
        .collect();
    Ok(SigninIndex {
        today: today.key(),
        signed_today,
        streak,
        today_reward: table.reward_for(today_streak),
        next_reward: table.reward_for(next_streak),
        next_day: i64::try_from(table.position_of(next_streak)).unwrap_or(1),
        rewards,
        after_last: match table.after_last {
            SigninCycle::RepeatLast => "repeat_last",
            SigninCycle::Restart => "restart",
        },
        enabled: table.enabled,
        recharge_first: table.recharge_first,
        deposit_needed: table.recharge_first
            && wallet::deposits::passed_count(connection, user_id)? == 0,
        month: month.key(),
        days,
    })
}

/// Sign-ins `history` lists.
pub const HISTORY_DAYS: i64 = 60;

/// One player's streak, totals and latest `HISTORY_DAYS` sign-ins, for the operator.
pub fn history(
    connection: &Connection,
    user_id: UserId,
    settings: &SigninSettings,
    now: Timestamp,
) -> Result<SigninHistory, AppError> {
    let today = OperatorDay::containing(settings.timezone, now);
    let (streak, signed_today) = current_streak(connection, user_id, &today)?;
    let (total_days, total_reward) = sql::totals(connection, user_id)?;
    Ok(SigninHistory {
        user_id,
        streak,
        signed_today,
        total_days,
        total_reward,
        recent: sql::recent_days(connection, user_id, HISTORY_DAYS)?,
    })
}

/// Who signed in on the operator's `date` (YYYY-MM-DD) and what each was paid.
pub fn day(connection: &Connection, date: chrono::NaiveDate) -> Result<Vec<DaySignin>, AppError> {
    sql::on_day(connection, &date_key(date))
}
