//! The partners' weekly salary. Every Monday 00:00 operator time the week just ended is paid:
//! a partner whose team (levels 1-3) staked at least a tier's volume in bets settled that week,
//! with at least its number of members who bet, earns the highest such tier, one Salary entry
//! from `bonus`. The week's row in `salary_weeks` is written in the same transaction as its
//! payments and (user, week) is the payouts' key, so a week is paid once; after downtime each
//! missed week is paid in turn, each over its own bets only.

use crate::auth::team as chain;
use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::config::{SalaryConfig, SalaryTier};
use crate::db::Tx;
use crate::error::AppError;
use crate::games::stakes;
use crate::growth::rewards::{self, Programme, Reward, RewardRules};
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::{Page, Paging};
use chrono::{Datelike, NaiveDate, TimeZone};
use chrono_tz::Tz;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// One operator week: Monday 00:00 to the next Monday 00:00 (167 or 169 hours across a DST
/// change).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Week {
    #[schema(value_type = i64)]
    pub start: Timestamp,
    #[schema(value_type = i64)]
    pub end: Timestamp,
}

impl Week {
    /// The operator week that contains `instant`.
    pub fn containing(timezone: Tz, instant: Timestamp) -> Week {
        let date = timezone
            .timestamp_opt(instant.secs(), 0)
            .single()
            .map_or(NaiveDate::MIN, |time| time.date_naive());
        Week::of_date(timezone, date)
    }

    /// The operator week that contains the day `date`.
    pub fn of_date(timezone: Tz, date: NaiveDate) -> Week {
        let monday = date - chrono::Days::new(u64::from(date.weekday().num_days_from_monday()));
        Week::of_monday(timezone, monday)
    }

    fn of_monday(timezone: Tz, monday: NaiveDate) -> Week {
        let next = monday + chrono::Days::new(7);
        Week {
            start: Timestamp::local_midnight(timezone, monday),
            end: Timestamp::local_midnight(timezone, next),
        }
    }

    fn monday(self, timezone: Tz) -> NaiveDate {
        Week::containing(timezone, self.start).start_date(timezone)
    }

    fn start_date(self, timezone: Tz) -> NaiveDate {
        timezone
            .timestamp_opt(self.start.secs(), 0)
            .single()
            .map_or(NaiveDate::MIN, |time| time.date_naive())
    }

    pub fn previous(self, timezone: Tz) -> Week {
        Week::of_monday(timezone, self.monday(timezone) - chrono::Days::new(7))
    }

    pub fn next(self, timezone: Tz) -> Week {
        Week::of_monday(timezone, self.monday(timezone) + chrono::Days::new(7))
    }
}

/// A partner's team figures over a span: stakes of settled bets and members who bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeamVolume {
    pub volume: i64,
    pub active: i64,
}

/// Per partner, his team's volume and active members over bets settled in `[from, until)`.
fn team_volumes(
    connection: &Connection,
    from: Timestamp,
    until: Timestamp,
) -> Result<BTreeMap<UserId, TeamVolume>, AppError> {
    let settled = stakes::settled_stakes_between(connection, from, until)?;
    let bettors: Vec<UserId> = settled.keys().copied().collect();
    let uplines = chain::uplines(connection, &bettors)?;
    let mut volumes: BTreeMap<UserId, TeamVolume> = BTreeMap::new();
    for (bettor, stakes) in &settled {
        for upline in uplines.get(bettor).into_iter().flatten() {
            let volume = volumes.entry(*upline).or_default();
            volume.volume += stakes.stake;
            volume.active += 1;
        }
    }
    Ok(volumes)
}

/// The highest tier `volume` reaches (1-based), if any.
pub fn tier_reached(tiers: &[SalaryTier], volume: TeamVolume) -> Option<(usize, &SalaryTier)> {
    tiers
        .iter()
        .enumerate()
        .rev()
        .find(|(_, tier)| {
            volume.volume >= tier.volume_min.minor() && volume.active >= tier.active_min
        })
        .map(|(index, tier)| (index + 1, tier))
}

