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

/// The player's net loss over his settled (won or lost) bets, in minor units: per period (room
/// and issue) his stakes less what they paid him, a period he came out ahead in counting 0.
/// What rebates and commissions pay on.
pub async fn net_loss(hall: &Hall, player: &Player) -> i64 {
    let mut by_period: std::collections::BTreeMap<(String, String), i64> = Default::default();
    for record in hall.records(player, "limit=100").await {
        if !matches!(record["status"].as_str(), Some("won" | "lost")) {
            continue;
        }
        let minor = |field: &str| {
            let text = record[field].as_str().expect("an amount");
            fairhall::money::Money::parse(text).expect("money").minor()
        };
        let period = (record["room"].to_string(), record["issue"].to_string());
        *by_period.entry(period).or_default() += minor("amount") - minor("payout");
    }
    by_period.values().map(|loss| (*loss).max(0)).sum()
}
