//! `fairhall admin report daily|range`: the activity report from the ledger, as a table, CSV
//! or JSON; `fairhall admin report linked`: the groups of linked players.

use super::shared::{explain, print_table};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::flows::linked;
use crate::flows::reports::activity::{
    self as report, Breakdown, DayReport, Figures, REWARD_PROGRAMMES, Report, RoomFigures, Tally,
};
use crate::flows::reports::programme_cost::{COST_DAYS_MAX, DayRange};
use chrono::{NaiveDate, TimeZone};
use chrono_tz::Tz;
use clap::{Args, Subcommand};

#[derive(Subcommand)]
pub enum ReportCommand {
    /// One day's activity (deposits, withdrawals, bets, payouts, gross gaming revenue, what
    /// each programme paid, interest, products, adjustments, active and new players).
    Daily {
        /// The day, YYYY-MM-DD in `app.timezone`; yesterday by default.
        #[arg(long)]
        date: Option<NaiveDate>,
        /// Also break betting down per room.
        #[arg(long)]
        by_room: bool,
        #[command(flatten)]
        format: FormatArgs,
    },
    /// The activity over several days, in total and optionally per day and per room.
    Range {
        /// First day, YYYY-MM-DD in `app.timezone`.
        #[arg(long)]
        from: NaiveDate,
        /// Last day (included); at most 366 days after --from.
        #[arg(long)]
        to: NaiveDate,
        /// One block (CSV: one row) per day.
        #[arg(long)]
        by_day: bool,
        /// Break betting down per room.
        #[arg(long)]
        by_room: bool,
        #[command(flatten)]
        format: FormatArgs,
    },
    /// Groups of players linked by a card or USDT address, by an address they registered or
    /// logged in from, or by an invite chain whose members came out of one period on opposite
    /// sides; each group with what the programmes paid it. The daily fraud screen.
    Linked {
        /// The window of logins and bets looked at, in days back from now (1 to 366).
        #[arg(long, default_value_t = 7)]
        days: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
pub struct FormatArgs {
    /// Comma-separated values: one header row, one row per day (with --by-day) or for the
    /// range, or with --by-room one row per (day or range, room).
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

pub async fn run_report(
    db: &Db,
    timezone: Tz,
    command: ReportCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let (range, breakdown, format) = match command {
        ReportCommand::Daily { date, by_room, format } => {
            let date = date.map_or_else(|| yesterday(timezone, now), Ok)?;
            (DayRange::new(date, date), Breakdown { by_day: false, by_room }, format)
        }
        ReportCommand::Range { from, to, by_day, by_room, format } => {
            (DayRange::new(from, to), Breakdown { by_day, by_room }, format)
        }
        ReportCommand::Linked { days, json } => return linked(db, days, json, now).await,
    };
    let range = range.map_err(|error| match error {
        AppError::BadParams => anyhow::anyhow!("--to is before --from: swap them"),
        AppError::LimitExceeded => anyhow::anyhow!(
            "a report covers at most {COST_DAYS_MAX} days: shorten --from..--to or run several"
        ),
        other => explain(other),
    })?;
    let report = db
        .read(move |connection| report::activity_report(connection, timezone, range, breakdown))
        .await
        .map_err(explain)?;
    if format.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else if format.csv {
        print!("{}", csv(&report));
    } else {
        print_report(&report);
    }
    Ok(())
}

async fn linked(db: &Db, days: i64, json: bool, now: Timestamp) -> anyhow::Result<()> {
    if !(1..=366).contains(&days) {
        anyhow::bail!("--days takes 1 to 366 days, not {days}");
    }
    let since = now - days * 86_400;
    let groups = db
        .read(move |connection| linked::linked_groups(connection, since, now))
        .await
        .map_err(explain)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&groups)?);
        return Ok(());
    }
    let rows: Vec<Vec<String>> = groups
        .iter()
        .map(|group| {
            let players = group.players.iter().map(ToString::to_string).collect::<Vec<_>>();
            vec![players.join(","), group.programme_earnings.to_string(), group.links.join("; ")]
        })
        .collect();
    print_table(&["players", "programme earnings", "links"], &rows);
    println!("{} groups (logins and bets of the last {days} days)", rows.len());
    Ok(())
}

/// The operator's yesterday at `now`.
fn yesterday(timezone: Tz, now: Timestamp) -> anyhow::Result<NaiveDate> {
    let today = timezone
        .timestamp_opt(now.secs(), 0)
        .single()
        .ok_or_else(|| anyhow::anyhow!("the clock reads {now}, outside the calendar"))?
        .date_naive();
    today.pred_opt().ok_or_else(|| anyhow::anyhow!("no day before {today}"))
}

