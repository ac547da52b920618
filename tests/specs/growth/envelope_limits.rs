//! Red envelopes over time and under load: the remainder returned once at expiry (across a
//! restart and downtime) or on withdrawal, wrong codes throttled, 50 claimers racing for 10
//! shares, and a retried claim paying once.

use crate::support::envelope_support::{
    CLAIM, EnvelopeApp, amount_of, assert_envelopes_verify, everyone,
};
use crate::support::helpers::{TestApp, send_to, without_deposit_gates};
use crate::support::wallet_support::{WalletApp, post_request};
use fairhall::growth::envelopes::types::Mode;
use fairhall::growth::envelopes::{self, RefundReport};
use fairhall::money::Money;
use serde_json::{Value, json};
use std::net::SocketAddr;

#[tokio::test]
async fn the_remainder_returns_to_bonus_once_across_a_restart_and_downtime() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), without_deposit_gates);
    let player = app.player().await;
    let bonus_before = app.system_balance("bonus").await;
    let created = app.create_envelope(everyone("30.00", 3, Mode::Fixed, app.now())).await;
    app.claim(&player, &created.code).await.assert_ok();
    app.clock.advance(86_399);
    assert_eq!(app.refund_expired().await.closed, 0, "not yet expired");
    let stopped_at = app.now();
    drop(app);

    // Down for three days over the expiry; a new process runs the job (through the tick) twice.
    let restarted = TestApp::open(dir.path(), without_deposit_gates);
    restarted.clock.advance(stopped_at + 3 * 86_400 - restarted.now());
    let latecomer = restarted.player_with(json!({ "phone": "13800000099" })).await;
    let scheduler = restarted.scheduler().with_chain_length(50);
    let first = scheduler.tick(restarted.now()).await;
    let second = scheduler.tick(restarted.now()).await;

    assert_eq!((first.envelopes_expired, second.envelopes_expired), (1, 0));
    assert_eq!(restarted.refund_expired().await, RefundReport::default());
    assert_eq!(restarted.system_balance("bonus").await, bonus_before - 1_000, "20.00 came back");
    assert_eq!(restarted.system_balance("envelopes").await, 0);
    assert_eq!(restarted.claim(&latecomer, &created.code).await.err(), "envelope_expired");
    assert_envelopes_verify(&restarted).await;
}

#[tokio::test]
async fn a_withdrawn_envelope_returns_its_remainder_at_once_and_takes_no_claims() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let created = app.create_envelope(everyone("10", 4, Mode::Random, app.now())).await;
    let claimed = amount_of(&app.claim(&player, &created.code).await);
    let now = app.now();

    let closed =
        app.db.write(move |tx| envelopes::withdraw(tx, created.id, now)).await.expect("withdrawn");

    assert_eq!(closed.refunded.map(Money::minor), Some(1_000 - claimed));
    assert_eq!(app.system_balance("envelopes").await, 0);
    assert_eq!(app.claim(&app.player().await, &created.code).await.err(), "envelope_invalid");
    let again = app.db.write(move |tx| envelopes::withdraw(tx, created.id, now)).await;
    assert_eq!(again.map(|_| ()).map_err(|error| error.key()), Err("envelope_invalid"));
    app.clock.advance(2 * 86_400);
    assert_eq!(app.refund_expired().await.closed, 0, "nothing is returned twice");
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn repeated_wrong_codes_are_throttled_per_player() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let created = app.create_envelope(everyone("5", 5, Mode::Fixed, app.now())).await;
    for attempt in 0..5 {
        assert_eq!(app.claim(&player, "WRONG1").await.err(), "envelope_code_abnormal", "{attempt}");
    }

    let throttled = app.claim(&player, &created.code).await;

    assert_eq!(throttled.err(), "throttled");
    assert_eq!(throttled.data(), &Value::Null);
    assert!(throttled.msg().contains("900"), "{throttled:?}");
    assert_eq!(
        app.claim(&app.player().await, &created.code).await.assert_ok()["amount"],
        "1.00",
        "others may"
    );
    app.clock.advance(900);
    assert_eq!(
        app.claim(&player, &created.code).await.assert_ok()["amount"],
        "1.00",
        "the window ended"
    );
}

#[tokio::test]
async fn repeated_wrong_codes_are_throttled_per_address() {
    let app = TestApp::spawn_with(|config| {
        without_deposit_gates(config);
        config.growth.envelope.code_failures_per_address = 3;
    })
    .await;
    let created = app.create_envelope(everyone("5", 5, Mode::Fixed, app.now())).await;
    let (shared, elsewhere): (SocketAddr, SocketAddr) = (
        "203.0.113.7:5000".parse().expect("an address"),
        "198.51.100.9:5000".parse().expect("an address"),
    );
    for _ in 0..3 {
        let guesser = app.player().await;
        assert_eq!(
            app.claim_from(&guesser, "WRONG1", shared).await.err(),
            "envelope_code_abnormal"
        );
    }

    let fresh = app.player().await;
    assert_eq!(app.claim_from(&fresh, &created.code, shared).await.err(), "throttled");
    assert_eq!(
        app.claim_from(&fresh, &created.code, elsewhere).await.assert_ok()["amount"],
        "1.00"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_claimers_share_an_envelope_of_ten_exactly() {
    let app = TestApp::spawn_with(|config| {
        without_deposit_gates(config);
        config.auth.registrations_per_address_hour = 100;
    })
    .await;
    let created = app.create_envelope(everyone("100.00", 10, Mode::Random, app.now())).await;
    let mut players = Vec::new();
    for _ in 0..50 {
        players.push(app.player().await);
    }

    let tasks: Vec<_> = players
        .iter()
        .map(|player| {
            let request = post_request(CLAIM, player, &json!({ "code": created.code }), None);
            tokio::spawn(send_to(app.router.clone(), request))
        })
        .collect();
    let (mut paid, mut refused) = (Vec::new(), 0);
    for task in tasks {
        let reply = task.await.expect("the task ran");
        if reply.code() == 1 {
            paid.push(amount_of(&reply));
        } else {
            assert_eq!(reply.err(), "envelope_invalid", "{reply:?}");
            refused += 1;
        }
    }

    assert_eq!((paid.len(), refused), (10, 40));
    assert_eq!(paid.iter().sum::<i64>(), 10_000);
    let mut wallets = 0;
    for player in &players {
        wallets += app.balances_of(player).await.wallet.minor();
    }
    assert_eq!(wallets, 10_000);
    assert_eq!(app.system_balance("envelopes").await, 0);
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn a_retried_claim_with_its_key_pays_once_and_replays_the_reply() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let created = app.create_envelope(everyone("10", 3, Mode::Random, app.now())).await;
    let other = app.create_envelope(everyone("10", 3, Mode::Random, app.now())).await;

    let first = app.claim_with_key(&player, &created.code, "claim-1").await;
    let replay = app.claim_with_key(&player, &created.code, "claim-1").await;

    assert_eq!(first.assert_ok(), replay.assert_ok());
    assert_eq!(app.balances_of(&player).await.wallet.minor(), amount_of(&first));
    assert_eq!(
        app.claim_with_key(&player, &other.code, "claim-1").await.err(),
        "idempotency_conflict"
    );
    assert_eq!(app.claim(&player, &created.code).await.err(), "envelope_claimed");
    assert_envelopes_verify(&app).await;
}
