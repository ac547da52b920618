//! A backlog of product instalments that fell due while the server was down is paid in time
//! that grows with its size, not with its square: each batch takes the due instalments in due
//! order instead of asking, per instalment, whether the order has an earlier unpaid one.

use crate::crash_support::hourly;
use crate::goods::GoodsApp;
use crate::helpers::{START, TestApp};
use crate::wallet_support::assert_ledger_verifies;
use std::time::{Duration, Instant};

/// Orders of 1,000 hourly instalments, all fallen due.
const ORDERS: u32 = 6;
const HOURS: u32 = 1_000;
/// Seconds or less on a shared CI machine in a debug build; the quadratic query took minutes.
const PAYING_TIME_MAX: Duration = Duration::from_secs(30);

#[tokio::test]
async fn a_backlog_of_thousands_of_instalments_is_paid_in_seconds() {
    let app = TestApp::spawn().await;
    let product = app.product(hourly(START.secs() - 60, HOURS)).await;
    for _ in 0..ORDERS {
        let investor = app.investor("1000.00").await;
        app.buy(&investor, product, "1000.00").await.ok();
    }
    app.clock.advance(i64::from(HOURS) * 3600);

    let started = Instant::now();
    let paid = app.pay_products().await;
    let took = started.elapsed();

    assert_eq!(paid.paid, ORDERS * HOURS);
    assert!(took < PAYING_TIME_MAX, "{} instalments took {took:?}", paid.paid);
    assert_ledger_verifies(&app).await;
}
