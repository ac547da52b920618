//! Queries on bank_cards and usdt_addresses.

use super::types::UsdtAddressView;
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::{AppError, OnUnique};
use crate::ids::UserId;
use crate::wallet::types::Method;
use rusqlite::{Connection, OptionalExtension, params};

/// A bank card row as inserted: the number is sealed to the row afterwards (`set_card_cipher`),
/// only its last 4 digits are kept in clear.
pub(super) struct BankCardRow<'a> {
    pub user_id: UserId,
    pub bank_code: &'a str,
    pub holder: &'a str,
    pub card_last4: &'a str,
    pub ifsc: &'a str,
    pub bank_address: &'a str,
    pub phone: &'a str,
    pub remark: &'a str,
}

/// `withdraw_account_locked` when the user already has a card (UNIQUE user_id).
pub(super) fn insert_bank_card(
    tx: &Tx,
    card: &BankCardRow,
    now: Timestamp,
) -> Result<i64, AppError> {
    tx.prepare_cached(
        "INSERT INTO bank_cards (user_id, bank_code, holder, card_cipher, card_last4, ifsc,
                                 bank_address, phone, remark, created_at)
         VALUES (?1, ?2, ?3, '', ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        card.user_id,
        card.bank_code,
        card.holder,
        card.card_last4,
        card.ifsc,
        card.bank_address,
        card.phone,
        card.remark,
        now
    ])
    .on_unique(&[("bank_cards.user_id", || AppError::WithdrawAccountLocked)])?;
    Ok(tx.last_insert_rowid())
}

pub(super) fn set_card_cipher(
    tx: &Tx,
    bank_card_id: i64,
    card_cipher: &str,
) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE bank_cards SET card_cipher = ?2 WHERE bank_card_id = ?1")?
        .execute(params![bank_card_id, card_cipher])?;
    Ok(())
}

pub(super) fn set_card_fingerprint(
    tx: &Tx,
    bank_card_id: i64,
    fingerprint: &str,
) -> Result<(), AppError> {
    tx.prepare_cached("UPDATE bank_cards SET card_fingerprint = ?2 WHERE bank_card_id = ?1")?
        .execute(params![bank_card_id, fingerprint])?;
    Ok(())
}

/// Cards linked before fingerprints were kept: id, owner, ciphertext.
pub(super) fn cards_without_fingerprint(tx: &Tx) -> Result<Vec<(i64, UserId, String)>, AppError> {
    let mut query = tx.prepare_cached(
        "SELECT bank_card_id, user_id, card_cipher FROM bank_cards
         WHERE card_fingerprint IS NULL AND card_cipher <> ''",
    )?;
    let rows = query.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The other players whose card has `fingerprint`.
pub(super) fn card_holders(
    connection: &Connection,
    fingerprint: &str,
    except: UserId,
) -> Result<Vec<UserId>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT user_id FROM bank_cards WHERE card_fingerprint = ?1 AND user_id <> ?2
         ORDER BY user_id",
    )?;
    let rows = query.query_map(params![fingerprint, except], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The other players who hold `address` on `network` (ERC20 compared case-blind).
pub(super) fn address_holders(
    connection: &Connection,
    (network, address): (&str, &str),
    except: UserId,
) -> Result<Vec<UserId>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT DISTINCT user_id FROM usdt_addresses
         WHERE lower(address) = lower(?2) AND network = ?1
           AND (network = 'ERC20' OR address = ?2) AND user_id <> ?3
         ORDER BY user_id",
    )?;
    let rows = query.query_map(params![network, address, except], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A player's card fingerprint (if he linked a card) and addresses (network, address).
pub(super) type PayoutKeys = (Option<String>, Vec<(String, String)>);

pub(super) fn payout_keys(
    connection: &Connection,
    user_id: UserId,
) -> Result<PayoutKeys, AppError> {
    let fingerprint: Option<String> = connection
        .prepare_cached("SELECT card_fingerprint FROM bank_cards WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .flatten();
    let mut query = connection.prepare_cached(
        "SELECT network, address FROM usdt_addresses WHERE user_id = ?1 ORDER BY usdt_address_id",
    )?;
    let rows = query.query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok((fingerprint, rows.collect::<Result<_, _>>()?))
}

/// Every card fingerprint or address held by more than one player: (what, holders).
pub(super) fn shared_payout_accounts(
    connection: &Connection,
) -> Result<Vec<(String, Vec<UserId>)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT 'card ****' || MIN(card_last4), group_concat(user_id) FROM bank_cards
         WHERE card_fingerprint IS NOT NULL
         GROUP BY card_fingerprint HAVING COUNT(DISTINCT user_id) > 1
         UNION ALL
         SELECT network || ' ' || MIN(address), group_concat(DISTINCT user_id) FROM usdt_addresses
         GROUP BY network, CASE network WHEN 'ERC20' THEN lower(address) ELSE address END
         HAVING COUNT(DISTINCT user_id) > 1",
    )?;
    let rows =
        query.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?)))?;
    let mut shared = Vec::new();
    for row in rows {
        let (what, holders) = row?;
        let holders = holders.split(',').filter_map(|id| UserId::parse(id).ok()).collect();
        shared.push((what, holders));
    }
    Ok(shared)
}