/// What paying one week did.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct WeekReport {
    pub week: Week,
    pub partners: i64,
    #[schema(value_type = String)]
    pub paid: Money,
}

/// The next week to pay at `now`, if one has ended unpaid: the week after the last paid one,
/// or, before any was paid, the week just ended.
pub fn next_unpaid(
    connection: &Connection,
    timezone: Tz,
    now: Timestamp,
) -> Result<Option<Week>, AppError> {
    let current = Week::containing(timezone, now);
    let last: Option<Timestamp> = connection
        .prepare_cached("SELECT MAX(week_start) FROM salary_weeks")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten();
    let next = match last {
        Some(start) => Week::containing(timezone, start).next(timezone),
        None => current.previous(timezone),
    };
    Ok((next.end <= now).then_some(next))
}

/// Pays the oldest ended week not yet paid, if any; the caller repeats until None.
pub fn pay_next_week(
    tx: &Tx,
    growth: &GrowthConfig,
    timezone: Tz,
    now: Timestamp,
) -> Result<Option<WeekReport>, AppError> {
    let Some(week) = next_unpaid(tx, timezone, now)? else {
        return Ok(None);
    };
    let volumes = team_volumes(tx, week.start, week.end)?;
    let rules = RewardRules::new(growth, timezone);
    tx.prepare_cached(
        "INSERT INTO salary_weeks (week_start, week_end, paid_at, partners, paid)
         VALUES (?1, ?2, ?3, 0, 0)",
    )?
    .execute(params![week.start, week.end, now])?;
    let (mut partners, mut paid) = (0i64, 0i64);
    for (partner, volume) in volumes {
        let Some((tier, reached)) = tier_reached(&growth.salary.tiers, volume) else {
            continue;
        };
        // A partner in a time-out or self-exclusion is not paid this week (`protection`).
        let owed = Reward::earned(
            partner,
            Programme::Salary,
            reached.amount,
            format!("salary:{partner}:{}", week.start),
        );
        let amount = rewards::pay(tx, owed, &rules, now)?.amount();
        if amount == Money::ZERO {
            continue;
        }
        tx.prepare_cached(
            "INSERT INTO salary_payouts (user_id, week_start, volume, active, tier, amount, paid_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            partner,
            week.start,
            volume.volume,
            volume.active,
            i64::try_from(tier).unwrap_or(i64::MAX),
            amount.minor(),
            now
        ])?;
        partners += 1;
        paid += amount.minor();
    }
    tx.prepare_cached("UPDATE salary_weeks SET partners = ?2, paid = ?3 WHERE week_start = ?1")?
        .execute(params![week.start, partners, paid])?;
    Ok(Some(WeekReport { week, partners, paid: Money::from_minor(paid)? }))
}

/// One row of the salary table as the page shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SalaryTierRow {
    pub tier: usize,
    #[schema(value_type = String)]
    pub volume_min: Money,
    pub active_min: i64,
    #[schema(value_type = String)]
    pub amount: Money,
}

/// One week's salary of one partner.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SalaryPayout {
    #[schema(value_type = i64)]
    pub user_id: UserId,
    #[schema(value_type = i64)]
    pub week_start: Timestamp,
    #[schema(value_type = String)]
    pub volume: Money,
    pub active: i64,
    pub tier: i64,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = i64)]
    pub paid_at: Timestamp,
}

/// `api/salary/index`: the table, this week so far, and the partner's history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SalaryOverview {
    pub tiers: Vec<SalaryTierRow>,
    /// The current week and the team's figures in it so far.
    pub week: Week,
    #[schema(value_type = String)]
    pub volume: Money,
    pub active: i64,
    /// The tier the week reaches so far (0: none yet).
    pub tier: usize,
    pub history: Page<SalaryPayout>,
}

/// The salary table as rows.
pub fn tier_rows(config: &SalaryConfig) -> Vec<SalaryTierRow> {
    (config.tiers.iter().enumerate())
        .map(|(index, tier)| SalaryTierRow {
            tier: index + 1,
            volume_min: tier.volume_min,
            active_min: tier.active_min,
            amount: tier.amount,
        })
        .collect()
}

