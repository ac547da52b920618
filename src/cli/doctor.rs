//! `fairhall admin doctor`: every health check of an installation in one command, one line
//! per check, "ok" or "PROBLEM: ... fix: ...", then the readiness section: what the hall
//! still lacks before it takes players' money, each a warning with the command that fixes it.
//! Exits 3 (`exit::ChecksFailed`) on any problem; warnings alone exit 0.

use super::exit;
use super::shared::print_json_or;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::games::fairness::chain_keys::{ChainKeys, KEY_FILE};
use crate::games::fairness::status;
use crate::games::rules::room::DrawSource;
use serde::Serialize;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// One check's outcome.
#[derive(Serialize)]
pub struct Finding {
    /// "health" (the installation works) or "readiness" (the hall is ready to open).
    pub section: &'static str,
    pub check: &'static str,
    pub ok: bool,
    /// Not a problem yet, but needs the operator's attention (it has a fix).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub warning: bool,
    /// What the check saw; for a problem, what is wrong.
    pub detail: String,
    /// For a problem, what to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl Finding {
    fn ok(check: &'static str, detail: impl Into<String>) -> Finding {
        let detail = detail.into();
        Finding { section: HEALTH, check, ok: true, warning: false, detail, fix: None }
    }

    fn problem(check: &'static str, detail: impl Into<String>, fix: impl Into<String>) -> Finding {
        let (detail, fix) = (detail.into(), Some(fix.into()));
        Finding { section: HEALTH, check, ok: false, warning: false, detail, fix }
    }

    fn warning(check: &'static str, detail: impl Into<String>, fix: impl Into<String>) -> Finding {
        let (detail, fix) = (detail.into(), Some(fix.into()));
        Finding { section: HEALTH, check, ok: true, warning: true, detail, fix }
    }

    fn for_readiness(self) -> Finding {
        Finding { section: READINESS, ..self }
    }
}

const HEALTH: &str = "health";
const READINESS: &str = "readiness";

/// Which sections `admin doctor` runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sections {
    All,
    /// Only what the hall lacks before it opens (install.sh prints it at its end).
    Readiness,
}

/// Runs every check on the database of `config`. Opens it itself, read-only, rather than
/// through `startup::open`, which refuses to start on the very permission problems doctor
/// reports and would migrate the database.
pub async fn run_doctor(config: Config, sections: Sections, json: bool) -> anyhow::Result<()> {
    // `cli::hall` refused a data directory without a database before this runs. Doctor only
    // reads: it opens no writer, runs no migration, and works where this user cannot write.
    let db = Db::open_read_only(&config.database_path(), 1)?;
    let outcome = report(&db, &config, sections, json).await;
    db.close().await?;
    outcome
}

async fn report(db: &Db, config: &Config, sections: Sections, json: bool) -> anyhow::Result<()> {
    let mut findings = match sections {
        Sections::All => health_checks(db, config).await,
        Sections::Readiness => Vec::new(),
    };
    findings.extend(readiness_checks(db, config).await);
    print_json_or(json, &findings, |findings| {
        for finding in findings.iter().filter(|finding| finding.section == HEALTH) {
            println!("{}", line(finding));
        }
        let readiness: Vec<&Finding> =
            findings.iter().filter(|finding| finding.section == READINESS).collect();
        if sections == Sections::All {
            println!();
        }
        let missing = readiness.iter().filter(|finding| finding.warning).count();
        println!(
            "readiness: what this hall lacks before it takes players' money ({missing} to do):"
        );
        for finding in readiness {
            println!("{}", line(finding));
        }
    })?;
    let problems = findings.iter().filter(|finding| !finding.ok).count();
    if problems > 0 {
        return Err(exit::ChecksFailed(format!(
            "{problems} problem{} found",
            if problems == 1 { "" } else { "s" }
        ))
        .into());
    }
    Ok(())
}

