//! A backlog of product instalments that fell due while the server was down is paid whole, each
//! instalment once, in write transactions of at most `goods::PAYOUTS_PER_TX` (the writer is
//! never held for the whole backlog). Each batch takes the due instalments in due order instead
//! of asking, per instalment, whether the order has an earlier unpaid one; how fast, is
//! measured by `cargo bench --bench payouts` (instalments/s, the longest write transaction),
//! not here: a timed test fails at random on a loaded machine.

use crate::support::crash_support::hourly;
use crate::support::goods::GoodsApp;
use crate::support::helpers::{START, TestApp};
use crate::support::wallet_support::assert_ledger_verifies;
use fairhall::finance::goods::{self, PAYOUTS_PER_TX};

/// Orders of 1,000 hourly instalments, all fallen due.
const ORDERS: u32 = 6;
const HOURS: u32 = 1_000;

#[tokio::test]
async fn a_backlog_of_thousands_of_instalments_is_paid_in_bounded_batches_each_once() {
    let app = TestApp::spawn().await;
    let product = app.product(hourly(START.secs() - 60, HOURS)).await;
    for _ in 0..ORDERS {
        let investor = app.investor("1000.00").await;
        app.buy(&investor, product, "1000.00").await.assert_ok();
    }
    app.clock.advance(i64::from(HOURS) * 3600);

    let now = app.now();
    let mut batches = Vec::new();
    loop {
        let batch = app.db.write(move |tx| goods::pay_due(tx, now)).await.expect("payouts run");
        batches.push(batch.paid);
        if !batch.more {
            break;
        }
    }

    let backlog = ORDERS * HOURS;
    assert_eq!(batches.iter().sum::<u32>(), backlog, "every instalment paid once");
    let per_tx = u32::try_from(PAYOUTS_PER_TX).expect("a small batch");
    assert!(batches.iter().all(|&paid| paid <= per_tx), "batches {batches:?}");
    let paying = batches.iter().filter(|&&paid| paid > 0).count();
    assert_eq!(paying, backlog.div_ceil(per_tx) as usize, "full batches but the last: {batches:?}");
    assert_ledger_verifies(&app).await;
}
