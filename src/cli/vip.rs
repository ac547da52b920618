//! `fairhall admin vip ...`: the VIP level table, one player's level and distance to the next,
//! and what the deposit programmes and VIP upgrades paid. The table and the programmes' rates
//! are `[growth]` config; these commands only read.

use super::shared::{explain, find_user, format_time, print_table};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::growth::deposit_rewards::{self, PaidReward, RewardFilter};
use crate::growth::vip::{self, LevelBenefits, Overview, Upgrade};
use chrono::TimeZone;
use chrono_tz::Tz;
use clap::Subcommand;
use serde::Serialize;

#[derive(Subcommand)]
pub enum VipCommand {
    /// The level table: conditions and benefits of every level.
    Levels {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// One player's level, totals, distance to the next level and upgrade rewards paid.
    Show {
        /// The player's id, phone or login name.
        user: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// What the first-deposit bonus, the cashback, the VIP deposit reward and the VIP upgrades
    /// paid, newest first, with a total per programme.
    Rewards {
        /// Only this player's (id, phone or login name).
        #[arg(long)]
        user: Option<String>,
        /// From this operator-local day (YYYY-MM-DD), inclusive.
        #[arg(long)]
        from: Option<String>,
        /// Up to this operator-local day (YYYY-MM-DD), inclusive.
        #[arg(long)]
        to: Option<String>,
        /// How many rows to show, at most 1000.
        #[arg(long, default_value_t = 100)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_vip(db: &Db, config: &Config, command: VipCommand) -> anyhow::Result<()> {
    match command {
        VipCommand::Levels { json } => {
            let levels = vip::levels(&config.growth.vip);
            if json {
                println!("{}", serde_json::to_string_pretty(&levels)?);
            } else {
                print_levels(&levels);
            }
        }
        VipCommand::Show { user, json } => {
            let user_id = find_user(db, user).await?;
            let levels = config.growth.vip.clone();
            let (overview, upgrades) = db
                .read(move |connection| {
                    Ok((
                        vip::overview(connection, user_id, &levels)?,
                        vip::upgrades(connection, user_id)?,
                    ))
                })
                .await
                .map_err(explain)?;
            if json {
                let shown = Shown { overview: &overview, upgrades: &upgrades };
                println!("{}", serde_json::to_string_pretty(&shown)?);
            } else {
                print_player(&overview, &upgrades);
            }
        }
        VipCommand::Rewards { user, from, to, limit, json } => {
            let timezone = config.timezone();
            let user_id = match user {
                Some(user) => Some(find_user(db, user).await?),
                None => None,
            };
            let filter = RewardFilter {
                user_id,
                from: from.as_deref().map(|day| day_start(day, timezone, 0)).transpose()?,
                to: to.as_deref().map(|day| day_start(day, timezone, 1)).transpose()?,
                limit,
            };
            let rewards = db
                .read(move |connection| deposit_rewards::rewards(connection, &filter))
                .await
                .map_err(explain)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&rewards)?);
            } else {
                print_rewards(&rewards);
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    overview: &'a Overview,
    upgrades: &'a [Upgrade],
}

/// The start of the operator-local day `text` (YYYY-MM-DD) plus `days_after` days.
fn day_start(text: &str, timezone: Tz, days_after: u64) -> anyhow::Result<Timestamp> {
    let date = chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| anyhow::anyhow!("{text:?} is not a day like 2026-11-24"))?;
    let date = date
        .checked_add_days(chrono::Days::new(days_after))
        .ok_or_else(|| anyhow::anyhow!("{text:?} is out of range"))?;
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    let start = timezone
        .from_local_datetime(&midnight)
        .earliest()
        .ok_or_else(|| anyhow::anyhow!("{text:?} has no midnight in {timezone}"))?;
    Ok(Timestamp::from_datetime(&start))
}

fn print_levels(levels: &[LevelBenefits]) {
    let rows: Vec<Vec<String>> = levels
        .iter()
        .map(|level| {
            vec![
                format!("VIP{}", level.level),
                level.total_deposit.to_string(),
                level.betting_points.to_string(),
                level.upgrade_reward.to_string(),
                level.withdraw_single_max.to_string(),
                level.withdraw_daily_count.to_string(),
                format!("{} bp", level.deposit_reward_bp),
            ]
        })
        .collect();
    let headers = [
        "level",
        "total deposit",
        "betting points",
        "upgrade reward",
        "withdraw single max",
        "withdraw daily count",
        "deposit reward",
    ];
    print_table(&headers, &rows);
}

fn print_player(overview: &Overview, upgrades: &[Upgrade]) {
    println!("{:<16}VIP{}", "level", overview.level);
    println!("{:<16}{}", "total_deposit", overview.totals.total_deposit);
    println!("{:<16}{}", "betting_points", overview.totals.betting_points);
    match &overview.next {
        Some(next) => println!(
            "{:<16}VIP{}: deposit {} and betting {} still needed",
            "next", next.level, next.deposit_needed, next.betting_needed
        ),
        None => println!("{:<16}none (top level)", "next"),
    }
    println!("upgrade rewards paid:");
    for upgrade in upgrades {
        println!("  VIP{}\t{}\t{}", upgrade.level, upgrade.reward, format_time(upgrade.reached_at));
    }
}

fn print_rewards(rewards: &[PaidReward]) {
    let dash = || "-".to_string();
    let mut totals: Vec<(&str, i64, i64)> = Vec::new();
    let mut rows = Vec::new();
    for reward in rewards {
        rows.push(vec![
            format_time(reward.paid_at),
            reward.user_id.to_string(),
            reward.programme.clone(),
            reward.deposit_id.map_or_else(dash, |id| id.to_string()),
            reward.deposit_amount.map_or_else(dash, |amount| amount.to_string()),
            format!("{} bp", reward.rate_bp),
            reward.amount.to_string(),
            reward.released.to_string(),
            reward.vip_level.map_or_else(dash, |level| level.to_string()),
        ]);
        let (amount, released) = (reward.amount.minor(), reward.released.minor());
        match totals.iter_mut().find(|(programme, _, _)| *programme == reward.programme) {
            Some((_, total, total_released)) => {
                *total += amount;
                *total_released += released;
            }
            None => totals.push((&reward.programme, amount, released)),
        }
    }
    let headers = [
        "paid at",
        "user",
        "programme",
        "deposit",
        "deposit amount",
        "rate",
        "amount",
        "released",
        "vip level",
    ];
    print_table(&headers, &rows);
    println!("{} rewards", rewards.len());
    let totals: Vec<Vec<String>> = totals
        .into_iter()
        .map(|(programme, total, released)| {
            let format = crate::money::format_signed;
            vec![programme.to_string(), format(total), format(released)]
        })
        .collect();
    if !totals.is_empty() {
        // A deposit bonus is granted, then released to the wallet by play.
        print_table(&["programme", "total", "released"], &totals);
    }
}
