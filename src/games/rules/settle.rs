//! Settlement: a placed bet and a draw give an outcome; a stake and an outcome give the amount
//! credited. Rules are per room and versioned by the caller; a bet keeps the odds and rule
//! version it was placed under.

use crate::error::AppError;
use crate::games::rules::draw::Draw;
use crate::games::rules::k3::{self, K3Rules};
use crate::games::rules::odds::Odds;
use crate::games::rules::options::BetOption;
use crate::games::rules::pk10::{self, Pk10Rules};
use crate::games::rules::rgb::{self, RgbRules};
use crate::games::rules::room::Game;
use crate::games::rules::ssc;
use crate::games::rules::yn28;
use crate::games::rules::yn28::special::Yn28Rules;
use crate::money::Money;
use anyhow::anyhow;
use serde::{Deserialize, Serialize};

/// How a bet ends (GAMES.md: WIN, LOSE, REFUND, WIN_REDUCED).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "outcome", content = "odds")]
pub enum Outcome {
    /// Pays the wagered amount x the bet's placed odds.
    Win(Odds),
    Lose,
    /// The stake comes back.
    Refund,
    /// Pays the wagered amount x odds a rule set lower than the bet's (yn28 special rules, RGB
    /// red on 0 and green on 5).
    WinReduced(Odds),
}

impl Outcome {
    /// The stored name: `win`, `lose`, `refund`, `win_reduced`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Lose => "lose",
            Outcome::Refund => "refund",
            Outcome::WinReduced(_) => "win_reduced",
        }
    }
}

/// One bet line as placed: the option, the odds it was placed at and its stake (the whole
/// stake, before any RGB service fee).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedBet {
    pub option: BetOption,
    pub odds: Odds,
    pub stake: Money,
}

/// A room's rules beyond its odds table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameRules {
    K3(K3Rules),
    Pk10(Pk10Rules),
    Ssc,
    Rgb(RgbRules),
    Yn28(Yn28Rules),
}

impl GameRules {
    /// GAMES.md's defaults.
    pub fn defaults(game: Game) -> GameRules {
        match game {
            Game::K3 => GameRules::K3(K3Rules::default()),
            Game::Pk10 => GameRules::Pk10(Pk10Rules::default()),
            Game::Ssc => GameRules::Ssc,
            Game::Rgb => GameRules::Rgb(RgbRules::default()),
            Game::Yn28 => GameRules::Yn28(Yn28Rules::default()),
        }
    }

    pub fn game(&self) -> Game {
        match self {
            GameRules::K3(_) => Game::K3,
            GameRules::Pk10(_) => Game::Pk10,
            GameRules::Ssc => Game::Ssc,
            GameRules::Rgb(_) => Game::Rgb,
            GameRules::Yn28(_) => Game::Yn28,
        }
    }

    /// The service fee rate: RGB's, else zero.
    pub fn service_fee_bp(&self) -> u16 {
        match self {
            GameRules::Rgb(rules) => rules.service_fee_bp.value(),
            _ => 0,
        }
    }

    /// The service fee taken from `stake` before it plays: RGB's rate rounded up, else zero.
    /// The bet slip shows it before the player confirms.
    pub fn service_fee(&self, stake: Money) -> Money {
        match self {
            GameRules::Rgb(rules) => rules.service_fee_bp.fee(stake),
            _ => Money::ZERO,
        }
    }
}

/// The outcome of `bet` on `draw`. A bet, draw and rules of different games is a caller bug:
/// `Internal`, never a silent refund.
pub fn settle(bet: &PlacedBet, draw: &Draw, rules: &GameRules) -> Result<Outcome, AppError> {
    let odds = bet.odds;
    let outcome = match (bet.option, draw, rules) {
        (BetOption::K3(option), Draw::K3(dice), GameRules::K3(rules)) => {
            k3::settle(option, odds, *dice, rules)
        }
        (BetOption::Pk10(option), Draw::Pk10(ranking), GameRules::Pk10(rules)) => {
            pk10::settle(option, odds, *ranking, rules)
        }
        (BetOption::Ssc(option), Draw::Ssc(balls), GameRules::Ssc) => {
            ssc::settle(option, odds, *balls)
        }
        (BetOption::Rgb(option), Draw::Rgb(number), GameRules::Rgb(rules)) => {
            rgb::settle(option, odds, *number, rules)
        }
        (BetOption::Yn28(option), Draw::Yn28(draw), GameRules::Yn28(rules)) => {
            yn28::settle(option, odds, draw.digits(), bet.stake, rules)
        }
        _ => {
            let games = (bet.option.game(), draw.game(), rules.game());
            return Err(AppError::Internal(anyhow!("settling a bet across games {games:?}")));
        }
    };
    Ok(outcome)
}

/// The amount credited for a bet of `stake` that ended in `outcome`: a win pays the wagered
/// amount (the stake less the service fee) x odds, rounded down to the minor unit; a refund
/// returns the whole stake; a loss pays nothing. None only above `Money::MAX_MINOR`, which bet
/// limits keep far away.
pub fn payout(stake: Money, outcome: Outcome, rules: &GameRules) -> Option<Money> {
    match outcome {
        Outcome::Lose => Some(Money::ZERO),
        Outcome::Refund => Some(stake),
        Outcome::Win(odds) | Outcome::WinReduced(odds) => {
            wagered(stake, rules).and_then(|amount| odds.apply(amount))
        }
    }
}

/// The part of the stake that plays: the stake less the service fee. The fee is at most the
/// stake (`BasisPoints::fee`), so None would be a broken rule.
pub fn wagered(stake: Money, rules: &GameRules) -> Option<Money> {
    stake.checked_sub(rules.service_fee(stake))
}