fn print_report(report: &Report) {
    println!("activity {} to {} ({})", report.from, report.to, report.timezone);
    println!();
    let rows: Vec<Vec<String>> = figure_rows(&report.totals)
        .into_iter()
        .map(|(figure, count, amount)| vec![figure, count, amount])
        .collect();
    print_table(&["figure", "count", "amount"], &rows);
    if let Some(days) = &report.days {
        println!();
        print_days(days);
    }
    if let Some(rooms) = &report.rooms {
        println!();
        let rows: Vec<Vec<String>> =
            rooms.iter().map(|room| room_cells(room.room.clone(), room)).collect();
        print_table(&ROOM_HEADER, &rows);
    }
    if let Some(days) = &report.days {
        let rooms: Vec<Vec<String>> = days
            .iter()
            .flat_map(|day| {
                let rooms = day.rooms.iter().flatten();
                rooms.map(|room| room_cells(format!("{} {}", day.date, room.room), room))
            })
            .collect();
        if !rooms.is_empty() {
            println!();
            print_table(&ROOM_HEADER, &rooms);
        }
    }
}

const ROOM_HEADER: [&str; 6] = ["room", "bets", "stake", "payouts", "refunds", "ggr"];

fn room_cells(label: String, room: &RoomFigures) -> Vec<String> {
    vec![
        label,
        room.bets.count.to_string(),
        room.bets.amount.to_string(),
        room.payouts.to_string(),
        room.refunds.to_string(),
        room.gross_gaming_revenue.to_string(),
    ]
}

/// One compact row per day: the amounts an operator compares from day to day.
fn print_days(days: &[DayReport]) {
    let header = [
        "date",
        "deposits",
        "withdrawals",
        "fees",
        "stake",
        "payouts",
        "refunds",
        "ggr",
        "rewards",
        "interest",
        "active",
        "new",
    ];
    let rows: Vec<Vec<String>> = days
        .iter()
        .map(|day| {
            let figures = &day.figures;
            vec![
                day.date.clone(),
                figures.deposits.amount.to_string(),
                figures.withdrawals_paid.amount.to_string(),
                figures.withdrawal_fees.to_string(),
                figures.bets.amount.to_string(),
                figures.payouts.to_string(),
                figures.refunds.to_string(),
                figures.gross_gaming_revenue.to_string(),
                figures.rewards_total.to_string(),
                figures.savings_interest.amount.to_string(),
                figures.active_players.to_string(),
                figures.new_players.to_string(),
            ]
        })
        .collect();
    print_table(&header, &rows);
}

/// (figure, count, amount) for the table; "-" where a figure has no count or no amount.
fn figure_rows(figures: &Figures) -> Vec<(String, String, String)> {
    let tally = |name: &str, tally: &Tally| {
        (name.to_string(), tally.count.to_string(), tally.amount.to_string())
    };
    let amount = |name: &str, amount: report::Amount| {
        (name.to_string(), "-".to_string(), amount.to_string())
    };
    let count = |name: &str, count: i64| (name.to_string(), count.to_string(), "-".to_string());
    let mut rows = vec![
        tally("deposits", &figures.deposits),
        tally("withdrawals paid", &figures.withdrawals_paid),
        amount("withdrawal fees", figures.withdrawal_fees),
        tally("bets", &figures.bets),
        amount("payouts", figures.payouts),
        amount("refunds", figures.refunds),
        amount("gross gaming revenue", figures.gross_gaming_revenue),
    ];
    for (programme, paid) in &figures.rewards {
        rows.push(tally(&format!("reward {programme}"), paid));
    }
    rows.extend([
        amount("rewards total", figures.rewards_total),
        tally("savings interest", &figures.savings_interest),
        tally("product purchases", &figures.product_purchases),
        tally("product payouts", &figures.product_payouts),
        amount("product interest", figures.product_interest),
        tally("adjustments in", &figures.adjustments_in),
        tally("adjustments out", &figures.adjustments_out),
        count("active players", figures.active_players),
        count("new players", figures.new_players),
    ]);
    rows
}

