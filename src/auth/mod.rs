//! Player accounts: registration, login, sessions, verification codes, password reset, and
//! the operator's account commands.

mod admin;
mod avatar;
pub mod codes;
mod contacts;
mod profile;
pub mod security;
mod sql;
mod throttle;
pub mod types;

pub use admin::{
    NewUser, UserDetail, UserReport, UserSummary, create_user, find_user, freeze, grant_admin,
    list_users, set_password, show_user, unfreeze,
};
pub use avatar::{AVATAR_URL_PREFIX, avatar_dir, avatar_file, replace_avatar};
pub use contacts::{EmailBinding, EmailBindingForm, PhoneBinding, PhoneBindingForm};
pub use contacts::{bind_email, bind_phone};
pub use profile::update_profile;
pub use profile::{Profile, ProfileForm, ProfileUpdate, profile, real_name, set_real_name};

use crate::clock::Timestamp;
use crate::config::{AuthConfig, CodeDelivery};
use crate::db::{Db, Tx};
use crate::error::{AppError, Outcome};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rusqlite::Connection;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use throttle::Scope;
use types::{
    CodePurpose, CodeTarget, InviteCode, LoginName, LoginPassword, Phone, VerificationCode,
};

/// The account rules of the running config, with the phone pattern compiled once.
pub struct AuthSettings {
    pub phone_pattern: regex::Regex,
    pub require_invite: bool,
    pub require_code: bool,
    pub session_ttl_secs: i64,
    pub code_ttl_secs: i64,
    pub code_max_attempts: i64,
    pub code_resend_secs: i64,
    pub code_delivery: CodeDelivery,
    pub code_webhook_url: String,
    pub login_max_failures_per_account: i64,
    pub login_max_failures_per_address: i64,
    pub login_lock_secs: i64,
}

impl AuthSettings {
    pub fn from_config(config: &AuthConfig) -> anyhow::Result<AuthSettings> {
        Ok(AuthSettings {
            phone_pattern: regex::Regex::new(&config.phone_pattern)?,
            require_invite: config.require_invite,
            require_code: config.require_code,
            session_ttl_secs: config.session_ttl_secs,
            code_ttl_secs: config.code_ttl_secs,
            code_max_attempts: config.code_max_attempts,
            code_resend_secs: config.code_resend_secs,
            code_delivery: config.code_delivery,
            code_webhook_url: config.code_webhook_url.clone(),
            login_max_failures_per_account: config.login_max_failures_per_account,
            login_max_failures_per_address: config.login_max_failures_per_address,
            login_lock_secs: config.login_lock_secs,
        })
    }
}

/// A fresh login: the token goes to the client once; only its hash is stored.
#[derive(Debug)]
pub struct SessionGrant {
    pub token: String,
    pub user_id: i64,
}

/// The user a request's session token names.
#[derive(Clone, Debug)]
pub struct SessionUser {
    pub user_id: i64,
    pub token_hash: String,
    /// When the session ends unless revoked earlier.
    pub expires_at: Timestamp,
}

/// Registration fields as sent (api/login/do_register, user/register).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct RegistrationForm {
    pub phone: Option<String>,
    pub password: Option<String>,
    pub repassword: Option<String>,
    pub invite_code: Option<String>,
    pub code: Option<String>,
    /// Optional login name (4-32 letters, digits, underscores, with a letter).
    pub username: Option<String>,
}

pub struct Registration {
    phone: Phone,
    login_name: Option<LoginName>,
    password: LoginPassword,
    invite_code: Option<InviteCode>,
    code: Option<VerificationCode>,
}

impl Registration {
    pub fn parse(
        form: RegistrationForm,
        settings: &AuthSettings,
    ) -> Result<Registration, AppError> {
        let (Some(phone), Some(password), Some(repassword)) =
            (form.phone, form.password, form.repassword)
        else {
            return Err(AppError::MissingParams);
        };
        let phone = Phone::parse(&phone, &settings.phone_pattern)?;
        let login_name = form.username.as_deref().map(LoginName::parse).transpose()?;
        let password = LoginPassword::parse_confirmed(&password, &repassword)?;
        let invite_code = match form.invite_code {
            Some(text) => Some(InviteCode::parse(&text)?),
            None if settings.require_invite => return Err(AppError::InviteRequired),
            None => None,
        };
        let code = match form.code {
            Some(text) if settings.require_code => Some(VerificationCode::parse(&text)?),
            None if settings.require_code => return Err(AppError::CodeRequired),
            _ => None,
        };
        Ok(Registration { phone, login_name, password, invite_code, code })
    }

