//! The parts of `[app]` the start-up config call carries (agreements, locations, support
//! hours and links, the frame allow-list) and `[api]`, the spec clients' reply encryption.

use super::LANGUAGES;
use anyhow::bail;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The two agreements the spec names; other keys need their own titles.
pub const KNOWN_AGREEMENTS: [&str; 2] = ["privacy_policy", "user_agreement"];

/// Longest agreement version text, location name or link label.
pub const LABEL_CHARS_MAX: usize = 64;

/// An agreement a player accepts at registration, and again when its version is raised.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AgreementConfig {
    /// `privacy_policy`, `user_agreement`, or another lower-case key with its own titles.
    pub key: String,
    /// Titles by language code; a language without one shows the app's own title of the key.
    #[serde(default)]
    pub titles: BTreeMap<String, String>,
    /// An app route (`#/pages/...`) or an http(s) address.
    pub url: String,
    /// Raising it asks every player to accept the agreement again.
    pub version: String,
}

/// A country or region a player can choose: it sets the registration's phone pattern and
/// dialling code and the deposit's preselected currency and country.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LocationConfig {
    /// 2 to 8 upper-case letters, digits, `-` or `_`, e.g. "VN".
    pub code: String,
    pub name: String,
    /// The flag: a path served by the app (`flags/vn.svg`) or an http(s) address.
    pub picture: String,
    /// The deposit currency preselected for it (a code of `wallet.currencies` to take effect).
    pub currency: String,
    /// "+" and 1 to 4 digits.
    pub dialling_code: String,
    /// A JavaScript-compatible pattern for the national mobile number.
    pub phone_pattern: String,
}

/// Which page lists a support link: Telegram links show on the Telegram page too.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SupportChannel {
    Web,
    Telegram,
}

/// A customer-service link with its label.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupportLink {
    pub channel: SupportChannel,
    pub label: String,
    /// http(s) or tg:// address.
    pub url: String,
}

/// Daily opening hours "HH:MM-HH:MM" in minutes of the day; an end before the start runs past
/// midnight, "00:00-24:00" is always open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupportHours {
    open_minute: u32,
    close_minute: u32,
}

impl SupportHours {
    pub fn parse(text: &str) -> Option<SupportHours> {
        let (open, close) = text.trim().split_once('-')?;
        let minute = |part: &str| -> Option<u32> {
            let (hours, minutes) = part.trim().split_once(':')?;
            let all_digits =
                |text: &str| text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit());
            if !all_digits(hours) || !all_digits(minutes) {
                return None;
            }
            let (hours, minutes) = (hours.parse::<u32>().ok()?, minutes.parse::<u32>().ok()?);
            (minutes < 60 && (hours < 24 || (hours == 24 && minutes == 0)))
                .then_some(hours * 60 + minutes)
        };
        let (open_minute, close_minute) = (minute(open)?, minute(close)?);
        (open_minute != close_minute && open_minute < 24 * 60)
            .then_some(SupportHours { open_minute, close_minute })
    }

    /// Whether a local time of day (minutes since midnight) falls inside the hours.
    pub fn is_open_at(self, minute_of_day: u32) -> bool {
        if self.open_minute < self.close_minute {
            (self.open_minute..self.close_minute).contains(&minute_of_day)
        } else {
            minute_of_day >= self.open_minute || minute_of_day < self.close_minute
        }
    }
}

/// `[api]`: the spec clients' obfuscated replies (spec section 7).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ApiConfig {
    /// Replies of `api/*` (but the start-up config call) become base64 of AES-256-CBC/PKCS7.
    /// This is obfuscation for the spec's clients: TLS is what protects the player.
    pub encrypt: bool,
    /// 64 hex digits (32 bytes); required when `encrypt` is on.
    pub key: String,
    /// 32 hex digits (16 bytes); required when `encrypt` is on.
    pub iv: String,
}

impl ApiConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        for (key, value, digits) in [("api.key", &self.key, 64), ("api.iv", &self.iv, 32)] {
            let is_hex = value.len() == digits && value.bytes().all(|b| b.is_ascii_hexdigit());
            if (self.encrypt || !value.is_empty()) && !is_hex {
                bail!("config key `{key}` must be {digits} hex digits when `api.encrypt` is on");
            }
        }
        Ok(())
    }
}

/// The app's route of the page named by what follows it (`admin content create page --slug`).
pub const PAGE_ROUTE: &str = "#/pages/jogos/about-us?page=";

