//! The player's account statement for a range of days in the operator's time zone, straight
//! from the postings of his accounts: per account the opening balance, every posting with its
//! running balance, and the closing balance.
//!
//! All five accounts are listed (wallet, game, savings, invest and frozen): a withdrawal moves
//! money from the wallet to frozen until it is paid or released, and savings and products hold
//! the player's own money, so leaving any out would show money vanishing. An account without a
//! posting in the range still has its opening and closing lines.
//!
//! The range is a slice of the journal: from the first entry written at or after 00:00 of
//! `from` to the last one written before 00:00 after `to` (or everything so far when that is
//! still to come). Entries are appended in time order (V26), so each account's postings in the
//! range are one run of `postings_account`, the opening balance is the `balance_after` of the
//! posting before it and each running balance is the ledger's own `balance_after`. Cost: two
//! index seeks per boundary and account, plus the range's postings, at most `ROWS_MAX`.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, UserAccountKind};
use crate::money::format_signed;
use chrono::{Datelike, Days, NaiveDate};
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

mod csv;
mod sql;

pub use csv::{file_name, to_csv};

/// The longest statement, in days (a year, leap day included).
pub const DAYS_MAX: i64 = 366;

/// The most postings one statement lists, all accounts together (about 6 MB of CSV); a longer
/// one is refused with `statement_too_large` and the player picks a shorter range.
pub const ROWS_MAX: usize = 50_000;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct StatementForm {
    /// The first day, YYYY-MM-DD in the operator's time zone (without `from` and `to`: the
    /// first of this month).
    pub from: Option<String>,
    /// The last day (included), YYYY-MM-DD in the operator's time zone (without either: today).
    pub to: Option<String>,
}

/// A checked range of days: `from` <= `to`, at most `DAYS_MAX` days, `from` not after today.
/// Without either date, this month so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatementRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl StatementRange {
    /// Reads both dates, or neither (then this month so far), in `timezone`.
    pub fn parse(
        form: &StatementForm,
        timezone: chrono_tz::Tz,
        now: Timestamp,
    ) -> Result<StatementRange, AppError> {
        let today = local_date(timezone, now)?;
        if form.from.is_none() && form.to.is_none() {
            // This month so far: what the statement page opens with.
            return Ok(StatementRange { from: today.with_day(1).unwrap_or(today), to: today });
        }
        let from = parse_date(form.from.as_deref())?;
        let to = parse_date(form.to.as_deref())?;
        if to < from || from > today {
            return Err(AppError::StatementDatesInvalid);
        }
        if (to - from).num_days() + 1 > DAYS_MAX {
            return Err(AppError::StatementRangeTooLong { days: DAYS_MAX });
        }
        Ok(StatementRange { from, to })
    }
}

fn parse_date(text: Option<&str>) -> Result<NaiveDate, AppError> {
    let text = text.map(str::trim).filter(|text| !text.is_empty());
    let text = text.ok_or(AppError::MissingParams)?;
    let shaped = text.len() == 10
        && text
            .char_indices()
            .all(|(at, c)| if at == 4 || at == 7 { c == '-' } else { c.is_ascii_digit() });
    if !shaped {
        return Err(AppError::StatementDatesInvalid);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| AppError::StatementDatesInvalid)
}

fn local_date(timezone: chrono_tz::Tz, at: Timestamp) -> Result<NaiveDate, AppError> {
    let utc = at.to_datetime().ok_or_else(|| anyhow::anyhow!("time {at} out of range"))?;
    Ok(utc.with_timezone(&timezone).date_naive())
}

/// One posting of the statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementLine {
    pub posting_id: i64,
    pub created_at: Timestamp,
    pub kind: String,
    /// As the player sees it (an adjustment says "operator").
    pub reference: String,
    pub memo: String,
    /// Signed minor units: below zero left the account.
    pub amount: i64,
    /// The account's balance after this posting, in minor units.
    pub balance_after: i64,
}

