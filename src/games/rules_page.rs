//! A room's rules page, from its live configuration: the odds sheet of the odds and rules it
//! pays now (`rules::odds_sheet`), its bet limits, its period schedule and the seed chain that
//! draws its open period.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::betting::{self, RoomTerms};
use crate::games::fairness::chains::{self, ChainInfo};
use crate::games::limits::RoomLimits;
use crate::games::rules::odds_sheet::margins::{OptionMargin, option_margins};
use crate::games::rules::odds_sheet::{GroupSheet, SheetInput, odds_sheet};
use crate::games::rules::options::BetOption;
use crate::games::rules::room::Room;
use crate::games::rules::settle::GameRules;
use crate::games::rules::table::OddsTable;
use crate::games::schedule::{OpenPeriod, open_period};
use chrono_tz::Tz;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// What the rules page of a room shows.
#[derive(Clone, Debug)]
pub struct RulesPage {
    pub room: Room,
    pub terms: RoomTerms,
    pub period: OpenPeriod,
    /// The chain drawing the open period; None before the scheduler committed one.
    pub chain: Option<ChainInfo>,
    pub groups: Arc<Vec<GroupSheet>>,
}

/// The rules page of `room` at `now`.
pub fn rules_page(
    connection: &Connection,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<RulesPage, AppError> {
    let terms = betting::room_terms(connection, room)?;
    let period = open_period(connection, &terms.settings, timezone, now)?;
    let chain = chains::chain_at(connection, room.draw_source(), timezone, now)?;
    let groups = cached_sheet(room, &terms)?;
    Ok(RulesPage { room, terms, period, chain, groups })
}

/// The terms a computation over a room's odds sheet input was made from, and its result.
struct Cached<T> {
    odds: Arc<OddsTable>,
    rules: Arc<GameRules>,
    limits: Arc<RoomLimits>,
    value: Arc<T>,
}

/// One entry a room.
type Cache<T> = LazyLock<Mutex<HashMap<String, Arc<Cached<T>>>>>;

/// A sheet settles every value each option reads (SSC's totals 10^5 each), and so do the
/// margins: each is recomputed only when the room's odds, rules or limits changed (compared in
/// full). The margins are read by every bonus page view and release (`flows::bonus_release`).
static SHEETS: Cache<Vec<GroupSheet>> = LazyLock::new(Mutex::default);
static MARGINS: Cache<Vec<OptionMargin>> = LazyLock::new(Mutex::default);

/// `compute` over the sheet input of `room` under `terms`, from `cache` while the terms are
/// the same.
fn cached<T>(
    cache: &Cache<T>,
    room: Room,
    terms: &RoomTerms,
    compute: impl FnOnce(&SheetInput) -> Result<T, AppError>,
) -> Result<Arc<T>, AppError> {
    let poisoned = || anyhow::anyhow!("the odds sheet cache is poisoned");
    let code = room.code();
    let found = cache.lock().map_err(|_| poisoned())?.get(&code).cloned();
    let current = found.filter(|found| {
        found.odds == terms.odds && found.rules == terms.rules && found.limits == terms.limits
    });
    if let Some(found) = current {
        return Ok(found.value.clone());
    }
    let value = Arc::new(with_sheet_input(room, terms, compute)?);
    let entry = Cached {
        odds: terms.odds.clone(),
        rules: terms.rules.clone(),
        limits: terms.limits.clone(),
        value: value.clone(),
    };
    cache.lock().map_err(|_| poisoned())?.insert(code, Arc::new(entry));
    Ok(value)
}

fn cached_sheet(room: Room, terms: &RoomTerms) -> Result<Arc<Vec<GroupSheet>>, AppError> {
    cached(&SHEETS, room, terms, odds_sheet)
}

/// The edge and loss share of every option of `room` at its live odds, rules and minimum bets
/// (`odds_sheet::margins`): what the reward programmes are checked against.
pub fn room_margins(
    connection: &Connection,
    room: Room,
) -> Result<Arc<Vec<OptionMargin>>, AppError> {
    let terms = betting::room_terms(connection, room)?;
    cached(&MARGINS, room, &terms, option_margins)
}

/// Runs `compute` on the sheet input of `room` under `terms`: its draw, odds, rules and the
/// minimum bet of each option.
fn with_sheet_input<T>(room: Room, terms: &RoomTerms, compute: impl FnOnce(&SheetInput) -> T) -> T {
    let min_bet = |option: BetOption| terms.limits.of(&option.code()).min_bet;
    let input = SheetInput {
        source: room.draw_source(),
        odds: &terms.odds,
        rules: &terms.rules,
        min_bet: &min_bet,
    };
    compute(&input)
}
