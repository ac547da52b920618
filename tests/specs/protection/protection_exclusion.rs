//! Time-outs and self-exclusions (api/protection/exclude) through the real router and the
//! test clock: every blocked activity is refused while one runs and allowed once it ended,
//! withdrawals, records and login stay open, it can only be extended, and marketing messages
//! and credited rewards skip the player.

use crate::growth::tasks::create_task;
use crate::support::envelope_support::{EnvelopeApp, everyone};
use crate::support::goods::{GoodsApp, fruit};
use crate::support::hall::Hall;
use crate::support::helpers::{PASSWORD, TestApp, without_deposit_gates};
use crate::support::protection_support::{DAY, ProtectionApp};
use crate::support::savings::SavingsApp;
use crate::support::signin::sign;
use crate::support::team::{fund_game, invite_chain, settled_bet};
use crate::support::vip_support::with_programmes;
use crate::support::wallet_support::{
    DepositUpload, WalletApp, assert_ledger_verifies, money, post_request, withdrawal_form,
};
use fairhall::config::SalaryTier;
use fairhall::content::messages::{self, Event};
use fairhall::growth::envelopes::types::{Mode, NewEnvelope};
use fairhall::money::Money;
use serde_json::json;

#[tokio::test]
async fn a_timeout_refuses_every_blocked_activity_until_it_ends() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let product = app.product(fruit()).await;
    let (player, card) = app.withdrawer("500").await;
    app.conversion(&player, json!({"from": "balance", "amount": "100"}), None).await.assert_ok();
    let started = app.now();

    let excluded = app.exclude(&player, "timeout", "24h").await;

    let exclusion = &excluded.assert_ok()["exclusion"];
    assert_eq!(exclusion["kind"], "timeout");
    assert_eq!(exclusion["until"], started.secs() + DAY);
    let big = json!([{"option": "big", "amount": "10"}]);
    let refusals = [
        ("a k3 bet", hall.bet(&player, "k3", big.clone()).await),
        ("a yn28 bet", hall.bet(&player, "usa_ordinary", big.clone()).await),
        ("a deposit", app.recharge(&player, &DepositUpload::new("100"), None).await),
        (
            "a conversion",
            app.conversion(&player, json!({"from": "balance", "amount": "10"}), None).await,
        ),
        ("a savings deposit", app.save_in(&player, "10").await),
        ("a purchase", app.buy(&player, product, "100").await),
        ("a sign-in", sign(app, &player, None).await),
    ];
    for (what, reply) in refusals {
        assert_eq!(reply.err(), "player_excluded", "{what}");
    }
    assert_eq!(app.balances_of(&player).await.game, money("100"), "nothing moved");

    // What stays open: money back out, the records, the profile.
    app.conversion(&player, json!({"from": "game", "amount": "40"}), None).await.assert_ok();
    app.do_withdraw(&player, withdrawal_form(card, "50"), None).await.assert_ok();
    app.get_as(&player, "/api/personal/betting_record", "").await.assert_ok();
    let profile = app.personal_index(&player.token).await;
    assert_eq!(profile.assert_ok()["exclusion"]["kind"], "timeout");

    app.clock.advance(DAY);
    assert!(app.personal_index(&player.token).await.assert_ok()["exclusion"].is_null());
    hall.bet(&player, "k3", big.clone()).await.assert_ok();
    hall.bet(&player, "usa_ordinary", big).await.assert_ok();
    app.conversion(&player, json!({"from": "balance", "amount": "10"}), None).await.assert_ok();
    app.save_in(&player, "10").await.assert_ok();
    app.buy(&player, product, "100").await.assert_ok();
    sign(app, &player, None).await.assert_ok();
    app.requested_deposit(&player, "100").await;
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn an_exclusion_can_be_extended_but_never_shortened() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.exclude(&player, "self_exclusion", "6m").await.assert_ok();
    let until = app.protection(&player).await["exclusion"]["until"].clone();

    let shorter = app.exclude(&player, "timeout", "30d").await;
    assert_eq!(shorter.err(), "exclusion_cannot_shorten");
    assert_eq!(app.protection(&player).await["exclusion"]["until"], until);

    app.clock.advance(DAY);
    let longer = app.exclude(&player, "self_exclusion", "6m").await;
    let exclusion = &longer.assert_ok()["exclusion"];
    assert_eq!(exclusion["until"], until.as_i64().expect("a time") + DAY, "extended by a day");
    assert_eq!(exclusion["kind"], "self_exclusion");
}

