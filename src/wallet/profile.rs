//! The personal centre: what the app shows of the player (api/personal/index), composed of
//! their account fields, balances and bank card, and the update of the fields they edit
//! themselves (api/personal/setuserinfo), whose real name the bank card fixes.

use super::payout_accounts;
use crate::auth::{self, ProfileUpdate, grants::AccountType, types::Phone};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::ledger::{self, EntryKind, UserAccountKind};
use crate::money::Money;
use rusqlite::Connection;
use serde::Serialize;

/// What the app shows of the logged-in player (api/personal/index).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Profile {
    #[schema(value_type = i64)]
    pub id: UserId,
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
    /// The roles the player holds (spec section 6), sorted; `admin` grants every role.
    pub roles: Vec<String>,
    /// The permissions the player holds, sorted; `*:*:*` grants every permission.
    pub permissions: Vec<String>,
    /// "normal", "test" (the operator's test account: role `test`) or "agent" (role `agent`).
    pub account_type: AccountType,
    /// The running time-out or self-exclusion (`protection`): the app then offers only the
    /// withdrawal, the records, the statement and the protection page.
    pub exclusion: Option<ProfileExclusion>,
}

/// A running time-out or self-exclusion as the profile shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProfileExclusion {
    /// "timeout" or "self_exclusion".
    pub kind: String,
    #[schema(value_type = i64)]
    pub started_at: Timestamp,
    #[schema(value_type = i64)]
    pub until: Timestamp,
}

pub fn profile(
    connection: &Connection,
    user_id: UserId,
    now: Timestamp,
) -> Result<Profile, AppError> {
    let detail = auth::user_detail(connection, user_id)?;
    let fields = auth::profile_fields(connection, user_id)?;
    let balances = ledger::balances(connection, user_id)?;
    let grants = auth::grants::grants(connection, user_id)?;
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
        total_deposit: credited(UserAccountKind::Wallet, EntryKind::Deposit)?,
        betting_points: credited(UserAccountKind::Game, EntryKind::Bet)?,
        invite_code: detail.invite_code,
        real_name: fields.real_name,
        email: fields.email,
        tax_number: fields.tax_number,
        fund_password_set: fields.fund_password_set,
        bank_card_bound: payout_accounts::bank_card_bound(connection, user_id)?,
        account_type: AccountType::of(&grants.roles),
        roles: grants.roles,
        permissions: grants.permissions,
        exclusion: crate::protection::exclusion(connection, user_id, now)?.map(|exclusion| {
            ProfileExclusion {
                kind: exclusion.kind,
                started_at: exclusion.started_at,
                until: exclusion.until,
            }
        }),
    })
}

/// Changes the given fields; a new real name is refused once a bank card is linked.
pub fn update_profile(tx: &Tx, user_id: UserId, update: &ProfileUpdate) -> Result<(), AppError> {
    if let Some(real_name) = update.real_name() {
        payout_accounts::set_real_name(tx, user_id, real_name)?;
    }
    auth::update_profile_fields(tx, user_id, update)
}
