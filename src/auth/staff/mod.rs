//! The operator console's staff (issue 33): an account holding a role, with its own console
//! passphrase (argon2id through `auth::hashing`, as login passwords) and a TOTP second factor
//! (`totp`) whose secret is sealed at rest with the card keys (`crypto::CardCipher`, bound to
//! the staff member's row), plus `RECOVERY_CODES` single-use recovery codes kept as SHA-256
//! hashes. The CLI (`admin staff ...`) and the console call these verbs; neither holds a rule.

pub mod sessions;
mod sql;
pub mod totp;
pub mod types;

use super::AuthSettings;
use super::grants::{Grant, add_grant};
use super::throttle::{self, Scope};
use crate::clock::Timestamp;
use crate::crypto::CardCipher;
use crate::db::{Db, Tx};
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::Connection;
use sessions::{Lifetimes, StartedSession};
use sha2::{Digest, Sha256};
use totp::{CodeCheck, TotpSecret};
use types::{
    DisableReason, Enrolment, RECOVERY_CODES, SignInAttempt, SignInRefusal, StaffMember, StaffRole,
    StaffSummary,
};

/// Letters of a recovery code: base32's, lower case (60 random bits in 12 letters).
const RECOVERY_CODE_LETTERS: usize = 12;

/// A new staff member: the user, the role, and the passphrase's hash
/// (`auth::hash_secret_blocking` of a `Passphrase`).
pub struct NewStaff {
    pub user_id: UserId,
    pub role: StaffRole,
    pub passphrase_hash: String,
}

/// Makes the user a staff member holding `role` (also given to him in `user_grants`), with a
/// fresh TOTP secret to confirm; `issuer` is the hall's name (`app.name`) for the URI.
pub fn create(
    tx: &Tx,
    cipher: &CardCipher,
    staff: &NewStaff,
    issuer: &str,
    now: Timestamp,
) -> Result<Enrolment, AppError> {
    let name = sql::account_name(tx, staff.user_id)?;
    if sql::find(tx, staff.user_id)?.is_some() {
        return Err(AppError::StaffExists);
    }
    let secret = TotpSecret::generate();
    let row = sql::Insert {
        user_id: staff.user_id,
        passphrase_hash: &staff.passphrase_hash,
        role: staff.role.role().as_str(),
        totp_secret: &seal(cipher, staff.user_id, &secret)?,
    };
    sql::insert(tx, &row, now)?;
    add_grant(tx, staff.user_id, &Grant::Role(staff.role.role().clone()), now)?;
    let recovery_codes = replace_recovery_codes(tx, staff.user_id)?;
    let otpauth_uri = totp::otpauth_uri(&secret, issuer, &name);
    Ok(Enrolment { user_id: staff.user_id, otpauth_uri, recovery_codes })
}

/// Confirms the enrolment with the first valid code of the authenticator.
pub fn confirm(
    tx: &Tx,
    cipher: &CardCipher,
    user_id: UserId,
    code: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    let staff = sql::find(tx, user_id)?.ok_or(AppError::NotFound)?;
    if staff.disabled {
        return Err(AppError::StaffDisabled);
    }
    if staff.confirmed {
        return Err(AppError::AlreadyEnrolled);
    }
    let secret = unseal(cipher, &staff)?;
    match totp::check_code(&secret, code.trim(), now, staff.last_used_step) {
        CodeCheck::Fresh(step) => sql::accept_step(tx, user_id, step, now),
        CodeCheck::Reused => Err(AppError::CodeReused),
        CodeCheck::Wrong => Err(AppError::InvalidCode),
    }
}

/// Disables the staff member: he can no longer sign in, and his console sessions end.
pub fn disable(
    tx: &Tx,
    user_id: UserId,
    reason: &DisableReason,
    now: Timestamp,
) -> Result<(), AppError> {
    let staff = sql::find(tx, user_id)?.ok_or(AppError::NotFound)?;
    if staff.disabled {
        return Err(AppError::StaffDisabled);
    }
    sql::disable(tx, user_id, reason.as_str(), now)?;
    sessions::end_all(tx, user_id, now)?;
    Ok(())
}

/// A new TOTP secret and new recovery codes (the old ones stop working), the enrolment to
/// confirm again; a new passphrase hash too when given. His console sessions end (whoever held
/// the old factor is out); a disabled member stays disabled.
pub fn reset(
    tx: &Tx,
    cipher: &CardCipher,
    (user_id, passphrase_hash): (UserId, Option<&str>),
    issuer: &str,
    now: Timestamp,
) -> Result<Enrolment, AppError> {
    let staff = sql::find(tx, user_id)?.ok_or(AppError::NotFound)?;
    let secret = TotpSecret::generate();
    let sealed = seal(cipher, user_id, &secret)?;
    sql::replace_secret(tx, user_id, (&sealed, passphrase_hash), now)?;
    let recovery_codes = replace_recovery_codes(tx, user_id)?;
    sessions::end_all(tx, user_id, now)?;
    let otpauth_uri = totp::otpauth_uri(&secret, issuer, &staff.name);
    Ok(Enrolment { user_id, otpauth_uri, recovery_codes })
}

