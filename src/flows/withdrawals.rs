//! A player's withdrawal request: the wallet's rules and hold, written once per key and, in the
//! same transaction, the operator's notifications (`notify`), so a refused request (turnover,
//! limits, balance) or a replay notifies nobody.

use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::AppError;
use crate::flows::keyed::{self, Answered, At, Keyed};
use crate::idempotency::IdempotencyKey;
use crate::ids::UserId;
use crate::notify::{self, Event, NotifySettings, Waiting};
use crate::wallet::WalletSettings;
use crate::wallet::withdrawals::{self, WithdrawalRequest};
use std::sync::Arc;

/// A withdrawal request as the player sent it, fund password already checked.
pub struct Requested {
    pub user_id: UserId,
    pub key: Option<IdempotencyKey>,
    pub request: WithdrawalRequest,
}

/// Holds the amount and fee and records the withdrawal for review, at the request's time.
pub async fn request(
    db: &Db,
    settings: &Arc<WalletSettings>,
    notify: NotifySettings,
    requested: Requested,
    now: Timestamp,
) -> Result<Answered, AppError> {
    let Requested { user_id, key, request } = requested;
    let settings = Arc::clone(settings);
    let keyed = Keyed { user_id, key, description: request.describe() };
    keyed::once(db, keyed, At::Request(now), move |tx, now| {
        let record = withdrawals::request(tx, user_id, &request, &settings, now)?;
        let waiting = Waiting {
            event: Event::WithdrawalWaiting,
            record_id: record.id,
            user_id,
            amount: record.amount,
            currency: &settings.limits.currency,
            method: &record.method,
        };
        notify::enqueue(tx, &notify, &waiting, now)?;
        Ok(record)
    })
    .await
}
