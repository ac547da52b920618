//! Where withdrawals go: the player's one bank card and up to two USDT addresses.

use super::types::Method;
use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// The masked label of the player's withdrawal target, e.g. "Vietcombank ****1234" or
/// "TRC20 TXk3...9aQ"; `withdraw_account_missing` unless the target is theirs.
pub fn withdrawal_target(
    connection: &Connection,
    user_id: i64,
    method: Method,
    target_id: i64,
) -> Result<String, AppError> {
    let label: Option<String> = match method {
        Method::Bank => connection
            .prepare_cached(
                "SELECT bank_code || ' ****' || card_last4 FROM bank_cards
                 WHERE bank_card_id = ?1 AND user_id = ?2",
            )?
            .query_row(params![target_id, user_id], |row| row.get(0))
            .optional()?,
        Method::Usdt => connection
            .prepare_cached(
                "SELECT network || ' ' || substr(address, 1, 6) || '...' || substr(address, -4)
                 FROM usdt_addresses WHERE usdt_address_id = ?1 AND user_id = ?2",
            )?
            .query_row(params![target_id, user_id], |row| row.get(0))
            .optional()?,
    };
    label.ok_or(AppError::WithdrawAccountMissing)
}
