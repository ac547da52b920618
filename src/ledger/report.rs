//! Sums over entries for the operator's reports: what the reward programmes paid (read through
//! the partial index on the created time of reward entries, `entries_rewards_created`, so a
//! report over a few days does not scan the whole ledger), every kind's flows per side and
//! room, and the active players.

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

/// Which side of an entry a sum is on: the players' accounts, or one system account (by its
/// stored code: house, bonus, interest, fees, external, envelopes).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    Players,
    System(String),
}

/// What the entries of one kind (and for bets, payouts and refunds, one room) created in a
/// span moved in one direction on one side: how many entries did, and the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindFlow {
    pub kind: EntryKind,
    /// The room of a bet (its memo) or of a settlement's payout or refund (its reference
    /// `settle:<room>:<issue>`); empty for every other entry.
    pub room: String,
    pub side: Side,
    /// True for the postings that added to the side's accounts, false for those that took.
    pub credit: bool,
    /// Entries with at least one such posting.
    pub entries: i64,
    /// The postings' sum as a positive number, in minor units.
    pub amount_minor: i64,
}

/// Every posting of the entries created in `[from, to)`, summed by kind, room, side and
/// direction. Reads the entries by their created time (an index on `entries(created_at)`
/// makes it a range scan; without one SQLite scans the journal) and each entry's postings
/// through `postings_entry`.
pub fn flows_by_kind(
    connection: &Connection,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<KindFlow>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT e.kind,
                CASE WHEN e.kind = 'bet' THEN e.memo
                     WHEN e.kind IN ('payout', 'refund') AND e.reference LIKE 'settle:%'
                     THEN substr(e.reference, 8, instr(substr(e.reference, 8), ':') - 1)
                     ELSE '' END AS room,
                CASE WHEN a.user_id IS NULL THEN a.kind ELSE '' END AS side,
                p.amount > 0 AS credit,
                COUNT(DISTINCT e.entry_id),
                SUM(abs(p.amount))
         FROM entries e
         JOIN postings p ON p.entry_id = e.entry_id
         JOIN accounts a ON a.account_id = p.account_id
         WHERE e.created_at >= ?1 AND e.created_at < ?2
         GROUP BY e.kind, room, side, credit ORDER BY e.kind, room, side, credit",
    )?;
    let rows = query.query_map(params![from, to], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            (row.get(3)?, row.get(4)?, row.get(5)?),
        ))
    })?;
    let mut flows = Vec::new();
    for row in rows {
        let (kind, room, side, (credit, entries, amount_minor)) = row?;
        let kind =
            EntryKind::parse(&kind).ok_or_else(|| anyhow::anyhow!("unknown entry kind {kind}"))?;
        let side = if side.is_empty() { Side::Players } else { Side::System(side) };
        flows.push(KindFlow { kind, room, side, credit, entries, amount_minor });
    }
    Ok(flows)
}

/// The entry kinds that make a player active: a bet, a deposit, or a withdrawal request.
pub const ACTIVITY_KINDS: [EntryKind; 3] =
    [EntryKind::Bet, EntryKind::Deposit, EntryKind::WithdrawHold];

/// How many players have a posting in an entry of `ACTIVITY_KINDS` created in `[from, to)`.
pub fn active_players(
    connection: &Connection,
    from: Timestamp,
    to: Timestamp,
) -> Result<i64, AppError> {
    let kinds = ACTIVITY_KINDS.map(|kind| format!("'{}'", kind.code())).join(", ");
    let players = connection
        .prepare_cached(&format!(
            "SELECT COUNT(DISTINCT a.user_id)
             FROM entries e
             JOIN postings p ON p.entry_id = e.entry_id
             JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
             WHERE e.created_at >= ?1 AND e.created_at < ?2 AND e.kind IN ({kinds})"
        ))?
        .query_row(params![from, to], |row| row.get(0))?;
    Ok(players)
}
