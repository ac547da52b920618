//! `fairhall admin programme ...`: across the reward programmes.

use super::shared::explain;
use crate::db::Db;
use crate::growth::cost::{self, CostReport, DayRange};
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
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_programme(db: &Db, timezone: Tz, command: ProgrammeCommand) -> anyhow::Result<()> {
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
                .read(move |connection| cost::programme_cost(connection, timezone, range))
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
    println!("date\tprogramme\tentries\tamount");
    for day in &report.days {
        for cost in &day.programmes {
            println!("{}\t{}\t{}\t{}", day.date, cost.programme, cost.entries, cost.amount);
        }
        println!("{}\tall\t-\t{}", day.date, day.total);
    }
    for cost in &report.totals {
        println!("total\t{}\t{}\t{}", cost.programme, cost.entries, cost.amount);
    }
    println!("total\tall\t-\t{}", report.total);
}
