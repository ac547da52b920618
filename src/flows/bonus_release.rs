//! Releasing the deposit bonuses by play (`growth::bonus_release`): for each player with a
//! grant pending, his bets settled since his mark, each valued at its option's net edge (the
//! edge less what the programmes cost on it, `programme_bounds`, at the room's live terms:
//! `odds_sheet::margins`), credited to his wagering. It spans games (the bets, the margins),
//! the programmes' bound and growth (the grants), so it lives here; the scheduler runs it
//! after each tick that settled bets.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Tx;
use crate::error::AppError;
use crate::flows::programme_bounds::ProgrammeRates;
use crate::games::rooms;
use crate::games::rules::odds_sheet::margins::PPT;
use crate::games::rules::room::Room;
use crate::games::{rules_page, stakes};
use crate::growth::bonus_release::{self, BonusProgress, MICRO, Released};
use crate::ids::UserId;
use crate::money::Money;
use rusqlite::Connection;
use serde::Serialize;
use std::collections::HashMap;

/// Players one transaction releases for at most.
pub const PLAYERS_PER_TX: usize = 200;

/// Per option code of a room, the part of a stake the house keeps net of the programmes, parts
/// per trillion: the smallest over the stakes where its rules change (an undercount, never an
/// overcount), 0 where the programmes cost the whole edge.
fn net_edges(
    connection: &Connection,
    room: Room,
    rates: &ProgrammeRates,
) -> Result<HashMap<String, u128>, AppError> {
    let mut edges: HashMap<String, u128> = HashMap::new();
    for margin in rules_page::room_margins(connection, room)?.iter() {
        let net = margin.edge_ppt.saturating_sub(rates.cost_ppt(margin));
        let code = margin.option.code();
        let kept = edges.entry(code).or_insert(net);
        *kept = (*kept).min(net);
    }
    Ok(edges)
}

/// One batch: the players after `after` with a grant pending, at most `PLAYERS_PER_TX`.
/// Returns the releases paid and the last player looked at (None when the batch was the last).
pub fn release_batch(
    tx: &Tx,
    growth: &GrowthConfig,
    after: UserId,
    now: Timestamp,
) -> Result<(Vec<Released>, Option<UserId>), AppError> {
    let players = bonus_release::pending_players(tx, after, PLAYERS_PER_TX)?;
    let rates = ProgrammeRates::of(growth);
    let mut edges: HashMap<String, HashMap<String, u128>> = HashMap::new();
    let mut released = Vec::new();
    for &(user_id, mark) in &players {
        let since = stakes::settled_since_mark(tx, user_id, mark)?;
        if since.mark == mark {
            continue;
        }
        let mut earned_micro: i128 = 0;
        for (room, option, stake) in &since.stakes {
            if !edges.contains_key(room) {
                let room_edges = match Room::parse(room) {
                    Ok(parsed) => net_edges(tx, parsed, &rates)?,
                    Err(_) => HashMap::new(),
                };
                edges.insert(room.clone(), room_edges);
            }
            let net = edges.get(room).and_then(|room| room.get(option)).copied().unwrap_or(0);
            let stake = u128::try_from(*stake).unwrap_or(0);
            let micro = stake * net / (PPT / MICRO as u128);
            earned_micro += i128::try_from(micro).map_err(anyhow::Error::from)?;
        }
        let percent = growth.bonus_release_percent;
        let credited = (earned_micro, since.mark);
        released.extend(bonus_release::credit(tx, user_id, credited, percent, now)?);
    }
    let next = (players.len() == PLAYERS_PER_TX).then(|| players.last().map(|last| last.0));
    Ok((released, next.flatten()))
}

/// The wallet's view of a player's deposit bonuses: what is pending and released, the
/// expected win still needed, and at most how much more he must stake for it (at the thinnest
/// net edge of any open room's option: every bet releases at least as fast).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct BonusView {
    #[serde(flatten)]
    pub progress: BonusProgress,
    /// Settled stakes that release all that is pending at the latest; null with nothing
    /// pending.
    #[schema(value_type = Option<String>)]
    pub stake_at_most: Option<Money>,
}

pub fn bonus_view(
    connection: &Connection,
    growth: &GrowthConfig,
    user_id: UserId,
) -> Result<BonusView, AppError> {
    let progress = bonus_release::progress_of(connection, user_id, growth.bonus_release_percent)?;
    let needed = u128::try_from(progress.expected_win_needed.minor()).unwrap_or(0);
    let stake_at_most = if needed == 0 {
        None
    } else {
        let rates = ProgrammeRates::of(growth);
        let mut thinnest: Option<u128> = None;
        for settings in rooms::list_rooms(connection)? {
            if !settings.is_open {
                continue;
            }
            for net in net_edges(connection, settings.room, &rates)?.into_values() {
                thinnest = Some(thinnest.map_or(net, |thinnest| thinnest.min(net)));
            }
        }
        match thinnest {
            Some(net) if net > 0 => {
                let minor = i64::try_from((needed * PPT).div_ceil(net)).unwrap_or(i64::MAX);
                Some(Money::from_minor(minor.min(Money::MAX.minor()))?)
            }
            _ => None,
        }
    };
    Ok(BonusView { progress, stake_at_most })
}
