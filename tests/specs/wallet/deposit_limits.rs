//! Limits on deposit requests: pending ones per player, requests per hour, and the disk quota
//! of vouchers. A refused request keeps no voucher file.

use crate::support::helpers::TestApp;
use crate::support::protection_support::ProtectionApp;
use crate::support::wallet_support::{DepositUpload, PNG, WalletApp, assert_ledger_verifies};

#[tokio::test]
async fn a_player_may_have_only_so_many_deposits_awaiting_review() {
    let app = TestApp::spawn_with(|config| config.wallet.deposit_pending_max = 2).await;
    let (player, other) = (app.player().await, app.player().await);
    let first = app.requested_deposit(&player, "10.00").await;
    app.requested_deposit(&player, "20.00").await;

    let third = app.recharge(&player, &DepositUpload::new("30.00"), None).await;
    let others = app.recharge(&other, &DepositUpload::new("30.00"), None).await;
    app.review_deposit(first, Some("Blurry")).await.expect("rejected");
    let after_review = app.recharge(&player, &DepositUpload::new("30.00"), None).await;

    assert_eq!(third.err(), "deposit_pending_limit", "{third:?}");
    assert!(third.msg().contains('2'), "the message names the limit: {third:?}");
    others.assert_ok();
    after_review.assert_ok();
    assert_eq!(app.voucher_files().len(), 4, "the refused request kept no file");
    assert_ledger_verifies(&app).await;
}

/// A voucher is decoded only once the request is admitted (issue 31: decoding is what costs):
/// a player past his pending count, or in a time-out, is refused before his file is read as an
/// image, so a file that is no image gets the limit's answer, not `bad_format`.
#[tokio::test]
async fn a_request_past_a_limit_is_refused_before_its_voucher_is_decoded() {
    let app = TestApp::spawn_with(|config| config.wallet.deposit_pending_max = 1).await;
    let (player, excluded) = (app.player().await, app.player().await);
    app.requested_deposit(&player, "10.00").await;
    app.exclude(&excluded, "timeout", "24h").await.assert_ok();
    let not_an_image = DepositUpload::new("30.00").voucher("a.png", b"just text".to_vec());

    let pending = app.recharge(&player, &not_an_image, None).await;
    let resting = app.recharge(&excluded, &not_an_image, None).await;

    assert_eq!(pending.err(), "deposit_pending_limit", "{pending:?}");
    assert_eq!(resting.err(), "player_excluded", "{resting:?}");
    assert_eq!(app.voucher_files().len(), 1, "only the first request's voucher is stored");
}

#[tokio::test]
async fn deposit_requests_are_limited_per_hour() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.deposit_requests_per_hour = 2;
        config.wallet.deposit_pending_max = 100;
    })
    .await;
    let player = app.player().await;
    let first = app.requested_deposit(&player, "10.00").await;
    app.clock.advance(600);
    app.requested_deposit(&player, "20.00").await;
    app.review_deposit(first, None).await.expect("approved");

    let upload = DepositUpload::new("30.00");
    let third = app.recharge(&player, &upload, None).await;
    app.clock.advance(3000);
    let once_the_first_left_the_hour = app.recharge(&player, &upload, None).await;

    assert_eq!(third.err(), "throttled");
    assert!(third.msg().contains("3000"), "seconds until a slot frees: {third:?}");
    once_the_first_left_the_hour.assert_ok();
    assert_eq!(app.voucher_files().len(), 3);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn vouchers_beyond_the_disk_quota_are_refused() {
    let gradient = image::RgbImage::from_fn(32, 32, |x, y| image::Rgb([x as u8 * 8, y as u8, 9]));
    let mut voucher = Vec::new();
    image::DynamicImage::ImageRgb8(gradient)
        .write_with_encoder(image::codecs::png::PngEncoder::new(&mut voucher))
        .expect("an encoded PNG");
    // What counts is the stored file: the pixels encoded again.
    let stored = fairhall::uploads::Image::parse(voucher.clone(), 1 << 20).expect("a PNG");
    assert!(stored.bytes.len() > 2 * PNG.len());
    let quota = (2 * stored.bytes.len() + PNG.len()) as u64;
    let app = TestApp::spawn_with(|config| config.wallet.voucher_quota_bytes = quota).await;
    let (first, second) = (app.player().await, app.player().await);
    let upload = DepositUpload::new("10.00").voucher("shot.png", voucher);

    app.recharge(&first, &upload, None).await.assert_ok();
    app.recharge(&second, &upload, None).await.assert_ok();
    let full = app.recharge(&first, &upload, None).await;
    let small = DepositUpload::new("10.00").voucher("tiny.png", PNG.to_vec());
    let still_room = app.recharge(&second, &small, None).await;

    assert_eq!(full.err(), "upload_quota_full");
    still_room.assert_ok();
    assert_eq!(app.voucher_files().len(), 3);
    assert_ledger_verifies(&app).await;
}
