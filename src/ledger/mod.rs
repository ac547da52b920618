//! The double-entry ledger: the only code that writes postings or balances. Every player has
//! one account of each `UserAccountKind`; system accounts hold the platform's side. An entry's
//! postings sum to zero and no player account goes below zero (checked here, by the schema,
//! and by `verify`).

mod entry;
mod incremental;
mod invariants;
mod report;
mod reversal;
mod verify;

pub use entry::{AccountRef, Entry, EntryKind, Posted, SystemAccount, transfer};
pub use incremental::{BETS_PER_CHECK, ENTRIES_PER_CHECK, IncrementalReport, entries_range_end};
pub use incremental::{record_failed, record_passed, recorded_failure, verify_journal_since};
pub use invariants::{Duplicate, PeriodMismatch, Unreconciled};
pub use invariants::{player_debits, unreconciled_credits};
pub use report::{ACTIVITY_KINDS, KindFlow, Side, active_players, flows_by_kind};
pub use report::{PlayerCredits, REWARD_KINDS, reward_credits_to_players};
pub use reversal::{EntryDetail, PostingDetail, REVERSAL_REFERENCE_PREFIX, entry_detail, reverse};
pub use verify::{CheckLine, LISTED_MAX, Mismatch, VerifyReport, Watermark};
pub use verify::{in_one_snapshot, last_entry_id, verify_journal};

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{Connection, OptionalExtension, params};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserAccountKind {
    /// The spendable balance.
    Wallet,
    /// The game balance bets are paid from.
    Game,
    Savings,
    Invest,
    /// Withdrawals under review.
    Frozen,
}

impl UserAccountKind {
    pub const ALL: [UserAccountKind; 5] = [
        UserAccountKind::Wallet,
        UserAccountKind::Game,
        UserAccountKind::Savings,
        UserAccountKind::Invest,
        UserAccountKind::Frozen,
    ];

    /// The kind stored as `code`; None for any other text.
    pub fn parse(code: &str) -> Option<UserAccountKind> {
        UserAccountKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            UserAccountKind::Wallet => "wallet",
            UserAccountKind::Game => "game",
            UserAccountKind::Savings => "savings",
            UserAccountKind::Invest => "invest",
            UserAccountKind::Frozen => "frozen",
        }
    }
}

/// A player's balances, one per account kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Balances {
    pub wallet: Money,
    pub game: Money,
    pub savings: Money,
    pub invest: Money,
    pub frozen: Money,
}

/// Opens the accounts of a new player, all at zero.
pub fn open_user_accounts(tx: &Tx, user_id: UserId) -> Result<(), AppError> {
    let mut insert = tx.prepare_cached("INSERT INTO accounts (user_id, kind) VALUES (?1, ?2)")?;
    for kind in UserAccountKind::ALL {
        insert.execute(params![user_id, kind.code()])?;
    }
    Ok(())
}

/// The balance of one of a player's accounts (one row: the betting path reads it per order).
pub fn balance(
    connection: &Connection,
    user_id: UserId,
    kind: UserAccountKind,
) -> Result<Money, AppError> {
    let minor: i64 = connection
        .prepare_cached("SELECT balance FROM accounts WHERE user_id = ?1 AND kind = ?2")?
        .query_row(params![user_id, kind.code()], |row| row.get(0))?;
    Money::from_minor(minor)
}

pub fn balances(connection: &Connection, user_id: UserId) -> Result<Balances, AppError> {
    let mut query =
        connection.prepare_cached("SELECT kind, balance FROM accounts WHERE user_id = ?1")?;
    let rows = query.query_map([user_id], |row| Ok((row.get::<_, String>(0)?, row.get(1)?)))?;
    let mut balances = Balances::default();
    for row in rows {
        let (kind, minor): (String, i64) = row?;
        let slot = match kind.as_str() {
            "wallet" => &mut balances.wallet,
            "game" => &mut balances.game,
            "savings" => &mut balances.savings,
            "invest" => &mut balances.invest,
            _ => &mut balances.frozen,
        };
        *slot = Money::from_minor(minor)?;
    }
    Ok(balances)
}

/// The balance of a system account in minor units (system accounts may be below zero).
pub fn system_balance(connection: &Connection, account: SystemAccount) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT balance FROM accounts WHERE user_id IS NULL AND kind = ?1")?
        .query_row([account.code()], |row| row.get(0))?)
}