    pub fn password(&self) -> &LoginPassword {
        &self.password
    }
}

/// Creates the player, their accounts and a session. A wrong code still uses up an attempt.
pub fn register(
    tx: &Tx,
    registration: &Registration,
    password_hash: &str,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Outcome<SessionGrant>, AppError> {
    let phone = registration.phone.as_str();
    if sql::phone_registered(tx, phone)? {
        return Err(AppError::PhoneTaken);
    }
    let inviter_id = match &registration.invite_code {
        Some(code) => {
            Some(sql::user_by_invite_code(tx, code.as_str())?.ok_or(AppError::InvalidInviteCode)?)
        }
        None => None,
    };
    if let Some(code) = &registration.code
        && let Outcome::Refused(error) = codes::consume(
            tx,
            &codes::CodeCheck { target: phone, purpose: CodePurpose::Register, code },
            settings,
            now,
        )?
    {
        return Ok(Outcome::Refused(error));
    }
    let user = NewUser {
        phone: registration.phone.clone(),
        login_name: registration.login_name.clone(),
        is_admin: false,
    };
    let user_id = admin::insert_user_with_accounts(tx, &user, password_hash, inviter_id, now)?;
    Ok(Outcome::Done(start_session(tx, user_id, settings, now)?))
}

/// Hashes a login password with argon2id (CPU- and memory-heavy: keep it off the writer thread).
pub fn hash_password(password: &LoginPassword) -> Result<String, AppError> {
    hash_secret(password.as_str())
}

/// Hashes a login or fund password with argon2id.
fn hash_secret(secret: &str) -> Result<String, AppError> {
    let salt = SaltString::generate(&mut rand::rngs::OsRng);
    let hash = argon2::Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map_err(|error| anyhow::anyhow!("while hashing a password: {error}"))?;
    Ok(hash.to_string())
}

/// `hash_secret` off the async threads.
async fn hash_secret_blocking(secret: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_secret(&secret))
        .await
        .map_err(|error| anyhow::anyhow!("a hashing task failed: {error}"))?
}

/// `password_matches` off the async threads.
async fn secret_matches_blocking(secret: String, stored_hash: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || password_matches(&secret, &stored_hash))
        .await
        .map_err(|error| anyhow::anyhow!("a password check failed: {error}").into())
}

fn password_matches(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|hash| argon2::Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
        .unwrap_or(false)
}

/// Hashes off the async threads.
pub async fn hash_password_blocking(password: LoginPassword) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|error| anyhow::anyhow!("a hashing task failed: {error}"))?
}

/// Longest account text (phone or login name) a login looks up.
const ACCOUNT_LENGTH_MAX: usize = 64;
/// Longest password text a login checks (valid ones have at most 18 characters).
const PASSWORD_LENGTH_MAX: usize = 128;

/// A login attempt as sent, with the client's address for throttling.
pub struct LoginAttempt {
    pub account: String,
    pub password: String,
    pub address: String,
}

/// Logs in by phone or login name. Locked accounts and addresses are refused before the
/// password is checked; a wrong password counts towards both locks.
pub async fn login(
    db: &Db,
    settings: &std::sync::Arc<AuthSettings>,
    attempt: LoginAttempt,
    now: Timestamp,
) -> Result<SessionGrant, AppError> {
    let account = attempt.account.trim().to_lowercase();
    if account.is_empty() || attempt.password.is_empty() {
        return Err(AppError::MissingParams);
    }
    // No phone or login name is longer; such text matches nobody and is not worth a throttle row.
    if account.len() > ACCOUNT_LENGTH_MAX || attempt.password.len() > PASSWORD_LENGTH_MAX {
        return Err(AppError::LoginFailed);
    }
    let address = attempt.address.clone();
    let (credentials, account_key) = db
        .read(move |connection| {
            throttle::check(connection, Scope::Address, &address, now)?;
            let credentials = sql::credentials(connection, &account)?;
            let account_key =
                throttle_key(credentials.as_ref().map(|found| found.user_id), &account);
            throttle::check(connection, Scope::Account, &account_key, now)?;
            Ok((credentials, account_key))
        })
        .await?;
    let password = attempt.password;
    let stored_hash = credentials.as_ref().map(|found| found.password_hash.clone());
    let password_ok = tokio::task::spawn_blocking(move || match stored_hash {
        Some(hash) => password_matches(&password, &hash),
        None => {
            // Spend the same time as for a real account, so timing does not reveal which exist.
            password_matches(&password, DUMMY_HASH);
            false
        }
    })
    .await
    .map_err(|error| anyhow::anyhow!("a password check failed: {error}"))?;
    let settings = settings.clone();
    let checked = CheckedLogin { credentials, password_ok, account_key, address: attempt.address };
    db.write(move |tx| finish_login(tx, &checked, &settings, now)).await?.into_result()
}

