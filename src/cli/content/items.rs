//! Banners, activities, help articles and pages (`content::items`), and their pictures
//! (`content::pictures`). Flags are parsed here; which flags a kind takes and needs is
//! decided by `content::items`, whose refusal names the flag.

use crate::cli::shared::{
    LangText, bodies_by_lang, explain, lang_text, not_found, print_json_or, print_table, refused,
    texts_by_lang,
};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::content::items::types::{
    BannerLink, ContentKind, ItemError, ItemInput, ItemRecord, PageSlug, PageVersion, Summary,
    TextInput,
};
use crate::content::rich_text::RichText;
use crate::content::types::ArticleTitle;
use crate::content::{items, pictures};
use crate::db::Db;
use crate::error::AppError;
use crate::uploads::Image;
use anyhow::Context;
use chrono::TimeZone;
use chrono_tz::Tz;
use clap::Subcommand;
use std::io::Read;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct ItemArgs {
    /// The title in one language, e.g. --title "en=First deposit"; repeat per language. One
    /// line, at most 120 characters (a banner's is its picture's description).
    #[arg(long = "title", value_name = "LANG=TEXT", value_parser = lang_text)]
    titles: Vec<LangText>,
    /// The body in one language as HTML, like --title (sanitized when stored: scripts,
    /// styles, event handlers, frames and forms are removed).
    #[arg(long = "body", value_name = "LANG=HTML", value_parser = lang_text)]
    bodies: Vec<LangText>,
    /// One language's body from a UTF-8 HTML file, e.g. --body-file en=terms.html; `-` reads
    /// standard input.
    #[arg(long = "body-file", value_name = "LANG=PATH", value_parser = lang_text)]
    body_files: Vec<LangText>,
    /// An activity's one-line summary in one language, like --title; the start of its body
    /// when absent.
    #[arg(long = "summary", value_name = "LANG=TEXT", value_parser = lang_text)]
    summaries: Vec<LangText>,
    /// A picture's id or file name from `admin content picture add`; "" takes an activity's
    /// away.
    #[arg(long)]
    picture: Option<String>,
    /// Where a banner leads: an app route (/pages/vip/index) or an https URL; "" for nowhere.
    #[arg(long)]
    link: Option<String>,
    /// Place in the players' order, lowest first (default 0, then by id).
    #[arg(long)]
    position: Option<i64>,
    /// A page's name in its address: about-us, company-profile, privacy, ...
    #[arg(long)]
    slug: Option<String>,
    /// A page's version, shown on it (agreements are versioned).
    #[arg(long)]
    version: Option<String>,
    /// Shown from "YYYY-MM-DD HH:MM" (operator time) or an RFC 3339 time; "" for no start.
    #[arg(long)]
    start: Option<String>,
    /// Shown until before this time; "" for no end.
    #[arg(long)]
    end: Option<String>,
}

/// A page's flags, and the one way to write a page from the shipped templates.
#[derive(clap::Args)]
pub struct PageArgs {
    #[command(flatten)]
    pub item: ItemArgs,
    /// Write the page from the shipped template in every language, the hall's name (app.name)
    /// filled in: --slug privacy-policy or user-agreement. Review and edit it afterwards with
    /// `content show page ID` and `content update page ID --body-file LANG=FILE`.
    #[arg(long, conflicts_with_all = ["titles", "bodies", "body_files", "summaries"])]
    pub from_template: bool,
}

