//! Player accounts: registration, login, sessions, verification codes, password reset, and
//! the operator's account commands.

pub mod addresses;
mod admin;
pub mod agreements;
mod avatar;
pub mod codes;
mod contacts;
pub mod grants;
pub mod hashing;
pub mod permissions;
mod profile;
mod recovery;
mod register;
pub mod security;
mod sql;
pub mod staff;
pub mod team;
mod throttle;
pub mod types;

pub use admin::{
    LoginRecord, NewUser, UserDetail, UserSearch, UserSummary, count_users, create_user, find_user,
    freeze, grant_admin, list_users, operator_label, recent_logins, reset_fund_password,
    search_users, set_password, set_vip_level, temporary_password, unfreeze, user_detail,
    vip_level,
};
pub use avatar::{AVATAR_URL_PREFIX, admit_upload, avatar_dir, avatar_file, replace_avatar};
pub use contacts::{EmailBinding, EmailBindingForm, PhoneBinding, PhoneBindingForm};
pub use contacts::{bind_email, bind_phone};
pub use profile::{ProfileFields, ProfileForm, ProfileUpdate, profile_fields, real_name};
pub use profile::{store_real_name, update_profile_fields};
pub use recovery::{
    CodeForm, CodeRequest, PasswordReset, PasswordResetForm, reset_password, send_code,
};
pub use register::{Registration, RegistrationForm, players_registered, register};
pub use team::direct_invitees;

use crate::clock::Timestamp;
use crate::config::{AppConfig, AuthConfig, CodeDelivery};
use crate::db::{Db, Tx};
use crate::error::{AppError, Committed};
use crate::ids::UserId;
use crate::rate_limit::Limit;
use rusqlite::Connection;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use throttle::Scope;
use types::LoginPassword;

/// The account rules of the running config, with the phone pattern compiled once.
pub struct AuthSettings {
    pub phone_pattern: regex::Regex,
    pub require_invite: bool,
    pub require_code: bool,
    /// When sessions end (`auth.session_max_secs`, `auth.session_idle_secs`).
    pub sessions: SessionLimits,
    pub code_ttl_secs: i64,
    pub code_max_attempts: i64,
    pub code_resend_secs: i64,
    pub code_delivery: CodeDelivery,
    pub code_webhook_url: String,
    pub login_max_failures_per_account: i64,
    pub login_max_failures_per_address: i64,
    pub login_lock_secs: i64,
    pub code_sends_per_address: Limit,
    pub code_sends_per_target: Limit,
    pub code_checks_per_address: Limit,
    pub code_checks_per_target: Limit,
    /// Wrong codes a target takes before it locks for `code_lock_secs`.
    pub code_failures_per_target: Limit,
    pub registrations_per_address: Limit,
    /// Avatar uploads per player and per client address (`admit_upload`).
    pub avatar_uploads_per_player: Limit,
    pub avatar_uploads_per_address: Limit,
    /// Wrong fund passwords per player and per client address before a lock.
    pub fund_password_failures_per_account: i64,
    pub fund_password_failures_per_address: i64,
    /// The agreements in force (`[[app.agreements]]`), accepted at registration.
    pub agreements: Vec<agreements::AgreementVersion>,
    /// Each location's code and compiled phone pattern (`[[app.locations]]`): a registration
    /// naming a location is checked against its pattern instead of `phone_pattern`.
    pub location_patterns: Vec<(String, regex::Regex)>,
    /// The legal age registration asks to confirm (`[protection]`).
    pub age: AgeRule,
}

/// The age rule of registration: `legal_age`, whether a date of birth is required, and the
/// operator's time zone the age is counted in.
#[derive(Clone, Debug)]
pub struct AgeRule {
    pub legal_age: u32,
    pub require_birth_date: bool,
    pub timezone: chrono_tz::Tz,
}

/// A day and an hour, the windows of the daily and hourly limits.
const DAY_SECS: i64 = 86_400;
const HOUR_SECS: i64 = 3_600;

