//! The envelope tables' queries and row mapping (`envelopes`, `envelope_shares`).

use super::types::{Mode, State};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// An `envelopes` row.
#[derive(Clone, Debug)]
pub struct EnvelopeRow {
    pub id: i64,
    pub mode: Mode,
    pub state: State,
    pub total_minor: i64,
    pub quantity: i64,
    pub claimed_count: i64,
    pub claimed_minor: i64,
    pub luckiest_position: Option<i64>,
    pub target_user_id: Option<UserId>,
    pub vip_min: Option<i64>,
    pub recharge_min_minor: i64,
    pub note: String,
    pub expires_at: Timestamp,
    pub created_at: Timestamp,
    pub closed_at: Option<Timestamp>,
    pub refund_minor: Option<i64>,
}

const COLUMNS: &str = "envelope_id, mode, state, total_minor, quantity, claimed_count,
    claimed_minor, luckiest_position, target_user_id, vip_min, recharge_min_minor, note,
    expires_at, created_at, closed_at, refund_minor";

fn envelope_row(row: &Row) -> rusqlite::Result<EnvelopeRow> {
    envelope_row_at(row, 0)
}

/// What `insert_envelope` writes.
pub struct NewRow<'a> {
    pub code_hash: &'a str,
    pub mode: Mode,
    pub total_minor: i64,
    pub quantity: i64,
    pub luckiest_position: Option<i64>,
    pub target_user_id: Option<UserId>,
    pub vip_min: Option<i64>,
    pub recharge_min_minor: i64,
    pub note: &'a str,
    pub expires_at: Timestamp,
    pub entry_id: i64,
    pub created_at: Timestamp,
}

pub fn insert_envelope(tx: &Tx, row: &NewRow) -> Result<i64, AppError> {
    tx.prepare_cached(
        "INSERT INTO envelopes (code_hash, mode, total_minor, quantity, luckiest_position,
             target_user_id, vip_min, recharge_min_minor, note, expires_at, entry_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        row.code_hash,
        row.mode.code(),
        row.total_minor,
        row.quantity,
        row.luckiest_position,
        row.target_user_id,
        row.vip_min,
        row.recharge_min_minor,
        row.note,
        row.expires_at,
        row.entry_id,
        row.created_at
    ])?;
    Ok(tx.last_insert_rowid())
}

pub fn insert_shares(tx: &Tx, envelope_id: i64, shares: &[i64]) -> Result<(), AppError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO envelope_shares (envelope_id, position, amount_minor) VALUES (?1, ?2, ?3)",
    )?;
    for (position, amount) in shares.iter().enumerate() {
        insert.execute(params![
            envelope_id,
            i64::try_from(position).unwrap_or(i64::MAX),
            amount
        ])?;
    }
    Ok(())
}

pub fn live_code_taken(connection: &Connection, code_hash: &str) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM envelopes WHERE code_hash = ?1 AND state = 'live'")?
        .query_row([code_hash], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The envelope a code names: the live one, else the newest closed one.
pub fn by_code(connection: &Connection, code_hash: &str) -> Result<Option<EnvelopeRow>, AppError> {
    Ok(connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM envelopes WHERE code_hash = ?1
             ORDER BY state = 'live' DESC, envelope_id DESC LIMIT 1"
        ))?
        .query_row([code_hash], envelope_row)
        .optional()?)
}

pub fn by_id(connection: &Connection, envelope_id: i64) -> Result<Option<EnvelopeRow>, AppError> {
    Ok(connection
        .prepare_cached(&format!("SELECT {COLUMNS} FROM envelopes WHERE envelope_id = ?1"))?
        .query_row([envelope_id], envelope_row)
        .optional()?)
}

/// Envelopes newest first, of one state or all.
pub fn list(
    connection: &Connection,
    state: Option<State>,
    limit: i64,
) -> Result<Vec<EnvelopeRow>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM envelopes WHERE ?1 IS NULL OR state = ?1
         ORDER BY envelope_id DESC LIMIT ?2"
    ))?;
    let rows = query.query_map(params![state.map(State::code), limit], envelope_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Live envelopes whose time is up, oldest expiry first.
pub fn expired_live(
    connection: &Connection,
    now: Timestamp,
    limit: i64,
) -> Result<Vec<EnvelopeRow>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM envelopes WHERE state = 'live' AND expires_at <= ?1
         ORDER BY expires_at, envelope_id LIMIT ?2"
    ))?;
    let rows = query.query_map(params![now, limit], envelope_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Live, unexpired envelopes `user_id` at `vip_level` is allowed to claim and has not.
pub fn waiting_for(
    connection: &Connection,
    user_id: UserId,
    vip_level: i64,
    now: Timestamp,
) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COUNT(*) FROM envelopes e
             WHERE state = 'live' AND expires_at > ?2
               AND (target_user_id IS NULL OR target_user_id = ?1)
               AND (vip_min IS NULL OR vip_min <= ?3)
               AND NOT EXISTS (SELECT 1 FROM envelope_shares s
                               WHERE s.envelope_id = e.envelope_id AND s.user_id = ?1)",
        )?
        .query_row(params![user_id, now, vip_level], |row| row.get(0))?)
}