/// The CSV text: RFC 4180 (CRLF line ends, fields quoted when they need it).
fn csv(report: &Report) -> String {
    let spans: Vec<(&str, &str, &Figures, Option<&Vec<RoomFigures>>)> = match &report.days {
        Some(days) => days
            .iter()
            .map(|day| (day.date.as_str(), day.date.as_str(), &day.figures, day.rooms.as_ref()))
            .collect(),
        None => vec![(&report.from, &report.to, &report.totals, report.rooms.as_ref())],
    };
    let mut lines = Vec::new();
    if report.rooms.is_some() {
        lines.push(CSV_ROOM_COLUMNS.map(String::from).to_vec());
        for (from, to, _, rooms) in spans {
            for room in rooms.into_iter().flatten() {
                let mut row = vec![from.to_string(), to.to_string(), room.room.clone()];
                row.extend(room_cells(String::new(), room).into_iter().skip(1));
                lines.push(row);
            }
        }
    } else {
        lines.push(csv_columns());
        for (from, to, figures, _) in spans {
            lines.push(csv_row(from, to, figures));
        }
    }
    lines.iter().map(|fields| csv_line(fields)).collect()
}

const CSV_ROOM_COLUMNS: [&str; 8] =
    ["from", "to", "room", "bets", "stake", "payouts", "refunds", "gross_gaming_revenue"];

/// The columns of a row of figures, the same for every report.
fn csv_columns() -> Vec<String> {
    let mut columns: Vec<String> = [
        "from",
        "to",
        "deposits",
        "deposit_amount",
        "withdrawals_paid",
        "withdrawal_amount",
        "withdrawal_fees",
        "bets",
        "stake",
        "payouts",
        "refunds",
        "gross_gaming_revenue",
    ]
    .map(String::from)
    .to_vec();
    for programme in REWARD_PROGRAMMES {
        columns.push(format!("reward_{programme}_entries"));
        columns.push(format!("reward_{programme}_amount"));
    }
    columns.extend(
        [
            "rewards_total",
            "savings_interest_entries",
            "savings_interest_amount",
            "product_purchases",
            "product_purchase_amount",
            "product_payouts",
            "product_payout_amount",
            "product_interest",
            "adjustments_in",
            "adjustment_in_amount",
            "adjustments_out",
            "adjustment_out_amount",
            "active_players",
            "new_players",
        ]
        .map(String::from),
    );
    columns
}

fn csv_row(from: &str, to: &str, figures: &Figures) -> Vec<String> {
    let tally = |tally: &Tally| [tally.count.to_string(), tally.amount.to_string()];
    let mut row = vec![from.to_string(), to.to_string()];
    row.extend(tally(&figures.deposits));
    row.extend(tally(&figures.withdrawals_paid));
    row.push(figures.withdrawal_fees.to_string());
    row.extend(tally(&figures.bets));
    row.extend(
        [figures.payouts, figures.refunds, figures.gross_gaming_revenue].map(|a| a.to_string()),
    );
    for programme in REWARD_PROGRAMMES {
        row.extend(tally(&figures.rewards.get(programme).copied().unwrap_or_default()));
    }
    row.push(figures.rewards_total.to_string());
    row.extend(tally(&figures.savings_interest));
    row.extend(tally(&figures.product_purchases));
    row.extend(tally(&figures.product_payouts));
    row.push(figures.product_interest.to_string());
    row.extend(tally(&figures.adjustments_in));
    row.extend(tally(&figures.adjustments_out));
    row.extend([figures.active_players, figures.new_players].map(|count| count.to_string()));
    row
}

fn csv_line(fields: &[String]) -> String {
    let quoted: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
    format!("{}\r\n", quoted.join(","))
}

/// A field as RFC 4180 writes it: in double quotes (doubled inside) when it holds a comma, a
/// quote or a line break.
fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_quotes_or_line_breaks_are_quoted() {
        assert_eq!(csv_field("1234.56"), "1234.56");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn a_row_has_a_field_for_every_column() {
        assert_eq!(
            csv_row("2026-11-01", "2026-11-01", &Figures::default()).len(),
            csv_columns().len()
        );
    }

    #[test]
    fn yesterday_is_the_operators() {
        // 2026-11-22T18:00Z is already the 23rd in Ho Chi Minh City (UTC+7).
        let now = Timestamp::from_secs(1_795_370_400);
        let date = yesterday(chrono_tz::Asia::Ho_Chi_Minh, now).unwrap();
        assert_eq!(date, NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
        let date = yesterday(chrono_tz::UTC, now).unwrap();
        assert_eq!(date, NaiveDate::from_ymd_opt(2026, 11, 21).unwrap());
    }
}