/// An argon2id hash of a random password, checked when the account does not exist.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0+VgSEZxkPaTOIIFo6T6FT+Dhm7jJfc4jBjDbe6AmKs";

/// What the read and the password check found out about a login attempt.
struct CheckedLogin {
    credentials: Option<sql::Credentials>,
    password_ok: bool,
    account_key: String,
    address: String,
}

fn finish_login(
    tx: &Tx,
    checked: &CheckedLogin,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Outcome<SessionGrant>, AppError> {
    let CheckedLogin { credentials, password_ok, account_key, address } = checked;
    let password_ok = *password_ok;
    // Again here, where failures are counted: concurrent attempts all pass the read-side check,
    // and without this they would get more password checks than the limit allows.
    throttle::check(tx, Scope::Address, address, now)?;
    throttle::check(tx, Scope::Account, account_key, now)?;
    match credentials {
        Some(found) if password_ok && found.frozen => Ok(Outcome::Refused(AppError::AccountFrozen)),
        Some(found) if password_ok => {
            throttle::clear(tx, Scope::Account, account_key)?;
            Ok(Outcome::Done(start_session(tx, found.user_id, settings, now)?))
        }
        _ => {
            throttle::record_failure(tx, Scope::Account, account_key, settings, now)?;
            throttle::record_failure(tx, Scope::Address, address, settings, now)?;
            Ok(Outcome::Refused(AppError::LoginFailed))
        }
    }
}

/// The per-account throttle counts per user, whichever of phone or login name is typed;
/// attempts on names that match no account count per name.
fn throttle_key(user_id: Option<i64>, account: &str) -> String {
    match user_id {
        Some(user_id) => format!("user:{user_id}"),
        None => format!("name:{account}"),
    }
}

fn start_session(
    tx: &Tx,
    user_id: i64,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<SessionGrant, AppError> {
    use rand::RngCore;
    let mut secret = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    let token = hex::encode(secret);
    sql::insert_session(tx, &hash_token(&token), user_id, now, now + settings.session_ttl_secs)?;
    Ok(SessionGrant { token, user_id })
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The user of a live session; `login_required` when missing, expired or revoked, and
/// `account_frozen` when the account is frozen (so the client logs out).
pub fn session_user(
    connection: &Connection,
    token: &str,
    now: Timestamp,
) -> Result<SessionUser, AppError> {
    session_by_hash(connection, hash_token(token.trim()), now)
}

/// `session_user` for a session known by its token hash (a live stream's ticket names one).
pub fn session_by_hash(
    connection: &Connection,
    token_hash: String,
    now: Timestamp,
) -> Result<SessionUser, AppError> {
    let session = sql::session(connection, &token_hash)?.ok_or(AppError::LoginRequired)?;
    if session.frozen {
        return Err(AppError::AccountFrozen);
    }
    if session.revoked || session.expires_at <= now {
        return Err(AppError::LoginRequired);
    }
    Ok(SessionUser { user_id: session.user_id, token_hash, expires_at: session.expires_at })
}

/// Of the sessions named by `token_hashes`, those no longer live (revoked, expired, of a
/// frozen account, or unknown), in one query however many are named.
pub fn ended_sessions(
    connection: &Connection,
    token_hashes: &[String],
    now: Timestamp,
) -> Result<Vec<String>, AppError> {
    sql::ended_sessions(connection, token_hashes, now)
}

pub fn logout(tx: &Tx, session: &SessionUser, now: Timestamp) -> Result<(), AppError> {
    tx.prepare_cached(
        "UPDATE sessions SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL",
    )?
    .execute(rusqlite::params![session.token_hash, now])?;
    let which = crate::db::EndedSessions::One(session.token_hash.clone());
    tx.note_sessions_ended(crate::db::SessionsEnded { user_id: session.user_id, which });
    Ok(())
}

/// A request for a verification code (index/send_email_mobile).
#[derive(Clone)]
pub struct CodeRequest {
    pub target: CodeTarget,
    pub purpose: CodePurpose,
}

/// Sends a code. For `forget` to an unknown number nothing is sent, but the answer is the
/// same, so the endpoint cannot be used to find out who is registered.
pub async fn send_code(
    db: &Db,
    settings: &std::sync::Arc<AuthSettings>,
    request: CodeRequest,
    logged_in: bool,
    now: Timestamp,
) -> Result<i64, AppError> {
    if request.purpose == CodePurpose::Bind && !logged_in {
        return Err(AppError::LoginRequired);
    }
    let target_text = request.target.as_str().to_string();
    let registered =
        db.read(move |connection| sql::phone_registered(connection, &target_text)).await?;
    match request.purpose {
        CodePurpose::Register if registered => return Err(AppError::PhoneTaken),
        CodePurpose::Forget if !registered => return Ok(settings.code_resend_secs),
        _ => {}
    }
    let code = VerificationCode::generate();
    let (store_settings, store_request, store_code) =
        (settings.clone(), request.clone(), code.clone());
    let code_id = db
        .write(move |tx| codes::store(tx, &store_request, &store_code, &store_settings, now))
        .await?;
    if settings.code_delivery == CodeDelivery::Webhook {
        let (url, expires_at) = (settings.code_webhook_url.clone(), now + settings.code_ttl_secs);
        let delivered = tokio::task::spawn_blocking(move || {
            codes::deliver_by_webhook(&url, &request.target, request.purpose, &code, expires_at)
        })
        .await
        .map_err(|error| anyhow::anyhow!("a delivery task failed: {error}"))?;
        if let Err(error) = delivered {
            db.write(move |tx| codes::withdraw(tx, code_id)).await?;
            return Err(error);
        }
    }
    Ok(settings.code_resend_secs)
}

/// A forgotten-password reset (user/change_pwd), parsed.
pub struct PasswordReset {
    pub phone: Phone,
    pub code: VerificationCode,
    pub password: LoginPassword,
}

/// Sets a new password after a `forget` code; every session of the account ends.
pub fn reset_password(
    tx: &Tx,
    reset: &PasswordReset,
    password_hash: &str,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Outcome<()>, AppError> {
    let phone = reset.phone.as_str();
    let check = codes::CodeCheck { target: phone, purpose: CodePurpose::Forget, code: &reset.code };
    if let Outcome::Refused(error) = codes::consume(tx, &check, settings, now)? {
        return Ok(Outcome::Refused(error));
    }
    let Some(user_id) = sql::user_id_by_phone(tx, phone)? else {
        return Ok(Outcome::Refused(AppError::InvalidCode));
    };
    sql::set_password_hash(tx, user_id, password_hash)?;
    sql::revoke_sessions(tx, user_id, now)?;
    throttle::clear(tx, Scope::Account, &throttle_key(Some(user_id), phone))?;
    Ok(Outcome::Done(()))
}

/// Login fields as sent (api/login/post, user/login).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    /// Phone number or login name.
    #[serde(alias = "phone", alias = "username")]
    pub account: Option<String>,
    pub password: Option<String>,
}

/// Verification code request fields as sent (index/send_email_mobile).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct CodeForm {
    /// Phone number or email address.
    #[serde(alias = "mobile", alias = "phone", alias = "email")]
    pub target: Option<String>,
    /// register, forget or bind.
    #[serde(alias = "type")]
    pub purpose: Option<String>,
}

impl CodeRequest {
    pub fn parse(form: CodeForm, settings: &AuthSettings) -> Result<CodeRequest, AppError> {
        let (Some(target), Some(purpose)) = (form.target, form.purpose) else {
            return Err(AppError::MissingParams);
        };
        Ok(CodeRequest {
            target: CodeTarget::parse(&target, &settings.phone_pattern)?,
            purpose: CodePurpose::parse(&purpose)?,
        })
    }
}

/// Forgotten-password fields as sent (user/change_pwd).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct PasswordResetForm {
    /// The phone number the code was sent to.
    #[serde(alias = "phone", alias = "mobile")]
    pub account: Option<String>,
    pub code: Option<String>,
    pub password: Option<String>,
    pub repassword: Option<String>,
}

impl PasswordReset {
    pub fn parse(
        form: PasswordResetForm,
        settings: &AuthSettings,
    ) -> Result<PasswordReset, AppError> {
        let (Some(account), Some(code), Some(password), Some(repassword)) =
            (form.account, form.code, form.password, form.repassword)
        else {
            return Err(AppError::MissingParams);
        };
        Ok(PasswordReset {
            phone: Phone::parse(&account, &settings.phone_pattern)?,
            code: VerificationCode::parse(&code)?,
            password: LoginPassword::parse_confirmed(&password, &repassword)?,
        })
    }
}