/// Every staff member, by id (at most `types::LIST_MAX`).
pub fn list(connection: &Connection) -> Result<Vec<StaffSummary>, AppError> {
    sql::list(connection)
}

/// The staff member `user_id` as `list` shows him; `NotFound` for a user who is not staff.
pub fn show(connection: &Connection, user_id: UserId) -> Result<StaffSummary, AppError> {
    sql::list(connection)?.into_iter().find(|staff| staff.id == user_id).ok_or(AppError::NotFound)
}

/// What a staff member may do: the permissions of his role (`role_permissions`, from
/// `console.roles`) and those granted to his own account, sorted, each once.
pub fn permissions(
    connection: &Connection,
    user_id: UserId,
    role_permissions: &[String],
) -> Result<Vec<String>, AppError> {
    let mut held = super::grants::grants(connection, user_id)?.permissions;
    held.extend_from_slice(role_permissions);
    held.sort();
    held.dedup();
    Ok(held)
}

/// What a console sign-in is checked against: the TOTP secrets' cipher, the throttle's limits
/// (`auth.login_max_failures_per_account` and `_per_address`, as for players, counted apart
/// from the players' own) and how long the session it starts lives.
pub struct SignInRules<'a> {
    pub cipher: &'a CardCipher,
    pub throttle: &'a std::sync::Arc<AuthSettings>,
    pub lifetimes: Lifetimes,
}

/// A sign-in that passed: the staff member and his new session.
pub struct SignedIn {
    pub member: StaffMember,
    pub session: StartedSession,
}

/// Checks a console sign-in and starts its session: the throttle (per account and per
/// address: `throttled` while locked), the passphrase (through the hash pool, a dummy hash for
/// an account that is not staff), then that the member is enabled and enrolled, then a TOTP
/// code (a step newer than the last accepted, which is stored) or an unused recovery code
/// (which is used up). A refusal writes only its count towards the throttle
/// (`SignInRefusal::counts_as_failure`).
pub async fn sign_in(
    db: &Db,
    rules: SignInRules<'_>,
    attempt: SignInAttempt,
    now: Timestamp,
) -> Result<Result<SignedIn, SignInRefusal>, AppError> {
    let (account, address) = (attempt.account.trim().to_lowercase(), attempt.address);
    let throttle_address = format!("staff:{address}");
    let (found, throttle_account) = {
        let throttle_address = throttle_address.clone();
        db.read(move |connection| {
            throttle::check(connection, Scope::Address, &throttle_address, now)?;
            let found = match super::find_user(connection, &account) {
                Ok(user_id) => sql::find(connection, user_id)?,
                Err(AppError::NotFound) => None,
                Err(other) => return Err(other),
            };
            let throttle_account = match &found {
                Some(staff) => format!("staff:user:{}", staff.user_id),
                None => format!("staff:name:{account}"),
            };
            throttle::check(connection, Scope::Account, &throttle_account, now)?;
            Ok((found, throttle_account))
        })
        .await?
    };
    let too_long = attempt.passphrase.chars().count() > types::PASSPHRASE_CHARS_MAX;
    let stored_hash = found.as_ref().map(|staff| staff.passphrase_hash.clone());
    let passphrase_ok = !too_long
        && super::hashing::POOL.verify(attempt.passphrase, stored_hash).await?
        && found.is_some();
    let checked = Checked {
        user_id: found.filter(|_| passphrase_ok).map(|staff| staff.user_id),
        code: attempt.code,
        throttle_keys: (throttle_account, throttle_address),
        address,
    };
    let (cipher, settings, lifetimes) =
        (rules.cipher.clone(), rules.throttle.clone(), rules.lifetimes);
    db.write(move |tx| {
        // Again on the writer, where failures are counted: concurrent attempts all pass the
        // read's check, and would otherwise get more guesses than the limit allows.
        throttle::check(tx, Scope::Address, &checked.throttle_keys.1, now)?;
        throttle::check(tx, Scope::Account, &checked.throttle_keys.0, now)?;
        let outcome = match checked.user_id {
            Some(user_id) => finish_sign_in(tx, &cipher, user_id, &checked.code, now)?,
            None => Err(SignInRefusal::WrongPassphrase),
        };
        let (account_key, address_key) = &checked.throttle_keys;
        match outcome {
            Ok(member) => {
                throttle::clear(tx, Scope::Account, account_key)?;
                let session =
                    sessions::start(tx, member.user_id, &checked.address, lifetimes, now)?;
                Ok(Ok(SignedIn { member, session }))
            }
            Err(refusal) => {
                if refusal.counts_as_failure() {
                    throttle::record_failure(tx, Scope::Account, account_key, &settings, now)?;
                    throttle::record_failure(tx, Scope::Address, address_key, &settings, now)?;
                }
                Ok(Err(refusal))
            }
        }
    })
    .await
}