/// One account's part of the statement; `opening + credits - debits == closing`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountStatement {
    pub account: UserAccountKind,
    pub opening: i64,
    pub credits: i64,
    pub debits: i64,
    pub closing: i64,
    pub lines: Vec<StatementLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub range: StatementRange,
    /// 00:00 of `from` in the operator's time zone.
    pub start_at: Timestamp,
    /// 00:00 after `to`, or the time of the statement when that is still to come.
    pub end_at: Timestamp,
    pub timezone: chrono_tz::Tz,
    pub accounts: Vec<AccountStatement>,
}

impl Statement {
    pub fn lines(&self) -> usize {
        self.accounts.iter().map(|account| account.lines.len()).sum()
    }

    /// The figures without the postings, for the statement page.
    pub fn summary(&self) -> StatementSummary {
        let accounts = self.accounts.iter().map(|account| AccountSummary {
            account: account.account.code().into(),
            opening: format_signed(account.opening),
            credits: format_signed(account.credits),
            debits: format_signed(account.debits),
            closing: format_signed(account.closing),
            postings: account.lines.len(),
        });
        StatementSummary {
            from: self.range.from.to_string(),
            to: self.range.to.to_string(),
            start_at: self.start_at,
            end_at: self.end_at,
            postings: self.lines(),
            postings_max: ROWS_MAX,
            accounts: accounts.collect(),
        }
    }
}

/// What the statement page shows of a range: each account's opening and closing balance.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatementSummary {
    /// The first day, YYYY-MM-DD.
    pub from: String,
    /// The last day, YYYY-MM-DD.
    pub to: String,
    /// 00:00 of `from` in the operator's time zone (Unix seconds).
    #[schema(value_type = i64)]
    pub start_at: Timestamp,
    /// 00:00 after `to`, or now when that is still to come (Unix seconds).
    #[schema(value_type = i64)]
    pub end_at: Timestamp,
    /// The postings the CSV lists, all accounts together.
    pub postings: usize,
    /// The most postings one statement lists.
    pub postings_max: usize,
    /// wallet, game, savings, invest and frozen, in this order.
    pub accounts: Vec<AccountSummary>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AccountSummary {
    /// wallet, game, savings, invest or frozen.
    pub account: String,
    pub opening: String,
    /// What came in during the range.
    pub credits: String,
    /// What left during the range.
    pub debits: String,
    /// `opening + credits - debits`, the ledger's balance at `end_at`.
    pub closing: String,
    pub postings: usize,
}

/// Whose statement, of which days, and how big it may be.
#[derive(Clone, Copy, Debug)]
pub struct StatementQuery {
    pub user_id: UserId,
    pub range: StatementRange,
    pub timezone: chrono_tz::Tz,
    pub now: Timestamp,
    /// `ROWS_MAX` for players (tests use smaller ones).
    pub rows_max: usize,
}

/// The statement `query` asks for. Checks, for each account, that the opening balance plus
/// every posting gives each posting's `balance_after` and the closing balance, and (when the
/// range reaches now) that the closing balance is the account's balance.
pub fn statement(connection: &Connection, query: &StatementQuery) -> Result<Statement, AppError> {
    let (range, timezone, now) = (query.range, query.timezone, query.now);
    let start_at = Timestamp::local_midnight(timezone, range.from);
    let day_after =
        range.to.checked_add_days(Days::new(1)).ok_or(AppError::StatementDatesInvalid)?;
    let end_at = Timestamp::local_midnight(timezone, day_after);
    let reaches_now = end_at > now;
    let first_posting = sql::first_posting_at(connection, start_at)?;
    let end_posting =
        if reaches_now { i64::MAX } else { sql::first_posting_at(connection, end_at)? };
    let mut accounts = Vec::with_capacity(UserAccountKind::ALL.len());
    let mut budget = query.rows_max;
    for (account_id, account) in sql::player_accounts(connection, query.user_id)? {
        let opening = sql::balance_before(connection, account_id, first_posting)?;
        let lines = sql::lines(connection, account_id, (first_posting, end_posting), budget)?;
        budget = budget
            .checked_sub(lines.len())
            .ok_or(AppError::StatementTooLarge { rows: query.rows_max })?;
        let account = account_statement(account, opening, lines)?;
        if reaches_now {
            let balance = ledger::balance(connection, query.user_id, account.account)?.minor();
            check_closing(&account, balance)?;
        }
        accounts.push(account);
    }
    Ok(Statement { range, start_at, end_at: end_at.min(now), timezone, accounts })
}

