//! The TOML config: typed, with defaults for every key (config.example.toml documents them),
//! and start-up errors that name the offending key.

use crate::money::Money;
use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

mod backup;
mod console;
mod growth;
mod initial;
mod notify;
mod ops;
mod protection;
mod receiving;
mod system;

pub use backup::*;
pub use console::*;
pub use growth::*;
pub use initial::{FirstAccount, HallSettings};
pub use notify::*;
pub use ops::*;
pub use protection::*;
pub use receiving::*;
pub use system::*;

/// Languages of the app and of server messages; the first entry of a pair is the code.
pub const LANGUAGES: [&str; 14] =
    ["zh", "tw", "en", "fr", "hi", "ja", "ko", "pt", "ta", "vi", "es", "ru", "th", "ml"];

#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub server: ServerConfig,
    pub app: AppConfig,
    pub auth: AuthConfig,
    pub wallet: WalletConfig,
    pub games: GamesConfig,
    pub finance: FinanceConfig,
    pub growth: GrowthConfig,
    pub content: ContentConfig,
    pub home: HomeConfig,
    pub db: DbConfig,
    pub ledger: LedgerConfig,
    pub live: LiveConfig,
    pub secrets: SecretsConfig,
    pub api: ApiConfig,
    pub backup: BackupConfig,
    pub metrics: MetricsConfig,
    pub log: LogConfig,
    pub protection: ProtectionConfig,
    pub console: ConsoleConfig,
    pub notify: NotifyConfig,
}

/// The operator's content items (`fairhall admin content`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ContentConfig {
    /// Largest picture `admin content picture add` accepts, in bytes (a banner or activity
    /// picture every player downloads: keep it small).
    pub picture_max_bytes: usize,
}

impl Default for ContentConfig {
    fn default() -> Self {
        ContentConfig { picture_max_bytes: 1024 * 1024 }
    }
}

/// The database files on disk: the write-ahead log's bound and the free space `serve` needs.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct DbConfig {
    /// Most bytes `fairhall.db-wal` may hold: the writer restarts the log from its beginning
    /// once it holds half of this, so one large transaction still fits below the bound.
    pub wal_max_bytes: u64,
    /// `serve` refuses to start when the data directory's file system has less free space.
    pub min_free_bytes: u64,
}

/// The smallest `db.wal_max_bytes` accepted: 1 MiB, 256 pages of 4 kB.
pub const WAL_MAX_BYTES_MIN: u64 = 1024 * 1024;

impl Default for DbConfig {
    fn default() -> Self {
        DbConfig { wal_max_bytes: 64 * 1024 * 1024, min_free_bytes: 256 * 1024 * 1024 }
    }
}

/// The server's incremental ledger check (issue 18, `scheduler::ledger_check`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LedgerConfig {
    /// Seconds between two checks of what was written since the last one (also run at start
    /// and after every settlement). At least 1.
    pub check_every_secs: u64,
    /// The longest step of the clock the money jobs (savings interest, product instalments,
    /// rebates, salary) catch up by themselves: a longer one (a wrong time source, a restored
    /// snapshot, a long outage) pauses them until `fairhall admin clock accept` (`money_clock`).
    pub max_catch_up_secs: i64,
}

impl Default for LedgerConfig {
    fn default() -> Self {
        LedgerConfig { check_every_secs: 60, max_catch_up_secs: 2 * 86_400 }
    }
}

/// The live room streams (`api/live`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LiveConfig {
    /// Streams one client address may hold open at once; more are refused.
    pub streams_per_address: usize,
    /// Streams the server holds open at once in total; more are refused.
    pub streams_max: usize,
}

impl Default for LiveConfig {
    fn default() -> Self {
        LiveConfig { streams_per_address: 20, streams_max: 20_000 }
    }
}

/// Settlement and the game pages.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct GamesConfig {
    /// Bets one settlement transaction takes at most.
    pub settle_chunk_bets: u32,
    /// The long-dragon board lists runs of at least this many draws.
    pub long_run_min: u32,
    /// A period that cannot be drawn (the key of its chain is missing) is refunded this many
    /// seconds after its draw time.
    pub undrawable_refund_secs: i64,
}

impl Default for GamesConfig {
    fn default() -> Self {
        GamesConfig { settle_chunk_bets: 2_000, long_run_min: 3, undrawable_refund_secs: 3600 }
    }
}

/// The savings account (Yu E Bao).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct FinanceConfig {
    /// Annual interest rate of the savings account in basis points (365 = 3.65 %), paid daily
    /// as 1/365 of it on the balance held through the whole operator-local day.
    pub savings_annual_rate_bp: i64,
    /// The first move into savings must be at least this (the spec's minimum trade).
    pub savings_first_in_min: Money,
}

/// The highest `finance.savings_annual_rate_bp` accepted: 100 %.
pub const SAVINGS_RATE_BP_MAX: i64 = 10_000;

impl Default for FinanceConfig {
    fn default() -> Self {
        FinanceConfig { savings_annual_rate_bp: 365, savings_first_in_min: Money::TEN }
    }
}

/// What the home page (`api/index/index`) marks as new on its entries.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct HomeConfig {
    /// What is this many days old or younger is new: a product on sale whose purchase window
    /// opened since, a player who registered with the player's invite code since.
    pub new_days: i64,
    /// The next VIP level is near once the player has this percentage of each of its
    /// conditions (total deposit and betting points).
    pub vip_near_percent: i64,
}

