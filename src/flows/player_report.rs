//! One player as the operator looks him up (`admin user show`, the console's player page): the
//! account, balances, limits, protection, team and recent activity, each read through its
//! owning domain in the caller's one read transaction.

use crate::auth::{self, UserDetail, grants::Grants};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::records::{BetFilter, BetFilterForm, BetRecord};
use crate::growth::team::TeamSummary;
use crate::ids::UserId;
use crate::ledger::{self, Balances};
use crate::money::Money;
use crate::protection::{self, ProtectionSettings, ProtectionState};
use crate::wallet::adjustments::{self, AdjustmentRequest};
use crate::wallet::records::{self, Audience, ChangeFilter, ChangeFilterForm, ChangeRecord};
use crate::wallet::{self, WalletSettings, deposits, withdrawals};
use rusqlite::Connection;
use serde::Serialize;

/// The most recent entries, logins and bets a report may hold (a page of the records).
pub const RECENT_MAX: i64 = crate::paging::Paging::LIMIT_MAX;

#[derive(Serialize)]
pub struct PlayerReport {
    pub account: UserDetail,
    pub inviter: Option<Inviter>,
    pub grants: Grants,
    pub balances: Balances,
    pub limits: PlayerLimits,
    /// Deposit and loss limits, reality check and running exclusion (`protection`).
    pub protection: ProtectionState,
    pub team: TeamSummary,
    /// Adjustments of his wallet waiting for a second operator (the four-eyes rule).
    pub adjustments_waiting: Vec<AdjustmentRequest>,
    pub entries: Vec<ChangeRecord>,
    pub logins: Vec<auth::LoginRecord>,
    pub bets: Vec<BetRecord>,
}

#[derive(Serialize)]
pub struct Inviter {
    pub id: UserId,
    pub phone: String,
}

#[derive(Serialize)]
pub struct PlayerLimits {
    pub withdraw_single_max: Money,
    pub withdraw_daily_count: i64,
    pub withdrawals_today: i64,
    pub withdrawals_left_today: i64,
    pub deposits_pending: i64,
    pub deposit_pending_max: i64,
    pub turnover_remaining: Money,
}

/// The settings a report reads the player's limits and protection with.
pub struct ReportSettings<'a> {
    pub wallet: &'a WalletSettings,
    pub protection: &'a ProtectionSettings,
}

/// The report of `user_id` with his `recent` (1 to `RECENT_MAX`) newest entries, logins and
/// bets.
pub fn player_report(
    connection: &Connection,
    user_id: UserId,
    settings: &ReportSettings,
    recent: i64,
    now: Timestamp,
) -> Result<PlayerReport, AppError> {
    let account = auth::user_detail(connection, user_id)?;
    let inviter = match account.inviter_id {
        Some(id) => Some(Inviter { id, phone: auth::user_detail(connection, id)?.phone }),
        None => None,
    };
    let limit = Some(recent.clamp(1, RECENT_MAX).to_string());
    let changes =
        ChangeFilter::parse(ChangeFilterForm { limit: limit.clone(), ..Default::default() })?;
    let bets = BetFilter::parse(BetFilterForm { limit, ..Default::default() })?;
    Ok(PlayerReport {
        inviter,
        grants: auth::grants::grants(connection, user_id)?,
        balances: ledger::balances(connection, user_id)?,
        limits: limits(connection, user_id, settings.wallet, now)?,
        protection: protection::state(connection, user_id, settings.protection, now)?,
        team: crate::growth::team::summary(connection, user_id)?,
        adjustments_waiting: adjustments::waiting_list(connection, Some(user_id))?,
        entries: records::account_changes(connection, user_id, &changes, Audience::Operator)?.list,
        logins: auth::recent_logins(connection, user_id, recent.clamp(1, RECENT_MAX))?,
        bets: crate::games::records::bet_records(connection, user_id, &bets)?.list,
        account,
    })
}

fn limits(
    connection: &Connection,
    user_id: UserId,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<PlayerLimits, AppError> {
    let allowance = withdrawals::allowance(connection, user_id, settings, now)?;
    Ok(PlayerLimits {
        withdraw_single_max: allowance.single_max,
        withdraw_daily_count: allowance.daily_count,
        withdrawals_today: allowance.requested_today,
        withdrawals_left_today: allowance.left_today,
        deposits_pending: deposits::pending_count(connection, user_id)?,
        deposit_pending_max: settings.limits.deposit_pending_max,
        turnover_remaining: wallet::turnover_remaining(connection, user_id)?,
    })
}
