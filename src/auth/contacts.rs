//! Changing the email address and the phone number, each proven by a code sent to the new
//! one with purpose `bind` (index/send_email_mobile, logged in).

use super::codes::{self, CodeCheck};
use super::types::{CodePurpose, Email, Phone, VerificationCode};
use super::{AuthSettings, sql};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::{AppError, Committed};
use crate::ids::UserId;
use serde::Deserialize;

/// New email fields as sent (api/personal/setemail, user/changeemail).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct EmailBindingForm {
    #[serde(alias = "target")]
    pub email: Option<String>,
    /// The code sent to this email with purpose `bind`.
    pub code: Option<String>,
}

pub struct EmailBinding {
    email: Email,
    code: VerificationCode,
}

impl EmailBinding {
    pub fn parse(form: EmailBindingForm) -> Result<EmailBinding, AppError> {
        let (Some(email), Some(code)) = (form.email, form.code) else {
            return Err(AppError::MissingParams);
        };
        Ok(EmailBinding { email: Email::parse(&email)?, code: VerificationCode::parse(&code)? })
    }
}

/// Sets the email once the code matches; a wrong code still uses up an attempt.
pub fn bind_email(
    tx: &Tx,
    (user_id, address): (UserId, &str),
    binding: &EmailBinding,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<()>, AppError> {
    let (email, player) = (binding.email.as_str(), format!("user:{user_id}"));
    // Logged in: the checks count per player and per client address.
    let check = CodeCheck {
        target: email,
        purpose: CodePurpose::Bind,
        code: &binding.code,
        address,
        player: Some(&player),
    };
    if let Committed::Refused(error) = codes::consume(tx, &check, settings, now)? {
        return Ok(Committed::Refused(error));
    }
    let changes = sql::ProfileChanges { nickname: None, email: Some(email), tax_number: None };
    sql::update_profile_fields(tx, user_id, &changes)?;
    Ok(Committed::Done(()))
}

/// New phone fields as sent (api/personal/setmobile, user/changemobile).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct PhoneBindingForm {
    #[serde(alias = "mobile", alias = "target")]
    pub phone: Option<String>,
    /// The code sent to this phone with purpose `bind`.
    pub code: Option<String>,
}

pub struct PhoneBinding {
    phone: Phone,
    code: VerificationCode,
}

impl PhoneBinding {
    pub fn parse(
        form: PhoneBindingForm,
        settings: &AuthSettings,
    ) -> Result<PhoneBinding, AppError> {
        let (Some(phone), Some(code)) = (form.phone, form.code) else {
            return Err(AppError::MissingParams);
        };
        Ok(PhoneBinding {
            phone: Phone::parse(&phone, &settings.phone_pattern)?,
            code: VerificationCode::parse(&code)?,
        })
    }
}

/// Moves the account to a new phone number once the code matches. The phone number is also
/// the login, so from now on the player logs in with the new number (or their login name);
/// `phone_taken` when any account, this one included, already has it.
pub fn bind_phone(
    tx: &Tx,
    (user_id, address): (UserId, &str),
    binding: &PhoneBinding,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<()>, AppError> {
    let phone = binding.phone.as_str();
    if sql::phone_registered(tx, phone)? {
        return Err(AppError::PhoneTaken);
    }
    let player = format!("user:{user_id}");
    let check = CodeCheck {
        target: phone,
        purpose: CodePurpose::Bind,
        code: &binding.code,
        address,
        player: Some(&player),
    };
    if let Committed::Refused(error) = codes::consume(tx, &check, settings, now)? {
        return Ok(Committed::Refused(error));
    }
    sql::set_phone(tx, user_id, phone)?;
    Ok(Committed::Done(()))
}