/// The balance of a system account, None when the database predates it (an archive checked
/// before its migrations run).
pub fn system_balance_if_present(
    connection: &Connection,
    account: SystemAccount,
) -> Result<Option<i64>, AppError> {
    Ok(connection
        .prepare_cached("SELECT balance FROM accounts WHERE user_id IS NULL AND kind = ?1")?
        .query_row([account.code()], |row| row.get(0))
        .optional()?)
}

/// The sum of every player's account of `kind` (e.g. all principal held in `invest`).
pub fn total_of_player_accounts(
    connection: &Connection,
    kind: UserAccountKind,
) -> Result<Money, AppError> {
    let minor: i64 = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(balance), 0) FROM accounts
             WHERE user_id IS NOT NULL AND kind = ?1",
        )?
        .query_row([kind.code()], |row| row.get(0))?;
    Money::from_minor(minor)
}

/// What the player's entries of `entry_kind` added to their accounts of `account_kind`
/// (e.g. deposits into the wallet: the total deposit), read from the sums `transfer` keeps in
/// `posting_counts` (one row; `verify` recounts them).
pub fn total_credited(
    connection: &Connection,
    user_id: UserId,
    account_kind: UserAccountKind,
    entry_kind: EntryKind,
) -> Result<Money, AppError> {
    let minor: i64 = connection
        .prepare_cached(
            "SELECT COALESCE(SUM(c.amount), 0) FROM posting_counts c
             JOIN accounts a ON a.account_id = c.account_id
             WHERE a.user_id = ?1 AND a.kind = ?2 AND c.entry_kind = ?3",
        )?
        .query_row(params![user_id, account_kind.code(), entry_kind.code()], |row| row.get(0))?;
    let magnitude = minor.checked_abs().ok_or_else(|| anyhow::anyhow!("credited sum {minor}"))?;
    Money::from_minor(magnitude)
}

/// A posting on one player account, as the savings interest job reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccountPosting {
    pub posting_id: i64,
    pub balance_after: Money,
    pub created_at: Timestamp,
}

/// The postings on `user_id`'s `kind` account after posting `after_posting_id`, oldest first,
/// at most `limit` of them (read through `postings_account`).
pub fn postings_after(
    connection: &Connection,
    user_id: UserId,
    kind: UserAccountKind,
    after_posting_id: i64,
    limit: i64,
) -> Result<Vec<AccountPosting>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT p.posting_id, p.balance_after, e.created_at
         FROM accounts a
         JOIN postings p ON p.account_id = a.account_id AND p.posting_id > ?3
         JOIN entries e ON e.entry_id = p.entry_id
         WHERE a.user_id = ?1 AND a.kind = ?2
         ORDER BY p.posting_id LIMIT ?4",
    )?;
    let rows = query.query_map(params![user_id, kind.code(), after_posting_id, limit], |row| {
        Ok(AccountPosting {
            posting_id: row.get(0)?,
            balance_after: row.get(1)?,
            created_at: row.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Which players have a posting in an entry of `kind` among the next `limit` entries after
/// `after_entry_id` (entries of every kind count toward `limit`, so one call reads a bounded
/// range of the journal by its key); returns them with the last entry id read, which is
/// `after_entry_id` when there is none.
pub fn players_with_entries_after(
    connection: &Connection,
    kind: EntryKind,
    after_entry_id: i64,
    limit: i64,
) -> Result<(Vec<UserId>, i64), AppError> {
    let last: Option<i64> = connection
        .prepare_cached(
            "SELECT MAX(entry_id) FROM
               (SELECT entry_id FROM entries WHERE entry_id > ?1 ORDER BY entry_id LIMIT ?2)",
        )?
        .query_row(params![after_entry_id, limit], |row| row.get(0))?;
    let Some(last) = last else {
        return Ok((Vec::new(), after_entry_id));
    };
    let mut query = connection.prepare_cached(
        "SELECT DISTINCT a.user_id FROM entries e
         JOIN postings p ON p.entry_id = e.entry_id
         JOIN accounts a ON a.account_id = p.account_id
         WHERE e.entry_id > ?1 AND e.entry_id <= ?2 AND e.kind = ?3 AND a.user_id IS NOT NULL
         ORDER BY a.user_id",
    )?;
    let rows = query.query_map(params![after_entry_id, last, kind.code()], |row| row.get(0))?;
    Ok((rows.collect::<Result<_, _>>()?, last))
}
