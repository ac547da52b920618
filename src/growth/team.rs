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
    /// Only its last two digits: "*** 78" (other players see no more of a number).
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

/// One level's (or the whole team's) sums in minor units, before they become `TeamFigures`.
#[derive(Clone, Copy, Default)]
struct LevelSums {
    people: i64,
    recharge: i64,
    bets: i64,
    withdrawals: i64,
    bonus: i64,
}

impl LevelSums {
    fn add(&mut self, other: &LevelSums) {
        self.people += other.people;
        self.recharge += other.recharge;
        self.bets += other.bets;
        self.withdrawals += other.withdrawals;
        self.bonus += other.bonus;
    }

    fn figures(&self, level: u8) -> Result<TeamFigures, AppError> {
        Ok(TeamFigures {
            level,
            people: self.people,
            recharge: Money::from_minor(self.recharge)?,
            bets: Money::from_minor(self.bets)?,
            withdrawals: Money::from_minor(self.withdrawals)?,
            bonus: Money::from_minor(self.bonus)?,
        })
    }
}

/// The player's invite code and link, and his team per level and in total.
pub fn summary(connection: &Connection, partner: UserId) -> Result<TeamSummary, AppError> {
    let invite_code = crate::auth::user_detail(connection, partner)?.invite_code;
    let members = chain::team_levels(connection, partner)?;
    let ids: Vec<UserId> = members.iter().map(|(user, _)| *user).collect();
    let money = totals::wallet_totals(connection, &ids)?;
    let staked = stakes::settled_stakes_of(connection, &ids)?;
    let mut levels = [LevelSums::default(); TEAM_LEVELS as usize];
    let index = |level: u8| usize::from(level.clamp(1, TEAM_LEVELS) - 1);
    for (user, level) in &members {
        let wallet = money.get(user).copied().unwrap_or_default();
        levels[index(*level)].add(&LevelSums {
            people: 1,
            recharge: wallet.deposited,
            bets: staked.get(user).map_or(0, |stakes| stakes.stake),
            withdrawals: wallet.withdrawn,
            bonus: 0,
        });
    }
    for (level, amount) in rebates::commission_by_level(connection, partner)? {
        levels[index(level)].bonus = amount;
    }
    let mut total = LevelSums::default();
    let mut figures = Vec::with_capacity(levels.len());
    for (level, sums) in (1..=TEAM_LEVELS).zip(&levels) {
        total.add(sums);
        figures.push(sums.figures(level)?);
    }
    Ok(TeamSummary {
        invite_path: format!("{INVITE_PATH}{invite_code}"),
        invite_code,
        levels: figures,
        total: total.figures(0)?,
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
                phone: Phone::tail(&member.phone),
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
