//! `fairhall admin signin ...`: a player's sign-in streak and history, and who signed in on a
//! day.

use super::shared::{explain, find_user, print_table};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::growth::day::OperatorDay;
use crate::growth::signin::types::{DaySignin, SigninHistory};
use crate::growth::signin::{self, SigninSettings};
use chrono::{NaiveDate, TimeZone};
use chrono_tz::Tz;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum SigninCommand {
    /// A player's current streak, totals and latest sign-ins.
    Show {
        /// The player's id, phone or login name.
        user: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Who signed in on an operator day (default today) and what each was paid.
    Day {
        /// The operator's date, YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_signin(
    db: &Db,
    settings: SigninSettings,
    command: SigninCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let timezone = settings.timezone;
    match command {
        SigninCommand::Show { user, json } => {
            let user_id = find_user(db, user).await?;
            let history = db
                .read(move |connection| signin::history(connection, user_id, &settings, now))
                .await
                .map_err(explain)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&history)?);
            } else {
                print_history(&history);
            }
        }
        SigninCommand::Day { date, json } => {
            let date = match date {
                Some(text) => NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| {
                    anyhow::anyhow!("--date {text:?}: give the operator's date as YYYY-MM-DD")
                })?,
                None => OperatorDay::containing(timezone, now).date,
            };
            let signins =
                db.read(move |connection| signin::day(connection, date)).await.map_err(explain)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&signins)?);
            } else {
                print_day(date, &signins, timezone);
            }
        }
    }
    Ok(())
}

fn print_history(history: &SigninHistory) {
    println!("user\t{}", history.user_id);
    println!("streak\t{}", history.streak);
    println!("signed_today\t{}", super::shared::yes_no(history.signed_today));
    println!("days\t{}", history.total_days);
    println!("paid\t{}", history.total_reward);
    let rows: Vec<Vec<String>> = history
        .recent
        .iter()
        .map(|day| vec![day.date.to_string(), day.streak.to_string(), day.reward.to_string()])
        .collect();
    print_table(&["date", "streak", "reward"], &rows);
}

fn print_day(date: NaiveDate, signins: &[DaySignin], timezone: Tz) {
    let mut paid = 0;
    let mut rows = Vec::new();
    for signin in signins {
        let signed_at = timezone
            .timestamp_opt(signin.signed_at.secs(), 0)
            .single()
            .map_or_else(String::new, |local| local.format("%H:%M:%S").to_string());
        let (user, streak) = (signin.user_id.to_string(), signin.streak.to_string());
        rows.push(vec![user, streak, signin.reward.to_string(), signed_at]);
        paid += signin.reward.minor();
    }
    print_table(&["user", "streak", "reward", "signed at"], &rows);
    println!("{date}: {} sign-ins, {} paid", signins.len(), crate::money::format_signed(paid));
}
