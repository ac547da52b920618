//! A deposit's two steps. Submitting: the player's limits and the upload quota, the voucher
//! stored, the request written once per key, and the file removed again when nothing keeps
//! it. Reviewing: the wallet's review and, when it passes, every deposit programme (growth)
//! and the VIP levels around it, in one transaction; `fairhall admin deposit approve|reject`
//! and every other caller review through here, so a deposit approved from anywhere pays the
//! same rewards.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::db::Tx;
use crate::error::AppError;
use crate::flows::keyed::{self, At, Keyed};
use crate::growth::deposit_rewards::{self, Approved, PaidReward};
use crate::growth::rewards::RewardRules;
use crate::growth::vip;
use crate::idempotency::IdempotencyKey;
use crate::ids::UserId;
use crate::notify::{self, Event, NotifySettings, Waiting};
use crate::wallet::WalletSettings;
use crate::wallet::deposits::{self, DepositRecord, DepositRequest, NewDeposit, Review};
use serde_json::Value;
use std::sync::Arc;

/// A deposit request as the player sent it, its voucher checked (`DepositRequest::parse`).
pub struct Submitted {
    pub user_id: UserId,
    pub key: Option<IdempotencyKey>,
    pub request: DepositRequest,
}

/// Admits a deposit request before its voucher is decoded (the costly step): refused past the
/// player's pending count, hourly requests, the upload quota or his protection, as `submit`
/// would refuse it.
pub async fn admit(
    db: &Db,
    settings: &Arc<WalletSettings>,
    user_id: UserId,
    draft: DepositRequest<Vec<u8>>,
    now: Timestamp,
) -> Result<DepositRequest<Vec<u8>>, AppError> {
    let checked = Arc::clone(settings);
    db.read(move |connection| {
        deposits::check_before_decode(connection, user_id, &draft, &checked, now)?;
        Ok(draft)
    })
    .await
}

/// Records a deposit request for review: refused past the player's pending count or upload
/// quota before anything is stored; the voucher is stored, then the request written with its
/// key and, in the same transaction, the operator's notifications (`notify`). A refused or
/// replayed request keeps no file (a replay returns the first one's record) and notifies
/// nobody.
pub async fn submit(
    db: &Db,
    settings: &Arc<WalletSettings>,
    notify: NotifySettings,
    submitted: Submitted,
    now: Timestamp,
) -> Result<Value, AppError> {
    let Submitted { user_id, key, request } = submitted;
    let (checked, voucher_bytes) = (Arc::clone(settings), request.voucher.bytes.len() as u64);
    db.read(move |connection| {
        deposits::check_allowed(connection, user_id, voucher_bytes, &checked, now)
    })
    .await?;
    let folder = settings.voucher_dir.clone();
    let voucher_file = request.voucher.store(&folder)?;
    let (stored, settings) = (voucher_file.clone(), Arc::clone(settings));
    let description =
        format!("deposit:{}:{}:{}", request.method.code(), request.amount, request.currency);
    let keyed = Keyed { user_id, key, description };
    let answered = keyed::once(db, keyed, At::Request(now), move |tx, now| {
        let deposit = NewDeposit { user_id, request: &request, voucher_file: &stored };
        let record = deposits::request(tx, &deposit, &settings, now)?;
        let waiting = Waiting {
            event: Event::DepositWaiting,
            record_id: record.id,
            user_id,
            amount: record.amount,
            currency: &record.currency,
            method: &record.method,
        };
        notify::enqueue(tx, &notify, &waiting, now)?;
        Ok(record)
    })
    .await;
    if !matches!(answered, Ok(keyed::Answered { ran: true, .. })) {
        // Best effort: a file left behind is only unused space, never a record.
        let _ = std::fs::remove_file(folder.join(&voucher_file));
    }
    Ok(answered?.reply)
}

/// A reviewed deposit and what its approval paid.
#[derive(Debug)]
pub struct Reviewed {
    pub deposit: DepositRecord,
    pub rewards: Vec<PaidReward>,
    pub upgrades: Vec<vip::Upgrade>,
}

/// Reviews a deposit and, when it passes, pays every deposit programme and re-evaluates the
/// player's VIP level, all in `tx`. The VIP deposit reward applies the level he held just
/// before the deposit counted (brought up to date with his bets first). A rejection or failure pays
/// nothing; nor does a deposit passed while the player's time-out or self-exclusion runs
/// (`protection`: the deposit is credited, its bonuses are not).
pub fn review(
    tx: &Tx,
    review: &Review,
    settings: &WalletSettings,
    growth: &GrowthConfig,
    now: Timestamp,
) -> Result<Reviewed, AppError> {
    let pending = deposits::find(tx, review.deposit_id)?;
    if review.decision != deposits::Decision::Approve || pending.status != "pending" {
        let deposit = deposits::review(tx, review, settings, now)?;
        return Ok(Reviewed { deposit, rewards: Vec::new(), upgrades: Vec::new() });
    }
    let user_id = pending.user_id;
    let rewards = RewardRules::new(growth, settings.timezone);
    let before = vip::reevaluate(tx, user_id, (growth, &rewards), now)?;
    let mut upgrades = before.upgrades;
    let deposit = deposits::review(tx, review, settings, now)?;
    let approved = Approved { deposit: &deposit, level_before: before.level };
    let paid = deposit_rewards::pay_programmes(tx, &approved, settings, (growth, &rewards), now)?;
    upgrades.extend(vip::reevaluate(tx, user_id, (growth, &rewards), now)?.upgrades);
    Ok(Reviewed { deposit, rewards: paid, upgrades })
}
