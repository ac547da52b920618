//! The deposit desk: the queue of pending deposits oldest first, one deposit with its voucher
//! and the player's recent deposits and withdrawals, and its review (approve, reject, fail)
//! through `flows::deposits::review`, as `fairhall admin deposit` does.

use super::{PageForm, QueuePage, ReasonForm, Staff, record_id};
use crate::auth::permissions::DEPOSIT_REVIEW;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{self, TargetReference};
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use crate::paging::Paging;
use crate::wallet::deposits::{self, Decision, DepositRecord, Review};
use crate::wallet::withdrawals::{self, WithdrawalRecord};
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use rusqlite::Connection;
use serde::Serialize;
use serde_json::json;
use std::sync::Arc;

/// Deposits on a page of the queue.
const PAGE_ROWS: i64 = 20;
/// How many of the player's own deposits and withdrawals the detail shows.
const RECENT_ROWS: i64 = 10;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/deposits", get(queue))
        .route("/admin/api/deposits/{id}", get(detail))
        .route("/admin/api/deposits/{id}/voucher", get(voucher))
        .route("/admin/api/deposits/{id}/approve", post(approve))
        .route("/admin/api/deposits/{id}/reject", post(reject))
        .route("/admin/api/deposits/{id}/fail", post(fail))
}

/// A deposit as the desk shows it: the record, the player named, its age.
#[derive(Serialize)]
pub struct QueuedDeposit {
    #[serde(flatten)]
    deposit: DepositRecord,
    /// The player's login name, else his phone.
    player: String,
    age_secs: i64,
    has_voucher: bool,
}

impl QueuedDeposit {
    fn of(
        connection: &Connection,
        deposit: DepositRecord,
        now: Timestamp,
    ) -> Result<QueuedDeposit, AppError> {
        let player = crate::auth::operator_label(connection, deposit.user_id)?;
        let age_secs = (now - deposit.created_at).max(0);
        let has_voucher = !deposit.voucher_file.is_empty();
        Ok(QueuedDeposit { deposit, player, age_secs, has_voucher })
    }
}

async fn queue(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<PageForm>,
) -> Result<Envelope<QueuePage<QueuedDeposit>>, AppError> {
    staff.require(DEPOSIT_REVIEW)?;
    let paging = Paging::parse(form.page.as_deref(), Some(&PAGE_ROWS.to_string()))?;
    let now = app.clock.now();
    let page = app
        .db
        .read(move |connection| {
            let queue = deposits::review_queue(connection, paging)?;
            let list = queue
                .list
                .into_iter()
                .map(|deposit| QueuedDeposit::of(connection, deposit, now))
                .collect::<Result<_, _>>()?;
            Ok(QueuePage { total: queue.total, page: queue.page, page_size: queue.limit, list })
        })
        .await?;
    Ok(Envelope::ok(page))
}

/// One deposit with what the reviewer weighs it against.
#[derive(Serialize)]
struct DepositDetail {
    deposit: QueuedDeposit,
    recent_deposits: Vec<QueuedDeposit>,
    recent_withdrawals: Vec<WithdrawalRecord>,
}

async fn detail(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<DepositDetail>, AppError> {
    staff.require(DEPOSIT_REVIEW)?;
    let (id, now) = (record_id(&id)?, app.clock.now());
    let recent = Paging { page: 1, limit: RECENT_ROWS };
    let detail = app
        .db
        .read(move |connection| {
            let deposit = deposits::find(connection, id)?;
            let user_id = deposit.user_id;
            let recent_deposits = deposits::list(connection, Some(user_id), None, recent)?
                .list
                .into_iter()
                .map(|deposit| QueuedDeposit::of(connection, deposit, now))
                .collect::<Result<_, _>>()?;
            let recent_withdrawals =
                withdrawals::list(connection, Some(user_id), None, recent)?.list;
            let deposit = QueuedDeposit::of(connection, deposit, now)?;
            Ok(DepositDetail { deposit, recent_deposits, recent_withdrawals })
        })
        .await?;
    Ok(Envelope::ok(detail))
}

async fn voucher(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    staff.require(DEPOSIT_REVIEW)?;
    let id = record_id(&id)?;
    let deposit = app.db.read(move |connection| deposits::find(connection, id)).await?;
    if deposit.voucher_file.is_empty() {
        return Err(AppError::NotFound);
    }
    crate::http::assets::stored_image(&app.wallet.voucher_dir.join(&deposit.voucher_file)).await
}

#[derive(Serialize)]
struct Reviewed {
    deposit: QueuedDeposit,
}

async fn approve(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<Reviewed>, AppError> {
    review(app, staff, record_id(&id)?, Decision::Approve).await
}

async fn reject(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ReasonForm>,
) -> Result<Envelope<Reviewed>, AppError> {
    let reason = form.reason()?;
    review(app, staff, record_id(&id)?, Decision::Reject(reason)).await
}

async fn fail(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ReasonForm>,
) -> Result<Envelope<Reviewed>, AppError> {
    let reason = form.reason()?;
    review(app, staff, record_id(&id)?, Decision::Fail(reason)).await
}

/// Reviews the deposit as the staff member, audited in the review's transaction.
async fn review(
    app: AppState,
    staff: Staff,
    deposit_id: i64,
    decision: Decision,
) -> Result<Envelope<Reviewed>, AppError> {
    staff.require(DEPOSIT_REVIEW)?;
    let verb = match decision {
        Decision::Approve => "approve",
        Decision::Reject(_) => "reject",
        Decision::Fail(_) => "fail",
    };
    let arguments = match decision.reason() {
        "" => json!({ "id": deposit_id }),
        reason => json!({ "id": deposit_id, "reason": reason }),
    };
    let target = TargetReference::Known(Some(deposit_id.to_string()));
    let action = format!("deposit.{verb}");
    let change = staff.change(&app, (&action, AuditTarget::Deposit, target), arguments)?;
    let admin = staff.session.member.name.clone();
    let review = Review { deposit_id, admin, decision };
    let (settings, config, now) = (app.wallet.clone(), app.config.clone(), app.clock.now());
    let reviewed = audited::write(&app.db, Arc::new(change), move |tx| {
        crate::flows::deposits::review(tx, &review, &settings, &config.growth, now)
    })
    .await?;
    let deposit =
        app.db.read(move |connection| QueuedDeposit::of(connection, reviewed.deposit, now)).await?;
    Ok(Envelope::ok(Reviewed { deposit }))
}
