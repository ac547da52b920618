//! `fairhall admin audit`: the audit log, newest first; and the snapshots of each kind of
//! target that `cli/admin.rs` records before and after a state-changing command (the same
//! JSON the target's `show --json` prints, from the owning domain's read functions).

use super::shared::{find_user, format_time, parse_time, print_json_or, print_table, refused};
use crate::audit::{self, Filter, Record};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::content::items::types::ContentKind;
use crate::db::Db;
use crate::error::AppError;
use crate::finance::goods::{self, GoodsSettings};
use crate::games::rules::room::Room;
use crate::ids::UserId;
use crate::paging::Paging;
use serde_json::Value;

#[derive(clap::Args)]
pub struct AuditArgs {
    /// Only what this operator did (the `--by` name).
    #[arg(long)]
    actor: Option<String>,
    /// Only actions starting with this, e.g. `deposit.` or `user.freeze`.
    #[arg(long)]
    action: Option<String>,
    /// Only this target: a kind (user, deposit, withdrawal, wallet, room, product, category,
    /// task, envelope, content, news, picture, rebate, salary, entry, ledger), or KIND:ID,
    /// e.g. user:7.
    #[arg(long, value_name = "KIND[:ID]")]
    target: Option<String>,
    /// From this time on (RFC 3339, e.g. 2026-12-01T00:00:00Z).
    #[arg(long)]
    since: Option<String>,
    /// Before this time (RFC 3339).
    #[arg(long)]
    until: Option<String>,
    /// How many to show, at most 1000.
    #[arg(long, default_value_t = 50)]
    limit: i64,
    /// Every field, the arguments and the snapshots before and after, as JSON.
    #[arg(long)]
    json: bool,
}

pub async fn run_audit(db: &Db, args: AuditArgs) -> anyhow::Result<()> {
    let (target_kind, target_id) = match args.target.as_deref().map(str::trim) {
        None => (None, None),
        Some(target) => match target.split_once(':') {
            Some((kind, id)) => (Some(kind.to_string()), Some(id.to_string())),
            None => (Some(target.to_string()), None),
        },
    };
    if let Some(kind) = &target_kind
        && TargetKind::parse(kind).is_none()
    {
        let kinds: Vec<&str> = TargetKind::ALL.iter().map(|kind| kind.code()).collect();
        anyhow::bail!("--target {kind:?}: give one of {}, or KIND:ID", kinds.join(", "));
    }
    let time = |option: &str, text: &Option<String>| {
        text.as_deref().map(|text| parse_time(option, text)).transpose()
    };
    if !(1..=audit::LIST_LIMIT_MAX).contains(&args.limit) {
        anyhow::bail!("--limit {}: give 1 to {}", args.limit, audit::LIST_LIMIT_MAX);
    }
    let filter = Filter {
        actor: args.actor,
        action_prefix: args.action,
        target_kind,
        target_id,
        since: time("--since", &args.since)?,
        until: time("--until", &args.until)?,
        limit: args.limit,
    };
    let records = db.read(move |connection| audit::list(connection, &filter)).await?;
    print_json_or(args.json, &records, |records| print_records(records))
}

fn print_records(records: &[Record]) {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|record| {
            let target = match &record.target_id {
                Some(id) => format!("{}:{id}", record.target_kind),
                None => record.target_kind.clone(),
            };
            let outcome = match record.outcome.as_str() {
                "ok" => "ok".to_string(),
                other => format!("{other}: {}", record.message),
            };
            vec![
                format_time(record.at),
                record.actor.clone(),
                record.action.clone(),
                target,
                outcome,
            ]
        })
        .collect();
    print_table(&["time", "actor", "action", "target", "outcome"], &rows);
    println!("{} records", records.len());
}

/// What a state-changing command changes, as the audit log names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    User,
    Deposit,
    Withdrawal,
    /// A player's wallet (its id is the player's).
    Wallet,
    Room,
    Product,
    Category,
    Task,
    Envelope,
    /// A content item or an announcement; its id is `KIND:ID`, e.g. `banner:3`.
    Content,
    News,
    Picture,
    /// The rebate batches: a run pays the next one.
    Rebate,
    /// The weekly salary: a run pays the ended weeks.
    Salary,
    /// A ledger entry (`admin reverse`): shown with its postings.
    Entry,
    /// The ledger check's watermark and recorded failure, which a passing `admin verify`
    /// moves and clears.
    Ledger,
}

