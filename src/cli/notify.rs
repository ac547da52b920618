//! `fairhall admin notify ...`: the operator's notifications (`notify`): the delivery log, and
//! a test message sent at once to every configured channel.

use super::shared::{format_time, print_json_or, print_table};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::notify::{self, Delivery, NotifySettings};
use crate::scheduler::notify::NotifyJob;
use clap::Subcommand;

/// Deliveries `admin notify log` prints at most.
const LOG_LIMIT_MAX: i64 = 1000;

#[derive(Subcommand)]
pub enum NotifyCommand {
    /// The deliveries, newest first: id, event, channel, tries, state (delivered, waiting,
    /// given_up), last error and times.
    Log {
        /// How many to show (at most 1000).
        #[arg(long, default_value_t = 20)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Send a test message now to each configured channel and print how each went (it is
    /// kept in the log, and retried like any other when it fails).
    Test {
        /// Print the outcome as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_notify(
    db: &Db,
    config: &Config,
    command: NotifyCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    match command {
        NotifyCommand::Log { limit, json } => print_log(db, limit, json).await,
        NotifyCommand::Test { json } => send_test(db, config, json, now).await,
    }
}

async fn print_log(db: &Db, limit: i64, json: bool) -> anyhow::Result<()> {
    let limit = limit.clamp(1, LOG_LIMIT_MAX);
    let deliveries = db.read(move |connection| notify::log(connection, limit)).await?;
    print_json_or(json, &deliveries, |deliveries| {
        let rows: Vec<Vec<String>> = deliveries.iter().map(log_row).collect();
        print_table(
            &["id", "event", "channel", "tries", "state", "last error", "created", "settled/next"],
            &rows,
        );
    })
}

fn log_row(delivery: &Delivery) -> Vec<String> {
    let settled = delivery.delivered_at.or(delivery.given_up_at).or(delivery.next_attempt_at);
    vec![
        delivery.id.to_string(),
        delivery.event.clone(),
        delivery.channel.clone(),
        delivery.attempts.to_string(),
        delivery.state.clone(),
        delivery.last_error.clone().unwrap_or_default(),
        format_time(delivery.created_at),
        settled.map(format_time).unwrap_or_default(),
    ]
}

async fn send_test(db: &Db, config: &Config, json: bool, now: Timestamp) -> anyhow::Result<()> {
    let settings = NotifySettings::from_config(config);
    if settings.channels().is_empty() {
        anyhow::bail!(
            "no notification channel is configured: set [notify] webhook_url and webhook_secret, \
             or telegram_bot_token and telegram_chat_id (docs/console.md#notifications)"
        );
    }
    let enqueued = settings.clone();
    let claimed = db.write(move |tx| notify::enqueue_test(tx, &enqueued, now)).await?;
    let sent = NotifyJob::new(db.clone(), settings).send(claimed, now).await?;
    let failed = sent.iter().filter(|outcome| outcome.error.is_some()).count();
    print_json_or(json, &sent, |sent| {
        for outcome in sent {
            match &outcome.error {
                None => println!("{}: delivered (delivery {})", outcome.channel, outcome.id),
                Some(error) => println!(
                    "{}: FAILED (delivery {}, {}): {error}",
                    outcome.channel, outcome.id, outcome.state
                ),
            }
        }
    })?;
    if failed > 0 {
        anyhow::bail!("{failed} of {} test messages failed", sent.len());
    }
    Ok(())
}
