//! Invitation chains and the team page: players invited by one another, their bets.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::WalletApp;
use serde_json::{Value, json};

/// Registers a player with `inviter`'s code.
pub async fn invited_by(app: &TestApp, inviter: &Player) -> Player {
    app.player_with(json!({ "invite_code": inviter.invite_code })).await
}

/// A chain of `length` players, each invited by the one before.
pub async fn invite_chain(app: &TestApp, length: usize) -> Vec<Player> {
    let mut chain = vec![app.player().await];
    while chain.len() < length {
        let next = invited_by(app, chain.last().expect("a player")).await;
        chain.push(next);
    }
    chain
}

/// `amount` deposited (approved) and moved to the game balance.
pub async fn fund_game(app: &TestApp, player: &Player, amount: &str) {
    app.approved_deposit(player, amount).await;
    let form = json!({"from": "balance", "amount": amount});
    app.conversion(player, form, None).await.assert_ok();
}

/// A bet of `amount` on k3 `big`, then the period drawn and settled.
pub async fn settled_bet(hall: &Hall, player: &Player, amount: &str) {
    hall.bet(player, "k3", json!([{"option": "big", "amount": amount}])).await.assert_ok();
    hall.draw("k3").await;
}

pub async fn team_index(app: &TestApp, player: &Player) -> Value {
    app.get_as(player, "/api/team/index", "").await.assert_ok().clone()
}
