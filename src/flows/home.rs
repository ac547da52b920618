//! The home page (`api/index/index`): the player, his balances, the banners and the scrolling
//! announcements in his language, his unread messages, and the entries with what is new on
//! each, read from the owning domains in one read.

use crate::auth::team::{InviteeCounts, invitee_counts};
use crate::auth::{self, types::Phone};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::content::announcements::{self, types::CurrentAnnouncement};
use crate::content::items::{self, types::BannerView};
use crate::content::messages;
use crate::error::AppError;
use crate::finance::goods::{self, types::OnSale};
use crate::games::lobby::{self, GameEntry};
use crate::growth::envelopes;
use crate::growth::signin::{self, SigninSettings, types::SigninToday};
use crate::growth::tasks::{self, TaskSettings, types::TaskCounts};
use crate::growth::vip::{self, LevelProgress};
use crate::ids::UserId;
use crate::ledger;
use crate::money::Money;
use rusqlite::Connection;
use serde::Serialize;

const DAY_SECS: i64 = 86_400;

/// The home page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HomeView {
    /// The server's clock (Unix seconds), for the rooms' countdowns.
    #[schema(value_type = i64)]
    pub now: Timestamp,
    pub player: HomePlayer,
    pub balances: HomeBalances,
    /// The carousel, in the operator's order.
    pub banners: Vec<BannerView>,
    /// The scrolling line: pinned first, then newest first.
    pub announcements: Vec<CurrentAnnouncement>,
    /// Messages and announcements he has not opened (the badge of the message list).
    pub unread: i64,
    pub entries: HomeEntries,
}

/// Who is greeted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HomePlayer {
    pub nickname: String,
    pub username: String,
    /// Masked, e.g. "138****5678".
    pub phone: String,
    /// "" or a path relative to the site.
    pub avatar: String,
}

/// The player's accounts, as the wallet shows them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HomeBalances {
    #[schema(value_type = String, example = "0.00")]
    pub balance: Money,
    #[schema(value_type = String, example = "0.00")]
    pub game_balance: Money,
    /// Yu E Bao.
    #[schema(value_type = String, example = "0.00")]
    pub savings: Money,
    /// Principal in products.
    #[schema(value_type = String, example = "0.00")]
    pub invest: Money,
    /// Withdrawals awaiting payout.
    #[schema(value_type = String, example = "0.00")]
    pub frozen: Money,
}

/// The entries and what is new on each.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HomeEntries {
    /// Each game with its rooms and their open periods; `yn28` is the trading hall.
    pub games: Vec<GameEntry>,
    /// Products on sale, and the new ones among them.
    pub products: OnSale,
    pub vip: LevelProgress,
    pub invite: InviteEntry,
    pub signin: SigninToday,
    pub tasks: TaskCounts,
    pub envelopes: EnvelopeEntry,
    pub activities: ActivityEntry,
}

/// The activities entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ActivityEntry {
    /// Live activities that started within `home.new_days`.
    pub new: i64,
}

/// The invite entry: the player's code and his direct invitees, the recent ones too.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InviteEntry {
    pub invite_code: String,
    pub invitees: i64,
    /// Registered within `home.new_days`.
    pub joined_recently: i64,
}

/// The red envelope entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EnvelopeEntry {
    /// Live envelopes the player may still claim a share of.
    pub waiting: i64,
}

/// The home page of `user_id` at `now`, for a reader of `lang` (else `default_lang`).
pub fn home_view(
    connection: &Connection,
    user_id: UserId,
    (lang, default_lang): (&str, &str),
    config: &Config,
    now: Timestamp,
) -> Result<HomeView, AppError> {
    let detail = auth::user_detail(connection, user_id)?;
    let balances = ledger::balances(connection, user_id)?;
    let timezone = config.timezone();
    let new_since = now - config.home.new_days * DAY_SECS;
    let InviteeCounts { invitees, joined_since } = invitee_counts(connection, user_id, new_since)?;
    let rooms = lobby::live_rooms(connection, None, timezone, now)?;
    let task_settings = TaskSettings::from_config(config);
    let entries = HomeEntries {
        games: lobby::game_entries(rooms, now),
        products: goods::on_sale(connection, now, new_since)?,
        vip: vip::level_progress(
            connection,
            user_id,
            &config.growth.vip,
            config.home.vip_near_percent,
        )?,
        invite: InviteEntry {
            invite_code: detail.invite_code,
            invitees,
            joined_recently: joined_since,
        },
        signin: signin::today(connection, user_id, &SigninSettings::from_config(config), now)?,
        tasks: tasks::claimable(connection, user_id, &task_settings, now)?,
        envelopes: EnvelopeEntry { waiting: envelopes::waiting_for(connection, user_id, now)? },
        activities: ActivityEntry {
            new: items::activities_started_since(connection, lang, default_lang, new_since, now)?,
        },
    };
    Ok(HomeView {
        now,
        player: HomePlayer {
            nickname: detail.nickname,
            username: detail.username.unwrap_or_default(),
            phone: Phone::masked(&detail.phone),
            avatar: detail.avatar,
        },
        balances: HomeBalances {
            balance: balances.wallet,
            game_balance: balances.game,
            savings: balances.savings,
            invest: balances.invest,
            frozen: balances.frozen,
        },
        banners: items::banners_for_home(connection, lang, default_lang, now)?,
        announcements: announcements::current(connection, lang, default_lang, now)?,
        unread: messages::unread_count(connection, user_id, lang, default_lang, now)?,
        entries,
    })
}