/// Cards whose number is sealed in format v1 (no `v2:` prefix): id, owner, ciphertext.
pub(super) fn v1_sealed_cards(tx: &Tx) -> Result<Vec<(i64, UserId, String)>, AppError> {
    let mut query = tx.prepare_cached(
        "SELECT bank_card_id, user_id, card_cipher FROM bank_cards
         WHERE card_cipher NOT LIKE 'v2:%' AND card_cipher <> ''",
    )?;
    let rows = query.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A card row with its sealed number.
pub(super) struct SealedCard {
    pub bank_code: String,
    pub holder: String,
    pub card_cipher: String,
    pub ifsc: String,
    pub bank_address: String,
}

pub(super) fn sealed_card(
    connection: &Connection,
    user_id: UserId,
    bank_card_id: i64,
) -> Result<Option<SealedCard>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT bank_code, holder, card_cipher, ifsc, bank_address FROM bank_cards
             WHERE bank_card_id = ?1 AND user_id = ?2",
        )?
        .query_row(params![bank_card_id, user_id], |row| {
            Ok(SealedCard {
                bank_code: row.get(0)?,
                holder: row.get(1)?,
                card_cipher: row.get(2)?,
                ifsc: row.get(3)?,
                bank_address: row.get(4)?,
            })
        })
        .optional()?)
}

pub(super) fn full_usdt_address(
    connection: &Connection,
    user_id: UserId,
    usdt_address_id: i64,
) -> Result<Option<String>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT network || ' ' || address FROM usdt_addresses
             WHERE usdt_address_id = ?1 AND user_id = ?2",
        )?
        .query_row(params![usdt_address_id, user_id], |row| row.get(0))
        .optional()?)
}

/// The stored card of a user, without the cipher text.
pub(super) struct StoredBankCard {
    pub bank_card_id: i64,
    pub bank_code: String,
    pub holder: String,
    pub card_last4: String,
    pub ifsc: String,
    pub bank_address: String,
    pub phone: String,
    pub remark: String,
    pub created_at: Timestamp,
}

pub(super) fn bank_card(
    connection: &Connection,
    user_id: UserId,
) -> Result<Option<StoredBankCard>, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT bank_card_id, bank_code, holder, card_last4, ifsc, bank_address, phone,
                    remark, created_at
             FROM bank_cards WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| {
            Ok(StoredBankCard {
                bank_card_id: row.get(0)?,
                bank_code: row.get(1)?,
                holder: row.get(2)?,
                card_last4: row.get(3)?,
                ifsc: row.get(4)?,
                bank_address: row.get(5)?,
                phone: row.get(6)?,
                remark: row.get(7)?,
                created_at: row.get(8)?,
            })
        })
        .optional()?)
}

pub(super) fn bank_card_exists(connection: &Connection, user_id: UserId) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM bank_cards WHERE user_id = ?1")?
        .query_row([user_id], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(super) fn usdt_address_count(
    connection: &Connection,
    user_id: UserId,
) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM usdt_addresses WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))?)
}

