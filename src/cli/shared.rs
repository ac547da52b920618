//! Helpers every command group shares: the runtime, how a user reference resolves, and how
//! refusals, flags and times print.

use crate::auth;
use crate::clock::Timestamp;
use crate::content::types::ArticleBody;
use crate::db::Db;
use crate::error::AppError;
use crate::ids::UserId;
use anyhow::Context;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The runtime of a CLI command: one thread, the command's work only.
pub fn current_thread_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("while starting the async runtime")
}

/// The user a reference (id, phone or login name) names.
pub async fn find_user(db: &Db, reference: String) -> anyhow::Result<UserId> {
    db.read(move |connection| auth::find_user(connection, &reference)).await.map_err(|error| {
        match error {
            AppError::NotFound => {
                super::exit::NotFound("no user with that id, phone or login name".into()).into()
            }
            other => other.into(),
        }
    })
}

/// A refusal as the operator reads it: the English message and its key.
pub fn explain(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) => cause,
        refusal => {
            let message = crate::i18n::message("en", refusal.key(), &refusal.message_args());
            anyhow::anyhow!("{message} ({})", refusal.key())
        }
    }
}

pub fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

pub fn format_time(timestamp: Timestamp) -> String {
    timestamp
        .to_datetime()
        .map(|time| time.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

/// `value` as pretty JSON with `--json`, else as `print` shows it.
pub fn print_json_or<T: serde::Serialize + ?Sized>(
    json: bool,
    value: &T,
    print: impl FnOnce(&T),
) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(value)?);
    } else {
        print(value);
    }
    Ok(())
}

/// `--body TEXT` or `--body-file PATH`.
#[derive(clap::Args)]
pub struct BodyArgs {
    /// The body as plain text (never HTML); blank lines separate paragraphs.
    #[arg(long, conflicts_with = "body_file")]
    pub body: Option<String>,
    /// Read the body from a UTF-8 text file; `-` reads standard input.
    #[arg(long)]
    pub body_file: Option<PathBuf>,
}

/// Bytes a body file may have: `ArticleBody::MAX_CHARS` characters of up to 4 bytes each, and
/// as many carriage returns.
const BODY_FILE_MAX_BYTES: u64 = 5 * ArticleBody::MAX_CHARS as u64;

/// The text of `--body`, or of the file `--body-file` names; `None` when neither is given.
pub fn read_body(args: BodyArgs) -> anyhow::Result<Option<String>> {
    match (args.body, args.body_file) {
        (Some(text), _) => Ok(Some(text)),
        (None, Some(path)) => read_body_file(&path).map(Some),
        (None, None) => Ok(None),
    }
}

fn read_body_file(path: &Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let limit = BODY_FILE_MAX_BYTES + 1;
    if path == Path::new("-") {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path)
            .with_context(|| format!("while opening the body file {}", path.display()))?;
        file.take(limit).read_to_end(&mut bytes)
    }
    .with_context(|| format!("while reading the body from {}", path.display()))?;
    if bytes.len() as u64 > BODY_FILE_MAX_BYTES {
        return Err(refused("--body-file", AppError::TextTooLong { max: ArticleBody::MAX_CHARS }));
    }
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}

/// A refused value, named by its option: "--title: Text is too long ... (text_too_long)".
pub fn refused(option: &str, error: AppError) -> anyhow::Error {
    anyhow::anyhow!("{option}: {:#}", explain(error))
}

/// The RFC 3339 time of the option `option`, e.g. 2026-12-01T09:00:00+07:00.
pub fn parse_time(option: &str, text: &str) -> anyhow::Result<Timestamp> {
    chrono::DateTime::parse_from_rfc3339(text.trim())
        .map(|time| Timestamp::from_datetime(&time))
        .map_err(|_| {
            anyhow::anyhow!(
                "{option} {text:?}: give an RFC 3339 time such as 2026-12-01T09:00:00+07:00"
            )
        })
}

/// Rows under a header, each column as wide as its widest cell, two spaces apart.
pub fn print_table(header: &[&str], rows: &[Vec<String>]) {
    let mut widths: Vec<usize> = header.iter().map(|title| title.chars().count()).collect();
    for row in rows {
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
    for row in rows {
        line(row.iter().map(String::as_str).collect());
    }
}

/// The room a room code names; a code no room has exits `NotFound`.
pub fn parse_room(code: &str) -> anyhow::Result<crate::games::rules::room::Room> {
    crate::games::rules::room::Room::parse(code).map_err(|_| {
        super::exit::NotFound(format!("no room {code:?}: `fairhall admin room list` names them"))
            .into()
    })
}
