//! The operator's activity report (`fairhall admin report daily|range`): money in and out,
//! betting and what it earned, what the programmes, savings and products paid, adjustments,
//! and active and new players, per operator-local day, from the ledger and (registrations)
//! `auth`.

use super::programme_cost::{self as cost, DayRange};
use crate::auth;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ledger::{self, EntryKind, KindFlow, Side, SystemAccount};
use chrono::NaiveDate;
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::Serialize;
use std::collections::BTreeMap;

/// The programmes every report lists (at zero when they paid nothing), so CSV columns stay
/// the same from day to day: the kinds of reward entries, and for `bonus` entries the
/// programme their reference names. A bonus of another programme is listed after them.
pub const REWARD_PROGRAMMES: [&str; 11] = [
    "rebate",
    "commission",
    "salary",
    "signin",
    "task",
    "envelope",
    "first_deposit",
    "cashback",
    "vip_deposit",
    "vip_upgrade",
    "bonus_release",
];

/// A sum in minor units that may be negative (gross gaming revenue) and may exceed one
/// balance's bound over a long range; shown as a decimal string such as "-12.05".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Amount(i64);

impl Amount {
    pub fn minor(self) -> i64 {
        self.0
    }

    fn plus(self, other: Amount) -> Result<Amount, AppError> {
        self.0.checked_add(other.0).map(Amount).ok_or(AppError::LimitExceeded)
    }

    fn minus(self, other: Amount) -> Result<Amount, AppError> {
        self.0.checked_sub(other.0).map(Amount).ok_or(AppError::LimitExceeded)
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&crate::money::format_signed(self.0))
    }
}

impl Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// How many entries and their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub count: i64,
    pub amount: Amount,
}

impl Tally {
    fn plus(self, other: Tally) -> Result<Tally, AppError> {
        Ok(Tally { count: self.count + other.count, amount: self.amount.plus(other.amount)? })
    }
}

/// Betting in one room: bet orders (one entry each) and their stake, what was paid out and
/// refunded, and the gross gaming revenue (stake - payouts - refunds).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoomFigures {
    pub room: String,
    pub bets: Tally,
    pub payouts: Amount,
    pub refunds: Amount,
    pub gross_gaming_revenue: Amount,
}

/// Every figure of one day or range. Counts are ledger entries: a bet order of several lines
/// is one bet, a withdrawal one entry when paid.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Figures {
    pub deposits: Tally,
    /// Paid out to the player (the fee is separate).
    pub withdrawals_paid: Tally,
    pub withdrawal_fees: Amount,
    pub bets: Tally,
    pub payouts: Amount,
    pub refunds: Amount,
    pub gross_gaming_revenue: Amount,
    /// What each programme credited to players, by `REWARD_PROGRAMMES` name.
    pub rewards: BTreeMap<String, Tally>,
    pub rewards_total: Amount,
    pub savings_interest: Tally,
    pub product_purchases: Tally,
    /// Instalments paid to wallets, interest and principal.
    pub product_payouts: Tally,
    /// The interest part of `product_payouts`.
    pub product_interest: Amount,
    pub adjustments_in: Tally,
    pub adjustments_out: Tally,
    /// Players with a bet, a deposit or a withdrawal request (`ledger::ACTIVITY_KINDS`).
    pub active_players: i64,
    /// Players who registered.
    pub new_players: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct DayReport {
    /// YYYY-MM-DD in the operator's time zone.
    pub date: String,
    pub figures: Figures,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rooms: Option<Vec<RoomFigures>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// First and last day (included), YYYY-MM-DD in `timezone`.
    pub from: String,
    pub to: String,
    pub timezone: String,
    pub totals: Figures,
    /// Per room over the range, with `by_room`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rooms: Option<Vec<RoomFigures>>,
    /// Per day, with `by_day`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<Vec<DayReport>>,
}

/// What a report breaks its totals down by.
#[derive(Clone, Copy, Debug, Default)]
pub struct Breakdown {
    pub by_day: bool,
    pub by_room: bool,
}