#[tokio::test]
async fn an_exclusion_needs_the_login_password_and_a_duration_of_its_kind() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        (json!({ "kind": "timeout", "duration": "24h", "password": "wrong_1" }), "login_failed"),
        (json!({ "kind": "timeout", "duration": "6m", "password": PASSWORD }), "invalid_limit"),
        (
            json!({ "kind": "self_exclusion", "duration": "7d", "password": PASSWORD }),
            "invalid_limit",
        ),
        (json!({ "kind": "pause", "duration": "24h", "password": PASSWORD }), "invalid_limit"),
        (json!({ "kind": "timeout", "duration": "24h" }), "missing_params"),
    ];
    for (form, key) in cases {
        assert_eq!(app.exclude_with(&player, form.clone()).await.err(), key, "{form}");
    }
    assert!(app.protection(&player).await["exclusion"].is_null());
}

#[tokio::test]
async fn a_self_excluded_player_can_still_log_in_and_withdraw() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("300").await;
    app.exclude(&player, "self_exclusion", "1y").await.assert_ok();
    app.clock.advance(30 * DAY);

    let login = app.login(&player.phone, PASSWORD).await;

    assert_eq!(login.assert_ok()["user"]["exclusion"]["kind"], "self_exclusion");
    let session = crate::support::helpers::Player {
        token: login.assert_ok()["token"].as_str().expect("a token").to_string(),
        ..player.clone()
    };
    app.do_withdraw(&session, withdrawal_form(card, "100"), None).await.assert_ok();
    assert!(app.balances_of(&player).await.frozen > Money::ZERO, "the withdrawal is held");
    app.get("/api/protection/index", Some(&session.token)).await.assert_ok();
    app.logout(&session.token).await.assert_ok();
    assert_ledger_verifies(&app).await;
}

/// The messages of `kind` the player was sent.
async fn messages_of(
    app: &TestApp,
    player: &crate::support::helpers::Player,
    kind: &'static str,
) -> i64 {
    let user = player.id;
    let count = app.db.read(move |connection| {
        let query = "SELECT COUNT(*) FROM messages WHERE user_id = ?1 AND kind = ?2";
        Ok(connection.query_row(query, rusqlite::params![user, kind], |row| row.get(0))?)
    });
    count.await.expect("the messages are readable")
}

