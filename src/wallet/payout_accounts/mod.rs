//! Where withdrawals go: the player's one bank card and up to two USDT addresses. A card is
//! linked once and never changed (spec: "An account can link only one withdrawal fund number
//! and cannot change it once linked"); its holder is the account's real name. The card number
//! is kept only encrypted (`crypto::CardCipher`) plus its last 4 digits and a keyed
//! fingerprint. A card or address belongs to one player: another player linking it is refused
//! (`payout_account_taken`) or, with `wallet.shared_payout_accounts = "flag"`, linked and
//! listed by `shared_with` for the operator.

mod sql;
pub mod types;

use super::types::Method;
use crate::auth::{self, types::RealName};
use crate::clock::Timestamp;
use crate::config::{BankOption, PayoutSharing};
use crate::crypto::CardCipher;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::Connection;
use types::{BankCard, BankCardView, BankChoice, CardNumber, UsdtAddress, UsdtAddressView};

/// USDT addresses a player may add (spec: "At most 2 USDT addresses per user").
pub const USDT_ADDRESSES_MAX: i64 = 2;

/// The banks the operator pays out to, as the bank picker lists them.
pub fn bank_choices(banks: &[BankOption]) -> Vec<BankChoice> {
    banks.iter().map(|bank| BankChoice { id: bank.code.clone(), name: bank.name.clone() }).collect()
}

/// Links the player's bank card. `withdraw_account_locked` when one is linked already;
/// `payout_account_taken` when another player linked the same number and `sharing` refuses;
/// `holder_mismatch` unless the holder is the account's real name, which the first card sets
/// when there is none yet.
pub fn bind_bank_card(
    tx: &Tx,
    user_id: UserId,
    card: &BankCard,
    (cipher, sharing): (&CardCipher, PayoutSharing),
    now: Timestamp,
) -> Result<i64, AppError> {
    if sql::bank_card_exists(tx, user_id)? {
        return Err(AppError::WithdrawAccountLocked);
    }
    let fingerprint = cipher.fingerprint(card.card_number.as_str().as_bytes());
    if sharing == PayoutSharing::Refuse && !sql::card_holders(tx, &fingerprint, user_id)?.is_empty()
    {
        return Err(AppError::PayoutAccountTaken);
    }
    let real_name = auth::real_name(tx, user_id)?;
    if real_name.trim().is_empty() {
        auth::store_real_name(tx, user_id, &card.holder)?;
    } else if !card.holder.matches(&real_name) {
        return Err(AppError::HolderMismatch);
    }
    let row = sql::BankCardRow {
        user_id,
        bank_code: &card.bank_code,
        holder: card.holder.as_str(),
        card_last4: card.card_number.last4(),
        ifsc: &card.ifsc,
        bank_address: &card.bank_address,
        phone: &card.phone,
        remark: &card.remark,
    };
    // The number is sealed to its row, whose id the insert gives.
    let bank_card_id = sql::insert_bank_card(tx, &row, now)?;
    let associated = card_associated_data(bank_card_id, user_id);
    let card_cipher = cipher.encrypt(card.card_number.as_str().as_bytes(), &associated)?;
    sql::set_card_cipher(tx, bank_card_id, &card_cipher)?;
    sql::set_card_fingerprint(tx, bank_card_id, &fingerprint)?;
    Ok(bank_card_id)
}

/// Re-seals card numbers stored in format v1 (bound to no row) as v2, bound to their row, and
/// fingerprints cards linked before fingerprints were kept; returns how many of each.
/// `fairhall migrate` and `serve` run it.
pub fn seal_cards(
    tx: &Tx,
    cipher: &CardCipher,
    now: Timestamp,
) -> Result<(usize, usize), AppError> {
    check_card_keys(tx, cipher, now)?;
    let cards = sql::v1_sealed_cards(tx)?;
    for (bank_card_id, user_id, card_cipher) in &cards {
        let associated = card_associated_data(*bank_card_id, *user_id);
        let plain = cipher.decrypt(card_cipher, &associated)?;
        sql::set_card_cipher(tx, *bank_card_id, &cipher.encrypt(&plain, &associated)?)?;
    }
    let unmarked = sql::cards_without_fingerprint(tx)?;
    for (bank_card_id, user_id, card_cipher) in &unmarked {
        let plain = cipher.decrypt(card_cipher, &card_associated_data(*bank_card_id, *user_id))?;
        sql::set_card_fingerprint(tx, *bank_card_id, &cipher.fingerprint(&plain))?;
    }
    Ok((cards.len(), unmarked.len()))
}