impl AuthSettings {
    pub fn from_config(config: &AuthConfig) -> anyhow::Result<AuthSettings> {
        let limit = |scope, max, window_secs| Limit { scope, max, window_secs };
        Ok(AuthSettings {
            phone_pattern: regex::Regex::new(&config.phone_pattern)?,
            require_invite: config.require_invite,
            require_code: config.require_code,
            sessions: SessionLimits {
                max_secs: config.session_max_secs,
                idle_secs: config.session_idle_secs,
            },
            code_ttl_secs: config.code_ttl_secs,
            code_max_attempts: config.code_max_attempts,
            code_resend_secs: config.code_resend_secs,
            code_delivery: config.code_delivery,
            code_webhook_url: config.code_webhook_url.clone(),
            login_max_failures_per_account: config.login_max_failures_per_account,
            login_max_failures_per_address: config.login_max_failures_per_address,
            login_lock_secs: config.login_lock_secs,
            code_sends_per_address: limit(
                "code_send_address",
                config.code_sends_per_address_day,
                DAY_SECS,
            ),
            code_sends_per_target: limit(
                "code_send_target",
                config.code_sends_per_target_day,
                DAY_SECS,
            ),
            code_checks_per_address: limit(
                "code_check_address",
                config.code_checks_per_address_day,
                DAY_SECS,
            ),
            code_checks_per_target: limit(
                "code_check_target",
                config.code_checks_per_target_day,
                DAY_SECS,
            ),
            code_failures_per_target: limit(
                "code_failure_target",
                config.code_failures_per_target,
                config.code_lock_secs,
            ),
            registrations_per_address: limit(
                "register_address",
                config.registrations_per_address_hour,
                HOUR_SECS,
            ),
            avatar_uploads_per_player: limit(
                "avatar_player",
                config.avatar_uploads_per_hour,
                HOUR_SECS,
            ),
            avatar_uploads_per_address: limit(
                "avatar_address",
                config.avatar_uploads_per_hour,
                HOUR_SECS,
            ),
            fund_password_failures_per_account: config.fund_password_failures_per_account,
            fund_password_failures_per_address: config.fund_password_failures_per_address,
            agreements: Vec::new(),
            location_patterns: Vec::new(),
            age: AgeRule { legal_age: 18, require_birth_date: false, timezone: chrono_tz::UTC },
        })
    }

    /// Adds the age rule of `[protection]`, counted in the operator's `timezone`.
    pub fn with_age_rule(
        mut self,
        protection: &crate::config::ProtectionConfig,
        timezone: chrono_tz::Tz,
    ) -> AuthSettings {
        self.age = AgeRule {
            legal_age: protection.legal_age,
            require_birth_date: protection.require_birth_date,
            timezone,
        };
        self
    }

