//! What the house keeps of each option, and what a player loses on it, as the reward
//! programmes need them (docs/programmes.md): per unit staked, the edge (1 - RTP) and the loss
//! share (the expected part of the stake a bet on the option loses: a lost bet its stake, a
//! win paying less than the stake the difference, a refund or a win above the stake nothing).
//! A programme that pays `r` of the net loss and `v` of the stake costs the house at most
//! `r x loss share + v` per unit staked on an option, however bets are combined or spread over
//! accounts; it is safe while that stays below the option's edge.
//!
//! Exact from the same enumeration as the odds sheet, then as parts per trillion of the stake
//! rounded against the players' favour: the edge down, the loss share up (exact fractions
//! of a keno draw overflow the products the comparison needs).

use super::space::{group_space, settle_value};
use super::{SheetInput, groups::group_of};
use crate::error::AppError;
use crate::games::rules::odds::{BasisPoints, Odds};
use crate::games::rules::options::BetOption;
use crate::games::rules::settle::{GameRules, Outcome, PlacedBet};
use crate::money::Money;
use anyhow::Context;

/// Parts of the stake in one: figures below are parts per trillion.
pub const PPT: u128 = 1_000_000_000_000;

/// One option at one stake (its minimum, and each yn28 rule threshold above it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionMargin {
    pub option: BetOption,
    pub stake: Money,
    /// 1 - RTP, parts per trillion of the stake, rounded down; 0 when the option returns more
    /// than it takes.
    pub edge_ppt: u128,
    /// The expected loss of a bet, parts per trillion of the stake, rounded up.
    pub loss_ppt: u128,
}

/// What a bet returns per unit staked on `outcome`, in units of 1/(Odds::SCALE x 10,000).
fn return_units(outcome: Outcome, rules: &GameRules) -> u128 {
    let kept = u128::from(BasisPoints::ALL - rules.service_fee_bp().min(BasisPoints::ALL));
    match outcome {
        Outcome::Lose => 0,
        Outcome::Refund => u128::from(Odds::SCALE) * u128::from(BasisPoints::ALL),
        Outcome::Win(odds) | Outcome::WinReduced(odds) => u128::from(odds.thousandths()) * kept,
    }
}

/// The margin of every option of the room at every stake where its rules change.
pub fn option_margins(input: &SheetInput) -> Result<Vec<OptionMargin>, AppError> {
    let mut margins = Vec::new();
    for (option, odds) in input.odds.entries() {
        let space = group_space(input.source, group_of(*option));
        let minimum = (input.min_bet)(*option);
        let mut stakes = vec![minimum];
        stakes.extend(stake_thresholds(input.rules, *option, minimum));
        for stake in stakes {
            let bet = PlacedBet { option: *option, odds: *odds, stake };
            margins.push(margin(&bet, &space, input.rules)?);
        }
    }
    Ok(margins)
}

/// The stakes above `minimum` where a yn28 special rule on `option` starts to apply.
fn stake_thresholds(rules: &GameRules, option: BetOption, minimum: Money) -> Vec<Money> {
    let (GameRules::Yn28(yn28_rules), BetOption::Yn28(option)) = (rules, option) else {
        return Vec::new();
    };
    let mut thresholds: Vec<Money> = yn28_rules
        .special_rules()
        .iter()
        .filter(|rule| rule.fields().options.contains(&option))
        .filter_map(|rule| rule.fields().stake_min)
        .filter(|threshold| *threshold > minimum)
        .collect();
    thresholds.sort_unstable();
    thresholds.dedup();
    thresholds
}

fn margin(
    bet: &PlacedBet,
    space: &[(super::space::DrawValue, u128)],
    rules: &GameRules,
) -> Result<OptionMargin, AppError> {
    let whole = u128::from(Odds::SCALE) * u128::from(BasisPoints::ALL);
    let (mut total, mut returned, mut lost) = (0_u128, 0_u128, 0_u128);
    for (value, weight) in space {
        let units = return_units(settle_value(bet, value, rules)?, rules);
        total += weight;
        returned = checked(weight.checked_mul(units).and_then(|part| returned.checked_add(part)))?;
        let loss = whole.saturating_sub(units);
        lost = checked(weight.checked_mul(loss).and_then(|part| lost.checked_add(part)))?;
    }
    let staked = checked(total.checked_mul(whole))?;
    let kept = staked.saturating_sub(returned);
    // kept / staked and lost / staked as parts per trillion; `whole` divides PPT.
    let scale = PPT / whole;
    let edge_ppt = checked(kept.checked_mul(scale))? / total;
    let loss_ppt = checked(lost.checked_mul(scale))?.div_ceil(total);
    Ok(OptionMargin { option: bet.option, stake: bet.stake, edge_ppt, loss_ppt })
}

fn checked(value: Option<u128>) -> Result<u128, AppError> {
    Ok(value.context("an option margin out of range")?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::room::{DrawSource, Game};
    use crate::games::rules::table::OddsTable;

    fn margins(source: DrawSource, game: Game) -> Vec<OptionMargin> {
        let (odds, rules) = (OddsTable::defaults(game), GameRules::defaults(game));
        let min_bet = |_| Money::from_minor(100).expect("1.00");
        let input = SheetInput { source, odds: &odds, rules: &rules, min_bet: &min_bet };
        option_margins(&input).expect("margins")
    }

    fn of(margins: &[OptionMargin], code: &str) -> OptionMargin {
        *margins.iter().find(|margin| margin.option.code() == code).expect(code)
    }

    #[test]
    fn an_even_money_option_keeps_its_edge_and_loses_half_the_stake() {
        // ssc b1_big: 1.98 on 5 digits of 10: RTP 99 %, lost half the time.
        let big = of(&margins(DrawSource::Ssc, Game::Ssc), "b1_big");
        assert_eq!((big.edge_ppt, big.loss_ppt), (PPT / 100, PPT / 2));
    }

    #[test]
    fn every_default_option_keeps_an_edge_and_loses_less_than_its_stake() {
        let rooms = [
            (DrawSource::K3, Game::K3),
            (DrawSource::Pk10, Game::Pk10),
            (DrawSource::Ssc, Game::Ssc),
            (DrawSource::Rgb(crate::games::rules::room::RgbMinutes::One), Game::Rgb),
            (DrawSource::Yn28(crate::games::rules::room::Region::Canada), Game::Yn28),
        ];
        for (source, game) in rooms {
            for margin in margins(source, game) {
                assert!(margin.edge_ppt > 0, "{}", margin.option.code());
                assert!(margin.loss_ppt > margin.edge_ppt, "{}", margin.option.code());
                assert!(margin.loss_ppt <= PPT, "{}", margin.option.code());
            }
        }
    }
}