/// Refuses `cipher` unless its keys are the ones this database's cards were sealed with: the
/// recorded fingerprint (`card_keys`), or, before one was recorded, a sealed card that opens
/// with them; then records theirs. A hall started or restored with another config's keys is
/// refused at once, not at its first payout.
pub fn check_card_keys(tx: &Tx, cipher: &CardCipher, now: Timestamp) -> Result<(), AppError> {
    let ours = cipher.key_fingerprint();
    match sql::recorded_key_fingerprint(tx)? {
        Some(recorded) if recorded == ours => Ok(()),
        Some(recorded) => Err(keys_differ(&format!("keys {recorded}"), &ours)),
        None => {
            if let Some((bank_card_id, user_id, sealed)) = sql::any_sealed_card(tx)? {
                let associated = card_associated_data(bank_card_id, user_id);
                if cipher.decrypt(&sealed, &associated).is_err() {
                    return Err(keys_differ("other keys", &ours));
                }
            }
            sql::record_key_fingerprint(tx, &ours, now)
        }
    }
}

/// The fingerprint of the card keys the database records, if any (`restore` compares it with
/// the config's before it replaces anything); `None` too for an archived database from before
/// they were recorded (V37).
pub fn recorded_card_keys(connection: &Connection) -> Result<Option<String>, AppError> {
    if !sql::has_card_keys(connection)? {
        return Ok(None);
    }
    sql::recorded_key_fingerprint(connection)
}

fn keys_differ(sealed_with: &str, ours: &str) -> AppError {
    AppError::Internal(anyhow::anyhow!(
        "this database's card numbers were sealed with {sealed_with}, not with the card keys of \
         this config (keys {ours}): start it with the config it ran with (its [secrets] \
         card_key and card_mac_key, or, when those are empty, the secrets.toml of its data \
         directory or of the backup it was restored from)"
    ))
}

/// What a card number's ciphertext is bound to: its row and its owner.
fn card_associated_data(bank_card_id: i64, user_id: UserId) -> Vec<u8> {
    format!("bank_card:{bank_card_id}:user:{user_id}").into_bytes()
}

/// A card as the operator who pays a withdrawal needs it: the whole number, decrypted.
#[derive(Debug, serde::Serialize)]
pub struct PayoutCard {
    pub bank_code: String,
    pub holder: String,
    pub card_no: String,
    pub ifsc: String,
    pub bank_address: String,
}

/// The card `bank_card_id` of `user_id` with its number decrypted (for the operator's
/// `admin withdraw show`); `Internal` when its ciphertext belongs to another row.
pub fn payout_card(
    connection: &Connection,
    user_id: UserId,
    bank_card_id: i64,
    cipher: &CardCipher,
) -> Result<PayoutCard, AppError> {
    let sealed = sql::sealed_card(connection, user_id, bank_card_id)?;
    let sealed = sealed.ok_or(AppError::WithdrawAccountMissing)?;
    let associated = card_associated_data(bank_card_id, user_id);
    let plain = cipher.decrypt(&sealed.card_cipher, &associated)?;
    let card_no = String::from_utf8(plain)
        .map_err(|_| anyhow::anyhow!("bank card {bank_card_id} decrypts to non-UTF-8 text"))?;
    Ok(PayoutCard {
        bank_code: sealed.bank_code,
        holder: sealed.holder,
        card_no,
        ifsc: sealed.ifsc,
        bank_address: sealed.bank_address,
    })
}

/// The whole USDT address `usdt_address_id` of `user_id`, as "<network> <address>".
pub fn payout_address(
    connection: &Connection,
    user_id: UserId,
    usdt_address_id: i64,
) -> Result<String, AppError> {
    sql::full_usdt_address(connection, user_id, usdt_address_id)?
        .ok_or(AppError::WithdrawAccountMissing)
}

/// Sets the player's real name. The same name (ignoring case) changes nothing; another one is
/// refused with `withdraw_account_locked` once a bank card is linked, since the card's holder
/// must stay the account's real name.
pub fn set_real_name(tx: &Tx, user_id: UserId, real_name: &RealName) -> Result<(), AppError> {
    let current = auth::real_name(tx, user_id)?;
    if real_name.matches(&current) {
        return Ok(());
    }
    if sql::bank_card_exists(tx, user_id)? {
        return Err(AppError::WithdrawAccountLocked);
    }
    auth::store_real_name(tx, user_id, real_name)
}

