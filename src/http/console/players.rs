//! The player desk: find a player by id, phone, login name or invite code; his page (account,
//! balances, limits, protection, team, adjustments waiting, recent ledger entries, bets and
//! logins, as `admin user show`); and what support does for him, each behind its permission:
//! adjust his wallet (the four-eyes rule above `wallet.adjust_second_approval_above`), freeze
//! and unfreeze, a temporary login password, clearing the fund password, roles.

use super::{QueuePage, Staff, record_id};
use crate::auth::grants::{self, Grant};
use crate::auth::permissions::{
    BALANCE_ADJUST, PASSWORD_RESET, PLAYER_FREEZE, PLAYER_READ, RoleName, STAFF_MANAGE,
};
use crate::auth::{self, UserSearch, UserSummary};
use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{self, TargetReference};
use crate::flows::player_report::{PlayerReport, ReportSettings, player_report};
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::Paging;
use crate::protection::ProtectionSettings;
use crate::wallet::adjustments::{self, Adjusted, AdjustmentRequest};
use crate::wallet::types::ReviewReason;
use crate::wallet::{Adjustment, WalletSettings};
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::Arc;

/// Players on a page of the list.
const PAGE_ROWS: i64 = 20;
/// Matches a search shows at most (one page: a search names one player, or a few).
const SEARCH_ROWS: i64 = 50;
/// Recent ledger entries, bets and logins on a player's page.
const RECENT_ROWS: i64 = 20;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/players", get(list))
        .route("/admin/api/players/{id}", get(page))
        .route("/admin/api/players/{id}/adjust", post(adjust))
        .route("/admin/api/players/{id}/freeze", post(freeze))
        .route("/admin/api/players/{id}/unfreeze", post(unfreeze))
        .route("/admin/api/players/{id}/password", post(reset_password))
        .route("/admin/api/players/{id}/fund-password/clear", post(clear_fund_password))
        .route("/admin/api/players/{id}/roles", post(change_role))
        .route("/admin/api/adjustments/{id}/approve", post(approve_adjustment))
        .route("/admin/api/adjustments/{id}/cancel", post(cancel_adjustment))
}

#[derive(Deserialize)]
struct ListForm {
    q: Option<String>,
    page: Option<String>,
}

/// The players a search matches (oldest first, at most `SEARCH_ROWS`), or without one every
/// player, oldest first, a page at a time.
async fn list(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<ListForm>,
) -> Result<Envelope<QueuePage<UserSummary>>, AppError> {
    staff.require(PLAYER_READ)?;
    let search = form.q.as_deref().and_then(UserSearch::parse);
    let paging = Paging::parse(form.page.as_deref(), Some(&PAGE_ROWS.to_string()))?;
    let page = app
        .db
        .read(move |connection| match search {
            Some(search) => {
                let list = auth::search_users(connection, &search, SEARCH_ROWS)?;
                let total = list.len() as i64;
                Ok(QueuePage { total, page: 1, page_size: SEARCH_ROWS, list })
            }
            None => Ok(QueuePage {
                total: auth::count_users(connection)?,
                page: paging.page,
                page_size: paging.limit,
                list: auth::list_users(connection, paging.limit, paging.offset())?,
            }),
        })
        .await?;
    Ok(Envelope::ok(page))
}

/// A player's page, with what the staff member may do on it.
#[derive(Serialize)]
struct PlayerPage {
    #[serde(flatten)]
    report: PlayerReport,
    may: PlayerActions,
    /// An adjustment of more than this waits for a second staff member ("0.00": never).
    adjust_second_approval_above: Money,
}

#[derive(Serialize)]
struct PlayerActions {
    adjust: bool,
    freeze: bool,
    reset_password: bool,
    manage_roles: bool,
}

