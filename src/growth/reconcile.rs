//! Growth's part of the ledger check (`flows::ledger_check` composes it with the ledger's and
//! games'): each envelope claim credited the player's share, each rebate and commission batch
//! what its payout rows say. A share or a batch paid twice shows here.

use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, Unreconciled};
use rusqlite::{Connection, params};

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
    let mut found = Vec::new();
    ledger::for_each_credited_reference(
        connection,
        entries,
        RECONCILED_KINDS,
        |reference, credits| {
            for &(user_id, credited) in credits {
                let owed = owed(connection, reference, user_id)?;
                if owed != credited && found.len() < limit {
                    found.push(Unreconciled {
                        reference: reference.to_owned(),
                        user_id,
                        credited,
                        owed,
                    });
                }
            }
            Ok(())
        },
    )?;
    Ok(found)
}

/// What growth's rows owe `user_id` under `reference`: an envelope's share
/// (`envelope:<id>`), a batch's rebate (`rebate:<batch>`, level 0) or commissions
/// (`commission:<batch>`, levels 1 to 3).
fn owed(connection: &Connection, reference: &str, user_id: UserId) -> Result<i64, AppError> {
    let (sql, id) = if let Some(id) = reference.strip_prefix("envelope:") {
        (
            "SELECT COALESCE(SUM(amount_minor), 0) FROM envelope_shares
             WHERE envelope_id = ?1 AND user_id = ?2",
            id,
        )
    } else if let Some(id) = reference.strip_prefix("rebate:") {
        (
            "SELECT COALESCE(SUM(amount), 0) FROM rebate_payouts
             WHERE batch_id = ?1 AND user_id = ?2 AND level = 0",
            id,
        )
    } else if let Some(id) = reference.strip_prefix("commission:") {
        (
            "SELECT COALESCE(SUM(amount), 0) FROM rebate_payouts
             WHERE batch_id = ?1 AND user_id = ?2 AND level > 0",
            id,
        )
    } else {
        return Ok(0);
    };
    let Ok(id) = id.parse::<i64>() else { return Ok(0) };
    Ok(connection.prepare_cached(sql)?.query_row(params![id, user_id], |row| row.get(0))?)
}
