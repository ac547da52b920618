//! Settling periods through the ledger. Once a period is drawn, its open bets settle in chunks:
//! each chunk is one transaction that marks its bets won, lost or refunded and credits the
//! payouts and refunds, so a bet settles exactly once however often a chunk is retried or the
//! server stops between chunks. The period is marked settled in `job_runs` by the transaction
//! of its last chunk. Bets of a room closed by the operator, and of a period that can never be
//! drawn (no seed: the draws have moved past it), are refunded.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::drawing;
use crate::games::records;
use crate::games::rooms;
use crate::games::rules::draw::Draw;
use crate::games::rules::issue::Issue;
use crate::games::rules::odds::Odds;
use crate::games::rules::options::BetOption;
use crate::games::rules::room::Room;
use crate::games::rules::settle::{self, GameRules, Outcome, PlacedBet};
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

/// A period with open bets, as the scheduler finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenPeriodBets {
    pub room: Room,
    pub issue: Issue,
}

/// The oldest period of `room` that still has open bets: one index seek, so the scheduler can
/// ask every second while a period fills with bets.
pub fn oldest_open_period(
    connection: &Connection,
    room: Room,
) -> Result<Option<OpenPeriodBets>, AppError> {
    let issue: Option<String> = connection
        .prepare_cached(
            "SELECT issue FROM bets WHERE room = ?1 AND status = 'open' ORDER BY issue LIMIT 1",
        )?
        .query_row([room.code()], |row| row.get(0))
        .optional()?;
    let issue = issue.map(|issue| Issue::parse(&issue)).transpose();
    let issue = issue.context("a bet with a malformed issue")?;
    Ok(issue.map(|issue| OpenPeriodBets { room, issue }))
}

/// How a period's bets end, decided before settling any of them.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Drawn: settle each bet against the draw. A bet whose id is above `bets_before` was
    /// placed after the result was public and is refunded (`None`: a draw from before V11).
    Drawn { draw: Draw, bets_before: Option<i64> },
    /// Refund every bet: the room is closed, or the period will never be drawn.
    Refund(&'static str),
    /// Not drawn yet.
    Wait,
}

/// What should happen to the open bets of `period` now.
pub fn verdict(connection: &Connection, period: OpenPeriodBets) -> Result<Verdict, AppError> {
    let source = period.room.draw_source().code();
    let issue = period.issue.to_string();
    let drawn: Option<(String, Option<i64>)> = connection
        .prepare_cached(
            "SELECT values_json, bets_before FROM draws WHERE draw_source = ?1 AND issue = ?2",
        )?
        .query_row(params![source, issue], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    if let Some((values, bets_before)) = drawn {
        if closed_at_draw(connection, period, bets_before.is_some())? {
            return Ok(Verdict::Refund("room closed"));
        }
        let draw: Draw = serde_json::from_str(&values).context("while decoding a draw")?;
        return Ok(Verdict::Drawn { draw, bets_before });
    }
    let passed: bool = connection
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM draws WHERE draw_source = ?1 AND issue > ?2)",
        )?
        .query_row(params![source, issue], |row| row.get(0))?;
    Ok(if passed { Verdict::Refund("not drawable") } else { Verdict::Wait })
}

/// Whether `period`'s room was closed when the period was drawn (recorded by the draw), so
/// closing a room after a draw never voids it. Draws from before V11 (`recorded` false) go by
/// the room's flag now.
fn closed_at_draw(
    connection: &Connection,
    period: OpenPeriodBets,
    recorded: bool,
) -> Result<bool, AppError> {
    let room = period.room.code();
    if recorded {
        let closed: bool = connection
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM period_closures WHERE room = ?1 AND issue = ?2)",
            )?
            .query_row(params![room, period.issue.to_string()], |row| row.get(0))?;
        return Ok(closed);
    }
    let (is_open, _) = rooms::open_state(connection, period.room)?;
    Ok(!is_open)
}

/// The open bets of one period of a room: how many and their stakes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodBets {
    pub issue: Issue,
    pub bets: i64,
    pub stake: Money,
}

/// The open bets of `room` in periods not drawn yet, per period, oldest first: what closing
/// the room refunds at those draws unless it is reopened before them.
pub fn undrawn_open_bets(connection: &Connection, room: Room) -> Result<Vec<PeriodBets>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT issue, COUNT(*), SUM(stake) FROM bets b
         WHERE room = ?1 AND status = 'open' AND NOT EXISTS
               (SELECT 1 FROM draws d WHERE d.draw_source = ?2 AND d.issue = b.issue)
         GROUP BY issue ORDER BY issue",
    )?;
    let rows = query.query_map(params![room.code(), room.draw_source().code()], |row| {
        Ok((row.get::<_, String>(0)?, row.get(1)?, row.get(2)?))
    })?;
    let mut periods = Vec::new();
    for row in rows {
        let (issue, bets, stake) = row?;
        let issue = Issue::parse(&issue).context("a bet with a malformed issue")?;
        periods.push(PeriodBets { issue, bets, stake: Money::from_minor(stake)? });
    }
    Ok(periods)
}

