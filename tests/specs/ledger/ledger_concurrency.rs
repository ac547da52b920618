//! Many requests at once on one player's money: the ledger never overdraws, every success
//! moves exactly its amount, and one Idempotency-Key moves money once however often it races.

use crate::support::helpers::{Player, Reply, TestApp, send_to};
use crate::support::wallet_support::{
    WalletApp, assert_ledger_verifies, post_request, withdrawal_form,
};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

const CONVERSION: &str = "/api/personal/conversion";
const WITHDRAWAL: &str = "/api/personal/do_withdraw";

/// Sends `form` to `path` as `player` from a task of its own.
fn spawn_post(
    app: &TestApp,
    (path, player, form): (&str, &Player, Value),
    key: Option<&str>,
) -> JoinHandle<Reply> {
    let request = post_request(path, player, &form, key);
    tokio::spawn(send_to(app.router.clone(), request))
}

/// Successes of `replies`; every refusal must be `refusal`.
async fn successes(tasks: Vec<JoinHandle<Reply>>, refusal: &str) -> i64 {
    let mut done = 0;
    for task in tasks {
        let reply = task.await.expect("the task ran");
        if reply.code() == 1 {
            done += 1;
        } else {
            assert_eq!(reply.err(), refusal, "{reply:?}");
        }
    }
    done
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_concurrent_conversions_move_exactly_what_the_wallet_holds() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "100.00").await;
    let postings = app.ledger_report().await.postings;

    let tasks = (0..200)
        .map(|_| {
            let form = json!({ "from": "balance", "amount": "0.75" });
            spawn_post(&app, (CONVERSION, &player, form), None)
        })
        .collect();
    let converted = successes(tasks, "insufficient_balance").await;

    assert_eq!(converted, 133, "100.00 holds 133 conversions of 0.75");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet.minor(), balances.game.minor()), (25, 9_975));
    let report = assert_ledger_verifies(&app).await;
    assert_eq!(report.postings, postings + 2 * 133);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn conversions_and_withdrawals_racing_for_one_wallet_never_overdraw() {
    let app = TestApp::spawn_with(|config| {
        config.growth.vip.levels[0].withdraw_daily_count = 100;
        config.wallet.withdraw_fee_bp = 100;
    })
    .await;
    let (player, card) = app.withdrawer("100.00").await;
    let postings = app.ledger_report().await.postings;

    // The withdrawals check the fund password (argon2) before they reach the ledger, so they
    // start first and the conversions follow in waves of 20 concurrent tasks: the two kinds
    // race for the same wallet.
    let withdrawals: Vec<JoinHandle<Reply>> = (0..10)
        .map(|_| spawn_post(&app, (WITHDRAWAL, &player, withdrawal_form(card, "10.00")), None))
        .collect();
    let mut converted = 0;
    for _ in 0..10 {
        let wave = (0..20)
            .map(|_| {
                let form = json!({ "from": "balance", "amount": "0.75" });
                spawn_post(&app, (CONVERSION, &player, form), None)
            })
            .collect();
        converted += successes(wave, "insufficient_balance").await;
    }
    let withdrawn = successes(withdrawals, "insufficient_balance").await;

    eprintln!("{converted} conversions and {withdrawn} withdrawals succeeded");
    // 200 x 0.75 = 150.00 > 100.00: some conversions must have been refused.
    assert!(converted < 200, "{converted} conversions");
    let (moved, held) = (converted * 75, withdrawn * 1010);
    let balances = app.balances_of(&player).await;
    assert_eq!(balances.game.minor(), moved, "{converted} conversions of 0.75");
    assert_eq!(balances.frozen.minor(), held, "{withdrawn} withdrawals of 10.00 + 0.10");
    assert_eq!(balances.wallet.minor(), 10_000 - moved - held);
    assert!(balances.wallet.minor() < 75, "a refusal means the wallet was short of 0.75");
    let report = assert_ledger_verifies(&app).await;
    assert_eq!(report.postings, postings + 2 * (converted + withdrawn));
    assert!(report.negative_player_accounts.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_conversions_both_ways_keep_the_total() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "60.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "30.00" }), None)
        .await
        .assert_ok();
    let postings = app.ledger_report().await.postings;
    let (mut to_game, mut to_wallet) = (Vec::new(), Vec::new());

    for _ in 0..100 {
        let form = json!({ "from": "balance", "amount": "1.00" });
        to_game.push(spawn_post(&app, (CONVERSION, &player, form), None));
        let form = json!({ "from": "game", "amount": "1.00" });
        to_wallet.push(spawn_post(&app, (CONVERSION, &player, form), None));
    }
    let into_game = successes(to_game, "insufficient_balance").await;
    let into_wallet = successes(to_wallet, "insufficient_balance").await;

    let balances = app.balances_of(&player).await;
    assert_eq!(balances.wallet.minor(), 3_000 - 100 * into_game + 100 * into_wallet);
    assert_eq!(balances.game.minor(), 3_000 + 100 * into_game - 100 * into_wallet);
    let report = assert_ledger_verifies(&app).await;
    assert_eq!(report.postings, postings + 2 * (into_game + into_wallet));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_replays_of_one_key_move_money_once() {
    let app =
        TestApp::spawn_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 100).await;
    let (player, card) = app.withdrawer("100.00").await;
    let postings = app.ledger_report().await.postings;

    let conversions: Vec<JoinHandle<Reply>> = (0..50)
        .map(|_| {
            let form = json!({ "from": "balance", "amount": "1.00" });
            spawn_post(&app, (CONVERSION, &player, form), Some("one-conversion"))
        })
        .collect();
    let withdrawals: Vec<JoinHandle<Reply>> = (0..10)
        .map(|_| {
            let form = withdrawal_form(card, "10.00");
            spawn_post(&app, (WITHDRAWAL, &player, form), Some("one-withdrawal"))
        })
        .collect();
    let mut replies = Vec::new();
    for task in conversions {
        replies.push(task.await.expect("the task ran").assert_ok().clone());
    }
    let mut withdrawal_ids = Vec::new();
    for task in withdrawals {
        withdrawal_ids.push(task.await.expect("the task ran").assert_ok()["id"].clone());
    }

    let first = &replies[0];
    assert!(replies.iter().all(|reply| reply == first), "{replies:?}");
    assert!(withdrawal_ids.iter().all(|id| *id == withdrawal_ids[0]), "{withdrawal_ids:?}");
    let balances = app.balances_of(&player).await;
    assert_eq!(balances.game.minor(), 100, "one conversion of 1.00");
    assert_eq!(balances.frozen.minor(), 1_000, "one withdrawal of 10.00");
    assert_eq!(balances.wallet.minor(), 10_000 - 100 - 1_000);
    let report = assert_ledger_verifies(&app).await;
    assert_eq!(report.postings, postings + 4);
}