#[derive(Subcommand)]
pub enum PictureCommand {
    /// Store a picture (PNG, JPEG or WebP by content, at most `content.picture_max_bytes`);
    /// prints its id, file name and URL.
    Add {
        /// The picture file to store.
        file: PathBuf,
    },
    /// Every picture, newest first.
    List {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

/// `at`: the operator's time zone (for --start and --end) and now.
pub async fn create(
    db: &Db,
    kind: ContentKind,
    args: ItemArgs,
    (timezone, now): (Tz, Timestamp),
) -> anyhow::Result<()> {
    let (input, others) = input_of(args, timezone)?;
    let written = db.write(move |tx| {
        through_writer(items::create(tx, kind, input, now).and_then(|id| {
            // The further languages' texts, in the same transaction: all or none.
            for input in others {
                items::update(tx, kind, id, input, now)?;
            }
            Ok(id)
        }))
    });
    let id = written.await.map_err(refusal)?;
    println!("created {} {id}", kind.code());
    Ok(())
}

/// `content create page --slug SLUG --from-template`.
pub async fn create_from_template(
    db: &Db,
    hall: &str,
    args: ItemArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    let slug = args.slug.as_deref().ok_or_else(|| {
        anyhow::anyhow!(
            "--from-template needs --slug, one of {}",
            items::templates::TEMPLATE_SLUGS.join(", ")
        )
    })?;
    let slug = PageSlug::parse(slug).map_err(|error| refused("--slug", error))?;
    let hall = hall.to_string();
    let written = {
        let slug = slug.clone();
        db.write(move |tx| through_writer(items::create_from_template(tx, &slug, &hall, now)))
    };
    let id = written.await.map_err(refusal)?;
    println!(
        "created page {id} ({}) from the template in {} languages: read each with `content show \
         page {id}` and change it with `content update page {id} --body-file LANG=FILE`",
        slug.as_str(),
        crate::config::LANGUAGES.len()
    );
    Ok(())
}

pub async fn update(
    db: &Db,
    (kind, id): (ContentKind, i64),
    args: ItemArgs,
    (timezone, now): (Tz, Timestamp),
) -> anyhow::Result<()> {
    let (input, others) = input_of(args, timezone)?;
    let written = db.write(move |tx| {
        through_writer(items::update(tx, kind, id, input, now).and_then(|()| {
            others.into_iter().try_for_each(|input| items::update(tx, kind, id, input, now))
        }))
    });
    written.await.map_err(refusal)?;
    println!("updated {} {id}", kind.code());
    Ok(())
}

pub async fn list(
    db: &Db,
    kind: ContentKind,
    json: bool,
    timezone: Tz,
    now: Timestamp,
) -> anyhow::Result<()> {
    let (records, templates) = db
        .read(move |connection| {
            let templates = match kind {
                ContentKind::Page => items::templates_served(connection, now)?,
                _ => Vec::new(),
            };
            Ok((items::list(connection, kind)?, templates))
        })
        .await?;
    print_json_or(json, &records, |records| {
        print_items(records, timezone, now);
        for slug in templates {
            println!(
                "[{slug}]: players read the shipped template; write the hall's own with \
                 `content create page --slug {slug} --from-template`, then edit it"
            );
        }
    })
}

pub async fn show(
    db: &Db,
    kind: ContentKind,
    id: i64,
    json: bool,
    timezone: Tz,
) -> anyhow::Result<()> {
    let record = db.read(move |connection| items::show(connection, kind, id)).await?;
    let record = record.ok_or_else(|| not_found(format!("{} {id}: no such item", kind.code())))?;
    print_json_or(json, &record, |record| print_item(record, timezone))
}

pub async fn delete(db: &Db, kind: ContentKind, id: i64, now: Timestamp) -> anyhow::Result<()> {
    db.write(move |tx| items::remove(tx, kind, id, now)).await.map_err(|error| match error {
        AppError::NotFound => {
            not_found(format!("{} {id}: no such item, or it is deleted already", kind.code()))
        }
        other => explain(other),
    })?;
    println!("deleted {} {id}: players no longer see it", kind.code());
    Ok(())
}

pub async fn run_picture(
    db: &Db,
    config: &Config,
    command: PictureCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    match command {
        PictureCommand::Add { file } => {
            let max_bytes = config.content.picture_max_bytes;
            let refused =
                |error| anyhow::anyhow!("picture {}: {:#}", file.display(), explain(error));
            // One byte over the limit is enough for `Image::parse` to refuse the file.
            let bytes = read_prefix(&file, max_bytes as u64 + 1)?;
            let image = Image::parse(bytes, max_bytes).map_err(refused)?;
            let data_dir = config.server.data_dir.clone();
            let picture = db
                .write(move |tx| pictures::add(tx, &data_dir, &image, now))
                .await
                .map_err(refused)?;
            println!("{}\t{}\t{}", picture.id, picture.file_name, picture.url);
        }
        PictureCommand::List { json } => {
            let pictures = db.read(pictures::list).await?;
            print_json_or(json, &pictures, |pictures| {
                println!("id\tbytes\tfile\turl");
                for picture in pictures {
                    println!(
                        "{}\t{}\t{}\t{}",
                        picture.id, picture.size_bytes, picture.file_name, picture.url
                    );
                }
                println!("{} pictures", pictures.len());
            })?;
        }
    }
    Ok(())
}

/// The flags as the domain's input, each value parsed (a refusal names its flag): the item's
/// fields with the first language's text, then one input per further language.
fn input_of(mut args: ItemArgs, timezone: Tz) -> anyhow::Result<(ItemInput, Vec<ItemInput>)> {
    let texts = (
        std::mem::take(&mut args.titles),
        std::mem::take(&mut args.summaries),
        std::mem::take(&mut args.bodies),
        std::mem::take(&mut args.body_files),
    );
    let mut texts = texts_of(texts)?.into_iter();
    let (lang, text) =
        texts.next().map_or((None, TextInput::default()), |(lang, text)| (Some(lang), text));
    let others = texts
        .map(|(lang, text)| ItemInput { lang: Some(lang), text, ..ItemInput::default() })
        .collect();
    let input = ItemInput {
        lang,
        text,
        picture: args.picture,
        link: args
            .link
            .as_deref()
            .map(|text| optional("--link", text, BannerLink::parse))
            .transpose()?,
        position: args.position,
        slug: parsed("--slug", args.slug.as_deref(), PageSlug::parse)?,
        version: parsed("--version", args.version.as_deref(), PageVersion::parse)?,
        start_at: args
            .start
            .as_deref()
            .map(|text| time_of("--start", text, timezone))
            .transpose()?,
        end_at: args.end.as_deref().map(|text| time_of("--end", text, timezone)).transpose()?,
    };
    Ok((input, others))
}

/// The texts of `--title`, `--summary`, `--body` and `--body-file` by language.
type TextFlags = (Vec<LangText>, Vec<LangText>, Vec<LangText>, Vec<LangText>);

fn texts_of(
    (titles, summaries, bodies, body_files): TextFlags,
) -> anyhow::Result<Vec<(&'static str, TextInput)>> {
    let mut titles = texts_by_lang("--title", titles)?;
    let mut summaries = texts_by_lang("--summary", summaries)?;
    let mut bodies = bodies_by_lang(bodies, body_files, read_body_file)?;
    let langs: std::collections::BTreeSet<&'static str> =
        titles.keys().chain(summaries.keys()).chain(bodies.keys()).copied().collect();
    langs
        .into_iter()
        .map(|lang| {
            let text = TextInput {
                title: parsed("--title", titles.remove(lang).as_deref(), ArticleTitle::parse)?,
                summary: parsed("--summary", summaries.remove(lang).as_deref(), Summary::parse)?,
                body: parsed("--body", bodies.remove(lang).as_deref(), RichText::parse)?,
            };
            Ok((lang, text))
        })
        .collect()
}

fn parsed<T>(
    option: &str,
    text: Option<&str>,
    parse: impl Fn(&str) -> Result<T, AppError>,
) -> anyhow::Result<Option<T>> {
    text.map(|text| parse(text).map_err(|error| refused(option, error))).transpose()
}

/// "" clears an optional field; anything else is parsed.
fn optional<T>(
    option: &str,
    text: &str,
    parse: impl Fn(&str) -> Result<T, AppError>,
) -> anyhow::Result<Option<T>> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse(text).map(Some).map_err(|error| refused(option, error))
    }
}

