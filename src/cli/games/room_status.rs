//! `fairhall admin room periods` and `admin room chain`: a room's periods, and the seed chains
//! and scheduler lag per draw source.

use super::super::shared::{explain, format_time, parse_room, print_json_or, print_table, yes_no};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::status::{self, ChainStatus};
use crate::games::periods::{self, LAST_PERIODS_MAX, PeriodRow, Selection};
use crate::games::rules::room::DrawSource;
use crate::games::schedule::{self, SchedulerLag};
use crate::money::format_signed;
use chrono::{NaiveDate, TimeZone};
use chrono_tz::Tz;
use std::path::Path;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct PeriodsArgs {
    /// Room code, e.g. k3 or canada_vip.
    room: String,
    /// Every period of this operator day, YYYY-MM-DD or `today`, from the first committed
    /// chain on (no period before it was ever played).
    #[arg(long, conflicts_with = "last", value_parser = operator_day)]
    date: Option<OperatorDay>,
    /// The open period and the ones before it, this many in all (default 20, at most 2000).
    #[arg(long)]
    last: Option<u32>,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct ChainArgs {
    /// Only the draw source of this room (default: every draw source).
    room: Option<String>,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

/// The day of `room periods --date`.
#[derive(Clone, Copy)]
pub enum OperatorDay {
    Today,
    On(NaiveDate),
}

impl OperatorDay {
    /// The operator's date this names at `now`.
    fn date(self, timezone: Tz, now: Timestamp) -> anyhow::Result<NaiveDate> {
        match self {
            OperatorDay::On(date) => Ok(date),
            OperatorDay::Today => timezone
                .timestamp_opt(now.secs(), 0)
                .single()
                .map(|local| local.date_naive())
                .ok_or_else(|| anyhow::anyhow!("the clock reads no date in {timezone}")),
        }
    }
}

fn operator_day(text: &str) -> Result<OperatorDay, String> {
    if text.trim().eq_ignore_ascii_case("today") {
        return Ok(OperatorDay::Today);
    }
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map(OperatorDay::On)
        .map_err(|_| "give a date as YYYY-MM-DD, e.g. 2026-11-22, or today".to_string())
}

/// Periods `admin room periods` lists without --date or --last.
const LAST_PERIODS_DEFAULT: u32 = 20;

/// A period as `--json` prints it: times RFC 3339, money as decimal strings.
#[derive(serde::Serialize)]
struct ShownPeriod<'a> {
    issue: &'a str,
    state: periods::PeriodState,
    draw_at: String,
    bets: i64,
    stake: String,
    payout: String,
    result: Option<serde_json::Value>,
}

pub async fn print_periods(
    db: &Db,
    timezone: Tz,
    args: PeriodsArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    let room = parse_room(&args.room)?;
    let selection = match (args.date, args.last) {
        (Some(day), _) => Selection::Date(day.date(timezone, now)?),
        (None, last) => Selection::Last(last.unwrap_or(LAST_PERIODS_DEFAULT)),
    };
    let rows = db
        .read(move |connection| periods::room_periods(connection, (room, timezone), selection, now))
        .await
        .map_err(|error| match error {
            AppError::LimitExceeded => anyhow::anyhow!(
                "--last takes 1 to {LAST_PERIODS_MAX} periods; use --date for a whole day"
            ),
            other => explain(other),
        })?;
    let shown: Vec<ShownPeriod> = rows.iter().map(shown_period).collect();
    print_json_or(args.json, &shown, |shown| {
        let cells = shown.iter().map(|period| {
            vec![
                period.issue.to_string(),
                format!("{:?}", period.state).to_lowercase(),
                period.draw_at.clone(),
                period.bets.to_string(),
                period.stake.clone(),
                period.payout.clone(),
                period.result.as_ref().map_or_else(|| "-".into(), ToString::to_string),
            ]
        });
        let header = ["issue", "state", "draw at", "bets", "stake", "payout", "result"];
        print_table(&header, &cells.collect::<Vec<_>>());
        println!("{} periods", shown.len());
    })
}

fn shown_period(row: &PeriodRow) -> ShownPeriod<'_> {
    ShownPeriod {
        issue: &row.issue,
        state: row.state,
        draw_at: format_time(row.draw_at),
        bets: row.bets,
        stake: format_signed(row.stake_minor),
        payout: format_signed(row.payout_minor),
        result: row.result.as_deref().and_then(|text| serde_json::from_str(text).ok()),
    }
}

