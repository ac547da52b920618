//! `fairhall admin task ...`: operator-defined tasks (create, update, list, show, close) and
//! their claims. Flags are checked whole by `growth::tasks`, which names the one it refuses.

use super::shared::{
    LangText, explain, lang_text, not_found, print_json_or, print_table, texts_by_code,
};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::tasks::types::{TaskClaim, TaskError, TaskInput, TaskRecord};
use crate::growth::tasks::{self, TaskSettings};
use chrono::TimeZone;
use chrono_tz::Tz;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum TaskCommand {
    /// Create a task; prints its id. Needs --kind, --target, --reward and a --title.
    Create(TaskArgs),
    /// Change a task's target, reward, order, window or texts (kind and daily are fixed).
    Update {
        /// The task's id (`task list` shows them).
        id: i64,
        #[command(flatten)]
        args: TaskArgs,
    },
    /// Every task, newest first, with its claims and what they paid.
    List {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// One task's every field and texts.
    Show {
        /// The task's id (`task list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Close a task: players no longer see or claim it; its claims stay.
    Close {
        /// The task's id (`task list` shows them).
        id: i64,
    },
    /// A task's latest claims, newest first.
    Claims {
        /// The task's id (`task list` shows them).
        id: i64,
        /// How many to show, at most 1000.
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args)]
pub struct TaskArgs {
    /// What the task counts: bet_count, bet_amount, deposit, invite (direct invitees with a
    /// passed deposit) or signin (the continuous sign-in streak).
    #[arg(long)]
    kind: Option<String>,
    /// A count (bet_count, invite, signin) or an amount like "100.00" (bet_amount, deposit).
    #[arg(long)]
    target: Option<String>,
    /// The reward, paid from `bonus`, e.g. "5.00".
    #[arg(long)]
    reward: Option<String>,
    /// Counted over the operator's day and claimable once a day (bet and deposit kinds);
    /// without it the task counts all time and is claimed once.
    #[arg(long)]
    daily: bool,
    /// Place in the players' list, lowest first (default 0, then by id).
    #[arg(long)]
    sort: Option<i64>,
    /// Open from "YYYY-MM-DD HH:MM" (operator time) or unix seconds; "" for no start.
    #[arg(long)]
    start: Option<String>,
    /// Open until this time; "" for no end.
    #[arg(long)]
    end: Option<String>,
    /// The title in one language, e.g. --title "en=Bet 3 times today"; repeat per language.
    #[arg(long = "title", value_name = "LANG=TEXT", value_parser = lang_text)]
    titles: Vec<LangText>,
    /// The description in one language (that language needs a title), like --title.
    #[arg(long = "description", value_name = "LANG=TEXT", value_parser = lang_text)]
    descriptions: Vec<LangText>,
}

/// Most claims one `task claims` prints.
const CLAIMS_LIMIT_MAX: i64 = 1_000;

pub async fn run_task(
    db: &Db,
    settings: TaskSettings,
    command: TaskCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let timezone = settings.timezone;
    match command {
        TaskCommand::Create(args) => {
            let input = input_of(args)?;
            let written =
                db.write(move |tx| through_writer(tasks::create(tx, &input, &settings, now)));
            let id = written.await.map_err(refusal)?;
            println!("created task {id}");
        }
        TaskCommand::Update { id, args } => {
            let input = input_of(args)?;
            let written =
                db.write(move |tx| through_writer(tasks::update(tx, id, &input, &settings, now)));
            written.await.map_err(refusal)?;
            println!("updated task {id}");
        }
        TaskCommand::List { json } => {
            let records = db.read(tasks::list).await.map_err(explain)?;
            print_json_or(json, &records, |records| print_tasks(records, timezone))?;
        }
        TaskCommand::Show { id, json } => {
            let record = db.read(move |connection| tasks::show(connection, id)).await?;
            let record = record.ok_or_else(|| not_found(format!("task {id}: no such task")))?;
            print_json_or(json, &record, |record| print_task(record, timezone))?;
        }
        TaskCommand::Close { id } => {
            db.write(move |tx| tasks::close(tx, id, now)).await.map_err(|error| match error {
                AppError::NotFound => not_found(format!("task {id}: no such open task")),
                other => explain(other),
            })?;
            println!("closed task {id}: players no longer see it");
        }
        TaskCommand::Claims { id, limit, json } => {
            let limit = limit.clamp(1, CLAIMS_LIMIT_MAX);
            let claims = db.read(move |connection| tasks::claims(connection, id, limit)).await;
            let claims = claims.map_err(|error| match error {
                AppError::NotFound => not_found(format!("task {id}: no such task")),
                other => explain(other),
            })?;
            print_json_or(json, &claims, |claims| print_claims(claims, timezone))?;
        }
    }
    Ok(())
}

/// The flags as the domain's input.
fn input_of(args: TaskArgs) -> anyhow::Result<TaskInput> {
    Ok(TaskInput {
        kind: args.kind,
        target: args.target,
        reward: args.reward,
        daily: args.daily,
        sort: args.sort,
        start: args.start,
        end: args.end,
        titles: texts_by_code("--title", args.titles)?,
        descriptions: texts_by_code("--description", args.descriptions)?,
    })
}

/// A task refusal carried out of the writer as an error, so that the write's savepoint rolls
/// back whatever it did before refusing.
fn through_writer<T>(result: Result<T, TaskError>) -> Result<T, AppError> {
    result.map_err(|error| match error {
        TaskError::Db(error) => error,
        refused @ TaskError::Invalid(_) => AppError::Internal(anyhow::Error::new(refused)),
    })
}

/// The domain's message, which names the flag, for a refusal; any other error explained.
fn refusal(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) if cause.is::<TaskError>() => cause,
        other => explain(other),
    }
}

