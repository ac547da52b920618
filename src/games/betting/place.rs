//! Placing bets: an order of one or more options, each with a stake, on the period of a room
//! open now. The order is parsed at the edge (`Order::parse`), checked against the room's
//! terms outside the writer (`RoomTerms::check`), then placed in one transaction (`place`):
//! room still open under the same rules, period not closed, per-player and all-player limits,
//! payout cap, entry minimum, and one ledger entry debiting the game balance.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::chains;
use crate::games::limits::RoomLimits;
use crate::games::records;
use crate::games::rooms::{self, RoomSettings};
use crate::games::rules::issue::Issue;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::BetOption;
use crate::games::rules::room::Room;
use crate::games::rules::settle::{GameRules, wagered};
use crate::games::rules::table::OddsTable;
use crate::games::schedule::OpenPeriod;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use anyhow::Context;
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, LazyLock, Mutex};

/// `api/rooms/betting` as sent: `bets` is a JSON array or, from a form, `bets[0][option]=..`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct OrderForm {
    pub room: Option<String>,
    /// The period the player bets on: `YYYYMMDD` + 4-digit sequence.
    pub issue: Option<String>,
    #[schema(value_type = Vec<BetLineForm>)]
    pub bets: Option<BetLinesForm>,
    /// `trade`: a yn28 buy-up (`big`) / buy-down (`small`) of at least 10.00 per line.
    pub mode: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum BetLinesForm {
    List(Vec<BetLineForm>),
    Indexed(BTreeMap<String, BetLineForm>),
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct BetLineForm {
    /// An option code of the room's game (GAMES.md "Codes").
    pub option: Option<String>,
    /// Decimal text with up to 2 places.
    pub amount: Option<String>,
}

/// One option and its stake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetLine {
    pub option: BetOption,
    pub stake: Money,
}

/// A parsed order: a known room, a well-formed issue, distinct options of the room's game
/// with positive stakes.
#[derive(Clone, Debug)]
pub struct Order {
    pub room: Room,
    pub issue: Issue,
    pub lines: Vec<BetLine>,
    /// A trade (pages/yn28/game/usdt): only big/small in a yn28 room, each of at least
    /// `TRADE_MIN_MINOR`.
    pub trade: bool,
}

/// The smallest stake of a trade line in minor units, 10.00 (GAMES.md "yn28 trading hall").
pub const TRADE_MIN_MINOR: i64 = 1_000;

/// Whether `mode` asks for a trade; anything but absent, empty or `trade` is `bad_params`.
fn is_trade(mode: Option<&str>) -> Result<bool, AppError> {
    match mode.map(str::trim) {
        None | Some("") => Ok(false),
        Some("trade") => Ok(true),
        Some(_) => Err(AppError::BadParams),
    }
}

/// A trade line buys up or down on a yn28 region's result: `big` or `small` only.
fn tradable(room: Room, option: BetOption) -> bool {
    let up_or_down = ["big", "small"].contains(&option.code().as_str());
    matches!(room, Room::Yn28 { .. }) && up_or_down
}

impl Order {
    pub fn parse(form: OrderForm) -> Result<Order, AppError> {
        let room = Room::parse(form.room.as_deref().ok_or(AppError::MissingParams)?.trim())?;
        let issue = Issue::parse(form.issue.as_deref().ok_or(AppError::MissingParams)?.trim())?;
        let trade = is_trade(form.mode.as_deref())?;
        let forms = match form.bets {
            None => Vec::new(),
            Some(BetLinesForm::List(lines)) => lines,
            Some(BetLinesForm::Indexed(lines)) => lines.into_values().collect(),
        };
        if forms.is_empty() {
            return Err(AppError::NoOption);
        }
        let mut lines: Vec<BetLine> = Vec::with_capacity(forms.len());
        for line in forms {
            let code = line.option.ok_or(AppError::NoOption)?;
            let option = BetOption::parse(room.game(), code.trim())?;
            if trade && !tradable(room, option) {
                return Err(AppError::BadParams);
            }
            let stake = crate::wallet::types::positive_amount(line.amount)?;
            if lines.iter().any(|placed| placed.option == option) {
                return Err(AppError::BadParams);
            }
            lines.push(BetLine { option, stake });
        }
        Ok(Order { room, issue, lines, trade })
    }

