//! What the audit log records of a target before and after an operator's change: the target
//! as its `show --json` prints it, read from the domain that owns it (a user's account, roles,
//! balances and exclusion; a wallet; a deposit; a room with its limits; ...). One read per
//! kind, for every delivery layer that records changes (the CLI today, the console later).

use crate::clock::Timestamp;
use crate::content::items::types::ContentKind;
use crate::error::AppError;
use crate::finance::goods::{self, GoodsSettings};
use crate::games::rules::room::Room;
use crate::ids::UserId;
use crate::paging::Paging;
use rusqlite::Connection;
use serde_json::Value;

/// What a state-changing command changes, as the audit log names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditTarget {
    User,
    Deposit,
    Withdrawal,
    /// A player's wallet (its id is the player's).
    Wallet,
    /// A balance adjustment waiting for a second operator (the four-eyes rule).
    Adjustment,
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
    /// The money jobs' clock gate (`money_clock`), which `admin clock accept` reopens.
    Clock,
    /// The verification codes `admin codes` shows (a sensitive read, no snapshot).
    Codes,
    /// A backup archive downloaded from the console (a sensitive read: it holds the keys).
    Backup,
}

impl AuditTarget {
    pub const ALL: [AuditTarget; 20] = [
        AuditTarget::User,
        AuditTarget::Deposit,
        AuditTarget::Withdrawal,
        AuditTarget::Wallet,
        AuditTarget::Adjustment,
        AuditTarget::Room,
        AuditTarget::Product,
        AuditTarget::Category,
        AuditTarget::Task,
        AuditTarget::Envelope,
        AuditTarget::Content,
        AuditTarget::News,
        AuditTarget::Picture,
        AuditTarget::Rebate,
        AuditTarget::Salary,
        AuditTarget::Entry,
        AuditTarget::Ledger,
        AuditTarget::Clock,
        AuditTarget::Codes,
        AuditTarget::Backup,
    ];

    pub fn code(self) -> &'static str {
        match self {
            AuditTarget::User => "user",
            AuditTarget::Deposit => "deposit",
            AuditTarget::Withdrawal => "withdrawal",
            AuditTarget::Wallet => "wallet",
            AuditTarget::Adjustment => "adjustment",
            AuditTarget::Room => "room",
            AuditTarget::Product => "product",
            AuditTarget::Category => "category",
            AuditTarget::Task => "task",
            AuditTarget::Envelope => "envelope",
            AuditTarget::Content => "content",
            AuditTarget::News => "news",
            AuditTarget::Picture => "picture",
            AuditTarget::Rebate => "rebate",
            AuditTarget::Salary => "salary",
            AuditTarget::Entry => "entry",
            AuditTarget::Ledger => "ledger",
            AuditTarget::Clock => "clock",
            AuditTarget::Codes => "codes",
            AuditTarget::Backup => "backup",
        }
    }

    pub fn parse(code: &str) -> Option<AuditTarget> {
        AuditTarget::ALL.into_iter().find(|kind| kind.code() == code)
    }
}