pub fn default_agreements() -> Vec<AgreementConfig> {
    let agreement = |key: &str, page: &str| AgreementConfig {
        key: key.into(),
        titles: BTreeMap::new(),
        url: format!("{PAGE_ROUTE}{page}"),
        version: "1".into(),
    };
    vec![
        agreement("privacy_policy", "privacy-policy"),
        agreement("user_agreement", "user-agreement"),
    ]
}

pub fn default_locations() -> Vec<LocationConfig> {
    let location =
        |code: &str, name: &str, currency: &str, dialling: &str, pattern: &str| LocationConfig {
            code: code.into(),
            name: name.into(),
            picture: format!("flags/{}.svg", code.to_ascii_lowercase()),
            currency: currency.into(),
            dialling_code: dialling.into(),
            phone_pattern: pattern.into(),
        };
    vec![
        location("VN", "Việt Nam", "VND", "+84", r"^0?[35789]\d{8}$"),
        location("IN", "India", "INR", "+91", r"^[6-9]\d{9}$"),
        location("BR", "Brasil", "BRL", "+55", r"^[1-9]{2}9\d{8}$"),
        location("PH", "Philippines", "PHP", "+63", r"^0?9\d{9}$"),
        location("CN", "中国", "CNY", "+86", r"^1\d{10}$"),
    ]
}

/// Checks the agreements, locations, support settings and frame origins of `[app]`.
pub fn validate_app_lists(app: &super::AppConfig) -> anyhow::Result<()> {
    validate_agreements(&app.agreements, &app.default_lang)?;
    validate_locations(&app.locations)?;
    if SupportHours::parse(&app.support_hours).is_none() {
        bail!(
            "config key `app.support_hours` must read \"HH:MM-HH:MM\" (e.g. \"09:00-21:00\"), found {:?}",
            app.support_hours
        );
    }
    if app.support_timezone.parse::<chrono_tz::Tz>().is_err() {
        bail!(
            "config key `app.support_timezone` is not an IANA time zone: {:?}",
            app.support_timezone
        );
    }
    for (key, url) in
        [("app.support_url", &app.support_url), ("app.telegram_url", &app.telegram_url)]
    {
        if !url.is_empty() && !is_link(url, &["https://", "http://", "tg://"]) {
            bail!("config key `{key}` must be empty or an http(s) or tg:// address, found {url:?}");
        }
    }
    for link in &app.support_links {
        if !is_label(&link.label) || !is_link(&link.url, &["https://", "http://", "tg://"]) {
            bail!(
                "config key `app.support_links` needs a label of 1 to {LABEL_CHARS_MAX} characters and an http(s) or tg:// url, found {:?}",
                link.url
            );
        }
    }
    for origin in &app.frame_allow {
        if !is_origin(origin) {
            bail!(
                "config key `app.frame_allow` has {origin:?}, which is not an origin like \"https://example.com\" (lower case, no path)"
            );
        }
    }
    Ok(())
}

fn validate_agreements(agreements: &[AgreementConfig], default_lang: &str) -> anyhow::Result<()> {
    for (index, agreement) in agreements.iter().enumerate() {
        let key_ok = !agreement.key.is_empty()
            && agreement.key.len() <= 32
            && agreement.key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
        if !key_ok || agreements[..index].iter().any(|other| other.key == agreement.key) {
            bail!(
                "config key `app.agreements.key` must be unique lower-case words, found {:?}",
                agreement.key
            );
        }
        if !is_label(&agreement.version) {
            bail!(
                "config key `app.agreements.version` of {:?} must be 1 to {LABEL_CHARS_MAX} characters",
                agreement.key
            );
        }
        if !agreement.url.starts_with("#/") && !is_link(&agreement.url, &["https://", "http://"]) {
            bail!(
                "config key `app.agreements.url` of {:?} must be an app route (#/...) or an http(s) address",
                agreement.key
            );
        }
        if let Some(lang) = agreement.titles.keys().find(|lang| !LANGUAGES.contains(&lang.as_str()))
        {
            bail!(
                "config key `app.agreements.titles` of {:?} names an unknown language {lang:?}",
                agreement.key
            );
        }
        if !KNOWN_AGREEMENTS.contains(&agreement.key.as_str())
            && !agreement.titles.contains_key(default_lang)
        {
            bail!(
                "config key `app.agreements.titles` of {:?} needs a title in the default language {default_lang:?}",
                agreement.key
            );
        }
    }
    Ok(())
}

