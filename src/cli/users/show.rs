//! `admin user show USER`: the account, balances, limits, team and recent activity, as
//! `flows::player_report` reads them (the console's player page reads the same).

use super::rows::{or_dash, print_table, time_text};
use crate::cli::shared::{find_user, format_time, print_json_or};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::flows::player_report::{PlayerReport, RECENT_MAX, ReportSettings, player_report};
use crate::games::records::BetRecord;
use crate::ids::UserId;
use crate::ledger::Balances;
use crate::money::Money;
use crate::protection::{ProtectionSettings, ProtectionState};
use crate::wallet::WalletSettings;
use crate::wallet::records::ChangeRecord;
use serde::Serialize;

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
    let wallet = WalletSettings::from_config(config);
    let protection = ProtectionSettings::from_config(config, crate::flows::protection::PLAY_COUNTS);
    let report = db
        .read(move |connection| {
            let settings = ReportSettings { wallet: &wallet, protection: &protection };
            player_report(connection, user_id, &settings, recent, now)
        })
        .await?;
    print_json_or(json, &Report::from(report), print_report)
}

impl From<PlayerReport> for Report {
    fn from(report: PlayerReport) -> Report {
        let PlayerReport { account, inviter, grants, balances, limits, protection, team, .. } =
            report;
        let limits = Limits {
            withdraw_single_max: limits.withdraw_single_max,
            withdraw_daily_count: limits.withdraw_daily_count,
            withdrawals_today: limits.withdrawals_today,
            withdrawals_left_today: limits.withdrawals_left_today,
            deposits_pending: limits.deposits_pending,
            deposit_pending_max: limits.deposit_pending_max,
            turnover_remaining: limits.turnover_remaining,
        };
        let levels = team
            .levels
            .iter()
            .map(|figures| TeamLevel { level: figures.level, people: figures.people })
            .collect();
        Report {
            account: Account {
                id: account.id,
                phone: account.phone,
                login_name: account.username,
                nickname: account.nickname,
                invite_code: account.invite_code,
                inviter: inviter.map(|inviter| Inviter { id: inviter.id, phone: inviter.phone }),
                vip_level: account.vip_level,
                frozen_since: time_text(account.frozen_at),
                created_at: format_time(account.created_at),
                roles: grants.roles,
                permissions: grants.permissions,
            },
            balances,
            limits,
            protection,
            team: Team { levels, people: team.total.people },
            recent: Recent {
                entries: report.entries.into_iter().map(entry_row).collect(),
                logins: report
                    .logins
                    .into_iter()
                    .map(|login| LoginRow {
                        started_at: format_time(login.started_at),
                        address: login.address,
                        expires_at: format_time(login.expires_at),
                        ended_at: time_text(login.ended_at),
                    })
                    .collect(),
                bets: report.bets.into_iter().map(bet_row).collect(),
            },
        }
    }
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
