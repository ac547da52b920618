//! Daily sign-in through the real router with a fixed clock: streaks across days, a missed day,
//! the operator's midnight (also on Berlin's DST night), `already_signed`, `recharge_first`,
//! a restart in between, the reward table past its end and idempotent retries; the ledger
//! verifies after each.

use crate::support::helpers::{Player, Reply, START, TestApp, send_to, without_deposit_gates};
use crate::support::signin::sign;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, post_request};
use fairhall::clock::Timestamp;
use fairhall::config::{Config, SigninCycle};
use serde_json::json;

const DAY: i64 = 86_400;

pub async fn signin_index(app: &TestApp, player: &Player, query: &str) -> Reply {
    app.get_as(player, "/api/signin/index", query).await
}

/// Moves the app's clock to `at`.
fn set_clock(app: &TestApp, at: Timestamp) {
    app.clock.advance(at - app.now());
}

fn utc(text: &str) -> Timestamp {
    Timestamp::from_datetime(&chrono::DateTime::parse_from_rfc3339(text).expect("a time"))
}

fn rewards(config: &mut Config, amounts: &[&str], after_last: SigninCycle) {
    config.growth.signin.rewards = amounts.iter().map(|amount| money(amount)).collect();
    config.growth.signin.after_last = after_last;
}

