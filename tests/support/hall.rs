//! A hall whose chains are committed and whose every room has a period open: the games'
//! fixture for betting, settlement and the programmes built on bets.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{WalletApp, post_request};
use fairhall::clock::Timestamp;
use fairhall::money::Money;
use fairhall::scheduler::Scheduler;
use serde_json::{Value, json};

/// A hall whose chains are committed and whose every room has a committed period open.
pub struct Hall {
    pub app: TestApp,
    pub scheduler: Scheduler,
}

impl Hall {
    pub async fn open() -> Hall {
        Hall::open_with(|_| {}).await
    }

    pub async fn open_with(configure: impl FnOnce(&mut fairhall::config::Config)) -> Hall {
        let app = TestApp::spawn_with(configure).await;
        let scheduler = app.scheduler().with_chain_length(2_000).with_chunk_bets(7);
        scheduler.tick(app.now()).await;
        // Five minutes of draws: every source has drawn periods for the boards and history.
        app.clock.advance(300);
        scheduler.tick(app.now()).await;
        Hall { app, scheduler }
    }

    /// A player with `game` in the game balance.
    pub async fn player_with_game(&self, game: &str) -> Player {
        let player = self.app.player().await;
        self.app.credit(&player, game).await;
        let reply = self.app.conversion(&player, json!({"from": "balance", "amount": game}), None);
        reply.await.assert_ok();
        player
    }

    /// The issue of `room` taking bets now; waits out (draws) a period in its closed window.
    pub async fn open_issue(&self, room: &str) -> String {
        let index = self.app.room_index(room).await.assert_ok().clone();
        if self.app.now().secs() < index["close_at"].as_i64().expect("a close time") {
            return index["issue"].as_str().expect("an open issue").to_string();
        }
        self.draw(room).await;
        let index = self.app.room_index(room).await;
        index.assert_ok()["issue"].as_str().expect("an open issue").to_string()
    }

    pub async fn bet(&self, player: &Player, room: &str, bets: Value) -> Reply {
        let issue = self.open_issue(room).await;
        self.bet_on(player, (room, &issue), bets, None).await
    }

    /// Bets on `(room, issue)`, optionally with an idempotency key.
    pub async fn bet_on(
        &self,
        player: &Player,
        (room, issue): (&str, &str),
        bets: Value,
        key: Option<&str>,
    ) -> Reply {
        let form = json!({"room": room, "issue": issue, "bets": bets});
        self.app.send(post_request("/api/rooms/betting", player, &form, key)).await
    }

    /// Moves the clock past the draw of `room`'s open period and runs the scheduler.
    pub async fn draw(&self, room: &str) {
        let index = self.app.room_index(room).await;
        let draw_at =
            Timestamp::from_secs(index.assert_ok()["draw_at"].as_i64().expect("a draw time"));
        self.app.clock.advance(draw_at - self.app.now());
        self.scheduler.tick(self.app.now()).await;
    }

    pub async fn records(&self, player: &Player, query: &str) -> Vec<Value> {
        let reply = self.app.get_as(player, "/api/personal/betting_record", query).await;
        reply.assert_ok()["list"].as_array().expect("a list").clone()
    }

    pub async fn game_balance(&self, player: &Player) -> Money {
        self.app.balances_of(player).await.game
    }
}