/// What the read half of `sign_in` found: the staff member whose passphrase matched, if any.
struct Checked {
    user_id: Option<UserId>,
    code: String,
    /// The account's and the address's keys in `login_failures`, apart from the players'.
    throttle_keys: (String, String),
    address: String,
}

/// The second half of `sign_in`, on the writer: the row as it is now, then the code.
fn finish_sign_in(
    tx: &Tx,
    cipher: &CardCipher,
    user_id: UserId,
    code: &str,
    now: Timestamp,
) -> Result<Result<StaffMember, SignInRefusal>, AppError> {
    let Some(staff) = sql::find(tx, user_id)? else {
        return Ok(Err(SignInRefusal::WrongPassphrase));
    };
    if staff.disabled {
        return Ok(Err(SignInRefusal::Disabled));
    }
    if !staff.confirmed {
        return Ok(Err(SignInRefusal::NotEnrolled));
    }
    let code = code.trim();
    let checked = if code.len() == totp::DIGITS as usize && code.bytes().all(|b| b.is_ascii_digit())
    {
        check_totp(tx, cipher, &staff, code, now)?
    } else {
        check_recovery_code(tx, user_id, code, now)?
    };
    Ok(checked.map(|()| StaffMember { user_id, name: staff.name, role: staff.role }))
}

fn check_totp(
    tx: &Tx,
    cipher: &CardCipher,
    staff: &sql::StaffRow,
    code: &str,
    now: Timestamp,
) -> Result<Result<(), SignInRefusal>, AppError> {
    let secret = unseal(cipher, staff)?;
    Ok(match totp::check_code(&secret, code, now, staff.last_used_step) {
        CodeCheck::Fresh(step) => {
            sql::accept_step(tx, staff.user_id, step, now)?;
            Ok(())
        }
        CodeCheck::Reused => Err(SignInRefusal::CodeReused),
        CodeCheck::Wrong => Err(SignInRefusal::WrongCode),
    })
}

fn check_recovery_code(
    tx: &Tx,
    user_id: UserId,
    code: &str,
    now: Timestamp,
) -> Result<Result<(), SignInRefusal>, AppError> {
    let hash = recovery_code_hash(code);
    Ok(match sql::recovery_code_used(tx, user_id, &hash)? {
        Some(false) => {
            sql::use_recovery_code(tx, user_id, &hash, now)?;
            Ok(())
        }
        Some(true) => Err(SignInRefusal::CodeReused),
        None => Err(SignInRefusal::WrongCode),
    })
}

/// What the sealed secret is bound to: a sealed secret copied to another row does not open.
fn sealed_for(user_id: UserId) -> Vec<u8> {
    format!("staff_totp:{user_id}").into_bytes()
}

fn seal(cipher: &CardCipher, user_id: UserId, secret: &TotpSecret) -> Result<String, AppError> {
    cipher.encrypt(secret.as_bytes(), &sealed_for(user_id))
}

fn unseal(cipher: &CardCipher, staff: &sql::StaffRow) -> Result<TotpSecret, AppError> {
    let bytes = cipher.decrypt(&staff.totp_secret, &sealed_for(staff.user_id))?;
    TotpSecret::from_bytes(&bytes)
        .ok_or_else(|| anyhow::anyhow!("a sealed TOTP secret has the wrong length").into())
}

/// New recovery codes for `user_id` in place of the old, returned as shown (`xxxx-xxxx-xxxx`).
fn replace_recovery_codes(tx: &Tx, user_id: UserId) -> Result<Vec<String>, AppError> {
    let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| new_recovery_code()).collect();
    let hashes: Vec<String> = codes.iter().map(|code| recovery_code_hash(code)).collect();
    sql::replace_recovery_codes(tx, user_id, &hashes)?;
    Ok(codes)
}

fn new_recovery_code() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 8];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let letters = data_encoding::BASE32_NOPAD.encode(&bytes).to_lowercase();
    let letters = &letters[..RECOVERY_CODE_LETTERS];
    format!("{}-{}-{}", &letters[..4], &letters[4..8], &letters[8..])
}

/// SHA-256 of a recovery code as typed, without dashes, spaces or case: a code of 60 random
/// bits needs no slow hash (as session tokens).
fn recovery_code_hash(code: &str) -> String {
    let normalized: String = code
        .chars()
        .filter(|character| !matches!(character, '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    hex::encode(Sha256::digest(normalized.as_bytes()))
}

/// Hashes a passphrase through the bounded pool, as login passwords are.
pub async fn hash_passphrase(passphrase: types::Passphrase) -> Result<String, AppError> {
    super::hash_secret_blocking(passphrase.as_str().to_string()).await
}