/// "YYYY-MM-DD HH:MM" in the operator's time zone, or RFC 3339; "" for none.
fn time_of(option: &str, text: &str, timezone: Tz) -> anyhow::Result<Option<Timestamp>> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if let Ok(time) = chrono::DateTime::parse_from_rfc3339(text) {
        return Ok(Some(Timestamp::from_datetime(&time)));
    }
    chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .ok()
        .and_then(|local| timezone.from_local_datetime(&local).earliest())
        .map(|time| Some(Timestamp::from_datetime(&time)))
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{option} {text:?}: give \"YYYY-MM-DD HH:MM\" ({timezone}) or an RFC 3339 time"
            )
        })
}

/// Bytes a body file may have: the source limit of `RichText` in characters of up to 4 bytes.
const BODY_FILE_MAX_BYTES: u64 = 2 * 4 * RichText::MAX_CHARS as u64;

fn read_body_file(path: &Path) -> anyhow::Result<String> {
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(BODY_FILE_MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("while reading the body from standard input")?;
        bytes
    } else {
        read_prefix(path, BODY_FILE_MAX_BYTES + 1)?
    };
    if bytes.len() as u64 > BODY_FILE_MAX_BYTES {
        return Err(refused("--body-file", AppError::TextTooLong { max: RichText::MAX_CHARS }));
    }
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}