async fn page(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<PlayerPage>, AppError> {
    staff.require(PLAYER_READ)?;
    let user_id = player_id(&id)?;
    let now = app.clock.now();
    let wallet = WalletSettings::from_config(&app.config);
    let protection =
        ProtectionSettings::from_config(&app.config, crate::flows::protection::PLAY_COUNTS);
    let report = app
        .db
        .read(move |connection| {
            let settings = ReportSettings { wallet: &wallet, protection: &protection };
            player_report(connection, user_id, &settings, RECENT_ROWS, now)
        })
        .await?;
    Ok(Envelope::ok(PlayerPage {
        report,
        may: PlayerActions {
            adjust: staff.may(BALANCE_ADJUST),
            freeze: staff.may(PLAYER_FREEZE),
            reset_password: staff.may(PASSWORD_RESET),
            manage_roles: staff.may(STAFF_MANAGE),
        },
        adjust_second_approval_above: app.config.wallet.adjust_second_approval_above,
    }))
}

#[derive(Deserialize)]
struct AdjustForm {
    /// Signed: "50.00" credits, "-12.50" debits.
    amount: Option<String>,
    reason: Option<String>,
}

/// Credits or debits the wallet with a reason, or above the four-eyes amount asks a second
/// staff member to (`approve_adjustment`); audited on the player's wallet.
async fn adjust(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<AdjustForm>,
) -> Result<Envelope<Adjusted>, AppError> {
    staff.require(BALANCE_ADJUST)?;
    let user_id = player_id(&id)?;
    let text = form.amount.as_deref().unwrap_or("").trim();
    let (credit, amount) = adjustments::parse_signed(text)?;
    let reason = ReviewReason::parse(form.reason.as_deref().unwrap_or(""))?.into_string();
    let arguments = json!({ "user": user_id, "amount": text, "reason": reason });
    let target = TargetReference::Known(Some(user_id.to_string()));
    let change = staff.change(&app, ("wallet.adjust", AuditTarget::Wallet, target), arguments)?;
    let admin = staff.session.member.name.clone();
    let adjustment = Adjustment { user_id, credit, amount, reason, admin };
    let (limits, now) = (app.config.wallet.clone(), app.clock.now());
    let adjusted = audited::write(&app.db, Arc::new(change), move |tx| {
        adjustments::request(tx, &adjustment, &limits, now)
    })
    .await?;
    Ok(Envelope::ok(adjusted))
}

#[derive(Serialize)]
struct AdjustmentDecided {
    request: AdjustmentRequest,
}

/// Applies another staff member's adjustment that waits for a second approval.
async fn approve_adjustment(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<AdjustmentDecided>, AppError> {
    staff.require(BALANCE_ADJUST)?;
    let request_id = record_id(&id)?;
    let change = adjustment_change(&app, &staff, "wallet.approve-adjustment", request_id)?;
    let (approver, now) = (staff.session.member.name.clone(), app.clock.now());
    let (request, _) = audited::write(&app.db, Arc::new(change), move |tx| {
        adjustments::approve(tx, request_id, &approver, now)
    })
    .await?;
    Ok(Envelope::ok(AdjustmentDecided { request }))
}

async fn cancel_adjustment(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<AdjustmentDecided>, AppError> {
    staff.require(BALANCE_ADJUST)?;
    let request_id = record_id(&id)?;
    let change = adjustment_change(&app, &staff, "wallet.cancel-adjustment", request_id)?;
    let (by, now) = (staff.session.member.name.clone(), app.clock.now());
    let request = audited::write(&app.db, Arc::new(change), move |tx| {
        adjustments::cancel(tx, request_id, &by, now)
    })
    .await?;
    Ok(Envelope::ok(AdjustmentDecided { request }))
}

fn adjustment_change(
    app: &AppState,
    staff: &Staff,
    action: &str,
    request_id: i64,
) -> Result<crate::flows::audited::AuditedChange, AppError> {
    let target = TargetReference::Known(Some(request_id.to_string()));
    staff.change(app, (action, AuditTarget::Adjustment, target), json!({ "id": request_id }))
}

#[derive(Deserialize)]
struct FreezeForm {
    reason: Option<String>,
}

#[derive(Serialize)]
struct Done {
    user_id: UserId,
}

/// Freezes the account: his sessions end and he cannot log in. The reason (1-200 characters)
/// is kept in the audit log.
async fn freeze(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<FreezeForm>,
) -> Result<Envelope<Done>, AppError> {
    staff.require(PLAYER_FREEZE)?;
    let user_id = player_id(&id)?;
    let reason = ReviewReason::parse(form.reason.as_deref().unwrap_or(""))?.into_string();
    let change = user_change(&app, &staff, "user.freeze", (user_id, json!({ "reason": reason })))?;
    let now = app.clock.now();
    audited::write(&app.db, Arc::new(change), move |tx| {
        auth::user_detail(tx, user_id)?;
        auth::freeze(tx, user_id, now)
    })
    .await?;
    Ok(Envelope::ok(Done { user_id }))
}

async fn unfreeze(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<Done>, AppError> {
    staff.require(PLAYER_FREEZE)?;
    let user_id = player_id(&id)?;
    let change = user_change(&app, &staff, "user.unfreeze", (user_id, json!({})))?;
    audited::write(&app.db, Arc::new(change), move |tx| {
        auth::user_detail(tx, user_id)?;
        auth::unfreeze(tx, user_id)
    })
    .await?;
    Ok(Envelope::ok(Done { user_id }))
}

#[derive(Serialize)]
struct TemporaryPassword {
    user_id: UserId,
    /// Shown once, for the staff member to give the player; never stored in clear.
    password: String,
}

/// Sets a new random login password, which the reply shows once; his sessions end.
async fn reset_password(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<TemporaryPassword>, AppError> {
    staff.require(PASSWORD_RESET)?;
    let user_id = player_id(&id)?;
    let password = auth::temporary_password();
    let shown = password.as_str().to_string();
    let hash = auth::hash_password_blocking(password).await?;
    let arguments = json!({ "password": crate::audit::MASK });
    let change = user_change(&app, &staff, "user.reset-password", (user_id, arguments))?;
    let now = app.clock.now();
    audited::write(&app.db, Arc::new(change), move |tx| {
        auth::user_detail(tx, user_id)?;
        auth::set_password(tx, user_id, &hash, now)
    })
    .await?;
    Ok(Envelope::ok(TemporaryPassword { user_id, password: shown }))
}

/// Clears the fund password, so the player sets a new one in the app; his sessions end.
async fn clear_fund_password(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<Done>, AppError> {
    staff.require(PASSWORD_RESET)?;
    let user_id = player_id(&id)?;
    let arguments = json!({ "clear": true });
    let change = user_change(&app, &staff, "user.reset-fund-password", (user_id, arguments))?;
    let now = app.clock.now();
    audited::write(&app.db, Arc::new(change), move |tx| {
        auth::user_detail(tx, user_id)?;
        auth::reset_fund_password(tx, user_id, None, now)
    })
    .await?;
    Ok(Envelope::ok(Done { user_id }))
}

#[derive(Deserialize)]
struct RoleForm {
    role: Option<String>,
    /// "add" or "remove".
    change: Option<String>,
}

#[derive(Serialize)]
struct RolesNow {
    user_id: UserId,
    roles: Vec<String>,
}

/// Gives or takes one of the user's roles (`admin user role add|remove`).
async fn change_role(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<RoleForm>,
) -> Result<Envelope<RolesNow>, AppError> {
    staff.require(STAFF_MANAGE)?;
    let user_id = player_id(&id)?;
    let name = form.role.unwrap_or_default();
    let grant = Grant::Role(RoleName::parse(name.trim()).map_err(|_| AppError::BadParams)?);
    let adding = match form.change.as_deref() {
        Some("add") => true,
        Some("remove") => false,
        _ => return Err(AppError::BadParams),
    };
    if adding && !staff.may_give_role(&app, name.trim()) {
        return Err(AppError::NoPermission);
    }
    let verb = if adding { "user.role.add" } else { "user.role.remove" };
    let change = user_change(&app, &staff, verb, (user_id, json!({ "role": name.trim() })))?;
    let now = app.clock.now();
    let roles = audited::write(&app.db, Arc::new(change), move |tx| {
        auth::user_detail(tx, user_id)?;
        match adding {
            true => grants::add_grant(tx, user_id, &grant, now)?,
            false => grants::remove_grant(tx, user_id, &grant)?,
        };
        Ok(grants::grants(tx, user_id)?.roles)
    })
    .await?;
    Ok(Envelope::ok(RolesNow { user_id, roles }))
}

/// The audit record of a change to the user `user_id`, with the arguments the CLI's command
/// would record.
pub(super) fn user_change(
    app: &AppState,
    staff: &Staff,
    action: &str,
    (user_id, mut arguments): (UserId, serde_json::Value),
) -> Result<crate::flows::audited::AuditedChange, AppError> {
    arguments["user"] = json!(user_id);
    let target = TargetReference::Known(Some(user_id.to_string()));
    staff.change(app, (action, AuditTarget::User, target), arguments)
}

/// The player of a path (`/players/{id}`): a user id, else not found.
pub(super) fn player_id(text: &str) -> Result<UserId, AppError> {
    UserId::parse(text).map_err(|_| AppError::NotFound)
}
