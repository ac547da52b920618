//! Content items' kinds, the operator's parsed input, and the shapes players and the operator
//! read.

use crate::clock::Timestamp;
use crate::content::rich_text::RichText;
use crate::content::types::ArticleTitle;
use crate::error::AppError;
use serde::Serialize;
use std::fmt;

/// What an item is, which decides its fields and where players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ContentKind {
    /// A picture on the home page's carousel, with an optional link.
    Banner,
    /// An activity (pages/events/index and details): picture, summary, rich-text body.
    Activity,
    /// A help article (pages/events/helplist and helpdetail).
    Help,
    /// A named page (pages/jogos/about-us?page=<slug>) with a version.
    Page,
}

impl ContentKind {
    pub const ALL: [ContentKind; 4] =
        [ContentKind::Banner, ContentKind::Activity, ContentKind::Help, ContentKind::Page];

    pub fn code(self) -> &'static str {
        match self {
            ContentKind::Banner => "banner",
            ContentKind::Activity => "activity",
            ContentKind::Help => "help",
            ContentKind::Page => "page",
        }
    }

    pub fn parse(code: &str) -> Option<ContentKind> {
        ContentKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// Whether its texts have a rich-text body (all but banners).
    pub fn has_body(self) -> bool {
        self != ContentKind::Banner
    }
}

/// Why the operator's item was refused: the text names the option.
#[derive(Debug)]
pub enum ItemError {
    Invalid(String),
    Db(AppError),
}

impl fmt::Display for ItemError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemError::Invalid(reason) => formatter.write_str(reason),
            ItemError::Db(error) => write!(formatter, "{error:#}"),
        }
    }
}

impl std::error::Error for ItemError {}

impl From<AppError> for ItemError {
    fn from(error: AppError) -> ItemError {
        ItemError::Db(error)
    }
}

impl From<rusqlite::Error> for ItemError {
    fn from(error: rusqlite::Error) -> ItemError {
        ItemError::Db(error.into())
    }
}

/// Where a banner leads: an app route (`/pages/vip/index?tab=1`) or an https URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BannerLink(String);

impl BannerLink {
    pub const MAX_CHARS: usize = 500;

