//! Journal entries and the one function that writes them.

use super::UserAccountKind;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::{OptionalExtension, params};

/// Why money moved; stored with every entry and shown in the player's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Deposit,
    WithdrawHold,
    WithdrawPaid,
    WithdrawRelease,
    Bet,
    Payout,
    Refund,
    Transfer,
    /// From the wallet into the savings account (Yu E Bao).
    SavingsIn,
    /// From the savings account back to the wallet.
    SavingsOut,
    Interest,
    Invest,
    InvestReturn,
    Rebate,
    Commission,
    Salary,
    Signin,
    Task,
    Envelope,
    Bonus,
    Adjust,
}

impl EntryKind {
    /// Every kind, in the order the records filter lists them.
    pub const ALL: [EntryKind; 21] = [
        EntryKind::Deposit,
        EntryKind::WithdrawHold,
        EntryKind::WithdrawPaid,
        EntryKind::WithdrawRelease,
        EntryKind::Bet,
        EntryKind::Payout,
        EntryKind::Refund,
        EntryKind::Transfer,
        EntryKind::SavingsIn,
        EntryKind::SavingsOut,
        EntryKind::Interest,
        EntryKind::Invest,
        EntryKind::InvestReturn,
        EntryKind::Rebate,
        EntryKind::Commission,
        EntryKind::Salary,
        EntryKind::Signin,
        EntryKind::Task,
        EntryKind::Envelope,
        EntryKind::Bonus,
        EntryKind::Adjust,
    ];

    /// The kind stored as `code`; None for any other text.
    pub fn parse(code: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            EntryKind::Deposit => "deposit",
            EntryKind::WithdrawHold => "withdraw_hold",
            EntryKind::WithdrawPaid => "withdraw_paid",
            EntryKind::WithdrawRelease => "withdraw_release",
            EntryKind::Bet => "bet",
            EntryKind::Payout => "payout",
            EntryKind::Refund => "refund",
            EntryKind::Transfer => "transfer",
            EntryKind::SavingsIn => "savings_in",
            EntryKind::SavingsOut => "savings_out",
            EntryKind::Interest => "interest",
            EntryKind::Invest => "invest",
            EntryKind::InvestReturn => "invest_return",
            EntryKind::Rebate => "rebate",
            EntryKind::Commission => "commission",
            EntryKind::Salary => "salary",
            EntryKind::Signin => "signin",
            EntryKind::Task => "task",
            EntryKind::Envelope => "envelope",
            EntryKind::Bonus => "bonus",
            EntryKind::Adjust => "adjust",
        }
    }
}

/// The platform's side of every movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemAccount {
    /// Stakes lost and winnings paid.
    House,
    /// Promotions: bonuses, sign-in, tasks, envelopes, rebates.
    Bonus,
    /// Savings interest and product yields.
    Interest,
    /// Withdrawal and service fees.
    Fees,
    /// Money entering (deposits) and leaving (withdrawals) the platform.
    External,
    /// Red envelopes created and not yet claimed or refunded: an envelope's total moves here
    /// from `Bonus` at creation, each claim pays from here, the remainder goes back to `Bonus`.
    Envelopes,
    /// Deposit bonuses granted and not yet released (`growth::bonus_release`): a grant moves
    /// here from `Bonus` at the deposit's approval, and is released to the wallet by play.
    BonusPending,
}

impl SystemAccount {
    pub const ALL: [SystemAccount; 7] = [
        SystemAccount::House,
        SystemAccount::Bonus,
        SystemAccount::Interest,
        SystemAccount::Fees,
        SystemAccount::External,
        SystemAccount::Envelopes,
        SystemAccount::BonusPending,
    ];

