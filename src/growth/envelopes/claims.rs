//! The player's side: claiming by code, the record of claims and the detail of one envelope.

use super::EnvelopeSettings;
use super::sql::{self, EnvelopeRow, TakenShare};
use super::types::{ClaimLine, ClaimReceipt, ClaimRecord, EnvelopeCode, EnvelopeDetail, State};
use crate::auth::types::Phone;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::{AppError, Committed};
use crate::growth::rewards::{self, Programme, Reward};
use crate::idempotency::{self, IdempotencyKey};
use crate::ids::UserId;
use crate::ledger::{self, EntryKind, UserAccountKind};
use crate::money::Money;
use crate::paging::{Page, Paging};
use crate::rate_limit;
use rusqlite::Connection;
use serde_json::Value;

/// A claim as the player sends it.
pub struct ClaimRequest<'a> {
    pub user_id: UserId,
    /// None when the text was not a well-formed code (it counts as a wrong code).
    pub code: Option<EnvelopeCode>,
    /// The client address, for the per-address throttle of wrong codes.
    pub address: &'a str,
    pub idempotency_key: Option<&'a IdempotencyKey>,
}

/// Claims the next share of the envelope `request.code` names. Wrong codes (malformed or
/// unknown) are counted per player and per address and refused with `envelope_code_abnormal`
/// (`throttled` once either reaches its limit); the count survives the refusal, which is why it
/// is an `Committed`. A code that names an envelope is claimed under the request's
/// `Idempotency-Key`: a replay returns the first reply.
pub fn claim(
    tx: &Tx,
    request: &ClaimRequest,
    settings: &EnvelopeSettings,
    now: Timestamp,
) -> Result<Committed<Value>, AppError> {
    let account_key = format!("user:{}", request.user_id);
    rate_limit::check(tx, settings.code_failures_per_account, &account_key, now)?;
    rate_limit::check(tx, settings.code_failures_per_address, request.address, now)?;
    let found = match &request.code {
        Some(code) => sql::by_code(tx, &code.hash())?,
        None => None,
    };
    let Some(envelope) = found else {
        rate_limit::hit(tx, settings.code_failures_per_account, &account_key, now)?;
        rate_limit::hit(tx, settings.code_failures_per_address, request.address, now)?;
        return Ok(Committed::Refused(AppError::EnvelopeCodeAbnormal));
    };
    let replay = idempotency::Request {
        user_id: request.user_id,
        key: request.idempotency_key,
        description: format!("envelope_claim:{}", envelope.id),
    };
    let reply = idempotency::once(tx, &replay, now, |tx| {
        claim_share(tx, request.user_id, &envelope, settings, now)
    })?;
    Ok(Committed::Done(reply))
}

/// Pays the envelope's next share to `user_id` after every rule: `envelope_claimed` (one share
/// per player), `envelope_invalid` (withdrawn or nothing left), `envelope_expired`,
/// `envelope_not_yours` (another player's, or a VIP level too low), `recharge_first`.
fn claim_share(
    tx: &Tx,
    user_id: UserId,
    envelope: &EnvelopeRow,
    settings: &EnvelopeSettings,
    now: Timestamp,
) -> Result<ClaimReceipt, AppError> {
    check_claimable(tx, user_id, envelope, now)?;
    let recharged =
        ledger::total_credited(tx, user_id, UserAccountKind::Wallet, EntryKind::Deposit)?;
    if recharged.minor() < envelope.recharge_min_minor {
        return Err(AppError::RechargeFirst);
    }
    let (position, amount_minor) =
        sql::next_open_share(tx, envelope.id)?.ok_or(AppError::EnvelopeInvalid)?;
    let amount = Money::from_minor(amount_minor)?;
    let reward =
        Reward::claimed(user_id, Programme::Envelope, amount, format!("envelope:{}", envelope.id));
    let payout = rewards::pay(tx, reward, &settings.rewards, now)?;
    let share = TakenShare {
        envelope_id: envelope.id,
        position,
        amount_minor,
        user_id,
        entry_id: payout.entry_id().ok_or_else(|| anyhow::anyhow!("no envelope entry"))?,
        claimed_at: now,
    };
    if !sql::take_share(tx, &share)? {
        debug_assert!(false, "share {position} of envelope {} was not open", envelope.id);
        return Err(anyhow::anyhow!("envelope {} changed under its claim", envelope.id).into());
    }
    let balance = payout
        .wallet_after(user_id)
        .ok_or_else(|| anyhow::anyhow!("the claim did not post to the wallet"))?;
    let luckiest = Some(position) == envelope.luckiest_position;
    Ok(ClaimReceipt { envelope_id: envelope.id, amount, luckiest, balance })
}

