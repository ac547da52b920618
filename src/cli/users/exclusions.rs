//! `admin user exclusions`: the players' time-outs and self-exclusions, and the one documented
//! process that lifts one early (docs/player-protection.md). No other command shortens or
//! lifts a running exclusion.

use super::rows::{or_dash, print_table};
use crate::cli::shared::{explain, find_user, format_time, print_json_or};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::flows::{self, protection::ListedExclusion};
use crate::protection;
use clap::{Args, Subcommand};

/// Characters a lift's `--reason` may have.
const REASON_LENGTH_MAX: usize = 500;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ExclusionsArgs {
    #[command(subcommand)]
    pub command: Option<ExclusionCommand>,
    /// Every time-out and self-exclusion ever taken, not only the running ones.
    #[arg(long)]
    pub all: bool,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand)]
pub enum ExclusionCommand {
    /// The documented process only: lift a player's running time-out or self-exclusion
    /// early, with the reason (recorded, and in the audit log). Refused without
    /// --documented-process.
    Lift {
        /// The player: his id, phone or login name.
        user: String,
        /// Why, as the documented process records it.
        #[arg(long)]
        reason: String,
        /// Confirms the steps of docs/player-protection.md ("Lifting an exclusion early") were
        /// followed.
        #[arg(long)]
        documented_process: bool,
    },
}

pub async fn run_exclusions(
    db: &Db,
    args: ExclusionsArgs,
    by: &str,
    now: Timestamp,
) -> anyhow::Result<()> {
    match args.command {
        None => list(db, args.all, args.json, now).await,
        Some(ExclusionCommand::Lift { user, reason, documented_process }) => {
            lift(db, (user, reason, documented_process), by, now).await
        }
    }
}

async fn list(db: &Db, all: bool, json: bool, now: Timestamp) -> anyhow::Result<()> {
    let records =
        db.read(move |connection| flows::protection::exclusions(connection, all, now)).await;
    print_json_or(json, &records.map_err(explain)?, |records| print_records(records, now))
}

fn print_records(records: &[ListedExclusion], now: Timestamp) {
    let rows = records.iter().map(|ListedExclusion { exclusion: record, phone }| {
        let state = match record.lifted_at {
            Some(at) => format!("lifted {}", format_time(at)),
            None if record.until > now && record.started_at <= now => "running".into(),
            None => "ended".into(),
        };
        vec![
            record.exclusion_id.to_string(),
            record.user_id.to_string(),
            phone.clone(),
            record.kind.replace('_', "-"),
            record.duration.clone(),
            format_time(record.started_at),
            format_time(record.until),
            state,
            or_dash(record.lift_reason.clone()),
        ]
    });
    let header = ["id", "user", "phone", "kind", "length", "started", "until", "state", "reason"];
    print_table(&header, rows.collect());
}

async fn lift(
    db: &Db,
    (user, reason, documented_process): (String, String, bool),
    by: &str,
    now: Timestamp,
) -> anyhow::Result<()> {
    if !documented_process {
        anyhow::bail!(
            "a time-out or self-exclusion is lifted early only by the documented process \
             (docs/player-protection.md): follow it, then run this command again with \
             --documented-process"
        );
    }
    let reason = reason.trim().to_string();
    if reason.is_empty() || reason.chars().count() > REASON_LENGTH_MAX {
        anyhow::bail!(
            "--reason: give the reason the process records (1 to {REASON_LENGTH_MAX} characters)"
        );
    }
    let user_id = find_user(db, user).await?;
    let operator = by.to_string();
    let lifted = db
        .write(move |tx| protection::lift_exclusions(tx, user_id, (&operator, &reason), now))
        .await
        .map_err(explain)?;
    println!("user {user_id}: {lifted} running exclusion(s) lifted by the documented process");
    Ok(())
}
