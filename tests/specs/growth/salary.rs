//! The weekly salary: paid at Monday 00:00 operator time for the week just ended (not a
//! second before), each week once across restarts, every missed week after downtime over
//! Mondays (each over its own bets only), and across a DST change in the operator's zone.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::team::{fund_game, invite_chain, settled_bet};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use fairhall::clock::Timestamp;
use fairhall::config::{Config, SalaryTier};
use serde_json::Value;

/// Two tiers (10.00 with one active member pays 5.00; 100.00 with two pays 50.00), and no
/// rebates or commissions, so the wallet shows the salary alone.
fn salary_config(config: &mut Config) {
    let tier = |volume: &str, active_min: i64, amount: &str| SalaryTier {
        volume_min: money(volume),
        active_min,
        amount: money(amount),
    };
    config.growth.salary.tiers = vec![tier("10.00", 1, "5.00"), tier("100.00", 2, "50.00")];
    config.growth.rebate.rate_bps = 0;
    config.growth.rebate.commission_bps = [0, 0, 0];
}

fn at(text: &str) -> Timestamp {
    Timestamp::from_datetime(&chrono::DateTime::parse_from_rfc3339(text).expect("a time"))
}

async fn tick_at(hall: &Hall, instant: Timestamp) -> Vec<Timestamp> {
    hall.app.clock.advance(instant - hall.app.now());
    hall.scheduler.tick(hall.app.now()).await.salary_weeks
}

async fn salary_index(app: &TestApp, player: &Player) -> Value {
    app.get_as(player, "/api/salary/index", "").await.assert_ok().clone()
}

async fn wallet(app: &TestApp, player: &Player) -> String {
    app.balances_of(player).await.wallet.to_string()
}

#[tokio::test]
async fn each_monday_pays_the_week_just_ended_once_across_restarts_and_downtime() {
    // START is Sunday 2026-11-22 15:00 in Ho Chi Minh City (UTC+7).
    let hall = Hall::open_with(salary_config).await;
    let chain = invite_chain(&hall.app, 3).await;
    let (partner, direct, second) = (&chain[0], &chain[1], &chain[2]);
    fund_game(&hall.app, direct, "500.00").await;
    fund_game(&hall.app, second, "500.00").await;
    settled_bet(&hall, direct, "20").await;

    assert!(tick_at(&hall, at("2026-11-22T23:59:59+07:00")).await.is_empty());
    assert_eq!(wallet(&hall.app, partner).await, "0.00");
    let paid = tick_at(&hall, at("2026-11-23T00:00:00+07:00")).await;

    assert_eq!(paid, [at("2026-11-16T00:00:00+07:00")]);
    assert_eq!(wallet(&hall.app, partner).await, "5.00");
    assert_eq!(hall.app.turnover_of(partner).await, money("5.00"), "bet once (100 %)");
    assert_eq!(wallet(&hall.app, direct).await, "0.00", "his team did not bet");
    // The new week: the second level stakes 100, the direct member 10.
    settled_bet(&hall, second, "100").await;
    settled_bet(&hall, direct, "10").await;
    let this_week = salary_index(&hall.app, partner).await;
    assert_eq!(
        (this_week["volume"].as_str(), this_week["active"].as_i64()),
        (Some("110.00"), Some(2))
    );
    assert_eq!(this_week["tier"], 2);
    assert_eq!(this_week["week"]["start"], at("2026-11-23T00:00:00+07:00"));
    assert!(tick_at(&hall, hall.app.now() + 60).await.is_empty(), "paid once");

    // The server is down from Monday morning until Tuesday 2026-12-08: two Mondays missed.
    let data_dir = hall.app.config.server.data_dir.clone();
    for restart in 0..2 {
        let app = TestApp::open(&data_dir, salary_config);
        let scheduler = app.scheduler().with_chain_length(2_000);
        let restarted = Hall { app, scheduler };
        let paid = tick_at(&restarted, at("2026-12-08T10:00:00+07:00")).await;
        let expected = match restart {
            0 => vec![at("2026-11-23T00:00:00+07:00"), at("2026-11-30T00:00:00+07:00")],
            _ => vec![],
        };
        assert_eq!(paid, expected, "restart {restart}");
        assert_eq!(wallet(&restarted.app, partner).await, "55.00");
        assert_eq!(wallet(&restarted.app, direct).await, "5.00");
        let history = &salary_index(&restarted.app, partner).await["history"];
        assert_eq!(history["total"], 2);
        let newest = &history["list"][0];
        assert_eq!(
            (newest["volume"].as_str(), newest["active"].as_i64()),
            (Some("110.00"), Some(2))
        );
        assert_eq!((newest["tier"].as_i64(), newest["amount"].as_str()), (Some(2), Some("50.00")));
        assert_eq!(history["list"][1]["volume"], "20.00", "each week over its own bets");
        assert_ledger_verifies(&restarted.app).await;
    }
}

#[tokio::test]
async fn the_week_ends_at_the_operator_midnight_across_a_dst_change() {
    let app = TestApp::spawn_with(|config| {
        salary_config(config);
        config.app.timezone = "Europe/Berlin".into();
    })
    .await;
    // Sunday 2026-10-25: Berlin left summer time at 03:00 that night; the week began on
    // Monday 00:00 CEST (UTC+2) and ends on Monday 00:00 CET (UTC+1): 169 hours.
    app.clock.advance(at("2026-10-25T12:00:00Z") - app.now());
    let scheduler = app.scheduler().with_chain_length(2_000).with_chunk_bets(7);
    scheduler.tick(app.now()).await;
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    let hall = Hall { app, scheduler };
    let chain = invite_chain(&hall.app, 2).await;
    fund_game(&hall.app, &chain[1], "100.00").await;
    settled_bet(&hall, &chain[1], "10").await;

    assert!(tick_at(&hall, at("2026-10-25T17:00:00Z")).await.is_empty(), "not Asian midnight");
    assert!(tick_at(&hall, at("2026-10-25T23:59:59+01:00")).await.is_empty());
    let paid = tick_at(&hall, at("2026-10-26T00:00:00+01:00")).await;

    let week_start = at("2026-10-19T00:00:00+02:00");
    assert_eq!(paid, [week_start]);
    assert_eq!(at("2026-10-26T00:00:00+01:00").secs_since(week_start), 169 * 3600);
    let history = &salary_index(&hall.app, &chain[0]).await["history"];
    assert_eq!(history["list"][0]["week_start"], week_start);
    assert_eq!(wallet(&hall.app, &chain[0]).await, "5.00");
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn the_salary_page_shows_the_table() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let page = salary_index(&app, &player).await;

    let tiers = page["tiers"].as_array().expect("tiers");
    assert_eq!(tiers.len(), 4);
    assert_eq!(tiers[0]["volume_min"], "10000.00");
    assert_eq!(
        (tiers[0]["active_min"].as_i64(), tiers[0]["amount"].as_str()),
        (Some(3), Some("10.00"))
    );
    assert_eq!((page["volume"].as_str(), page["tier"].as_i64()), (Some("0.00"), Some(0)));
    assert_eq!(page["history"]["total"], 0);
    app.get("/api/salary/index", None).await.assert_login_required();
    app.get("/api/rebate/index", None).await.assert_login_required();
}
