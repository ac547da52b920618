//! Registration: cheap checks and counting first (formats, the address's registrations, the
//! phone, the invite code, the verification code), then the argon2 hash, then the new player.

use super::codes::{self, CodeCheck};
use super::start_session;
use super::types::{CodePurpose, InviteCode, LoginName, LoginPassword, Phone, VerificationCode};
use super::{AgeRule, AuthSettings, NewUser, SessionGrant, admin, agreements, hashing, sql};
use crate::clock::Timestamp;
use crate::db::{Db, Tx};
use crate::error::{AppError, Committed};
use crate::ids::UserId;
use crate::rate_limit;
use chrono::NaiveDate;
use serde::Deserialize;
use std::sync::Arc;

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
    /// "1" (or "true", "on", "yes"): the player accepts the agreements in force. Required.
    pub agree: Option<String>,
    /// The code of the chosen location (`[[app.locations]]`): its phone pattern applies.
    pub location: Option<String>,
    /// "1" (or "true", "on", "yes"): the player confirms he has the legal age
    /// (`protection.legal_age`). Required.
    pub age_confirmed: Option<String>,
    /// YYYY-MM-DD; required with `protection.require_birth_date`.
    pub birth_date: Option<String>,
}

pub struct Registration {
    phone: Phone,
    login_name: Option<LoginName>,
    password: LoginPassword,
    invite_code: Option<InviteCode>,
    code: Option<VerificationCode>,
    birth_date: Option<NaiveDate>,
}

/// Whether a form flag says yes ("1", "true", "on", "yes").
fn says_yes(flag: Option<&str>) -> bool {
    let flag = flag.map(|text| text.trim().to_ascii_lowercase());
    matches!(flag.as_deref(), Some("1" | "true" | "on" | "yes"))
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
        if !says_yes(form.agree.as_deref()) {
            return Err(AppError::AgreementRequired);
        }
        if !says_yes(form.age_confirmed.as_deref()) {
            return Err(AppError::AgeNotConfirmed);
        }
        let birth_date = match form.birth_date.as_deref().map(str::trim) {
            None | Some("") if settings.age.require_birth_date => {
                return Err(AppError::BirthDateRequired);
            }
            None | Some("") => None,
            Some(text) => {
                Some(NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| AppError::BadParams)?)
            }
        };
        let phone_pattern = match form.location.as_deref().map(str::trim) {
            None | Some("") => &settings.phone_pattern,
            Some(code) => settings
                .location_patterns
                .iter()
                .find(|(location, _)| location.eq_ignore_ascii_case(code))
                .map(|(_, pattern)| pattern)
                .ok_or(AppError::BadParams)?,
        };
        let phone = Phone::parse(&phone, phone_pattern)?;
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
        Ok(Registration { phone, login_name, password, invite_code, code, birth_date })
    }

    pub fn password(&self) -> &LoginPassword {
        &self.password
    }

    /// `under_age` for a date of birth less than `legal_age` years before today (operator
    /// time zone); `bad_params` for one in the future.
    fn check_age(&self, rule: &AgeRule, now: Timestamp) -> Result<(), AppError> {
        let Some(birth_date) = self.birth_date else {
            return Ok(());
        };
        let today = now
            .to_datetime()
            .map(|utc| utc.with_timezone(&rule.timezone).date_naive())
            .ok_or(AppError::BadParams)?;
        let age = today.years_since(birth_date).ok_or(AppError::BadParams)?;
        if age < rule.legal_age {
            return Err(AppError::UnderAge { age: rule.legal_age });
        }
        Ok(())
    }

    fn code_check<'a>(&'a self, code: &'a VerificationCode, address: &'a str) -> CodeCheck<'a> {
        let target = self.phone.as_str();
        CodeCheck { target, purpose: CodePurpose::Register, code, address, player: None }
    }
}

