//! Growth's part of the ledger check (`flows::ledger_check` composes it with the ledger's and
//! games'): each envelope claim credited the player's share, each rebate and commission batch
//! what its payout rows say, and the `bonus_pending` reserve holds what the deposit bonuses
//! have not released. A share, a batch or a release paid twice shows here.

use crate::error::AppError;
use crate::growth::bonus_release;
use crate::growth::rewards;
use crate::ids::UserId;
use crate::ledger::{self, Unreconciled};
use rusqlite::Connection;
use std::collections::HashMap;

/// The kinds of the entries growth writes under a reference of its rows.
const RECONCILED_KINDS: &[&str] = &["envelope", "rebate", "commission"];

/// Per envelope, rebate or commission reference touched in the entries `(after, last]` and
/// player: what the ledger credited against what growth's rows owe; a credit under a
/// reference none of them has owes nothing.
pub fn unreconciled_rewards(
    connection: &Connection,
    entries: (i64, i64),
    limit: usize,
) -> Result<Vec<Unreconciled>, AppError> {
    ledger::unreconciled_credits(connection, entries, (RECONCILED_KINDS, limit), |reference| {
        owed(connection, reference)
    })
}

/// What growth's rows owe each player under `reference`: an envelope's claimed shares
/// (`envelope:<id>`), a batch's rebates (`rebate:<batch>`, level 0) or commissions
/// (`commission:<batch>`, levels 1 to 3).
fn owed(connection: &Connection, reference: &str) -> Result<HashMap<UserId, i64>, AppError> {
    let (sql, id) = if let Some(id) = reference.strip_prefix("envelope:") {
        (
            "SELECT user_id, SUM(amount_minor) FROM envelope_shares
             WHERE envelope_id = ?1 AND user_id IS NOT NULL GROUP BY user_id",
            id,
        )
    } else if let Some(id) = reference.strip_prefix("rebate:") {
        (
            "SELECT user_id, SUM(amount) FROM rebate_payouts
             WHERE batch_id = ?1 AND level = 0 GROUP BY user_id",
            id,
        )
    } else if let Some(id) = reference.strip_prefix("commission:") {
        (
            "SELECT user_id, SUM(amount) FROM rebate_payouts
             WHERE batch_id = ?1 AND level > 0 GROUP BY user_id",
            id,
        )
    } else {
        return Ok(HashMap::new());
    };
    let Ok(id) = id.parse::<i64>() else { return Ok(HashMap::new()) };
    let mut query = connection.prepare_cached(sql)?;
    let rows = query.query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The reference the reserve's check is listed under (user 0: the reserve is no player's).
pub const PENDING_RESERVE: &str = "bonus_pending";

/// The `bonus_pending` reserve against the grants' unreleased sum: a release paid twice, or a
/// grant that never reached the reserve, shows as a difference.
pub fn pending_reserve_mismatch(connection: &Connection) -> Result<Option<Unreconciled>, AppError> {
    let Some(held) = rewards::pending_reserve(connection)? else { return Ok(None) };
    let owed = bonus_release::outstanding(connection)?;
    Ok((held != owed).then(|| Unreconciled {
        reference: PENDING_RESERVE.to_string(),
        user_id: UserId::from_rowid(0),
        credited: held,
        owed,
    }))
}
