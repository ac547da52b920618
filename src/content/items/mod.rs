//! The operator's content items of four kinds (banners, activities, help articles, pages),
//! each stored per language (`content_texts`). A reader gets his language's text, else the
//! default language's, else the item is not shown to him. An item is shown inside its
//! optional start/end window until the operator deletes it; an activity that has ended drops
//! off the list and its page, as one that has not started is not there yet.

mod sql;
pub mod templates;
pub mod types;

use super::pictures::{self, PICTURE_URL_PREFIX};
use super::rich_text::RichText;
use super::types::ArticleTitle;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::Connection;
use sql::{Visible, Which};
use types::{
    ActivityDetail, ActivityItem, BannerView, ContentKind, HelpArticle, HelpItem, Item, ItemError,
    ItemInput, ItemRecord, ItemText, PageLink, PageSlug, PageView, Summary,
};

/// Most banners the home page shows.
pub const HOME_BANNERS_MAX: i64 = 10;
/// Most items a player's list shows (the first in the operator's order).
pub const LIST_MAX: i64 = 200;

fn picture_url(name: Option<String>) -> Option<String> {
    name.map(|name| format!("{PICTURE_URL_PREFIX}{name}"))
}

/// The banners of the home page in `lang` (else `default_lang`) live at `now`, in the
/// operator's order, at most `HOME_BANNERS_MAX`.
pub fn banners_for_home(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<Vec<BannerView>, AppError> {
    let rows = sql::visible(
        connection,
        ContentKind::Banner,
        (lang, default_lang),
        Which::All(HOME_BANNERS_MAX),
        now,
    )?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let picture = picture_url(row.picture_name)?;
            Some(BannerView { id: row.id, title: row.title, picture, link: row.link })
        })
        .collect())
}

fn activity_item(row: Visible) -> ActivityItem {
    ActivityItem {
        id: row.id,
        title: row.title,
        summary: row.summary,
        picture: picture_url(row.picture_name),
        start_at: row.start_at,
        end_at: row.end_at,
    }
}

