//! The withdrawal page's terms (GET api/personal/withdraw): the figures a request is checked
//! against, shown before it: today's count left (reset at the operator's midnight), the VIP
//! level's cap, the fee of an amount, the card paid to, and the pending withdrawals with their
//! time in the queue.

use crate::support::helpers::{Player, TestApp};
use crate::support::vip_support::{VipApp, with_programmes};
use crate::support::wallet_support::{
    CARD_LAST4, WalletApp, assert_ledger_verifies, card_number_of, money, withdrawal_form,
};
use fairhall::wallet::withdrawals::Decision;
use serde_json::{Value, json};

async fn terms(app: &TestApp, player: &Player, query: &str) -> Value {
    app.get_as(player, "/api/personal/withdraw", query).await.assert_ok().clone()
}

#[tokio::test]
async fn todays_count_left_falls_with_each_request_and_resets_the_next_day() {
    let app =
        TestApp::spawn_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 2).await;
    let (player, card) = app.withdrawer("100.00").await;
    assert_eq!(terms(&app, &player, "").await["left_today"], 2);

    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    let after_one = terms(&app, &player, "").await;
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    let after_two = terms(&app, &player, "").await;
    let refused = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;
    // The clock starts at 15:00 operator time: 9 hours later is the next day.
    app.clock.advance(9 * 3600);
    let next_day = terms(&app, &player, "").await;

    assert_eq!((&after_one["used_today"], &after_one["left_today"]), (&json!(1), &json!(1)));
    assert_eq!((&after_two["used_today"], &after_two["left_today"]), (&json!(2), &json!(0)));
    assert_eq!(refused.err(), "withdraw_count_exceeded", "the page said none was left");
    assert_eq!((&next_day["used_today"], &next_day["left_today"]), (&json!(0), &json!(2)));
    app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await.assert_ok();
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_cap_and_count_shown_are_the_players_vip_levels() {
    let app = TestApp::spawn_with(with_programmes).await;
    let (player, card) = app.withdrawer("1000.00").await;
    let before = terms(&app, &player, "").await;
    let refused = app.do_withdraw(&player, withdrawal_form(card, "500.01"), None).await;
    app.bet_points(&player, "100.00").await;
    app.run_vip_job().await;
    // The level-up reward adds turnover; this test is about the cap.
    app.play_turnover(&player, "1000000.00").await;

    let after = terms(&app, &player, "").await;
    let accepted = app.do_withdraw(&player, withdrawal_form(card, "500.01"), None).await;

    assert_eq!((&before["vip_level"], &before["single_max"]), (&json!(0), &json!("500.00")));
    assert_eq!((&before["daily_count"], &before["left_today"]), (&json!(2), &json!(2)));
    assert_eq!(refused.err(), "limit_exceeded", "over the cap the page showed");
    let level = after["vip_level"].as_i64().expect("a level");
    assert!(level >= 2, "{after}");
    let row = crate::support::vip_support::LEVELS[usize::try_from(level).expect("a level")];
    assert_eq!((&after["single_max"], &after["daily_count"]), (&json!(row.3), &json!(row.4)));
    accepted.assert_ok();
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_fee_quoted_for_an_amount_is_the_fee_the_request_holds() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.withdraw_fee_bp = 150;
        config.wallet.withdraw_small_below = money("50.00");
        config.wallet.withdraw_small_fee = money("2.00");
    })
    .await;
    let (player, card) = app.withdrawer("300.00").await;

    let rate = terms(&app, &player, "amount=100.01").await;
    let small = terms(&app, &player, "amount=49.99").await;
    let bad = app.get_as(&player, "/api/personal/withdraw", "amount=1e3").await;
    let none = terms(&app, &player, "").await;
    let record = app.do_withdraw(&player, withdrawal_form(card, "100.01"), None).await;

    assert_eq!(
        rate["quote"],
        json!({ "amount": "100.01", "fee": "1.51", "total": "101.52" }),
        "1.5 % rounded up to the cent"
    );
    assert_eq!(small["quote"], json!({ "amount": "49.99", "fee": "2.00", "total": "51.99" }));
    assert_eq!(bad.err(), "invalid_amount");
    assert_eq!(none["quote"], Value::Null);
    assert_eq!(record.assert_ok()["fee"], rate["quote"]["fee"]);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn pending_withdrawals_show_their_time_in_the_queue() {
    let app = TestApp::spawn().await;
    let (player, card) = app.withdrawer("100.00").await;
    let first = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;
    let first = first.assert_ok()["id"].clone();
    app.clock.advance(600);
    let second = app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await;
    let second = second.assert_ok()["id"].clone();
    app.clock.advance(2 * 3600);

    let waiting = terms(&app, &player, "").await;
    app.review_withdrawal(first.as_i64().expect("an id"), Decision::Pass, "").await.expect("paid");
    let after_review = terms(&app, &player, "").await;

    assert_eq!(waiting["now"], json!(app.now().secs()));
    let pending = waiting["pending"].as_array().expect("a list");
    let shown: Vec<(&Value, &Value, &Value)> =
        pending.iter().map(|item| (&item["id"], &item["status"], &item["waiting_secs"])).collect();
    let status = json!("pending");
    assert_eq!(shown, [(&first, &status, &json!(7800)), (&second, &status, &json!(7200))]);
    assert_eq!(pending[0]["amount"], "10.00");
    let left: Vec<&Value> = after_review["pending"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|item| &item["id"])
        .collect();
    assert_eq!(left, [&second], "a reviewed withdrawal leaves the queue");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_page_shows_the_card_it_pays_to_with_its_number_masked() {
    let app = TestApp::spawn().await;
    let unlinked = app.player().await;
    let (player, card) = app.withdrawer("100.00").await;

    let before = terms(&app, &unlinked, "").await;
    let shown = terms(&app, &player, "").await;

    assert_eq!(before["bank_card"], Value::Null, "no card linked yet");
    let bank_card = &shown["bank_card"];
    assert_eq!(bank_card["id"], json!(card));
    assert_eq!(
        (&bank_card["bank_id"], &bank_card["bank_name"], &bank_card["holder"]),
        (&json!("VCB"), &json!("Vietcombank"), &json!("Nguyen Van An"))
    );
    let masked = format!("**** **** **** {CARD_LAST4}");
    assert_eq!(bank_card["card_no"], json!(masked));
    for field in ["ifsc", "bank_address", "phone", "remark", "created_at"] {
        assert!(bank_card.get(field).is_some(), "{field} in {bank_card}");
    }
    let full_number = card_number_of(player.id);
    assert!(!shown.to_string().contains(&full_number), "the whole number never leaves the vault");
    assert_eq!(
        shown["bank_card"],
        app.get_as(&player, "/api/personal/bankcard", "").await.assert_ok().clone()
    );
}