/// The refusals that depend on the envelope and the claimer, most specific first: a player who
/// holds a share hears that, whatever became of the envelope since.
fn check_claimable(
    connection: &Connection,
    user_id: UserId,
    envelope: &EnvelopeRow,
    now: Timestamp,
) -> Result<(), AppError> {
    if sql::has_claimed(connection, envelope.id, user_id)? {
        return Err(AppError::EnvelopeClaimed);
    }
    match envelope.state {
        State::Withdrawn | State::Finished => return Err(AppError::EnvelopeInvalid),
        State::Expired => return Err(AppError::EnvelopeExpired),
        State::Live if now >= envelope.expires_at => return Err(AppError::EnvelopeExpired),
        State::Live => {}
    }
    if envelope.target_user_id.is_some_and(|target| target != user_id) {
        return Err(AppError::EnvelopeNotYours);
    }
    if let Some(vip_min) = envelope.vip_min
        && crate::auth::user_detail(connection, user_id)?.vip_level < vip_min
    {
        return Err(AppError::EnvelopeNotYours);
    }
    Ok(())
}

/// The player's claims, newest first.
pub fn records(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
) -> Result<Page<ClaimRecord>, AppError> {
    let rows = sql::player_claims(connection, user_id, paging.limit, paging.offset())?;
    let list = rows
        .into_iter()
        .map(|(claim, envelope)| {
            Ok(ClaimRecord {
                envelope_id: envelope.id,
                amount: Money::from_minor(claim.amount_minor)?,
                luckiest: Some(claim.position) == envelope.luckiest_position,
                claimed_at: claim.claimed_at,
                mode: envelope.mode,
                total: Money::from_minor(envelope.total_minor)?,
                quantity: envelope.quantity,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(paging.wrap(list, sql::player_claim_count(connection, user_id)?))
}

/// An envelope the player claimed, with every claim (phones down to their last two digits) and the luckiest marked;
/// `not_found` for any envelope the player holds no share of.
pub fn detail(
    connection: &Connection,
    user_id: UserId,
    envelope_id: i64,
) -> Result<EnvelopeDetail, AppError> {
    let envelope = sql::by_id(connection, envelope_id)?.ok_or(AppError::NotFound)?;
    if !sql::has_claimed(connection, envelope_id, user_id)? {
        return Err(AppError::NotFound);
    }
    let claims = sql::claims(connection, envelope_id)?
        .into_iter()
        .map(|claim| {
            Ok(ClaimLine {
                phone: Phone::tail(&crate::auth::user_detail(connection, claim.user_id)?.phone),
                amount: Money::from_minor(claim.amount_minor)?,
                luckiest: Some(claim.position) == envelope.luckiest_position,
                mine: claim.user_id == user_id,
                claimed_at: claim.claimed_at,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(EnvelopeDetail {
        id: envelope.id,
        mode: envelope.mode,
        total: Money::from_minor(envelope.total_minor)?,
        quantity: envelope.quantity,
        claimed_count: envelope.claimed_count,
        claimed_amount: Money::from_minor(envelope.claimed_minor)?,
        expires_at: envelope.expires_at,
        state: envelope.state,
        claims,
    })
}