async fn health_checks(db: &Db, config: &Config) -> Vec<Finding> {
    let mut findings = vec![config_check(config)];
    findings.push(schema_check(db).await);
    findings.push(integrity_check(db).await);
    findings.push(foreign_key_check(db).await);
    findings.push(ledger_check(db).await);
    findings.push(ledger_halt_check(db).await);
    findings.extend(chain_checks(db, config).await);
    findings.push(lag_check(db, config).await);
    findings.push(programmes_check(db, config).await);
    findings.push(money_clock_check(db).await);
    findings.push(disk_check(config));
    findings.push(backup_check(config, crate::clock::Clock::System.now()));
    findings.extend(permission_checks(&config.server.data_dir));
    findings.push(write_access_check(&config.server.data_dir));
    findings
}

/// What a hall lacks before it opens: each a warning with its fix, or ok.
async fn readiness_checks(db: &Db, config: &Config) -> Vec<Finding> {
    let mut findings = agreement_checks(db, config).await;
    findings.push(receiving_account_check(config));
    findings.push(support_check(config));
    findings.push(backup_recipient_check(config));
    findings.push(programme_budget_check(config));
    findings.push(console_staff_check(db, config).await);
    findings.into_iter().map(Finding::for_readiness).collect()
}

/// Each agreement links a page of the hall's own (or an address of his).
async fn agreement_checks(db: &Db, config: &Config) -> Vec<Finding> {
    let now = Clock::System.now();
    let live =
        db.read(move |connection| crate::content::items::live_page_slugs(connection, now)).await;
    let live = match live {
        Ok(live) => live,
        Err(error) => {
            return vec![Finding::problem(
                "agreements",
                format!("{:#}", anyhow::Error::from(error)),
                "check that the database file is readable",
            )];
        }
    };
    let mut findings = Vec::new();
    for agreement in &config.app.agreements {
        let key = &agreement.key;
        let Some(slug) = agreement.url.strip_prefix(crate::config::PAGE_ROUTE) else {
            findings.push(Finding::ok("agreements", format!("{key}: {}", agreement.url)));
            continue;
        };
        let has_template = crate::content::items::templates::TEMPLATE_SLUGS.contains(&slug);
        findings.push(if live.iter().any(|live| live == slug) {
            Finding::ok("agreements", format!("{key}: the hall's own page {slug}"))
        } else if has_template {
            Finding::warning(
                "agreements",
                format!(
                    "{key}: players read the shipped template of page {slug}, which nobody has \
                     reviewed for this hall"
                ),
                format!(
                    "make it the hall's own: `fairhall admin content create page --slug {slug} \
                     --from-template`, then read and edit each language (`content show page \
                     ID`, `content update page ID --body-file LANG=FILE`)"
                ),
            )
        } else {
            Finding::warning(
                "agreements",
                format!("{key}: page {slug} does not exist, so players cannot read it"),
                format!(
                    "`fairhall admin content create page --slug {slug} --title {0}=TITLE \
                     --body-file {0}=FILE`",
                    config.app.default_lang
                ),
            )
        });
    }
    findings
}

fn receiving_account_check(config: &Config) -> Finding {
    let accounts = config.wallet.effective_receiving_accounts();
    let enabled: Vec<&str> = accounts
        .iter()
        .filter(|account| account.enabled)
        .map(|account| account.code.as_str())
        .collect();
    if enabled.is_empty() {
        Finding::warning(
            "receiving_account",
            "no receiving account is switched on: players cannot deposit",
            "add a [[wallet.receiving_accounts]] (a bank account or a USDT address; \
             config.example.toml shows both) to the config and restart serve",
        )
    } else {
        Finding::ok("receiving_account", format!("deposits are paid to {}", enabled.join(", ")))
    }
}

