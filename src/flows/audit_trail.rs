//! One player's trail in the audit log: every target that is his (his account and wallet,
//! his deposits, withdrawals and adjustment requests), for `admin audit --player` and the
//! console's audit page.

use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::ids::UserId;
use rusqlite::Connection;

/// The `KIND:ID` targets of `user_id`'s records (`audit::Filter::targets`).
pub fn player_targets(connection: &Connection, user_id: UserId) -> Result<Vec<String>, AppError> {
    let records = crate::wallet::record_ids(connection, user_id)?;
    let target = |kind: AuditTarget, id: String| format!("{}:{id}", kind.code());
    let mut targets = vec![
        target(AuditTarget::User, user_id.to_string()),
        target(AuditTarget::Wallet, user_id.to_string()),
    ];
    let owned = [
        (AuditTarget::Deposit, records.deposits),
        (AuditTarget::Withdrawal, records.withdrawals),
        (AuditTarget::Adjustment, records.adjustments),
    ];
    for (kind, ids) in owned {
        targets.extend(ids.into_iter().map(|id| target(kind, id.to_string())));
    }
    Ok(targets)
}
