//! Tasks through the real router with a fixed clock: each kind's live progress, the claim
//! states, `condition_not_met`, `reward_claimed`, the daily reset at the operator's midnight,
//! one-off tasks that never reset, idempotent retries, closed and future tasks, texts by
//! language; the ledger verifies after each claim.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, TestApp, without_deposit_gates};
use crate::support::signin::sign;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, post_request};
use axum::body::Body;
use axum::http::Request;
use fairhall::clock::Timestamp;
use fairhall::growth::tasks::types::TaskInput;
use fairhall::growth::tasks::{self, TaskSettings};
use serde_json::{Value, json};
use std::collections::BTreeMap;

const DAY: i64 = 86_400;

/// A task with an English title, created by the operator's verb; its id.
pub(crate) async fn create_task(
    app: &TestApp,
    kind: &str,
    target: &str,
    reward: &str,
    daily: bool,
) -> i64 {
    let input = TaskInput {
        kind: Some(kind.into()),
        target: Some(target.into()),
        reward: Some(reward.into()),
        daily,
        titles: BTreeMap::from([("en".to_string(), format!("{kind} {target}"))]),
        ..TaskInput::default()
    };
    create_task_from(app, input).await
}

async fn create_task_from(app: &TestApp, input: TaskInput) -> i64 {
    let (settings, now) = (TaskSettings::from_config(&app.config), app.now());
    let created = app.db.write(move |tx| {
        tasks::create(tx, &input, &settings, now).map_err(|error| anyhow::anyhow!("{error}").into())
    });
    created.await.expect("the task is created")
}

async fn claim(app: &TestApp, player: &Player, task_id: i64, key: Option<&str>) -> Reply {
    app.send(post_request("/api/task/claim", player, &json!({ "id": task_id }), key)).await
}

/// The player's view of one task, in `lang` when given.
async fn task_view(app: &TestApp, player: &Player, task_id: i64) -> Option<Value> {
    task_list(app, player, "en").await.into_iter().find(|task| task["id"] == task_id)
}

async fn task_list(app: &TestApp, player: &Player, lang: &str) -> Vec<Value> {
    let request = Request::get("/api/task/index")
        .header("token", player.token.as_str())
        .header("lang", lang)
        .body(Body::empty())
        .expect("a request");
    app.send(request).await.assert_ok()["list"].as_array().expect("a list").clone()
}

fn set_clock(app: &TestApp, at: Timestamp) {
    app.clock.advance(at - app.now());
}

fn utc(text: &str) -> Timestamp {
    Timestamp::from_datetime(&chrono::DateTime::parse_from_rfc3339(text).expect("a time"))
}

fn big(amount: &str) -> Value {
    json!([{"option": "big", "amount": amount}])
}

/// A script's account (credited by the operator, never deposited) that reaches a target
/// earns nothing until it deposits: `growth.tasks.recharge_first` is on by default.
#[tokio::test]
async fn by_default_a_task_reward_needs_a_passed_deposit() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let task = create_task(app, "bet_count", "1", "5", false).await;
    let player = hall.player_with_game("100").await;
    hall.bet(&player, "k3", big("10")).await.assert_ok();
    hall.draw("k3").await;

    let refused = claim(app, &player, task, None).await;
    let wallet_before = app.balances_of(&player).await.wallet;
    app.approved_deposit(&player, "100").await;
    let wallet_after_deposit = app.balances_of(&player).await.wallet;
    let claimed = claim(app, &player, task, None).await;

    assert_eq!(refused.err(), "recharge_first");
    assert_eq!(wallet_before, money("0.00"), "the refusal paid nothing");
    assert_eq!(claimed.assert_ok()["reward"], "5.00");
    let paid = app.balances_of(&player).await.wallet.minor() - wallet_after_deposit.minor();
    assert_eq!(paid, 500);
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn a_daily_bet_count_task_is_claimed_once_its_bets_are_settled() {
    let hall = Hall::open_with(without_deposit_gates).await;
    let app = &hall.app;
    let task = create_task(app, "bet_count", "2", "5", true).await;
    let player = hall.player_with_game("100").await;

    let fresh = task_view(app, &player, task).await.expect("listed");
    let too_early = claim(app, &player, task, None).await;
    hall.bet(&player, "k3", big("10")).await.assert_ok();
    hall.bet(&player, "k3", big("10")).await.assert_ok();
    hall.draw("k3").await;
    let done = task_view(app, &player, task).await.expect("listed");
    let claimed = claim(app, &player, task, None).await;
    let again = claim(app, &player, task, None).await;
    let received = task_view(app, &player, task).await.expect("listed");

    assert_eq!(
        (&fresh["progress"], &fresh["target"], &fresh["completed"]),
        (&json!("0"), &json!("2"), &json!(false))
    );
    assert_eq!(too_early.err(), "condition_not_met");
    assert_eq!(
        (&done["progress"], &done["completed"], &done["received"]),
        (&json!("2"), &json!(true), &json!(false))
    );
    assert_eq!(claimed.assert_ok()["reward"], "5.00");
    assert_eq!(claimed.assert_ok()["balance"], "5.00");
    assert_eq!(again.err(), "reward_claimed");
    assert_eq!(received["received"], true);
    assert_eq!(app.balances_of(&player).await.wallet, money("5.00"));
    assert_ledger_verifies(app).await;

    // After the operator's midnight the daily task starts again from nothing.
    let midnight = app.now() + DAY;
    set_clock(app, midnight);
    let next_day = task_view(app, &player, task).await.expect("listed");
    assert_eq!((&next_day["progress"], &next_day["received"]), (&json!("0"), &json!(false)));
    assert_eq!(claim(app, &player, task, None).await.err(), "condition_not_met");
}

