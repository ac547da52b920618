//! The write side of a bet (`place`), in one transaction: the order priced with the writer's
//! clock, the room still open under the same rules, the period not closed, per-player and
//! all-player limits, payout cap, entry minimum, and one ledger entry debiting the game
//! balance.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::betting::order::Order;
use crate::games::betting::quote::{PricedLine, PricedOrder, Quote};
use crate::games::fairness::chains;
use crate::games::limits::RoomLimits;
use crate::games::records;
use crate::games::rooms;
use crate::games::rules::issue::Issue;
use crate::games::rules::odds::Odds;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use crate::protection::{self, Activity, PlaySession};
use anyhow::Context;
use rusqlite::{Connection, params};
use serde::Serialize;

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

/// Who places a bet: the player, and the session he bets from when he bets over HTTP (its
/// reality check applies; `protection`).
#[derive(Clone, Copy, Debug)]
pub struct Bettor<'a> {
    pub user_id: UserId,
    pub session: Option<&'a PlaySession>,
}

/// Places `order` for `bettor` at `now` (the writer's clock) on the room and period of
/// `quote`: prices it (`RoomTerms::check`), asks player protection (`protection::
/// ensure_may_play`: exclusion, reality check, loss limits), then places the priced order.
/// All or nothing.
pub fn place(
    tx: &Tx,
    bettor: Bettor<'_>,
    quote: &Quote,
    order: &Order,
    now: Timestamp,
) -> Result<PlacedOrder, AppError> {
    let priced = quote.terms.check(order, quote.period, now)?;
    let activity = Activity::Bet {
        stake: priced.total,
        session: bettor.session,
        losses: records::losses_since,
    };
    protection::ensure_may_play(tx, bettor.user_id, &activity, now)?;
    place_priced(tx, bettor.user_id, &priced, now)
}

/// Rechecks that the room is open under the same rule version and the period still takes
/// bets, applies the limits that depend on other bets, debits the game balance and stores the
/// lines.
fn place_priced(
    tx: &Tx,
    user_id: UserId,
    order: &PricedOrder,
    now: Timestamp,
) -> Result<PlacedOrder, AppError> {
    let room = order.room.code();
    let (is_open, rule_version) = rooms::open_state(tx, order.room)?;
    if !is_open {
        return Err(AppError::RoomClosed);
    }
    if rule_version != order.rule_version {
        // The odds changed since the order was priced: the player must see the new ones.
        return Err(AppError::OddsChanged);
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
    (user_id, room, issue): (UserId, &str, &str),
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

fn game_balance(connection: &Connection, user_id: UserId) -> Result<Money, AppError> {
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
