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

/// The named thing does not exist: the message says what was looked for; exit code 4.
pub fn not_found(message: impl Into<String>) -> anyhow::Error {
    super::exit::NotFound(message.into()).into()
}

/// A refusal as the operator reads it: the English message and its key. `not_found` exits 4
/// (`exit::NotFound`): the id or name the command was given does not exist.
pub fn explain(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) => cause,
        refusal => {
            let english =
                crate::i18n::message("en", refusal.key(), &refusal.message_args_in(chrono_tz::UTC));
            let message = operator_message(refusal.key(), &refusal.to_string(), &english);
            let message = format!("{message} ({})", refusal.key());
            match refusal {
                AppError::NotFound => not_found(message),
                _ => anyhow::anyhow!(message),
            }
        }
    }
}

/// Refusals whose English message speaks to a player ("please leave and re-enter"), as the
/// operator reads them.
const OPERATOR_WORDING: &[(&str, &str)] = &[
    ("bad_params", "a value given is not valid here (see the command's --help)"),
    ("missing_params", "a value the command needs is missing (see the command's --help)"),
    ("invalid_amount", "not an amount: give one like 12.50 (at most 2 decimals)"),
    ("invalid_phone", "not a phone number: give its digits, e.g. 13800000000"),
    ("invalid_password", "a password has 6 to 18 letters, digits or underscores"),
    ("invalid_fund_password", "a fund password is exactly 6 digits"),
    ("not_found", "no such record"),
    ("internal", "the command failed; the log has the cause"),
];

/// The operator's wording of a refusal: `OPERATOR_WORDING`'s, else the English message unless
/// it addresses a player, else the refusal's own short text (`display`).
fn operator_message(key: &str, display: &str, english: &str) -> String {
    if let Some((_, wording)) = OPERATOR_WORDING.iter().find(|(known, _)| *known == key) {
        return (*wording).to_string();
    }
    if addresses_a_player(english) { display.to_string() } else { english.to_string() }
}