impl TargetKind {
    pub const ALL: [TargetKind; 16] = [
        TargetKind::User,
        TargetKind::Deposit,
        TargetKind::Withdrawal,
        TargetKind::Wallet,
        TargetKind::Room,
        TargetKind::Product,
        TargetKind::Category,
        TargetKind::Task,
        TargetKind::Envelope,
        TargetKind::Content,
        TargetKind::News,
        TargetKind::Picture,
        TargetKind::Rebate,
        TargetKind::Salary,
        TargetKind::Entry,
        TargetKind::Ledger,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TargetKind::User => "user",
            TargetKind::Deposit => "deposit",
            TargetKind::Withdrawal => "withdrawal",
            TargetKind::Wallet => "wallet",
            TargetKind::Room => "room",
            TargetKind::Product => "product",
            TargetKind::Category => "category",
            TargetKind::Task => "task",
            TargetKind::Envelope => "envelope",
            TargetKind::Content => "content",
            TargetKind::News => "news",
            TargetKind::Picture => "picture",
            TargetKind::Rebate => "rebate",
            TargetKind::Salary => "salary",
            TargetKind::Entry => "entry",
            TargetKind::Ledger => "ledger",
        }
    }

    fn parse(code: &str) -> Option<TargetKind> {
        TargetKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// The id the log records for `reference` (a user reference resolves to the user's id);
    /// `None` when it names nothing (the command then fails and is recorded as refused).
    pub async fn resolve(self, db: &Db, reference: &str) -> Option<String> {
        match self {
            TargetKind::User | TargetKind::Wallet => {
                find_user(db, reference.to_string()).await.ok().map(|id| id.to_string())
            }
            _ => Some(reference.to_string()),
        }
    }

    /// The target `id` as its `show --json` prints it; `None` when it does not exist. For
    /// the rebate and salary runs, the newest batch or payout.
    pub async fn snapshot(
        self,
        db: &Db,
        config: &Config,
        id: Option<String>,
        now: Timestamp,
    ) -> anyhow::Result<Option<Value>> {
        let number = id.as_deref().and_then(|id| id.parse::<i64>().ok());
        let settings = GoodsSettings::from_config(config);
        let lang = settings.default_lang;
        let value = db
            .read(move |connection| match (self, number, id.as_deref()) {
                (TargetKind::User, Some(id), _) => match UserId::parse(&id.to_string()) {
                    Ok(user) => found(user_state(connection, user, now)),
                    Err(_) => Ok(None),
                },
                (TargetKind::Wallet, Some(id), _) => match UserId::parse(&id.to_string()) {
                    Ok(user) => found(super::shared::wallet_state(connection, user)),
                    Err(_) => Ok(None),
                },
                (TargetKind::Deposit, Some(id), _) => {
                    found(crate::wallet::deposits::find(connection, id))
                }
                (TargetKind::Withdrawal, Some(id), _) => {
                    found(crate::wallet::withdrawals::find(connection, id))
                }
                (TargetKind::Room, _, Some(code)) => match Room::parse(code) {
                    Ok(room) => json(Some(RoomSnapshot {
                        settings: crate::games::rooms::room_settings(connection, room)?,
                        limits: crate::games::limits::room_limits(connection, room)?,
                    })),
                    Err(_) => Ok(None),
                },
                (TargetKind::Product, Some(id), _) => {
                    json(goods::catalog::show(connection, id, &settings, now)?)
                }
                (TargetKind::Category, _, Some(code)) => {
                    let catalogue = goods::catalogue(connection, None, lang, &settings, now)?;
                    json(catalogue.categories.into_iter().find(|category| category.code == code))
                }
                (TargetKind::Task, Some(id), _) => {
                    json(crate::growth::tasks::show(connection, id)?)
                }
                (TargetKind::Envelope, Some(id), _) => {
                    found(crate::growth::envelopes::show(connection, id))
                }
                (TargetKind::News, Some(id), _) => found(crate::content::show(connection, id)),
                (TargetKind::Content, _, Some(target)) => content_snapshot(connection, target),
                (TargetKind::Picture, _, Some(id)) => {
                    json(crate::content::pictures::find(connection, id)?)
                }
                (TargetKind::Rebate, _, _) => newest_rebate_batch(connection),
                (TargetKind::Entry, Some(id), _) => {
                    json(crate::ledger::entry_detail(connection, id)?)
                }
                (TargetKind::Ledger, _, _) => ledger_check_state(connection),
                (TargetKind::Salary, _, _) => newest_salary_payout(connection),
                _ => Ok(None),
            })
            .await?;
        Ok(value)
    }
}

