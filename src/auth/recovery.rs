//! Sending verification codes (index/send_email_mobile) and resetting a forgotten password
//! with one (user/change_pwd).

use super::codes::{self, CodeCheck};
use super::throttle::{self, Scope};
use super::types::{CodePurpose, CodeTarget, LoginPassword, Phone, VerificationCode};
use super::{AuthSettings, hashing, sql, throttle_key};
use crate::clock::Timestamp;
use crate::config::CodeDelivery;
use crate::db::{Db, Tx};
use crate::error::{AppError, Committed};
use crate::ids::UserId;
use serde::Deserialize;
use std::sync::Arc;

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

/// A request for a verification code, with the client address it counts against.
#[derive(Clone)]
pub struct CodeRequest {
    pub target: CodeTarget,
    pub purpose: CodePurpose,
    pub address: String,
    /// False for a decoy: stored and counted like any code, never delivered.
    pub(super) deliver: bool,
}

impl CodeRequest {
    pub fn parse(
        form: CodeForm,
        address: String,
        settings: &AuthSettings,
    ) -> Result<CodeRequest, AppError> {
        let (Some(target), Some(purpose)) = (form.target, form.purpose) else {
            return Err(AppError::MissingParams);
        };
        Ok(CodeRequest {
            target: CodeTarget::parse(&target, &settings.phone_pattern)?,
            purpose: CodePurpose::parse(&purpose)?,
            address,
            deliver: true,
        })
    }
}

/// Sends a code. A `forget` code for an unknown number goes through the same steps (stored,
/// counted, the same resend wait and reply) but is never delivered, and `forget` codes are
/// delivered after the reply, so neither the answer nor its timing tells who is registered.
pub async fn send_code(
    db: &Db,
    settings: &Arc<AuthSettings>,
    mut request: CodeRequest,
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
        CodePurpose::Forget => request.deliver = registered,
        _ => {}
    }
    let code = VerificationCode::generate();
    let (store_settings, store_request, store_code) =
        (settings.clone(), request.clone(), code.clone());
    let code_id = db
        .write(move |tx| codes::store(tx, &store_request, &store_code, &store_settings, now))
        .await?;
    if settings.code_delivery == CodeDelivery::Webhook && request.deliver {
        let delivery = deliver(db.clone(), settings, request.clone(), code, (code_id, now));
        if request.purpose == CodePurpose::Forget {
            // Failures are logged and the code withdrawn; the player may ask again at once.
            tokio::spawn(delivery);
        } else {
            delivery.await?;
        }
    }
    Ok(settings.code_resend_secs)
}

/// Posts the code to the webhook; a failed delivery withdraws it (`code_delivery_failed`).
fn deliver(
    db: Db,
    settings: &AuthSettings,
    request: CodeRequest,
    code: VerificationCode,
    (code_id, now): (i64, Timestamp),
) -> impl Future<Output = Result<(), AppError>> + Send + 'static {
    let (url, expires_at) = (settings.code_webhook_url.clone(), now + settings.code_ttl_secs);
    async move {
        let delivered = tokio::task::spawn_blocking(move || {
            codes::deliver_by_webhook(&url, &request.target, request.purpose, &code, expires_at)
        })
        .await
        .map_err(|error| anyhow::anyhow!("a delivery task failed: {error}"))?;
        if let Err(error) = delivered {
            db.write(move |tx| codes::withdraw(tx, code_id)).await?;
            return Err(error);
        }
        Ok(())
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

/// A forgotten-password reset (user/change_pwd), parsed, with the client address.
pub struct PasswordReset {
    pub phone: Phone,
    pub code: VerificationCode,
    pub password: LoginPassword,
    pub address: String,
}

impl PasswordReset {
    pub fn parse(
        form: PasswordResetForm,
        address: String,
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
            address,
        })
    }

    fn code_check(&self) -> CodeCheck<'_> {
        CodeCheck {
            target: self.phone.as_str(),
            purpose: CodePurpose::Forget,
            code: &self.code,
            address: &self.address,
            player: None,
        }
    }
}

/// Sets a new password after a `forget` code: the code is checked (and counted) before the
/// new password is hashed. Every session of the account ends and its login lock lifts, so a
/// player whom someone keeps locked out with wrong passwords gets in with a code.
pub async fn reset_password(
    db: &Db,
    settings: &Arc<AuthSettings>,
    reset: PasswordReset,
    now: Timestamp,
) -> Result<(), AppError> {
    let reset = Arc::new(reset);
    let (checking, checked) = (reset.clone(), settings.clone());
    let (code_id, user_id) =
        db.write(move |tx| check_reset(tx, &checking, &checked, now)).await?.into_result()?;
    let password_hash = hashing::POOL.hash(reset.password.as_str().to_string()).await?;
    db.write(move |tx| {
        if let Committed::Refused(error) = codes::use_up(tx, &reset.code_check(), code_id, now)? {
            return Ok(Committed::Refused(error));
        }
        sql::set_password_hash(tx, user_id, &password_hash)?;
        sql::revoke_sessions(tx, user_id, now)?;
        throttle::clear(tx, Scope::Account, &throttle_key(Some(user_id), reset.phone.as_str()))?;
        Ok(Committed::Done(()))
    })
    .await?
    .into_result()
}

/// The accepted code's id and the account it resets.
fn check_reset(
    tx: &Tx,
    reset: &PasswordReset,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<(i64, UserId)>, AppError> {
    let code_id = match codes::verify(tx, &reset.code_check(), settings, now)? {
        Committed::Done(code_id) => code_id,
        Committed::Refused(error) => return Ok(Committed::Refused(error)),
    };
    // A decoy code of an unknown number resets nothing.
    Ok(match sql::user_id_by_phone(tx, reset.phone.as_str())? {
        Some(user_id) => Committed::Done((code_id, user_id)),
        None => Committed::Refused(AppError::InvalidCode),
    })
}
