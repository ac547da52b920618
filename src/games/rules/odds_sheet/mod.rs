//! A room's odds sheet: for every option of its live odds table, the exact probability of each
//! way a bet on it ends, its odds and its return to player (RTP), by enumerating every draw
//! value the option reads (`space`) and settling a bet on each with the code that settles real
//! bets. Probabilities and RTPs are exact fractions; RTP counts what comes back, stake
//! included: a win pays the wagered amount (the stake less RGB's fee) x odds, a refund the
//! stake. (Real payouts also round down to the minor unit; the exact figure is the limit for
//! stakes where nothing is rounded.)

pub mod groups;
pub mod margins;
pub mod space;

use crate::error::AppError;
use crate::games::rules::fraction::Fraction;
use crate::games::rules::odds::{BasisPoints, Odds};
use crate::games::rules::options::BetOption;
use crate::games::rules::room::DrawSource;
use crate::games::rules::settle::{GameRules, Outcome, PlacedBet};
use crate::games::rules::table::OddsTable;
use crate::money::Money;
use anyhow::Context;
use groups::{GroupKey, group_of, is_exclusive};
use space::{group_space, settle_value};

/// How often a bet on an option ends each way; the four parts sum to 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeShares {
    /// Wins at the option's odds.
    pub win: Fraction,
    /// Wins at odds a rule lowers, per those odds (yn28 special rules, RGB red on 0 and green
    /// on 5).
    pub win_reduced: Vec<(Odds, Fraction)>,
    /// The stake comes back.
    pub refund: Fraction,
    pub lose: Fraction,
}

/// One option's line on the sheet, for a stake of `stake`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSheet {
    pub option: BetOption,
    pub odds: Odds,
    pub shares: OutcomeShares,
    /// Wins, at full or reduced odds.
    pub probability: Fraction,
    pub rtp: Fraction,
    /// The stake these figures are for: the option's minimum bet. Only yn28 rules with a stake
    /// threshold make them depend on the stake; `rtp_from_stake` lists the RTP from each such
    /// threshold above it.
    pub stake: Money,
    pub rtp_from_stake: Vec<(Money, Fraction)>,
}

/// A group of options that read the same draw values (`groups`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupSheet {
    pub group: GroupKey,
    /// Every draw makes exactly one option win, or refunds the group: the options' win
    /// probabilities and `refund` sum to 1.
    pub exclusive: bool,
    /// The probability that a draw refunds at least one option of the group.
    pub refund: Fraction,
    pub options: Vec<OptionSheet>,
}

/// What the sheet is computed from: the room's live odds table and rules, what draws it, and
/// the minimum bet of each option.
pub struct SheetInput<'a> {
    pub source: DrawSource,
    pub odds: &'a OddsTable,
    pub rules: &'a GameRules,
    pub min_bet: &'a dyn Fn(BetOption) -> Money,
}

/// The sheet of every option, grouped, in rules-page order.
pub fn odds_sheet(input: &SheetInput) -> Result<Vec<GroupSheet>, AppError> {
    let mut groups: Vec<(GroupKey, Vec<(BetOption, Odds)>)> = Vec::new();
    for (option, odds) in input.odds.entries() {
        let key = group_of(*option);
        match groups.iter_mut().find(|(existing, _)| *existing == key) {
            Some((_, members)) => members.push((*option, *odds)),
            None => groups.push((key, vec![(*option, *odds)])),
        }
    }
    groups.into_iter().map(|(key, members)| group_sheet(input, key, &members)).collect()
}

fn group_sheet(
    input: &SheetInput,
    key: GroupKey,
    members: &[(BetOption, Odds)],
) -> Result<GroupSheet, AppError> {
    let space = group_space(input.source, key);
    let total: u128 = space.iter().map(|(_, weight)| weight).sum();
    let bets: Vec<PlacedBet> = members
        .iter()
        .map(|(option, odds)| PlacedBet {
            option: *option,
            odds: *odds,
            stake: (input.min_bet)(*option),
        })
        .collect();
    let mut tallies = vec![Tally::default(); bets.len()];
    let mut refunded = 0_u128;
    for (value, weight) in &space {
        let mut any_refund = false;
        for (bet, tally) in bets.iter().zip(&mut tallies) {
            let outcome = settle_value(bet, value, input.rules)?;
            any_refund |= outcome == Outcome::Refund;
            tally.add(outcome, *weight);
        }
        refunded += if any_refund { *weight } else { 0 };
    }
    let mut options = Vec::with_capacity(bets.len());
    for (bet, tally) in bets.iter().zip(tallies) {
        let mut sheet = tally.sheet(bet, total, input.rules)?;
        sheet.rtp_from_stake = stake_bands(input, &space, bet, total)?;
        options.push(sheet);
    }
    Ok(GroupSheet {
        group: key,
        exclusive: is_exclusive(key, input.rules),
        refund: fraction(refunded, total)?,
        options,
    })
}