/// Whether the player has linked a bank card (and so can no longer change their real name).
pub fn bank_card_bound(connection: &Connection, user_id: UserId) -> Result<bool, AppError> {
    sql::bank_card_exists(connection, user_id)
}

/// The player's card with its number masked, or None. A bank the operator no longer lists
/// shows its code as its name.
pub fn bank_card(
    connection: &Connection,
    user_id: UserId,
    banks: &[BankOption],
) -> Result<Option<BankCardView>, AppError> {
    let Some(card) = sql::bank_card(connection, user_id)? else {
        return Ok(None);
    };
    let bank_name = banks
        .iter()
        .find(|bank| bank.code == card.bank_code)
        .map_or_else(|| card.bank_code.clone(), |bank| bank.name.clone());
    Ok(Some(BankCardView {
        id: card.bank_card_id,
        bank_id: card.bank_code,
        bank_name,
        holder: card.holder,
        card_no: CardNumber::masked(&card.card_last4),
        ifsc: card.ifsc,
        bank_address: card.bank_address,
        phone: card.phone,
        remark: card.remark,
        created_at: card.created_at,
    }))
}

/// Adds a USDT address: `address_exists` when the player has it already,
/// `payout_account_taken` when another player has and `sharing` refuses,
/// `usdt_address_limit` beyond `USDT_ADDRESSES_MAX` (counted inside this transaction).
pub fn add_usdt_address(
    tx: &Tx,
    user_id: UserId,
    address: &UsdtAddress,
    sharing: PayoutSharing,
    now: Timestamp,
) -> Result<i64, AppError> {
    let network = address.network.code();
    if sql::usdt_address_exists(tx, user_id, network, &address.address)? {
        return Err(AppError::AddressExists);
    }
    let holders = sql::address_holders(tx, (network, &address.address), user_id)?;
    if sharing == PayoutSharing::Refuse && !holders.is_empty() {
        return Err(AppError::PayoutAccountTaken);
    }
    if sql::usdt_address_count(tx, user_id)? >= USDT_ADDRESSES_MAX {
        return Err(AppError::UsdtAddressLimit);
    }
    let row = sql::UsdtAddressRow {
        user_id,
        network,
        address: &address.address,
        remark: &address.remark,
    };
    sql::insert_usdt_address(tx, &row, now)
}

/// The player's USDT addresses, oldest first.
pub fn usdt_addresses(
    connection: &Connection,
    user_id: UserId,
) -> Result<Vec<UsdtAddressView>, AppError> {
    sql::usdt_addresses(connection, user_id)
}

/// A card or address of a player that other players hold too.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SharedAccount {
    /// "card ****1234" or "TRC20 TXk3...".
    pub account: String,
    pub others: Vec<UserId>,
}

/// The player's cards and addresses that other players hold too.
pub fn shared_with(
    connection: &Connection,
    user_id: UserId,
) -> Result<Vec<SharedAccount>, AppError> {
    let (fingerprint, addresses) = sql::payout_keys(connection, user_id)?;
    let mut shared = Vec::new();
    if let Some(fingerprint) = fingerprint {
        let others = sql::card_holders(connection, &fingerprint, user_id)?;
        if !others.is_empty() {
            let last4 = sql::bank_card(connection, user_id)?.map(|card| card.card_last4);
            let account = format!("card ****{}", last4.unwrap_or_default());
            shared.push(SharedAccount { account, others });
        }
    }
    for (network, address) in addresses {
        let others = sql::address_holders(connection, (&network, &address), user_id)?;
        if !others.is_empty() {
            shared.push(SharedAccount { account: format!("{network} {address}"), others });
        }
    }
    Ok(shared)
}

/// Every card or address held by more than one player, with its holders.
pub fn all_shared(connection: &Connection) -> Result<Vec<SharedAccount>, AppError> {
    let shared = sql::shared_payout_accounts(connection)?;
    Ok(shared.into_iter().map(|(account, others)| SharedAccount { account, others }).collect())
}

/// The masked label of the player's withdrawal target, e.g. "Vietcombank ****1234" or
/// "TRC20 TXk3...9aQ"; `withdraw_account_missing` unless the target is theirs.
pub fn withdrawal_target(
    connection: &Connection,
    user_id: UserId,
    method: Method,
    target_id: i64,
) -> Result<String, AppError> {
    let label = sql::withdrawal_label(connection, user_id, method, target_id)?;
    label.ok_or(AppError::WithdrawAccountMissing)
}