fn validate_locations(locations: &[LocationConfig]) -> anyhow::Result<()> {
    for (index, location) in locations.iter().enumerate() {
        let code_ok = (2..=8).contains(&location.code.len())
            && location
                .code
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !code_ok || locations[..index].iter().any(|other| other.code == location.code) {
            bail!(
                "config key `app.locations.code` must be unique codes of 2 to 8 upper-case letters or digits, found {:?}",
                location.code
            );
        }
        let dialling = location.dialling_code.strip_prefix('+').unwrap_or_default();
        if !(1..=4).contains(&dialling.len()) || !dialling.bytes().all(|b| b.is_ascii_digit()) {
            bail!(
                "config key `app.locations.dialling_code` of {:?} must be \"+\" and 1 to 4 digits",
                location.code
            );
        }
        if !is_label(&location.name) || !is_label(&location.currency) {
            bail!(
                "config key `app.locations.name` and `currency` of {:?} must be 1 to {LABEL_CHARS_MAX} characters",
                location.code
            );
        }
        if location.picture.trim().is_empty() || location.picture.contains("..") {
            bail!(
                "config key `app.locations.picture` of {:?} must be a path or an http(s) address",
                location.code
            );
        }
        if let Err(error) = regex::Regex::new(&location.phone_pattern) {
            bail!(
                "config key `app.locations.phone_pattern` of {:?} is not a valid pattern: {error}",
                location.code
            );
        }
    }
    Ok(())
}

fn is_label(text: &str) -> bool {
    !text.trim().is_empty() && text.chars().count() <= LABEL_CHARS_MAX
}

fn is_link(url: &str, schemes: &[&str]) -> bool {
    schemes.iter().any(|scheme| url.len() > scheme.len() && url.starts_with(scheme))
        && url.len() <= 2048
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// `http(s)://host[:port]` in lower case: what a CSP source and `URL.origin` both read.
fn is_origin(origin: &str) -> bool {
    let Some(rest) = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"))
    else {
        return false;
    };
    let (host, port) = rest.split_once(':').unwrap_or((rest, "443"));
    let host_ok = !host.is_empty()
        && host.len() <= 253
        && host
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
        && !host.starts_with(['.', '-']);
    let port_ok = (1..=5).contains(&port.len()) && port.parse::<u16>().is_ok_and(|port| port > 0);
    host_ok && port_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn support_hours_read_daytime_overnight_and_all_day() {
        let day = SupportHours::parse("09:00-21:30").unwrap();
        assert!(!day.is_open_at(8 * 60 + 59));
        assert!(day.is_open_at(9 * 60));
        assert!(day.is_open_at(21 * 60 + 29));
        assert!(!day.is_open_at(21 * 60 + 30));
        let night = SupportHours::parse("22:00-06:00").unwrap();
        assert!(night.is_open_at(23 * 60));
        assert!(night.is_open_at(5 * 60));
        assert!(!night.is_open_at(12 * 60));
        let always = SupportHours::parse("00:00-24:00").unwrap();
        assert!(always.is_open_at(0) && always.is_open_at(24 * 60 - 1));
    }

    #[test]
    fn support_hours_refuse_malformed_text() {
        for text in
            ["", "9:00-21:00", "09:00", "09:00-09:00", "24:00-01:00", "09:60-10:00", "aa:bb-cc:dd"]
        {
            assert_eq!(SupportHours::parse(text), None, "{text}");
        }
    }

    #[test]
    fn origins_are_scheme_host_and_port_only() {
        for origin in ["https://example.com", "http://localhost:8080", "https://a-b.example.org"] {
            assert!(is_origin(origin), "{origin}");
        }
        for origin in [
            "example.com",
            "https://example.com/",
            "https://Example.com",
            "https://example.com/path",
            "https://example.com:0",
            "javascript:alert(1)",
            "https://a.com 'unsafe-inline'",
            "https://*.example.com",
        ] {
            assert!(!is_origin(origin), "{origin}");
        }
    }

    #[test]
    fn the_default_locations_patterns_accept_a_real_number_each() {
        let numbers = [
            ("VN", "0912345678"),
            ("IN", "9876543210"),
            ("BR", "11987654321"),
            ("PH", "09171234567"),
            ("CN", "13812345678"),
        ];
        for (location, (code, number)) in default_locations().iter().zip(numbers) {
            assert_eq!(location.code, code);
            assert!(regex::Regex::new(&location.phone_pattern).unwrap().is_match(number), "{code}");
        }
    }
}
