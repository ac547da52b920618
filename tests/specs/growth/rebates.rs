//! Rebates and commissions: the amounts of one batch over a known set of bets on a team of
//! four levels (exact minor units, each rounded down), refunded bets left out, and each bet
//! counted exactly once across repeated batches and restarts.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::team::{fund_game, invite_chain, settled_bet};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::games;
use fairhall::games::rules::room::Room;
use fairhall::money::Money;
use serde_json::{Value, json};

async fn wallet_minor(app: &TestApp, player: &Player) -> i64 {
    app.balances_of(player).await.wallet.minor()
}

async fn rebate_index(app: &TestApp, player: &Player) -> Value {
    app.get_as(player, "/api/rebate/index", "").await.assert_ok().clone()
}

/// Moves the clock a batch interval on and runs the scheduler.
async fn next_batch(hall: &Hall) {
    hall.app.clock.advance(hall.app.config.growth.rebate.batch_interval_secs);
    hall.scheduler.tick(hall.app.now()).await;
}

/// A refunded bet of `amount` on ssc: the room is closed before its draw, then reopened.
async fn refunded_bet(hall: &Hall, player: &Player, amount: &str) {
    hall.bet(player, "ssc", json!([{"option": "tie", "amount": amount}])).await.assert_ok();
    let room = Room::parse("ssc").expect("room");
    let close = hall.app.db.write(move |tx| games::rooms::set_room_open(tx, room, false));
    close.await.expect("closed");
    hall.draw("ssc").await;
    let open = hall.app.db.write(move |tx| games::rooms::set_room_open(tx, room, true));
    open.await.expect("reopened");
}

/// The team A <- B <- C <- D <- E (each invited by the one before) with their bets:
/// D 123.45 + 77.77, C 10.01, E 333.33, all settled; A 40.00 refunded.
async fn team_with_bets(hall: &Hall) -> Vec<Player> {
    let chain = invite_chain(&hall.app, 5).await;
    for player in &chain {
        fund_game(&hall.app, player, "1000.00").await;
    }
    settled_bet(hall, &chain[3], "123.45").await;
    settled_bet(hall, &chain[3], "77.77").await;
    settled_bet(hall, &chain[2], "10.01").await;
    settled_bet(hall, &chain[4], "333.33").await;
    refunded_bet(hall, &chain[0], "40").await;
    chain
}

/// What the batch pays each of A..E, in minor units, at 0.50 % rebate and 1.00 / 0.50 / 0.20 %
/// commissions, every amount rounded down:
/// A: L2 C 1001 x 0.5 % = 5, L3 D 20122 x 0.2 % = 40 (his refunded 4000 counts nothing)
/// B: L1 C 1001 x 1 % = 10, L2 D 20122 x 0.5 % = 100, L3 E 33333 x 0.2 % = 66
/// C: rebate 1001 x 0.5 % = 5; L1 D 20122 x 1 % = 201, L2 E 33333 x 0.5 % = 166
/// D: rebate 20122 x 0.5 % = 100; L1 E 33333 x 1 % = 333
/// E: rebate 33333 x 0.5 % = 166 (B is his 3rd level; A is beyond it)
const EXPECTED: [i64; 5] = [45, 176, 372, 433, 166];