fn local_time(time: Option<Timestamp>, timezone: Tz) -> String {
    time.and_then(|time| timezone.timestamp_opt(time.secs(), 0).single())
        .map_or_else(|| "-".into(), |local| local.format("%Y-%m-%d %H:%M").to_string())
}

fn title_of(record: &TaskRecord) -> &str {
    record.texts.first().map_or("-", |text| text.title.as_str())
}

fn state_of(record: &TaskRecord) -> &'static str {
    if record.closed_at.is_some() { "closed" } else { "open" }
}

fn print_tasks(records: &[TaskRecord], timezone: Tz) {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|record| {
            vec![
                record.id.to_string(),
                state_of(record).to_string(),
                record.kind.code().to_string(),
                record.target.clone(),
                record.reward.to_string(),
                super::shared::yes_no(record.daily).to_string(),
                record.sort.to_string(),
                format!(
                    "{} to {}",
                    local_time(record.start_at, timezone),
                    local_time(record.end_at, timezone)
                ),
                record.claims.to_string(),
                record.paid.to_string(),
                title_of(record).to_string(),
            ]
        })
        .collect();
    let headers = [
        "id", "state", "kind", "target", "reward", "daily", "sort", "window", "claims", "paid",
        "title",
    ];
    print_table(&headers, &rows);
    println!("{} tasks", records.len());
}

fn print_task(record: &TaskRecord, timezone: Tz) {
    println!("id\t{}", record.id);
    println!("state\t{}", state_of(record));
    println!("kind\t{}", record.kind.code());
    println!("target\t{}", record.target);
    println!("reward\t{}", record.reward);
    println!("daily\t{}", super::shared::yes_no(record.daily));
    println!("sort\t{}", record.sort);
    println!("start\t{}", local_time(record.start_at, timezone));
    println!("end\t{}", local_time(record.end_at, timezone));
    println!("closed\t{}", local_time(record.closed_at, timezone));
    println!("created\t{}", local_time(Some(record.created_at), timezone));
    println!("claims\t{}", record.claims);
    println!("paid\t{}", record.paid);
    for text in &record.texts {
        println!("title.{}\t{}", text.lang, text.title);
        if !text.description.is_empty() {
            println!("description.{}\t{}", text.lang, text.description);
        }
    }
}

fn print_claims(claims: &[TaskClaim], timezone: Tz) {
    let rows: Vec<Vec<String>> = claims
        .iter()
        .map(|claim| {
            let period = if claim.period.is_empty() { "-" } else { claim.period.as_str() };
            vec![
                claim.user_id.to_string(),
                period.to_string(),
                claim.reward.to_string(),
                local_time(Some(claim.claimed_at), timezone),
            ]
        })
        .collect();
    print_table(&["user", "period", "reward", "claimed at"], &rows);
    println!("{} claims", claims.len());
}
