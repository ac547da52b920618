//! The three-level team: a player's invite code and link, his team per level and in total
//! (people, recharge, bets, withdrawals and the commissions he earned from each level), and the
//! members of one level, paged. The team is derived from the inviter chain
//! (`auth::team`); the figures come from wallet, games and the rebate payouts.

use crate::auth::team::{self as chain, TEAM_LEVELS};
use crate::auth::types::Phone;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::stakes;
use crate::growth::rebates;
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::{Page, Paging};
use crate::wallet::totals;
use rusqlite::Connection;
use serde::Serialize;

/// The register page of the app with a code, as the invite link's path: the app prefills the
/// invite field from `code`.
pub const INVITE_PATH: &str = "/#/pages/login/reg?code=";

/// What one level of the team (or the whole team) did.
#[derive(Clone, Debug, Default, Serialize, utoipa::ToSchema)]
pub struct TeamFigures {
    /// 1..=3; 0 for the whole team.
    pub level: u8,
    pub people: i64,
    /// Passed deposits.
    #[schema(value_type = String)]
    pub recharge: Money,
    /// Stakes of bets settled won or lost.
    #[schema(value_type = String)]
    pub bets: Money,
    /// Paid withdrawals.
    #[schema(value_type = String)]
    pub withdrawals: Money,
    /// The commissions the partner earned on this level's stakes.
    #[schema(value_type = String)]
    pub bonus: Money,
}

/// `api/team/index`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamSummary {
    pub invite_code: String,
    /// The app's register page with the code; the app puts its own origin in front.
    pub invite_path: String,
    pub levels: Vec<TeamFigures>,
    pub total: TeamFigures,
}

/// One member in `api/team/members`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamMemberRow {
    /// Masked: "138****5678".
    pub phone: String,
    pub level: u8,
    #[schema(value_type = i64)]
    pub joined_at: Timestamp,
    #[schema(value_type = String)]
    pub recharge: Money,
    #[schema(value_type = String)]
    pub bets: Money,
}

/// A team level as asked for: 1, 2 or 3.
#[derive(Clone, Copy, Debug)]
pub struct TeamLevel(u8);

impl TeamLevel {
    /// `bad_params` outside 1..=3; level 1 when absent.
    pub fn parse(text: Option<&str>) -> Result<TeamLevel, AppError> {
        let Some(text) = text else {
            return Ok(TeamLevel(1));
        };
        match text.trim().parse::<u8>() {
            Ok(level) if (1..=TEAM_LEVELS).contains(&level) => Ok(TeamLevel(level)),
            _ => Err(AppError::BadParams),
        }
    }
}

/// The player's invite code and link, and his team per level and in total.
pub fn summary(connection: &Connection, partner: UserId) -> Result<TeamSummary, AppError> {
    let invite_code = crate::auth::user_detail(connection, partner)?.invite_code;
    let members = chain::team_levels(connection, partner)?;
    let ids: Vec<UserId> = members.iter().map(|(user, _)| *user).collect();
    let money = totals::wallet_totals(connection, &ids)?;
    let staked = stakes::settled_stakes_of(connection, &ids)?;
    let bonus = rebates::commission_by_level(connection, partner)?;
    let mut levels: Vec<[i64; 5]> = vec![[0; 5]; usize::from(TEAM_LEVELS)];
    for (user, level) in &members {
        let row = &mut levels[usize::from(*level) - 1];
        let wallet = money.get(user).copied().unwrap_or_default();
        row[0] += 1;
        row[1] += wallet.deposited;
        row[2] += staked.get(user).map_or(0, |stakes| stakes.stake);
        row[3] += wallet.withdrawn;
    }
    for (level, amount) in bonus {
        levels[usize::from(level) - 1][4] = amount;
    }
    let mut sum = [0i64; 5];
    let mut figures = Vec::with_capacity(levels.len());
    for (index, row) in levels.iter().enumerate() {
        for (total, value) in sum.iter_mut().zip(row) {
            *total += value;
        }
        figures.push(team_figures(u8::try_from(index + 1).unwrap_or(0), row)?);
    }
    Ok(TeamSummary {
        invite_path: format!("{INVITE_PATH}{invite_code}"),
        invite_code,
        levels: figures,
        total: team_figures(0, &sum)?,
    })
}

fn team_figures(level: u8, row: &[i64; 5]) -> Result<TeamFigures, AppError> {
    Ok(TeamFigures {
        level,
        people: row[0],
        recharge: Money::from_minor(row[1])?,
        bets: Money::from_minor(row[2])?,
        withdrawals: Money::from_minor(row[3])?,
        bonus: Money::from_minor(row[4])?,
    })
}

/// One page of the members of `level`, newest first, with their recharge and bets.
pub fn members(
    connection: &Connection,
    partner: UserId,
    level: TeamLevel,
    paging: Paging,
) -> Result<Page<TeamMemberRow>, AppError> {
    let (members, total) =
        chain::team_page(connection, partner, level.0, (paging.limit, paging.offset()))?;
    let ids: Vec<UserId> = members.iter().map(|member| member.user_id).collect();
    let money = totals::wallet_totals(connection, &ids)?;
    let staked = stakes::settled_stakes_of(connection, &ids)?;
    let rows = members
        .into_iter()
        .map(|member| {
            Ok(TeamMemberRow {
                phone: Phone::masked(&member.phone),
                level: member.level,
                joined_at: member.joined_at,
                recharge: Money::from_minor(
                    money.get(&member.user_id).map_or(0, |wallet| wallet.deposited),
                )?,
                bets: Money::from_minor(staked.get(&member.user_id).map_or(0, |s| s.stake))?,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(paging.wrap(rows, total))
}
