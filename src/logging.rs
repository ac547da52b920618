//! The server log (`[log]`): text or JSON lines on standard output, filtered by `log.level`
//! unless `RUST_LOG` is set, and redacted on the way out.
//!
//! No call site of this crate logs a secret, but a dependency at `debug` or `trace` may print
//! a request target or a form: every line passes `redact` before it is written, which masks
//! the session token of the `/token/{t}` path form and the values of token, password and card
//! fields.

use crate::config::{LogConfig, LogFormat};
use regex::Regex;
use std::io::Write;
use std::sync::LazyLock;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// What replaces a secret in the log.
pub const MASK: &str = "***";

/// Installs the global subscriber of `serve`. `RUST_LOG`, when set and valid, wins over
/// `log.level` (validated with the config).
pub fn init(config: &LogConfig) -> anyhow::Result<()> {
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) if !directives.trim().is_empty() => EnvFilter::builder()
            .parse(&directives)
            .or_else(|_| EnvFilter::builder().parse(&config.level))?,
        _ => EnvFilter::builder().parse(&config.level)?,
    };
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(RedactedStdout);
    let installed = match config.format {
        LogFormat::Text => {
            builder.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout())).try_init()
        }
        LogFormat::Json => builder.json().with_current_span(false).try_init(),
    };
    installed.map_err(|error| anyhow::anyhow!("while installing the logger: {error}"))
}

/// Colour codes may sit between a field's name and its value in a terminal's text format.
const COLOUR: &str = r"(?:\x1b\[[0-9;]*m)*";

/// Field names whose values are secrets: session tokens, login and fund passwords (every
/// `*password` and `*pwd` field of the forms), bank card numbers and keys.
const SECRET_FIELDS: &str =
    r"(?:[a-z_]*password|[a-z_]*pwd|[a-z_]*token|card_no|card_number|[a-z_]*secret|[a-z_]*key)";

static SECRET_VALUE: LazyLock<Regex> = LazyLock::new(|| {
    // name, then `=`, `: ` or `":"` (text, query strings, JSON, JSON escaped inside a text
    // field), then the value up to a separator; the name and separator are kept, the value
    // masked.
    let pattern = format!(
        r#"({SECRET_FIELDS}{COLOUR}\\?"?{COLOUR}\s*[=:]\s*{COLOUR}\\?"?)([^&\s"\\,}}\x1b]+)"#
    );
    Regex::new(&pattern).expect("the secret field pattern is valid")
});

/// The compat path form `.../token/<t>/...` (`http::compat`).
static TOKEN_SEGMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"/token/[^/\s?#&\x22\\]+").expect("the token path pattern is valid")
});

/// `line` with every secret value masked (`MASK`).
pub fn redact(line: &str) -> std::borrow::Cow<'_, str> {
    let masked = TOKEN_SEGMENT.replace_all(line, "/token/***");
    match SECRET_VALUE.replace_all(&masked, format!("${{1}}{MASK}").as_str()) {
        std::borrow::Cow::Borrowed(_) => masked,
        std::borrow::Cow::Owned(owned) => std::borrow::Cow::Owned(owned),
    }
}

/// Standard output through `redact`. The formatter writes each event with one `write_all`
/// of the whole line, so a secret is never split across two writes.
struct RedactedStdout;

impl<'a> MakeWriter<'a> for RedactedStdout {
    type Writer = RedactingWriter;

    fn make_writer(&'a self) -> RedactingWriter {
        RedactingWriter
    }
}

struct RedactingWriter;

impl Write for RedactingWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(bytes);
        std::io::stdout().lock().write_all(redact(&text).as_bytes())?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stdout().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_password_and_card_values_are_masked_in_every_form() {
        let token = "0f".repeat(32);
        for (line, secret) in [
            (format!("GET /api/personal/index/token/{token}/page/2 HTTP/1.1"), token.as_str()),
            (format!("uri=/api/personal/index?token={token}&page=2"), token.as_str()),
            ("body=phone=138&password=first_1&repassword=first_1".into(), "first_1"),
            (r#"{"fund_password":"246810","card_no":"6222020200112233"}"#.into(), "246810"),
            (
                r#"{"fund_password":"246810","card_no":"6222020200112233"}"#.into(),
                "6222020200112233",
            ),
            (r#"fields: {\"card_no\":\"6222020200112233\"}"#.into(), "6222020200112233"),
            ("old_password: hunter22 done".into(), "hunter22"),
            ("\x1b[3mpassword\x1b[0m\x1b[2m=\x1b[0mhunter22".into(), "hunter22"),
            (format!("headers={{\"token\": \"{token}\"}}"), token.as_str()),
        ] {
            let redacted = redact(&line);
            assert!(!redacted.contains(secret), "{line} -> {redacted}");
            assert!(redacted.contains(MASK), "{line} -> {redacted}");
        }
    }

    #[test]
    fn ordinary_lines_pass_unchanged() {
        for line in [
            "fairhall is serving address=127.0.0.1:8080",
            "verification code target=13800000005 purpose=register",
            "fund_password_set=true rooms=3",
        ] {
            assert_eq!(redact(line), line);
        }
    }
}