/// The first `limit` bytes of the file at `path` (the whole file when it is shorter).
fn read_prefix(path: &Path, limit: u64) -> anyhow::Result<Vec<u8>> {
    let file =
        std::fs::File::open(path).with_context(|| format!("while opening {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(limit)
        .read_to_end(&mut bytes)
        .with_context(|| format!("while reading {}", path.display()))?;
    Ok(bytes)
}

/// An item refusal carried out of the writer as an error, so that the write's savepoint rolls
/// back whatever it did before refusing.
fn through_writer<T>(result: Result<T, ItemError>) -> Result<T, AppError> {
    result.map_err(|error| match error {
        ItemError::Db(error) => error,
        refused @ ItemError::Invalid(_) => AppError::Internal(anyhow::Error::new(refused)),
    })
}

/// The domain's message, which names the flag, for a refusal; any other error explained.
fn refusal(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) if cause.is::<ItemError>() => cause,
        other => explain(other),
    }
}

fn local_time(time: Option<Timestamp>, timezone: Tz) -> String {
    time.and_then(|time| timezone.timestamp_opt(time.secs(), 0).single())
        .map_or_else(|| "-".into(), |local| local.format("%Y-%m-%d %H:%M").to_string())
}

fn state_of(record: &ItemRecord, now: Timestamp) -> &'static str {
    match record {
        ItemRecord { removed_at: Some(_), .. } => "deleted",
        ItemRecord { start_at: Some(start), .. } if *start > now => "scheduled",
        ItemRecord { end_at: Some(end), .. } if *end <= now => "ended",
        _ => "live",
    }
}

fn print_items(records: &[ItemRecord], timezone: Tz, now: Timestamp) {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|record| {
            let langs: Vec<&str> = record.texts.iter().map(|text| text.lang.as_str()).collect();
            let title = record.texts.first().map_or("-", |text| text.title.as_str());
            let name = record.slug.as_deref().map(|slug| format!("[{slug}] ")).unwrap_or_default();
            vec![
                record.id.to_string(),
                state_of(record, now).to_string(),
                record.position.to_string(),
                langs.join(","),
                format!(
                    "{} to {}",
                    local_time(record.start_at, timezone),
                    local_time(record.end_at, timezone)
                ),
                format!("{name}{title}"),
            ]
        })
        .collect();
    print_table(&["id", "state", "position", "langs", "window", "title"], &rows);
    println!("{} items", records.len());
}

fn print_item(record: &ItemRecord, timezone: Tz) {
    let or_dash = |value: &Option<String>| value.clone().unwrap_or_else(|| "-".into());
    println!("id\t{}", record.id);
    println!("kind\t{}", record.kind.code());
    println!("slug\t{}", or_dash(&record.slug));
    println!("version\t{}", or_dash(&record.version));
    println!("picture\t{}", or_dash(&record.picture));
    println!("link\t{}", or_dash(&record.link));
    println!("position\t{}", record.position);
    println!("start\t{}", local_time(record.start_at, timezone));
    println!("end\t{}", local_time(record.end_at, timezone));
    println!("created\t{}", local_time(Some(record.created_at), timezone));
    println!("updated\t{}", local_time(Some(record.updated_at), timezone));
    println!("deleted\t{}", local_time(record.removed_at, timezone));
    for text in &record.texts {
        println!("title.{}\t{}", text.lang, text.title);
        if !text.summary.is_empty() {
            println!("summary.{}\t{}", text.lang, text.summary);
        }
        if !text.body.is_empty() {
            println!("body.{}\t{}", text.lang, text.body);
        }
    }
}