/// The longest `home.new_days` accepted: a year.
pub const NEW_DAYS_MAX: i64 = 366;

impl Default for HomeConfig {
    fn default() -> Self {
        HomeConfig { new_days: 7, vip_near_percent: 80 }
    }
}

impl HomeConfig {
    fn validate(&self) -> anyhow::Result<()> {
        if !(1..=NEW_DAYS_MAX).contains(&self.new_days) {
            bail!(
                "config key `home.new_days` must be in 1..={NEW_DAYS_MAX}, found {}",
                self.new_days
            );
        }
        if !(1..=100).contains(&self.vip_near_percent) {
            bail!(
                "config key `home.vip_near_percent` must be in 1..=100, found {}",
                self.vip_near_percent
            );
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    pub body_limit_bytes: usize,
    pub request_timeout_secs: u64,
    pub shutdown_grace_secs: u64,
    pub read_connections: usize,
    pub writer_queue: usize,
    pub trust_forwarded_for: bool,
    /// Peers whose X-Forwarded-For entries are believed: addresses or CIDR blocks.
    pub trusted_proxies: Vec<String>,
    /// `/readyz` and `admin doctor` report a problem once the oldest undrawn period is this
    /// many seconds past its draw time.
    pub scheduler_lag_max_secs: i64,
    /// PEM certificate chain; with `tls_key_file`, `serve` speaks HTTPS itself. Empty: plain
    /// HTTP (e.g. behind a reverse proxy that terminates TLS).
    pub tls_cert_file: PathBuf,
    /// PEM private key of `tls_cert_file`.
    pub tls_key_file: PathBuf,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            body_limit_bytes: 1024 * 1024,
            request_timeout_secs: 30,
            shutdown_grace_secs: 10,
            read_connections: 4,
            writer_queue: 4096,
            trust_forwarded_for: false,
            trusted_proxies: vec!["127.0.0.1".into(), "::1".into()],
            scheduler_lag_max_secs: 60,
            tls_cert_file: PathBuf::new(),
            tls_key_file: PathBuf::new(),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct AppConfig {
    pub name: String,
    /// Files written before 3.1.0 name the app version. The app always shows this binary's
    /// (`fairhall --version`), so the key is read and ignored: a file naming the version it was
    /// written for must still load after an upgrade.
    #[serde(rename = "version", skip_serializing)]
    pub ignored_version: Option<toml::Value>,
    pub default_lang: String,
    pub timezone: String,
    pub support_url: String,
    pub telegram_url: String,
    /// Customer-service hours "HH:MM-HH:MM" in `support_timezone`.
    pub support_hours: String,
    pub support_timezone: String,
    /// More customer-service links with their labels.
    pub support_links: Vec<SupportLink>,
    /// Origins pages/framebox may show in a frame; the CSP `frame-src` lists exactly these.
    pub frame_allow: Vec<String>,
    pub agreements: Vec<AgreementConfig>,
    pub locations: Vec<LocationConfig>,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            name: "fairhall".into(),
            ignored_version: None,
            default_lang: "vi".into(),
            timezone: "Asia/Ho_Chi_Minh".into(),
            support_url: String::new(),
            telegram_url: String::new(),
            support_hours: "09:00-21:00".into(),
            support_timezone: "Asia/Ho_Chi_Minh".into(),
            support_links: Vec::new(),
            frame_allow: Vec::new(),
            agreements: default_agreements(),
            locations: default_locations(),
        }
    }
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CodeDelivery {
    /// Codes go to the server log and to `fairhall admin codes`.
    Log,
    /// Codes are POSTed as JSON to `auth.code_webhook_url`.
    Webhook,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct AuthConfig {
    pub phone_pattern: String,
    pub require_invite: bool,
    pub require_code: bool,
    pub code_ttl_secs: i64,
    pub code_max_attempts: i64,
    pub code_resend_secs: i64,
    pub code_delivery: CodeDelivery,
    pub code_webhook_url: String,
    pub login_max_failures_per_account: i64,
    pub login_max_failures_per_address: i64,
    pub login_lock_secs: i64,
    pub code_sends_per_address_day: i64,
    pub code_sends_per_target_day: i64,
    pub code_checks_per_address_day: i64,
    pub code_checks_per_target_day: i64,
    pub code_failures_per_target: i64,
    pub code_lock_secs: i64,
    pub registrations_per_address_hour: i64,
    /// Avatar uploads a player, and a client address, may make per hour (each decodes an
    /// image).
    pub avatar_uploads_per_hour: i64,
    // Sessions and brute force (issue 18, access).
    /// Longest a session lasts however active it is. Read from `session_ttl_secs` too, the
    /// key's name before the idle expiry existed.
    #[serde(alias = "session_ttl_secs")]
    pub session_max_secs: i64,
    /// A session unused this long ends (at least `SESSION_IDLE_SECS_MIN`).
    pub session_idle_secs: i64,
    /// Wrong fund passwords allowed per player and per client address before a lock of
    /// `login_lock_secs`.
    pub fund_password_failures_per_account: i64,
    pub fund_password_failures_per_address: i64,
}

/// The shortest idle expiry: twice the interval at which a session's last use is written
/// (`auth::SESSION_TOUCH_SECS`), so that granularity stays a small part of the window.
pub const SESSION_IDLE_SECS_MIN: i64 = 600;

impl Default for AuthConfig {
    fn default() -> Self {
        AuthConfig {
            phone_pattern: r"^1\d{10}$".into(),
            require_invite: false,
            require_code: false,
            code_ttl_secs: 300,
            code_max_attempts: 5,
            code_resend_secs: 60,
            code_delivery: CodeDelivery::Log,
            code_webhook_url: String::new(),
            login_max_failures_per_account: 5,
            login_max_failures_per_address: 20,
            login_lock_secs: 900,
            code_sends_per_address_day: 20,
            code_sends_per_target_day: 10,
            code_checks_per_address_day: 60,
            code_checks_per_target_day: 30,
            code_failures_per_target: 10,
            code_lock_secs: 3600,
            registrations_per_address_hour: 20,
            avatar_uploads_per_hour: 10,
            session_max_secs: 30 * 24 * 3600,
            session_idle_secs: 7 * 24 * 3600,
            fund_password_failures_per_account: 5,
            fund_password_failures_per_address: 20,
        }
    }
}

/// Deposits, withdrawals and their limits. Amounts are text with up to 2 decimals.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct WalletConfig {
    pub currency: String,
    pub deposit_min: Money,
    pub deposit_max: Money,
    pub voucher_max_bytes: usize,
    pub voucher_quota_bytes: u64,
    pub deposit_pending_max: i64,
    pub deposit_requests_per_hour: i64,
    pub avatar_max_bytes: usize,
    /// Where players pay: the deposit page offers a method once one of its accounts is on.
    pub receiving_accounts: Vec<ReceivingAccount>,
    /// The older single USDT address, read as one USDT account coded "usdt" on `usdt_network`.
    pub usdt_receiving_address: String,
    pub usdt_network: String,
    pub withdraw_min: Money,
    pub withdraw_max: Money,
    pub withdraw_fee_bp: i64,
    pub withdraw_small_below: Money,
    pub withdraw_small_fee: Money,
    /// The four-eyes rule: a withdrawal of more than this is paid only once two different
    /// reviewers approved it; zero turns it off.
    pub withdraw_second_approval_above: Money,
    /// The same rule for a balance adjustment of more than this (either way): one operator
    /// asks, another applies it; zero turns it off.
    pub adjust_second_approval_above: Money,
    pub turnover_percent: i64,
    /// What linking a card or USDT address another player holds does.
    pub shared_payout_accounts: PayoutSharing,
    pub banks: Vec<BankOption>,
    pub currencies: Vec<CurrencyOption>,
    pub countries: Vec<CountryOption>,
}

/// What linking a card or USDT address that another player holds does: refused with
/// `payout_account_taken` (the default: alt accounts cashing out to one wallet), or linked and
/// flagged in the withdrawal queue and `admin report linked` (a family sharing one card).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PayoutSharing {
    Refuse,
    Flag,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BankOption {
    pub code: String,
    pub name: String,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CurrencyOption {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub picture: String,
    /// Units of this currency per unit of the wallet currency, e.g. "25000" or "1".
    pub rate: String,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CountryOption {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub picture: String,
}

impl Default for WalletConfig {
    fn default() -> Self {
        let amount = |text: &str| Money::parse(text).unwrap_or(Money::ZERO);
        let bank = |code: &str, name: &str| BankOption { code: code.into(), name: name.into() };
        WalletConfig {
            currency: "USDT".into(),
            deposit_min: amount("10.00"),
            deposit_max: amount("1000000.00"),
            voucher_max_bytes: 5 * 1024 * 1024,
            voucher_quota_bytes: 2 * 1024 * 1024 * 1024,
            deposit_pending_max: 3,
            deposit_requests_per_hour: 10,
            avatar_max_bytes: 1024 * 1024,
            receiving_accounts: Vec::new(),
            usdt_receiving_address: String::new(),
            usdt_network: "TRC20".into(),
            withdraw_min: amount("10.00"),
            withdraw_max: amount("100000.00"),
            withdraw_fee_bp: 0,
            withdraw_small_below: amount("1.00"),
            withdraw_small_fee: amount("1.00"),
            withdraw_second_approval_above: Money::ZERO,
            adjust_second_approval_above: Money::ZERO,
            turnover_percent: 100,
            shared_payout_accounts: PayoutSharing::Refuse,
            banks: vec![
                bank("VCB", "Vietcombank"),
                bank("TCB", "Techcombank"),
                bank("BIDV", "BIDV"),
                bank("SBI", "State Bank of India"),
                bank("HDFC", "HDFC Bank"),
            ],
            currencies: vec![CurrencyOption {
                code: "USDT".into(),
                name: "Tether USD".into(),
                picture: String::new(),
                rate: "1".into(),
            }],
            countries: Vec::new(),
        }
    }
}

/// A currency rate as millionths: "25000" -> 25_000_000_000, "0.5" -> 500_000.
pub fn parse_rate_micros(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    if !digits(whole) || (text.contains('.') && !digits(fraction)) || fraction.len() > 6 {
        return None;
    }
    let micros = whole.parse::<i64>().ok()?.checked_mul(1_000_000)?;
    let fraction =
        if fraction.is_empty() { 0 } else { format!("{fraction:0<6}").parse::<i64>().ok()? };
    micros.checked_add(fraction).filter(|rate| *rate > 0 && *rate <= 1_000_000_000_000_000)
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SecretsConfig {
    /// 64 hex digits; empty means "generate once into <data_dir>/secrets.toml".
    pub card_key: String,
    pub card_mac_key: String,
}

impl Config {
    /// Reads and validates a config file.
    pub fn load(path: &Path) -> anyhow::Result<Config> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("while reading the config file {}", path.display()))?;
        Config::parse(&text).with_context(|| format!("in the config file {}", path.display()))
    }

    pub fn parse(text: &str) -> anyhow::Result<Config> {
        let config: Config = toml::from_str(text).map_err(|error| anyhow::anyhow!("{error}"))?;
        config.validate()?;
        Ok(config)
    }

    /// Checks what the types cannot; every message names its key.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.validate_counts()?;
        self.validate_texts()?;
        if self.db.wal_max_bytes < WAL_MAX_BYTES_MIN {
            bail!(
                "config key `db.wal_max_bytes` must be at least {WAL_MAX_BYTES_MIN}, found {}",
                self.db.wal_max_bytes
            );
        }
        let rate = self.finance.savings_annual_rate_bp;
        if !(0..=SAVINGS_RATE_BP_MAX).contains(&rate) {
            bail!(
                "config key `finance.savings_annual_rate_bp` must be in 0..={SAVINGS_RATE_BP_MAX}, found {rate}"
            );
        }
        self.wallet.validate(&self.app)?;
        validate_app_lists(&self.app)?;
        self.api.validate()?;
        self.home.validate()?;
        self.backup.validate()?;
        validate_server(&self.server)?;
        self.metrics.validate()?;
        self.log.validate()?;
        self.protection.validate()?;
        self.console.validate()?;
        self.notify.validate()?;
        self.growth.validate()
    }

    /// The counts and durations that must be positive, and other numeric bounds.
    fn validate_counts(&self) -> anyhow::Result<()> {
        let positive = [
            ("server.body_limit_bytes", self.server.body_limit_bytes as i64),
            ("server.request_timeout_secs", self.server.request_timeout_secs as i64),
            ("server.read_connections", self.server.read_connections as i64),
            ("server.writer_queue", self.server.writer_queue as i64),
            ("auth.session_max_secs", self.auth.session_max_secs),
            (
                "auth.fund_password_failures_per_account",
                self.auth.fund_password_failures_per_account,
            ),
            (
                "auth.fund_password_failures_per_address",
                self.auth.fund_password_failures_per_address,
            ),
            ("auth.code_ttl_secs", self.auth.code_ttl_secs),
            ("auth.code_max_attempts", self.auth.code_max_attempts),
            ("auth.code_resend_secs", self.auth.code_resend_secs),
            ("auth.login_max_failures_per_account", self.auth.login_max_failures_per_account),
            ("auth.login_max_failures_per_address", self.auth.login_max_failures_per_address),
            ("auth.login_lock_secs", self.auth.login_lock_secs),
            ("auth.code_sends_per_address_day", self.auth.code_sends_per_address_day),
            ("auth.code_sends_per_target_day", self.auth.code_sends_per_target_day),
            ("auth.code_checks_per_address_day", self.auth.code_checks_per_address_day),
            ("auth.code_checks_per_target_day", self.auth.code_checks_per_target_day),
            ("auth.code_failures_per_target", self.auth.code_failures_per_target),
            ("auth.code_lock_secs", self.auth.code_lock_secs),
            ("auth.registrations_per_address_hour", self.auth.registrations_per_address_hour),
            ("auth.avatar_uploads_per_hour", self.auth.avatar_uploads_per_hour),
            ("games.settle_chunk_bets", i64::from(self.games.settle_chunk_bets)),
            ("games.undrawable_refund_secs", self.games.undrawable_refund_secs),
            ("live.streams_per_address", self.live.streams_per_address as i64),
            ("live.streams_max", self.live.streams_max as i64),
            ("content.picture_max_bytes", self.content.picture_max_bytes as i64),
            ("ledger.check_every_secs", self.ledger.check_every_secs as i64),
            ("ledger.max_catch_up_secs", self.ledger.max_catch_up_secs),
        ];
        for (key, value) in positive {
            if value <= 0 {
                bail!("config key `{key}` must be greater than 0, found {value}");
            }
        }
        if self.auth.session_idle_secs < SESSION_IDLE_SECS_MIN {
            bail!(
                "config key `auth.session_idle_secs` must be at least {SESSION_IDLE_SECS_MIN}, found {}",
                self.auth.session_idle_secs
            );
        }
        if self.games.long_run_min < 2 {
            bail!(
                "config key `games.long_run_min` must be at least 2, found {}",
                self.games.long_run_min
            );
        }
        Ok(())
    }

    /// The names, patterns, addresses and keys.
    fn validate_texts(&self) -> anyhow::Result<()> {
        if !LANGUAGES.contains(&self.app.default_lang.as_str()) {
            bail!(
                "config key `app.default_lang` must be one of {}, found {:?}",
                LANGUAGES.join(", "),
                self.app.default_lang
            );
        }
        if self.app.timezone.parse::<chrono_tz::Tz>().is_err() {
            bail!("config key `app.timezone` is not an IANA time zone: {:?}", self.app.timezone);
        }
        for proxy in &self.server.trusted_proxies {
            if crate::net::IpBlock::parse(proxy).is_none() {
                bail!(
                    "config key `server.trusted_proxies` has {proxy:?}, which is not an IP address or CIDR block"
                );
            }
        }
        if let Err(error) = regex::Regex::new(&self.auth.phone_pattern) {
            bail!("config key `auth.phone_pattern` is not a valid pattern: {error}");
        }
        if self.auth.code_delivery == CodeDelivery::Webhook
            && !self.auth.code_webhook_url.starts_with("http://")
            && !self.auth.code_webhook_url.starts_with("https://")
        {
            bail!(
                "config key `auth.code_webhook_url` must be an http(s) URL when `auth.code_delivery` is \"webhook\""
            );
        }
        for (key, value) in [
            ("secrets.card_key", &self.secrets.card_key),
            ("secrets.card_mac_key", &self.secrets.card_mac_key),
        ] {
            let is_key = value.len() == 64 && value.bytes().all(|byte| byte.is_ascii_hexdigit());
            if !value.is_empty() && !is_key {
                bail!("config key `{key}` must be 64 hex digits (or empty to generate one)");
            }
        }
        Ok(())
    }

    pub fn database_path(&self) -> PathBuf {
        self.server.data_dir.join("fairhall.db")
    }

    /// `backup.dir`, or `<data_dir>/backups` when it is empty.
    pub fn backup_dir(&self) -> PathBuf {
        if self.backup.dir.as_os_str().is_empty() {
            self.server.data_dir.join("backups")
        } else {
            self.backup.dir.clone()
        }
    }

    pub fn timezone(&self) -> chrono_tz::Tz {
        self.app.timezone.parse().unwrap_or(chrono_tz::Tz::Asia__Ho_Chi_Minh)
    }
}

impl WalletConfig {
    /// The countries a deposit names: `wallet.countries`, else the app's locations.
    pub fn deposit_countries(&self, app: &AppConfig) -> Vec<CountryOption> {
        if !self.countries.is_empty() {
            return self.countries.clone();
        }
        let country = |location: &LocationConfig| CountryOption {
            code: location.code.clone(),
            name: location.name.clone(),
            picture: location.picture.clone(),
        };
        app.locations.iter().map(country).collect()
    }

    /// `receiving_accounts`, with the older `usdt_receiving_address` as one more USDT account
    /// coded "usdt" (unless an account has that code).
    pub fn effective_receiving_accounts(&self) -> Vec<ReceivingAccount> {
        let mut accounts = self.receiving_accounts.clone();
        let address = self.usdt_receiving_address.trim();
        if !address.is_empty() && !accounts.iter().any(|account| account.code == "usdt") {
            accounts.push(ReceivingAccount {
                code: "usdt".into(),
                method: ReceivingMethod::Usdt,
                enabled: true,
                bank: String::new(),
                branch: String::new(),
                holder: String::new(),
                number: String::new(),
                network: self.usdt_network.clone(),
                address: address.to_string(),
                currencies: Vec::new(),
                countries: Vec::new(),
                min: None,
                max: None,
            });
        }
        accounts
    }

    fn validate(&self, app: &AppConfig) -> anyhow::Result<()> {
        let counts = [
            ("wallet.voucher_max_bytes", self.voucher_max_bytes as i64),
            ("wallet.avatar_max_bytes", self.avatar_max_bytes as i64),
            ("wallet.deposit_pending_max", self.deposit_pending_max),
            ("wallet.deposit_requests_per_hour", self.deposit_requests_per_hour),
            (
                "wallet.voucher_quota_bytes",
                i64::try_from(self.voucher_quota_bytes).unwrap_or(i64::MAX),
            ),
        ];
        for (key, value) in counts {
            if value <= 0 {
                bail!("config key `{key}` must be greater than 0, found {value}");
            }
        }
        if !(0..=10_000).contains(&self.withdraw_fee_bp) {
            bail!("config key `wallet.withdraw_fee_bp` must be 0..=10000 (basis points)");
        }
        if !(0..=10_000).contains(&self.turnover_percent) {
            bail!("config key `wallet.turnover_percent` must be 0..=10000");
        }
        let ranges = [
            ("wallet.deposit_min", self.deposit_min, "wallet.deposit_max", self.deposit_max),
            ("wallet.withdraw_min", self.withdraw_min, "wallet.withdraw_max", self.withdraw_max),
        ];
        for (low_key, low, high_key, high) in ranges {
            if low == Money::ZERO || low > high {
                bail!("config key `{low_key}` must be above 0 and at most `{high_key}`");
            }
        }
        if !["TRC20", "ERC20"].contains(&self.usdt_network.as_str()) {
            bail!("config key `wallet.usdt_network` must be \"TRC20\" or \"ERC20\"");
        }
        if self.currencies.is_empty() {
            bail!("config key `wallet.currencies` needs at least one currency");
        }
        for currency in &self.currencies {
            if parse_rate_micros(&currency.rate).is_none() {
                bail!(
                    "config key `wallet.currencies.rate` of {:?} must be a positive number with at most 6 decimals",
                    currency.code
                );
            }
        }
        let currencies: Vec<&str> =
            self.currencies.iter().map(|entry| entry.code.as_str()).collect();
        let countries = self.deposit_countries(app);
        let countries: Vec<&str> = countries.iter().map(|entry| entry.code.as_str()).collect();
        validate_receiving_accounts(
            &self.effective_receiving_accounts(),
            (&currencies, &countries),
            (self.deposit_min, self.deposit_max),
        )
    }
}

/// The documented example; `fairhall init` writes it with fresh secrets.
pub const EXAMPLE: &str = include_str!("../config.example.toml");

/// The example config with `data_dir`, `listen`, the hall's settings and freshly generated
/// secrets filled in, the programmes that pay players switched off.
pub fn initial_config_text(data_dir: &Path, listen: SocketAddr, hall: &HallSettings) -> String {
    let mut text = String::with_capacity(EXAMPLE.len() + 2_000);
    let mut programmes = ProgrammesOff::default();
    let mut hall_lines = initial::HallLines::new(hall);
    let lines = EXAMPLE.lines().flat_map(|line| hall_lines.rewrite(line)).collect::<Vec<_>>();
    let mut section = "";
    for line in &lines {
        if line.starts_with('[') {
            section = line.as_str();
        }
        let replaced = match line.split_once(" = ").map(|(key, _)| key) {
            Some("data_dir") => {
                vec![format!("data_dir = {}", toml_string(&data_dir.display().to_string()))]
            }
            Some("listen") if section == "[server]" => vec![format!("listen = \"{listen}\"")],
            Some(key @ ("card_key" | "card_mac_key")) => {
                vec![format!("{key} = \"{}\"", random_key_hex())]
            }
            _ => programmes.rewrite(line),
        };
        for line in replaced {
            text.push_str(&line);
            text.push('\n');
        }
    }
    text
}

/// What `fairhall init` writes above `[growth]`: why the programmes are off, and their cost.
const PROGRAMMES_OFF_NOTE: &str = "\
# ------------------------------------------------------------------------------------------------
# THE REWARD PROGRAMMES ARE OFF. `fairhall init` writes every programme that pays players money
# switched off: each costs the house, and a bonus hunter reads the rules page before anyone.
# Turn one on with the values of config.example.toml once you have read its cost
# (docs/programmes.md: every formula, its bound by the house edge, its daily budget):
#   first deposit bonus   10-25 % of a first deposit, up to 5,000.00 ([growth.first_deposit])
#   recharge cashback     1-3 % of every deposit, up to 1,000.00 a day ([growth.cashback])
#   rebates, commissions  0.10 % + 0.15/0.05/0.02 % of every net loss ([growth.rebate])
#   weekly salary         about 0.10 % of a team's weekly volume ([growth.salary])
#   daily sign-in         1.00 to 15.00 a day per player who deposited ([growth.signin])
#   VIP rewards           8.00 to 8,888.00 per level reached, 0.1-3 % of deposits ([growth.vip])
# Tasks and red envelopes pay only what you create. `serve` refuses rates above the edge.
# ------------------------------------------------------------------------------------------------";

/// Rewrites the example's programme sections as switched off, line by line: rates and rewards
/// to 0, tier tables to `tiers = []`, sign-in disabled.
#[derive(Default)]
struct ProgrammesOff {
    /// The table the current line is in, e.g. "growth.rebate" or "growth.salary.tiers".
    table: String,
    /// Whether the current table is an array of tables (`[[...]]`).
    in_array: bool,
    /// Plain tables seen, so a dropped tier list is replaced in its parent table.
    seen: Vec<String>,
}

/// The arrays of tier tables `fairhall init` writes empty.
const TIER_TABLES: [&str; 3] =
    ["growth.salary.tiers", "growth.first_deposit.tiers", "growth.cashback.tiers"];

impl ProgrammesOff {
    fn rewrite(&mut self, line: &str) -> Vec<String> {
        let trimmed = line.trim();
        if let Some(name) = trimmed.strip_prefix("[[").and_then(|rest| rest.strip_suffix("]]")) {
            let first = self.table != name;
            (self.table, self.in_array) = (name.to_string(), true);
            if !TIER_TABLES.contains(&name) {
                return vec![line.to_string()];
            }
            let parent = name.trim_end_matches(".tiers");
            return match (first, self.seen.iter().any(|seen| seen == parent)) {
                (false, _) => Vec::new(),
                (true, true) => vec!["tiers = []".to_string()],
                (true, false) => vec![format!("[{parent}]"), "tiers = []".to_string()],
            };
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
            (self.table, self.in_array) = (name.to_string(), false);
            self.seen.push(name.to_string());
            if name == "growth" {
                return vec![PROGRAMMES_OFF_NOTE.to_string(), line.to_string()];
            }
            return vec![line.to_string()];
        }
        let key = trimmed.split_once(" = ").map(|(key, _)| key);
        let off = match (self.table.as_str(), key) {
            (table, Some(_)) if self.in_array && TIER_TABLES.contains(&table) => return Vec::new(),
            ("growth.rebate", Some("rate_bps")) => "rate_bps = 0",
            ("growth.rebate", Some("commission_bps")) => "commission_bps = [0, 0, 0]",
            ("growth.signin", Some("enabled")) => "enabled = false",
            ("growth.vip.levels", Some("upgrade_reward")) => "upgrade_reward = \"0.00\"",
            ("growth.vip.levels", Some("deposit_reward_bp")) => "deposit_reward_bp = 0",
            _ => return vec![line.to_string()],
        };
        vec![off.to_string()]
    }
}

/// The programmes that pay players, as `fairhall init` writes them: all off.
pub fn programmes_off(mut growth: GrowthConfig) -> GrowthConfig {
    growth.first_deposit.tiers.clear();
    growth.cashback.tiers.clear();
    growth.rebate.rate_bps = 0;
    growth.rebate.commission_bps = [0; 3];
    growth.salary.tiers.clear();
    growth.signin.enabled = false;
    for level in &mut growth.vip.levels {
        level.upgrade_reward = Money::ZERO;
        level.deposit_reward_bp = 0;
    }
    growth
}

pub fn random_key_hex() -> String {
    use rand::RngCore;
    let mut key = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut key);
    hex::encode(key)
}

fn toml_string(value: &str) -> String {
    toml::Value::String(value.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_documents_exactly_the_defaults() {
        assert_eq!(Config::parse(EXAMPLE).unwrap(), Config::default());
    }

    #[test]
    fn init_writes_every_paying_programme_off_and_the_rest_as_the_defaults() {
        let listen: SocketAddr = "127.0.0.1:9000".parse().unwrap();
        let text =
            initial_config_text(Path::new("/srv/fairhall/data"), listen, &HallSettings::default());
        let written = Config::parse(&text).unwrap();
        written.validate().unwrap();

        let mut expected = Config::default();
        expected.growth = programmes_off(expected.growth);
        expected.server.data_dir = "/srv/fairhall/data".into();
        expected.server.listen = listen;
        expected.secrets = written.secrets.clone();
        assert_eq!(written, expected);
        assert!(text.contains("THE REWARD PROGRAMMES ARE OFF"), "{text}");
        assert_ne!(written.secrets.card_key, Config::default().secrets.card_key);
    }

    #[test]
    fn init_writes_the_halls_settings_where_the_example_has_them() {
        let listen: SocketAddr = "127.0.0.1:9000".parse().unwrap();
        let hall = HallSettings {
            name: Some("Golden \"Lotus\" Hall".into()),
            default_lang: Some("en".into()),
            currency: Some("VND".into()),
            account: Some(FirstAccount::Bank {
                bank: "Vietcombank".into(),
                branch: String::new(),
                holder: "LOTUS LTD".into(),
                number: "0071000123456".into(),
            }),
            support_url: Some("https://t.me/lotus_help".into()),
            telegram_url: None,
            backup_recipient: None,
        };
        let text = initial_config_text(Path::new("/srv/fairhall/data"), listen, &hall);
        let written = Config::parse(&text).unwrap();

        assert_eq!(written.app.name, "Golden \"Lotus\" Hall");
        assert_eq!(written.app.default_lang, "en");
        assert_eq!(written.app.support_url, "https://t.me/lotus_help");
        assert_eq!(written.app.telegram_url, "", "not given: the example's");
        assert_eq!(written.wallet.currency, "VND");
        let codes: Vec<_> = written.wallet.currencies.iter().map(|c| (&c.code, &c.rate)).collect();
        assert_eq!(codes, [(&"VND".to_string(), &"1".to_string())]);
        let accounts = &written.wallet.receiving_accounts;
        assert_eq!(accounts.len(), 1);
        assert_eq!(
            (accounts[0].bank.as_str(), accounts[0].number.as_str()),
            ("Vietcombank", "0071000123456")
        );
        // Other tables' keys of the same names keep the example's values.
        assert_eq!(written.app.locations, Config::default().app.locations);
        assert_eq!(written.wallet.banks, Config::default().wallet.banks);
        assert_eq!(written.backup, Config::default().backup);

        let usdt = HallSettings {
            account: Some(FirstAccount::Usdt {
                network: "TRC20".into(),
                address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE".into(),
            }),
            backup_recipient: Some(
                "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p".into(),
            ),
            ..HallSettings::default()
        };
        let written = Config::parse(&initial_config_text(Path::new("/d"), listen, &usdt)).unwrap();
        assert_eq!(written.wallet.receiving_accounts[0].code, "usdt-trc20");
        assert_eq!(written.backup.recipient, usdt.backup_recipient.unwrap());
        assert_eq!(written.wallet.currency, Config::default().wallet.currency);
    }

    #[test]
    fn init_refuses_a_language_or_currency_the_config_cannot_hold() {
        let lang = HallSettings { default_lang: Some("de".into()), ..HallSettings::default() };
        assert!(lang.check().unwrap_err().to_string().starts_with("--lang \"de\""));
        let currency = HallSettings { currency: Some("vnd".into()), ..HallSettings::default() };
        assert!(currency.check().unwrap_err().to_string().starts_with("--currency \"vnd\""));
        assert!(HallSettings::default().check().is_ok());
    }

    #[test]
    fn session_ttl_secs_is_still_read_as_the_absolute_session_expiry() {
        let config = Config::parse("[auth]\nsession_ttl_secs = 3600\n").unwrap();
        assert_eq!(config.auth.session_max_secs, 3600);
        let both = "[auth]\nsession_ttl_secs = 3600\nsession_max_secs = 7200\n";
        let error = Config::parse(both).unwrap_err().to_string();
        assert!(error.contains("session_max_secs"), "{error}");
    }

    #[test]
    fn an_unknown_key_names_the_key() {
        let error = Config::parse("[server]\nlisten_port = 1\n").unwrap_err().to_string();
        assert!(error.contains("listen_port"), "{error}");
        let error = Config::parse("[db]\nwal_bytes = 1\n").unwrap_err().to_string();
        assert!(error.contains("wal_bytes"), "{error}");
    }

    #[test]
    fn a_bonus_release_below_the_expected_win_is_refused() {
        // Below 100 a deposit bonus would release more than the play costs the player.
        let error = Config::parse("[growth]\nbonus_release_percent = 99\n").unwrap_err();
        assert!(error.to_string().contains("growth.bonus_release_percent"), "{error}");
        assert!(Config::parse("[growth]\nbonus_release_percent = 100\n").is_ok());
    }

    #[test]
    fn a_bad_value_names_the_key() {
        for (text, key) in [
            ("[app]\ndefault_lang = \"xx\"\n", "app.default_lang"),
            ("[app]\ntimezone = \"Mars/Base\"\n", "app.timezone"),
            ("[auth]\nphone_pattern = \"(\"\n", "auth.phone_pattern"),
            ("[auth]\ncode_ttl_secs = 0\n", "auth.code_ttl_secs"),
            ("[auth]\ncode_delivery = \"webhook\"\n", "auth.code_webhook_url"),
            ("[secrets]\ncard_key = \"abc\"\n", "secrets.card_key"),
            ("[db]\nwal_max_bytes = 65536\n", "db.wal_max_bytes"),
            ("[server]\ntrusted_proxies = [\"10.0.0.0/33\"]\n", "server.trusted_proxies"),
            ("[auth]\ncode_failures_per_target = 0\n", "auth.code_failures_per_target"),
            ("[auth]\nsession_idle_secs = 599\n", "auth.session_idle_secs"),
            ("[auth]\nsession_ttl_secs = 0\n", "auth.session_max_secs"),
            (
                "[auth]\nfund_password_failures_per_address = 0\n",
                "auth.fund_password_failures_per_address",
            ),
            ("[wallet]\ndeposit_pending_max = 0\n", "wallet.deposit_pending_max"),
            ("[app]\nsupport_hours = \"9-5\"\n", "app.support_hours"),
            ("[app]\nsupport_timezone = \"Nowhere\"\n", "app.support_timezone"),
            ("[app]\nframe_allow = [\"https://a.com/x\"]\n", "app.frame_allow"),
            (
                "[[app.support_links]]\nchannel = \"web\"\nlabel = \"Chat\"\nurl = \"javascript:x\"\n",
                "app.support_links",
            ),
            (
                "[[app.agreements]]\nkey = \"terms\"\nurl = \"#/x\"\nversion = \"1\"\n",
                "app.agreements.titles",
            ),
            (
                "[[app.agreements]]\nkey = \"privacy_policy\"\nurl = \"ftp://x\"\nversion = \"1\"\n",
                "app.agreements.url",
            ),
            (
                "[[app.agreements]]\nkey = \"privacy_policy\"\nurl = \"#/x\"\nversion = \"\"\n",
                "app.agreements.version",
            ),
            (
                "[[app.locations]]\ncode = \"vn\"\nname = \"V\"\npicture = \"f.svg\"\ncurrency = \"VND\"\ndialling_code = \"+84\"\nphone_pattern = \"^1$\"\n",
                "app.locations.code",
            ),
            (
                "[[app.locations]]\ncode = \"VN\"\nname = \"V\"\npicture = \"f.svg\"\ncurrency = \"VND\"\ndialling_code = \"84\"\nphone_pattern = \"^1$\"\n",
                "app.locations.dialling_code",
            ),
            (
                "[[app.locations]]\ncode = \"VN\"\nname = \"V\"\npicture = \"f.svg\"\ncurrency = \"VND\"\ndialling_code = \"+84\"\nphone_pattern = \"(\"\n",
                "app.locations.phone_pattern",
            ),
            ("[api]\nencrypt = true\n", "api.key"),
            (
                "[api]\nencrypt = true\nkey = \"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\"\niv = \"0011\"\n",
                "api.iv",
            ),
            ("[home]\nnew_days = 0\n", "home.new_days"),
            ("[home]\nvip_near_percent = 101\n", "home.vip_near_percent"),
            ("[backup]\ndaily_at = \"3:30\"\n", "backup.daily_at"),
            ("[backup]\nkeep = 0\n", "backup.keep"),
            ("[server]\nscheduler_lag_max_secs = 0\n", "server.scheduler_lag_max_secs"),
            ("[server]\ntls_cert_file = \"cert.pem\"\n", "server.tls_key_file"),
            ("[metrics]\ntoken = \"short\"\n", "metrics.token"),
            ("[metrics]\ntoken = \"a token with spaces in it\"\n", "metrics.token"),
            ("[log]\nlevel = \"info,=[\"\n", "log.level"),
            ("[log]\nformat = \"xml\"\n", "format"),
        ] {
            let error = Config::parse(text).unwrap_err().to_string();
            assert!(error.contains(key), "{text}: {error}");
        }
    }

    #[test]
    fn a_bad_listen_address_or_support_link_names_the_key() {
        let error = Config::parse("[server]\nlisten = \"nowhere\"\n").unwrap_err().to_string();
        assert!(error.contains("listen"), "{error}");
        let error = Config::parse("[app]\ntelegram_url = \"ftp://x\"\n").unwrap_err().to_string();
        assert!(error.contains("app.telegram_url"), "{error}");
    }

    #[test]
    fn init_writes_a_valid_config_with_fresh_secrets() {
        let first = initial_config_text(
            Path::new("/var/lib/fairhall"),
            "0.0.0.0:80".parse().unwrap(),
            &HallSettings::default(),
        );
        let second = initial_config_text(
            Path::new("/var/lib/fairhall"),
            "0.0.0.0:80".parse().unwrap(),
            &HallSettings::default(),
        );
        let config = Config::parse(&first).unwrap();
        assert_eq!(config.server.data_dir, PathBuf::from("/var/lib/fairhall"));
        assert_eq!(config.secrets.card_key.len(), 64);
        assert_ne!(first, second);
    }
}
