//! The personal centre: what the app shows of the player (api/personal/index) and the fields
//! they edit themselves (api/personal/setuserinfo), including the real name that withdrawal
//! accounts must match.

use super::sql::{self, ProfileChanges};
use super::types::{Email, Nickname, Phone, RealName, TaxNumber};
use crate::db::Tx;
use crate::error::AppError;
use crate::ledger::{self, UserAccountKind};
use crate::money::Money;
use crate::wallet::payout_accounts;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

/// What the app shows of the logged-in player (api/personal/index).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Profile {
    pub id: i64,
    pub username: String,
    pub nickname: String,
    /// Masked, e.g. "138****5678".
    pub phone: String,
    /// "" or a path relative to the site, e.g. "media/avatars/<file>.png".
    pub avatar: String,
    pub vip_level: i64,
    #[schema(value_type = String, example = "0.00")]
    pub balance: Money,
    #[schema(value_type = String, example = "0.00")]
    pub game_balance: Money,
    /// Withdrawals awaiting payout (amount and fee).
    #[schema(value_type = String, example = "0.00")]
    pub frozen: Money,
    #[schema(value_type = String, example = "0.00")]
    pub total_deposit: Money,
    #[schema(value_type = String, example = "0.00")]
    pub betting_points: Money,
    pub invite_code: String,
    /// "" until set (by setuserinfo or by linking a bank card).
    pub real_name: String,
    pub email: String,
    pub tax_number: String,
    pub fund_password_set: bool,
    /// Once true, the bank card and the real name can no longer change.
    pub bank_card_bound: bool,
}

pub fn profile(connection: &Connection, user_id: i64) -> Result<Profile, AppError> {
    let detail = super::admin::user_detail(connection, user_id)?;
    let fields = sql::profile_fields(connection, user_id)?;
    let balances = ledger::balances(connection, user_id)?;
    let credited = |kind, entry_kind| ledger::total_credited(connection, user_id, kind, entry_kind);
    Ok(Profile {
        id: user_id,
        username: detail.username.unwrap_or_default(),
        nickname: detail.nickname,
        phone: Phone::masked(&detail.phone),
        avatar: detail.avatar,
        vip_level: detail.vip_level,
        balance: balances.wallet,
        game_balance: balances.game,
        frozen: balances.frozen,
        total_deposit: credited(UserAccountKind::Wallet, "deposit")?,
        betting_points: credited(UserAccountKind::Game, "bet")?,
        invite_code: detail.invite_code,
        real_name: fields.real_name,
        email: fields.email,
        tax_number: fields.tax_number,
        fund_password_set: fields.fund_password_set,
        bank_card_bound: payout_accounts::bank_card_bound(connection, user_id)?,
    })
}

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
}

/// Changes the given fields; a new real name is refused once a bank card is linked.
pub fn update_profile(tx: &Tx, user_id: i64, update: &ProfileUpdate) -> Result<(), AppError> {
    if let Some(real_name) = &update.real_name {
        set_real_name(tx, user_id, real_name)?;
    }
    let changes = ProfileChanges {
        nickname: update.nickname.as_ref().map(Nickname::as_str),
        email: update.email.as_ref().map(Email::as_str),
        tax_number: update.tax_number.as_ref().map(TaxNumber::as_str),
    };
    sql::update_profile_fields(tx, user_id, &changes)
}

/// The player's real name, "" until set.
pub fn real_name(connection: &Connection, user_id: i64) -> Result<String, AppError> {
    sql::real_name(connection, user_id)
}

/// Sets the real name. The same name (ignoring case) changes nothing; another one is refused
/// with `withdraw_account_locked` once a bank card is linked, since the card's holder must
/// stay the account's real name.
pub fn set_real_name(tx: &Tx, user_id: i64, real_name: &RealName) -> Result<(), AppError> {
    let current = sql::real_name(tx, user_id)?;
    if real_name.matches(&current) {
        return Ok(());
    }
    if payout_accounts::bank_card_bound(tx, user_id)? {
        return Err(AppError::WithdrawAccountLocked);
    }
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
