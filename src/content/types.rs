//! Parsed article inputs and the shapes the content module returns.

use crate::clock::Timestamp;
use crate::error::AppError;
use serde::Serialize;

/// A news title: trimmed, one line, 1 to `MAX_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArticleTitle(String);

impl ArticleTitle {
    pub const MAX_CHARS: usize = 120;

    /// `missing_params` when blank, `text_too_long` above the limit, `bad_params` with a
    /// control character (a line break included).
    pub fn parse(text: &str) -> Result<ArticleTitle, AppError> {
        let title = crate::text::bounded(text, Self::MAX_CHARS)?;
        if title.is_empty() {
            return Err(AppError::MissingParams);
        }
        Ok(ArticleTitle(title))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A news body in plain text (the app shows it as text, never as HTML): paragraphs separated
/// by line breaks, trimmed, 1 to `MAX_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArticleBody(String);

impl ArticleBody {
    pub const MAX_CHARS: usize = 20_000;

    /// Line breaks become `\n` and tabs stay; `missing_params` when blank, `text_too_long`
    /// above the limit, `bad_params` with any other control character.
    pub fn parse(text: &str) -> Result<ArticleBody, AppError> {
        let unified = text.replace("\r\n", "\n").replace('\r', "\n");
        let body = unified.trim();
        if body.is_empty() {
            return Err(AppError::MissingParams);
        }
        if body.chars().count() > Self::MAX_CHARS {
            return Err(AppError::TextTooLong { max: Self::MAX_CHARS });
        }
        if body.chars().any(|character| character.is_control() && !matches!(character, '\n' | '\t'))
        {
            return Err(AppError::BadParams);
        }
        Ok(ArticleBody(body.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whom an article is for: the readers of one language, or every reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArticleLang(Option<&'static str>);

impl ArticleLang {
    pub const EVERY: ArticleLang = ArticleLang(None);

    /// A language code of the app ("vi"; "zh-CN" is "zh"), or "all" for every language;
    /// `bad_params` otherwise.
    pub fn parse(text: &str) -> Result<ArticleLang, AppError> {
        if text.trim().eq_ignore_ascii_case("all") {
            return Ok(ArticleLang::EVERY);
        }
        crate::i18n::normalize(text).map(|lang| ArticleLang(Some(lang))).ok_or(AppError::BadParams)
    }

    /// The language code, or `None` for every language.
    pub fn code(self) -> Option<&'static str> {
        self.0
    }
}

/// An article's id as a request names it: a positive integer.
pub fn parse_article_id(text: &str) -> Result<i64, AppError> {
    text.trim().parse().ok().filter(|id| *id > 0).ok_or(AppError::BadParams)
}

/// A new article. Without `published_at` it is published at once.
pub struct NewArticle {
    pub title: ArticleTitle,
    pub body: ArticleBody,
    pub lang: ArticleLang,
    pub pinned: bool,
    pub published_at: Option<Timestamp>,
}

/// What an edit changes; `None` keeps the current value.
#[derive(Default)]
pub struct ArticleChange {
    pub title: Option<ArticleTitle>,
    pub body: Option<ArticleBody>,
    pub lang: Option<ArticleLang>,
    pub pinned: Option<bool>,
    pub published_at: Option<Timestamp>,
}

impl ArticleChange {
    pub fn is_empty(&self) -> bool {
        self.title.is_none()
            && self.body.is_none()
            && self.lang.is_none()
            && self.pinned.is_none()
            && self.published_at.is_none()
    }
}

/// A news list entry as players see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewsItem {
    pub id: i64,
    pub title: String,
    /// The start of the body as one line of plain text, "…" when the body goes on.
    pub summary: String,
    pub pinned: bool,
    #[schema(value_type = i64)]
    pub published_at: Timestamp,
}

/// A whole article as players see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewsArticle {
    pub id: i64,
    pub title: String,
    /// Plain text; paragraphs are separated by line breaks.
    pub body: String,
    pub pinned: bool,
    #[schema(value_type = i64)]
    pub published_at: Timestamp,
    #[schema(value_type = i64)]
    pub updated_at: Timestamp,
}

/// An article with everything the operator manages (`fairhall admin news`).
#[derive(Debug, Serialize)]
pub struct Article {
    pub id: i64,
    /// The language code, or `None` for every language.
    pub lang: Option<String>,
    pub title: String,
    pub body: String,
    pub pinned: bool,
    pub published_at: Timestamp,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub removed_at: Option<Timestamp>,
}

/// Characters of a summary, before the "…".
pub const SUMMARY_CHARS: usize = 140;

/// The summary of `text`, the start of a body; `continues` says the body goes on after it.
/// Whitespace runs (line breaks too) become one space; a cut falls between words when a space
/// is in the second half of the summary (languages without spaces are cut anywhere).
pub fn summarize(text: &str, continues: bool) -> String {
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= SUMMARY_CHARS {
        return if continues { format!("{collapsed}…") } else { collapsed };
    }
    let cut: String = collapsed.chars().take(SUMMARY_CHARS).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space >= cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_one_trimmed_line_of_at_most_120_characters() {
        assert_eq!(
            ArticleTitle::parse("  Maintenance tonight ").unwrap().as_str(),
            "Maintenance tonight"
        );
        assert_eq!(ArticleTitle::parse(&"ễ".repeat(120)).unwrap().as_str().chars().count(), 120);
        assert!(matches!(
            ArticleTitle::parse(&"a".repeat(121)),
            Err(AppError::TextTooLong { max: 120 })
        ));
        assert!(matches!(ArticleTitle::parse("   "), Err(AppError::MissingParams)));
        assert!(matches!(ArticleTitle::parse("two\nlines"), Err(AppError::BadParams)));
    }

    #[test]
    fn a_body_keeps_its_paragraphs_and_is_bounded() {
        let body = ArticleBody::parse("\r\n First line.\r\n\r\nSecond\tparagraph.\n ").unwrap();
        assert_eq!(body.as_str(), "First line.\n\nSecond\tparagraph.");
        assert_eq!(
            ArticleBody::parse(&"ễ".repeat(20_000)).unwrap().as_str().chars().count(),
            20_000
        );
        assert!(matches!(
            ArticleBody::parse(&"a".repeat(20_001)),
            Err(AppError::TextTooLong { max: 20_000 })
        ));
        assert!(matches!(ArticleBody::parse(" \n\t "), Err(AppError::MissingParams)));
        assert!(matches!(ArticleBody::parse("bell\u{7}"), Err(AppError::BadParams)));
        assert!(matches!(ArticleBody::parse("nul\u{0}"), Err(AppError::BadParams)));
    }

    #[test]
    fn a_language_is_one_of_the_app_or_all() {
        assert_eq!(ArticleLang::parse("vi").unwrap().code(), Some("vi"));
        assert_eq!(ArticleLang::parse("zh-CN").unwrap().code(), Some("zh"));
        assert_eq!(ArticleLang::parse(" ALL ").unwrap(), ArticleLang::EVERY);
        assert!(matches!(ArticleLang::parse("xx"), Err(AppError::BadParams)));
        assert!(matches!(ArticleLang::parse(""), Err(AppError::BadParams)));
    }

    #[test]
    fn an_article_id_is_a_positive_integer() {
        assert_eq!(parse_article_id(" 12 ").unwrap(), 12);
        for text in ["0", "-3", "1.5", "abc", ""] {
            assert!(matches!(parse_article_id(text), Err(AppError::BadParams)), "{text}");
        }
    }

    #[test]
    fn a_summary_is_one_line_cut_between_words() {
        assert_eq!(summarize("Short\n\nnews.", false), "Short news.");
        assert_eq!(summarize("Short", true), "Short…");
        let long = "word ".repeat(40);
        let summary = summarize(&long, false);
        assert!(summary.ends_with("word…"), "{summary}");
        assert!(summary.chars().count() <= SUMMARY_CHARS + 1);
        let unspaced = "字".repeat(200);
        assert_eq!(summarize(&unspaced, false), format!("{}…", "字".repeat(SUMMARY_CHARS)));
    }
}
