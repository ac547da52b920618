//! Sums over entries for the operator's reports, read through the partial index on the
//! created time of reward entries (`entries_rewards_created`), so a report over a few days
//! does not scan the whole ledger.

use super::EntryKind;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::money::Money;
use rusqlite::{Connection, params};

/// The entry kinds the partial index `entries_rewards_created` covers: what the reward
/// programmes pay. The query names them as literals in this order, as the index does, so
/// SQLite can see that the index applies (a bound parameter would not show it).
pub const REWARD_KINDS: [EntryKind; 7] = [
    EntryKind::Rebate,
    EntryKind::Commission,
    EntryKind::Salary,
    EntryKind::Signin,
    EntryKind::Task,
    EntryKind::Envelope,
    EntryKind::Bonus,
];

/// What entries of one kind (and one reference prefix, the text before the first ':')
/// credited to player accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCredits {
    pub kind: EntryKind,
    pub reference_prefix: String,
    /// Entries that credited a player account.
    pub entries: i64,
    pub amount: Money,
}

/// The credits to player accounts of reward entries created in `[from, to)`, by kind and
/// reference prefix, in kind then prefix order. Moves between system accounts (an envelope's
/// reserve, say) are not credits to players and are left out.
pub fn reward_credits_to_players(
    connection: &Connection,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<PlayerCredits>, AppError> {
    let kinds = REWARD_KINDS.map(|kind| format!("'{}'", kind.code())).join(", ");
    let mut query = connection.prepare_cached(&format!(
        "SELECT e.kind,
                CASE WHEN instr(e.reference, ':') > 0
                     THEN substr(e.reference, 1, instr(e.reference, ':') - 1)
                     ELSE e.reference END AS prefix,
                COUNT(DISTINCT e.entry_id), SUM(p.amount)
         FROM entries e INDEXED BY entries_rewards_created
         JOIN postings p ON p.entry_id = e.entry_id AND p.amount > 0
         JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
         WHERE e.kind IN ({kinds}) AND e.created_at >= ?1 AND e.created_at < ?2
         GROUP BY e.kind, prefix ORDER BY e.kind, prefix"
    ))?;
    let rows = query.query_map(params![from, to], |row| {
        Ok((row.get::<_, String>(0)?, row.get(1)?, row.get(2)?, row.get::<_, i64>(3)?))
    })?;
    let mut credits = Vec::new();
    for row in rows {
        let (kind, reference_prefix, entries, minor) = row?;
        let kind =
            EntryKind::parse(&kind).ok_or_else(|| anyhow::anyhow!("unknown entry kind {kind}"))?;
        credits.push(PlayerCredits {
            kind,
            reference_prefix,
            entries,
            amount: Money::from_minor(minor)?,
        });
    }
    Ok(credits)
}