/// The report over `range`, days in `timezone`: one pass over each day's entries, the totals
/// their sum (active players counted once over the whole range).
pub fn activity_report(
    connection: &Connection,
    timezone: Tz,
    range: DayRange,
    breakdown: Breakdown,
) -> Result<Report, AppError> {
    let mut days = Vec::new();
    let mut totals = Figures::default();
    let mut rooms: BTreeMap<String, RoomFigures> = BTreeMap::new();
    for date in range.first.iter_days().take_while(|date| *date <= range.last) {
        let (figures, day_rooms) = day_figures(connection, timezone, date)?;
        totals = add_figures(&totals, &figures)?;
        for room in &day_rooms {
            let slot = rooms.entry(room.room.clone()).or_default();
            *slot = add_rooms(slot, room)?;
        }
        let rooms = breakdown.by_room.then_some(day_rooms);
        days.push(DayReport { date: date_text(date), figures, rooms });
    }
    totals.active_players = match days.as_slice() {
        [day] => day.figures.active_players,
        _ => {
            let (start, end) = bounds(timezone, range.first, range.last)?;
            ledger::active_players(connection, start, end)?
        }
    };
    Ok(Report {
        from: date_text(range.first),
        to: date_text(range.last),
        timezone: timezone.name().to_string(),
        totals,
        rooms: breakdown.by_room.then(|| rooms.into_values().collect()),
        days: breakdown.by_day.then_some(days),
    })
}

fn date_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// The instants `[start, end)` from the first day's start to the end of the last day.
fn bounds(
    timezone: Tz,
    first: NaiveDate,
    last: NaiveDate,
) -> Result<(Timestamp, Timestamp), AppError> {
    let next = last.succ_opt().ok_or(AppError::BadParams)?;
    Ok((Timestamp::local_midnight(timezone, first), Timestamp::local_midnight(timezone, next)))
}

/// One day's figures and its rooms, in room order.
fn day_figures(
    connection: &Connection,
    timezone: Tz,
    date: NaiveDate,
) -> Result<(Figures, Vec<RoomFigures>), AppError> {
    let (start, end) = bounds(timezone, date, date)?;
    let flows = ledger::flows_by_kind(connection, start, end)?;
    let mut figures = flows_figures(&flows)?;
    figures.rewards = rewards(connection, (start, end))?;
    figures.rewards_total = figures
        .rewards
        .values()
        .try_fold(Amount::default(), |sum, tally| sum.plus(tally.amount))?;
    figures.active_players = ledger::active_players(connection, start, end)?;
    figures.new_players = auth::players_registered(connection, start, end)?;
    Ok((figures, room_figures(&flows)?))
}

/// The sum of the flows of `kind` on `side` in one direction (`credit`), over every room.
fn tally(
    flows: &[KindFlow],
    kind: EntryKind,
    side: &Side,
    credit: bool,
) -> Result<Tally, AppError> {
    flows
        .iter()
        .filter(|flow| flow.kind == kind && flow.side == *side && flow.credit == credit)
        .try_fold(Tally::default(), |sum, flow| {
            sum.plus(Tally { count: flow.entries, amount: Amount(flow.amount_minor) })
        })
}

/// The figures the flows give (everything but rewards and players). Each names the side and
/// direction that carries it: a deposit credits a player, a bet debits one, a paid withdrawal
/// credits `external` with what was paid and `fees` with the fee.
fn flows_figures(flows: &[KindFlow]) -> Result<Figures, AppError> {
    let players = Side::Players;
    let system = |account: SystemAccount| Side::System(account.code().to_string());
    let withdrawn = tally(flows, EntryKind::WithdrawPaid, &players, false)?;
    let paid_out = tally(flows, EntryKind::WithdrawPaid, &system(SystemAccount::External), true)?;
    let fees = tally(flows, EntryKind::WithdrawPaid, &system(SystemAccount::Fees), true)?;
    let bets = tally(flows, EntryKind::Bet, &players, false)?;
    let payouts = tally(flows, EntryKind::Payout, &players, true)?.amount;
    let refunds = tally(flows, EntryKind::Refund, &players, true)?.amount;
    let product_interest =
        tally(flows, EntryKind::InvestReturn, &system(SystemAccount::Interest), false)?.amount;
    Ok(Figures {
        deposits: tally(flows, EntryKind::Deposit, &players, true)?,
        withdrawals_paid: Tally { count: withdrawn.count, amount: paid_out.amount },
        withdrawal_fees: fees.amount,
        bets,
        payouts,
        refunds,
        gross_gaming_revenue: bets.amount.minus(payouts)?.minus(refunds)?,
        savings_interest: tally(flows, EntryKind::Interest, &players, true)?,
        product_purchases: tally(flows, EntryKind::Invest, &players, false)?,
        product_payouts: tally(flows, EntryKind::InvestReturn, &players, true)?,
        product_interest,
        adjustments_in: tally(flows, EntryKind::Adjust, &players, true)?,
        adjustments_out: tally(flows, EntryKind::Adjust, &players, false)?,
        ..Figures::default()
    })
}

