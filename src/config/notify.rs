//! `[notify]`: telling the operator when a deposit or a withdrawal starts waiting for review
//! (issue 33, `notify`): a signed webhook, a Telegram message, or both; neither by default.

use anyhow::bail;
use serde::{Deserialize, Serialize};

/// The highest `notify.max_attempts` accepted.
pub const NOTIFY_ATTEMPTS_MAX: u32 = 100;

/// The shortest `notify.webhook_secret` accepted, in characters.
pub const WEBHOOK_SECRET_MIN_CHARS: usize = 16;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct NotifyConfig {
    /// Empty: no webhook. A URL: each event is POSTed there as JSON, signed with
    /// `webhook_secret` (`X-Fairhall-Signature: sha256=<hex HMAC-SHA256 of the body>`).
    pub webhook_url: String,
    /// The HMAC key of the webhook's signature; required with `webhook_url`.
    pub webhook_secret: String,
    /// The Telegram bot's token (from @BotFather); empty: no Telegram message.
    pub telegram_bot_token: String,
    /// The chat the bot writes to (a number such as "-1001234567890", or "@channel");
    /// required with `telegram_bot_token`.
    pub telegram_chat_id: String,
    /// The Bot API's base URL: messages go to `<this>/bot<token>/sendMessage`.
    pub telegram_api_url: String,
    /// Tries per delivery before it is given up (kept in `admin notify log`), 1..=100.
    pub max_attempts: u32,
}

impl Default for NotifyConfig {
    fn default() -> Self {
        NotifyConfig {
            webhook_url: String::new(),
            webhook_secret: String::new(),
            telegram_bot_token: String::new(),
            telegram_chat_id: String::new(),
            telegram_api_url: "https://api.telegram.org".to_string(),
            max_attempts: 8,
        }
    }
}

impl NotifyConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        let webhook = self.webhook_url.trim();
        if !webhook.is_empty() && !is_http_url(webhook) {
            bail!(
                "config key `notify.webhook_url` must be empty or an http:// or https:// URL, \
                 found {webhook:?}"
            );
        }
        let secret_chars = self.webhook_secret.chars().count();
        if !webhook.is_empty() && secret_chars < WEBHOOK_SECRET_MIN_CHARS {
            bail!(
                "config key `notify.webhook_secret` must be set (at least \
                 {WEBHOOK_SECRET_MIN_CHARS} characters) when `notify.webhook_url` is set, found \
                 {secret_chars} characters"
            );
        }
        if webhook.is_empty() && secret_chars > 0 {
            bail!("config key `notify.webhook_secret` is set but `notify.webhook_url` is empty");
        }
        let (token, chat) = (self.telegram_bot_token.trim(), self.telegram_chat_id.trim());
        if token.is_empty() != chat.is_empty() {
            bail!(
                "config keys `notify.telegram_bot_token` and `notify.telegram_chat_id` go \
                 together: set both or neither"
            );
        }
        if token.contains(|character: char| character.is_whitespace() || character == '/') {
            bail!("config key `notify.telegram_bot_token` must not contain spaces or `/`");
        }
        let api = self.telegram_api_url.trim();
        if !is_http_url(api) {
            bail!(
                "config key `notify.telegram_api_url` must be an http:// or https:// URL, found \
                 {api:?}"
            );
        }
        if !(1..=NOTIFY_ATTEMPTS_MAX).contains(&self.max_attempts) {
            bail!(
                "config key `notify.max_attempts` must be in 1..={NOTIFY_ATTEMPTS_MAX}, found {}",
                self.max_attempts
            );
        }
        Ok(())
    }

    /// Whether the webhook is on.
    pub fn webhook_on(&self) -> bool {
        !self.webhook_url.trim().is_empty()
    }

    /// Whether the Telegram message is on.
    pub fn telegram_on(&self) -> bool {
        !self.telegram_bot_token.trim().is_empty()
    }
}

fn is_http_url(text: &str) -> bool {
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|rest| !rest.is_empty() && !rest.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validated(change: impl FnOnce(&mut NotifyConfig)) -> anyhow::Result<()> {
        let mut config = NotifyConfig::default();
        change(&mut config);
        config.validate()
    }

    #[test]
    fn notify_defaults_are_valid_and_off() {
        let config = NotifyConfig::default();
        config.validate().unwrap();
        assert!(!config.webhook_on() && !config.telegram_on());
        assert_eq!(config.telegram_api_url, "https://api.telegram.org");
    }

    #[test]
    fn notify_accepts_both_channels_set_up() {
        validated(|config| {
            config.webhook_url = "https://ops.example.com/fairhall".into();
            config.webhook_secret = "0123456789abcdef".into();
            config.telegram_bot_token = "123456:ABC-DEF".into();
            config.telegram_chat_id = "-1001234567890".into();
        })
        .unwrap();
    }

    /// A change that makes the configuration invalid.
    type Change = Box<dyn FnOnce(&mut NotifyConfig)>;

    #[test]
    fn notify_refuses_bad_keys_by_name() {
        let hook = |config: &mut NotifyConfig| config.webhook_url = "https://ops.example".into();
        let cases: [(&str, Change); 9] = [
            ("notify.webhook_url", Box::new(|config| config.webhook_url = "ops.example".into())),
            ("notify.webhook_secret", Box::new(hook)),
            (
                "notify.webhook_secret",
                Box::new(move |config| {
                    hook(config);
                    config.webhook_secret = "short".into();
                }),
            ),
            ("notify.webhook_url", Box::new(|config| config.webhook_secret = "x".repeat(20))),
            (
                "notify.telegram_chat_id",
                Box::new(|config| config.telegram_bot_token = "1:A".into()),
            ),
            ("notify.telegram_bot_token", Box::new(|config| config.telegram_chat_id = "42".into())),
            ("notify.telegram_api_url", Box::new(|config| config.telegram_api_url = String::new())),
            ("notify.max_attempts", Box::new(|config| config.max_attempts = 0)),
            ("notify.max_attempts", Box::new(|config| config.max_attempts = 101)),
        ];
        for (key, change) in cases {
            let error = validated(change).unwrap_err().to_string();
            assert!(error.contains(key), "{key}: {error}");
        }
    }
}
