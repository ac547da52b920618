//! Rich text: the HTML bodies of activities, help articles and pages. It is sanitized once,
//! when stored, by an allow-list (ammonia): text formatting, lists, headings, tables, links and
//! pictures pass; a script, a style, an event handler, a frame, a form or a `javascript:` or
//! `data:` address never reaches a player, so the app may render what the API returns as HTML.

use super::pictures::PICTURE_URL_PREFIX;
use crate::error::AppError;
use ammonia::{Builder, UrlRelative};
use std::collections::HashSet;
use std::sync::OnceLock;

/// Sanitized HTML, 1 to `MAX_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RichText(String);

/// The elements a body may use.
pub const ALLOWED_TAGS: &[&str] = &[
    "a",
    "b",
    "blockquote",
    "br",
    "code",
    "del",
    "div",
    "em",
    "figcaption",
    "figure",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "ins",
    "li",
    "mark",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
];

/// Elements removed with everything inside them: their content is code or controls, never
/// text a reader should see.
const DROPPED_WITH_CONTENT: &[&str] = &[
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "form", "textarea",
    "select", "button", "noscript", "template", "svg", "math", "title", "head",
];

/// Address schemes a link may use; a picture must be https or one of our pictures.
const LINK_SCHEMES: &[&str] = &["https", "http", "mailto", "tel"];

impl RichText {
    /// Characters a body may have once sanitized (and its source before, times two).
    pub const MAX_CHARS: usize = 50_000;

    /// Sanitizes `html`: `missing_params` when nothing readable is left, `text_too_long`
    /// above the limit.
    pub fn parse(html: &str) -> Result<RichText, AppError> {
        if html.chars().count() > 2 * Self::MAX_CHARS {
            return Err(AppError::TextTooLong { max: Self::MAX_CHARS });
        }
        let clean = sanitizer().clean(html).to_string();
        let clean = clean.trim();
        if plain_text(clean).trim().is_empty() && !clean.contains("<img") {
            return Err(AppError::MissingParams);
        }
        if clean.chars().count() > Self::MAX_CHARS {
            return Err(AppError::TextTooLong { max: Self::MAX_CHARS });
        }
        Ok(RichText(clean.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The text of sanitized HTML without its markup, whitespace runs as they are.
pub fn plain_text(html: &str) -> String {
    static TEXT_ONLY: OnceLock<Builder<'static>> = OnceLock::new();
    let text_only = TEXT_ONLY.get_or_init(|| {
        let mut builder = Builder::empty();
        builder.clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect());
        builder
    });
    // Block ends become spaces so that words of two paragraphs do not run together.
    let spaced = html.replace("</", " </").replace("<br", " <br");
    let escaped = text_only.clean(&spaced).to_string();
    escaped
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

fn sanitizer() -> &'static Builder<'static> {
    static SANITIZER: OnceLock<Builder<'static>> = OnceLock::new();
    SANITIZER.get_or_init(|| {
        let mut builder = Builder::empty();
        builder
            .tags(ALLOWED_TAGS.iter().copied().collect())
            .clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect())
            .generic_attributes(HashSet::from(["title", "lang", "dir"]))
            .tag_attributes(
                [
                    ("a", HashSet::from(["href"])),
                    ("img", HashSet::from(["src", "alt", "width", "height"])),
                    ("td", HashSet::from(["colspan", "rowspan"])),
                    ("th", HashSet::from(["colspan", "rowspan", "scope"])),
                    ("ol", HashSet::from(["start"])),
                ]
                .into_iter()
                .collect(),
            )
            .url_schemes(LINK_SCHEMES.iter().copied().collect())
            .url_relative(UrlRelative::PassThrough)
            .link_rel(Some("noopener noreferrer"))
            .strip_comments(true)
            .attribute_filter(|element, attribute, value| match (element, attribute) {
                ("img", "src") => allowed_picture(value).then_some(value.into()),
                ("a", "href") => allowed_link(value).then_some(value.into()),
                _ => Some(value.into()),
            });
        builder
    })
}

/// A picture is one of ours (media/content/<file>) or on https.
fn allowed_picture(src: &str) -> bool {
    let src = src.trim();
    src.starts_with("https://")
        || src
            .strip_prefix('/')
            .unwrap_or(src)
            .strip_prefix(PICTURE_URL_PREFIX)
            .is_some_and(super::pictures::is_picture_name)
}

/// A link leads to an app route (/pages/...), a place in the page (#...), or an address with
/// one of `LINK_SCHEMES` (ammonia checks the scheme; a relative address such as
/// `javascript&colon;` without a scheme it cannot see must start like a route).
fn allowed_link(href: &str) -> bool {
    let href = href.trim();
    match href.split_once(':') {
        Some((scheme, _)) if !scheme.contains('/') => {
            LINK_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str())
        }
        // "//host/..." is another site with the page's scheme, not a route.
        _ => (href.starts_with('/') && !href.starts_with("//")) || href.starts_with('#'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatting_stays_and_scripts_go() {
        let clean = RichText::parse(
            "<h2 onclick=\"x()\">Hi</h2><p>A <strong>b</strong><script>alert(1)</script></p>",
        )
        .unwrap();
        assert_eq!(clean.as_str(), "<h2>Hi</h2><p>A <strong>b</strong></p>");
    }

    #[test]
    fn links_get_rel_and_lose_hostile_schemes() {
        let clean = RichText::parse(
            "<a href=\"https://example.com\">x</a><a href=\"javascript:alert(1)\">y</a>",
        )
        .unwrap();
        assert_eq!(
            clean.as_str(),
            "<a href=\"https://example.com\" rel=\"noopener noreferrer\">x</a>\
             <a rel=\"noopener noreferrer\">y</a>"
        );
        assert!(allowed_link("/pages/vip/index"));
        assert!(allowed_link("#part-2"));
        assert!(!allowed_link("vbscript:msgbox"));
        assert!(!allowed_link("//evil.example/x"));
    }

    #[test]
    fn pictures_are_ours_or_https() {
        let ours = format!("media/content/{}.png", "a".repeat(64));
        assert!(allowed_picture(&ours));
        assert!(allowed_picture(&format!("/{ours}")));
        assert!(allowed_picture("https://cdn.example.com/a.png"));
        assert!(!allowed_picture("http://cdn.example.com/a.png"));
        assert!(!allowed_picture("media/avatars/a.png"));
        assert!(!allowed_picture("data:image/png;base64,AAAA"));
    }

    #[test]
    fn nothing_readable_is_missing_and_long_is_refused() {
        assert!(matches!(RichText::parse("<script>x</script>  "), Err(AppError::MissingParams)));
        let long = "a".repeat(RichText::MAX_CHARS + 1);
        assert!(matches!(RichText::parse(&long), Err(AppError::TextTooLong { .. })));
    }

    #[test]
    fn plain_text_drops_markup_and_keeps_words_apart() {
        assert_eq!(
            plain_text("<p>One &amp; two</p><p>three</p>").split_whitespace().collect::<Vec<_>>(),
            ["One", "&", "two", "three"]
        );
    }
}
