//! `fairhall admin content <verb> announcement ...`: the announcements broadcast to every
//! player, each stored per language (a reader without his language's text gets the default
//! language's, else does not see it).

use crate::cli::shared::{
    BodyArgs, explain, format_time, not_found, parse_time, print_json_or, print_table, read_body,
    refused, yes_no,
};
use crate::clock::{Clock, Timestamp};
use crate::content::announcements::{
    self,
    types::{Announcement, AnnouncementChange, NewAnnouncement, TextChange, parse_text_lang},
};
use crate::content::types::{ArticleBody, ArticleTitle};
use crate::db::Db;
use crate::error::AppError;
use crate::paging::Paging;
use anyhow::Context;

/// Announcements `list` prints: far more than an operator keeps at once.
const LIST_MAX: i64 = Paging::LIMIT_MAX;

#[derive(clap::Args)]
pub struct CreateArgs {
    /// The language of this text (vi, en, zh, ...); add others with `update --lang`.
    #[arg(long)]
    lang: String,
    /// One line, at most 120 characters.
    #[arg(long)]
    title: String,
    #[command(flatten)]
    body: BodyArgs,
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
    /// The language whose text --title and --body add or replace.
    #[arg(long)]
    lang: Option<String>,
    /// The new title (unchanged when left out).
    #[arg(long)]
    title: Option<String>,
    #[command(flatten)]
    body: BodyArgs,
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
    let body =
        read_body(args.body)?.context("give the body with --body TEXT or --body-file PATH")?;
    let announcement = NewAnnouncement {
        lang: parse_lang(&args.lang)?,
        title: ArticleTitle::parse(&args.title).map_err(|error| refused("--title", error))?,
        body: ArticleBody::parse(&body).map_err(|error| refused("--body", error))?,
        pinned: args.pinned,
        starts_at: args.starts_at.as_deref().map(|text| parse_time("--start", text)).transpose()?,
        ends_at: args.ends_at.as_deref().map(|text| parse_time("--end", text)).transpose()?,
    };
    let id = db
        .write(move |tx| announcements::create(tx, &announcement, now))
        .await
        .map_err(|error| window_or(error, explain))?;
    println!("{id}");
    Ok(())
}

pub async fn update(db: &Db, args: UpdateArgs) -> anyhow::Result<()> {
    let (id, now) = (args.id, Clock::System.now());
    let change = parse_change(args)?;
    let updated =
        db.write(move |tx| announcements::update(tx, id, &change, now)).await.map_err(|error| {
            match error {
                AppError::MissingParams => anyhow::anyhow!(
                    "nothing to change, or a new language without both --title and --body: give \
                 --lang with --title and --body, --pinned, --unpinned, --start or --end"
                ),
                AppError::NotFound => not_found(format!("no announcement {id}, or it is deleted")),
                other => window_or(other, explain),
            }
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

fn parse_change(args: UpdateArgs) -> anyhow::Result<AnnouncementChange> {
    let title = args.title.as_deref().map(ArticleTitle::parse).transpose();
    let body = read_body(args.body)?.as_deref().map(ArticleBody::parse).transpose();
    let title = title.map_err(|error| refused("--title", error))?;
    let body = body.map_err(|error| refused("--body", error))?;
    let text = match args.lang {
        Some(lang) => Some(TextChange { lang: parse_lang(&lang)?, title, body }),
        None if title.is_some() || body.is_some() => {
            anyhow::bail!("--title and --body need --lang: the language of that text")
        }
        None => None,
    };
    Ok(AnnouncementChange {
        text,
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
    })
}

/// A time, or `none` to clear it.
fn optional_time(option: &str, text: &str) -> anyhow::Result<Option<Timestamp>> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    parse_time(option, text).map(Some)
}

fn parse_lang(text: &str) -> anyhow::Result<&'static str> {
    parse_text_lang(text).map_err(|_| {
        let codes = crate::config::LANGUAGES.join(", ");
        anyhow::anyhow!("--lang {text:?}: give one of {codes}")
    })
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
