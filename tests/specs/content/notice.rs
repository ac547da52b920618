//! The message list (api/notice/*): announcements in the reader's language with the default
//! language's fallback, read and unread per player, the order and paging, and the messages
//! the product sends on its own events, each once and never from a rolled-back event.

use crate::support::envelope_support::{EnvelopeApp, everyone};
use crate::support::goods::{GoodsApp, fruit};
use crate::support::helpers::TestApp;
use crate::support::notice_support::{CURRENT, INDEX, NoticeApp, READ_ALL, announcement};
use crate::support::vip_support::{VipApp, with_programmes};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::content::announcements;
use fairhall::error::AppError;
use fairhall::growth::envelopes::types::{Mode, Target};
use fairhall::wallet::withdrawals::{self, Decision};
use serde_json::json;

fn titles(list: &[serde_json::Value]) -> Vec<&str> {
    list.iter().map(|notice| notice["title"].as_str().expect("a title")).collect()
}

#[tokio::test]
async fn an_announcement_shows_in_the_readers_language_else_the_default_else_not_at_all() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let both = app.announce(announcement("vi", "Bảo trì tối nay")).await;
    app.translate(both, "en", "Maintenance tonight").await;
    app.announce(announcement("en", "English only")).await;

    let english = app.notices(&player, "en").await;
    let japanese = app.notices(&player, "ja").await;
    let vietnamese = app.notices(&player, "vi").await;

    assert_eq!(titles(&english), ["English only", "Maintenance tonight"]);
    assert_eq!(english[1]["body"], "Maintenance tonight: details.");
    assert_eq!(titles(&japanese), ["Bảo trì tối nay"], "ja falls back to vi; en-only hidden");
    assert_eq!(titles(&vietnamese), ["Bảo trì tối nay"]);
    assert_eq!(app.unread(&player, "ja").await, 1);
    assert_eq!(app.unread(&player, "en").await, 2);
    let opened = app.open(&player, "announcement", both, "en").await;
    assert_eq!(opened.assert_ok()["title"], "Maintenance tonight");
    let current = app.get_in(&player, CURRENT, "ja").await;
    assert_eq!(current.assert_ok()["list"][0]["title"], "Bảo trì tối nay");
    assert_eq!(current.assert_ok()["list"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn opening_marks_read_for_that_player_only() {
    let app = TestApp::spawn().await;
    let (reader, other) = (app.player().await, app.player().await);
    let first = app.announce(announcement("vi", "First")).await;
    app.clock.advance(60);
    app.announce(announcement("vi", "Second")).await;
    app.clock.advance(60);
    app.approved_deposit(&reader, "10.00").await;

    assert_eq!(app.unread(&reader, "vi").await, 3);
    let opened = app.open(&reader, "announcement", first, "vi").await;
    assert_eq!(opened.assert_ok()["read"], true);
    assert_eq!(opened.assert_ok()["body"], "First: the details.");
    assert_eq!(app.unread(&reader, "vi").await, 2);
    assert_eq!(app.unread(&other, "vi").await, 2, "another player's read is his own");
    let list = app.notices(&reader, "en").await;
    let read: Vec<(&str, bool)> = list
        .iter()
        .map(|notice| (notice["title"].as_str().expect("a title"), notice["read"] == true))
        .collect();
    assert_eq!(read, [("Deposit approved", false), ("Second", false), ("First", true)]);
    assert_eq!(list[0]["kind"], "message");

    let all = app.post_in(&reader, READ_ALL, json!({}), "vi").await;
    assert_eq!(all.assert_ok()["count"], 0);
    assert_eq!(app.unread(&reader, "vi").await, 0);
    assert!(app.notices(&reader, "vi").await.iter().all(|notice| notice["read"] == true));
    assert_eq!(app.unread(&other, "vi").await, 2);
    let message_id = list[0]["id"].as_i64().expect("an id");
    assert_eq!(app.open(&other, "message", message_id, "vi").await.err(), "not_found");
}

#[tokio::test]
async fn pinned_announcements_come_first_then_everything_newest_first_in_pages() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let mut pinned = announcement("vi", "Pinned");
    pinned.pinned = true;
    app.announce(pinned).await;
    app.clock.advance(60);
    app.approved_deposit(&player, "10.00").await;
    app.clock.advance(60);
    app.announce(announcement("vi", "Newest")).await;

    let english = app.notices(&player, "en").await;
    assert_eq!(titles(&english), ["Pinned", "Newest", "Deposit approved"]);
    assert_eq!(english[0]["pinned"], true);
    let second = app.get_in(&player, &format!("{INDEX}?page=2&limit=2"), "en").await;
    assert_eq!(second.assert_ok()["total"], 3);
    assert_eq!(
        titles(second.assert_ok()["list"].as_array().expect("a list")),
        ["Deposit approved"]
    );
    for query in ["page=0", "limit=101", "limit=x"] {
        let reply = app.get_in(&player, &format!("{INDEX}?{query}"), "en").await;
        assert_eq!(reply.err(), "bad_params", "{query}");
    }
}

#[tokio::test]
async fn only_started_unended_undeleted_announcements_show() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let now = app.now();
    let mut later = announcement("vi", "Later");
    later.starts_at = Some(now + 3_600);
    let mut ending = announcement("vi", "Ending");
    ending.ends_at = Some(now + 60);
    let later = app.announce(later).await;
    app.announce(ending).await;
    let deleted = app.announce(announcement("vi", "Deleted")).await;
    app.db.write(move |tx| announcements::delete(tx, deleted, now)).await.expect("deleted");

    assert_eq!(titles(&app.notices(&player, "vi").await), ["Ending"]);
    assert_eq!(app.open(&player, "announcement", later, "vi").await.err(), "not_found");
    assert_eq!(app.open(&player, "announcement", deleted, "vi").await.err(), "not_found");
    app.clock.advance(3_600);
    assert_eq!(titles(&app.notices(&player, "vi").await), ["Later"]);
    for (kind, id) in [("news", "1"), ("message", "0")] {
        let reply = app
            .post_in(
                &player,
                crate::support::notice_support::READ,
                json!({ "kind": kind, "id": id }),
                "vi",
            )
            .await;
        assert_eq!(reply.err(), "bad_params", "{kind} {id}");
    }
    let missing = app
        .post_in(&player, crate::support::notice_support::READ, json!({ "kind": "message" }), "vi")
        .await;
    assert_eq!(missing.err(), "missing_params");
}

