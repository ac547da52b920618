//! Fixtures of the VIP and deposit-programme tests: a small level table, the shipped deposit
//! programmes turned back on, betting points booked as the games book them, the VIP job's
//! domain verb and the player's VIP page.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{WalletApp, money};
use fairhall::config::{Config, GrowthConfig, VipLevel};
use fairhall::growth::rewards::RewardRules;
use fairhall::growth::vip;
use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use serde_json::json;

/// Levels reachable with small deposits and bets:
/// (total deposit, betting points, upgrade reward, single max, daily count, deposit reward bp).
pub const LEVELS: [(&str, &str, &str, &str, i64, i64); 5] = [
    ("0.00", "0.00", "0.00", "500.00", 2, 0),
    ("100.00", "50.00", "5.00", "800.00", 3, 100),
    ("300.00", "100.00", "10.00", "1000.00", 4, 200),
    ("600.00", "200.00", "20.00", "1500.00", 5, 300),
    ("5000.00", "5000.00", "50.00", "2000.00", 6, 400),
];

pub fn small_levels() -> Vec<VipLevel> {
    (0..)
        .zip(LEVELS)
        .map(|(level, (deposit, betting, reward, single_max, count, bp))| VipLevel {
            level,
            total_deposit: money(deposit),
            betting_points: money(betting),
            upgrade_reward: money(reward),
            withdraw_single_max: money(single_max),
            withdraw_daily_count: count,
            deposit_reward_bp: bp,
        })
        .collect()
}

/// The shipped `[growth]` programmes (the harness turns the deposit programmes off) with the
/// small level table.
pub fn with_programmes(config: &mut Config) {
    config.growth = GrowthConfig::default();
    config.growth.vip.levels = small_levels();
    // Tests approve many deposits in a row.
    config.wallet.deposit_requests_per_hour = 1_000;
}

pub trait VipApp {
    /// Books `amount` of bets from the player's game balance (credited first), the way
    /// `games::betting` books a stake: an entry of kind `bet` from `game` to `house`.
    async fn bet_points(&self, player: &Player, amount: &str);
    /// Runs the VIP job's batches (what `Scheduler::tick` runs) until caught up.
    async fn run_vip_job(&self) -> u32;
    async fn vip_index(&self, player: &Player) -> Reply;
    async fn vip_level_of(&self, player: &Player) -> i64;
    /// The levels whose upgrade reward the player has had.
    async fn reached(&self, player: &Player) -> Vec<i64>;
}

impl VipApp for TestApp {
    async fn bet_points(&self, player: &Player, amount: &str) {
        self.credit(player, amount).await;
        let form = json!({ "from": "balance", "amount": amount });
        self.conversion(player, form, None).await.assert_ok();
        let (user_id, stake, now) = (player.id, money(amount), self.now());
        let booked = self.db.write(move |tx| {
            let entry = Entry::new(
                EntryKind::Bet,
                AccountRef::User(user_id, UserAccountKind::Game),
                AccountRef::System(SystemAccount::House),
                stake,
                now,
            );
            ledger::transfer(tx, entry.reference("bet:fixture")).map(|_| ())
        });
        booked.await.expect("the bet is booked");
    }

    async fn run_vip_job(&self) -> u32 {
        let (growth, now) = (self.config.growth.clone(), self.now());
        let rules = RewardRules::from_config(&self.config);
        let mut upgrades = 0;
        loop {
            let (growth, rules) = (growth.clone(), rules.clone());
            let batch =
                self.db.write(move |tx| vip::reevaluate_bettors(tx, (&growth, &rules), now));
            let report = batch.await.expect("the VIP job runs");
            upgrades += report.upgrades;
            if !report.advanced {
                return upgrades;
            }
        }
    }

    async fn vip_index(&self, player: &Player) -> Reply {
        self.get_as(player, "/api/vip/index", "").await
    }

    async fn vip_level_of(&self, player: &Player) -> i64 {
        self.vip_index(player).await.assert_ok()["level"].as_i64().expect("a level")
    }

    async fn reached(&self, player: &Player) -> Vec<i64> {
        let reply = self.vip_index(player).await;
        let reached = reply.assert_ok()["reached"].as_array().expect("reached levels").clone();
        reached.iter().map(|level| level.as_i64().expect("a level")).collect()
    }
}
