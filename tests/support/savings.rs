//! Savings (Yu E Bao) moves and figures on `TestApp`.

use crate::support::helpers::{Player, Reply, START, TestApp};
use crate::support::wallet_support::{WalletApp, post_request};
use fairhall::finance::interest::{day_bounds, next_day, operator_day};
use serde_json::{Value, json};

/// Savings endpoints and clock moves on `TestApp`.
pub trait SavingsApp {
    async fn save_in(&self, player: &Player, amount: &str) -> Reply;
    async fn save_out(&self, player: &Player, amount: &str) -> Reply;
    async fn savings_move(
        &self,
        path: &str,
        player: &Player,
        form: Value,
        key: Option<&str>,
    ) -> Reply;
    async fn savings_page(&self, player: &Player) -> Value;
    async fn savings_log(&self, player: &Player, query: &str) -> Value;
    /// Moves the clock to `secs` after the start of the operator day `days` after today's.
    fn move_to_day(&self, days: u64, secs: i64);
    /// Runs the interest job now; returns the interest it credited, in minor units.
    async fn pay_interest(&self) -> i64;
    /// A player with `amount` in the wallet.
    async fn saver(&self, amount: &str) -> Player;
}

impl SavingsApp for TestApp {
    async fn save_in(&self, player: &Player, amount: &str) -> Reply {
        self.savings_move("/api/yuebao/in", player, json!({ "amount": amount }), None).await
    }

    async fn save_out(&self, player: &Player, amount: &str) -> Reply {
        self.savings_move("/api/yuebao/out", player, json!({ "amount": amount }), None).await
    }

    async fn savings_move(
        &self,
        path: &str,
        player: &Player,
        form: Value,
        key: Option<&str>,
    ) -> Reply {
        self.send(post_request(path, player, &form, key)).await
    }

    async fn savings_page(&self, player: &Player) -> Value {
        self.get_as(player, "/api/yuebao/index", "").await.assert_ok().clone()
    }

    async fn savings_log(&self, player: &Player, query: &str) -> Value {
        self.get_as(player, "/api/yuebao/log", query).await.assert_ok().clone()
    }

    fn move_to_day(&self, days: u64, secs: i64) {
        let timezone = self.config.timezone();
        let mut day = operator_day(timezone, START);
        for _ in 0..days {
            day = next_day(day);
        }
        let target = day_bounds(timezone, day).0 + secs;
        self.clock.advance(target - self.now());
    }

    async fn pay_interest(&self) -> i64 {
        self.savings_job().tick(self.now()).await.expect("the interest job runs").interest_minor
    }

    async fn saver(&self, amount: &str) -> Player {
        let player = self.player().await;
        self.credit(&player, amount).await;
        player
    }
}