fn support_check(config: &Config) -> Finding {
    let app = &config.app;
    if app.support_url.is_empty() && app.telegram_url.is_empty() && app.support_links.is_empty() {
        Finding::warning(
            "support_contact",
            "players are shown no customer-service contact",
            "set app.support_url (or app.telegram_url, or [[app.support_links]]) in the config \
             and restart serve",
        )
    } else {
        Finding::ok("support_contact", "players are shown a customer-service contact")
    }
}

fn backup_recipient_check(config: &Config) -> Finding {
    if config.backup.recipient.is_empty() {
        Finding::warning(
            "backup_recipient",
            "backups are not encrypted: the chain keys and card keys inside are in clear",
            "make a key with `age-keygen -o key.txt` on a machine you trust (not this one), put \
             the public key it prints in [backup] recipient and restart serve",
        )
    } else {
        Finding::ok("backup_recipient", "every archive is encrypted to [backup] recipient")
    }
}

/// Someone can sign in to the console to review deposits and withdrawals.
async fn console_staff_check(db: &Db, config: &Config) -> Finding {
    if !config.console.enabled {
        return Finding::ok("console_staff", "the console is off ([console] enabled = false)");
    }
    let staff = match db.read(crate::auth::staff::list).await {
        Ok(staff) => staff,
        Err(error) => {
            return Finding::problem(
                "console_staff",
                format!("{:#}", anyhow::Error::from(error)),
                "check that the database file is readable",
            );
        }
    };
    let active = staff.iter().filter(|member| member.enrolled && !member.disabled).count();
    if active == 0 {
        Finding::warning(
            "console_staff",
            "nobody can sign in to the console (/admin/) to review deposits and withdrawals",
            "`fairhall admin staff create USER --role admin`, then `fairhall admin staff confirm \
             USER --code CODE` with the first code of the authenticator app (docs/console.md)",
        )
    } else {
        Finding::ok("console_staff", format!("{active} staff can sign in to the console"))
    }
}

fn programme_budget_check(config: &Config) -> Finding {
    let growth = &config.growth;
    let caps = growth.budget.daily.by_code();
    let uncapped: Vec<&str> = growth
        .paying_programmes()
        .into_iter()
        .filter(|code| caps.iter().any(|(cap_code, cap)| cap_code == code && cap.is_none()))
        .collect();
    if uncapped.is_empty() {
        Finding::ok("programme_budgets", "every programme that pays players has a daily budget")
    } else {
        let keys: Vec<String> =
            uncapped.iter().map(|code| format!("growth.budget.daily.{code}")).collect();
        Finding::warning(
            "programme_budgets",
            format!("{} pay players without a daily budget", uncapped.join(", ")),
            format!(
                "set {} in the config (the most each pays in one day) and restart serve",
                keys.join(", ")
            ),
        )
    }
}

/// "check: ok (detail)", "check: WARNING: detail; fix: ..." or "check: PROBLEM: detail; fix:
/// ...".
fn line(finding: &Finding) -> String {
    let (check, detail) = (finding.check, &finding.detail);
    match (&finding.fix, finding.ok) {
        (None, _) => format!("{check}: ok ({detail})"),
        (Some(fix), true) => format!("{check}: WARNING: {detail}; fix: {fix}"),
        (Some(fix), false) => format!("{check}: PROBLEM: {detail}; fix: {fix}"),
    }
}

/// A daily backup older than this is a problem: one run was missed, and then another.
const BACKUP_STALE_SECS: i64 = 2 * 86_400;