    /// `bad_params` for anything but a route or an https URL without spaces or controls.
    pub fn parse(text: &str) -> Result<BannerLink, AppError> {
        let link = text.trim();
        let route = link.starts_with('/') && !link.starts_with("//");
        let https = link.strip_prefix("https://").is_some_and(|rest| !rest.is_empty());
        let clean =
            !link.chars().any(|character| character.is_whitespace() || character.is_control());
        if link.chars().count() > Self::MAX_CHARS {
            return Err(AppError::TextTooLong { max: Self::MAX_CHARS });
        }
        if (route || https) && clean {
            Ok(BannerLink(link.to_string()))
        } else {
            Err(AppError::BadParams)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A page's name in its address: 1 to 64 of a-z, 0-9 and inner hyphens (`about-us`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageSlug(String);

impl PageSlug {
    pub fn parse(text: &str) -> Result<PageSlug, AppError> {
        let slug = text.trim();
        let well_formed = (1..=64).contains(&slug.len())
            && slug.bytes().all(|byte| matches!(byte, b'a'..=b'z' | b'0'..=b'9' | b'-'))
            && !slug.starts_with('-')
            && !slug.ends_with('-');
        if well_formed { Ok(PageSlug(slug.to_string())) } else { Err(AppError::BadParams) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A page's version as the operator names it (`2026-01`, `v3.1`): one line, 1 to 32 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageVersion(String);

impl PageVersion {
    pub fn parse(text: &str) -> Result<PageVersion, AppError> {
        let version = crate::text::bounded(text, 32)?;
        if version.is_empty() {
            return Err(AppError::MissingParams);
        }
        Ok(PageVersion(version))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An item's one-line summary for lists: plain text, at most `MAX_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary(String);

impl Summary {
    pub const MAX_CHARS: usize = 200;

    pub fn parse(text: &str) -> Result<Summary, AppError> {
        Ok(Summary(crate::text::bounded(text, Self::MAX_CHARS)?))
    }

    /// The start of a rich-text body as one line, cut like news summaries.
    pub fn of_body(body: &RichText) -> Summary {
        let text = crate::content::rich_text::plain_text(body.as_str());
        Summary(crate::content::types::summarize(&text, false))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An item's id as a request names it: a positive integer.
pub fn parse_item_id(text: &str) -> Result<i64, AppError> {
    crate::content::types::parse_article_id(text)
}

/// One language's text as the operator gives it; on update, what is absent stays as stored.
#[derive(Default)]
pub struct TextInput {
    pub title: Option<ArticleTitle>,
    pub summary: Option<Summary>,
    pub body: Option<RichText>,
}

/// What the operator gives for an item. `create` needs the kind's required fields; `update`
/// changes what is given. `Some(None)` clears an optional field.
#[derive(Default)]
pub struct ItemInput {
    /// The language `text` is in (the LANG of `--title LANG=TEXT`).
    pub lang: Option<&'static str>,
    pub text: TextInput,
    /// A picture reference: its id, file name or URL.
    pub picture: Option<String>,
    pub link: Option<Option<BannerLink>>,
    pub position: Option<i64>,
    pub slug: Option<PageSlug>,
    pub version: Option<PageVersion>,
    pub start_at: Option<Option<Timestamp>>,
    pub end_at: Option<Option<Timestamp>>,
}

impl ItemInput {
    /// Whether it gives nothing at all.
    pub fn is_empty(&self) -> bool {
        let text = &self.text;
        self.lang.is_none()
            && text.title.is_none()
            && text.summary.is_none()
            && text.body.is_none()
            && self.picture.is_none()
            && self.link.is_none()
            && self.position.is_none()
            && self.slug.is_none()
            && self.version.is_none()
            && self.start_at.is_none()
            && self.end_at.is_none()
    }
}

/// An item's stored fields (not its texts).
#[derive(Clone, Debug)]
pub struct Item {
    pub id: i64,
    pub kind: ContentKind,
    pub slug: Option<String>,
    pub picture_id: Option<i64>,
    pub link: Option<String>,
    pub position: i64,
    pub version: Option<String>,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub removed_at: Option<Timestamp>,
}

/// One language's stored text.
#[derive(Clone, Debug, Serialize)]
pub struct ItemText {
    pub lang: String,
    pub title: String,
    pub summary: String,
    pub body: String,
}

/// An item with everything the operator manages (`admin content show|list`).
#[derive(Debug, Serialize)]
pub struct ItemRecord {
    pub id: i64,
    pub kind: ContentKind,
    pub slug: Option<String>,
    /// The picture's URL, "media/content/<file>".
    pub picture: Option<String>,
    pub link: Option<String>,
    pub position: i64,
    pub version: Option<String>,
    pub start_at: Option<Timestamp>,
    pub end_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub removed_at: Option<Timestamp>,
    pub texts: Vec<ItemText>,
}

/// A banner of the home page's carousel.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BannerView {
    pub id: i64,
    /// The picture's alternative text.
    pub title: String,
    /// "media/content/<file>", served with immutable caching.
    pub picture: String,
    /// An app route or an https URL; `null` when the banner leads nowhere.
    pub link: Option<String>,
}

/// An activity in the list (pages/events/index).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ActivityItem {
    pub id: i64,
    pub title: String,
    pub summary: String,
    /// "media/content/<file>", or `null` without a picture.
    pub picture: Option<String>,
    #[schema(value_type = Option<i64>)]
    pub start_at: Option<Timestamp>,
    #[schema(value_type = Option<i64>)]
    pub end_at: Option<Timestamp>,
}

/// A whole activity (pages/events/details).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ActivityDetail {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub picture: Option<String>,
    /// Sanitized HTML.
    pub body: String,
    #[schema(value_type = Option<i64>)]
    pub start_at: Option<Timestamp>,
    #[schema(value_type = Option<i64>)]
    pub end_at: Option<Timestamp>,
}

/// A help article in the list (pages/events/helplist), in the operator's order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HelpItem {
    pub id: i64,
    pub title: String,
    pub summary: String,
}

/// A whole help article (pages/events/helpdetail).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HelpArticle {
    pub id: i64,
    pub title: String,
    /// Sanitized HTML.
    pub body: String,
    #[schema(value_type = i64)]
    pub updated_at: Timestamp,
}

/// A named page (pages/jogos/about-us?page=<slug>).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PageView {
    pub slug: String,
    pub title: String,
    /// Sanitized HTML.
    pub body: String,
    /// The operator's version of the page ("" when he set none).
    pub version: String,
    #[schema(value_type = i64)]
    pub updated_at: Timestamp,
    /// Whether this is the shipped template of the page (`privacy-policy`, `user-agreement`):
    /// the operator has written none of his own yet.
    pub template: bool,
}

/// A page players can open, for links between pages.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PageLink {
    pub slug: String,
    pub title: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_banner_link_is_a_route_or_https() {
        assert_eq!(BannerLink::parse(" /pages/vip/index ").unwrap().as_str(), "/pages/vip/index");
        assert!(BannerLink::parse("https://t.me/hall").is_ok());
        for text in
            ["http://x.example", "javascript:alert(1)", "//evil.example", "https://", "/a b", ""]
        {
            assert!(matches!(BannerLink::parse(text), Err(AppError::BadParams)), "{text}");
        }
    }

    #[test]
    fn a_slug_is_lowercase_words_with_hyphens() {
        assert_eq!(PageSlug::parse("about-us").unwrap().as_str(), "about-us");
        for text in ["About", "-x", "x-", "a/b", "", &"a".repeat(65)] {
            assert!(PageSlug::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn kinds_round_trip_and_only_banners_have_no_body() {
        for kind in ContentKind::ALL {
            assert_eq!(ContentKind::parse(kind.code()), Some(kind));
            assert_eq!(kind.has_body(), kind != ContentKind::Banner);
        }
        assert_eq!(ContentKind::parse("news"), None);
    }
}
