//! `fairhall admin envelope ...`: red envelopes. `create` prints the claim code once (only its
//! hash is stored); `withdraw` returns an envelope's remainder to `bonus` at once.

use super::shared::{explain, find_user, print_json_or, print_table};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::envelopes::types::{
    CreateError, Created, EnvelopeCode, EnvelopeReport, EnvelopeSummary, Mode, NewEnvelope, State,
    Target,
};
use crate::growth::envelopes::{self, EnvelopeSettings};
use crate::money::Money;
use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum EnvelopeCommand {
    /// Create an envelope; prints its code once (give it to the players).
    Create(CreateArgs),
    /// List envelopes, newest first.
    List {
        /// Only envelopes in this state: live, finished, expired or withdrawn.
        #[arg(long)]
        state: Option<String>,
        /// How many to show, at most 1000.
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show one envelope: its claims, the luckiest and the remainder.
    Show {
        /// The envelope's id (`envelope list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Withdraw a live envelope: no more claims, the remainder goes back to `bonus` now.
    Withdraw {
        /// The envelope's id (`envelope list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Compare the `envelopes` ledger account with what the live envelopes still owe; exits
    /// non-zero when they differ.
    Reserve {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args)]
pub struct CreateArgs {
    /// The total, e.g. 100 or 100.50 (at least 0.01 per share), reserved from `bonus`.
    #[arg(long)]
    amount: String,
    /// How many shares (players) it has.
    #[arg(long)]
    count: i64,
    /// random ("double mean" shares) or fixed (equal shares).
    #[arg(long)]
    mode: String,
    /// The claim code: 6-8 letters or digits (case does not matter). Generated when absent.
    #[arg(long)]
    code: Option<String>,
    /// Lifetime, e.g. 24h, 90m, 2d (default `growth.envelope.expiry_hours`).
    #[arg(long, conflicts_with = "expires_at")]
    expires_in: Option<String>,
    /// Expiry as "YYYY-MM-DD HH:MM" in the operator's time zone, or unix seconds.
    #[arg(long)]
    expires_at: Option<String>,
    /// Only this player (id, phone or login name) may claim.
    #[arg(long, conflicts_with = "vip_min")]
    user: Option<String>,
    /// Only players of this VIP level or higher may claim.
    #[arg(long)]
    vip_min: Option<i64>,
    /// Passed deposits (total) a player needs before claiming (default
    /// `growth.envelope.recharge_min`).
    #[arg(long)]
    recharge_min: Option<String>,
    /// A note for the operator's lists.
    #[arg(long, default_value = "")]
    note: String,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

pub async fn run_envelope(
    db: &Db,
    config: &Config,
    command: EnvelopeCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let timezone = config.timezone();
    match command {
        EnvelopeCommand::Create(args) => create(db, config, args, now).await,
        EnvelopeCommand::List { state, limit, json } => {
            let state = state.map(|text| parse_state(&text)).transpose()?;
            let listed = db
                .read(move |connection| envelopes::list(connection, state, limit))
                .await
                .map_err(explain)?;
            print_json_or(json, listed.as_slice(), |list| print_list(list, timezone))
        }
        EnvelopeCommand::Show { id, json } => {
            let report = db
                .read(move |connection| envelopes::show(connection, id))
                .await
                .map_err(explain)?;
            print_json_or(json, &report, |report| print_report(report, timezone))
        }
        EnvelopeCommand::Reserve { json } => {
            let reserve = db.read(envelopes::reserve).await.map_err(explain)?;
            print_json_or(json, &reserve, |reserve| {
                let money = |minor: i64| crate::money::format_signed(minor);
                println!("envelopes account: {}", money(reserve.account_minor));
                println!("owed by live envelopes: {}", money(reserve.open_minor));
            })?;
            if !reserve.agrees() {
                anyhow::bail!("the envelopes account and the live envelopes disagree");
            }
            Ok(())
        }
        EnvelopeCommand::Withdraw { id, json } => {
            let closed =
                db.write(move |tx| envelopes::withdraw(tx, id, now)).await.map_err(explain)?;
            print_json_or(json, &closed, |closed| {
                println!(
                    "envelope {} withdrawn; {} went back to bonus",
                    closed.id, closed.remainder
                )
            })
        }
    }
}

async fn create(db: &Db, config: &Config, args: CreateArgs, now: Timestamp) -> anyhow::Result<()> {
    let settings = EnvelopeSettings::from_config(config);
    let target = match (args.user, args.vip_min) {
        (Some(reference), _) => Target::Player(find_user(db, reference).await?),
        (None, Some(level)) => Target::VipMin(level),
        (None, None) => Target::Everyone,
    };
    let expires_at = match (args.expires_in.as_deref(), args.expires_at.as_deref()) {
        (Some(lifetime), _) => now + parse_lifetime(lifetime)?,
        (None, Some(at)) => parse_time(at, config.timezone())?,
        (None, None) => now + settings.expiry_secs,
    };
    let request = NewEnvelope {
        total: Money::parse(args.amount.trim()).map_err(|_| {
            anyhow::anyhow!("amount: {:?} is not an amount like 100.50", args.amount)
        })?,
        quantity: args.count,
        mode: Mode::parse(args.mode.trim())
            .ok_or_else(|| anyhow::anyhow!("mode: {:?} is not random or fixed", args.mode))?,
        code: args.code.as_deref().map(parse_code).transpose()?,
        expires_at,
        target,
        recharge_min: args.recharge_min.as_deref().map(parse_amount).transpose()?,
        note: args.note,
    };
    // A refusal leaves the writer as an error, so the write's savepoint rolls back.
    let created = db
        .write(move |tx| {
            envelopes::create(tx, request, &settings, now).map_err(|error| match error {
                CreateError::Db(error) => error,
                refused @ CreateError::Invalid(_) => {
                    AppError::Internal(anyhow::Error::new(refused))
                }
            })
        })
        .await
        .map_err(|error| match error {
            AppError::Internal(cause) if cause.is::<CreateError>() => cause,
            other => explain(other),
        })?;
    print_json_or(args.json, &created, |created| print_created(created, config.timezone()))
}

fn parse_code(text: &str) -> anyhow::Result<EnvelopeCode> {
    EnvelopeCode::parse(text)
        .map_err(|_| anyhow::anyhow!("code: {text:?} is not 6-8 letters or digits"))
}

fn parse_amount(text: &str) -> anyhow::Result<Money> {
    Money::parse(text.trim())
        .map_err(|_| anyhow::anyhow!("recharge-min: {text:?} is not an amount like 100.50"))
}

fn parse_state(text: &str) -> anyhow::Result<State> {
    State::parse(text).ok_or_else(|| {
        anyhow::anyhow!("state: {text:?} is not live, finished, expired or withdrawn")
    })
}

/// "24h", "90m", "2d", "3600s" as seconds (at least one second, at most a year).
fn parse_lifetime(text: &str) -> anyhow::Result<i64> {
    let text = text.trim();
    let split_at = text.find(|character: char| !character.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split_at);
    let unit_secs = match unit {
        "s" => 1,
        "m" => 60,
        "h" | "" => 3_600,
        "d" => 86_400,
        _ => 0,
    };
    let secs = number.parse::<i64>().ok().and_then(|number| number.checked_mul(unit_secs));
    match secs {
        Some(secs) if (1..=366 * 86_400).contains(&secs) => Ok(secs),
        _ => anyhow::bail!(
            "expires-in: {text:?} is not a lifetime like 24h, 90m or 2d (at most a year)"
        ),
    }
}

/// "YYYY-MM-DD HH:MM" in the operator's time zone, or unix seconds.
fn parse_time(text: &str, timezone: Tz) -> anyhow::Result<Timestamp> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<i64>() {
        return Ok(Timestamp::from_secs(secs));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M"))
        .map_err(|_| {
            anyhow::anyhow!("expires-at: {text:?} is not \"YYYY-MM-DD HH:MM\" or unix seconds")
        })?;
    let time = timezone.from_local_datetime(&local).earliest().ok_or_else(|| {
        anyhow::anyhow!("expires-at: {text} does not exist in {timezone} (clock change)")
    })?;
    Ok(Timestamp::from_datetime(&time))
}

/// An instant as the operator reads it: "YYYY-MM-DD HH:MM" in `timezone`.
fn local_time(time: Timestamp, timezone: Tz) -> String {
    timezone
        .timestamp_opt(time.secs(), 0)
        .single()
        .map_or_else(|| time.secs().to_string(), |local| local.format("%Y-%m-%d %H:%M").to_string())
}

fn print_created(created: &Created, timezone: Tz) {
    println!(
        "created envelope {}: {} in {} {} shares",
        created.id,
        created.total,
        created.quantity,
        created.mode.code()
    );
    println!("expires: {}", local_time(created.expires_at, timezone));
    println!("code: {}", created.code);
    println!("(the code is shown only now; only its hash is stored)");
}

fn target_text(envelope: &EnvelopeSummary) -> String {
    match (envelope.target_user_id, envelope.vip_min) {
        (Some(user_id), _) => format!("user {user_id}"),
        (None, Some(level)) => format!("vip {level}+"),
        (None, None) => "everyone".into(),
    }
}

fn print_list(list: &[EnvelopeSummary], timezone: Tz) {
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|envelope| {
            vec![
                envelope.id.to_string(),
                envelope.state.code().to_string(),
                envelope.mode.code().to_string(),
                envelope.total.to_string(),
                format!(
                    "{}/{} {}",
                    envelope.claimed_count, envelope.quantity, envelope.claimed_amount
                ),
                envelope.remainder.to_string(),
                target_text(envelope),
                local_time(envelope.expires_at, timezone),
                envelope.note.clone(),
            ]
        })
        .collect();
    let headers =
        ["id", "state", "mode", "total", "claimed", "remainder", "for", "expires", "note"];
    print_table(&headers, &rows);
    println!("{} envelopes", rows.len());
}

fn print_report(report: &EnvelopeReport, timezone: Tz) {
    let envelope = &report.envelope;
    println!("envelope {} ({}, {})", envelope.id, envelope.mode.code(), envelope.state.code());
    println!("total: {} in {} shares", envelope.total, envelope.quantity);
    println!("claimed: {} shares, {}", envelope.claimed_count, envelope.claimed_amount);
    println!("remainder: {}", envelope.remainder);
    if let Some(refunded) = envelope.refunded {
        println!("returned to bonus: {refunded}");
    }
    println!("for: {}; recharge min: {}", target_text(envelope), envelope.recharge_min);
    println!("created: {}", local_time(envelope.created_at, timezone));
    println!("expires: {}", local_time(envelope.expires_at, timezone));
    if !envelope.note.is_empty() {
        println!("note: {}", envelope.note);
    }
    println!("claims:");
    let rows: Vec<Vec<String>> = report
        .claims
        .iter()
        .map(|claim| {
            vec![
                claim.user_id.to_string(),
                claim.phone.clone(),
                claim.amount.to_string(),
                local_time(claim.claimed_at, timezone),
                if claim.luckiest { "luckiest" } else { "" }.to_string(),
            ]
        })
        .collect();
    print_table(&["user", "phone", "amount", "claimed at", "luckiest"], &rows);
}