/// Why `refund_undrawable` refuses: the period can be drawn, or is not due yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundRefusal {
    Drawable,
    NotDue { due_at: Timestamp },
}

/// `admin room refund`: refunds up to `limit` open bets of `period`, which cannot be drawn here
/// (the key of its chain is missing) and whose draw time has passed, as the scheduler does
/// `games.undrawable_refund_secs` later. Checked in the same transaction.
pub fn refund_undrawable(
    tx: &Tx,
    keys: &ChainKeys,
    (period, timezone): (OpenPeriodBets, chrono_tz::Tz),
    limit: u32,
    now: Timestamp,
) -> Result<Result<ChunkReport, RefundRefusal>, AppError> {
    let source = period.room.draw_source();
    let Some(due_at) = drawing::undrawable_since(tx, keys, (source, timezone), period.issue)?
    else {
        return Ok(Err(RefundRefusal::Drawable));
    };
    if now < due_at {
        return Ok(Err(RefundRefusal::NotDue { due_at }));
    }
    settle_chunk(tx, period, &Verdict::Refund("not drawable"), limit, now).map(Ok)
}

/// What one chunk did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChunkReport {
    pub settled: u32,
    /// The period has no open bet left and is marked settled.
    pub done: bool,
}

struct OpenBet {
    bet_id: i64,
    user_id: UserId,
    option: String,
    stake: Money,
    odds: Odds,
    rule_version: i64,
}

/// What a chunk credits one player: payouts, refunds, and the stakes that count as played.
#[derive(Default)]
struct Credits {
    payout: i64,
    refund: i64,
    played: i64,
}

/// Settles up to `limit` open bets of `period` by `verdict` (not `Wait`), in one transaction.
pub fn settle_chunk(
    tx: &Tx,
    period: OpenPeriodBets,
    verdict: &Verdict,
    limit: u32,
    now: Timestamp,
) -> Result<ChunkReport, AppError> {
    let room = period.room.code();
    let issue = period.issue.to_string();
    let bets = open_bets(tx, &room, &issue, limit)?;
    let mut rules: HashMap<i64, GameRules> = HashMap::new();
    let mut credits: BTreeMap<UserId, Credits> = BTreeMap::new();
    let mut settled: BTreeMap<(UserId, &str), i64> = BTreeMap::new();
    let mut mark = tx.prepare_cached(
        "UPDATE bets SET status = ?2, outcome = ?3, payout = ?4, settled_at = ?5
         WHERE bet_id = ?1 AND status = 'open'",
    )?;
    for bet in &bets {
        let (outcome, amount) = match verdict {
            Verdict::Drawn { bets_before: Some(before), .. } if bet.bet_id > *before => {
                tracing::warn!(bet = bet.bet_id, %room, %issue, "refunding a bet placed after its draw");
                (Outcome::Refund, bet.stake)
            }
            Verdict::Drawn { draw, .. } => {
                let rules = match rules.entry(bet.rule_version) {
                    Entry::Occupied(known) => known.into_mut(),
                    Entry::Vacant(slot) => slot.insert(rules_of(tx, &room, bet.rule_version)?),
                };
                settle_bet(period.room, bet, draw, rules)?
            }
            Verdict::Refund(_) => (Outcome::Refund, bet.stake),
            Verdict::Wait => return Err(anyhow::anyhow!("settling a period not drawn").into()),
        };
        let status = match outcome {
            Outcome::Win(_) | Outcome::WinReduced(_) => "won",
            Outcome::Lose => "lost",
            Outcome::Refund => "refunded",
        };
        let changed =
            mark.execute(params![bet.bet_id, status, outcome.code(), amount.minor(), now])?;
        if changed != 1 {
            return Err(anyhow::anyhow!("bet {} was settled twice", bet.bet_id).into());
        }
        *settled.entry((bet.user_id, status)).or_default() += 1;
        let credit = credits.entry(bet.user_id).or_default();
        match outcome {
            Outcome::Refund => credit.refund += amount.minor(),
            _ => {
                credit.payout += amount.minor();
                credit.played += bet.stake.minor();
            }
        }
    }
    credit_players(tx, &credits, &format!("settle:{room}:{issue}"), now)?;
    for ((user_id, status), bets) in settled {
        records::count_bets(tx, (user_id, &room), Some("open"), status, bets)?;
    }
    let done = bets.len() < usize::try_from(limit).unwrap_or(usize::MAX);
    if done {
        tx.prepare_cached(
            "INSERT INTO job_runs (job, period, done_at, detail) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (job, period) DO NOTHING",
        )?
        .execute(params![
            format!("settle:{room}"),
            issue,
            now,
            verdict_detail(verdict)
        ])?;
    }
    Ok(ChunkReport { settled: u32::try_from(bets.len()).unwrap_or(u32::MAX), done })
}

