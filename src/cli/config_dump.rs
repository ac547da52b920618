//! `fairhall config dump`: the configuration `serve` would run with (the file, the defaults of
//! every key it leaves out, and `--data-dir`) as TOML, with every secret masked.

use crate::config::Config;

/// What a secret's value is replaced with.
pub const MASK: &str = "***";

/// Keys whose whole value is secret; every key of `[secrets]` is too.
const SECRET_KEYS: [(&str, &str); 5] = [
    ("api", "key"),
    ("api", "iv"),
    ("metrics", "token"),
    ("notify", "webhook_secret"),
    ("notify", "telegram_bot_token"),
];

/// Keys holding URLs whose user info and query may carry credentials.
const CREDENTIAL_URL_KEYS: [(&str, &str); 2] =
    [("auth", "code_webhook_url"), ("notify", "webhook_url")];

pub fn dump(config: &Config) -> anyhow::Result<()> {
    print!("{}", masked_toml(config)?);
    Ok(())
}

/// `config` as TOML with the secrets masked; an empty secret stays empty, so "generated" or
/// "unset" still shows.
pub fn masked_toml(config: &Config) -> anyhow::Result<String> {
    let mut value = toml::Value::try_from(config)?;
    let Some(tables) = value.as_table_mut() else {
        anyhow::bail!("the configuration did not serialize to a table");
    };
    if let Some(toml::Value::Table(secrets)) = tables.get_mut("secrets") {
        for (_, secret) in secrets.iter_mut() {
            mask(secret, |_| MASK.to_string());
        }
    }
    for (section, key) in SECRET_KEYS {
        if let Some(secret) = tables.get_mut(section).and_then(|table| table.get_mut(key)) {
            mask(secret, |_| MASK.to_string());
        }
    }
    for (section, key) in CREDENTIAL_URL_KEYS {
        if let Some(url) = tables.get_mut(section).and_then(|table| table.get_mut(key)) {
            mask(url, mask_url_credentials);
        }
    }
    Ok(toml::to_string_pretty(&value)?)
}

/// Replaces a non-empty string value by `masked(value)`.
fn mask(value: &mut toml::Value, masked: impl Fn(&str) -> String) {
    if let toml::Value::String(text) = value
        && !text.is_empty()
    {
        *text = masked(text);
    }
}

/// `scheme://user:password@host/path?query` as `scheme://***@host/path?***`.
fn mask_url_credentials(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host = match authority.rsplit_once('@') {
        Some((_, host)) => format!("{MASK}@{host}"),
        None => authority.to_string(),
    };
    let path = match path.split_once('?') {
        Some((path, _)) => format!("{path}?{MASK}"),
        None => path.to_string(),
    };
    let scheme = if scheme.is_empty() { String::new() } else { format!("{scheme}://") };
    format!("{scheme}{host}{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_info_and_query_of_a_url_are_masked() {
        assert_eq!(
            mask_url_credentials("https://bot:s3cret@hooks.example.com/codes?key=abc"),
            "https://***@hooks.example.com/codes?***"
        );
        assert_eq!(
            mask_url_credentials("https://hooks.example.com/codes"),
            "https://hooks.example.com/codes"
        );
    }
}