/// The outcome of the last scheduled backup (`backup-status.json`, written by `serve`).
fn backup_check(config: &Config, now: crate::clock::Timestamp) -> Finding {
    let fix_failed = "check the space and permissions of backup.dir and serve's log, then take \
                      one with `kill -USR1 $(pidof fairhall)` or `fairhall backup FILE`";
    if config.backup.daily_at.is_empty() {
        return Finding::ok("backup", "daily backups are off (backup.daily_at is empty)");
    }
    match crate::backup::schedule::read_status(&config.server.data_dir) {
        // Nothing to restore from yet: said until the first backup exists.
        Ok(None) => Finding::warning(
            "backup",
            "no backup has been taken yet",
            format!(
                "take one now with `kill -USR1 $(pidof fairhall)` while `serve` runs, or wait for \
                 the daily one at {} (backup.daily_at)",
                config.backup.daily_at
            ),
        ),
        Ok(Some(status)) if !status.ok => Finding::problem(
            "backup",
            format!(
                "the last backup, at {}, failed: {}",
                status.finished_at,
                status.error.unwrap_or_default()
            ),
            fix_failed,
        ),
        Ok(Some(status)) => {
            let age = now.secs() - status.finished_at_unix;
            let file = status.file.map(|file| file.display().to_string()).unwrap_or_default();
            if age > BACKUP_STALE_SECS {
                Finding::problem(
                    "backup",
                    format!(
                        "the last backup ({file}, at {}) is {} h old",
                        status.finished_at,
                        age / 3600
                    ),
                    "is `serve` running? Its log says why the daily backup did not run",
                )
            } else {
                Finding::ok("backup", format!("last backup {file} at {}", status.finished_at))
            }
        }
        Err(error) => Finding::problem("backup", format!("{error:#}"), fix_failed),
    }
}

fn config_check(config: &Config) -> Finding {
    match config.validate() {
        Ok(()) => Finding::ok("config", "every key is valid"),
        Err(error) => Finding::problem(
            "config",
            format!("{error:#}"),
            "correct the key in the config file and run doctor again",
        ),
    }
}

/// Migrations this binary would apply (doctor reads the database as it is: it migrates
/// nothing).
async fn schema_check(db: &Db) -> Finding {
    match db.read(|connection| Ok(crate::db::pending_migrations(connection)?)).await {
        Ok(pending) if pending.is_empty() => Finding::ok(
            "schema",
            format!("V{}, no migration pending", crate::db::embedded_schema_version()),
        ),
        Ok(pending) => Finding::problem(
            "schema",
            format!("migrations pending: {}", pending.join(", ")),
            "run `fairhall migrate` (or start `serve`), which backs the database up first",
        ),
        Err(error) => Finding::problem("schema", format!("{error:#}"), "check the database file"),
    }
}

/// Whether this user may write the data directory: doctor reads without it, `serve` and the
/// admin commands that change something cannot.
fn write_access_check(data_dir: &Path) -> Finding {
    match rustix::fs::access(data_dir, rustix::fs::Access::WRITE_OK) {
        Ok(()) => {
            Finding::ok("write_access", format!("this user may write {}", data_dir.display()))
        }
        Err(error) => Finding::warning(
            "write_access",
            format!(
                "this user cannot write {} ({error}): the database was read as it is; `serve` and \
                 the changing admin commands would fail as this user",
                data_dir.display()
            ),
            "run doctor and the admin commands as the service user (`sudo -u fairhall ...`), or \
             check the mount (read-only?) and the directory's owner",
        ),
    }
}

