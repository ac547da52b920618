//! The yn28 trading hall (GAMES.md "yn28 trading hall"): a region's page with its open period,
//! latest result and four tier rooms (`api/rooms/canada|china|usa`), entering a tier room
//! (`api/rooms/enter`) and the region's trend chart (`api/trend/index`).

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::betting;
use crate::games::fairness::drawing;
use crate::games::presence::Presence;
use crate::games::records::long_board;
use crate::games::rooms;
use crate::games::rules::draw::Draw;
use crate::games::rules::room::{DrawSource, Region, Room, Tier};
use crate::games::rules::yn28::{Yn28Digits, Yn28Option};
use crate::games::schedule;
use crate::ids::UserId;
use crate::money::Money;
use anyhow::Context;
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// A region's hall page.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RegionHall {
    pub region: &'static str,
    /// The period open now (shared by the four tier rooms).
    pub issue: String,
    #[schema(value_type = i64)]
    pub close_at: Timestamp,
    #[schema(value_type = i64)]
    pub draw_at: Timestamp,
    #[schema(value_type = i64)]
    pub now: Timestamp,
    pub period_secs: i64,
    /// `{issue, values}` of the latest draw, or null before the first.
    #[schema(value_type = Option<Object>)]
    pub last: Option<Value>,
    /// Ordinary, vip, diamond, supreme.
    pub rooms: Vec<TierRoom>,
}

/// One tier room as the hall lists it; limits are the room's defaults.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TierRoom {
    pub room: String,
    pub tier: &'static str,
    #[schema(value_type = String)]
    pub entry_min: Money,
    pub is_open: bool,
    /// Distinct players with the room's live stream open now.
    pub online: usize,
    #[schema(value_type = String)]
    pub min_bet: Money,
    #[schema(value_type = String)]
    pub max_user: Money,
    #[schema(value_type = String)]
    pub max_total: Money,
    /// Open and the game balance reaches the entry minimum; null without a session.
    pub can_enter: Option<bool>,
}

/// Who looks at the hall: the player (if any) and the rooms' presence.
#[derive(Clone, Copy, Debug)]
pub struct Visitor<'a> {
    pub user_id: Option<UserId>,
    pub presence: &'a Presence,
}

/// The hall of `region` at `now`.
pub fn region_hall(
    connection: &Connection,
    region: Region,
    timezone: Tz,
    now: Timestamp,
    visitor: Visitor,
) -> Result<RegionHall, AppError> {
    let balance = match visitor.user_id {
        Some(user_id) => Some(crate::ledger::balances(connection, user_id)?.game),
        None => None,
    };
    let mut tiers = Vec::with_capacity(Tier::ALL.len());
    for tier in Tier::ALL {
        let room = Room::Yn28 { region, tier };
        let terms = betting::room_terms(connection, room)?;
        let (settings, limits) = (terms.settings, terms.limits.defaults);
        let entry_min = Money::from_minor(settings.entry_min)?;
        tiers.push((
            settings.clone(),
            TierRoom {
                room: room.code(),
                tier: tier.code(),
                entry_min,
                is_open: settings.is_open,
                online: visitor.presence.online(room),
                min_bet: limits.min_bet,
                max_user: limits.max_user,
                max_total: limits.max_total,
                can_enter: balance.map(|balance| settings.is_open && balance >= entry_min),
            },
        ));
    }
    let (ordinary, _) = tiers.first().context("a region without tier rooms")?;
    let period = schedule::open_period(connection, ordinary, timezone, now)?;
    let last = drawing::latest_draw(connection, DrawSource::Yn28(region))?;
    Ok(RegionHall {
        region: region.code(),
        issue: period.issue.to_string(),
        close_at: period.close_at,
        draw_at: period.draw_at,
        now,
        period_secs: period.period_secs,
        last: last.map(|(issue, values)| json!({"issue": issue.to_string(), "values": values})),
        rooms: tiers.into_iter().map(|(_, room)| room).collect(),
    })
}

