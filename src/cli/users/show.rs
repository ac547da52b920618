//! `admin user show USER`: the account, balances, limits, team and recent activity, each read
//! through its owning domain's read function in one read transaction.

use super::rows::{or_dash, print_table, time_text};
use crate::auth::{self, UserDetail};
use crate::cli::shared::{find_user, format_time, print_json_or};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use crate::games::records::{BetFilter, BetFilterForm, BetRecord};
use crate::ids::UserId;
use crate::ledger::{self, Balances};
use crate::money::Money;
use crate::protection::{self, ProtectionSettings, ProtectionState};
use crate::wallet::records::{self, Audience, ChangeFilter, ChangeFilterForm, ChangeRecord};
use crate::wallet::{self, WalletSettings, deposits, withdrawals};
use rusqlite::Connection;
use serde::Serialize;

/// The most recent entries, logins and bets `--recent` may ask for (a page of the records).
const RECENT_MAX: i64 = crate::paging::Paging::LIMIT_MAX;

#[derive(Serialize)]
struct Report {
    account: Account,
    balances: Balances,
    limits: Limits,
    /// Deposit and loss limits, reality check and running exclusion (`protection`).
    protection: ProtectionState,
    team: Team,
    recent: Recent,
}

#[derive(Serialize)]
struct Account {
    id: UserId,
    phone: String,
    login_name: Option<String>,
    nickname: String,
    invite_code: String,
    inviter: Option<Inviter>,
    vip_level: i64,
    frozen_since: Option<String>,
    created_at: String,
    roles: Vec<String>,
    permissions: Vec<String>,
}

#[derive(Serialize)]
struct Inviter {
    id: UserId,
    phone: String,
}

#[derive(Serialize)]
struct Limits {
    withdraw_single_max: Money,
    withdraw_daily_count: i64,
    withdrawals_today: i64,
    withdrawals_left_today: i64,
    deposits_pending: i64,
    deposit_pending_max: i64,
    turnover_remaining: Money,
}

#[derive(Serialize)]
struct Team {
    /// People per level, levels 1 to 3.
    levels: Vec<TeamLevel>,
    people: i64,
}

#[derive(Serialize)]
struct TeamLevel {
    level: u8,
    people: i64,
}

#[derive(Serialize)]
struct Recent {
    entries: Vec<EntryRow>,
    logins: Vec<LoginRow>,
    bets: Vec<BetRow>,
}

#[derive(Serialize)]
struct EntryRow {
    id: i64,
    account: String,
    kind: String,
    /// Signed: "-10.00" left the account.
    amount: String,
    balance_after: String,
    reference: String,
    memo: String,
    at: String,
}

#[derive(Serialize)]
struct LoginRow {
    started_at: String,
    /// The client's address; "" for sessions older than V24.
    address: String,
    expires_at: String,
    /// When it ended early (logout, password reset, freeze); null while it runs or ran out.
    ended_at: Option<String>,
}

#[derive(Serialize)]
struct BetRow {
    id: i64,
    order_no: String,
    room: String,
    issue: String,
    option: String,
    amount: Money,
    status: String,
    payout: Money,
    placed_at: String,
}

pub async fn show_user(
    db: &Db,
    config: &Config,
    (user, recent, json): (String, i64, bool),
    now: Timestamp,
) -> anyhow::Result<()> {
    if !(1..=RECENT_MAX).contains(&recent) {
        anyhow::bail!("--recent {recent}: give 1 to {RECENT_MAX}");
    }
    let user_id = find_user(db, user).await?;
    let settings = WalletSettings::from_config(config);
    let protection_settings =
        ProtectionSettings::from_config(config, crate::flows::protection::PLAY_COUNTS);
    let report = db.read(move |connection| {
        let detail = auth::user_detail(connection, user_id)?;
        Ok(Report {
            account: account(connection, detail)?,
            balances: ledger::balances(connection, user_id)?,
            limits: limits(connection, user_id, &settings, now)?,
            protection: protection::state(connection, user_id, &protection_settings, now)?,
            team: team(connection, user_id)?,
            recent: recent_activity(connection, user_id, recent)?,
        })
    });
    print_json_or(json, &report.await?, print_report)
}