/// The ledger check's state around `admin verify`: where the last passing check stopped and
/// The newest rebate batch, the snapshot of a rebate run.
fn newest_rebate_batch(connection: &rusqlite::Connection) -> Result<Option<Value>, AppError> {
    let newest = Paging { page: 1, limit: 1 };
    json(crate::growth::rebates::batches(connection, newest)?.list.into_iter().next())
}

/// The newest salary payout, the snapshot of a salary run.
fn newest_salary_payout(connection: &rusqlite::Connection) -> Result<Option<Value>, AppError> {
    let newest = Paging { page: 1, limit: 1 };
    json(crate::growth::salary::payouts(connection, None, None, newest)?.list.into_iter().next())
}

/// the failure the server recorded, if any.
#[derive(serde::Serialize)]
struct LedgerCheckState {
    checked_through: crate::ledger::Watermark,
    failure: Option<String>,
}

fn ledger_check_state(connection: &rusqlite::Connection) -> Result<Option<Value>, AppError> {
    json(Some(LedgerCheckState {
        checked_through: crate::ledger::Watermark::stored(connection)?,
        failure: crate::ledger::recorded_failure(connection)?.map(|(failure, _)| failure),
    }))
}

/// What `admin room show` prints: the settings, then the limits.
#[derive(serde::Serialize)]
struct RoomSnapshot {
    #[serde(flatten)]
    settings: crate::games::rooms::RoomSettings,
    limits: crate::games::limits::RoomLimits,
}

fn json<T: serde::Serialize>(value: Option<T>) -> Result<Option<Value>, AppError> {
    value.map(serde_json::to_value).transpose().map_err(|error| {
        AppError::Internal(anyhow::Error::from(error).context("while snapshotting"))
    })
}

/// The record a `find` returned as JSON; `None` when it was not found.
/// A user as the audit log records him around a change: the account, his roles and
/// permissions, and his balances.
#[derive(serde::Serialize)]
struct UserState {
    account: crate::auth::UserDetail,
    grants: crate::auth::grants::Grants,
    balances: crate::ledger::Balances,
    /// The running time-out or self-exclusion (`user exclusions lift` ends it).
    exclusion: Option<crate::protection::ExclusionState>,
}

fn user_state(
    connection: &rusqlite::Connection,
    user: UserId,
    now: Timestamp,
) -> Result<UserState, AppError> {
    Ok(UserState {
        account: crate::auth::user_detail(connection, user)?,
        grants: crate::auth::grants::grants(connection, user)?,
        balances: crate::ledger::balances(connection, user)?,
        exclusion: crate::protection::exclusion(connection, user, now)?,
    })
}

fn found<T: serde::Serialize>(record: Result<T, AppError>) -> Result<Option<Value>, AppError> {
    match record {
        Ok(record) => json(Some(record)),
        Err(AppError::NotFound) => Ok(None),
        Err(other) => Err(other),
    }
}

/// A content target `KIND:ID`: an item of a kind, or an announcement.
fn content_snapshot(
    connection: &rusqlite::Connection,
    target: &str,
) -> Result<Option<Value>, AppError> {
    let Some((kind, id)) = target.split_once(':') else {
        return Ok(None);
    };
    let Ok(id) = id.parse::<i64>() else {
        return Ok(None);
    };
    if kind == "announcement" {
        return found(crate::content::announcements::show(connection, id));
    }
    let Some(kind) = ContentKind::parse(kind) else {
        return Ok(None);
    };
    json(crate::content::items::show(connection, kind, id)?)
}

/// The value of `--by` as the log's actor; a refusal names the flag.
pub fn actor(by: &str) -> anyhow::Result<audit::Actor> {
    audit::Actor::parse(by).map_err(|error| refused("--by", error))
}