/// A draw source's chain and lag as `--json` prints it.
#[derive(serde::Serialize)]
struct ShownChain {
    draw_source: &'static str,
    chain_id: Option<String>,
    commitment: Option<String>,
    period_secs: Option<i64>,
    key_present: Option<bool>,
    next_issue: Option<String>,
    next_draw_at: Option<String>,
    last_issue: Option<String>,
    periods_left: Option<i64>,
    chains_committed_ahead: usize,
    missing_keys: Vec<String>,
    /// Periods past their draw time and not drawn.
    periods_undrawn: i64,
    /// Seconds the oldest undrawn or unsettled period is past its draw time.
    lag_secs: i64,
}

pub async fn print_chains(
    db: &Db,
    (timezone, data_dir): (Tz, &Path),
    args: ChainArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    let sources = match &args.room {
        Some(room) => vec![parse_room(room)?.draw_source()],
        None => DrawSource::all(),
    };
    let keys = Arc::new(ChainKeys::read(data_dir)?);
    let (statuses, lag) = db
        .read(move |connection| {
            let statuses: Vec<ChainStatus> = sources
                .iter()
                .map(|source| status::chain_status(connection, &keys, (*source, timezone), now))
                .collect::<Result<_, _>>()?;
            Ok((statuses, schedule::lag(connection, timezone, now)?))
        })
        .await
        .map_err(explain)?;
    let shown = ShownChains {
        sources: statuses.iter().map(|status| shown_chain(status, &lag)).collect(),
        lag_secs: lag.lag_secs(),
        periods_undrawn: lag.periods_undrawn(),
    };
    print_json_or(args.json, &shown, print_chain_table)
}

/// Every listed source, and the scheduler's lag over all of them.
#[derive(serde::Serialize)]
struct ShownChains {
    sources: Vec<ShownChain>,
    lag_secs: i64,
    periods_undrawn: i64,
}

fn shown_chain(status: &ChainStatus, lag: &SchedulerLag) -> ShownChain {
    let source_lag = lag.sources.iter().find(|source| source.source == status.source);
    let late = source_lag.map_or(0, |source| {
        let unsettled = source.unsettled.map(|(_, period)| period.late_secs);
        let undrawn = source.undrawn.map(|period| period.late_secs);
        undrawn.max(unsettled).unwrap_or(0)
    });
    let current = status.current.as_ref();
    ShownChain {
        draw_source: status.source.code(),
        chain_id: current.map(|chain| chain.chain_id.clone()),
        commitment: current.map(|chain| chain.commitment.clone()),
        period_secs: current.map(|chain| chain.period_secs),
        key_present: current.map(|chain| chain.key_present),
        next_issue: current.map(|chain| chain.next_issue.to_string()),
        next_draw_at: current.map(|chain| format_time(chain.next_draw_at)),
        last_issue: current.map(|chain| chain.last_issue.to_string()),
        periods_left: current.map(|chain| chain.periods_left),
        chains_committed_ahead: status.committed_ahead,
        missing_keys: status.missing_keys.clone(),
        periods_undrawn: source_lag.map_or(0, |source| source.periods_undrawn),
        lag_secs: late,
    }
}

fn print_chain_table(shown: &ShownChains) {
    let text = |value: &Option<String>| value.clone().unwrap_or_else(|| "-".into());
    let rows: Vec<Vec<String>> = shown
        .sources
        .iter()
        .map(|chain| {
            vec![
                chain.draw_source.to_string(),
                text(&chain.chain_id),
                chain.commitment.as_ref().map_or_else(|| "-".into(), |hex| short(hex)),
                chain.key_present.map_or_else(|| "-".into(), |present| yes_no(present).into()),
                chain.periods_left.map_or_else(|| "-".into(), |left| left.to_string()),
                text(&chain.next_issue),
                text(&chain.next_draw_at),
                chain.periods_undrawn.to_string(),
                chain.lag_secs.to_string(),
            ]
        })
        .collect();
    let header = [
        "source",
        "chain",
        "commitment",
        "key",
        "periods left",
        "next issue",
        "next draw",
        "undrawn",
        "lag s",
    ];
    print_table(&header, &rows);
    for chain in &shown.sources {
        for missing in &chain.missing_keys {
            println!(
                "{}: the key of chain {missing} is missing from chains.key",
                chain.draw_source
            );
        }
    }
    println!("scheduler lag: {} s, {} periods undrawn", shown.lag_secs, shown.periods_undrawn);
}

/// The first 16 hex digits of a commitment, enough to compare with the fairness page.
fn short(hex: &str) -> String {
    format!("{}…", hex.get(..16).unwrap_or(hex))
}