/// `api/rooms/enter`'s reply.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Entered {
    pub room: String,
    #[schema(value_type = String)]
    pub game_balance: Money,
}

/// Lets `user_id` into `room`: refused when the operator closed it (`room_closed`) or the game
/// balance is below its entry minimum (`room_balance_too_low`).
pub fn enter(connection: &Connection, room: Room, user_id: UserId) -> Result<Entered, AppError> {
    let settings = rooms::room_settings(connection, room)?;
    if !settings.is_open {
        return Err(AppError::RoomClosed);
    }
    let game_balance = crate::ledger::balances(connection, user_id)?.game;
    if game_balance < Money::from_minor(settings.entry_min)? {
        return Err(AppError::RoomBalanceTooLow);
    }
    Ok(Entered { room: room.code(), game_balance })
}

/// `api/trend/index` as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
pub struct TrendForm {
    /// canada (default), china or usa.
    pub region: Option<String>,
    /// Draws listed, 20..=200 (default 50).
    pub limit: Option<String>,
}

/// A parsed trend request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrendQuery {
    region: Region,
    limit: u32,
}

impl TrendQuery {
    pub const LIMITS: std::ops::RangeInclusive<u32> = 20..=200;
    pub const DEFAULT_LIMIT: u32 = 50;

    pub fn parse(form: TrendForm) -> Result<TrendQuery, AppError> {
        let region = match form.region.as_deref().map(str::trim) {
            None | Some("") => Region::Canada,
            Some(code) => parse_region(code)?,
        };
        let limit = match form.limit.as_deref().map(str::trim) {
            None | Some("") => TrendQuery::DEFAULT_LIMIT,
            Some(text) => text.parse().map_err(|_| AppError::BadParams)?,
        };
        if !TrendQuery::LIMITS.contains(&limit) {
            return Err(AppError::BadParams);
        }
        Ok(TrendQuery { region, limit })
    }
}

/// A region by its code (`canada`, `china`, `usa`).
pub fn parse_region(code: &str) -> Result<Region, AppError> {
    Region::ALL.into_iter().find(|region| region.code() == code).ok_or(AppError::BadParams)
}

/// One draw of the trend chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TrendRow {
    pub issue: String,
    pub numbers: Vec<u8>,
    pub a: u8,
    pub b: u8,
    pub c: u8,
    pub sum: u8,
    pub tags: Vec<String>,
}

/// A long-dragon run of the region: `option` won the last `length` draws up to `issue`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TrendRun {
    pub option: String,
    pub length: u32,
    pub issue: String,
}

/// The trend chart of a region.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Trend {
    pub region: &'static str,
    /// Newest first.
    pub list: Vec<TrendRow>,
    /// Per window ("20", "50", "100": the latest draws), how often each tag came up.
    pub counts: BTreeMap<String, BTreeMap<String, u32>>,
    /// Runs of at least `games.long_run_min` draws, longest first.
    pub runs: Vec<TrendRun>,
}

/// The windows `counts` covers.
pub const COUNT_WINDOWS: [usize; 3] = [20, 50, 100];

/// The tag options: every yn28 option but the sums, in option order.
fn tag_options() -> impl Iterator<Item = Yn28Option> {
    Yn28Option::all().into_iter().filter(|option| !matches!(option, Yn28Option::Sum(_)))
}

/// What a result shows on the chart: the options (sums aside) it wins before special rules:
/// big|small, odd|even, the combination, extreme_big|extreme_small?, leopard|pair|straight?.
pub fn tags(digits: Yn28Digits) -> Vec<String> {
    tag_options().filter(|option| option.wins(digits)).map(|option| option.code()).collect()
}

