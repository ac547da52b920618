//! Deposit and loss limits: which amount is in force at an instant, how a change applies (a new
//! limit or a decrease at once, an increase or removal after the delay), and the window sums a
//! deposit or a bet is checked against.

use super::sql::{self, LimitRow};
use super::types::{CountSince, LimitChange, LimitKind, LimitState, PendingLimit, Period};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::{AppError, LimitRefusal};
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::Connection;

/// The limit in force at `now`: the pending amount once its time came, else the stored one.
fn in_force(row: LimitRow, now: Timestamp) -> Option<i64> {
    match row.pending_at {
        Some(at) if at <= now => row.pending_amount,
        _ => row.amount,
    }
}

/// The pending change still waiting at `now`.
fn waiting(row: LimitRow, now: Timestamp) -> Option<(Option<i64>, Timestamp)> {
    row.pending_at.filter(|at| *at > now).map(|at| (row.pending_amount, at))
}

/// The row after `requested` (None: no limit) is asked at `now`: a first limit or a decrease
/// replaces the one in force and cancels a pending change; an increase or a removal waits
/// `delay_secs` behind the limit in force.
fn changed(row: LimitRow, requested: Option<i64>, delay_secs: i64, now: Timestamp) -> LimitRow {
    let current = in_force(row, now);
    let applies_now = match (current, requested) {
        (None, _) => true,
        (Some(current), Some(requested)) => requested <= current,
        (Some(_), None) => false,
    };
    if applies_now {
        LimitRow { amount: requested, pending_amount: None, pending_at: None }
    } else {
        LimitRow { amount: current, pending_amount: requested, pending_at: Some(now + delay_secs) }
    }
}

pub(super) fn change(
    tx: &Tx,
    user_id: UserId,
    request: LimitChange,
    delay_secs: i64,
    now: Timestamp,
) -> Result<(), AppError> {
    let key = (user_id, request.kind, request.period);
    let row = sql::limit_row(tx, user_id, request.kind, request.period)?;
    let requested = request.amount.map(Money::minor);
    sql::store_limit(tx, key, changed(row, requested, delay_secs, now), now)
}

/// The three limits of `kind` as the page shows them.
pub(super) fn states(
    connection: &Connection,
    user_id: UserId,
    (kind, count): (LimitKind, CountSince),
    now: Timestamp,
) -> Result<Vec<LimitState>, AppError> {
    let mut states = Vec::with_capacity(Period::ALL.len());
    for period in Period::ALL {
        let row = sql::limit_row(connection, user_id, kind, period)?;
        let window = count(connection, user_id, now - period.secs())?;
        let used = Money::from_minor(window.sum.max(0))?;
        let amount = in_force(row, now).map(Money::from_minor).transpose()?;
        let left = amount.map(|amount| amount.checked_sub(used).unwrap_or(Money::ZERO));
        let pending = match waiting(row, now) {
            Some((amount, effective_at)) => Some(PendingLimit {
                amount: amount.map(Money::from_minor).transpose()?,
                effective_at,
            }),
            None => None,
        };
        let frees_at = window.oldest.map(|oldest| oldest + period.secs());
        states.push(LimitState { period: period.code(), amount, used, left, frees_at, pending });
    }
    Ok(states)
}

/// Refuses `amount` more of `kind` when it would take a window past its limit; of several,
/// names the one with the least left.
pub(super) fn check(
    connection: &Connection,
    user_id: UserId,
    (kind, amount, count): (LimitKind, Money, CountSince),
    now: Timestamp,
) -> Result<(), AppError> {
    let mut refusal: Option<LimitRefusal> = None;
    for period in Period::ALL {
        let row = sql::limit_row(connection, user_id, kind, period)?;
        let Some(limit) = in_force(row, now) else { continue };
        let window = count(connection, user_id, now - period.secs())?;
        if window.sum.saturating_add(amount.minor()) <= limit {
            continue;
        }
        let left = Money::from_minor((limit - window.sum.max(0)).max(0))?;
        if refusal.as_ref().is_some_and(|known| known.left <= left) {
            continue;
        }
        refusal = Some(LimitRefusal {
            period: period.label(),
            limit: Money::from_minor(limit)?,
            left,
            frees_at: window.oldest.map_or(now, |oldest| oldest + period.secs()),
        });
    }
    match (refusal, kind) {
        (None, _) => Ok(()),
        (Some(limit), LimitKind::Deposit) => Err(AppError::DepositLimitReached { limit }),
        (Some(limit), LimitKind::Loss) => Err(AppError::LossLimitReached { limit }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DELAY: i64 = 86_400;
    const NOW: Timestamp = Timestamp::from_secs(1_000_000);

    fn set(amount: i64) -> LimitRow {
        LimitRow { amount: Some(amount), pending_amount: None, pending_at: None }
    }

    #[test]
    fn a_first_limit_and_a_decrease_apply_at_once() {
        assert_eq!(in_force(changed(LimitRow::default(), Some(500), DELAY, NOW), NOW), Some(500));
        let lowered = changed(set(500), Some(300), DELAY, NOW);
        assert_eq!((lowered.amount, lowered.pending_at), (Some(300), None));
    }

    #[test]
    fn an_increase_or_removal_waits_the_delay_and_a_decrease_cancels_it() {
        let raised = changed(set(500), Some(800), DELAY, NOW);
        assert_eq!(in_force(raised, NOW + DELAY - 1), Some(500));
        assert_eq!(in_force(raised, NOW + DELAY), Some(800));
        assert_eq!(waiting(raised, NOW), Some((Some(800), NOW + DELAY)));
        let removed = changed(set(500), None, DELAY, NOW);
        assert_eq!(in_force(removed, NOW + DELAY - 1), Some(500));
        assert_eq!(in_force(removed, NOW + DELAY), None);
        let cancelled = changed(raised, Some(400), DELAY, NOW + 60);
        assert_eq!((cancelled.amount, cancelled.pending_at), (Some(400), None));
    }

    #[test]
    fn a_change_after_a_pending_one_came_due_starts_from_it() {
        let raised = changed(set(500), Some(800), DELAY, NOW);
        let later = changed(raised, Some(900), DELAY, NOW + DELAY + 5);
        assert_eq!(later.amount, Some(800));
        assert_eq!(later.pending_at, Some(NOW + 2 * DELAY + 5));
    }
}
