//! Parsed announcement inputs and the shapes the announcements module returns.

use crate::clock::Timestamp;
use crate::content::types::{ArticleBody, ArticleTitle};
use crate::error::AppError;
use serde::Serialize;

/// A language an announcement's text is written in: one code of `config::LANGUAGES`.
pub fn parse_text_lang(text: &str) -> Result<&'static str, AppError> {
    crate::i18n::normalize(text).ok_or(AppError::BadParams)
}

/// One language's text of a change: a new language needs both parts, an existing one either.
pub struct TextChange {
    pub lang: &'static str,
    pub title: Option<ArticleTitle>,
    pub body: Option<ArticleBody>,
}

/// A new announcement with its first language's text.
pub struct NewAnnouncement {
    pub lang: &'static str,
    pub title: ArticleTitle,
    pub body: ArticleBody,
    pub pinned: bool,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
}

/// What an update changes; `None` keeps the current value (`Some(None)` clears a time).
#[derive(Default)]
pub struct AnnouncementChange {
    pub text: Option<TextChange>,
    pub pinned: Option<bool>,
    pub starts_at: Option<Option<Timestamp>>,
    pub ends_at: Option<Option<Timestamp>>,
}

impl AnnouncementChange {
    pub fn is_empty(&self) -> bool {
        let text_empty =
            self.text.as_ref().is_none_or(|text| text.title.is_none() && text.body.is_none());
        text_empty && self.pinned.is_none() && self.starts_at.is_none() && self.ends_at.is_none()
    }
}

/// `bad_params` unless an announcement ends after it starts.
pub fn check_window(
    starts_at: Option<Timestamp>,
    ends_at: Option<Timestamp>,
) -> Result<(), AppError> {
    match (starts_at, ends_at) {
        (Some(start), Some(end)) if end <= start => Err(AppError::BadParams),
        _ => Ok(()),
    }
}

/// One language's text, as the operator sees it.
#[derive(Debug, Serialize)]
pub struct AnnouncementText {
    pub lang: String,
    pub title: String,
    pub body: String,
}

/// An announcement with everything the operator manages, every language's text included.
#[derive(Debug, Serialize)]
pub struct Announcement {
    pub id: i64,
    pub pinned: bool,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub removed_at: Option<Timestamp>,
    pub texts: Vec<AnnouncementText>,
}

/// An announcement as a reader sees it now, in his language or the default one.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CurrentAnnouncement {
    pub id: i64,
    pub title: String,
    /// Plain text; paragraphs are separated by line breaks.
    pub body: String,
    pub pinned: bool,
    /// When it started showing.
    #[schema(value_type = i64)]
    pub at: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_language_is_one_of_the_app() {
        assert_eq!(parse_text_lang("en").unwrap(), "en");
        assert_eq!(parse_text_lang("zh-CN").unwrap(), "zh");
        for text in ["all", "xx", ""] {
            assert!(matches!(parse_text_lang(text), Err(AppError::BadParams)), "{text}");
        }
    }

    #[test]
    fn an_announcement_ends_after_it_starts() {
        let at = |secs| Some(Timestamp::from_secs(secs));
        assert!(check_window(at(10), at(11)).is_ok());
        assert!(check_window(None, at(11)).is_ok());
        assert!(check_window(at(10), None).is_ok());
        assert!(matches!(check_window(at(10), at(10)), Err(AppError::BadParams)));
        assert!(matches!(check_window(at(10), at(9)), Err(AppError::BadParams)));
    }

    #[test]
    fn a_change_of_nothing_is_empty() {
        assert!(AnnouncementChange::default().is_empty());
        let lang_only = AnnouncementChange {
            text: Some(TextChange { lang: "en", title: None, body: None }),
            ..AnnouncementChange::default()
        };
        assert!(lang_only.is_empty());
        let pinned = AnnouncementChange { pinned: Some(true), ..AnnouncementChange::default() };
        assert!(!pinned.is_empty());
    }
}