/// Betting per room: the players' side of bets (debits), payouts and refunds (credits).
fn room_figures(flows: &[KindFlow]) -> Result<Vec<RoomFigures>, AppError> {
    let mut rooms: BTreeMap<&str, RoomFigures> = BTreeMap::new();
    let betting = flows.iter().filter(|flow| flow.side == Side::Players && !flow.room.is_empty());
    for flow in betting {
        let room = rooms
            .entry(&flow.room)
            .or_insert_with(|| RoomFigures { room: flow.room.clone(), ..RoomFigures::default() });
        let amount = Amount(flow.amount_minor);
        match (flow.kind, flow.credit) {
            (EntryKind::Bet, false) => {
                room.bets = room.bets.plus(Tally { count: flow.entries, amount })?;
            }
            (EntryKind::Payout, true) => room.payouts = room.payouts.plus(amount)?,
            (EntryKind::Refund, true) => room.refunds = room.refunds.plus(amount)?,
            _ => {}
        }
    }
    rooms
        .into_values()
        .map(|mut room| {
            room.gross_gaming_revenue =
                room.bets.amount.minus(room.payouts)?.minus(room.refunds)?;
            Ok(room)
        })
        .collect()
}

/// What each programme credited to players in `[start, end)`, every `REWARD_PROGRAMMES`
/// name present.
fn rewards(
    connection: &Connection,
    (start, end): (Timestamp, Timestamp),
) -> Result<BTreeMap<String, Tally>, AppError> {
    let mut rewards: BTreeMap<String, Tally> =
        REWARD_PROGRAMMES.iter().map(|name| (name.to_string(), Tally::default())).collect();
    for credit in ledger::reward_credits_to_players(connection, start, end)? {
        let paid = Tally { count: credit.entries, amount: Amount(credit.amount.minor()) };
        let slot = rewards.entry(cost::programme(&credit)).or_default();
        *slot = slot.plus(paid)?;
    }
    Ok(rewards)
}

fn add_rooms(sum: &RoomFigures, room: &RoomFigures) -> Result<RoomFigures, AppError> {
    Ok(RoomFigures {
        room: room.room.clone(),
        bets: sum.bets.plus(room.bets)?,
        payouts: sum.payouts.plus(room.payouts)?,
        refunds: sum.refunds.plus(room.refunds)?,
        gross_gaming_revenue: sum.gross_gaming_revenue.plus(room.gross_gaming_revenue)?,
    })
}

/// The sum of two spans' figures; `active_players` is left to the caller (a player active on
/// two days counts once).
fn add_figures(sum: &Figures, day: &Figures) -> Result<Figures, AppError> {
    let mut rewards = sum.rewards.clone();
    for (programme, paid) in &day.rewards {
        let slot = rewards.entry(programme.clone()).or_default();
        *slot = slot.plus(*paid)?;
    }
    Ok(Figures {
        deposits: sum.deposits.plus(day.deposits)?,
        withdrawals_paid: sum.withdrawals_paid.plus(day.withdrawals_paid)?,
        withdrawal_fees: sum.withdrawal_fees.plus(day.withdrawal_fees)?,
        bets: sum.bets.plus(day.bets)?,
        payouts: sum.payouts.plus(day.payouts)?,
        refunds: sum.refunds.plus(day.refunds)?,
        gross_gaming_revenue: sum.gross_gaming_revenue.plus(day.gross_gaming_revenue)?,
        rewards,
        rewards_total: sum.rewards_total.plus(day.rewards_total)?,
        savings_interest: sum.savings_interest.plus(day.savings_interest)?,
        product_purchases: sum.product_purchases.plus(day.product_purchases)?,
        product_payouts: sum.product_payouts.plus(day.product_payouts)?,
        product_interest: sum.product_interest.plus(day.product_interest)?,
        adjustments_in: sum.adjustments_in.plus(day.adjustments_in)?,
        adjustments_out: sum.adjustments_out.plus(day.adjustments_out)?,
        active_players: 0,
        new_players: sum.new_players + day.new_players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::growth::deposit_rewards::DEPOSIT_PROGRAMMES;

    #[test]
    fn every_reward_kind_and_deposit_programme_has_a_column() {
        for kind in ledger::REWARD_KINDS.iter().filter(|kind| **kind != EntryKind::Bonus) {
            assert!(REWARD_PROGRAMMES.contains(&kind.code()), "{}", kind.code());
        }
        for programme in DEPOSIT_PROGRAMMES {
            assert!(REWARD_PROGRAMMES.contains(&programme.code()), "{}", programme.code());
        }
    }

    #[test]
    fn amounts_show_as_signed_decimal_strings() {
        assert_eq!(Amount(-120_005).to_string(), "-1200.05");
        assert_eq!(serde_json::to_value(Amount(123_456)).unwrap(), "1234.56");
    }
}
