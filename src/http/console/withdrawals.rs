//! The withdrawal desk: the queue of pending withdrawals oldest first, one withdrawal with what
//! its reviewer weighs (the player's balances and turnover left, the players he shares payout
//! accounts or addresses with, his recent deposits and withdrawals, the first approval of the
//! four-eyes rule), the whole payout account for those allowed (each read audited), and its
//! review (pay, reject, fail) through `wallet::withdrawals::review`, as `fairhall admin
//! withdraw` does.

use super::{PageForm, QueuePage, ReasonForm, Staff, record_id};
use crate::auth::permissions::{CARD_READ, WITHDRAWAL_REVIEW};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{self, TargetReference};
use crate::flows::linked::{self, PlayerLinks};
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use crate::ledger::Balances;
use crate::money::Money;
use crate::paging::Paging;
use crate::wallet::deposits::{self, DepositRecord};
use crate::wallet::types::ReviewReason;
use crate::wallet::withdrawals::{self, Decision, FirstApproval, PayTo, Review, WithdrawalRecord};
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use rusqlite::Connection;
use serde::Serialize;
use serde_json::json;
use std::sync::Arc;

/// Withdrawals on a page of the queue.
const PAGE_ROWS: i64 = 20;
/// How many of the player's own deposits and withdrawals the detail shows.
const RECENT_ROWS: i64 = 10;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/withdrawals", get(queue))
        .route("/admin/api/withdrawals/{id}", get(detail))
        .route("/admin/api/withdrawals/{id}/pay-to", get(pay_to))
        .route("/admin/api/withdrawals/{id}/approve", post(approve))
        .route("/admin/api/withdrawals/{id}/reject", post(reject))
        .route("/admin/api/withdrawals/{id}/fail", post(fail))
}

/// A withdrawal as the desk lists it: the record (its account masked), the player named, its
/// age, whether it needs two approvals and the first one it has.
#[derive(Serialize)]
pub struct QueuedWithdrawal {
    #[serde(flatten)]
    withdrawal: WithdrawalRecord,
    /// The player's login name, else his phone.
    player: String,
    age_secs: i64,
    second_approval_needed: bool,
    first_approval: Option<FirstApproval>,
    /// What links the player to others, in one line ("-" when nothing does).
    linked: String,
}

impl QueuedWithdrawal {
    fn of(
        connection: &Connection,
        app: &AppState,
        withdrawal: WithdrawalRecord,
        now: Timestamp,
    ) -> Result<QueuedWithdrawal, AppError> {
        let player = crate::auth::operator_label(connection, withdrawal.user_id)?;
        let since = now - linked::LINKED_ADDRESS_DAYS * 86_400;
        let linked = linked::player_links(connection, withdrawal.user_id, since)?.summary();
        Ok(QueuedWithdrawal {
            age_secs: (now - withdrawal.created_at).max(0),
            second_approval_needed: withdrawals::needs_second_approval(
                &app.wallet.limits,
                withdrawal.amount,
            ),
            first_approval: withdrawals::first_approval(connection, withdrawal.id)?,
            withdrawal,
            player,
            linked,
        })
    }
}

async fn queue(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<PageForm>,
) -> Result<Envelope<QueuePage<QueuedWithdrawal>>, AppError> {
    staff.require(WITHDRAWAL_REVIEW)?;
    let paging = Paging::parse(form.page.as_deref(), Some(&PAGE_ROWS.to_string()))?;
    let now = app.clock.now();
    let shown = app.clone();
    let page = app
        .db
        .read(move |connection| {
            let queue = withdrawals::review_queue(connection, paging)?;
            let list = queue
                .list
                .into_iter()
                .map(|withdrawal| QueuedWithdrawal::of(connection, &shown, withdrawal, now))
                .collect::<Result<_, _>>()?;
            Ok(QueuePage { total: queue.total, page: queue.page, page_size: queue.limit, list })
        })
        .await?;
    Ok(Envelope::ok(page))
}

/// One withdrawal with what the reviewer weighs it against.
#[derive(Serialize)]
struct WithdrawalDetail {
    withdrawal: QueuedWithdrawal,
    balances: Balances,
    /// Bets the player still owes before a withdrawal (a pending one was checked at request).
    turnover_remaining: Money,
    links: PlayerLinks,
    /// Whether the staff member may read the whole payout account (`pay-to`).
    may_read_pay_to: bool,
    recent_deposits: Vec<DepositRecord>,
    recent_withdrawals: Vec<WithdrawalRecord>,
}