/// The RTP of `bet` from each yn28 rule stake threshold above its stake.
fn stake_bands(
    input: &SheetInput,
    space: &[(space::DrawValue, u128)],
    bet: &PlacedBet,
    total: u128,
) -> Result<Vec<(Money, Fraction)>, AppError> {
    let (GameRules::Yn28(yn28_rules), BetOption::Yn28(option)) = (input.rules, bet.option) else {
        return Ok(Vec::new());
    };
    let mut thresholds: Vec<Money> = yn28_rules
        .special_rules()
        .iter()
        .filter(|rule| rule.fields().options.contains(&option))
        .filter_map(|rule| rule.fields().stake_min)
        .filter(|threshold| *threshold > bet.stake)
        .collect();
    thresholds.sort_unstable();
    thresholds.dedup();
    let mut bands = Vec::with_capacity(thresholds.len());
    for stake in thresholds {
        let at_stake = PlacedBet { stake, ..*bet };
        let mut tally = Tally::default();
        for (value, weight) in space {
            tally.add(settle_value(&at_stake, value, input.rules)?, *weight);
        }
        bands.push((stake, tally.sheet(&at_stake, total, input.rules)?.rtp));
    }
    Ok(bands)
}

/// Weights of the draws per way a bet ends.
#[derive(Clone, Debug, Default)]
struct Tally {
    win: u128,
    win_reduced: Vec<(Odds, u128)>,
    refund: u128,
    lose: u128,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, weight: u128) {
        match outcome {
            Outcome::Win(_) => self.win += weight,
            Outcome::Lose => self.lose += weight,
            Outcome::Refund => self.refund += weight,
            Outcome::WinReduced(odds) => {
                match self.win_reduced.iter_mut().find(|(reduced, _)| *reduced == odds) {
                    Some((_, count)) => *count += weight,
                    None => self.win_reduced.push((odds, weight)),
                }
            }
        }
    }

    fn sheet(
        self,
        bet: &PlacedBet,
        total: u128,
        rules: &GameRules,
    ) -> Result<OptionSheet, AppError> {
        let win = fraction(self.win, total)?;
        let mut rtp = checked(win.checked_mul(exact_return(Outcome::Win(bet.odds), rules)?))?;
        let mut probability = win;
        let mut win_reduced = Vec::with_capacity(self.win_reduced.len());
        for (odds, count) in self.win_reduced {
            let share = fraction(count, total)?;
            let returned = share.checked_mul(exact_return(Outcome::WinReduced(odds), rules)?);
            rtp = checked(rtp.checked_add(checked(returned)?))?;
            probability = checked(probability.checked_add(share))?;
            win_reduced.push((odds, share));
        }
        let refund = fraction(self.refund, total)?;
        rtp = checked(rtp.checked_add(refund))?;
        let shares = OutcomeShares { win, win_reduced, refund, lose: fraction(self.lose, total)? };
        Ok(OptionSheet {
            option: bet.option,
            odds: bet.odds,
            shares,
            probability,
            rtp,
            stake: bet.stake,
            rtp_from_stake: Vec::new(),
        })
    }
}

/// What a bet that ended in `outcome` returns per unit staked, exactly: `settle::payout`
/// without rounding to the minor unit (a win: (1 - fee) x odds; a refund: 1; a loss: 0).
pub fn exact_return(outcome: Outcome, rules: &GameRules) -> Result<Fraction, AppError> {
    let kept = u128::from(BasisPoints::ALL - rules.service_fee_bp().min(BasisPoints::ALL));
    match outcome {
        Outcome::Lose => Ok(Fraction::ZERO),
        Outcome::Refund => Ok(Fraction::ONE),
        Outcome::Win(odds) | Outcome::WinReduced(odds) => {
            let odds = fraction(u128::from(odds.thousandths()), u128::from(Odds::SCALE))?;
            let kept = fraction(kept, u128::from(BasisPoints::ALL))?;
            checked(odds.checked_mul(kept))
        }
    }
}

fn fraction(numerator: u128, denominator: u128) -> Result<Fraction, AppError> {
    checked(Fraction::new(numerator, denominator))
}

fn checked(value: Option<Fraction>) -> Result<Fraction, AppError> {
    Ok(value.context("an odds sheet figure out of range")?)
}

#[cfg(test)]
mod tests;
