//! What `fairhall init` writes into the example config besides its secrets: the hall's own
//! settings an operator gives (by flags or answers), each written where the example has it.

use super::LANGUAGES;
use anyhow::bail;

/// A receiving account `init` adds: where players pay their first deposits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstAccount {
    Bank { bank: String, branch: String, holder: String, number: String },
    Usdt { network: String, address: String },
}

/// The hall's settings `init` takes; `None` keeps the example's value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HallSettings {
    /// `app.name`.
    pub name: Option<String>,
    /// `app.default_lang`.
    pub default_lang: Option<String>,
    /// `wallet.currency`, and the one deposit currency at rate 1.
    pub currency: Option<String>,
    pub account: Option<FirstAccount>,
    /// `app.support_url`.
    pub support_url: Option<String>,
    /// `app.telegram_url`.
    pub telegram_url: Option<String>,
    /// `backup.recipient`.
    pub backup_recipient: Option<String>,
}

impl HallSettings {
    /// Refuses a language or currency code the config could not hold, naming the flag; the
    /// rest is checked with the whole config once written into it.
    pub fn check(&self) -> anyhow::Result<()> {
        if let Some(lang) = &self.default_lang
            && !LANGUAGES.contains(&lang.as_str())
        {
            bail!("--lang {lang:?}: give one of {}", LANGUAGES.join(", "));
        }
        if let Some(currency) = &self.currency {
            let code_ok = (2..=10).contains(&currency.len())
                && currency.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
            if !code_ok {
                bail!(
                    "--currency {currency:?}: give a code of 2 to 10 capitals or digits, e.g. VND"
                );
            }
        }
        Ok(())
    }
}

/// Rewrites the example line by line with `settings`, keeping its comments.
pub(super) struct HallLines<'a> {
    settings: &'a HallSettings,
    /// The table the current line is in ("app", "wallet.currencies", ...).
    table: String,
    /// Entries of `[[wallet.currencies]]` seen: only the first becomes the hall's currency.
    currencies_seen: usize,
}

impl<'a> HallLines<'a> {
    pub(super) fn new(settings: &'a HallSettings) -> HallLines<'a> {
        HallLines { settings, table: String::new(), currencies_seen: 0 }
    }

    pub(super) fn rewrite(&mut self, line: &str) -> Vec<String> {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let name = trimmed.trim_matches(|c| c == '[' || c == ']').to_string();
            if name == "wallet.currencies" {
                self.currencies_seen += 1;
            }
            // The account goes after the example's commented ones, before the next section.
            if name == "games" {
                let mut lines = self.account_lines();
                lines.push(line.to_string());
                self.table = name;
                return lines;
            }
            self.table = name;
            return vec![line.to_string()];
        }
        let Some((key, _)) = trimmed.split_once(" = ") else { return vec![line.to_string()] };
        let settings = self.settings;
        let first_currency = self.table == "wallet.currencies" && self.currencies_seen == 1;
        let value = match (self.table.as_str(), key) {
            ("app", "name") => settings.name.clone(),
            ("app", "default_lang") => settings.default_lang.clone(),
            ("app", "support_url") => settings.support_url.clone(),
            ("app", "telegram_url") => settings.telegram_url.clone(),
            ("wallet", "currency") => settings.currency.clone(),
            (_, "code" | "name") if first_currency => settings.currency.clone(),
            (_, "rate") if first_currency && settings.currency.is_some() => Some("1".into()),
            ("backup", "recipient") => settings.backup_recipient.clone(),
            _ => None,
        };
        match value {
            Some(value) => vec![format!("{key} = {}", super::toml_string(&value))],
            None => vec![line.to_string()],
        }
    }

    fn account_lines(&self) -> Vec<String> {
        let Some(account) = &self.settings.account else { return Vec::new() };
        let entry = |key: &str, value: &str| format!("{key} = {}", super::toml_string(value));
        let mut lines = vec!["[[wallet.receiving_accounts]]".to_string()];
        match account {
            FirstAccount::Bank { bank, branch, holder, number } => {
                lines.extend([
                    entry("code", "bank-1"),
                    entry("method", "bank"),
                    entry("bank", bank),
                ]);
                if !branch.is_empty() {
                    lines.push(entry("branch", branch));
                }
                lines.extend([entry("holder", holder), entry("number", number)]);
            }
            FirstAccount::Usdt { network, address } => {
                let code = format!("usdt-{}", network.to_ascii_lowercase());
                lines.extend([
                    entry("code", &code),
                    entry("method", "usdt"),
                    entry("network", network),
                    entry("address", address),
                ]);
            }
        }
        lines.push(String::new());
        lines
    }
}
