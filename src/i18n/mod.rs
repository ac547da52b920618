//! Server messages in every language of the app. Catalogs are embedded JSON files, one per
//! language; a unit test fails when any of them misses a key or a placeholder.

use crate::config::LANGUAGES;
use std::collections::HashMap;
use std::sync::OnceLock;

type Catalog = HashMap<String, String>;

const SOURCES: [(&str, &str); 14] = [
    ("zh", include_str!("locales/zh.json")),
    ("tw", include_str!("locales/tw.json")),
    ("en", include_str!("locales/en.json")),
    ("fr", include_str!("locales/fr.json")),
    ("hi", include_str!("locales/hi.json")),
    ("ja", include_str!("locales/ja.json")),
    ("ko", include_str!("locales/ko.json")),
    ("pt", include_str!("locales/pt.json")),
    ("ta", include_str!("locales/ta.json")),
    ("vi", include_str!("locales/vi.json")),
    ("es", include_str!("locales/es.json")),
    ("ru", include_str!("locales/ru.json")),
    ("th", include_str!("locales/th.json")),
    ("ml", include_str!("locales/ml.json")),
];

fn catalogs() -> &'static HashMap<&'static str, Catalog> {
    static CATALOGS: OnceLock<HashMap<&'static str, Catalog>> = OnceLock::new();
    CATALOGS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(lang, text)| (*lang, serde_json::from_str(text).unwrap_or_default()))
            .collect()
    })
}

/// A supported language code, e.g. from the `lang` header ("vi", "zh-CN" -> "zh").
pub fn normalize(requested: &str) -> Option<&'static str> {
    let requested = requested.trim().to_ascii_lowercase();
    let requested = match requested.as_str() {
        "zh-tw" | "zh-hk" | "zh-hant" => "tw",
        other => other.split(['-', '_']).next().unwrap_or(other),
    };
    LANGUAGES.iter().copied().find(|lang| *lang == requested)
}

/// The message for `key` in `lang` (falling back to English, then to the key itself), with
/// its `{placeholders}` filled from `args`.
pub fn message(lang: &str, key: &str, args: &[(&str, String)]) -> String {
    let catalogs = catalogs();
    let template = [lang, "en"]
        .iter()
        .find_map(|lang| catalogs.get(lang).and_then(|catalog| catalog.get(key)))
        .map_or(key, String::as_str);
    args.iter().fold(template.to_string(), |text, (name, value)| {
        text.replace(&format!("{{{name}}}"), value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AppError;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn every_language_has_every_key_with_its_placeholders() {
        let english = &catalogs()["en"];
        for (lang, text) in SOURCES {
            let catalog: Catalog =
                serde_json::from_str(text).unwrap_or_else(|error| panic!("{lang}: {error}"));
            let mut keys: Vec<_> = catalog.keys().collect();
            let mut english_keys: Vec<_> = english.keys().collect();
            keys.sort();
            english_keys.sort();
            assert_eq!(keys, english_keys, "{lang} has other keys than en");
            for (key, english_text) in english {
                assert_eq!(placeholders(&catalog[key]), placeholders(english_text), "{lang}.{key}");
            }
        }
    }

    #[test]
    fn every_error_key_has_a_message_in_every_language() {
        for key in AppError::KEYS {
            assert!(catalogs()["en"].contains_key(*key), "no message for {key}");
        }
        for (lang, catalog) in catalogs() {
            let missing: Vec<_> =
                AppError::KEYS.iter().filter(|key| !catalog.contains_key(**key)).collect();
            assert!(missing.is_empty(), "{lang} has no message for {missing:?}");
        }
    }

    #[test]
    fn messages_are_localized_and_filled() {
        let text = message("en", "throttled", &[("seconds", "42".into())]);
        assert!(text.contains("42") && !text.contains('{'), "{text}");
        assert_ne!(message("vi", "login_failed", &[]), message("en", "login_failed", &[]));
        assert_eq!(normalize("zh-CN"), Some("zh"));
        assert_eq!(normalize("zh-TW"), Some("tw"));
        assert_eq!(normalize("xx"), None);
    }
}
