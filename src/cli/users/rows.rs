//! How `admin user` prints: rows as `--json` shows them (ids as numbers, money as decimal
//! strings, times RFC 3339 UTC) and as aligned tables.

use crate::auth::UserSummary;
use crate::cli::shared::{format_time, yes_no};
use crate::clock::Timestamp;
use crate::ids::UserId;
use serde::Serialize;

/// A time as `--json` and the tables show it; `None` stays null (or "-").
pub fn time_text(time: Option<Timestamp>) -> Option<String> {
    time.map(format_time)
}

/// "-" for an absent value in a table.
pub fn or_dash(text: Option<String>) -> String {
    text.unwrap_or_else(|| "-".into())
}

/// One user of `list` and `search`.
#[derive(Serialize)]
pub struct SummaryRow {
    pub id: UserId,
    pub phone: String,
    pub login_name: Option<String>,
    pub vip_level: i64,
    pub roles: Vec<String>,
    pub frozen: bool,
    pub created_at: String,
    pub last_login_at: Option<String>,
}

impl From<&UserSummary> for SummaryRow {
    fn from(user: &UserSummary) -> SummaryRow {
        SummaryRow {
            id: user.id,
            phone: user.phone.clone(),
            login_name: user.username.clone(),
            vip_level: user.vip_level,
            roles: user.roles.clone(),
            frozen: user.frozen,
            created_at: format_time(user.created_at),
            last_login_at: time_text(user.last_login_at),
        }
    }
}

pub fn print_summaries(rows: &[SummaryRow]) {
    let header = ["id", "phone", "login name", "vip", "roles", "frozen", "created", "last login"];
    let lines = rows.iter().map(|row| {
        vec![
            row.id.to_string(),
            row.phone.clone(),
            or_dash(row.login_name.clone()),
            row.vip_level.to_string(),
            if row.roles.is_empty() { "-".into() } else { row.roles.join(",") },
            yes_no(row.frozen).to_string(),
            row.created_at.clone(),
            or_dash(row.last_login_at.clone()),
        ]
    });
    print_table(&header, lines.collect());
    println!("{} users", rows.len());
}

/// Prints `rows` under `header`, each column as wide as its widest cell, two spaces apart.
pub fn print_table(header: &[&str], rows: Vec<Vec<String>>) {
    let mut widths: Vec<usize> = header.iter().map(|title| title.chars().count()).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> =
            cells.iter().zip(&widths).map(|(cell, width)| format!("{cell:<width$}")).collect();
        println!("{}", padded.join("  ").trim_end());
    };
    line(header.to_vec());
    for row in &rows {
        line(row.iter().map(String::as_str).collect());
    }
}
