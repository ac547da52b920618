//! Deposit bonuses released by play (docs/programmes.md, "Deposit bonuses"): a grant waits in
//! the `bonus_pending` reserve, each settled bet releases its stake times its option's net edge
//! (oldest grant first, at `growth.bonus_release_percent`), open bets hold the count back,
//! refunded bets release nothing, and the reviewer's hedged route to a withdrawal ends below
//! the deposit with every programme on at the defaults.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::team::fund_game;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, withdrawal_form};
use fairhall::config::{Config, DepositTier, GrowthConfig};
use fairhall::games::{self, rules::room::Room};
use serde_json::{Value, json};

/// A first-deposit bonus of 10 % (at most 5,000.00) and no other programme: a bet's net edge
/// is its option's edge, which is exactly 1 % on ssc's even-money options (1.98 on 50/50).
fn bonus_only(config: &mut Config, release_percent: i64) {
    config.growth = GrowthConfig::default();
    let tier = DepositTier { min_amount: money("100.00"), rate_bp: 1_000, cap: money("5000.00") };
    config.growth.first_deposit.tiers = vec![tier];
    config.growth.cashback.tiers.clear();
    config.growth.rebate.rate_bps = 0;
    config.growth.rebate.commission_bps = [0; 3];
    config.growth.salary.tiers.clear();
    for level in &mut config.growth.vip.levels {
        level.upgrade_reward = money("0.00");
        level.deposit_reward_bp = 0;
    }
    config.growth.bonus_release_percent = release_percent;
    config.wallet.deposit_requests_per_hour = 1_000;
}

async fn pending(app: &TestApp, player: &Player) -> Value {
    app.get_as(player, "/api/bonus/pending", "").await.assert_ok().clone()
}

/// The player's releases on his statement: (reference, amount), oldest first.
async fn releases(app: &TestApp, player: &Player) -> Vec<(String, String)> {
    let reply = app.get_as(player, "/api/personal/accountchangerecord", "kind=bonus&limit=100");
    let list = reply.await.assert_ok()["list"].as_array().expect("changes").clone();
    let text = |value: &Value| value.as_str().expect("text").to_string();
    list.iter().rev().map(|change| (text(&change["reference"]), text(&change["amount"]))).collect()
}

async fn held(app: &TestApp, player: &Player) -> i64 {
    let balances = app.balances_of(player).await;
    balances.wallet.minor() + balances.game.minor()
}

#[tokio::test]
async fn a_deposit_bonus_waits_in_the_reserve_and_each_settled_bet_releases_its_net_edge() {
    for (release_percent, released) in [(100, "4.00"), (200, "2.00")] {
        let hall = Hall::open_with(|config| bonus_only(config, release_percent)).await;
        let app = &hall.app;
        let player = app.player().await;
        fund_game(app, &player, "1000.00").await;

        // The 100.00 bonus is in the reserve, not the wallet: not stakable, not withdrawable.
        assert_eq!(held(app, &player).await, 100_000);
        assert_eq!(app.system_balance("bonus_pending").await, 10_000);
        let view = pending(app, &player).await;
        assert_eq!((&view["pending"], &view["released"]), (&json!("100.00"), &json!("0.00")));
        let needed = if release_percent == 100 { "100.00" } else { "200.00" };
        assert_eq!(view["expected_win_needed"], needed);
        assert_eq!(view["release_percent"], release_percent);
        // The thinnest net edge of any open room's option is at most ssc's 1 %: at most that
        // much staking releases it all.
        let at_most = money(view["stake_at_most"].as_str().expect("a stake"));
        assert!(at_most.minor() >= money(needed).minor() * 100, "{view}");

        // 400.00 on an even-money option keeps 4.00 for the house on average.
        let bet = json!([{"option": "b1_big", "amount": "400"}]);
        hall.bet(&player, "ssc", bet).await.assert_ok();
        hall.draw("ssc").await;

        let reference = format!("bonus_release:{}:1", player.id);
        assert_eq!(releases(app, &player).await, [(reference, released.to_string())]);
        let view = pending(app, &player).await;
        let left = money("100.00").checked_sub(money(released)).expect("in range");
        assert_eq!(view["pending"], left.to_string());
        assert_eq!(view["released"], released);
        let first = app.get_as(&player, "/api/bonus/first-deposit", "").await;
        assert_eq!(first.assert_ok()["bonus"]["released"], released);
        assert_eq!(app.system_balance("bonus_pending").await, left.minor());
        assert_ledger_verifies(app).await;
    }
}