fn account(connection: &Connection, detail: UserDetail) -> Result<Account, AppError> {
    let grants = auth::grants::grants(connection, detail.id)?;
    let inviter = match detail.inviter_id {
        Some(id) => Some(Inviter { id, phone: auth::user_detail(connection, id)?.phone }),
        None => None,
    };
    Ok(Account {
        id: detail.id,
        phone: detail.phone,
        login_name: detail.username,
        nickname: detail.nickname,
        invite_code: detail.invite_code,
        inviter,
        vip_level: detail.vip_level,
        frozen_since: time_text(detail.frozen_at),
        created_at: format_time(detail.created_at),
        roles: grants.roles,
        permissions: grants.permissions,
    })
}

fn limits(
    connection: &Connection,
    user_id: UserId,
    settings: &WalletSettings,
    now: Timestamp,
) -> Result<Limits, AppError> {
    let allowance = withdrawals::allowance(connection, user_id, settings, now)?;
    Ok(Limits {
        withdraw_single_max: allowance.single_max,
        withdraw_daily_count: allowance.daily_count,
        withdrawals_today: allowance.requested_today,
        withdrawals_left_today: allowance.left_today,
        deposits_pending: deposits::pending_count(connection, user_id)?,
        deposit_pending_max: settings.limits.deposit_pending_max,
        turnover_remaining: wallet::turnover_remaining(connection, user_id)?,
    })
}

fn team(connection: &Connection, user_id: UserId) -> Result<Team, AppError> {
    let summary = crate::growth::team::summary(connection, user_id)?;
    let levels = summary
        .levels
        .iter()
        .map(|figures| TeamLevel { level: figures.level, people: figures.people })
        .collect();
    Ok(Team { levels, people: summary.total.people })
}

fn recent_activity(
    connection: &Connection,
    user_id: UserId,
    recent: i64,
) -> Result<Recent, AppError> {
    let limit = Some(recent.to_string());
    let changes =
        ChangeFilter::parse(ChangeFilterForm { limit: limit.clone(), ..Default::default() })?;
    let bets = BetFilter::parse(BetFilterForm { limit, ..Default::default() })?;
    Ok(Recent {
        entries: records::account_changes(connection, user_id, &changes, Audience::Operator)?
            .list
            .into_iter()
            .map(entry_row)
            .collect(),
        logins: auth::recent_logins(connection, user_id, recent)?
            .into_iter()
            .map(|login| LoginRow {
                started_at: format_time(login.started_at),
                address: login.address,
                expires_at: format_time(login.expires_at),
                ended_at: time_text(login.ended_at),
            })
            .collect(),
        bets: crate::games::records::bet_records(connection, user_id, &bets)?
            .list
            .into_iter()
            .map(bet_row)
            .collect(),
    })
}

fn entry_row(change: ChangeRecord) -> EntryRow {
    EntryRow {
        id: change.id,
        account: change.account,
        kind: change.kind,
        amount: change.amount,
        balance_after: change.balance_after,
        reference: change.reference,
        memo: change.memo,
        at: format_time(change.created_at),
    }
}

fn bet_row(bet: BetRecord) -> BetRow {
    BetRow {
        id: bet.id,
        order_no: bet.order_no,
        room: bet.room,
        issue: bet.issue,
        option: bet.option,
        amount: bet.amount,
        status: bet.status,
        payout: bet.payout,
        placed_at: format_time(bet.placed_at),
    }
}

/// One `name value` line of a section, the names aligned.
fn field(name: &str, value: impl std::fmt::Display) {
    println!("  {name:<24}{value}");
}