/// The activities live at `now` for a reader of `lang`, in the operator's order.
pub fn activities(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<Vec<ActivityItem>, AppError> {
    let rows = sql::visible(
        connection,
        ContentKind::Activity,
        (lang, default_lang),
        Which::All(LIST_MAX),
        now,
    )?;
    Ok(rows.into_iter().map(activity_item).collect())
}

/// How many activities live at `now` for a reader of `lang` started (or, without a start,
/// were created) at or after `since`: the home page's "new activities" count.
pub fn activities_started_since(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    since: Timestamp,
    now: Timestamp,
) -> Result<i64, AppError> {
    let which = Which::StartedSince(since);
    let rows = sql::visible(connection, ContentKind::Activity, (lang, default_lang), which, now)?;
    Ok(rows.len() as i64)
}

/// One live activity; `not_found` when unknown, deleted, outside its window or without a text
/// in `lang` or `default_lang`.
pub fn activity(
    connection: &Connection,
    id: i64,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<ActivityDetail, AppError> {
    let row =
        sql::visible(connection, ContentKind::Activity, (lang, default_lang), Which::Id(id), now)?
            .pop()
            .ok_or(AppError::NotFound)?;
    Ok(ActivityDetail {
        id: row.id,
        title: row.title,
        summary: row.summary,
        picture: picture_url(row.picture_name),
        body: row.body,
        start_at: row.start_at,
        end_at: row.end_at,
    })
}

/// The help articles for a reader of `lang`, in the operator's order.
pub fn help_articles(
    connection: &Connection,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<Vec<HelpItem>, AppError> {
    let rows = sql::visible(
        connection,
        ContentKind::Help,
        (lang, default_lang),
        Which::All(LIST_MAX),
        now,
    )?;
    Ok(rows
        .into_iter()
        .map(|row| HelpItem { id: row.id, title: row.title, summary: row.summary })
        .collect())
}

/// One help article; `not_found` as for `activity`.
pub fn help_article(
    connection: &Connection,
    id: i64,
    lang: &str,
    default_lang: &str,
    now: Timestamp,
) -> Result<HelpArticle, AppError> {
    let row =
        sql::visible(connection, ContentKind::Help, (lang, default_lang), Which::Id(id), now)?
            .pop()
            .ok_or(AppError::NotFound)?;
    Ok(HelpArticle { id: row.id, title: row.title, body: row.body, updated_at: row.updated_at })
}

/// The page named `slug`: the operator's, else, when the reader can read none of his, the
/// shipped template of that slug (the legal pages registration links); `not_found` as for
/// `activity`. `hall` is the hall's name.
pub fn page(
    connection: &Connection,
    slug: &str,
    (lang, default_lang): (&str, &str),
    hall: &str,
    now: Timestamp,
) -> Result<PageView, AppError> {
    let row =
        sql::visible(connection, ContentKind::Page, (lang, default_lang), Which::Slug(slug), now)?
            .pop();
    if let Some(row) = row {
        return Ok(PageView {
            slug: row.slug.unwrap_or_default(),
            title: row.title,
            body: row.body,
            version: row.version.unwrap_or_default(),
            updated_at: row.updated_at,
            template: false,
        });
    }
    let text = templates::text(slug, (lang, default_lang), hall).ok_or(AppError::NotFound)?;
    Ok(PageView {
        slug: slug.to_string(),
        title: text.title,
        body: text.body,
        version: String::new(),
        updated_at: templates::TEMPLATES_UPDATED_AT,
        template: true,
    })
}

/// The pages a reader of `lang` can open, in the operator's order, then the templates of the
/// slugs of which he can read no page of the operator's (as `page` serves them).
pub fn pages(
    connection: &Connection,
    (lang, default_lang): (&str, &str),
    hall: &str,
    now: Timestamp,
) -> Result<Vec<PageLink>, AppError> {
    let rows = sql::visible(
        connection,
        ContentKind::Page,
        (lang, default_lang),
        Which::All(LIST_MAX),
        now,
    )?;
    let mut links: Vec<PageLink> = rows
        .into_iter()
        .map(|row| PageLink { slug: row.slug.unwrap_or_default(), title: row.title })
        .collect();
    for slug in templates::TEMPLATE_SLUGS {
        if links.iter().any(|link| link.slug == slug) {
            continue;
        }
        if let Some(text) = templates::text(slug, (lang, default_lang), hall) {
            links.push(PageLink { slug: slug.to_string(), title: text.title });
        }
    }
    Ok(links)
}

/// The template slugs without a live page at `now`: every player reads the shipped template
/// (`admin doctor` warns about each).
pub fn templates_served(
    connection: &Connection,
    now: Timestamp,
) -> Result<Vec<&'static str>, AppError> {
    let live = sql::live_page_slugs(connection, now)?;
    Ok(templates::TEMPLATE_SLUGS
        .into_iter()
        .filter(|slug| !live.iter().any(|l| l == slug))
        .collect())
}

/// The slugs of the pages live at `now`.
pub fn live_page_slugs(connection: &Connection, now: Timestamp) -> Result<Vec<String>, AppError> {
    sql::live_page_slugs(connection, now)
}

/// Creates the page `slug` from its template in every language, the hall's name filled in:
/// the operator then edits it as any page. Refused for a slug without a template or one that
/// has a live page.
pub fn create_from_template(
    tx: &Tx,
    slug: &PageSlug,
    hall: &str,
    now: Timestamp,
) -> Result<i64, ItemError> {
    let mut texts = templates::texts(slug.as_str(), hall).into_iter();
    let Some(first) = texts.next() else {
        return Err(invalid(&format!(
            "--slug {}: no template of that name (templates: {})",
            slug.as_str(),
            templates::TEMPLATE_SLUGS.join(", ")
        )));
    };
    let input = |text: templates::TemplateText, slug: Option<PageSlug>| -> Result<_, ItemError> {
        Ok(ItemInput {
            lang: Some(text.lang),
            text: types::TextInput {
                title: Some(ArticleTitle::parse(&text.title)?),
                summary: None,
                body: Some(RichText::parse(&text.body)?),
            },
            slug,
            ..ItemInput::default()
        })
    };
    let id = create(tx, ContentKind::Page, input(first, Some(slug.clone()))?, now)?;
    for text in texts {
        update(tx, ContentKind::Page, id, input(text, None)?, now)?;
    }
    Ok(id)
}

/// Creates an item of `kind`; its id. Every kind needs a `--title`; activities,
/// help and pages a body; banners a picture; pages a slug.
pub fn create(
    tx: &Tx,
    kind: ContentKind,
    input: ItemInput,
    now: Timestamp,
) -> Result<i64, ItemError> {
    let lang = input
        .lang
        .ok_or_else(|| invalid("--title LANG=TEXT is required: the text and its language"))?;
    let mut item = Item {
        id: 0,
        kind,
        slug: None,
        picture_id: None,
        link: None,
        position: 0,
        version: None,
        start_at: None,
        end_at: None,
        created_at: now,
        updated_at: now,
        removed_at: None,
    };
    apply(tx, &mut item, &input)?;
    if kind == ContentKind::Banner && item.picture_id.is_none() {
        return Err(invalid("a banner needs --picture (see `admin content picture add`)"));
    }
    if kind == ContentKind::Page && item.slug.is_none() {
        return Err(invalid("a page needs --slug, e.g. --slug about-us"));
    }
    let text = merged_text(kind, lang, None, input.text)?;
    let id = sql::insert(tx, &item)?;
    sql::put_text(tx, id, &text)?;
    tx.note_created(id);
    Ok(id)
}

/// Changes what `input` gives of a live item of `kind`; with a language, adds or replaces that
/// language's text (a new language needs a title, and a body where the kind has one).
pub fn update(
    tx: &Tx,
    kind: ContentKind,
    id: i64,
    input: ItemInput,
    now: Timestamp,
) -> Result<(), ItemError> {
    let mut item = sql::item(tx, kind, id)?
        .filter(|item| item.removed_at.is_none())
        .ok_or_else(|| invalid(&format!("{} {id}: no such item, or it is deleted", kind.code())))?;
    if input.is_empty() {
        return Err(invalid(
            "nothing to change: give --title, --summary or --body as LANG=TEXT, or another field",
        ));
    }
    let has_text =
        input.text.title.is_some() || input.text.summary.is_some() || input.text.body.is_some();
    if has_text && input.lang.is_none() {
        return Err(invalid("give --title, --summary or --body with the text's language"));
    }
    apply(tx, &mut item, &input)?;
    sql::update(tx, &item, now)?;
    if let Some(lang) = input.lang {
        let stored = sql::texts(tx, id)?.into_iter().find(|text| text.lang == lang);
        let text = merged_text(kind, lang, stored, input.text)?;
        sql::put_text(tx, id, &text)?;
    }
    Ok(())
}

/// Deletes a live item for good: players never see it again; the row stays as a record.
/// `not_found` for an unknown or already deleted item.
pub fn remove(tx: &Tx, kind: ContentKind, id: i64, now: Timestamp) -> Result<(), AppError> {
    if sql::mark_removed(tx, kind, id, now)? { Ok(()) } else { Err(AppError::NotFound) }
}

/// Every item of `kind` with its texts, live ones first in the players' order.
pub fn list(connection: &Connection, kind: ContentKind) -> Result<Vec<ItemRecord>, AppError> {
    sql::items(connection, kind)?.into_iter().map(|item| record(connection, item)).collect()
}

/// One item of `kind` with all its texts, deleted or not.
pub fn show(
    connection: &Connection,
    kind: ContentKind,
    id: i64,
) -> Result<Option<ItemRecord>, AppError> {
    sql::item(connection, kind, id)?.map(|item| record(connection, item)).transpose()
}

fn record(connection: &Connection, item: Item) -> Result<ItemRecord, AppError> {
    let picture = match item.picture_id {
        Some(picture_id) => picture_url(sql::picture_name(connection, picture_id)?),
        None => None,
    };
    Ok(ItemRecord {
        id: item.id,
        kind: item.kind,
        slug: item.slug,
        picture,
        link: item.link,
        position: item.position,
        version: item.version,
        start_at: item.start_at,
        end_at: item.end_at,
        created_at: item.created_at,
        updated_at: item.updated_at,
        removed_at: item.removed_at,
        texts: sql::texts(connection, item.id)?,
    })
}

fn invalid(reason: &str) -> ItemError {
    ItemError::Invalid(reason.to_string())
}

/// Applies the fields `input` gives to `item`, refusing those its kind does not have.
fn apply(connection: &Connection, item: &mut Item, input: &ItemInput) -> Result<(), ItemError> {
    let kind = item.kind;
    let refuse = |flag: &str| invalid(&format!("{flag} is not a field of a {}", kind.code()));
    if let Some(reference) = &input.picture {
        if !matches!(kind, ContentKind::Banner | ContentKind::Activity) {
            return Err(refuse("--picture"));
        }
        if reference.trim().is_empty() {
            // "" takes an activity's picture away; a banner is its picture.
            if kind == ContentKind::Banner {
                return Err(invalid("a banner needs --picture: it cannot be \"\""));
            }
            item.picture_id = None;
        } else {
            let picture = pictures::find(connection, reference)?.ok_or_else(|| {
                invalid(&format!(
                    "--picture {reference:?}: no such picture (see `admin content picture list`)"
                ))
            })?;
            item.picture_id = Some(picture.id);
        }
    }
    if let Some(link) = &input.link {
        if kind != ContentKind::Banner {
            return Err(refuse("--link"));
        }
        item.link = link.as_ref().map(|link| link.as_str().to_string());
    }
    if let Some(slug) = &input.slug {
        if kind != ContentKind::Page {
            return Err(refuse("--slug"));
        }
        if let Some(other) = sql::page_with_slug(connection, slug.as_str(), item.id)? {
            return Err(invalid(&format!(
                "--slug {}: page {other} has it already (update or delete that one)",
                slug.as_str()
            )));
        }
        item.slug = Some(slug.as_str().to_string());
    }
    if let Some(version) = &input.version {
        if kind != ContentKind::Page {
            return Err(refuse("--version"));
        }
        item.version = Some(version.as_str().to_string());
    }
    if input.text.summary.is_some() && kind != ContentKind::Activity {
        return Err(refuse("--summary"));
    }
    if input.text.body.is_some() && !kind.has_body() {
        return Err(refuse("--body"));
    }
    item.position = input.position.unwrap_or(item.position);
    item.start_at = input.start_at.unwrap_or(item.start_at);
    item.end_at = input.end_at.unwrap_or(item.end_at);
    if let (Some(start), Some(end)) = (item.start_at, item.end_at)
        && end <= start
    {
        return Err(invalid("--end must be after --start"));
    }
    Ok(())
}

/// One language's text: what `given` has over what is `stored`; a title always, and a body
/// where the kind has one. An activity's summary is the start of its body unless given.
fn merged_text(
    kind: ContentKind,
    lang: &str,
    stored: Option<ItemText>,
    given: types::TextInput,
) -> Result<ItemText, ItemError> {
    let title = match (given.title, &stored) {
        (Some(title), _) => title.as_str().to_string(),
        (None, Some(stored)) => stored.title.clone(),
        (None, None) => {
            return Err(invalid(&format!("--title is required for a new text in {lang}")));
        }
    };
    let body_changed = given.body.is_some();
    let body = match (given.body, &stored) {
        (Some(body), _) => Some(body),
        (None, Some(_)) => None,
        (None, None) if kind.has_body() => {
            return Err(invalid(&format!(
                "--body or --body-file is required for a new text in {lang}"
            )));
        }
        (None, None) => None,
    };
    let summary = match (given.summary, &body) {
        (Some(summary), _) => summary.as_str().to_string(),
        (None, Some(body))
            if kind == ContentKind::Activity && (body_changed || stored.is_none()) =>
        {
            Summary::of_body(body).as_str().to_string()
        }
        _ => stored.as_ref().map(|stored| stored.summary.clone()).unwrap_or_default(),
    };
    let body = match body {
        Some(body) => body.as_str().to_string(),
        None => stored.map(|stored| stored.body).unwrap_or_default(),
    };
    Ok(ItemText { lang: lang.to_string(), title, summary, body })
}
