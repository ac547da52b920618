//! Goods investment over time: every yield type paid by the payout job across its cycles,
//! exactly once and in order across a restart and days of downtime, and the operator's
//! obligations equal to what is left to pay.

use crate::support::goods::{GoodsApp, fruit};
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::finance::goods;
use fairhall::finance::goods::types::ProductSpec;
use serde_json::Value;

/// Seconds from `START` (15:00 local) to the first 10:00 payout: the next morning.
const TO_FIRST_PAYOUT: i64 = 19 * 3600;

/// The paid instalments of the player's benefits page, oldest first: (order, instalment,
/// amount).
async fn benefits(app: &TestApp, player: &Player) -> Vec<(i64, i64, String)> {
    let page = app.get_as(player, "/api/goods/benefits", "limit=100").await;
    let mut rows: Vec<_> = page.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|row| {
            let field = |name: &str| row[name].as_i64().expect("a number");
            (field("order_id"), field("instalment"), row["amount"].as_str().expect("amount").into())
        })
        .collect();
    rows.reverse();
    rows
}

#[tokio::test]
async fn each_yield_type_pays_its_schedule_cycle_by_cycle() {
    let cases = [
        ("interest_per_cycle", vec!["10.00", "10.00", "1010.00"], [1, 2, 3]),
        ("at_maturity", vec!["1030.00"], [0, 0, 1]),
        ("equal_instalments", vec!["343.33", "343.33", "343.34"], [1, 2, 3]),
    ];
    for (yield_type, expected, paid_after_each_cycle) in cases {
        let app = TestApp::spawn().await;
        let spec = ProductSpec { yield_type: Some(yield_type.into()), ..fruit() };
        let id = app.product(spec).await;
        let player = app.investor("1000.00").await;
        let interest_before = app.system_balance("interest").await;
        app.buy(&player, id, "1000.00").await.assert_ok();

        let mut paid = Vec::new();
        app.clock.advance(TO_FIRST_PAYOUT - 1);
        assert_eq!(app.pay_products().await.paid, 0, "{yield_type}: not due a second early");
        for _ in 0..3 {
            app.clock.advance(1);
            app.pay_products().await;
            paid.push(benefits(&app, &player).await.len());
            app.clock.advance(86_400 - 1);
        }

        let amounts: Vec<_> = benefits(&app, &player).await.into_iter().map(|row| row.2).collect();
        assert_eq!(amounts, expected, "{yield_type}");
        assert_eq!(paid, paid_after_each_cycle, "{yield_type}: each instalment at its cycle's end");
        let balances = app.balances_of(&player).await;
        assert_eq!(balances.wallet.to_string(), "1030.00", "{yield_type}: principal and 3 %");
        assert_eq!(balances.invest.to_string(), "0.00");
        assert_eq!(app.system_balance("interest").await, interest_before - 3_000);
        let order = app.get_as(&player, "/api/goods/orders", "").await;
        assert_eq!(order.assert_ok()["list"][0]["state"], "completed", "{yield_type}");
        assert_ledger_verifies(&app).await;
    }
}

#[tokio::test]
async fn every_instalment_is_paid_once_in_order_across_a_restart_and_days_of_downtime() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    let id = app.product(ProductSpec { cycles: Some(5), ..fruit() }).await;
    let player = app.investor("2000.00").await;
    let first = app.buy(&player, id, "1000.00").await.assert_ok()["order_id"].as_i64().expect("id");
    let second = app.buy(&player, id, "500.00").await.assert_ok()["order_id"].as_i64().expect("id");
    app.clock.advance(TO_FIRST_PAYOUT + 60);
    assert_eq!(app.pay_products().await.paid, 2, "the first instalment of each order");
    let stopped_at = app.now();
    drop(app);

    // Down for a week; a new process opens the same data directory and runs the job twice.
    let restarted = TestApp::open(dir.path(), |_| {});
    restarted.clock.advance(stopped_at + 7 * 86_400 - restarted.now());
    let caught_up = restarted.pay_products().await;
    let again = restarted.pay_products().await;

    assert_eq!((caught_up.paid, again.paid), (8, 0));
    let paid: Vec<_> = benefits(&restarted, &player).await;
    for order in [first, second] {
        let mut numbers: Vec<_> =
            paid.iter().filter(|row| row.0 == order).map(|row| row.1).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, [1, 2, 3, 4, 5], "order {order}: each instalment once");
    }
    let order = restarted.get_as(&player, "/api/goods/order", &format!("id={first}")).await;
    let times: Vec<_> = order.assert_ok()["schedule"]
        .as_array()
        .expect("a schedule")
        .iter()
        .map(|row| row["paid_at"].as_i64().expect("paid"))
        .collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "paid in order: {times:?}");
    // 1 % a day on 1,500.00 for five days, and the principal back.
    assert_eq!(restarted.balances_of(&player).await.wallet.to_string(), "2075.00");
    assert_ledger_verifies(&restarted).await;
}

