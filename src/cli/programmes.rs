//! `fairhall admin programme ...`: across the reward programmes.

use super::shared::{explain, print_table};
use crate::config::BudgetConfig;
use crate::db::Db;
use crate::flows::reports::programme_cost::{self as cost, CostReport, DayRange};
use crate::money::Money;
use chrono::NaiveDate;
use chrono_tz::Tz;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum ProgrammeCommand {
    /// What each programme paid players, per day in the operator's time zone, from the ledger.
    Cost {
        /// First day, YYYY-MM-DD.
        #[arg(long)]
        from: NaiveDate,
        /// Last day (included), YYYY-MM-DD; at most 366 days after --from.
        #[arg(long)]
        to: NaiveDate,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_programme(
    db: &Db,
    (timezone, budget): (Tz, BudgetConfig),
    command: ProgrammeCommand,
) -> anyhow::Result<()> {
    match command {
        ProgrammeCommand::Cost { from, to, json } => {
            let range = DayRange::new(from, to).map_err(|error| match error {
                crate::error::AppError::BadParams => anyhow::anyhow!("--to is before --from"),
                crate::error::AppError::LimitExceeded => {
                    anyhow::anyhow!("a report covers at most {} days", cost::COST_DAYS_MAX)
                }
                other => explain(other),
            })?;
            let report = db
                .read(move |connection| {
                    cost::programme_cost(connection, (timezone, &budget), range)
                })
                .await
                .map_err(explain)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print_cost(&report);
            }
            Ok(())
        }
    }
}

fn print_cost(report: &CostReport) {
    let row = |date: String, programme: String, entries: String, amount: String| {
        vec![date, programme, entries, amount]
    };
    let mut rows = Vec::new();
    for day in &report.days {
        for cost in &day.programmes {
            let (entries, amount) = (cost.entries.to_string(), cost.amount.to_string());
            rows.push(row(day.date.to_string(), cost.programme.to_string(), entries, amount));
        }
        rows.push(row(day.date.to_string(), "all".into(), "-".into(), day.total.to_string()));
    }
    for cost in &report.totals {
        let (entries, amount) = (cost.entries.to_string(), cost.amount.to_string());
        rows.push(row("total".into(), cost.programme.to_string(), entries, amount));
    }
    rows.push(row("total".into(), "all".into(), "-".into(), report.total.to_string()));
    print_table(&["date", "programme", "entries", "amount"], &rows);
    let cap = |cap: Option<Money>| cap.map_or_else(|| "-".to_string(), |cap| cap.to_string());
    let budget: Vec<Vec<String>> = report
        .days
        .iter()
        .flat_map(|day| {
            day.budget.iter().map(|spend| {
                vec![
                    day.date.clone(),
                    spend.programme.to_string(),
                    spend.paid.to_string(),
                    spend.capped.to_string(),
                    cap(spend.daily_cap),
                    cap(spend.per_player_cap),
                ]
            })
        })
        .collect();
    println!();
    println!("budget ([growth.budget]; paid counts envelopes when reserved):");
    let headers = ["date", "programme", "paid", "held back", "daily cap", "per player cap"];
    print_table(&headers, &budget);
}
