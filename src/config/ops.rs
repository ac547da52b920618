//! What the operator watches the server with: `[metrics]`, `[log]`, and the readiness and TLS
//! keys of `[server]` (validated here, declared on `ServerConfig`).

use anyhow::bail;
use serde::{Deserialize, Serialize};

/// The Prometheus endpoint `/metrics` (`http::metrics`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsConfig {
    /// Serve `/metrics`; off, it answers 404 like any unknown path.
    pub enabled: bool,
    /// Empty: only loopback peers may scrape. Set: any peer with `Authorization: Bearer
    /// <token>`, and no other.
    pub token: String,
}

/// The shortest `metrics.token` accepted: a guessable token would open the metrics to anyone.
pub const METRICS_TOKEN_MIN_CHARS: usize = 16;

impl MetricsConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if !self.token.is_empty() && self.token.chars().count() < METRICS_TOKEN_MIN_CHARS {
            bail!(
                "config key `metrics.token` must be empty or at least {METRICS_TOKEN_MIN_CHARS} \
                 characters (e.g. `openssl rand -hex 16`)"
            );
        }
        if self.token.chars().any(|character| character.is_whitespace() || character.is_control()) {
            bail!("config key `metrics.token` must not contain spaces or control characters");
        }
        Ok(())
    }
}

/// How the server log is written (to standard output).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// One readable line per event.
    #[default]
    Text,
    /// One JSON object per line (for a log shipper).
    Json,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    pub format: LogFormat,
    /// A tracing filter: "info", "debug", or per module "info,fairhall::scheduler=debug".
    /// The `RUST_LOG` environment variable wins over it.
    pub level: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig { format: LogFormat::Text, level: "info".into() }
    }
}

impl LogConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if let Err(error) = tracing_subscriber::EnvFilter::builder().parse(&self.level) {
            bail!("config key `log.level` is not a valid filter ({error}): {:?}", self.level);
        }
        Ok(())
    }
}

/// The `[server]` keys of readiness and TLS.
pub fn validate_server(server: &super::ServerConfig) -> anyhow::Result<()> {
    if server.scheduler_lag_max_secs <= 0 {
        bail!(
            "config key `server.scheduler_lag_max_secs` must be greater than 0, found {}",
            server.scheduler_lag_max_secs
        );
    }
    let (cert, key) = (&server.tls_cert_file, &server.tls_key_file);
    if cert.as_os_str().is_empty() != key.as_os_str().is_empty() {
        bail!(
            "config keys `server.tls_cert_file` and `server.tls_key_file` go together: set both \
             (direct TLS) or neither (plain HTTP, e.g. behind a reverse proxy)"
        );
    }
    Ok(())
}