/// Creates the player, their accounts and a session. Only a registration that passed every
/// cheap check, and within `registrations_per_address_hour` of its client address, costs a
/// password hash. A wrong code still uses up an attempt.
pub async fn register(
    db: &Db,
    settings: &Arc<AuthSettings>,
    registration: Registration,
    address: String,
    now: Timestamp,
) -> Result<SessionGrant, AppError> {
    registration.check_age(&settings.age, now)?;
    let registration = Arc::new(registration);
    let (checked, checking, counted) = (settings.clone(), registration.clone(), address.clone());
    let code_id = db
        .write(move |tx| check_registration(tx, &checking, &counted, &checked, now))
        .await?
        .into_result()?;
    let password_hash = hashing::POOL.hash(registration.password.as_str().to_string()).await?;
    let (settings, checked) = (settings.clone(), Checked { code_id, password_hash, address });
    db.write(move |tx| create_registered_user(tx, &registration, &checked, &settings, now))
        .await?
        .into_result()
}

/// The refusals that need no hash: too many registrations from the address, a taken phone, an
/// unknown invite code, a wrong code. Every attempt that gets this far counts against the
/// address first, whatever its answer, so `phone_taken` cannot be asked about phone after
/// phone (it is committed with the refusal). Returns the accepted code's id.
fn check_registration(
    tx: &Tx,
    registration: &Registration,
    address: &str,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<Option<i64>>, AppError> {
    rate_limit::hit(tx, settings.registrations_per_address, address, now)?;
    if let Err(refused) = inviter(tx, registration) {
        return Ok(Committed::Refused(refused));
    }
    let Some(code) = &registration.code else {
        return Ok(Committed::Done(None));
    };
    Ok(match codes::verify(tx, &registration.code_check(code, address), settings, now)? {
        Committed::Done(code_id) => Committed::Done(Some(code_id)),
        Committed::Refused(error) => Committed::Refused(error),
    })
}

/// `phone_taken` for a registered phone; the inviter of the invite code, if one was given.
fn inviter(tx: &Tx, registration: &Registration) -> Result<Option<UserId>, AppError> {
    if sql::phone_registered(tx, registration.phone.as_str())? {
        return Err(AppError::PhoneTaken);
    }
    match &registration.invite_code {
        Some(code) => Ok(Some(
            sql::user_by_invite_code(tx, code.as_str())?.ok_or(AppError::InvalidInviteCode)?,
        )),
        None => Ok(None),
    }
}

/// What the checks and the hash produced for a registration.
struct Checked {
    code_id: Option<i64>,
    password_hash: String,
    /// The client's address, stored with the first session.
    address: String,
}

fn create_registered_user(
    tx: &Tx,
    registration: &Registration,
    checked: &Checked,
    settings: &AuthSettings,
    now: Timestamp,
) -> Result<Committed<SessionGrant>, AppError> {
    let inviter_id = inviter(tx, registration)?;
    if let (Some(code), Some(code_id)) = (&registration.code, checked.code_id) {
        // The address was counted by the check; it plays no part in using the code up.
        let check = registration.code_check(code, "");
        if let Committed::Refused(error) = codes::use_up(tx, &check, code_id, now)? {
            return Ok(Committed::Refused(error));
        }
    }
    let user = NewUser {
        phone: registration.phone.clone(),
        login_name: registration.login_name.clone(),
        is_admin: false,
    };
    let user_id =
        admin::insert_user_with_accounts(tx, &user, &checked.password_hash, inviter_id, now)?;
    agreements::record_acceptances(tx, user_id, &settings.agreements, now)?;
    let birth_date = registration.birth_date.map(|date| date.format("%Y-%m-%d").to_string());
    sql::record_age_confirmation(tx, user_id, birth_date.as_deref(), now)?;
    Ok(Committed::Done(start_session(tx, (user_id, checked.address.as_str()), settings, now)?))
}

/// How many players (not operators: no `admin` role) registered in `[from, to)`.
pub fn players_registered(
    connection: &rusqlite::Connection,
    from: Timestamp,
    to: Timestamp,
) -> Result<i64, AppError> {
    let players = connection
        .prepare_cached(
            "SELECT COUNT(*) FROM users u WHERE u.created_at >= ?1 AND u.created_at < ?2
               AND NOT EXISTS (SELECT 1 FROM user_grants g
                               WHERE g.user_id = u.user_id AND g.kind = 'role' AND g.name = 'admin')",
        )?
        .query_row(rusqlite::params![from, to], |row| row.get(0))?;
    Ok(players)
}