    /// The account stored as `code`; None for any other text.
    pub fn parse(code: &str) -> Option<SystemAccount> {
        SystemAccount::ALL.into_iter().find(|account| account.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            SystemAccount::House => "house",
            SystemAccount::Bonus => "bonus",
            SystemAccount::Interest => "interest",
            SystemAccount::Fees => "fees",
            SystemAccount::External => "external",
            SystemAccount::Envelopes => "envelopes",
            SystemAccount::BonusPending => "bonus_pending",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountRef {
    User(UserId, UserAccountKind),
    System(SystemAccount),
}

/// A balanced set of postings, written atomically by `transfer`.
#[derive(Clone, Debug)]
pub struct Entry {
    pub(super) kind: EntryKind,
    pub(super) reference: String,
    pub(super) memo: String,
    pub(super) postings: Vec<(AccountRef, i64)>,
    pub(super) created_at: Timestamp,
}

/// Postings one entry may have; bounds the work of one write.
const POSTINGS_MAX: usize = 64;

impl Entry {
    /// `amount` moves from `source` to `target`.
    pub fn new(
        kind: EntryKind,
        source: AccountRef,
        target: AccountRef,
        amount: Money,
        now: Timestamp,
    ) -> Entry {
        Entry {
            kind,
            reference: String::new(),
            memo: String::new(),
            postings: vec![(source, -amount.minor()), (target, amount.minor())],
            created_at: now,
        }
    }

    /// A further movement of `amount` from `source` to `target` within the same entry.
    pub fn and(mut self, source: AccountRef, target: AccountRef, amount: Money) -> Entry {
        self.postings.push((source, -amount.minor()));
        self.postings.push((target, amount.minor()));
        self
    }

    /// What the entry is about, e.g. "deposit:12" or "bet:2026112200010042".
    pub fn reference(mut self, reference: impl Into<String>) -> Entry {
        self.reference = reference.into();
        self
    }

    pub fn memo(mut self, memo: impl Into<String>) -> Entry {
        self.memo = memo.into();
        self
    }
}

/// What `transfer` wrote: the entry's id and each posted account's balance after it.
#[derive(Clone, Debug)]
pub struct Posted {
    pub entry_id: i64,
    balances_after: Vec<(AccountRef, i64)>,
}

impl Posted {
    /// The balance of `account` after the entry (its last posting there); None when the entry
    /// did not post to it or the balance is not an amount (a system account below zero).
    pub fn balance_after(&self, account: AccountRef) -> Option<Money> {
        let found = self.balances_after.iter().rev().find(|(posted, _)| *posted == account);
        found.and_then(|(_, balance)| Money::from_minor(*balance).ok())
    }
}

/// Writes `entry`: each posting updates its account, refusing with `insufficient_balance` when
/// a player account would go below zero. Zero postings are dropped; at least two must remain.
/// Refuses with `ledger_halted` while a failed ledger check halts money in this process: the
/// one guard of every path that moves money (requests, scheduler jobs).
pub fn transfer(tx: &Tx, entry: Entry) -> Result<Posted, AppError> {
    if tx.ledger_halted() {
        return Err(AppError::LedgerHalted);
    }
    let postings: Vec<(AccountRef, i64)> =
        entry.postings.into_iter().filter(|(_, amount)| *amount != 0).collect();
    let sum = postings.iter().try_fold(0i64, |sum, (_, amount)| sum.checked_add(*amount));
    if sum != Some(0) || postings.len() < 2 || postings.len() > POSTINGS_MAX {
        debug_assert!(false, "unbalanced or oversized entry: {postings:?}");
        return Err(
            anyhow::anyhow!("refused an unbalanced entry of kind {}", entry.kind.code()).into()
        );
    }
    tx.prepare_cached(
        "INSERT INTO entries (kind, reference, memo, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![entry.kind.code(), entry.reference, entry.memo, entry.created_at])?;
    let entry_id = tx.last_insert_rowid();
    let mut balances_after = Vec::with_capacity(postings.len());
    for (account, amount) in postings {
        let (account_id, balance_after) = post(tx, account, amount)?;
        if let AccountRef::User(user_id, UserAccountKind::Game) = account {
            // Live streams show the game balance: they hear of it once the write commits.
            tx.note_game_balance(user_id, balance_after);
        }
        tx.prepare_cached(
            "INSERT INTO postings (entry_id, account_id, amount, balance_after)
             VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![entry_id, account_id, amount, balance_after])?;
        if let AccountRef::User(..) = account {
            count_posting(tx, account_id, entry.kind, amount)?;
        }
        balances_after.push((account, balance_after));
    }
    Ok(Posted { entry_id, balances_after })
}

/// Keeps `posting_counts` exact (the `total` of the player's account change records, and the
/// sums `total_credited` reads): one more posting of `kind` on the player account.
fn count_posting(tx: &Tx, account_id: i64, kind: EntryKind, amount: i64) -> Result<(), AppError> {
    tx.prepare_cached(
        "INSERT INTO posting_counts (account_id, entry_kind, postings, amount)
         VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (account_id, entry_kind)
         DO UPDATE SET postings = postings + 1, amount = amount + excluded.amount",
    )?
    .execute(params![account_id, kind.code(), amount])?;
    Ok(())
}

/// Adds `amount` to `account`'s balance, found and updated by one statement (this is the hot
/// path of every bet); returns the account id and the new balance.
fn post(tx: &Tx, account: AccountRef, amount: i64) -> Result<(i64, i64), AppError> {
    let returned = |row: &rusqlite::Row| Ok((row.get(0)?, row.get(1)?));
    let updated = match account {
        AccountRef::User(user_id, kind) => tx
            .prepare_cached(
                "UPDATE accounts SET balance = balance + ?3
                 WHERE user_id = ?1 AND kind = ?2 AND balance + ?3 >= 0
                 RETURNING account_id, balance",
            )?
            .query_row(params![user_id, kind.code(), amount], returned)
            .optional()?,
        AccountRef::System(system) => tx
            .prepare_cached(
                "UPDATE accounts SET balance = balance + ?2 WHERE user_id IS NULL AND kind = ?1
                 RETURNING account_id, balance",
            )?
            .query_row(params![system.code(), amount], returned)
            .optional()?,
    };
    match updated {
        Some(updated) => Ok(updated),
        // No row: the balance would go negative, or (a bug) the account does not exist.
        None => {
            ensure_exists(tx, account)?;
            Err(AppError::InsufficientBalance)
        }
    }
}

fn ensure_exists(tx: &Tx, account: AccountRef) -> Result<(), AppError> {
    let found: Option<i64> = match account {
        AccountRef::User(user_id, kind) => tx
            .prepare_cached("SELECT account_id FROM accounts WHERE user_id = ?1 AND kind = ?2")?
            .query_row(params![user_id, kind.code()], |row| row.get(0))
            .optional()?,
        AccountRef::System(system) => tx
            .prepare_cached("SELECT account_id FROM accounts WHERE user_id IS NULL AND kind = ?1")?
            .query_row([system.code()], |row| row.get(0))
            .optional()?,
    };
    found.map(|_| ()).ok_or_else(|| anyhow::anyhow!("no ledger account {account:?}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_kind_parses_from_its_code_and_nothing_else_does() {
        for kind in EntryKind::ALL {
            assert_eq!(EntryKind::parse(kind.code()), Some(kind));
        }
        let codes: std::collections::HashSet<_> = EntryKind::ALL.map(EntryKind::code).into();
        assert_eq!(codes.len(), EntryKind::ALL.len(), "codes are distinct");
        assert_eq!(EntryKind::parse("Deposit"), None);
        assert_eq!(EntryKind::parse(""), None);
    }
}