#[tokio::test]
async fn a_bet_amount_task_counts_the_stakes_and_shows_at_most_its_target() {
    let hall = Hall::open_with(without_deposit_gates).await;
    let app = &hall.app;
    let task = create_task(app, "bet_amount", "25", "3", true).await;
    let player = hall.player_with_game("100").await;

    hall.bet(&player, "k3", big("10")).await.assert_ok();
    hall.draw("k3").await;
    let partway = task_view(app, &player, task).await.expect("listed");
    hall.bet(&player, "k3", big("20")).await.assert_ok();
    hall.draw("k3").await;
    let done = task_view(app, &player, task).await.expect("listed");
    let claimed = claim(app, &player, task, None).await;

    assert_eq!((&partway["progress"], &partway["completed"]), (&json!("10.00"), &json!(false)));
    assert_eq!((&done["progress"], &done["target"]), (&json!("25.00"), &json!("25.00")));
    assert_eq!(claimed.assert_ok()["reward"], "3.00");
    assert_eq!(app.turnover_of(&player).await, money("3.00"), "the reward's turnover");
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn a_daily_deposit_task_resets_at_the_operators_midnight() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task(&app, "deposit", "100", "2", true).await;
    let player = app.player().await;
    // 23:59 on 2026-11-22 in Asia/Ho_Chi_Minh.
    set_clock(&app, utc("2026-11-22T16:59:00Z"));
    app.approved_deposit(&player, "100").await;
    let late = claim(&app, &player, task, None).await;

    app.clock.advance(120);
    let after_midnight = claim(&app, &player, task, None).await;
    let view = task_view(&app, &player, task).await.expect("listed");
    app.approved_deposit(&player, "150").await;
    let next_day = claim(&app, &player, task, None).await;

    assert_eq!(late.assert_ok()["reward"], "2.00");
    assert_eq!(after_midnight.err(), "condition_not_met", "yesterday's deposit does not count");
    assert_eq!((&view["progress"], &view["received"]), (&json!("0.00"), &json!(false)));
    assert_eq!(next_day.assert_ok()["reward"], "2.00");
    assert_eq!(app.balances_of(&player).await.wallet, money("254.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_one_off_deposit_task_counts_all_time_and_never_resets() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task(&app, "deposit", "100", "4", false).await;
    let player = app.player().await;
    app.approved_deposit(&player, "60").await;
    app.clock.advance(DAY);
    let pending = app.requested_deposit(&player, "50").await;
    let while_pending = claim(&app, &player, task, None).await;
    app.review_deposit(pending, None).await.expect("approved");

    let claimed = claim(&app, &player, task, None).await;
    app.clock.advance(3 * DAY);
    let later = claim(&app, &player, task, None).await;
    let view = task_view(&app, &player, task).await.expect("listed");

    assert_eq!(while_pending.err(), "condition_not_met", "a pending deposit does not count");
    assert_eq!(claimed.assert_ok()["reward"], "4.00");
    assert_eq!(later.err(), "reward_claimed");
    assert_eq!((&view["received"], &view["daily"]), (&json!(true), &json!(false)));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn an_invite_task_counts_direct_invitees_with_a_passed_deposit() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task(&app, "invite", "2", "10", false).await;
    let inviter = app.player().await;
    let code = json!({ "invite_code": inviter.invite_code });
    let (first, second, idle) = (
        app.player_with(code.clone()).await,
        app.player_with(code.clone()).await,
        app.player_with(code).await,
    );
    let grandchild = app.player_with(json!({ "invite_code": first.invite_code })).await;
    app.approved_deposit(&first, "100").await;
    app.approved_deposit(&grandchild, "100").await;
    app.requested_deposit(&idle, "100").await;

    let one = task_view(&app, &inviter, task).await.expect("listed");
    let refused = claim(&app, &inviter, task, None).await;
    app.approved_deposit(&second, "100").await;
    let claimed = claim(&app, &inviter, task, None).await;

    assert_eq!(one["progress"], "1", "only direct invitees with a passed deposit");
    assert_eq!(refused.err(), "condition_not_met");
    assert_eq!(claimed.assert_ok()["reward"], "10.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_signin_task_counts_the_continuous_streak() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task(&app, "signin", "2", "6", false).await;
    let player = app.player().await;
    sign(&app, &player, None).await.assert_ok();
    let one_day = claim(&app, &player, task, None).await;

    app.clock.advance(DAY);
    sign(&app, &player, None).await.assert_ok();
    let claimed = claim(&app, &player, task, None).await;

    assert_eq!(one_day.err(), "condition_not_met");
    assert_eq!(claimed.assert_ok()["reward"], "6.00");
    assert_eq!(app.balances_of(&player).await.wallet, money("9.00"), "1 + 2 sign-in + 6");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_retried_claim_with_its_key_is_paid_once() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task(&app, "deposit", "10", "1", false).await;
    let player = app.player().await;
    app.approved_deposit(&player, "10").await;

    let first = claim(&app, &player, task, Some("claim-1")).await;
    let replay = claim(&app, &player, task, Some("claim-1")).await;
    let other_key = claim(&app, &player, task, Some("claim-2")).await;

    assert_eq!(first.assert_ok(), replay.assert_ok());
    assert_eq!(other_key.err(), "reward_claimed");
    assert_eq!(app.balances_of(&player).await.wallet, money("11.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn closed_and_future_tasks_are_not_listed_nor_claimable() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let closed = create_task(&app, "deposit", "10", "1", false).await;
    let future = create_task_from(
        &app,
        TaskInput {
            kind: Some("deposit".into()),
            target: Some("10".into()),
            reward: Some("1".into()),
            start: Some((app.now() + DAY).secs().to_string()),
            titles: BTreeMap::from([("en".to_string(), "Later".to_string())]),
            ..TaskInput::default()
        },
    )
    .await;
    let now = app.now();
    app.db.write(move |tx| tasks::close(tx, closed, now)).await.expect("closed");
    let player = app.player().await;
    app.approved_deposit(&player, "10").await;

    assert!(task_list(&app, &player, "en").await.is_empty());
    assert_eq!(claim(&app, &player, closed, None).await.err(), "not_found");
    assert_eq!(claim(&app, &player, future, None).await.err(), "not_found");
    app.clock.advance(DAY);
    assert_eq!(claim(&app, &player, future, None).await.assert_ok()["reward"], "1.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn titles_come_in_the_players_language_or_the_default_one() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let task = create_task_from(
        &app,
        TaskInput {
            kind: Some("bet_count".into()),
            target: Some("1".into()),
            reward: Some("1".into()),
            daily: true,
            titles: BTreeMap::from([
                ("en".to_string(), "Bet once today".to_string()),
                ("vi".to_string(), "Đặt cược một lần hôm nay".to_string()),
            ]),
            ..TaskInput::default()
        },
    )
    .await;
    let player = app.player().await;

    let english = task_list(&app, &player, "en").await;
    let french = task_list(&app, &player, "fr").await;

    assert_eq!(english[0]["id"], task);
    assert_eq!(english[0]["title"], "Bet once today");
    assert_eq!(french[0]["title"], "Đặt cược một lần hôm nay", "the default language, vi");
    assert_eq!(claim(&app, &player, 9_999, None).await.err(), "not_found");
}

#[tokio::test]
async fn refunded_bets_do_not_count() {
    let hall = Hall::open_with(without_deposit_gates).await;
    let app = &hall.app;
    let task = create_task(app, "bet_count", "1", "1", true).await;
    let player = hall.player_with_game("100").await;
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "25"}])).await.assert_ok();
    let placed = task_view(app, &player, task).await.expect("listed");
    let room = fairhall::games::rules::room::Room::parse("ssc").expect("room");
    let closed = app.db.write(move |tx| fairhall::games::rooms::set_room_open(tx, room, false));
    closed.await.expect("closed");
    hall.draw("ssc").await;

    let refunded = task_view(app, &player, task).await.expect("listed");

    // An open bet does not count yet: a claim on it would be paid for a bet later refunded.
    assert_eq!(placed["progress"], "0");
    assert_eq!(refunded["progress"], "0", "the refunded bet never counts");
    assert_eq!(claim(app, &player, task, None).await.err(), "condition_not_met");
    let reopened = app.db.write(move |tx| fairhall::games::rooms::set_room_open(tx, room, true));
    reopened.await.expect("reopened");
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "25"}])).await.assert_ok();
    assert_eq!(claim(app, &player, task, None).await.err(), "condition_not_met", "still open");
    hall.draw("ssc").await;
    assert_eq!(task_view(app, &player, task).await.expect("listed")["progress"], "1");
    claim(app, &player, task, None).await.assert_ok();
}