async fn detail(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<WithdrawalDetail>, AppError> {
    staff.require(WITHDRAWAL_REVIEW)?;
    let (id, now) = (record_id(&id)?, app.clock.now());
    let recent = Paging { page: 1, limit: RECENT_ROWS };
    let may_read_pay_to = staff.may(CARD_READ);
    let shown = app.clone();
    let detail = app
        .db
        .read(move |connection| {
            let withdrawal = withdrawals::find(connection, id)?;
            let user_id = withdrawal.user_id;
            let state = crate::wallet::wallet_state(connection, user_id)?;
            let since = now - linked::LINKED_ADDRESS_DAYS * 86_400;
            Ok(WithdrawalDetail {
                withdrawal: QueuedWithdrawal::of(connection, &shown, withdrawal, now)?,
                balances: state.balances,
                turnover_remaining: state.turnover_remaining,
                links: linked::player_links(connection, user_id, since)?,
                may_read_pay_to,
                recent_deposits: deposits::list(connection, Some(user_id), None, recent)?.list,
                recent_withdrawals: withdrawals::list(connection, Some(user_id), None, recent)?
                    .list,
            })
        })
        .await?;
    Ok(Envelope::ok(detail))
}

/// The whole card number or address to pay to: for `wallet:card:read`, recorded in the audit
/// log before it is shown.
async fn pay_to(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<PayTo>, AppError> {
    staff.require(WITHDRAWAL_REVIEW)?;
    staff.require(CARD_READ)?;
    let id = record_id(&id)?;
    app.db.read(move |connection| withdrawals::find(connection, id)).await?;
    staff.record_read(&app, ("withdraw.show", AuditTarget::Withdrawal, id.to_string())).await?;
    let cipher = app.card_cipher.clone();
    let pay_to =
        app.db.read(move |connection| withdrawals::pay_to(connection, id, &cipher)).await?;
    Ok(Envelope::ok(pay_to))
}

#[derive(Serialize)]
struct Reviewed {
    withdrawal: QueuedWithdrawal,
}

async fn approve(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Result<Envelope<Reviewed>, AppError> {
    review(app, staff, record_id(&id)?, (Decision::Pass, None)).await
}

async fn reject(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ReasonForm>,
) -> Result<Envelope<Reviewed>, AppError> {
    let reason = form.reason()?;
    review(app, staff, record_id(&id)?, (Decision::Reject, Some(reason))).await
}

async fn fail(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ReasonForm>,
) -> Result<Envelope<Reviewed>, AppError> {
    let reason = form.reason()?;
    review(app, staff, record_id(&id)?, (Decision::Fail, Some(reason))).await
}

/// Reviews the withdrawal as the staff member, audited in the review's transaction.
async fn review(
    app: AppState,
    staff: Staff,
    withdrawal_id: i64,
    (decision, reason): (Decision, Option<ReviewReason>),
) -> Result<Envelope<Reviewed>, AppError> {
    staff.require(WITHDRAWAL_REVIEW)?;
    let verb = match decision {
        Decision::Pass => "approve",
        Decision::Reject => "reject",
        Decision::Fail => "fail",
    };
    let reason = reason.map(ReviewReason::into_string).unwrap_or_default();
    let arguments = match reason.as_str() {
        "" => json!({ "id": withdrawal_id }),
        reason => json!({ "id": withdrawal_id, "reason": reason }),
    };
    let target = TargetReference::Known(Some(withdrawal_id.to_string()));
    let action = format!("withdraw.{verb}");
    let change = staff.change(&app, (&action, AuditTarget::Withdrawal, target), arguments)?;
    let admin = staff.session.member.name.clone();
    let review = Review { withdrawal_id, decision, reason, admin };
    let (limits, now) = (app.wallet.clone(), app.clock.now());
    let reviewed = audited::write(&app.db, Arc::new(change), move |tx| {
        withdrawals::review(tx, &review, &limits.limits, now)
    })
    .await?;
    let shown = app.clone();
    let withdrawal = app
        .db
        .read(move |connection| QueuedWithdrawal::of(connection, &shown, reviewed.withdrawal, now))
        .await?;
    Ok(Envelope::ok(Reviewed { withdrawal }))
}
