//! `fairhall admin content <verb> announcement ...`: the announcements broadcast to every
//! player, each stored per language (a reader without his language's text gets the default
//! language's, else does not see it).

use crate::cli::shared::{
    LangText, bodies_by_lang, explain, format_time, lang_text, not_found, parse_time,
    print_json_or, print_table, read_body_file, refused, texts_by_lang, yes_no,
};
use crate::clock::{Clock, Timestamp};
use crate::content::announcements::{
    self,
    types::{Announcement, AnnouncementChange, NewAnnouncement, TextChange},
};
use crate::content::types::{ArticleBody, ArticleTitle};
use crate::db::Db;
use crate::error::AppError;
use crate::paging::Paging;

/// Announcements `list` prints: far more than an operator keeps at once.
const LIST_MAX: i64 = Paging::LIMIT_MAX;

/// An announcement's texts: `--title`, `--body` and `--body-file` as LANG=VALUE, repeated per
/// language.
#[derive(clap::Args)]
pub struct TextArgs {
    /// The title in one language, e.g. --title "en=Maintenance tonight"; repeat per language.
    /// One line, at most 120 characters.
    #[arg(long = "title", value_name = "LANG=TEXT", value_parser = lang_text)]
    titles: Vec<LangText>,
    /// The body in one language, plain text (blank lines separate paragraphs), like --title.
    #[arg(long = "body", value_name = "LANG=TEXT", value_parser = lang_text)]
    bodies: Vec<LangText>,
    /// One language's body from a UTF-8 text file, e.g. --body-file en=notice.txt; `-` reads
    /// standard input.
    #[arg(long = "body-file", value_name = "LANG=PATH", value_parser = lang_text)]
    body_files: Vec<LangText>,
}

#[derive(clap::Args)]
pub struct CreateArgs {
    #[command(flatten)]
    texts: TextArgs,
    /// List it above the others.
    #[arg(long)]
    pinned: bool,
    /// When players start seeing it (RFC 3339); at once when absent.
    #[arg(long = "start")]
    starts_at: Option<String>,
    /// When players stop seeing it (RFC 3339); never when absent.
    #[arg(long = "end")]
    ends_at: Option<String>,
}

#[derive(clap::Args)]
pub struct UpdateArgs {
    /// The announcement's id (`content list announcement` shows them).
    id: i64,
    /// Adds or replaces the texts of the languages given (a new language needs a title and a
    /// body).
    #[command(flatten)]
    texts: TextArgs,
    /// List it above the others.
    #[arg(long, conflicts_with = "unpinned")]
    pinned: bool,
    /// List it among the others again.
    #[arg(long)]
    unpinned: bool,
    /// When players start seeing it (RFC 3339), or `none` for from its creation.
    #[arg(long = "start")]
    starts_at: Option<String>,
    /// When players stop seeing it (RFC 3339), or `none` for never.
    #[arg(long = "end")]
    ends_at: Option<String>,
}

pub async fn create(db: &Db, args: CreateArgs) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let mut texts = parse_texts(args.texts)?.into_iter();
    let Some(first) = texts.next() else {
        anyhow::bail!("give the text with --title LANG=TEXT and --body LANG=TEXT (or --body-file)");
    };
    let (Some(title), Some(body)) = (first.title, first.body) else {
        anyhow::bail!("{}: a new text needs --title {0}=... and --body {0}=...", first.lang);
    };
    let announcement = NewAnnouncement {
        lang: first.lang,
        title,
        body,
        pinned: args.pinned,
        starts_at: args.starts_at.as_deref().map(|text| parse_time("--start", text)).transpose()?,
        ends_at: args.ends_at.as_deref().map(|text| parse_time("--end", text)).transpose()?,
    };
    let others: Vec<AnnouncementChange> = texts.map(text_change).collect();
    let id = db
        .write(move |tx| {
            let id = announcements::create(tx, &announcement, now)?;
            for change in &others {
                announcements::update(tx, id, change, now)?;
            }
            Ok(id)
        })
        .await
        .map_err(|error| match error {
            AppError::MissingParams => new_text_refused(),
            other => window_or(other, explain),
        })?;
    println!("created announcement {id}");
    Ok(())
}

pub async fn update(db: &Db, args: UpdateArgs) -> anyhow::Result<()> {
    let (id, now) = (args.id, Clock::System.now());
    let changes = parse_changes(args)?;
    let updated = db
        .write(move |tx| {
            let mut updated = None;
            for change in &changes {
                updated = Some(announcements::update(tx, id, change, now)?);
            }
            updated.ok_or(AppError::MissingParams)
        })
        .await
        .map_err(|error| match error {
            AppError::MissingParams => anyhow::anyhow!(
                "nothing to change, or {:#}: give --title and --body as LANG=TEXT, --pinned, \
                 --unpinned, --start or --end",
                new_text_refused()
            ),
            AppError::NotFound => not_found(format!("no announcement {id}, or it is deleted")),
            other => window_or(other, explain),
        })?;
    print_announcements(&[updated], now);
    Ok(())
}

