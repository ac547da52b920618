//! The statement as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a comma, a
//! quote or a line break, quotes doubled). Money is a decimal string. A text cell that a
//! spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage return)
//! gets a leading apostrophe, unless it is a plain number.

use super::{AccountStatement, Statement};
use crate::clock::Timestamp;
use crate::money::format_signed;

/// The header line's columns. `line` is opening, posting or closing; `in` and `out` are what
/// came into and left the account; `balance` is the account's balance after the line.
pub const COLUMNS: [&str; 9] =
    ["account", "line", "time", "kind", "reference", "memo", "in", "out", "balance"];

/// The file name a download is saved as.
pub fn file_name(statement: &Statement) -> String {
    format!("statement-{}-{}.csv", statement.range.from, statement.range.to)
}

pub fn to_csv(statement: &Statement) -> String {
    let mut text = String::with_capacity(96 * (statement.lines() + 16));
    push_row(&mut text, &COLUMNS.map(String::from));
    for account in &statement.accounts {
        push_account(&mut text, statement, account);
    }
    text
}

fn push_account(text: &mut String, statement: &Statement, account: &AccountStatement) {
    let code = account.account.code().to_string();
    let time = |at: Timestamp| local_time(statement.timezone, at);
    let edge = |line: &str, at: Timestamp, balance: i64| {
        let mut row: [String; 9] = Default::default();
        row[0].clone_from(&code);
        row[1] = line.into();
        row[2] = time(at);
        row[8] = format_signed(balance);
        row
    };
    push_row(text, &edge("opening", statement.start_at, account.opening));
    for line in &account.lines {
        let (credit, debit) = if line.amount > 0 {
            (format_signed(line.amount), String::new())
        } else {
            (String::new(), format_signed(-line.amount))
        };
        push_row(
            text,
            &[
                code.clone(),
                "posting".into(),
                time(line.created_at),
                line.kind.clone(),
                line.reference.clone(),
                line.memo.clone(),
                credit,
                debit,
                format_signed(line.balance_after),
            ],
        );
    }
    push_row(text, &edge("closing", statement.end_at, account.closing));
}

/// RFC 3339 in the operator's time zone, to the second: "2026-11-22T15:00:00+07:00".
fn local_time(timezone: chrono_tz::Tz, at: Timestamp) -> String {
    at.to_datetime().map_or_else(
        || at.secs().to_string(),
        |utc| {
            let local = utc.with_timezone(&timezone);
            local.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        },
    )
}

fn push_row(text: &mut String, fields: &[String]) {
    for (at, field) in fields.iter().enumerate() {
        if at > 0 {
            text.push(',');
        }
        text.push_str(&cell(field));
    }
    text.push_str("\r\n");
}

/// One field, neutralised against formulas, then quoted when RFC 4180 needs it.
pub fn cell(field: &str) -> String {
    let starts_formula = field.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let neutral = if starts_formula && !is_plain_number(field) {
        format!("'{field}")
    } else {
        field.to_string()
    };
    if neutral.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", neutral.replace('"', "\"\""))
    } else {
        neutral
    }
}

/// An optional sign, digits and an optional decimal part: "-12.50", "+3", "7".
fn is_plain_number(field: &str) -> bool {
    let unsigned = field.strip_prefix(['+', '-']).unwrap_or(field);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    digits(whole) && digits(fraction)
}

#[cfg(test)]
mod tests {
    use super::cell;

    #[test]
    fn cells_are_quoted_as_rfc_4180_says() {
        assert_eq!(cell("deposit"), "deposit");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("two\nlines"), "\"two\nlines\"");
        assert_eq!(cell(""), "");
    }

    #[test]
    fn formulas_are_neutralised_but_plain_numbers_are_not() {
        assert_eq!(cell("=1+2"), "'=1+2");
        assert_eq!(cell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\t=1"), "'\t=1");
        assert_eq!(cell("=HYPERLINK(\"x\",\"y\")"), "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"");
        assert_eq!(cell("-12.50"), "-12.50");
        assert_eq!(cell("+3"), "+3");
        assert_eq!(cell("-"), "'-");
        assert_eq!(cell("-1."), "'-1.");
        assert_eq!(cell("a=b"), "a=b");
    }
}