/// The outcome of one bet on `draw` under `rules`, and what it credits.
fn settle_bet(
    room: Room,
    bet: &OpenBet,
    draw: &Draw,
    rules: &GameRules,
) -> Result<(Outcome, Money), AppError> {
    let option = BetOption::parse(room.game(), &bet.option)
        .context("a stored bet names an unknown option")?;
    let placed = PlacedBet { option, odds: bet.odds, stake: bet.stake };
    let outcome = settle::settle(&placed, draw, rules)?;
    let amount =
        settle::payout(bet.stake, outcome, rules).context("a payout beyond the money range")?;
    Ok((outcome, amount))
}

fn verdict_detail(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Drawn { .. } => "drawn",
        Verdict::Refund(why) => why,
        Verdict::Wait => "waiting",
    }
}

fn open_bets(tx: &Tx, room: &str, issue: &str, limit: u32) -> Result<Vec<OpenBet>, AppError> {
    let mut query = tx.prepare_cached(
        "SELECT bet_id, user_id, option, stake, odds, rule_version FROM bets
         WHERE room = ?1 AND issue = ?2 AND status = 'open'
         ORDER BY bet_id LIMIT ?3",
    )?;
    let rows = query.query_map(params![room, issue, limit], |row| {
        let bet = OpenBet {
            bet_id: row.get(0)?,
            user_id: row.get(1)?,
            option: row.get(2)?,
            stake: row.get(3)?,
            odds: Odds::MIN,
            rule_version: row.get(5)?,
        };
        Ok((bet, row.get::<_, u32>(4)?))
    })?;
    let mut bets = Vec::new();
    for row in rows {
        let (bet, odds) = row?;
        bets.push(OpenBet { odds: Odds::from_stored(odds)?, ..bet });
    }
    Ok(bets)
}

/// The rules a room had at `rule_version`.
fn rules_of(connection: &Connection, room: &str, rule_version: i64) -> Result<GameRules, AppError> {
    let rules: String = connection
        .prepare_cached(
            "SELECT rules_json FROM room_rule_versions WHERE room = ?1 AND rule_version = ?2",
        )?
        .query_row(params![room, rule_version], |row| row.get(0))
        .optional()?
        .with_context(|| format!("room {room} has no rule version {rule_version}"))?;
    Ok(serde_json::from_str(&rules).context("while decoding stored rules")?)
}

/// Postings one ledger entry carries at most, one per player plus the house's.
const PLAYERS_PER_ENTRY: usize = 31;

/// Credits each player's payouts and refunds from the house (one posting per player and kind,
/// a few players per entry) and counts their played stakes against the turnover requirement.
fn credit_players(
    tx: &Tx,
    credits: &BTreeMap<UserId, Credits>,
    reference: &str,
    now: Timestamp,
) -> Result<(), AppError> {
    let house = AccountRef::System(SystemAccount::House);
    for (kind, amount_of) in [
        (EntryKind::Payout, (|credit: &Credits| credit.payout) as fn(&Credits) -> i64),
        (EntryKind::Refund, |credit: &Credits| credit.refund),
    ] {
        let owed: Vec<(UserId, Money)> = credits
            .iter()
            .filter(|(_, credit)| amount_of(credit) > 0)
            .map(|(user_id, credit)| Ok((*user_id, Money::from_minor(amount_of(credit))?)))
            .collect::<Result<_, AppError>>()?;
        for group in owed.chunks(PLAYERS_PER_ENTRY) {
            let mut postings = group.iter().map(|(user_id, amount)| {
                (AccountRef::User(*user_id, UserAccountKind::Game), *amount)
            });
            let Some((first, amount)) = postings.next() else { continue };
            let entry = postings.fold(
                ledger::Entry::new(kind, house, first, amount, now),
                |entry, (to, amount)| entry.and(house, to, amount),
            );
            ledger::transfer(tx, entry.reference(reference))?;
        }
    }
    for (user_id, credit) in credits {
        if credit.played > 0 {
            crate::wallet::play_turnover(tx, *user_id, Money::from_minor(credit.played)?)?;
        }
    }
    Ok(())
}

/// Whether `period` of `room` is marked settled.
pub fn is_settled(connection: &Connection, room: Room, issue: Issue) -> Result<bool, AppError> {
    let settled: bool = connection
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM job_runs WHERE job = ?1 AND period = ?2)")?
        .query_row(params![format!("settle:{}", room.code()), issue.to_string()], |row| {
            row.get(0)
        })?;
    Ok(settled)
}