/// Sums the lines and checks them against the ledger's running balances.
fn account_statement(
    account: UserAccountKind,
    opening: i64,
    lines: Vec<StatementLine>,
) -> Result<AccountStatement, AppError> {
    let (mut running, mut credits, mut debits) = (opening, 0_i64, 0_i64);
    for line in &lines {
        running = running.checked_add(line.amount).ok_or_else(|| anyhow::anyhow!("overflow"))?;
        if running != line.balance_after {
            let (id, after) = (line.posting_id, line.balance_after);
            return Err(anyhow::anyhow!(
                "statement of {}: posting {id} says {after}, the postings sum to {running}",
                account.code()
            )
            .into());
        }
        let (sum, amount) =
            if line.amount > 0 { (&mut credits, line.amount) } else { (&mut debits, -line.amount) };
        *sum = sum.checked_add(amount).ok_or_else(|| anyhow::anyhow!("overflow"))?;
    }
    Ok(AccountStatement { account, opening, credits, debits, closing: running, lines })
}

fn check_closing(account: &AccountStatement, balance: i64) -> Result<(), AppError> {
    if account.closing == balance {
        return Ok(());
    }
    Err(anyhow::anyhow!(
        "statement of {}: closing {} but the balance is {balance}",
        account.account.code(),
        account.closing
    )
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMEZONE: chrono_tz::Tz = chrono_tz::Asia::Ho_Chi_Minh;
    /// 2026-11-22T08:00:00Z, 15:00 in Ho Chi Minh City.
    const NOW: Timestamp = Timestamp::from_secs(1_795_334_400);

    fn parse(from: Option<&str>, to: Option<&str>) -> Result<StatementRange, AppError> {
        let form = StatementForm { from: from.map(str::to_string), to: to.map(str::to_string) };
        StatementRange::parse(&form, TIMEZONE, NOW)
    }

    #[test]
    fn ranges_are_checked() {
        let cases: [(&str, Option<&str>, Option<&str>, &str); 9] = [
            ("no from", None, Some("2026-11-22"), "missing_params"),
            ("empty to", Some("2026-11-01"), Some(" "), "missing_params"),
            ("unpadded", Some("2026-1-01"), Some("2026-11-22"), "statement_dates_invalid"),
            ("not a day", Some("2026-02-30"), Some("2026-11-22"), "statement_dates_invalid"),
            ("a Unix time", Some("1795334400"), Some("2026-11-22"), "statement_dates_invalid"),
            ("to before from", Some("2026-11-10"), Some("2026-11-09"), "statement_dates_invalid"),
            ("from after today", Some("2026-11-23"), Some("2026-11-23"), "statement_dates_invalid"),
            ("367 days", Some("2025-11-21"), Some("2026-11-22"), "statement_range_too_long"),
            ("signed year", Some("+2026-11-01"), Some("2026-11-22"), "statement_dates_invalid"),
        ];
        for (what, from, to, key) in cases {
            assert_eq!(parse(from, to).map_err(|error| error.key()), Err(key), "{what}");
        }
    }

    #[test]
    fn a_range_may_end_after_today_and_span_366_days() {
        let year = parse(Some("2025-11-22"), Some("2026-11-22")).expect("366 days");
        assert_eq!((year.to - year.from).num_days(), 365);
        let ahead = parse(Some("2026-11-22"), Some("2026-12-31")).expect("ends ahead");
        assert_eq!(ahead.to, NaiveDate::from_ymd_opt(2026, 12, 31).expect("a day"));
        let month = parse(None, None).expect("this month so far");
        let day = |day| NaiveDate::from_ymd_opt(2026, 11, day).expect("a day");
        assert_eq!((month.from, month.to), (day(1), day(22)));
    }
}