fn print_report(report: &Report) {
    let account = &report.account;
    let list = |names: &[String]| if names.is_empty() { "-".into() } else { names.join(", ") };
    println!("account");
    field("id", account.id);
    field("phone", &account.phone);
    field("login name", or_dash(account.login_name.clone()));
    field("nickname", if account.nickname.is_empty() { "-" } else { &account.nickname });
    field("invite code", &account.invite_code);
    let inviter =
        account.inviter.as_ref().map(|inviter| format!("{} ({})", inviter.id, inviter.phone));
    field("inviter", or_dash(inviter));
    field("vip level", account.vip_level);
    field("frozen since", or_dash(account.frozen_since.clone()));
    field("created", &account.created_at);
    field("roles", list(&account.roles));
    field("permissions", list(&account.permissions));
    let balances = &report.balances;
    println!("\nbalances");
    field("wallet", balances.wallet);
    field("game", balances.game);
    field("savings", balances.savings);
    field("invested", balances.invest);
    field("frozen withdrawals", balances.frozen);
    let limits = &report.limits;
    println!("\nlimits");
    field("single withdrawal max", limits.withdraw_single_max);
    let withdrawals = format!(
        "{} left of {} ({} requested)",
        limits.withdrawals_left_today, limits.withdraw_daily_count, limits.withdrawals_today
    );
    field("withdrawals today", withdrawals);
    let deposits = format!("{} of at most {}", limits.deposits_pending, limits.deposit_pending_max);
    field("deposits pending", deposits);
    field("turnover still to bet", limits.turnover_remaining);
    print_protection(&report.protection);
    println!("\nteam");
    for level in &report.team.levels {
        field(&format!("level {}", level.level), format!("{} people", level.people));
    }
    field("in all", format!("{} people", report.team.people));
    print_recent(&report.recent);
}

fn print_protection(state: &ProtectionState) {
    println!("\nplayer protection");
    let kinds = [("deposit", &state.deposit_limits), ("loss", &state.loss_limits)];
    for (kind, limits) in kinds {
        for limit in limits.iter() {
            let amount =
                limit.amount.map_or_else(|| "none".to_string(), |amount| amount.to_string());
            let pending = limit.pending.as_ref().map_or_else(String::new, |pending| {
                let amount =
                    pending.amount.map_or_else(|| "none".into(), |amount| amount.to_string());
                format!(", {amount} from {}", format_time(pending.effective_at))
            });
            let text = format!("{amount} ({} counted{pending})", limit.used);
            field(&format!("{kind} limit per {}", limit.period), text);
        }
    }
    let reality = match state.reality_check_mins {
        0 => "off".to_string(),
        mins => format!("every {mins} minutes"),
    };
    field("reality check", reality);
    let exclusion = state.exclusion.as_ref().map(|exclusion| {
        let kind = exclusion.kind.replace('_', "-");
        format!(
            "{kind} since {} until {}",
            format_time(exclusion.started_at),
            format_time(exclusion.until)
        )
    });
    field("exclusion", or_dash(exclusion));
}

fn print_recent(recent: &Recent) {
    println!("\nrecent ledger entries");
    let entries = recent.entries.iter().map(|entry| {
        let cells = [&entry.at, &entry.account, &entry.kind, &entry.amount, &entry.balance_after];
        let mut row: Vec<String> = cells.into_iter().cloned().collect();
        row.push(entry.reference.clone());
        row
    });
    print_table(&["time", "account", "kind", "amount", "balance", "reference"], entries.collect());
    println!("\nrecent logins");
    let logins = recent.logins.iter().map(|login| {
        let address = if login.address.is_empty() { "-".into() } else { login.address.clone() };
        let ended = or_dash(login.ended_at.clone());
        vec![login.started_at.clone(), address, login.expires_at.clone(), ended]
    });
    print_table(&["started", "address", "expires", "ended"], logins.collect());
    println!("\nrecent bets");
    let bets = recent.bets.iter().map(|bet| {
        vec![
            bet.placed_at.clone(),
            bet.order_no.clone(),
            bet.room.clone(),
            bet.issue.clone(),
            bet.option.clone(),
            bet.amount.to_string(),
            bet.status.clone(),
            bet.payout.to_string(),
        ]
    });
    let header = ["time", "order", "room", "issue", "option", "amount", "status", "payout"];
    print_table(&header, bets.collect());
}
