//! The programmes that pay on their own in the walk: the deposit rewards paid when a deposit
//! is approved (first-deposit bonus, recharge cashback, the VIP level's deposit reward), the VIP
//! levels with their upgrade rewards (re-evaluated at each approval and, for bettors, at each
//! scheduler pass) and the partners' weekly salary (each Monday 00:00 operator time). The
//! model's own tables and integer arithmetic; nothing here calls the code under test.

use super::rules::{Expected, operator_day};
use super::walk::Walk;
use fairhall::clock::Timestamp;
use fairhall::config::{Config, DepositTier, SalaryTier, VipLevel};
use fairhall::money::Money;
use std::collections::{BTreeMap, BTreeSet};

/// (minimum deposit, basis points, cap) of each tier, from the lowest.
pub const FIRST_DEPOSIT_TIERS: [(i64, i64, i64); 2] =
    [(5_000, 1_000, 3_000), (50_000, 1_500, 15_000)];
pub const CASHBACK_TIERS: [(i64, i64, i64); 2] = [(10_000, 100, 2_000), (100_000, 200, 10_000)];
/// The most cashback a player gets per operator day.
pub const CASHBACK_DAILY_CAP: i64 = 3_000;

/// One VIP level as the model knows it.
pub struct Level {
    pub total_deposit: i64,
    pub betting_points: i64,
    pub upgrade_reward: i64,
    pub withdraw_daily_count: usize,
    pub deposit_reward_bp: i64,
}

/// The walk's levels: low thresholds, so that walks reach them; each level has its own daily
/// withdrawal count and deposit reward.
pub const LEVELS: [Level; 4] = [
    Level {
        total_deposit: 0,
        betting_points: 0,
        upgrade_reward: 0,
        withdraw_daily_count: 4,
        deposit_reward_bp: 0,
    },
    Level {
        total_deposit: 50_000,
        betting_points: 20_000,
        upgrade_reward: 800,
        withdraw_daily_count: 5,
        deposit_reward_bp: 50,
    },
    Level {
        total_deposit: 300_000,
        betting_points: 150_000,
        upgrade_reward: 2_800,
        withdraw_daily_count: 6,
        deposit_reward_bp: 100,
    },
    Level {
        total_deposit: 1_000_000,
        betting_points: 500_000,
        upgrade_reward: 8_800,
        withdraw_daily_count: 8,
        deposit_reward_bp: 150,
    },
];

/// The largest single withdrawal at every level.
pub const WITHDRAW_SINGLE_MAX: i64 = 30_000;

/// (team volume, active members, salary) of each tier, from the lowest.
pub const SALARY_TIERS: [(i64, i64, i64); 3] =
    [(10_000, 1, 500), (50_000, 2, 2_000), (200_000, 3, 6_000)];

/// Sets the programmes of the walk's config.
pub fn configure(config: &mut Config) {
    let amount = |minor: i64| Money::from_minor(minor).expect("in range");
    let tiers = |table: &[(i64, i64, i64)]| -> Vec<DepositTier> {
        let tier = |&(min_amount, rate_bp, cap): &(i64, i64, i64)| DepositTier {
            min_amount: amount(min_amount),
            rate_bp,
            cap: amount(cap),
        };
        table.iter().map(tier).collect()
    };
    let growth = &mut config.growth;
    growth.first_deposit.tiers = tiers(&FIRST_DEPOSIT_TIERS);
    growth.cashback.tiers = tiers(&CASHBACK_TIERS);
    growth.cashback.daily_cap = amount(CASHBACK_DAILY_CAP);
    growth.vip.levels = (0..)
        .zip(&LEVELS)
        .map(|(level, row)| VipLevel {
            level,
            total_deposit: amount(row.total_deposit),
            betting_points: amount(row.betting_points),
            upgrade_reward: amount(row.upgrade_reward),
            withdraw_single_max: amount(WITHDRAW_SINGLE_MAX),
            withdraw_daily_count: row.withdraw_daily_count as i64,
            deposit_reward_bp: row.deposit_reward_bp,
        })
        .collect();
    growth.salary.tiers = SALARY_TIERS
        .iter()
        .map(|&(volume_min, active_min, salary)| SalaryTier {
            volume_min: amount(volume_min),
            active_min,
            amount: amount(salary),
        })
        .collect();
}

/// The reward of a deposit of `amount` by a tier table: the highest tier it reaches, its rate
/// rounded down, at most the cap.
fn tiered(tiers: &[(i64, i64, i64)], amount: i64) -> i64 {
    let reached = tiers.iter().rev().find(|(min_amount, _, _)| amount >= *min_amount);
    reached.map_or(0, |&(_, rate_bp, cap)| (amount * rate_bp / 10_000).min(cap))
}

/// The highest level whose two thresholds the player has reached.
fn level_for(expected: &Expected) -> usize {
    let reached = |level: &&Level| {
        expected.deposited >= level.total_deposit && expected.bet_points >= level.betting_points
    };
    LEVELS.iter().take_while(reached).count() - 1
}

/// The operator week of `at`: weeks numbered from the one of 1970-01-01 (a Thursday), each
/// from Monday 00:00 in UTC+7.
pub fn operator_week(at: Timestamp) -> i64 {
    (operator_day(at) + 3).div_euclid(7)
}