async fn integrity_check(db: &Db) -> Finding {
    let rows = db.read(|connection| Ok(crate::db::integrity_problems(connection)?)).await;
    match rows {
        Ok(rows) if rows.is_empty() => Finding::ok("integrity", "PRAGMA integrity_check: ok"),
        Ok(rows) => Finding::problem(
            "integrity",
            format!("PRAGMA integrity_check: {}", rows.join("; ")),
            "stop serve and restore the latest backup (see docs/backups.md)",
        ),
        Err(error) => Finding::problem(
            "integrity",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

async fn foreign_key_check(db: &Db) -> Finding {
    let rows = db.read(|connection| Ok(crate::db::foreign_key_problems(connection)?)).await;
    match rows {
        Ok(rows) if rows.is_empty() => Finding::ok("foreign_keys", "no dangling reference"),
        Ok(rows) => Finding::problem(
            "foreign_keys",
            format!("{} dangling reference(s): {}", rows.len(), rows.join(", ")),
            "stop serve and restore the latest backup (see docs/backups.md)",
        ),
        Err(error) => Finding::problem(
            "foreign_keys",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

async fn ledger_check(db: &Db) -> Finding {
    match db.read(crate::flows::ledger_check::verify).await {
        Ok(report) if report.is_ok() => {
            Finding::ok("ledger", format!("{} accounts, every invariant holds", report.accounts))
        }
        Ok(report) => Finding::problem(
            "ledger",
            format!("failed checks: {}", report.failures()),
            "run `fairhall admin verify` for the accounts and entries concerned",
        ),
        Err(error) => Finding::problem(
            "ledger",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

/// Whether the server's last incremental ledger check failed (it halted payments then).
async fn ledger_halt_check(db: &Db) -> Finding {
    match db.read(crate::ledger::recorded_failure).await {
        Ok(None) => Finding::ok("ledger_halt", "the server's last ledger check passed"),
        Ok(Some((failures, at))) => Finding::problem(
            "ledger_halt",
            format!("the server halted payments at {}: {failures}", at.secs()),
            "correct the books with reversing entries, then `fairhall admin verify`: once it \
             passes, the server resumes payments at its next check",
        ),
        Err(error) => Finding::problem(
            "ledger_halt",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

/// Per draw source: every chain still to draw has its key in the key file.
async fn chain_checks(db: &Db, config: &Config) -> Vec<Finding> {
    let keys = match ChainKeys::read(&config.server.data_dir) {
        Ok(keys) => std::sync::Arc::new(keys),
        Err(error) => {
            return vec![Finding::problem(
                "chains",
                format!("{error:#}"),
                format!("restore {KEY_FILE} of this database from its backup"),
            )];
        }
    };
    let (timezone, now) = (config.timezone(), Clock::System.now());
    let mut findings = Vec::new();
    for source in DrawSource::all() {
        let keys = keys.clone();
        let status = db
            .read(move |connection| {
                status::chain_status(connection, &keys, (source, timezone), now)
            })
            .await;
        findings.push(match status {
            Ok(status) if !status.missing_keys.is_empty() => Finding::problem(
                "chains",
                format!(
                    "{}: {KEY_FILE} lacks the keys of {}",
                    status.source,
                    status.missing_keys.join(", ")
                ),
                format!(
                    "restore {KEY_FILE} from the backup of this database; without it, \
                     `fairhall admin room refund` returns the stakes"
                ),
            ),
            Ok(status) => match status.current {
                Some(current) => Finding::ok(
                    "chains",
                    format!(
                        "{}: key of {} present, {} periods left, {} chains committed after it",
                        status.source,
                        current.chain_id,
                        current.periods_left,
                        status.committed_ahead
                    ),
                ),
                None => Finding::ok(
                    "chains",
                    format!(
                        "{}: no chain yet (serve commits one on its first tick)",
                        status.source
                    ),
                ),
            },
            Err(error) => Finding::problem(
                "chains",
                format!("{}: {:#}", source.code(), anyhow::Error::from(error)),
                "check that the database file is readable",
            ),
        });
    }
    findings
}

/// The money jobs, paused after a forward step of the clock (`money_clock`).
async fn money_clock_check(db: &Db) -> Finding {
    match db.read(crate::money_clock::gate).await {
        Ok(crate::money_clock::Gate::Run) => Finding::ok("money_clock", "the money jobs run"),
        Ok(crate::money_clock::Gate::Paused { from, to }) => Finding::problem(
            "money_clock",
            format!(
                "interest, instalments, rebates and salary are paused: the clock stepped {} s \
                 forward, beyond ledger.max_catch_up_secs",
                to.secs_since(from)
            ),
            "check the server's clock (timedatectl), then `fairhall admin clock accept`",
        ),
        Err(error) => Finding::problem(
            "money_clock",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

/// The reward programmes against the edge of every option of every open room.
async fn programmes_check(db: &Db, config: &Config) -> Finding {
    let growth = config.growth.clone();
    let thin = db
        .read(move |connection| crate::flows::programme_bounds::thin_edge(connection, &growth))
        .await;
    match thin {
        Ok(None) => Finding::ok(
            "programmes",
            "rebates, commissions, the salary and VIP upgrades cost less than the edge of every \
             open room's options",
        ),
        Ok(Some(thin)) => Finding::problem(
            "programmes",
            thin.to_string(),
            "lower growth.rebate, growth.salary.tiers or the growth.vip.levels upgrade rewards in \
             the config (serve refuses to start)",
        ),
        Err(error) => Finding::problem(
            "programmes",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

async fn lag_check(db: &Db, config: &Config) -> Finding {
    let (timezone, now) = (config.timezone(), Clock::System.now());
    let bound = config.server.scheduler_lag_max_secs;
    let lag =
        db.read(move |connection| crate::games::schedule::lag(connection, timezone, now)).await;
    match lag {
        Ok(lag) if lag.lag_secs() < bound => {
            Finding::ok("scheduler_lag", format!("{} s behind at most", lag.lag_secs()))
        }
        Ok(lag) => Finding::problem(
            "scheduler_lag",
            format!(
                "the oldest undrawn period is {} s past its draw time \
                 (server.scheduler_lag_max_secs = {bound})",
                lag.lag_secs()
            ),
            "start `fairhall serve` (it draws the backlog), or read its log for failing ticks",
        ),
        Err(error) => Finding::problem(
            "scheduler_lag",
            format!("{:#}", anyhow::Error::from(error)),
            "check that the database file is readable",
        ),
    }
}

fn disk_check(config: &Config) -> Finding {
    let min = config.db.min_free_bytes;
    match crate::db::space::free_bytes(&config.server.data_dir) {
        Ok(free) if free >= min => Finding::ok("disk_space", format!("{free} bytes free")),
        Ok(free) => Finding::problem(
            "disk_space",
            format!("{free} bytes free, below db.min_free_bytes = {min}"),
            "free some space on the data directory's file system",
        ),
        Err(error) => Finding::problem(
            "disk_space",
            format!("{error:#}"),
            "check that the data directory exists and is readable",
        ),
    }
}

/// The data directory is not open to others; the secret files are the owner's alone (0600).
fn permission_checks(data_dir: &Path) -> Vec<Finding> {
    let mut findings = Vec::new();
    match std::fs::metadata(data_dir) {
        Ok(metadata) if metadata.permissions().mode() & 0o007 == 0 => findings.push(Finding::ok(
            "permissions",
            format!("{} is not open to others", data_dir.display()),
        )),
        Ok(metadata) => findings.push(Finding::problem(
            "permissions",
            format!(
                "others may access {} (mode {:03o})",
                data_dir.display(),
                metadata.permissions().mode() & 0o777
            ),
            format!("run `chmod o-rwx {}`", data_dir.display()),
        )),
        Err(error) => findings.push(Finding::problem(
            "permissions",
            format!("{}: {error}", data_dir.display()),
            "check the data directory (--data-dir or server.data_dir)",
        )),
    }
    for file in crate::backup::SECRET_FILES {
        let path = data_dir.join(file);
        let Ok(metadata) = std::fs::metadata(&path) else { continue };
        let mode = metadata.permissions().mode() & 0o777;
        findings.push(if mode & 0o077 == 0 {
            Finding::ok("permissions", format!("{} is the owner's alone", path.display()))
        } else {
            Finding::problem(
                "permissions",
                format!("{} holds secrets but has mode {mode:03o}", path.display()),
                format!("run `chmod 600 {}`", path.display()),
            )
        });
    }
    findings
}