#[tokio::test]
async fn marketing_messages_and_deposit_bonuses_skip_an_excluded_player() {
    let app = TestApp::spawn_with(|config| {
        with_programmes(config);
        config.growth.cashback.tiers.clear();
    })
    .await;
    let player = app.player().await;
    let other = app.player().await;
    let deposit = app.requested_deposit(&player, "1000").await;
    app.exclude(&player, "timeout", "7d").await.assert_ok();

    app.review_deposit(deposit, None).await.expect("the deposit passes");
    let (user, other_id, now) = (player.id, other.id, app.now());
    let event = Event::Envelope { envelope_id: 1, total: money("5"), code: "LUCKY8".into() };
    let sent = app.db.write(move |tx| {
        messages::send(tx, user, &event, now)?;
        messages::send(tx, other_id, &event, now)
    });
    sent.await.expect("sent");

    assert_eq!(app.balances_of(&player).await.wallet, money("1000"), "no deposit bonus");
    assert_eq!(messages_of(&app, &player, "deposit_approved").await, 1, "his own money: told");
    assert_eq!(messages_of(&app, &player, "envelope").await, 0, "an offer: not sent");
    assert_eq!(messages_of(&app, &other, "envelope").await, 1);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_rebate_batch_skips_an_excluded_player_and_pays_the_others() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let (excluded, other) = (app.player().await, app.player().await);
    for player in [&excluded, &other] {
        fund_game(app, player, "3000.00").await;
        // Both sides of k3: a net loss of at least 50.00 whatever the draw.
        let both = serde_json::json!([{"option": "big", "amount": "1000"},
                                      {"option": "small", "amount": "1000"}]);
        hall.bet(player, "k3", both).await.assert_ok();
        hall.draw("k3").await;
    }
    app.exclude(&excluded, "self_exclusion", "6m").await.assert_ok();
    let before = [app.balances_of(&excluded).await.wallet, app.balances_of(&other).await.wallet];

    app.clock.advance(app.config.growth.rebate.batch_interval_secs);
    hall.scheduler.tick(app.now()).await;

    assert_eq!(app.balances_of(&excluded).await.wallet, before[0], "not credited");
    let loss = crate::support::team::net_loss(&hall, &other).await;
    let rate = app.config.growth.rebate.rate_bps;
    let rebate = fairhall::growth::rebates::share(loss, rate);
    assert!(rebate > 0, "a net loss of {loss} pays a rebate");
    let paid = app.balances_of(&other).await.wallet.minor() - before[1].minor();
    assert_eq!(paid, rebate);
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn task_and_envelope_claims_are_refused_while_excluded_and_open_after() {
    let hall = Hall::open_with(without_deposit_gates).await;
    let app = &hall.app;
    let task = create_task(app, "bet_count", "1", "5", true).await;
    let player = hall.player_with_game("100").await;
    hall.bet(&player, "k3", json!([{"option": "big", "amount": "10"}])).await.assert_ok();
    hall.draw("k3").await;
    let lasting = NewEnvelope {
        expires_at: app.now() + 3 * DAY,
        ..everyone("10.00", 5, Mode::Fixed, app.now())
    };
    let envelope = app.create_envelope(lasting).await;
    let task_claim = json!({ "id": task });
    app.exclude(&player, "timeout", "24h").await.assert_ok();
    let wallet = app.balances_of(&player).await.wallet;

    let refused = [
        app.send(post_request("/api/task/claim", &player, &task_claim, None)).await,
        app.claim(&player, &envelope.code).await,
    ];

    for reply in &refused {
        assert_eq!(reply.err(), "player_excluded");
    }
    assert_eq!(app.balances_of(&player).await.wallet, wallet, "nothing credited");
    // Same day, once the time-out ended: both are claimed.
    app.clock.advance(DAY);
    let task_claim = json!({ "id": task });
    let task_reply = app.send(post_request("/api/task/claim", &player, &task_claim, None)).await;
    assert_eq!(task_reply.err(), "condition_not_met", "a new day: the daily task starts again");
    app.claim(&player, &envelope.code).await.assert_ok();
    assert_eq!(
        app.balances_of(&player).await.wallet,
        wallet.checked_add(money("2.00")).expect("sum")
    );
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn the_weekly_salary_skips_an_excluded_partner_and_pays_the_others() {
    let hall = Hall::open_with(|config| {
        config.growth.salary.tiers =
            vec![SalaryTier { volume_min: money("10.00"), active_min: 1, amount: money("5.00") }];
        config.growth.rebate.rate_bps = 0;
        config.growth.rebate.commission_bps = [0, 0, 0];
    })
    .await;
    let app = &hall.app;
    let (excluded_team, paid_team) = (invite_chain(app, 2).await, invite_chain(app, 2).await);
    for team in [&excluded_team, &paid_team] {
        fund_game(app, &team[1], "100.00").await;
        settled_bet(&hall, &team[1], "20").await;
    }
    app.exclude(&excluded_team[0], "timeout", "30d").await.assert_ok();

    // The test clock starts on a Sunday: the next Monday 00:00 pays the week just ended.
    app.clock.advance(DAY);
    let paid = hall.scheduler.tick(app.now()).await.salary_weeks;

    assert_eq!(paid.len(), 1, "the week was paid");
    assert_eq!(app.balances_of(&excluded_team[0]).await.wallet, money("0.00"), "skipped");
    assert_eq!(app.balances_of(&paid_team[0]).await.wallet, money("5.00"));
    assert_ledger_verifies(app).await;
}