#[tokio::test]
async fn consecutive_days_grow_the_streak_and_its_reward() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;

    let first = sign(&app, &player, None).await;
    app.clock.advance(DAY);
    let second = sign(&app, &player, None).await;

    assert_eq!(first.assert_ok()["streak"], 1);
    assert_eq!(first.assert_ok()["reward"], "1.00");
    assert_eq!(first.assert_ok()["date"], "2026-11-22");
    assert_eq!(second.assert_ok()["streak"], 2);
    assert_eq!(second.assert_ok()["reward"], "2.00");
    assert_eq!(second.assert_ok()["balance"], "3.00");
    assert_eq!(app.balances_of(&player).await.wallet, money("3.00"));
    assert_eq!(app.turnover_of(&player).await, money("3.00"), "100 % of each reward");
    let index = signin_index(&app, &player, "").await;
    let data = index.assert_ok();
    assert_eq!(data["signed_today"], true);
    assert_eq!(data["streak"], 2);
    assert_eq!(data["today_reward"], "2.00");
    assert_eq!(data["next_reward"], "3.00");
    assert_eq!(data["next_day"], 3);
    assert_eq!(data["month"], "2026-11");
    assert_eq!(data["rewards"].as_array().map(Vec::len), Some(7));
    assert_eq!(
        data["days"],
        json!([{"date": "2026-11-22", "streak": 1, "reward": "1.00"},
               {"date": "2026-11-23", "streak": 2, "reward": "2.00"}])
    );
    assert_eq!(app.system_balance("bonus").await, -300);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_second_sign_in_the_same_day_is_already_signed_and_pays_nothing() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    sign(&app, &player, None).await.assert_ok();

    app.clock.advance(3_600);
    let again = sign(&app, &player, None).await;

    assert_eq!(again.err(), "already_signed");
    assert_eq!(app.balances_of(&player).await.wallet, money("1.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_missed_day_starts_the_streak_again() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    sign(&app, &player, None).await.assert_ok();
    app.clock.advance(DAY);
    sign(&app, &player, None).await.assert_ok();

    app.clock.advance(2 * DAY);
    let before = signin_index(&app, &player, "").await;
    let after_gap = sign(&app, &player, None).await;

    assert_eq!(before.assert_ok()["streak"], 0, "yesterday was missed");
    assert_eq!(before.assert_ok()["today_reward"], "1.00");
    assert_eq!(after_gap.assert_ok()["streak"], 1);
    assert_eq!(after_gap.assert_ok()["reward"], "1.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn signing_at_23_59_and_00_01_operator_time_is_two_days() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    // 23:59 on 2026-11-22 in Asia/Ho_Chi_Minh (UTC+7).
    set_clock(&app, utc("2026-11-22T16:59:00Z"));
    let late = sign(&app, &player, None).await;

    app.clock.advance(120);
    let early = sign(&app, &player, None).await;

    assert_eq!(late.assert_ok()["date"], "2026-11-22");
    assert_eq!(early.assert_ok()["date"], "2026-11-23");
    assert_eq!(early.assert_ok()["streak"], 2);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn berlins_25_hour_dst_night_is_one_day_and_keeps_the_streak() {
    let app = TestApp::spawn_with(|config| {
        without_deposit_gates(config);
        config.app.timezone = "Europe/Berlin".into();
    })
    .await;
    let player = app.player().await;
    // 23:59 CEST on 2026-10-24; the clocks go back at 03:00 on the 25th.
    set_clock(&app, utc("2026-10-24T21:59:00Z"));
    sign(&app, &player, None).await.assert_ok();
    app.clock.advance(120);
    let after_midnight = sign(&app, &player, None).await;
    // 23:59 CET on the 25th: 25 hours after its midnight, still the same day.
    set_clock(&app, utc("2026-10-25T22:59:00Z"));
    let same_day = sign(&app, &player, None).await;
    app.clock.advance(120);
    let next_day = sign(&app, &player, None).await;

    assert_eq!(after_midnight.assert_ok()["date"], "2026-10-25");
    assert_eq!(after_midnight.assert_ok()["streak"], 2);
    assert_eq!(same_day.err(), "already_signed");
    assert_eq!(next_day.assert_ok()["date"], "2026-10-26");
    assert_eq!(next_day.assert_ok()["streak"], 3);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn by_default_a_sign_in_needs_a_passed_deposit() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let needed = signin_index(&app, &player, "").await.assert_ok()["deposit_needed"].clone();
    let before = sign(&app, &player, None).await;
    let pending = app.requested_deposit(&player, "100").await;
    let while_pending = sign(&app, &player, None).await;
    app.review_deposit(pending, None).await.expect("approved");
    let after = sign(&app, &player, None).await;

    assert_eq!(before.err(), "recharge_first");
    assert_eq!(while_pending.err(), "recharge_first");
    assert_eq!(after.assert_ok()["streak"], 1);
    assert_eq!(needed, true, "the page tells him before he tries");
    let index = signin_index(&app, &player, "").await;
    assert_eq!(index.assert_ok()["recharge_first"], true);
    assert_eq!(index.assert_ok()["deposit_needed"], false, "his deposit passed: no note");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_streak_survives_a_restart() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let player = {
        let app = TestApp::open(dir.path(), without_deposit_gates);
        let player = app.player().await;
        sign(&app, &player, None).await.assert_ok();
        player
    };

    let app = TestApp::open(dir.path(), without_deposit_gates);
    set_clock(&app, START + DAY);
    let next = sign(&app, &player, None).await;

    assert_eq!(next.assert_ok()["streak"], 2);
    assert_eq!(next.assert_ok()["balance"], "3.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn past_the_tables_end_the_last_reward_repeats_or_the_table_restarts() {
    for (after_last, expected) in [
        (SigninCycle::RepeatLast, ["1.00", "2.00", "2.00", "2.00"]),
        (SigninCycle::Restart, ["1.00", "2.00", "1.00", "2.00"]),
    ] {
        let app = TestApp::spawn_with(|config| {
            without_deposit_gates(config);
            rewards(config, &["1", "2"], after_last);
        })
        .await;
        let player = app.player().await;
        let mut paid = Vec::new();
        for _ in 0..4 {
            let reply = sign(&app, &player, None).await;
            paid.push(reply.assert_ok()["reward"].as_str().expect("a reward").to_string());
            app.clock.advance(DAY);
        }
        assert_eq!(paid, expected, "{after_last:?}");
        let index = signin_index(&app, &player, "").await;
        assert_eq!(index.assert_ok()["streak"], 4, "the streak goes on counting");
        assert_ledger_verifies(&app).await;
    }
}

#[tokio::test]
async fn a_retried_sign_in_with_its_key_is_paid_once() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;

    let first = sign(&app, &player, Some("signin-1")).await;
    let replay = sign(&app, &player, Some("signin-1")).await;

    assert_eq!(first.assert_ok(), replay.assert_ok());
    assert_eq!(app.balances_of(&player).await.wallet, money("1.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_calendar_shows_the_month_asked_for() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    sign(&app, &player, None).await.assert_ok();

    let october = signin_index(&app, &player, "month=2026-10").await;
    let november = signin_index(&app, &player, "month=2026-11").await;
    let bad = signin_index(&app, &player, "month=2026-13").await;

    assert_eq!(october.assert_ok()["month"], "2026-10");
    assert_eq!(october.assert_ok()["days"], json!([]));
    assert_eq!(november.assert_ok()["days"].as_array().map(Vec::len), Some(1));
    assert_eq!(bad.err(), "bad_params");
}

#[tokio::test]
async fn concurrent_sign_ins_pay_once() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;

    let mut attempts = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let request = post_request("/api/signin/sign", &player, &json!({}), None);
        let router = app.router.clone();
        attempts.spawn(async move { send_to(router, request).await });
    }
    let replies = attempts.join_all().await;

    let paid = replies.iter().filter(|reply| reply.code() == 1).count();
    assert_eq!(paid, 1, "{replies:?}");
    assert!(replies.iter().all(|reply| reply.code() == 1 || reply.err() == "already_signed"));
    assert_eq!(app.balances_of(&player).await.wallet, money("1.00"));
    assert_ledger_verifies(&app).await;
}

/// `growth.signin.enabled = false` (what `fairhall init` writes): signing in pays nothing and
/// answers `not_found`, the page and the home say the reward is not offered.
#[tokio::test]
async fn a_sign_in_switched_off_pays_nothing_and_says_so() {
    let app = TestApp::spawn_with(|config| {
        without_deposit_gates(config);
        config.growth.signin.enabled = false;
    })
    .await;
    let player = app.player().await;

    let refused = sign(&app, &player, None).await;

    assert_eq!(refused.err(), "not_found");
    assert_eq!(app.balances_of(&player).await.wallet, money("0.00"));
    assert_eq!(signin_index(&app, &player, "").await.assert_ok()["enabled"], false);
    let home = app.get_as(&player, "/api/index/index", "").await;
    assert_eq!(home.assert_ok()["entries"]["signin"]["offered"], false);
}
