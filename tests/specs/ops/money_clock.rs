//! The money jobs across a forward step of the server's clock (issue 30): a step within
//! `ledger.max_catch_up_secs` (2 days by default) is caught up; a 30-day step pays no interest
//! until the operator accepts the clock, across a restart, while `/readyz` says why; once
//! accepted, the jobs catch up from where they stopped. The money jobs run as a tick runs them
//! (`Scheduler::money_jobs`), without the tick's draws of thirty days of periods.

use crate::support::helpers::TestApp;
use crate::support::savings::SavingsApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::config::LedgerConfig;
use fairhall::money_clock::{self, Gate};
use fairhall::scheduler::{Scheduler, TickReport};
use std::path::Path;

const DAY: i64 = 86_400;

/// The app on `dir` with the shipped catch-up (the test app's default allows any step).
fn app_in(dir: &Path) -> TestApp {
    TestApp::open(dir, |config| {
        config.ledger.max_catch_up_secs = LedgerConfig::default().max_catch_up_secs;
    })
}

fn money_check(readiness: &serde_json::Value) -> serde_json::Value {
    let checks = readiness["checks"].as_array().expect("checks");
    checks.iter().find(|check| check["name"] == "money_clock").expect("listed").clone()
}

/// The money jobs of a scheduler tick at the app's time: whether they ran.
async fn money_jobs(app: &TestApp, scheduler: &Scheduler) -> Option<Gate> {
    let mut report = TickReport::default();
    scheduler.money_jobs(app.now(), &mut report).await;
    report.money
}

async fn savings(app: &TestApp, player: &crate::support::helpers::Player) -> i64 {
    app.balances_of(player).await.savings.minor()
}

#[tokio::test]
async fn a_30_day_forward_step_pays_nothing_until_the_operator_accepts_the_clock() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = app_in(dir.path());
    let player = app.saver("10000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();
    let scheduler = app.scheduler();
    assert_eq!(money_jobs(&app, &scheduler).await, Some(Gate::Run), "the first run");

    // A day and a half down (a restart, an outage): caught up by itself.
    app.clock.advance(DAY + DAY / 2);
    assert_eq!(money_jobs(&app, &scheduler).await, Some(Gate::Run));
    let after_outage = savings(&app, &player).await;
    assert!(after_outage > 1_000_000, "the day held was paid: {after_outage}");

    // Thirty days at once: nothing is paid, across a restart.
    let before_step = app.now();
    app.clock.advance(30 * DAY);
    let stepped = app.now();
    let paused = money_jobs(&app, &scheduler).await;
    assert_eq!(paused, Some(Gate::Paused { from: before_step, to: stepped }));
    assert_eq!(savings(&app, &player).await, after_outage, "no interest while paused");
    drop(scheduler);
    drop(app);
    let restarted = app_in(dir.path());
    restarted.clock.advance(stepped + 60 - restarted.now());
    let scheduler = restarted.scheduler();
    let still = money_jobs(&restarted, &scheduler).await;
    assert!(matches!(still, Some(Gate::Paused { .. })), "{still:?}");
    assert_eq!(savings(&restarted, &player).await, after_outage);
    let ready = restarted.get("/readyz", None).await;
    assert_eq!(ready.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
    let money = money_check(&ready.body);
    assert_eq!(money["ok"], false);
    assert!(money["detail"].as_str().unwrap_or_default().contains("admin clock accept"));

    // The operator checks the clock and accepts it: the thirty days are paid.
    let now = restarted.now();
    let accepted = restarted.db.write(move |tx| money_clock::accept(tx, now));
    assert_eq!(accepted.await.expect("accepted"), Some((before_step, stepped)));
    assert_eq!(money_jobs(&restarted, &scheduler).await, Some(Gate::Run));
    let caught_up = savings(&restarted, &player).await;
    assert!(caught_up >= after_outage + 30 * 100, "{after_outage} -> {caught_up}");
    assert_eq!(money_check(&restarted.get("/readyz", None).await.body)["ok"], true);
    assert_ledger_verifies(&restarted).await;
}

/// A step backwards pays nothing twice and pauses nothing.
#[tokio::test]
async fn a_backward_step_pauses_nothing_and_pays_nothing_twice() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = app_in(dir.path());
    let player = app.saver("10000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();
    let scheduler = app.scheduler();
    money_jobs(&app, &scheduler).await;
    app.clock.advance(DAY);
    money_jobs(&app, &scheduler).await;
    let paid = savings(&app, &player).await;

    app.clock.advance(-DAY / 2);
    let back = money_jobs(&app, &scheduler).await;
    app.clock.advance(DAY / 2);
    let again = money_jobs(&app, &scheduler).await;

    assert_eq!((back, again), (Some(Gate::Run), Some(Gate::Run)));
    assert_eq!(savings(&app, &player).await, paid, "the same day is not paid again");
}