/// The target `id` of `kind` as its `show --json` prints it; `None` when it does not exist.
/// For the rebate and salary runs, the newest batch or payout; for the ledger, the check's
/// state.
pub fn snapshot(
    connection: &Connection,
    kind: AuditTarget,
    id: Option<&str>,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<Option<Value>, AppError> {
    let number = id.and_then(|id| id.parse::<i64>().ok());
    let lang = settings.default_lang;
    match (kind, number, id) {
        (AuditTarget::User, Some(id), _) => match UserId::parse(&id.to_string()) {
            Ok(user) => found(user_state(connection, user, now)),
            Err(_) => Ok(None),
        },
        (AuditTarget::Wallet, Some(id), _) => match UserId::parse(&id.to_string()) {
            Ok(user) => found(wallet_snapshot(connection, user)),
            Err(_) => Ok(None),
        },
        (AuditTarget::Adjustment, Some(id), _) => found(adjustment_snapshot(connection, id)),
        (AuditTarget::Deposit, Some(id), _) => found(crate::wallet::deposits::find(connection, id)),
        (AuditTarget::Withdrawal, Some(id), _) => found(withdrawal_snapshot(connection, id)),
        (AuditTarget::Room, _, Some(code)) => match Room::parse(code) {
            Ok(room) => json(Some(RoomSnapshot {
                settings: crate::games::rooms::room_settings(connection, room)?,
                limits: crate::games::limits::room_limits(connection, room)?,
            })),
            Err(_) => Ok(None),
        },
        (AuditTarget::Product, Some(id), _) => {
            json(goods::catalog::show(connection, id, settings, now)?)
        }
        (AuditTarget::Category, _, Some(code)) => {
            let catalogue = goods::catalogue(connection, None, lang, settings, now)?;
            json(catalogue.categories.into_iter().find(|category| category.code == code))
        }
        (AuditTarget::Task, Some(id), _) => json(crate::growth::tasks::show(connection, id)?),
        (AuditTarget::Envelope, Some(id), _) => {
            found(crate::growth::envelopes::show(connection, id))
        }
        (AuditTarget::News, Some(id), _) => found(crate::content::show(connection, id)),
        (AuditTarget::Content, _, Some(target)) => content_snapshot(connection, target),
        (AuditTarget::Picture, _, Some(id)) => {
            json(crate::content::pictures::find(connection, id)?)
        }
        (AuditTarget::Rebate, _, _) => newest_rebate_batch(connection),
        (AuditTarget::Entry, Some(id), _) => json(crate::ledger::entry_detail(connection, id)?),
        (AuditTarget::Ledger, _, _) => ledger_check_state(connection),
        (AuditTarget::Clock, _, _) => json(Some(crate::money_clock::gate(connection)?)),
        (AuditTarget::Salary, _, _) => newest_salary_payout(connection),
        _ => Ok(None),
    }
}

/// The newest rebate batch, the snapshot of a rebate run.
fn newest_rebate_batch(connection: &Connection) -> Result<Option<Value>, AppError> {
    let newest = Paging { page: 1, limit: 1 };
    json(crate::growth::rebates::batches(connection, newest)?.list.into_iter().next())
}

/// The newest salary payout, the snapshot of a salary run.
fn newest_salary_payout(connection: &Connection) -> Result<Option<Value>, AppError> {
    let newest = Paging { page: 1, limit: 1 };
    json(crate::growth::salary::payouts(connection, None, None, newest)?.list.into_iter().next())
}

/// The ledger check's state around `admin verify`: where the last passing check stopped and
/// the failure the server recorded, if any.
#[derive(serde::Serialize)]
struct LedgerCheckState {
    checked_through: crate::ledger::Watermark,
    failure: Option<String>,
}

fn ledger_check_state(connection: &Connection) -> Result<Option<Value>, AppError> {
    json(Some(LedgerCheckState {
        checked_through: crate::ledger::Watermark::stored(connection)?,
        failure: crate::ledger::recorded_failure(connection)?.map(|(failure, _)| failure),
    }))
}

/// A withdrawal and its first approval (the four-eyes rule): a first approval changes only
/// the latter.
#[derive(serde::Serialize)]
struct WithdrawalSnapshot {
    #[serde(flatten)]
    withdrawal: crate::wallet::withdrawals::WithdrawalRecord,
    first_approval: Option<crate::wallet::withdrawals::FirstApproval>,
}

fn withdrawal_snapshot(connection: &Connection, id: i64) -> Result<WithdrawalSnapshot, AppError> {
    use crate::wallet::withdrawals::{find, first_approval};
    Ok(WithdrawalSnapshot {
        withdrawal: find(connection, id)?,
        first_approval: first_approval(connection, id)?,
    })
}

/// A player's wallet and the adjustments of it waiting for a second operator: asking for one
/// above the four-eyes amount changes only the latter.
#[derive(serde::Serialize)]
struct WalletSnapshot {
    #[serde(flatten)]
    state: crate::wallet::WalletState,
    adjustments_waiting: Vec<crate::wallet::adjustments::AdjustmentRequest>,
}

fn wallet_snapshot(connection: &Connection, user: UserId) -> Result<WalletSnapshot, AppError> {
    Ok(WalletSnapshot {
        state: crate::wallet::wallet_state(connection, user)?,
        adjustments_waiting: crate::wallet::adjustments::waiting_list(connection, Some(user))?,
    })
}

/// An adjustment request and the wallet it adjusts.
#[derive(serde::Serialize)]
struct AdjustmentSnapshot {
    request: crate::wallet::adjustments::AdjustmentRequest,
    wallet: crate::wallet::WalletState,
}

fn adjustment_snapshot(connection: &Connection, id: i64) -> Result<AdjustmentSnapshot, AppError> {
    let request = crate::wallet::adjustments::find(connection, id)?;
    let wallet = crate::wallet::wallet_state(connection, request.user_id)?;
    Ok(AdjustmentSnapshot { request, wallet })
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

/// A user as the audit log records him around a change: the account, his roles and
/// permissions, and his balances.
#[derive(serde::Serialize)]
struct UserState {
    account: crate::auth::UserDetail,
    grants: crate::auth::grants::Grants,
    balances: crate::ledger::Balances,
    /// The running time-out or self-exclusion (`user exclusions lift` ends it).
    exclusion: Option<crate::protection::ExclusionState>,
    /// His staff membership of the console (`admin staff ...`), when he is staff.
    #[serde(skip_serializing_if = "Option::is_none")]
    staff: Option<crate::auth::staff::types::StaffSummary>,
}

fn user_state(
    connection: &Connection,
    user: UserId,
    now: Timestamp,
) -> Result<UserState, AppError> {
    Ok(UserState {
        account: crate::auth::user_detail(connection, user)?,
        grants: crate::auth::grants::grants(connection, user)?,
        balances: crate::ledger::balances(connection, user)?,
        exclusion: crate::protection::exclusion(connection, user, now)?,
        staff: match crate::auth::staff::show(connection, user) {
            Ok(staff) => Some(staff),
            Err(AppError::NotFound) => None,
            Err(other) => return Err(other),
        },
    })
}

/// The record a `find` returned as JSON; `None` when it was not found.
fn found<T: serde::Serialize>(record: Result<T, AppError>) -> Result<Option<Value>, AppError> {
    match record {
        Ok(record) => json(Some(record)),
        Err(AppError::NotFound) => Ok(None),
        Err(other) => Err(other),
    }
}

/// A content target `KIND:ID`: an item of a kind, or an announcement.
fn content_snapshot(connection: &Connection, target: &str) -> Result<Option<Value>, AppError> {
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
