//! What waits for the staff member: the length and oldest age of the review queues he may
//! work, for the console's tab title and navigation (polled).

use super::Staff;
use crate::auth::permissions::{DEPOSIT_REVIEW, WITHDRAWAL_REVIEW};
use crate::error::AppError;
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::wallet::types::Waiting;
use crate::wallet::{deposits, withdrawals};
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::Serialize;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/api/queues", get(queues))
}

/// A queue as the console shows it.
#[derive(Serialize, Debug, PartialEq)]
struct QueueView {
    waiting: i64,
    oldest_age_secs: Option<i64>,
}

/// Each queue the staff member may review; `null` for one he may not.
#[derive(Serialize)]
struct Queues {
    deposits: Option<QueueView>,
    withdrawals: Option<QueueView>,
}

async fn queues(State(app): State<AppState>, staff: Staff) -> Result<Envelope<Queues>, AppError> {
    let (deposits_shown, withdrawals_shown) =
        (staff.may(DEPOSIT_REVIEW), staff.may(WITHDRAWAL_REVIEW));
    let (deposits, withdrawals) = app
        .db
        .read(move |connection| {
            let deposits = deposits_shown.then(|| deposits::waiting(connection)).transpose()?;
            let withdrawals =
                withdrawals_shown.then(|| withdrawals::waiting(connection)).transpose()?;
            Ok((deposits, withdrawals))
        })
        .await?;
    let now = app.clock.now();
    let view = |queue: Waiting| QueueView {
        waiting: queue.waiting,
        oldest_age_secs: queue.oldest_created_at.map(|created| (now - created).max(0)),
    };
    Ok(Envelope::ok(Queues { deposits: deposits.map(view), withdrawals: withdrawals.map(view) }))
}