#[tokio::test]
async fn deposit_and_withdrawal_reviews_send_their_message_once_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("300.00").await;
    let rejected = app.requested_deposit(&player, "20.00").await;
    app.review_deposit(rejected, Some("Blurry voucher")).await.expect("rejected");
    assert_eq!(
        app.review_deposit(rejected, None).await.expect_err("reviewed once").key(),
        "already_reviewed"
    );
    let form = crate::support::wallet_support::withdrawal_form(card, "100.00");
    let paid =
        app.do_withdraw(&player, form.clone(), None).await.assert_ok()["id"].as_i64().expect("id");
    let refused =
        app.do_withdraw(&player, form, None).await.assert_ok()["id"].as_i64().expect("id");
    app.review_withdrawal(paid, Decision::Pass, "").await.expect("paid");
    app.review_withdrawal(refused, Decision::Reject, "Name differs").await.expect("rejected");

    let titles = app.message_titles(&player).await;
    assert_eq!(
        titles,
        ["Withdrawal rejected", "Withdrawal paid", "Deposit rejected", "Deposit approved"]
    );
    let english = app.notices(&player, "en").await;
    assert!(english[0]["body"].as_str().expect("body").contains("Name differs"));
    assert!(english[2]["body"].as_str().expect("body").contains("20.00"));
    assert!(english[2]["body"].as_str().expect("body").contains("Blurry voucher"));
    let vietnamese = app.notices(&player, "vi").await;
    assert_eq!(vietnamese[2]["title"], "Nạp tiền bị từ chối");
    assert!(vietnamese[2]["body"].as_str().expect("body").contains("Lý do: Blurry voucher"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_rolled_back_review_sends_nothing() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("300.00").await;
    let form = crate::support::wallet_support::withdrawal_form(card, "100.00");
    let id = app.do_withdraw(&player, form, None).await.assert_ok()["id"].as_i64().expect("id");
    let review = withdrawals::Review {
        withdrawal_id: id,
        decision: Decision::Reject,
        reason: "no".into(),
        admin: "tester".into(),
    };
    let (limits, now) = (app.config.wallet.clone(), app.now());

    let failed = app
        .db
        .write(move |tx| {
            withdrawals::review(tx, &review, &limits, now)?;
            Err::<(), _>(AppError::BadParams)
        })
        .await;

    assert!(matches!(failed, Err(AppError::BadParams)));
    assert_eq!(app.message_titles(&player).await, ["Deposit approved"]);
    let pending = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    assert_eq!(pending.assert_ok()["list"][0]["status"], "pending");
}

#[tokio::test]
async fn a_product_payout_a_vip_upgrade_and_an_envelope_for_him_each_send_one_message() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.investor("2000.00").await;
    let product = app.product(fruit()).await;
    app.buy(&player, product, "1000.00").await.assert_ok();
    app.clock.advance(19 * 3_600);
    assert!(app.pay_products().await.paid >= 1);
    app.bet_points(&player, "50.00").await;
    app.approved_deposit(&player, "100.00").await;
    let mut targeted = everyone("8.00", 1, Mode::Fixed, app.now());
    targeted.target = Target::Player(player.id);
    let created = app.create_envelope(targeted).await;
    app.create_envelope(everyone("5.00", 5, Mode::Fixed, app.now())).await;

    let titles = app.message_titles(&player).await;
    let count = |title: &str| titles.iter().filter(|listed| *listed == title).count();
    assert_eq!(count("Product payout"), 1, "{titles:?}");
    assert_eq!(count("VIP upgrade"), 1, "{titles:?}");
    assert_eq!(count("A red envelope for you"), 1, "one, for the targeted envelope only");
    let english = app.notices(&player, "en").await;
    let envelope = english.iter().find(|notice| notice["title"] == "A red envelope for you");
    let body = envelope.expect("the envelope message")["body"].as_str().expect("a body");
    assert!(body.contains(&created.code) && body.contains("8.00"), "{body}");
    let upgrade = english.iter().find(|notice| notice["title"] == "VIP upgrade").expect("upgrade");
    assert!(upgrade["body"].as_str().expect("a body").contains("VIP1"));
    let other = app.player().await;
    assert_eq!(app.message_titles(&other).await, Vec::<String>::new());
    assert_ledger_verifies(&app).await;
}