/// The partner's salary page: the table, his team this week so far, his history.
pub fn overview(
    connection: &Connection,
    partner: UserId,
    (config, timezone): (&SalaryConfig, Tz),
    paging: Paging,
    now: Timestamp,
) -> Result<SalaryOverview, AppError> {
    let week = Week::containing(timezone, now);
    let volume = partner_volume(connection, partner, week.start, now + 1)?;
    Ok(SalaryOverview {
        tiers: tier_rows(config),
        week,
        volume: Money::from_minor(volume.volume)?,
        active: volume.active,
        tier: tier_reached(&config.tiers, volume).map_or(0, |(tier, _)| tier),
        history: payouts(connection, Some(partner), None, paging)?,
    })
}

/// One partner's team volume over bets settled in `[from, until)`.
pub fn partner_volume(
    connection: &Connection,
    partner: UserId,
    from: Timestamp,
    until: Timestamp,
) -> Result<TeamVolume, AppError> {
    let settled = stakes::settled_stakes_between(connection, from, until)?;
    let members: HashSet<UserId> =
        chain::team_levels(connection, partner)?.into_iter().map(|(user, _)| user).collect();
    let team: HashMap<&UserId, _> =
        settled.iter().filter(|(user, _)| members.contains(user)).collect();
    Ok(TeamVolume {
        volume: team.values().map(|stakes| stakes.stake).sum(),
        active: i64::try_from(team.len()).unwrap_or(i64::MAX),
    })
}

/// Salary payouts, newest week first: of one partner, of one week, or all.
pub fn payouts(
    connection: &Connection,
    partner: Option<UserId>,
    week_start: Option<Timestamp>,
    paging: Paging,
) -> Result<Page<SalaryPayout>, AppError> {
    let filter = "(?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR week_start = ?2)";
    let total: i64 = connection
        .prepare_cached(&format!("SELECT COUNT(*) FROM salary_payouts WHERE {filter}"))?
        .query_row(params![partner, week_start], |row| row.get(0))?;
    let mut statement = connection.prepare_cached(&format!(
        "SELECT user_id, week_start, volume, active, tier, amount, paid_at FROM salary_payouts
         WHERE {filter} ORDER BY week_start DESC, user_id LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = statement.query_map(
        params![partner, week_start, paging.limit, paging.offset()],
        |row| {
            Ok(SalaryPayout {
                user_id: row.get(0)?,
                week_start: row.get(1)?,
                volume: row.get(2)?,
                active: row.get(3)?,
                tier: row.get(4)?,
                amount: row.get(5)?,
                paid_at: row.get(6)?,
            })
        },
    )?;
    Ok(paging.wrap(rows.collect::<Result<_, _>>()?, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        let time = chrono::DateTime::parse_from_rfc3339(text).expect("a time");
        Timestamp::from_datetime(&time)
    }

    #[test]
    fn a_week_runs_from_monday_midnight_in_the_operator_zone() {
        let zone = chrono_tz::Asia::Ho_Chi_Minh;
        let week = Week::containing(zone, at("2026-11-22T08:00:00Z"));
        assert_eq!(week.start, at("2026-11-16T00:00:00+07:00"));
        assert_eq!(week.end, at("2026-11-23T00:00:00+07:00"));
        assert_eq!(Week::containing(zone, at("2026-11-22T17:00:00Z")).start, week.end);
        assert_eq!(week.next(zone).previous(zone), week);
    }

    #[test]
    fn a_week_across_a_dst_change_is_an_hour_shorter_or_longer() {
        let zone = chrono_tz::Europe::Berlin;
        let spring = Week::containing(zone, at("2027-03-28T12:00:00Z"));
        assert_eq!(spring.start, at("2027-03-22T00:00:00+01:00"));
        assert_eq!(spring.end, at("2027-03-29T00:00:00+02:00"));
        assert_eq!(spring.end.secs_since(spring.start), 167 * 3600);
        let autumn = Week::containing(zone, at("2026-10-25T12:00:00Z"));
        assert_eq!(autumn.end.secs_since(autumn.start), 169 * 3600);
    }
}
