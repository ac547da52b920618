//! `fairhall admin codes`: verification codes delivered in `log` mode.

use super::shared::{format_time, print_json_or, print_table};
use crate::auth;
use crate::db::Db;

/// Codes `admin codes` prints at most.
const CODES_LIMIT_MAX: i64 = 1000;

/// Verification codes delivered in `log` mode, newest first.
pub async fn print_codes(db: &Db, limit: i64, json: bool) -> anyhow::Result<()> {
    let limit = limit.clamp(1, CODES_LIMIT_MAX);
    let codes = db.read(move |connection| auth::codes::recent(connection, limit)).await?;
    print_json_or(json, &codes, |codes| {
        let rows: Vec<Vec<String>> = codes
            .iter()
            .map(|code| {
                vec![
                    code.target.clone(),
                    code.purpose.clone(),
                    code.code.clone(),
                    format_time(code.expires_at),
                ]
            })
            .collect();
        print_table(&["target", "purpose", "code", "expires"], &rows);
    })
}