impl Walk {
    /// Sets the player's level from his totals and pays the upgrade reward of each level
    /// reached for the first time (levels only rise: totals only grow); returns the level.
    pub fn evaluate_vip(&mut self, player: usize) -> usize {
        let level = level_for(&self.expected[player]);
        let held = self.expected[player].vip_level;
        for (reached, row) in LEVELS.iter().enumerate().take(level + 1).skip(held + 1) {
            let reward = row.upgrade_reward;
            if reward > 0 {
                self.expected[player].credit_bonus(reward);
                self.touched.insert(player);
            }
            *self.figures.outcomes.entry(format!("vip upgrade to {reached}: ok")).or_default() += 1;
        }
        self.expected[player].vip_level = held.max(level);
        self.expected[player].vip_level
    }

    /// The scheduler's VIP job: the players who bet since its last pass are re-evaluated (the
    /// others' levels are up to date: a deposit approval evaluates its player).
    pub fn evaluate_bettors(&mut self) {
        let bettors = std::mem::take(&mut self.bet_since_tick);
        for player in bettors {
            self.evaluate_vip(player);
        }
    }

    /// What approving `player`'s deposit of `amount` pays besides the deposit: the level held
    /// before it counted (brought up to date first), then the deposit, the grants of the
    /// first-deposit bonus, the day's cashback within its cap and the level's deposit reward,
    /// and the upgrades the deposit reaches.
    pub fn approve_deposit(&mut self, player: usize, amount: i64) {
        let level_before = self.evaluate_vip(player);
        let today = operator_day(self.app.now());
        let expected = &mut self.expected[player];
        let first = expected.deposited == 0;
        expected.wallet += amount;
        expected.deposited += amount;
        expected.turnover += amount * super::rules::TURNOVER_PERCENT / 100;
        let cashback_today = expected.cashback_by_day.entry(today).or_default();
        let cashback = tiered(&CASHBACK_TIERS, amount).min(CASHBACK_DAILY_CAP - *cashback_today);
        *cashback_today += cashback;
        let rewards = [
            ("first deposit bonus", if first { tiered(&FIRST_DEPOSIT_TIERS, amount) } else { 0 }),
            ("cashback", cashback),
            ("vip deposit reward", amount * LEVELS[level_before].deposit_reward_bp / 10_000),
        ];
        // Granted into the reserve, released to the wallet by play (`follow_bonus_releases`).
        for (programme, reward) in rewards.into_iter().filter(|(_, reward)| *reward > 0) {
            self.expected[player].bonus_granted += reward;
            *self.figures.outcomes.entry(format!("{programme}: ok")).or_default() += 1;
        }
        self.external -= amount;
        self.evaluate_vip(player);
    }

    /// The weekly salary of every operator week that ended since the last one paid: per
    /// partner, the stakes of his team's (levels 1-3 below him) bets settled won or lost in
    /// the week and the members who had one; the highest tier both reach pays, as a bonus.
    pub fn pay_salaries(&mut self) {
        let current = operator_week(self.app.now());
        while self.salary_paid_through + 1 < current {
            let week = self.salary_paid_through + 1;
            let mut volumes: BTreeMap<usize, (i64, BTreeSet<usize>)> = BTreeMap::new();
            for bettor in 0..self.expected.len() {
                let settled = &self.expected[bettor].settled_by_week;
                let Some(&stake) = settled.get(&week) else { continue };
                let mut upline = self.inviters[bettor];
                for _ in 0..3 {
                    let Some(partner) = upline else { break };
                    let volume = volumes.entry(partner).or_default();
                    volume.0 += stake;
                    volume.1.insert(bettor);
                    upline = self.inviters[partner];
                }
            }
            for (partner, (volume, members)) in volumes {
                let active = members.len() as i64;
                let tier = SALARY_TIERS.iter().rev().find(|(volume_min, active_min, _)| {
                    volume >= *volume_min && active >= *active_min
                });
                if let Some(&(_, _, salary)) = tier {
                    self.expected[partner].credit_bonus(salary);
                    self.touched.insert(partner);
                    *self.figures.outcomes.entry("salary paid: ok".into()).or_default() += 1;
                }
            }
            for expected in &mut self.expected {
                expected.settled_by_week.remove(&week);
            }
            self.salary_paid_through = week;
        }
    }
}

impl Walk {
    /// After a scheduler pass: what the server released of each player's deposit bonuses. The
    /// amount depends on each option's net edge (the odds sheet's exact enumeration, which the
    /// model does not repeat); the model checks that releases only grow, that released and
    /// pending add up to what it granted, and follows the released money into the wallet.
    pub async fn follow_bonus_releases(&mut self) {
        let at = self.at();
        let granted: Vec<(usize, fairhall::ids::UserId)> = (0..self.expected.len())
            .filter(|&index| self.expected[index].bonus_granted > 0)
            .map(|index| (index, self.players[index].0.id))
            .collect();
        let percent = self.app.config.growth.bonus_release_percent;
        let progress = self
            .app
            .db
            .read(move |connection| {
                let mut progress = Vec::new();
                for (index, user_id) in granted {
                    let view =
                        fairhall::growth::bonus_release::progress_of(connection, user_id, percent)?;
                    progress.push((index, view.released.minor(), view.pending.minor()));
                }
                Ok(progress)
            })
            .await
            .expect("the bonuses are readable");
        for (index, released, pending) in progress {
            let expected = &mut self.expected[index];
            assert_eq!(released + pending, expected.bonus_granted, "{at}: player {index} bonuses");
            assert!(released >= expected.bonus_released, "{at}: player {index} release went back");
            if released > expected.bonus_released {
                expected.wallet += released - expected.bonus_released;
                expected.bonus_released = released;
                self.touched.insert(index);
                *self.figures.outcomes.entry("bonus released: ok".into()).or_default() += 1;
            }
        }
    }
}