/// The trend of `query.region`: its latest draws, tag counts and runs of at least `run_min`.
pub fn trend(connection: &Connection, query: TrendQuery, run_min: u32) -> Result<Trend, AppError> {
    let source = DrawSource::Yn28(query.region);
    let wanted = usize::try_from(query.limit).unwrap_or(usize::MAX).max(COUNT_WINDOWS[2]);
    let rows = latest_rows(connection, source, wanted)?;
    let mut counts = BTreeMap::new();
    for window in COUNT_WINDOWS {
        let mut tally: BTreeMap<String, u32> =
            tag_options().map(|option| (option.code(), 0)).collect();
        for tag in rows.iter().take(window).flat_map(|row| &row.tags) {
            *tally.entry(tag.clone()).or_default() += 1;
        }
        counts.insert(window.to_string(), tally);
    }
    let mut runs: Vec<TrendRun> = long_board::source_long_runs(connection, source, run_min)?
        .into_iter()
        .map(|run| TrendRun { option: run.option, length: run.length, issue: run.issue })
        .collect();
    runs.sort_by_key(|run| std::cmp::Reverse(run.length));
    let limit = usize::try_from(query.limit).unwrap_or(usize::MAX);
    let list = rows.into_iter().take(limit).collect();
    Ok(Trend { region: query.region.code(), list, counts, runs })
}

/// The latest `limit` draws of a yn28 source as chart rows, newest first.
fn latest_rows(
    connection: &Connection,
    source: DrawSource,
    limit: usize,
) -> Result<Vec<TrendRow>, AppError> {
    let limit = u32::try_from(limit).unwrap_or(u32::MAX);
    let mut list = Vec::new();
    for (issue, draw) in drawing::latest_draws(connection, source, limit)? {
        let Draw::Yn28(draw) = draw else {
            return Err(anyhow::anyhow!("a yn28 source stored another game's draw").into());
        };
        let digits = draw.digits();
        let [a, b, c] = digits.digits();
        let (numbers, sum, tags) = (draw.numbers().to_vec(), digits.sum(), tags(digits));
        list.push(TrendRow { issue, numbers, a, b, c, sum, tags });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags_of(digits: [u8; 3]) -> String {
        tags(Yn28Digits::new(digits).expect("digits")).join(" ")
    }

    #[test]
    fn tags_follow_the_games_definitions() {
        assert_eq!(tags_of([7, 7, 7]), "big odd big_odd leopard");
        assert_eq!(tags_of([0, 0, 0]), "small even small_even extreme_small leopard");
        assert_eq!(tags_of([9, 9, 9]), "big odd big_odd extreme_big leopard");
        assert_eq!(tags_of([1, 2, 3]), "small even small_even straight");
        assert_eq!(tags_of([9, 7, 8]), "big even big_even extreme_big straight");
        assert_eq!(tags_of([5, 5, 3]), "small odd small_odd pair");
        assert_eq!(tags_of([2, 5, 7]), "big even big_even");
        assert_eq!(tags_of([0, 2, 3]), "small odd small_odd extreme_small");
    }

    #[test]
    fn wrapping_runs_are_not_straights() {
        assert_eq!(tags_of([0, 1, 9]), "small even small_even");
        assert_eq!(tags_of([9, 0, 8]), "big odd big_odd");
        assert_eq!(tags_of([8, 9, 7]), "big even big_even extreme_big straight");
    }

    #[test]
    fn the_trend_query_defaults_and_bounds() {
        let parse = |region: Option<&str>, limit: Option<&str>| {
            let form = TrendForm { region: region.map(Into::into), limit: limit.map(Into::into) };
            TrendQuery::parse(form).map_err(|error| error.key())
        };
        let canada = TrendQuery { region: Region::Canada, limit: 50 };
        assert_eq!(parse(None, None), Ok(canada));
        assert_eq!(parse(Some("usa"), Some("200")).map(|query| query.limit), Ok(200));
        for (region, limit) in [(Some("mars"), None), (None, Some("19")), (None, Some("201"))] {
            assert_eq!(parse(region, limit), Err("bad_params"), "{region:?} {limit:?}");
        }
    }
}