#[tokio::test]
async fn the_scheduler_tick_pays_due_instalments() {
    let app = TestApp::spawn().await;
    let id = app.product(ProductSpec { yield_type: Some("at_maturity".into()), ..fruit() }).await;
    let player = app.investor("1000.00").await;
    app.buy(&player, id, "1000.00").await.assert_ok();

    app.clock.advance(TO_FIRST_PAYOUT + 2 * 86_400);
    let report = app.scheduler().tick(app.now()).await;

    assert_eq!(report.instalments_paid, 1);
    assert_eq!(app.balances_of(&player).await.wallet.to_string(), "1030.00");
}

/// The sum of the unpaid instalments of every order, from the players' own pages.
async fn unpaid_by_orders(app: &TestApp, players: &[&Player]) -> (i64, i64) {
    let (mut interest, mut principal) = (0, 0);
    for player in players {
        let orders = app.get_as(player, "/api/goods/orders", "limit=100").await;
        for order in orders.assert_ok()["list"].as_array().expect("a list") {
            let id = order["id"].as_i64().expect("an id");
            let detail = app.get_as(player, "/api/goods/order", &format!("id={id}")).await;
            for row in detail.assert_ok()["schedule"].as_array().expect("a schedule") {
                if row["paid_at"] == Value::Null {
                    let minor = |name: &str| {
                        fairhall::money::Money::parse(row[name].as_str().expect("money"))
                            .expect("an amount")
                            .minor()
                    };
                    interest += minor("interest");
                    principal += minor("principal");
                }
            }
        }
    }
    (interest, principal)
}

#[tokio::test]
async fn the_obligations_are_the_unpaid_instalments_by_day_and_product() {
    let app = TestApp::spawn().await;
    let daily = app.product(fruit()).await;
    let hourly = app
        .product(ProductSpec {
            yield_type: Some("equal_instalments".into()),
            cycle_unit: Some("hour".into()),
            cycle_length: Some(12),
            cycles: Some(4),
            payout_time: None,
            ..fruit()
        })
        .await;
    let (one, two) = (app.investor("2000.00").await, app.investor("2000.00").await);
    app.buy(&one, daily, "1000.00").await.assert_ok();
    app.buy(&two, daily, "300.00").await.assert_ok();
    app.buy(&two, hourly, "1200.00").await.assert_ok();

    for step in 0..3 {
        let settings = app.goods_settings();
        let report = app
            .db
            .read(move |connection| goods::obligations(connection, &settings))
            .await
            .expect("the report reads");
        let (interest, principal) = unpaid_by_orders(&app, &[&one, &two]).await;
        assert_eq!(report.interest_due.minor(), interest, "step {step}");
        assert_eq!(report.principal_due.minor(), principal, "step {step}");
        assert_eq!(report.principal_held, report.principal_due, "step {step}: the ledger agrees");
        let by_day: i64 = report.by_day.iter().map(|day| day.interest.minor()).sum();
        let by_product: i64 = report.by_product.iter().map(|row| row.interest_due.minor()).sum();
        assert_eq!((by_day, by_product), (interest, interest), "step {step}");
        app.clock.advance(TO_FIRST_PAYOUT);
        app.pay_products().await;
    }
    let settings = app.goods_settings();
    let report = app
        .db
        .read(move |connection| goods::obligations(connection, &settings))
        .await
        .expect("the report reads");
    assert_eq!(report.by_product.len(), 1, "the hourly product is paid off: {report:?}");
    assert_eq!(report.by_product[0].orders_running, 2);
    assert_ledger_verifies(&app).await;
}

/// Issue 19 (products show the total a player would receive, from the real settings): the
/// schedule the detail page shows for an amount (`api/goods/schedule`) is what the payout job
/// pays, instalment by instalment at each shown time, and its total is what comes back.
#[tokio::test]
async fn the_shown_schedule_is_what_the_payout_job_pays() {
    for yield_type in ["interest_per_cycle", "at_maturity", "equal_instalments"] {
        let app = TestApp::spawn().await;
        let spec = ProductSpec { yield_type: Some(yield_type.into()), ..fruit() };
        let id = app.product(spec).await;
        let player = app.investor("1000.00").await;
        let query = format!("id={id}&amount=1000.00");
        let shown = app.get_as(&player, "/api/goods/schedule", &query).await.assert_ok().clone();
        app.buy(&player, id, "1000.00").await.assert_ok();

        let instalments = shown["instalments"].as_array().expect("instalments").clone();
        let mut paid_minor = 0;
        for (index, instalment) in instalments.iter().enumerate() {
            let due_at = instalment["due_at"].as_i64().expect("due_at");
            app.clock.advance(due_at - 1 - app.now().secs());
            app.pay_products().await;
            assert_eq!(benefits(&app, &player).await.len(), index, "{yield_type}: not early");
            app.clock.advance(1);
            app.pay_products().await;
            let paid = benefits(&app, &player).await;
            assert_eq!(paid.len(), index + 1, "{yield_type}: due at the shown time");
            let amount = paid[index].2.clone();
            assert_eq!(amount, instalment["amount"].as_str().expect("amount"), "{yield_type}");
            paid_minor += crate::support::wallet_support::money(&amount).minor();
        }

        let total = crate::support::wallet_support::money(shown["total"].as_str().expect("total"));
        assert_eq!(paid_minor, total.minor(), "{yield_type}: the shown total is paid");
        assert_eq!(app.balances_of(&player).await.wallet, total, "{yield_type}");
        assert_ledger_verifies(&app).await;
    }
}