    /// What idempotency compares between a request and its replay.
    pub fn describe(&self) -> String {
        let lines: Vec<String> =
            self.lines.iter().map(|line| format!("{}={}", line.option, line.stake)).collect();
        let mode = if self.trade { ":trade" } else { "" };
        format!("bet:{}:{}:{}{mode}", self.room.code(), self.issue, lines.join(","))
    }

    pub fn total(&self) -> Result<Money, AppError> {
        let minor =
            self.lines.iter().try_fold(0i64, |sum, line| sum.checked_add(line.stake.minor()));
        match minor {
            Some(minor) if minor <= Money::MAX_MINOR => Ok(Money::from_minor(minor)),
            _ => Err(AppError::BetOutOfLimits),
        }
    }
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
static PARSED_TERMS: LazyLock<Mutex<HashMap<String, Arc<ParsedTerms>>>> =
    LazyLock::new(Mutex::default);

/// Reads the terms of `room`, parsing its odds, rules and limits only when their text changed.
pub fn room_terms(connection: &Connection, room: Room) -> Result<RoomTerms, AppError> {
    let (settings, odds, rules) = rooms::room_settings_text(connection, room)?;
    let limits: String = connection
        .prepare_cached("SELECT limits_json FROM rooms WHERE room = ?1")?
        .query_row([room.code()], |row| row.get(0))?;
    let texts = [odds, rules, limits];
    let poisoned = || anyhow::anyhow!("the room terms cache is poisoned");
    let cached = PARSED_TERMS.lock().map_err(|_| poisoned())?.get(&settings.room).cloned();
    let parsed = match cached.filter(|cached| cached.texts == texts) {
        Some(parsed) => parsed,
        None => {
            let parsed = Arc::new(parse_terms(texts)?);
            let mut cache = PARSED_TERMS.lock().map_err(|_| poisoned())?;
            cache.insert(settings.room.clone(), parsed.clone());
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
pub fn ensure_committed(
    connection: &Connection,
    keys: &ChainKeys,
    room: Room,
    (issue, timezone): (Issue, chrono_tz::Tz),
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
            return Err(AppError::BadParams);
        }
        if order.issue < period.issue || now >= period.close_at {
            return Err(AppError::PeriodClosed);
        }
        let mut lines = Vec::with_capacity(order.lines.len());
        for line in &order.lines {
            let code = line.option.code();
            let odds = self.odds.odds(line.option).ok_or(AppError::BadParams)?;
            let trade_min = Money::from_minor(if order.trade { TRADE_MIN_MINOR } else { 0 });
            if line.stake < self.limits.of(&code).min_bet || line.stake < trade_min {
                return Err(AppError::BetOutOfLimits);
            }
            let possible_payout =
                odds.apply(wagered(line.stake, &self.rules)).ok_or(AppError::BetOutOfLimits)?;
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
            entry_min: Money::from_minor(self.settings.entry_min),
            lines,
            total: order.total()?,
            limits: self.limits.clone(),
        })
    }
}

/// A placed order as `api/rooms/betting` returns it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlacedOrder {
    pub order_no: String,
    pub issue: String,
    #[schema(value_type = String)]
    pub game_balance: Money,
    pub bets: Vec<PlacedLine>,
}

#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PlacedLine {
    pub option: String,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = String)]
    pub odds: Odds,
}