pub async fn list(db: &Db, json: bool, with_deleted: bool) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let paging = Paging { page: 1, limit: LIST_MAX };
    let listed =
        db.read(move |connection| announcements::list(connection, with_deleted, paging)).await?;
    print_json_or(json, &listed.list, |list| {
        print_announcements(list, now);
        println!("{} of {} announcements", list.len(), listed.total);
    })
}

pub async fn show(db: &Db, id: i64, json: bool) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let announcement = db
        .read(move |connection| announcements::show(connection, id))
        .await
        .map_err(|error| match error {
            AppError::NotFound => not_found(format!("no announcement {id}")),
            other => explain(other),
        })?;
    print_json_or(json, &announcement, |announcement| {
        print_announcements(std::slice::from_ref(announcement), now);
        for text in &announcement.texts {
            println!("\n[{}] {}\n{}", text.lang, text.title, text.body);
        }
    })
}

pub async fn delete(db: &Db, id: i64) -> anyhow::Result<()> {
    let now = Clock::System.now();
    db.write(move |tx| announcements::delete(tx, id, now)).await.map_err(|error| match error {
        AppError::NotFound => not_found(format!("no announcement {id}, or it is deleted already")),
        other => explain(other),
    })?;
    println!("deleted announcement {id}; players no longer see it");
    Ok(())
}

/// One language's title and body, each parsed.
struct LangParts {
    lang: &'static str,
    title: Option<ArticleTitle>,
    body: Option<ArticleBody>,
}

/// The texts of `args` by language, each part parsed and refused by its flag.
fn parse_texts(args: TextArgs) -> anyhow::Result<Vec<LangParts>> {
    let mut titles = texts_by_lang("--title", args.titles)?;
    let mut bodies = bodies_by_lang(args.bodies, args.body_files, read_body_file)?;
    let langs: std::collections::BTreeSet<&'static str> =
        titles.keys().chain(bodies.keys()).copied().collect();
    langs
        .into_iter()
        .map(|lang| {
            let title = titles.remove(lang).as_deref().map(ArticleTitle::parse).transpose();
            let body = bodies.remove(lang).as_deref().map(ArticleBody::parse).transpose();
            Ok(LangParts {
                lang,
                title: title.map_err(|error| refused("--title", error))?,
                body: body.map_err(|error| refused("--body", error))?,
            })
        })
        .collect()
}

fn text_change(parts: LangParts) -> AnnouncementChange {
    let text = TextChange { lang: parts.lang, title: parts.title, body: parts.body };
    AnnouncementChange { text: Some(text), ..AnnouncementChange::default() }
}

fn new_text_refused() -> anyhow::Error {
    anyhow::anyhow!("a new language needs both --title LANG=TEXT and --body LANG=TEXT")
}

/// The changes of `args`: its pin and times with the first language's text, then one change
/// per further language.
fn parse_changes(args: UpdateArgs) -> anyhow::Result<Vec<AnnouncementChange>> {
    let mut changes: Vec<AnnouncementChange> =
        parse_texts(args.texts)?.into_iter().map(text_change).collect();
    let fields = AnnouncementChange {
        text: None,
        pinned: match (args.pinned, args.unpinned) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        starts_at: args
            .starts_at
            .as_deref()
            .map(|text| optional_time("--start", text))
            .transpose()?,
        ends_at: args.ends_at.as_deref().map(|text| optional_time("--end", text)).transpose()?,
    };
    match changes.first_mut() {
        Some(first) => {
            let text = first.text.take();
            *first = AnnouncementChange { text, ..fields };
        }
        None => changes.push(fields),
    }
    Ok(changes)
}

/// A time, or `none` to clear it.
fn optional_time(option: &str, text: &str) -> anyhow::Result<Option<Timestamp>> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    parse_time(option, text).map(Some)
}

/// `bad_params` from the domain is the one window rule: it must end after it starts.
fn window_or(error: AppError, other: impl FnOnce(AppError) -> anyhow::Error) -> anyhow::Error {
    match error {
        AppError::BadParams => anyhow::anyhow!("--end must be after --start"),
        error => other(error),
    }
}

fn print_announcements(announcements: &[Announcement], now: Timestamp) {
    let mut rows = Vec::new();
    for announcement in announcements {
        let state = match (announcement.removed_at, announcement.starts_at, announcement.ends_at) {
            (Some(_), _, _) => "deleted",
            (None, Some(start), _) if start > now => "scheduled",
            (None, _, Some(end)) if end <= now => "ended",
            _ => "live",
        };
        let languages: Vec<&str> =
            announcement.texts.iter().map(|text| text.lang.as_str()).collect();
        let title = announcement.texts.first().map_or("", |text| text.title.as_str());
        rows.push(vec![
            announcement.id.to_string(),
            yes_no(announcement.pinned).to_string(),
            announcement.starts_at.map(format_time).unwrap_or_else(|| "-".into()),
            announcement.ends_at.map(format_time).unwrap_or_else(|| "-".into()),
            state.to_string(),
            languages.join(","),
            title.to_string(),
        ]);
    }
    let headers = ["id", "pinned", "starts", "ends", "state", "languages", "title"];
    print_table(&headers, &rows);
}