#[tokio::test]
async fn an_open_bet_holds_back_the_bets_after_it_and_a_refund_releases_nothing() {
    let hall = Hall::open_with(|config| bonus_only(config, 100)).await;
    let app = &hall.app;
    let player = app.player().await;
    fund_game(app, &player, "1000.00").await;
    // A fresh rgb5 period (300 s) outlasts the next ssc draw (60 s).
    hall.draw("rgb5").await;
    hall.bet(&player, "rgb5", json!([{"option": "green", "amount": "10"}])).await.assert_ok();
    hall.bet(&player, "ssc", json!([{"option": "b1_big", "amount": "200"}])).await.assert_ok();
    hall.draw("ssc").await;
    assert_eq!(releases(app, &player).await, [], "the rgb5 bet placed first is still open");

    // Refunded: the room closed before its draw.
    let room = Room::parse("rgb5").expect("room");
    let close = app.db.write(move |tx| games::rooms::set_room_open(tx, room, false));
    close.await.expect("closed");
    hall.draw("rgb5").await;
    let reference = format!("bonus_release:{}:1", player.id);
    assert_eq!(
        releases(app, &player).await,
        [(reference, "2.00".to_string())],
        "the ssc bet counts once the bet before it settled; the refunded one counts nothing"
    );
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn play_before_a_grant_does_not_release_it() {
    let hall = Hall::open_with(|config| bonus_only(config, 100)).await;
    let app = &hall.app;
    let player = app.player().await;
    app.credit(&player, "500.00").await;
    let form = json!({"from": "balance", "amount": "500.00"});
    app.conversion(&player, form, None).await.assert_ok();
    hall.bet(&player, "ssc", json!([{"option": "b1_big", "amount": "400"}])).await.assert_ok();
    hall.draw("ssc").await;

    app.approved_deposit(&player, "1000.00").await;
    hall.scheduler.tick(app.now()).await;

    assert_eq!(releases(app, &player).await, []);
    assert_eq!(pending(app, &player).await["pending"], "100.00");
}

/// The reviewer's route (issue 30): 10,000.00 deposited with every programme on at the
/// defaults, the whole balance staked on both sides of ssc's five even-money pairs, the rebate
/// batch paid, the turnover it added played off, the bonuses released by that play, and the
/// rest withdrawn. Before the release
/// by play, the 2,500.00 first-deposit bonus and the cashback were stakable and withdrawable
/// after one hedged round: 12,700.00 out for 10,000.00 in.
#[tokio::test]
async fn the_hedged_route_to_a_withdrawal_ends_below_the_deposit() {
    let hall = Hall::open_with(|config| config.growth = GrowthConfig::default()).await;
    let app = &hall.app;
    let player = app.player().await;
    app.set_fund_password(&player).await;
    let card = app.link_card(&player).await;
    fund_game(app, &player, "10000.00").await;
    let granted = pending(app, &player).await;
    assert!(money(granted["pending"].as_str().expect("an amount")) >= money("2500.00"));

    let pairs: Vec<Value> = (1..=5)
        .flat_map(|digit| {
            ["big", "small"]
                .map(|side| json!({"option": format!("b{digit}_{side}"), "amount": "1000"}))
        })
        .collect();
    hall.bet(&player, "ssc", Value::Array(pairs)).await.assert_ok();
    hall.draw("ssc").await;
    app.clock.advance(app.config.growth.rebate.batch_interval_secs);
    hall.scheduler.tick(app.now()).await;
    // The rebate and the VIP upgrade reward that volume reached added their turnover: one more
    // hedged pair plays it off.
    let pair =
        json!([{"option": "b1_big", "amount": "10"}, {"option": "b1_small", "amount": "10"}]);
    hall.bet(&player, "ssc", pair).await.assert_ok();
    hall.draw("ssc").await;

    let game = app.balances_of(&player).await.game.to_string();
    let form = json!({"from": "game", "amount": game});
    app.conversion(&player, form, None).await.assert_ok();
    let wallet = app.balances_of(&player).await.wallet;
    assert!(wallet < money("10000.00"), "{wallet} after the hedged round");
    app.do_withdraw(&player, withdrawal_form(card, &wallet.to_string()), None).await.assert_ok();
    assert!(pending(app, &player).await["pending"] != "0.00", "most of the bonus is unreleased");
    assert_ledger_verifies(app).await;
}