/// Whether `text` is written to a player: it asks him to do something or speaks of "you".
fn addresses_a_player(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
    ["please", "you", "your", "re"].iter().any(|word| words.contains(word))
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

/// A waiting time as the review queues show it: "45s", "12m", "3h 05m", "2d 04h".
pub fn format_age(secs: i64) -> String {
    let secs = secs.max(0);
    let (minutes, hours, days) = (secs / 60, secs / 3600, secs / 86_400);
    match secs {
        0..60 => format!("{secs}s"),
        60..3600 => format!("{minutes}m"),
        3600..86_400 => format!("{hours}h {:02}m", minutes % 60),
        _ => format!("{days}d {:02}h", hours % 24),
    }
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

/// The text of a body file (`-`: standard input), at most `BODY_FILE_MAX_BYTES`.
pub fn read_body_file(path: &Path) -> anyhow::Result<String> {
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

/// One language's text of a multilingual flag, as the operator writes every one of them:
/// `--title en=Welcome`, repeated per language. The language is one of the hall's
/// (`config::LANGUAGES`), checked when the command line is parsed.
#[derive(Clone, Debug)]
pub struct LangText {
    pub lang: &'static str,
    pub text: String,
}

/// The value parser of every `LANG=TEXT` flag (`#[arg(value_parser = lang_text)]`); clap
/// names the flag in front of the refusal.
pub fn lang_text(value: &str) -> Result<LangText, String> {
    let (lang, text) = split_lang_text(value)?;
    let lang = crate::i18n::normalize(lang).ok_or_else(|| unknown_language(lang, ""))?;
    Ok(LangText { lang, text: text.to_string() })
}

/// `lang_text` for a news article's `--title`, whose language may also be `all`: the article
/// is then shown to readers of every language.
pub fn article_lang_text(value: &str) -> Result<LangText, String> {
    let (lang, text) = split_lang_text(value)?;
    if lang.eq_ignore_ascii_case("all") {
        return Ok(LangText { lang: "all", text: text.to_string() });
    }
    let lang = crate::i18n::normalize(lang).ok_or_else(|| unknown_language(lang, ", or all"))?;
    Ok(LangText { lang, text: text.to_string() })
}

fn split_lang_text(value: &str) -> Result<(&str, &str), String> {
    let codes = crate::config::LANGUAGES.join(", ");
    value
        .split_once('=')
        .map(|(lang, text)| (lang.trim(), text))
        .ok_or_else(|| format!("give LANG=TEXT, e.g. en=Welcome, with LANG one of {codes}"))
}

fn unknown_language(lang: &str, or: &str) -> String {
    let codes = crate::config::LANGUAGES.join(", ");
    format!("{lang:?} is not a language of the hall: LANG is one of {codes}{or}")
}

/// The values of the flag `option` by language; a language given twice is refused.
pub fn texts_by_lang(
    option: &str,
    values: Vec<LangText>,
) -> anyhow::Result<std::collections::BTreeMap<&'static str, String>> {
    let mut texts = std::collections::BTreeMap::new();
    for LangText { lang, text } in values {
        if texts.insert(lang, text).is_some() {
            anyhow::bail!("{option} gives {lang} twice: give each language once");
        }
    }
    Ok(texts)
}

/// `texts_by_lang` keyed by the code as a `String`, as the task and product specs take them.
pub fn texts_by_code(
    option: &str,
    values: Vec<LangText>,
) -> anyhow::Result<std::collections::BTreeMap<String, String>> {
    let texts = texts_by_lang(option, values)?;
    Ok(texts.into_iter().map(|(lang, text)| (lang.to_string(), text)).collect())
}

/// The bodies of `--body LANG=TEXT` and `--body-file LANG=PATH` by language, each file read
/// by `read`; a language given twice, in either flag, is refused.
pub fn bodies_by_lang(
    bodies: Vec<LangText>,
    files: Vec<LangText>,
    read: impl Fn(&Path) -> anyhow::Result<String>,
) -> anyhow::Result<std::collections::BTreeMap<&'static str, String>> {
    let mut texts = texts_by_lang("--body", bodies)?;
    for (lang, path) in texts_by_lang("--body-file", files)? {
        let body = read(Path::new(&path))?;
        if texts.insert(lang, body).is_some() {
            anyhow::bail!("--body and --body-file both give {lang}: give each language once");
        }
    }
    Ok(texts)
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

/// A readable table: the header row, then one line per row, each column padded to its widest
/// cell (two spaces between columns; the last column is not padded).
pub fn format_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let columns = headers.len();
    let mut widths: Vec<usize> = headers.iter().map(|header| header.chars().count()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut text = String::new();
        for (index, cell) in cells.take(columns).enumerate() {
            if index + 1 == columns {
                text.push_str(cell);
            } else {
                let padding = widths[index] - cell.chars().count();
                text.push_str(cell);
                text.extend(std::iter::repeat_n(' ', padding + 2));
            }
        }
        text.trim_end().to_string()
    };
    let mut lines = vec![line(&mut headers.iter().copied())];
    lines.extend(rows.iter().map(|row| line(&mut row.iter().map(String::as_str))));
    lines.join("\n")
}

/// Prints `format_table(headers, rows)`.
pub fn print_table(headers: &[&str], rows: &[Vec<String>]) {
    println!("{}", format_table(headers, rows));
}

/// The room a room code names; a code no room has exits `NotFound`.
/// Refuses to go on when the reward programmes of `growth` pay more on an option of an open
/// room (of `room` only, when given) than the house keeps on it (`flows::programme_bounds`).
pub async fn refuse_thin_edge(
    db: &Db,
    growth: &crate::config::GrowthConfig,
    room: Option<crate::games::rules::room::Room>,
) -> anyhow::Result<()> {
    use crate::flows::programme_bounds::{self, ProgrammeRates};
    let growth = growth.clone();
    let thin = db
        .read(move |connection| match room {
            Some(room) => {
                programme_bounds::thin_edge_in(connection, room, ProgrammeRates::of(&growth))
            }
            None => programme_bounds::thin_edge(connection, &growth),
        })
        .await
        .map_err(explain)?;
    match thin {
        Some(thin) => Err(anyhow::anyhow!("{thin}")),
        None => Ok(()),
    }
}

pub fn parse_room(code: &str) -> anyhow::Result<crate::games::rules::room::Room> {
    crate::games::rules::room::Room::parse(code).map_err(|_| {
        super::exit::NotFound(format!("no room {code:?}: `fairhall admin room list` names them"))
            .into()
    })
}

/// Re-seals v1 card numbers to their rows and fingerprints cards linked before fingerprints
/// were kept (`wallet::payout_accounts::seal_cards`): `migrate` and `serve` run it before
/// anything else, so a second player linking an old card is refused too. How many of each.
pub async fn seal_cards(db: &Db, config: &crate::config::Config) -> anyhow::Result<(usize, usize)> {
    let secrets = &config.secrets;
    let cipher = crate::crypto::CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?;
    let now = crate::clock::Clock::System.now();
    db.write(move |tx| crate::wallet::payout_accounts::seal_cards(tx, &cipher, now))
        .await
        .context("while sealing card numbers")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_aligns_its_columns_on_the_widest_cell() {
        let rows = vec![
            vec!["1".to_string(), "alice".to_string(), "10.00".to_string()],
            vec!["12".to_string(), "bo".to_string(), "".to_string()],
        ];
        let table = format_table(&["id", "name", "amount"], &rows);
        assert_eq!(table, "id  name   amount\n1   alice  10.00\n12  bo");
        assert_eq!(format_table(&["id"], &[]), "id");
    }

    #[test]
    fn no_refusal_reaches_the_operator_in_a_players_words() {
        for key in AppError::KEYS {
            let english = crate::i18n::message("en", key, &[]);
            let shown = operator_message(key, &key.replace('_', " "), &english);
            assert!(!addresses_a_player(&shown), "{key}: {shown}");
            assert!(!shown.contains("re-enter") && !shown.is_empty(), "{key}: {shown}");
        }
        assert!(addresses_a_player("Parameter error, please leave and re-enter"));
        assert!(!addresses_a_player("The room is closed"));
    }

    #[test]
    fn an_age_shows_its_two_largest_units() {
        let ages = [0, 59, 60, 3599, 3600, 3600 + 5 * 60, 86_399, 86_400 + 4 * 3600, -5];
        let shown: Vec<String> = ages.into_iter().map(format_age).collect();
        assert_eq!(
            shown,
            ["0s", "59s", "1m", "59m", "1h 00m", "1h 05m", "23h 59m", "1d 04h", "0s"]
        );
    }
}