    /// Adds the agreements and locations of `[app]`, which registration checks.
    pub fn with_app(mut self, app: &AppConfig) -> anyhow::Result<AuthSettings> {
        self.agreements = agreements::AgreementVersion::from_config(&app.agreements);
        self.location_patterns = app
            .locations
            .iter()
            .map(|location| {
                Ok((location.code.clone(), regex::Regex::new(&location.phone_pattern)?))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(self)
    }
}

/// A fresh login: the token goes to the client once; only its hash is stored.
#[derive(Debug)]
pub struct SessionGrant {
    pub token: String,
    pub user_id: UserId,
}

/// When sessions end: `max_secs` after the login however active they are, and earlier once
/// unused for `idle_secs`.
#[derive(Clone, Copy, Debug)]
pub struct SessionLimits {
    pub max_secs: i64,
    pub idle_secs: i64,
}

/// A session's last use is written at most this often: a write per request would put every
/// read of the app on the single writer under load, and a few minutes are nothing against an
/// idle expiry of days (the idle expiry may come up to this much early).
pub const SESSION_TOUCH_SECS: i64 = 300;
const _: () = assert!(SESSION_TOUCH_SECS * 2 <= crate::config::SESSION_IDLE_SECS_MIN);

/// The user a request's session token names.
#[derive(Clone, Debug)]
pub struct SessionUser {
    pub user_id: UserId,
    pub token_hash: String,
    /// When the session ends unless revoked earlier or left unused (absolute expiry).
    pub expires_at: Timestamp,
    /// When the session's use was last recorded.
    pub last_seen_at: Timestamp,
    /// When the player logged in (the reality check counts from it).
    pub started_at: Timestamp,
}

impl SessionUser {
    /// Whether a use at `now` is to be recorded (`touch_session`).
    pub fn needs_touch(&self, now: Timestamp) -> bool {
        now - self.last_seen_at >= SESSION_TOUCH_SECS
    }
}

/// Records a use of the session at `now` (its idle expiry starts again).
pub fn touch_session(tx: &Tx, token_hash: &str, now: Timestamp) -> Result<(), AppError> {
    sql::touch_session(tx, token_hash, now)
}

/// Hashes a login password on the calling thread: for fixtures and tools outside the server,
/// which hashes through the bounded pool (`hash_password_blocking`).
pub fn hash_password(password: &LoginPassword) -> Result<String, AppError> {
    hashing::hash_outside_pool(password.as_str())
}

/// Hashes through the bounded pool, off the async threads.
pub async fn hash_password_blocking(password: LoginPassword) -> Result<String, AppError> {
    hashing::POOL.hash(password.as_str().to_string()).await
}

/// Hashes a fund password through the bounded pool (the operator's reset).
pub async fn hash_fund_password_blocking(
    password: types::FundPassword,
) -> Result<String, AppError> {
    hash_secret_blocking(password.as_str().to_string()).await
}

/// `hash_password_blocking` for a fund password or other secret.
async fn hash_secret_blocking(secret: String) -> Result<String, AppError> {
    hashing::POOL.hash(secret).await
}

/// Whether `secret` matches `stored_hash`, checked through the bounded pool.
async fn secret_matches_blocking(secret: String, stored_hash: String) -> Result<bool, AppError> {
    hashing::POOL.verify(secret, Some(stored_hash)).await
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
    let stored_hash = credentials.as_ref().map(|found| found.password_hash.clone());
    // Without an account, a dummy hash is checked: timing does not reveal which exist.
    let password_ok = hashing::POOL.verify(attempt.password, stored_hash).await?;
    let settings = settings.clone();
    let checked = CheckedLogin { credentials, password_ok, account_key, address: attempt.address };
    db.write(move |tx| finish_login(tx, &checked, &settings, now)).await?.into_result()
}

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
) -> Result<Committed<SessionGrant>, AppError> {
    let CheckedLogin { credentials, password_ok, account_key, address } = checked;
    let password_ok = *password_ok;
    // Again here, where failures are counted: concurrent attempts all pass the read-side check,
    // and without this they would get more password checks than the limit allows.
    throttle::check(tx, Scope::Address, address, now)?;
    throttle::check(tx, Scope::Account, account_key, now)?;
    match credentials {
        Some(found) if password_ok && found.frozen => {
            Ok(Committed::Refused(AppError::AccountFrozen))
        }
        Some(found) if password_ok => {
            throttle::clear(tx, Scope::Account, account_key)?;
            Ok(Committed::Done(start_session(
                tx,
                (found.user_id, address.as_str()),
                settings,
                now,
            )?))
        }
        _ => {
            throttle::record_failure(tx, Scope::Account, account_key, settings, now)?;
            throttle::record_failure(tx, Scope::Address, address, settings, now)?;
            Ok(Committed::Refused(AppError::LoginFailed))
        }
    }
}

/// The per-account throttle counts per user, whichever of phone or login name is typed;
/// attempts on names that match no account count per name.
fn throttle_key(user_id: Option<UserId>, account: &str) -> String {
    match user_id {
        Some(user_id) => format!("user:{user_id}"),
        None => format!("name:{account}"),
    }
}

/// Starts a session of `user_id` for a client at `address` (kept for the operator's
/// `admin user show`).
fn start_session(
    tx: &Tx,
    (user_id, address): (UserId, &str),
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<SessionGrant, AppError> {
    use rand::RngCore;
    let mut secret = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    let token = hex::encode(secret);
    let session = sql::NewSession {
        token_hash: &hash_token(&token),
        user_id,
        address,
        expires_at: now + settings.sessions.max_secs,
    };
    sql::insert_session(tx, &session, now)?;
    Ok(SessionGrant { token, user_id })
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The user of a live session; `login_required` when missing, expired (past its absolute
/// or idle expiry) or revoked, and `account_frozen` when the account is frozen (so the client
/// logs out). The caller records the use when `needs_touch` says so.
pub fn session_user(
    connection: &Connection,
    token: &str,
    limits: SessionLimits,
    now: Timestamp,
) -> Result<SessionUser, AppError> {
    session_by_hash(connection, hash_token(token.trim()), limits, now)
}

/// `session_user` for a session known by its token hash (a live stream's ticket names one).
pub fn session_by_hash(
    connection: &Connection,
    token_hash: String,
    limits: SessionLimits,
    now: Timestamp,
) -> Result<SessionUser, AppError> {
    let session = sql::session(connection, &token_hash)?.ok_or(AppError::LoginRequired)?;
    if session.frozen {
        return Err(AppError::AccountFrozen);
    }
    if session.revoked {
        return Err(AppError::SessionEnded);
    }
    let idle_until = session.last_seen_at + limits.idle_secs;
    if session.expires_at <= now || idle_until <= now {
        return Err(AppError::LoginRequired);
    }
    Ok(SessionUser {
        user_id: session.user_id,
        token_hash,
        expires_at: session.expires_at,
        last_seen_at: session.last_seen_at,
        started_at: session.started_at,
    })
}

/// Of the sessions named by `token_hashes`, those no longer live (revoked, expired, idle too
/// long, of a frozen account, or unknown), in one query however many are named.
pub fn ended_sessions(
    connection: &Connection,
    token_hashes: &[String],
    limits: SessionLimits,
    now: Timestamp,
) -> Result<Vec<String>, AppError> {
    sql::ended_sessions(connection, token_hashes, limits.idle_secs, now)
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

/// Login fields as sent (api/login/post, user/login).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    /// Phone number or login name.
    #[serde(alias = "phone", alias = "username")]
    pub account: Option<String>,
    pub password: Option<String>,
}
