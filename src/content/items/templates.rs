//! The legal pages a hall serves before its operator writes his own: a Privacy Policy and a
//! User Agreement in every language, so that registration, which links both, works from the
//! first start. A live page of the same slug replaces its template at once; `admin doctor`
//! warns while a template is served (only the operator can say what his hall's terms are), and
//! `admin content create page --slug SLUG --from-template` turns one into a page he edits.
//!
//! Each file is its title on the first line, an empty line, then the body: HTML of the rich
//! text allow-list, where `{hall}` stands for the hall's name (`app.name`).

use crate::clock::Timestamp;
use crate::config::LANGUAGES;

/// The slugs that have a template, as the default agreements link them.
pub const TEMPLATE_SLUGS: [&str; 2] = ["privacy-policy", "user-agreement"];

/// When the templates' wording last changed: the "updated" date a player sees on one.
pub const TEMPLATES_UPDATED_AT: Timestamp = Timestamp::from_secs(1_796_169_600);

/// The placeholder for the hall's name.
const HALL: &str = "{hall}";

macro_rules! in_every_language {
    ($slug:literal) => {
        [
            ("zh", include_str!(concat!("../templates/", $slug, "/zh.html"))),
            ("tw", include_str!(concat!("../templates/", $slug, "/tw.html"))),
            ("en", include_str!(concat!("../templates/", $slug, "/en.html"))),
            ("fr", include_str!(concat!("../templates/", $slug, "/fr.html"))),
            ("hi", include_str!(concat!("../templates/", $slug, "/hi.html"))),
            ("ja", include_str!(concat!("../templates/", $slug, "/ja.html"))),
            ("ko", include_str!(concat!("../templates/", $slug, "/ko.html"))),
            ("pt", include_str!(concat!("../templates/", $slug, "/pt.html"))),
            ("ta", include_str!(concat!("../templates/", $slug, "/ta.html"))),
            ("vi", include_str!(concat!("../templates/", $slug, "/vi.html"))),
            ("es", include_str!(concat!("../templates/", $slug, "/es.html"))),
            ("ru", include_str!(concat!("../templates/", $slug, "/ru.html"))),
            ("th", include_str!(concat!("../templates/", $slug, "/th.html"))),
            ("ml", include_str!(concat!("../templates/", $slug, "/ml.html"))),
        ]
    };
}

type Files = [(&'static str, &'static str); LANGUAGES.len()];

const PRIVACY_POLICY: Files = in_every_language!("privacy-policy");
const USER_AGREEMENT: Files = in_every_language!("user-agreement");

/// One language's text of a template, the hall's name filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateText {
    pub lang: &'static str,
    pub title: String,
    /// HTML of the rich-text allow-list.
    pub body: String,
}

fn files(slug: &str) -> Option<&'static Files> {
    match slug {
        "privacy-policy" => Some(&PRIVACY_POLICY),
        "user-agreement" => Some(&USER_AGREEMENT),
        _ => None,
    }
}

fn text_of(lang: &'static str, file: &'static str, hall: &str) -> TemplateText {
    let (title, body) = file.split_once("\n\n").unwrap_or((file, ""));
    // The name goes into HTML text: escaped, so that a name like "A&B <Hall>" reads as written.
    let escaped = hall.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    TemplateText {
        lang,
        title: title.trim().replace(HALL, hall),
        body: body.trim().replace(HALL, &escaped),
    }
}

/// `slug`'s template in `lang`, else `default_lang`, else English; `None` for a slug without
/// one.
pub fn text(slug: &str, (lang, default_lang): (&str, &str), hall: &str) -> Option<TemplateText> {
    let files = files(slug)?;
    [lang, default_lang, "en"]
        .iter()
        .find_map(|wanted| files.iter().find(|(code, _)| code == wanted))
        .map(|(code, file)| text_of(code, file, hall))
}

/// Every language's text of `slug`'s template (empty for a slug without one).
pub fn texts(slug: &str, hall: &str) -> Vec<TemplateText> {
    files(slug)
        .map(|files| files.iter().map(|(lang, file)| text_of(lang, file, hall)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::rich_text::RichText;
    use crate::content::types::ArticleTitle;

    #[test]
    fn every_language_has_both_templates_in_the_apps_order() {
        for files in [&PRIVACY_POLICY, &USER_AGREEMENT] {
            let codes: Vec<&str> = files.iter().map(|(code, _)| *code).collect();
            assert_eq!(codes, LANGUAGES);
        }
    }

    #[test]
    fn every_template_is_a_title_and_a_body_the_sanitizer_leaves_as_it_is() {
        for slug in TEMPLATE_SLUGS {
            let texts = texts(slug, "Golden Hall");
            assert_eq!(texts.len(), LANGUAGES.len());
            for text in texts {
                let context = format!("{slug} in {}", text.lang);
                let title = ArticleTitle::parse(&text.title).expect(&context);
                assert_eq!(title.as_str(), text.title, "{context}");
                let body = RichText::parse(&text.body).expect(&context);
                assert_eq!(body.as_str(), text.body, "{context}: the sanitizer changed it");
                assert!(!text.body.contains('{') && !text.title.contains('{'), "{context}");
                assert!(text.body.contains("Golden Hall"), "{context}: no hall name");
            }
        }
    }

    #[test]
    fn a_reader_gets_his_language_else_the_default_else_english() {
        let hall = "Hall";
        assert_eq!(text("privacy-policy", ("ja", "vi"), hall).unwrap().lang, "ja");
        assert_eq!(text("privacy-policy", ("xx", "vi"), hall).unwrap().lang, "vi");
        assert_eq!(text("privacy-policy", ("xx", "yy"), hall).unwrap().lang, "en");
        assert_eq!(text("about-us", ("en", "en"), hall), None);
        assert!(texts("about-us", hall).is_empty());
    }

    #[test]
    fn the_halls_name_is_escaped_into_the_html() {
        let text = text("user-agreement", ("en", "en"), "A&B <Hall>").unwrap();
        assert!(text.body.contains("A&amp;B &lt;Hall&gt;"));
        assert!(!text.body.contains("<Hall>"));
    }
}
