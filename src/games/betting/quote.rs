//! The read side of a bet: everything it needs from the database, read in one trip to the
//! read pool (`quote`), and the pricing of an order against it (`RoomTerms::check`), which the
//! write side runs with the writer's clock.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::betting::order::{Order, TRADE_MIN_MINOR};
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::chains;
use crate::games::limits::RoomLimits;
use crate::games::rooms::{self, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::BetOption;
use crate::games::rules::room::Room;
use crate::games::rules::settle::{GameRules, wagered};
use crate::games::rules::table::OddsTable;
use crate::games::schedule::{self, OpenPeriod};
use crate::money::Money;
use anyhow::Context;
use chrono_tz::Tz;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// What a bet on a room reads, whoever places it: the room's terms and its open period.
#[derive(Clone, Debug)]
pub struct Quote {
    pub terms: RoomTerms,
    pub period: OpenPeriod,
}

/// Reads what a bet on `room` at `now` needs: its terms, its open period, and that the
/// period's seed is committed with its key at hand (else `period_closed` or `room_closed`).
pub fn quote(
    connection: &Connection,
    keys: &ChainKeys,
    room: Room,
    timezone: Tz,
    now: Timestamp,
) -> Result<Quote, AppError> {
    let terms = room_terms(connection, room)?;
    let period = schedule::open_period(connection, &terms.settings, timezone, now)?;
    ensure_committed(connection, keys, room, (period.issue, timezone))?;
    Ok(Quote { terms, period })
}

/// A room's current terms, parsed: settings (odds and rules left `Null`: use the parsed
/// fields), odds, rules and limits.
#[derive(Clone, Debug)]
pub struct RoomTerms {
    pub settings: RoomSettings,
    pub odds: Arc<OddsTable>,
    pub rules: Arc<GameRules>,
    pub limits: Arc<RoomLimits>,
}

/// The stored texts of a room's odds, rules and limits, and what they parse to.
struct ParsedTerms {
    texts: [String; 3],
    odds: Arc<OddsTable>,
    rules: Arc<GameRules>,
    limits: Arc<RoomLimits>,
}

/// Parsing a room's odds table on every bet costs more than the rest of the check; the parse
/// is reused while the stored texts are unchanged (compared in full, so any edit is seen).
static PARSED_TERMS: LazyLock<Mutex<HashMap<Room, Arc<ParsedTerms>>>> =
    LazyLock::new(Mutex::default);

/// Reads the terms of `room`, parsing its odds, rules and limits only when their text changed.
pub fn room_terms(connection: &Connection, room: Room) -> Result<RoomTerms, AppError> {
    let (settings, odds, rules) = rooms::room_settings_text(connection, room)?;
    let limits = rooms::limits_text(connection, room)?;
    let texts = [odds, rules, limits];
    let poisoned = || anyhow::anyhow!("the room terms cache is poisoned");
    let cached = PARSED_TERMS.lock().map_err(|_| poisoned())?.get(&settings.room).cloned();
    let parsed = match cached.filter(|cached| cached.texts == texts) {
        Some(parsed) => parsed,
        None => {
            let parsed = Arc::new(parse_terms(texts)?);
            let mut cache = PARSED_TERMS.lock().map_err(|_| poisoned())?;
            cache.insert(settings.room, parsed.clone());
            parsed
        }
    };
    Ok(RoomTerms {
        settings,
        odds: parsed.odds.clone(),
        rules: parsed.rules.clone(),
        limits: parsed.limits.clone(),
    })
}

fn parse_terms(texts: [String; 3]) -> Result<ParsedTerms, AppError> {
    let odds = serde_json::from_str(&texts[0]).context("while decoding a room's odds")?;
    let rules = serde_json::from_str(&texts[1]).context("while decoding a room's rules")?;
    let limits = serde_json::from_str(&texts[2]).context("while decoding a room's limits")?;
    Ok(ParsedTerms {
        texts,
        odds: Arc::new(odds),
        rules: Arc::new(rules),
        limits: Arc::new(limits),
    })
}

/// Refuses a period whose seed is not committed yet (a fresh server's first open period):
/// no bet is taken before its result is fixed; and a room whose draw cannot be computed here
/// (the key of its chain is missing): its bets could only wait for a refund.
fn ensure_committed(
    connection: &Connection,
    keys: &ChainKeys,
    room: Room,
    (issue, timezone): (Issue, Tz),
) -> Result<(), AppError> {
    let Some(chain) = chains::chain_for(connection, room.draw_source(), issue)? else {
        return Err(AppError::PeriodClosed);
    };
    if chain.index_of(&chain.schedule(timezone)?, issue)?.is_none() {
        return Err(AppError::PeriodClosed);
    }
    if !keys.has(&chain) {
        tracing::error!(room = room.code(), chain = chain.seeds_id, "no key: betting refused");
        return Err(AppError::RoomClosed);
    }
    Ok(())
}

/// A line as it will be stored: its odds and what it could pay at most.
#[derive(Clone, Debug)]
pub struct PricedLine {
    pub option: BetOption,
    pub code: String,
    pub stake: Money,
    pub odds: Odds,
    pub possible_payout: Money,
}

/// An order checked against the room's terms, ready to place on `period`.
#[derive(Clone, Debug)]
pub struct PricedOrder {
    pub room: Room,
    pub period: OpenPeriod,
    pub rule_version: i64,
    pub entry_min: Money,
    pub lines: Vec<PricedLine>,
    pub total: Money,
    pub limits: Arc<RoomLimits>,
}

impl RoomTerms {
    /// Checks what needs no other bet: the room is open, `order.issue` is the period open at
    /// `now` and not closed, every stake is at least the option's minimum. Prices every line.
    pub fn check(
        &self,
        order: &Order,
        period: OpenPeriod,
        now: Timestamp,
    ) -> Result<PricedOrder, AppError> {
        if !self.settings.is_open {
            return Err(AppError::RoomClosed);
        }
        if order.issue > period.issue {
            return Err(AppError::IssueNotOpen);
        }
        if order.issue < period.issue || now >= period.close_at {
            return Err(AppError::PeriodClosed);
        }
        let mut lines = Vec::with_capacity(order.lines.len());
        for line in &order.lines {
            let code = line.option.code();
            let odds = self.odds.odds(line.option).ok_or(AppError::BadParams)?;
            let trade_min = Money::from_minor(if order.trade { TRADE_MIN_MINOR } else { 0 })?;
            if line.stake < self.limits.of(&code).min_bet || line.stake < trade_min {
                return Err(AppError::BetOutOfLimits);
            }
            let possible_payout =
                wagered(line.stake, &self.rules).and_then(|amount| odds.apply(amount));
            let possible_payout = possible_payout.ok_or(AppError::BetOutOfLimits)?;
            lines.push(PricedLine {
                option: line.option,
                code,
                stake: line.stake,
                odds,
                possible_payout,
            });
        }
        Ok(PricedOrder {
            room: order.room,
            period,
            rule_version: self.settings.rule_version,
            entry_min: Money::from_minor(self.settings.entry_min)?,
            lines,
            total: order.total()?,
            limits: self.limits.clone(),
        })
    }
}