#[tokio::test]
async fn a_batch_pays_the_rebate_and_three_levels_of_commission_exactly() {
    let hall = Hall::open().await;
    let chain = team_with_bets(&hall).await;
    let pending: Vec<Value> = {
        let mut pending = Vec::new();
        for player in &chain {
            pending.push(rebate_index(&hall.app, player).await);
        }
        pending
    };
    let bonus_before = hall.app.system_balance("bonus").await;
    let turnover_before = hall.app.turnover_of(&chain[0]).await.minor();
    let mut before = Vec::new();
    for player in &chain {
        before.push(wallet_minor(&hall.app, player).await);
    }

    next_batch(&hall).await;

    for (index, player) in chain.iter().enumerate() {
        let paid = wallet_minor(&hall.app, player).await - before[index];
        assert_eq!(paid, EXPECTED[index], "player {index}");
        let expected = Money::from_minor(EXPECTED[index]).expect("an amount").to_string();
        assert_eq!(pending[index]["pending"], expected.as_str(), "pending of {index}");
        let after = rebate_index(&hall.app, player).await;
        assert_eq!(after["pending"], "0.00");
        assert_eq!(after["history"]["list"][0]["total"], expected.as_str());
    }
    let c = rebate_index(&hall.app, &chain[2]).await;
    let row = &c["history"]["list"][0];
    assert_eq!(
        (row["rebate"].as_str(), row["commission"][0].as_str()),
        (Some("0.05"), Some("2.01"))
    );
    assert_eq!(row["commission"][1], "1.66");
    assert_eq!(
        c["rates"],
        json!({"rebate_bps": 50, "commission_bps": [100, 50, 20],
        "batch_interval_secs": 3600})
    );
    let paid: i64 = EXPECTED.iter().sum();
    assert_eq!(hall.app.system_balance("bonus").await, bonus_before - paid);
    // Every reward adds to the turnover (bonus_turnover_percent = 100).
    let turnover = hall.app.turnover_of(&chain[0]).await;
    assert_eq!(turnover.minor() - turnover_before, 45);
    // The partner's team page shows his commissions per level.
    let team = crate::support::team::team_index(&hall.app, &chain[1]).await;
    let bonus: Vec<&str> =
        (0..3).map(|level| team["levels"][level]["bonus"].as_str().expect("bonus")).collect();
    assert_eq!(bonus, ["0.10", "1.00", "0.66"]);
    assert_eq!(team["total"]["bonus"], "1.76");
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn refunded_bets_earn_no_rebate_nor_commission() {
    let hall = Hall::open().await;
    let chain = invite_chain(&hall.app, 2).await;
    fund_game(&hall.app, &chain[1], "100.00").await;
    refunded_bet(&hall, &chain[1], "50").await;

    assert_eq!(rebate_index(&hall.app, &chain[0]).await["pending"], "0.00");
    next_batch(&hall).await;

    assert_eq!(wallet_minor(&hall.app, &chain[0]).await, 0);
    assert_eq!(wallet_minor(&hall.app, &chain[1]).await, 0);
    assert_eq!(rebate_index(&hall.app, &chain[1]).await["history"]["total"], 0);
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn each_bet_counts_once_across_repeated_batches_and_restarts() {
    let hall = Hall::open().await;
    let chain = team_with_bets(&hall).await;
    let mut before = Vec::new();
    for player in &chain {
        before.push(wallet_minor(&hall.app, player).await);
    }
    // The server stops before the batch is due; a new process opens the same data directory.
    let data_dir = hall.app.config.server.data_dir.clone();
    let later = hall.app.now() + hall.app.config.growth.rebate.batch_interval_secs;
    let restarted = TestApp::open(&data_dir, |_| {});
    restarted.clock.advance(later - restarted.now());
    let scheduler = restarted.scheduler().with_chain_length(2_000);
    assert!(scheduler.tick(restarted.now()).await.rebate_batch.is_some());
    // The tick again, an operator's batch at once, and another process after the next interval.
    scheduler.tick(restarted.now()).await;
    let growth = restarted.config.growth.clone();
    let now = restarted.now();
    let again =
        restarted.db.write(move |tx| fairhall::growth::rebates::run_batch(tx, &growth, now));
    assert!(again.await.expect("a batch").is_none(), "nothing settled since the last batch");
    let third = TestApp::open(&data_dir, |_| {});
    third.clock.advance(later + 3 * 3600 - third.now());
    let scheduler = third.scheduler().with_chain_length(2_000);
    scheduler.tick(third.now()).await;

    for (index, player) in chain.iter().enumerate() {
        let paid = wallet_minor(&third, player).await - before[index];
        assert_eq!(paid, EXPECTED[index], "player {index}");
    }
    // A bet settled after the batches is paid by the next one only.
    let hall = Hall { app: third, scheduler };
    settled_bet(&hall, &chain[4], "100").await;
    next_batch(&hall).await;
    next_batch(&hall).await;
    let paid = |index: usize, wallet: i64| wallet - before[index];
    assert_eq!(paid(4, wallet_minor(&hall.app, &chain[4]).await), EXPECTED[4] + 50);
    assert_eq!(paid(3, wallet_minor(&hall.app, &chain[3]).await), EXPECTED[3] + 100);
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn a_bet_settled_in_a_batch_last_seconds_falls_to_the_next_batch() {
    let hall = Hall::open().await;
    let chain = invite_chain(&hall.app, 2).await;
    fund_game(&hall.app, &chain[1], "100.00").await;
    settled_bet(&hall, &chain[1], "20").await;
    let growth = hall.app.config.growth.clone();
    let settled_at = hall.app.now();
    let batch = hall
        .app
        .db
        .write(move |tx| fairhall::growth::rebates::run_batch(tx, &growth, settled_at + 5));
    let batch = batch.await.expect("a batch").expect("ran");
    assert_eq!(batch.bets, 0, "settled 5 s before the batch");

    next_batch(&hall).await;
    next_batch(&hall).await;

    assert_eq!(wallet_minor(&hall.app, &chain[1]).await, 10);
    assert_eq!(wallet_minor(&hall.app, &chain[0]).await, 20);
    assert_ledger_verifies(&hall.app).await;
}
