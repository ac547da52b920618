//! `fairhall admin team|rebate|salary ...`: a player's three-level team, the rebate and
//! commission batches (list, run one now), and the weekly salary (list, pay the ended weeks
//! now, one partner's). A readable table by default, `--json` for scripts.

use super::shared::{
    explain, find_user, format_time, print_json_or, print_table, refuse_thin_edge,
};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::growth::rebates::{self, BatchSummary};
use crate::growth::salary::{self, SalaryOverview, SalaryPayout, Week, WeekReport};
use crate::growth::team::{self, TeamSummary};
use crate::paging::Paging;
use anyhow::Context;
use clap::{Args, Subcommand};
use std::sync::Arc;

#[derive(Args)]
pub struct TeamArgs {
    /// The partner: id, phone or login name.
    user: String,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand)]
pub enum RebateCommand {
    /// The batches, newest first: the span of settlement times each paid, its bets and total.
    Batches {
        /// Which page (1: the first).
        #[arg(long, default_value_t = 1)]
        page: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Pay a batch now of the bets settled since the last one (the scheduler's hourly job).
    Run {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum SalaryCommand {
    /// Salaries paid, newest week first; --week names any day (YYYY-MM-DD) of one week.
    List {
        /// Any day (YYYY-MM-DD) of the week to show (default: every week).
        #[arg(long)]
        week: Option<String>,
        /// Which page (1: the first).
        #[arg(long, default_value_t = 1)]
        page: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Pay every week that has ended unpaid now (the scheduler's Monday job).
    Run {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// One partner: his team's volume this week so far and his salary history.
    Show {
        /// The player: his id, phone or login name.
        user: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_team(db: &Db, args: TeamArgs) -> anyhow::Result<()> {
    let user = find_user(db, args.user).await?;
    let summary = db.read(move |connection| team::summary(connection, user)).await;
    print_json_or(args.json, &summary.map_err(explain)?, print_team)
}

fn print_team(summary: &TeamSummary) {
    println!("invite code {} ({})", summary.invite_code, summary.invite_path);
    let rows: Vec<Vec<String>> = summary
        .levels
        .iter()
        .chain([&summary.total])
        .map(|row| {
            let level = if row.level == 0 { "total".to_string() } else { row.level.to_string() };
            let amounts = [row.recharge, row.bets, row.withdrawals, row.bonus];
            let mut cells = vec![level, row.people.to_string()];
            cells.extend(amounts.iter().map(ToString::to_string));
            cells
        })
        .collect();
    let headers = ["level", "people", "recharge", "bets", "withdrawals", "commission"];
    print_table(&headers, &rows);
}

pub async fn run_rebate(
    db: &Db,
    config: &Config,
    command: RebateCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    match command {
        RebateCommand::Batches { page, json } => {
            let paging = Paging::parse(Some(&page.to_string()), None).map_err(explain)?;
            let batches = db.read(move |connection| rebates::batches(connection, paging)).await;
            print_json_or(json, &batches.map_err(explain)?.list, |batches| print_batches(batches))
        }
        RebateCommand::Run { json } => {
            refuse_thin_edge(db, &config.growth, None).await?;
            let (growth, timezone) = (Arc::new(config.growth.clone()), config.timezone());
            let batch = db.write(move |tx| rebates::run_batch(tx, (&growth, timezone), now)).await;
            let batch = batch.map_err(explain)?;
            print_json_or(json, &batch, |batch| match batch {
                Some(batch) => print_batches(std::slice::from_ref(batch)),
                None => println!("nothing settled since the last batch"),
            })
        }
    }
}

fn print_batches(batches: &[BatchSummary]) {
    let rows: Vec<Vec<String>> = batches
        .iter()
        .map(|batch| {
            vec![
                batch.batch_id.to_string(),
                format_time(batch.settled_from),
                format_time(batch.settled_until),
                format_time(batch.ran_at),
                batch.bets.to_string(),
                batch.stake.to_string(),
                batch.paid.to_string(),
            ]
        })
        .collect();
    let headers = ["batch", "settled from", "settled until", "ran at", "bets", "stake", "paid"];
    print_table(&headers, &rows);
}

pub async fn run_salary(
    db: &Db,
    config: &Config,
    command: SalaryCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let timezone = config.timezone();
    match command {
        SalaryCommand::List { week, page, json } => {
            let week = week
                .map(|text| {
                    let date = chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d");
                    date.with_context(|| format!("--week {text:?} is not a date like 2026-11-23"))
                })
                .transpose()?
                .map(|date| Week::of_date(timezone, date).start);
            let paging = Paging::parse(Some(&page.to_string()), None).map_err(explain)?;
            let payouts =
                db.read(move |connection| salary::payouts(connection, None, week, paging)).await;
            print_json_or(json, &payouts.map_err(explain)?.list, |payouts| print_payouts(payouts))
        }
        SalaryCommand::Run { json } => {
            refuse_thin_edge(db, &config.growth, None).await?;
            let growth = Arc::new(config.growth.clone());
            let mut weeks: Vec<WeekReport> = Vec::new();
            loop {
                let growth = growth.clone();
                let paid = db.write(move |tx| salary::pay_next_week(tx, &growth, timezone, now));
                match paid.await.map_err(explain)? {
                    Some(week) => weeks.push(week),
                    None => break,
                }
            }
            print_json_or(json, &weeks, |weeks| {
                for week in weeks {
                    let start = format_time(week.week.start);
                    println!("week from {start}: {} partners paid {}", week.partners, week.paid);
                }
                println!("{} weeks paid", weeks.len());
            })
        }
        SalaryCommand::Show { user, json } => {
            let user = find_user(db, user).await?;
            let (salary, paging) = (config.growth.salary.clone(), Paging { page: 1, limit: 100 });
            let overview = db
                .read(move |connection| {
                    salary::overview(connection, user, (&salary, timezone), paging, now)
                })
                .await;
            print_json_or(json, &overview.map_err(explain)?, print_overview)
        }
    }
}

fn print_payouts(payouts: &[SalaryPayout]) {
    let rows: Vec<Vec<String>> = payouts
        .iter()
        .map(|payout| {
            vec![
                payout.user_id.to_string(),
                format_time(payout.week_start),
                payout.volume.to_string(),
                payout.active.to_string(),
                payout.tier.to_string(),
                payout.amount.to_string(),
                format_time(payout.paid_at),
            ]
        })
        .collect();
    let headers = ["user", "week from", "volume", "active", "tier", "amount", "paid at"];
    print_table(&headers, &rows);
    println!("{} salaries", payouts.len());
}

fn print_overview(overview: &SalaryOverview) {
    println!(
        "this week (from {}): volume {}, active members {}, tier {}",
        format_time(overview.week.start),
        overview.volume,
        overview.active,
        overview.tier
    );
    print_payouts(&overview.history.list);
}
