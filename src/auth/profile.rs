//! The fields of the personal centre a player edits themselves (api/personal/setuserinfo) and
//! the stored real name. Whether the real name may still change is the wallet's rule (it is
//! fixed once a bank card is linked): `wallet::update_profile` composes the whole update.

use super::sql::{self, ProfileChanges};
use super::types::{Email, Nickname, RealName, TaxNumber};
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::Connection;
use serde::Deserialize;

pub use super::sql::ProfileFields;

/// Personal-centre fields as sent (api/personal/setuserinfo); each is optional.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ProfileForm {
    /// At most 32 characters.
    pub nickname: Option<String>,
    /// At most 64 characters; fixed once a bank card is linked.
    #[serde(alias = "realname")]
    pub real_name: Option<String>,
    pub email: Option<String>,
    /// At most 32 letters, digits or dashes.
    pub tax_number: Option<String>,
}

/// The fields a player changes; the others stay as they are.
pub struct ProfileUpdate {
    nickname: Option<Nickname>,
    real_name: Option<RealName>,
    email: Option<Email>,
    tax_number: Option<TaxNumber>,
}

impl ProfileUpdate {
    /// `missing_params` when no field is given.
    pub fn parse(form: ProfileForm) -> Result<ProfileUpdate, AppError> {
        let update = ProfileUpdate {
            nickname: form.nickname.as_deref().map(Nickname::parse).transpose()?,
            real_name: form.real_name.as_deref().map(RealName::parse).transpose()?,
            email: form.email.as_deref().map(Email::parse).transpose()?,
            tax_number: form.tax_number.as_deref().map(TaxNumber::parse).transpose()?,
        };
        let given = [
            update.nickname.is_some(),
            update.real_name.is_some(),
            update.email.is_some(),
            update.tax_number.is_some(),
        ];
        if given.contains(&true) { Ok(update) } else { Err(AppError::MissingParams) }
    }

    /// The new real name, if given; `wallet::update_profile` sets it under the bank-card lock.
    pub fn real_name(&self) -> Option<&RealName> {
        self.real_name.as_ref()
    }
}

/// Changes the given nickname, email and tax number; the real name is left to
/// `wallet::update_profile`.
pub fn update_profile_fields(
    tx: &Tx,
    user_id: UserId,
    update: &ProfileUpdate,
) -> Result<(), AppError> {
    let changes = ProfileChanges {
        nickname: update.nickname.as_ref().map(Nickname::as_str),
        email: update.email.as_ref().map(Email::as_str),
        tax_number: update.tax_number.as_ref().map(TaxNumber::as_str),
    };
    sql::update_profile_fields(tx, user_id, &changes)
}

/// The player's real name, email, tax number and whether a fund password is set.
pub fn profile_fields(connection: &Connection, user_id: UserId) -> Result<ProfileFields, AppError> {
    sql::profile_fields(connection, user_id)
}

/// The player's real name, "" until set.
pub fn real_name(connection: &Connection, user_id: UserId) -> Result<String, AppError> {
    sql::real_name(connection, user_id)
}

/// Stores the real name as given. Only `wallet::payout_accounts::set_real_name` calls it: it
/// owns the rule that a linked bank card fixes the name.
pub fn store_real_name(tx: &Tx, user_id: UserId, real_name: &RealName) -> Result<(), AppError> {
    sql::set_real_name(tx, user_id, real_name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_update_needs_at_least_one_field() {
        assert!(matches!(
            ProfileUpdate::parse(ProfileForm::default()),
            Err(AppError::MissingParams)
        ));
        let form = ProfileForm { nickname: Some("Ann".into()), ..ProfileForm::default() };
        assert!(ProfileUpdate::parse(form).is_ok());
        let form = ProfileForm { email: Some("nope".into()), ..ProfileForm::default() };
        assert!(matches!(ProfileUpdate::parse(form), Err(AppError::InvalidEmail)));
    }
}