pub fn has_claimed(
    connection: &Connection,
    envelope_id: i64,
    user_id: UserId,
) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM envelope_shares WHERE envelope_id = ?1 AND user_id = ?2")?
        .query_row(params![envelope_id, user_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The next share to claim: the open one of the lowest position, and its amount.
pub fn next_open_share(
    connection: &Connection,
    envelope_id: i64,
) -> Result<Option<(i64, i64)>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT position, amount_minor FROM envelope_shares
             WHERE envelope_id = ?1 AND user_id IS NULL ORDER BY position LIMIT 1",
        )?
        .query_row([envelope_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// A claimed share as the claim writes it.
pub struct TakenShare {
    pub envelope_id: i64,
    pub position: i64,
    pub amount_minor: i64,
    pub user_id: UserId,
    pub entry_id: i64,
    pub claimed_at: Timestamp,
}

/// Gives the share to its claimer and counts it on the envelope (closing it as finished with
/// the last share); false when the share or the envelope was no longer open.
pub fn take_share(tx: &Tx, share: &TakenShare) -> Result<bool, AppError> {
    let taken = tx
        .prepare_cached(
            "UPDATE envelope_shares SET user_id = ?3, entry_id = ?4, claimed_at = ?5
             WHERE envelope_id = ?1 AND position = ?2 AND user_id IS NULL",
        )?
        .execute(params![
            share.envelope_id,
            share.position,
            share.user_id,
            share.entry_id,
            share.claimed_at
        ])?;
    let counted = tx
        .prepare_cached(
            "UPDATE envelopes SET claimed_count = claimed_count + 1,
                 claimed_minor = claimed_minor + ?2,
                 state = CASE WHEN claimed_count + 1 = quantity THEN 'finished' ELSE state END,
                 closed_at = CASE WHEN claimed_count + 1 = quantity THEN ?3 ELSE closed_at END
             WHERE envelope_id = ?1 AND state = 'live' AND claimed_count < quantity",
        )?
        .execute(params![share.envelope_id, share.amount_minor, share.claimed_at])?;
    Ok(taken == 1 && counted == 1)
}

/// Closes a live envelope as expired or withdrawn with what went back to `bonus`; false when
/// it was no longer live (returned before: nothing may be returned twice).
pub fn close(
    tx: &Tx,
    envelope_id: i64,
    state: State,
    refund: (i64, Option<i64>),
    now: Timestamp,
) -> Result<bool, AppError> {
    let (refund_minor, refund_entry_id) = refund;
    let closed = tx
        .prepare_cached(
            "UPDATE envelopes SET state = ?2, closed_at = ?3, refund_minor = ?4,
                 refund_entry_id = ?5
             WHERE envelope_id = ?1 AND state = 'live'",
        )?
        .execute(params![envelope_id, state.code(), now, refund_minor, refund_entry_id])?;
    Ok(closed == 1)
}

/// A claimed share: who, how much, which position, when.
#[derive(Clone, Copy, Debug)]
pub struct ClaimRow {
    pub user_id: UserId,
    pub amount_minor: i64,
    pub position: i64,
    pub claimed_at: Timestamp,
}

/// The claims of an envelope, oldest first.
pub fn claims(connection: &Connection, envelope_id: i64) -> Result<Vec<ClaimRow>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id, amount_minor, position, claimed_at FROM envelope_shares
         WHERE envelope_id = ?1 AND user_id IS NOT NULL ORDER BY entry_id",
    )?;
    let rows = query.query_map([envelope_id], |row| {
        Ok(ClaimRow {
            user_id: row.get(0)?,
            amount_minor: row.get(1)?,
            position: row.get(2)?,
            claimed_at: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One page of a player's claims, newest first, with the envelope of each.
pub fn player_claims(
    connection: &Connection,
    user_id: UserId,
    limit: i64,
    offset: i64,
) -> Result<Vec<(ClaimRow, EnvelopeRow)>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT s.user_id, s.amount_minor, s.position, s.claimed_at, {COLUMNS}
         FROM envelope_shares s JOIN envelopes USING (envelope_id)
         WHERE s.user_id = ?1 ORDER BY s.entry_id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = query.query_map(params![user_id, limit, offset], |row| {
        let claim = ClaimRow {
            user_id: row.get(0)?,
            amount_minor: row.get(1)?,
            position: row.get(2)?,
            claimed_at: row.get(3)?,
        };
        Ok((claim, envelope_row_at(row, 4)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn player_claim_count(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM envelope_shares WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))?)
}

/// `envelope_row` over the columns that start at `offset` (after a join's own columns).
fn envelope_row_at(row: &Row, offset: usize) -> rusqlite::Result<EnvelopeRow> {
    let shifted = |index: usize| offset + index;
    let mode: String = row.get(shifted(1))?;
    let state: String = row.get(shifted(2))?;
    let invalid = |index: usize, value: String| {
        rusqlite::Error::FromSqlConversionFailure(
            index,
            rusqlite::types::Type::Text,
            format!("unknown value {value:?}").into(),
        )
    };
    Ok(EnvelopeRow {
        id: row.get(shifted(0))?,
        mode: Mode::parse(&mode).ok_or_else(|| invalid(shifted(1), mode))?,
        state: State::parse(&state).ok_or_else(|| invalid(shifted(2), state))?,
        total_minor: row.get(shifted(3))?,
        quantity: row.get(shifted(4))?,
        claimed_count: row.get(shifted(5))?,
        claimed_minor: row.get(shifted(6))?,
        luckiest_position: row.get(shifted(7))?,
        target_user_id: row.get(shifted(8))?,
        vip_min: row.get(shifted(9))?,
        recharge_min_minor: row.get(shifted(10))?,
        note: row.get(shifted(11))?,
        expires_at: row.get(shifted(12))?,
        created_at: row.get(shifted(13))?,
        closed_at: row.get(shifted(14))?,
        refund_minor: row.get(shifted(15))?,
    })
}

/// What the live envelopes have not paid out yet, in minor units.
pub fn open_remainders(connection: &Connection) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COALESCE(SUM(total_minor - claimed_minor), 0) FROM envelopes
             WHERE state = 'live'",
        )?
        .query_row([], |row| row.get(0))?)
}