/// Places `order` for `user_id` at `now` (the writer's clock): rechecks that the room is open
/// under the same rule version and the period still takes bets, applies the limits that
/// depend on other bets, debits the game balance and stores the lines. All or nothing.
pub fn place(
    tx: &Tx,
    user_id: i64,
    order: &PricedOrder,
    now: Timestamp,
) -> Result<PlacedOrder, AppError> {
    let room = order.room.code();
    let (is_open, rule_version): (bool, i64) = tx
        .prepare_cached("SELECT is_open, rule_version FROM rooms WHERE room = ?1")?
        .query_row([&room], |row| Ok((row.get(0)?, row.get(1)?)))?;
    if !is_open {
        return Err(AppError::RoomClosed);
    }
    if rule_version != order.rule_version {
        // The odds changed since the order was priced: the player must see the new ones.
        return Err(AppError::BadParams);
    }
    if now >= order.period.close_at {
        return Err(AppError::PeriodClosed);
    }
    // Checked here, in the write: the clock or the zone may have moved the schedule back.
    let latest = chains::latest_drawn(tx, order.room.draw_source())?;
    if latest.is_some_and(|latest| order.period.issue <= latest) {
        return Err(AppError::PeriodClosed);
    }
    let issue = order.period.issue.to_string();
    for line in &order.lines {
        check_limits(tx, (user_id, &room, &issue), line, &order.limits)?;
    }
    if order.entry_min > Money::ZERO && game_balance(tx, user_id)? < order.entry_min {
        return Err(AppError::RoomBalanceTooLow);
    }
    let order_no = next_order_no(tx, order.period.issue)?;
    let game = AccountRef::User(user_id, UserAccountKind::Game);
    let entry = Entry::new(
        EntryKind::Bet,
        game,
        AccountRef::System(SystemAccount::House),
        order.total,
        now,
    );
    let posted = ledger::transfer(tx, entry.reference(format!("order:{order_no}")).memo(&room))?;
    let game_balance =
        posted.balance_after(game).context("the bet entry posts to the game balance")?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO bets (order_no, user_id, room, issue, option, stake, odds, rule_version,
                           placed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for line in &order.lines {
        insert.execute(params![
            order_no,
            user_id,
            room,
            issue,
            line.code,
            line.stake.minor(),
            line.odds.thousandths(),
            order.rule_version,
            now
        ])?;
    }
    let lines = i64::try_from(order.lines.len()).context("lines per order")?;
    records::count_bets(tx, (user_id, &room), None, "open", lines)?;
    let bets = order
        .lines
        .iter()
        .map(|line| PlacedLine { option: line.code.clone(), amount: line.stake, odds: line.odds })
        .collect();
    Ok(PlacedOrder { order_no, issue, game_balance, bets })
}

/// The per-player and all-player limits and the payout cap of one line: adds the line to the
/// period's totals and refuses when a total passes its limit (the caller's savepoint then
/// undoes the additions).
fn check_limits(
    tx: &Tx,
    (user_id, room, issue): (i64, &str, &str),
    line: &PricedLine,
    limits: &RoomLimits,
) -> Result<(), AppError> {
    let limits = limits.of(&line.code);
    let stake = line.stake.minor();
    let mine: i64 = tx
        .prepare_cached(
            "INSERT INTO period_player_totals (user_id, room, issue, option, stake)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (room, issue, user_id, option) DO UPDATE SET stake = stake + excluded.stake
             RETURNING stake",
        )?
        .query_row(params![user_id, room, issue, line.code, stake], |row| row.get(0))?;
    let (all_stake, all_payout): (i64, i64) = tx
        .prepare_cached(
            "INSERT INTO period_option_totals (room, issue, option, stake, payout)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (room, issue, option)
             DO UPDATE SET stake = stake + excluded.stake, payout = payout + excluded.payout
             RETURNING stake, payout",
        )?
        .query_row(params![room, issue, line.code, stake, line.possible_payout.minor()], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    let within = mine <= limits.max_user.minor()
        && all_stake <= limits.max_total.minor()
        && all_payout <= limits.payout_cap.minor();
    if within { Ok(()) } else { Err(AppError::BetOutOfLimits) }
}

fn game_balance(connection: &Connection, user_id: i64) -> Result<Money, AppError> {
    ledger::balance(connection, user_id, UserAccountKind::Game)
}

/// `YYYYMMDD` of the period + the id its first line will get, zero-padded to 10 digits:
/// unique, and sortable by placement within a day. Safe because one writer places bets.
fn next_order_no(tx: &Tx, issue: Issue) -> Result<String, AppError> {
    let next: i64 = tx
        .prepare_cached("SELECT COALESCE(MAX(bet_id), 0) + 1 FROM bets")?
        .query_row([], |row| row.get(0))?;
    Ok(format!("{}{next:010}", issue.date().format("%Y%m%d")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::room::Game;

    const ISSUE: &str = "202611220001";

    fn form(room: &str, mode: Option<&str>, lines: &[(&str, &str)]) -> OrderForm {
        let lines = lines.iter().map(|(option, amount)| BetLineForm {
            option: Some((*option).to_string()),
            amount: Some((*amount).to_string()),
        });
        OrderForm {
            room: Some(room.to_string()),
            issue: Some(ISSUE.to_string()),
            bets: Some(BetLinesForm::List(lines.collect())),
            mode: mode.map(String::from),
        }
    }

    fn order(room: &str, mode: Option<&str>, lines: &[(&str, &str)]) -> Order {
        Order::parse(form(room, mode, lines)).expect("an order")
    }

    #[test]
    fn a_trade_outside_yn28_of_another_option_or_an_unknown_mode_is_bad_params() {
        let cases = [
            (form("k3", Some("trade"), &[("big", "10")]), "a trade in a non-yn28 room"),
            (form("rgb1", Some("trade"), &[("red", "10")]), "a trade in rgb"),
            (form("canada_ordinary", Some("trade"), &[("odd", "10")]), "odd is not up or down"),
            (form("usa_vip", Some("trade"), &[("big_odd", "10")]), "a combination"),
            (form("china_supreme", Some("trade"), &[("sum_13", "10")]), "a sum"),
            (
                form("canada_ordinary", Some("trade"), &[("big", "10"), ("leopard", "10")]),
                "one line of the order is not up or down",
            ),
            (form("canada_ordinary", Some("sell"), &[("big", "10")]), "an unknown mode"),
            (form("canada_ordinary", Some("TRADE"), &[("big", "10")]), "modes are lower-case"),
        ];
        for (form, description) in cases {
            assert!(matches!(Order::parse(form), Err(AppError::BadParams)), "{description}");
        }
    }

    #[test]
    fn a_trade_is_big_or_small_in_any_yn28_room_and_no_mode_is_a_plain_bet() {
        let up_down = order("canada_diamond", Some(" trade "), &[("big", "10"), ("small", "12")]);
        assert!(up_down.trade);
        assert_eq!(
            up_down.describe(),
            format!("bet:canada_diamond:{ISSUE}:big=10.00,small=12.00:trade")
        );
        assert!(order("usa_ordinary", Some("trade"), &[("small", "10")]).trade);
        for mode in [None, Some(""), Some("  ")] {
            let plain = order("canada_ordinary", mode, &[("odd", "1")]);
            assert!(!plain.trade, "{mode:?}");
            assert!(!plain.describe().ends_with(":trade"));
        }
    }

    /// The terms of a yn28 ordinary room with V8's limits and the default odds and rules.
    fn ordinary_terms(room: Room) -> RoomTerms {
        let limits = r#"{"min_bet":"1.00","max_user":"5000.00","max_total":"100000.00",
            "payout_cap":"500000.00","options":{}}"#;
        let settings = RoomSettings {
            room: room.code(),
            game: Game::Yn28.code().to_string(),
            draw_source: room.draw_source().code().to_string(),
            period_secs: 210,
            close_secs: 60,
            is_open: true,
            entry_min: 0,
            rule_version: 1,
            odds: serde_json::Value::Null,
            rules: serde_json::Value::Null,
        };
        RoomTerms {
            settings,
            odds: Arc::new(OddsTable::defaults(Game::Yn28)),
            rules: Arc::new(GameRules::defaults(Game::Yn28)),
            limits: Arc::new(serde_json::from_str(limits).expect("limits")),
        }
    }

    fn open_period() -> OpenPeriod {
        let issue = Issue::parse(ISSUE).expect("an issue");
        OpenPeriod { issue, close_at: 1_000, draw_at: 1_060, period_secs: 210 }
    }

    #[test]
    fn a_trade_line_under_ten_is_out_of_limits_where_a_plain_bet_is_taken() {
        let room = Room::parse("canada_ordinary").expect("a room");
        let terms = ordinary_terms(room);
        let check = |order: &Order| terms.check(order, open_period(), 0);
        let under = [
            order("canada_ordinary", Some("trade"), &[("small", "9.99")]),
            order("canada_ordinary", Some("trade"), &[("big", "10"), ("small", "9.99")]),
        ];
        for order in &under {
            assert!(matches!(check(order), Err(AppError::BetOutOfLimits)), "{order:?}");
        }

        let trade = check(&order("canada_ordinary", Some("trade"), &[("big", "10")]));
        let line = &trade.expect("a trade of 10.00").lines[0];
        assert_eq!(
            (line.stake, line.possible_payout),
            (Money::from_minor(1_000), Money::from_minor(2_000))
        );
        let plain = check(&order("canada_ordinary", None, &[("small", "9.99")]));
        assert_eq!(plain.expect("a plain bet").total, Money::from_minor(999));
        let below_room_min = check(&order("canada_ordinary", None, &[("small", "0.99")]));
        assert!(matches!(below_room_min, Err(AppError::BetOutOfLimits)));
    }
}
