//! The reward programmes against the games' edge (docs/programmes.md): rebates and commissions
//! pay a share of each player's net loss per period; the salary a share of his team's stake at
//! most (its tier with the highest amount per volume) and the VIP upgrades a share of his own
//! (the level whose rewards up to it are the most per betting point it needs). On a bet on an
//! option, that costs the house at most `net-loss rate x the option's loss share + the volume
//! rates` of the stake, however the bets are combined, hedged or spread over accounts. A
//! configuration whose cost reaches the edge of any option of any open room would let players
//! win against the house without risk: `serve`, the programmes' runs and `admin room open`
//! refuse it, and `admin doctor` names it.

use crate::config::GrowthConfig;
use crate::error::AppError;
use crate::games::rooms;
use crate::games::rules::odds_sheet::margins::{OptionMargin, PPT};
use crate::games::rules::room::Room;
use crate::games::rules_page;
use crate::money::Money;
use rusqlite::Connection;
use std::fmt;

/// Basis points in one.
const BPS: u128 = 10_000;

/// What the programmes pay, as the bound needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgrammeRates {
    /// `growth.rebate.rate_bps` and the three `commission_bps` together: a share of the net
    /// loss.
    pub net_loss_bps: i64,
    /// The salary tier paying the most per unit of team volume: (amount, volume_min).
    pub salary: Option<(Money, Money)>,
    /// The VIP level whose upgrade rewards, from the first level up to it, pay the most per
    /// betting point it needs: (those rewards, its betting_points).
    pub vip: Option<(Money, Money)>,
}

impl ProgrammeRates {
    pub fn of(growth: &GrowthConfig) -> ProgrammeRates {
        let rebate = &growth.rebate;
        let net_loss_bps = rebate.rate_bps + rebate.commission_bps.iter().sum::<i64>();
        let cross =
            |amount: Money, volume: Money| i128::from(amount.minor()) * i128::from(volume.minor());
        let salary = growth.salary.tiers.iter().map(|tier| (tier.amount, tier.volume_min)).max_by(
            |(amount_l, volume_l), (amount_r, volume_r)| {
                cross(*amount_l, *volume_r).cmp(&cross(*amount_r, *volume_l))
            },
        );
        let mut rewards_so_far = Money::ZERO;
        let mut vip: Option<(Money, Money)> = None;
        for level in &growth.vip.levels {
            rewards_so_far = rewards_so_far.checked_add(level.upgrade_reward).unwrap_or(Money::MAX);
            if level.upgrade_reward == Money::ZERO {
                continue;
            }
            let candidate = (rewards_so_far, level.betting_points);
            let higher = vip.is_none_or(|(rewards, points)| {
                cross(candidate.0, points) > cross(rewards, candidate.1)
            });
            if higher {
                vip = Some(candidate);
            }
        }
        ProgrammeRates { net_loss_bps, salary, vip }
    }

    /// What the programmes cost per unit staked on an option, parts per trillion, rounded up.
    pub fn cost_ppt(&self, margin: &OptionMargin) -> u128 {
        let net_loss_bps = u128::try_from(self.net_loss_bps).unwrap_or(0);
        let on_loss = (net_loss_bps * margin.loss_ppt).div_ceil(BPS);
        let per_volume = |paid: Option<(Money, Money)>| match paid {
            Some((amount, volume)) => {
                let amount = u128::try_from(amount.minor()).unwrap_or(0);
                let volume = u128::try_from(volume.minor()).unwrap_or(0);
                if volume == 0 { PPT } else { (amount * PPT).div_ceil(volume) }
            }
            None => 0,
        };
        on_loss + per_volume(self.salary) + per_volume(self.vip)
    }
}

/// An option of an open room on which the programmes cost at least what the house keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinEdge {
    pub room: Room,
    pub margin: OptionMargin,
    pub rates: ProgrammeRates,
}

impl fmt::Display for ThinEdge {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = |ppt: u128| {
            let hundredths = ppt * 10_000 / PPT;
            format!("{}.{:02} %", hundredths / 100, hundredths % 100)
        };
        let net_loss_bps = u128::try_from(self.rates.net_loss_bps).unwrap_or(0);
        write!(
            formatter,
            "growth.rebate.rate_bps and growth.rebate.commission_bps pay {} of a player's net \
             loss",
            percent(net_loss_bps * PPT / BPS)
        )?;
        if let Some((amount, volume_min)) = self.rates.salary {
            write!(
                formatter,
                ", growth.salary.tiers up to {amount} per {volume_min} of team volume"
            )?;
        }
        if let Some((rewards, points)) = self.rates.vip {
            write!(
                formatter,
                ", growth.vip.levels upgrade rewards of {rewards} for {points} betting points"
            )?;
        }
        write!(
            formatter,
            ": on option {} of room {} (stake {}) the house keeps {} of the stake and a bet loses \
             {} of it on average, so the programmes would pay {} for it, more than the house \
             keeps. Lower these rates until they cost less than the edge of every option of \
             every open room (docs/programmes.md), or close the room",
            self.margin.option.code(),
            self.room,
            self.margin.stake,
            percent(self.margin.edge_ppt),
            percent(self.margin.loss_ppt),
            percent(self.rates.cost_ppt(&self.margin)),
        )
    }
}

/// The option of `room` on which `rates` cost the most against its edge, if they reach it.
pub fn thin_edge_in(
    connection: &Connection,
    room: Room,
    rates: ProgrammeRates,
) -> Result<Option<ThinEdge>, AppError> {
    let margins = rules_page::room_margins(connection, room)?;
    let thinnest = margins
        .iter()
        .filter(|margin| rates.cost_ppt(margin) >= margin.edge_ppt)
        .max_by_key(|margin| rates.cost_ppt(margin) - margin.edge_ppt);
    Ok(thinnest.map(|margin| ThinEdge { room, margin: *margin, rates }))
}

/// The first open room (in `Room::all` order) with an option the programmes of `growth` pay
/// more on than its edge; None when every open room keeps its edge.
pub fn thin_edge(
    connection: &Connection,
    growth: &GrowthConfig,
) -> Result<Option<ThinEdge>, AppError> {
    let rates = ProgrammeRates::of(growth);
    for settings in rooms::list_rooms(connection)? {
        if !settings.is_open {
            continue;
        }
        if let Some(thin) = thin_edge_in(connection, settings.room, rates)? {
            return Ok(Some(thin));
        }
    }
    Ok(None)
}