/// Whether the user has `address` on `network` already; ERC20 addresses ignore case (their
/// capitals are only a checksum).
pub(super) fn usdt_address_exists(
    connection: &Connection,
    user_id: UserId,
    network: &str,
    address: &str,
) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT 1 FROM usdt_addresses
             WHERE user_id = ?1 AND network = ?2
               AND (address = ?3 OR (network = 'ERC20' AND lower(address) = lower(?3)))",
        )?
        .query_row(params![user_id, network, address], |_| Ok(()))
        .optional()?
        .is_some())
}

pub(super) struct UsdtAddressRow<'a> {
    pub user_id: UserId,
    pub network: &'a str,
    pub address: &'a str,
    pub remark: &'a str,
}

pub(super) fn insert_usdt_address(
    tx: &Tx,
    row: &UsdtAddressRow,
    now: Timestamp,
) -> Result<i64, AppError> {
    tx.prepare_cached(
        "INSERT INTO usdt_addresses (user_id, network, address, remark, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![row.user_id, row.network, row.address, row.remark, now])
    .on_unique(&[("usdt_addresses.address", || AppError::AddressExists)])?;
    Ok(tx.last_insert_rowid())
}

pub(super) fn usdt_addresses(
    connection: &Connection,
    user_id: UserId,
) -> Result<Vec<UsdtAddressView>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT usdt_address_id, network, address, remark, created_at FROM usdt_addresses
         WHERE user_id = ?1 ORDER BY usdt_address_id",
    )?;
    let rows = query.query_map([user_id], |row| {
        Ok(UsdtAddressView {
            id: row.get(0)?,
            network: row.get(1)?,
            address: row.get(2)?,
            remark: row.get(3)?,
            created_at: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The masked label of a card or address of the user, None when it is not theirs.
pub(super) fn withdrawal_label(
    connection: &Connection,
    user_id: UserId,
    method: Method,
    target_id: i64,
) -> Result<Option<String>, AppError> {
    let query = match method {
        Method::Bank => {
            "SELECT bank_code || ' ****' || card_last4 FROM bank_cards
             WHERE bank_card_id = ?1 AND user_id = ?2"
        }
        Method::Usdt => {
            "SELECT network || ' ' || substr(address, 1, 6) || '...' || substr(address, -4)
             FROM usdt_addresses WHERE usdt_address_id = ?1 AND user_id = ?2"
        }
    };
    Ok(connection
        .prepare_cached(query)?
        .query_row(params![target_id, user_id], |row| row.get(0))
        .optional()?)
}

/// Whether the database has the `card_keys` table (migration V37).
pub(super) fn has_card_keys(connection: &Connection) -> Result<bool, AppError> {
    Ok(connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'card_keys')",
        [],
        |row| row.get(0),
    )?)
}

/// The fingerprint of the card keys this database records (`card_keys`), if any.
pub(super) fn recorded_key_fingerprint(
    connection: &Connection,
) -> Result<Option<String>, AppError> {
    Ok(connection
        .prepare_cached("SELECT fingerprint FROM card_keys WHERE id = 1")?
        .query_row([], |row| row.get(0))
        .optional()?)
}

pub(super) fn record_key_fingerprint(
    tx: &Tx,
    fingerprint: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    tx.prepare_cached("INSERT INTO card_keys (id, fingerprint, recorded_at) VALUES (1, ?1, ?2)")?
        .execute(params![fingerprint, now.secs()])?;
    Ok(())
}

/// One sealed card (id, owner, ciphertext), to try the keys on; `None` without cards.
pub(super) fn any_sealed_card(tx: &Tx) -> Result<Option<(i64, UserId, String)>, AppError> {
    Ok(tx
        .prepare_cached(
            "SELECT bank_card_id, user_id, card_cipher FROM bank_cards
             WHERE card_cipher <> '' ORDER BY bank_card_id LIMIT 1",
        )?
        .query_row([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()?)
}
