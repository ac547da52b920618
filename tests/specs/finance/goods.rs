//! Goods investment through the API: the list and detail (api/goods/index, detail), the
//! schedule preview, purchases with every refusal (api/goods/buy), the player's orders.

use crate::support::goods::{GoodsApp, fruit};
use crate::support::helpers::{Player, START, TestApp, send_to};
use crate::support::wallet_support::{
    FUND_PASSWORD, WalletApp, assert_ledger_verifies, post_request,
};
use fairhall::finance::goods::catalog::{self};
use fairhall::finance::goods::types::ProductSpec;
use serde_json::{Value, json};

#[tokio::test]
async fn a_purchase_moves_the_principal_to_invest_and_fixes_the_schedule_it_was_shown() {
    let app = TestApp::spawn().await;
    let id = app.product(fruit()).await;
    let player = app.investor("1000.00").await;

    let preview = app.get_as(&player, "/api/goods/schedule", &format!("id={id}&amount=500")).await;
    let bought = app.buy(&player, id, "500.00").await;

    let receipt = bought.assert_ok();
    assert_eq!(receipt["balance"], "500.00");
    let balances = app.balances_of(&player).await;
    assert_eq!(
        (balances.wallet.to_string(), balances.invest.to_string()),
        ("500.00".into(), "500.00".into())
    );
    let order_id = receipt["order_id"].as_i64().expect("an order id");
    let order = app.get_as(&player, "/api/goods/order", &format!("id={order_id}")).await;
    let schedule = order.assert_ok()["schedule"].as_array().expect("a schedule").clone();
    let shown = preview.assert_ok()["instalments"].as_array().expect("instalments").clone();
    assert_eq!(schedule.len(), 3);
    for (stored, previewed) in schedule.iter().zip(&shown) {
        for field in ["number", "due_at", "interest", "principal", "amount"] {
            assert_eq!(stored[field], previewed[field], "{field}");
        }
        assert_eq!(stored["paid_at"], Value::Null);
    }
    // 1 % a cycle on 500.00, paid at 10:00 (03:00 UTC) on each of the next three days.
    let amounts: Vec<_> = schedule.iter().map(|row| row["amount"].clone()).collect();
    assert_eq!(amounts, [json!("5.00"), json!("5.00"), json!("505.00")]);
    assert_eq!(schedule[0]["due_at"].as_i64(), Some(START.secs() + 19 * 3600));
    assert_eq!(preview.assert_ok()["total"], "515.00");
    assert_eq!(order.assert_ok()["state"], "running");
    assert_eq!(order.assert_ok()["total_interest"], "15.00");
    let records = app.get_as(&player, "/api/personal/accountchangerecord", "").await;
    assert_eq!(records.assert_ok()["list"][0]["kind"], "invest");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_list_shows_purchases_and_reserved_capacity_apart() {
    let app = TestApp::spawn().await;
    let id = app.product(fruit()).await;
    let player = app.investor("1000.00").await;
    app.buy(&player, id, "500.00").await.assert_ok();

    let list = app.get_as(&player, "/api/goods/index", "").await;
    let card = &list.assert_ok()["products"][0];
    let detail = app.get_as(&player, "/api/goods/detail", &format!("id={id}")).await;

    assert_eq!(card["purchased"], "500.00");
    assert_eq!(card["reserved"], "1000.00");
    assert_eq!(card["remaining"], "8500.00");
    assert_eq!(
        (&card["purchased_percent"], &card["reserved_percent"], &card["progress_percent"]),
        (&json!("5.00"), &json!("10.00"), &json!("15.00"))
    );
    assert_eq!(
        (&card["min_purchase"], &card["max_purchase"]),
        (&json!("100.00"), &json!("2000.00"))
    );
    assert_eq!(
        (&card["rate"], &card["rate_per_cycle"], &card["total_yield"]),
        (&json!("12.00"), &json!("1.00"), &json!("3.00"))
    );
    assert_eq!(
        (&card["payouts"], &card["payout_time"], &card["state"]),
        (&json!(3), &json!("10:00"), &json!("on_sale"))
    );
    assert_eq!(card["timezone"], "Asia/Ho_Chi_Minh", "the zone of the payout time");
    assert_eq!(list.assert_ok()["categories"][0]["code"], "fruit");
    assert_eq!(detail.assert_ok()["description"], "Xoài tươi", "in the default language, vi");
    let other = app.get_as(&player, "/api/goods/index", "category=meat").await;
    assert_eq!(other.assert_ok()["products"], json!([]));
}

#[tokio::test]
async fn names_come_in_the_readers_language_or_the_default() {
    let app = TestApp::spawn().await;
    let id = app.product(fruit()).await;
    let player = app.investor("0.00").await;
    let path = format!("/api/goods/detail?id={id}");

    let mut names = Vec::new();
    for lang in ["vi", "en", "ja"] {
        let request = axum::http::Request::get(&path)
            .header("token", &player.token)
            .header("lang", lang)
            .body(axum::body::Body::empty())
            .expect("a request");
        names.push(app.send(request).await.assert_ok()["name"].clone());
    }

    // Japanese has no name: the default language (vi) stands in.
    assert_eq!(names, [json!("Xoài"), json!("Mangoes"), json!("Xoài")]);
}

/// A purchase form of `amount` of product `id` with the fixture fund password.
fn purchase_form(id: i64, amount: &str) -> Value {
    json!({ "id": id.to_string(), "amount": amount, "fund_password": FUND_PASSWORD })
}

/// Sends each (case, player, form, expected key) and checks the refusal and its message.
async fn assert_refusals(app: &TestApp, cases: Vec<(&str, &Player, Value, &str)>) {
    for (case, who, form, key) in cases {
        let reply = app.buy_with(who, form, None).await;
        assert_eq!(reply.err(), key, "{case}: {reply:?}");
        assert!(!reply.msg().is_empty(), "{case}: a message");
    }
}

#[tokio::test]
async fn a_product_off_sale_or_too_full_refuses_with_its_key_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let later =
        app.product(ProductSpec { start: Some((START.secs() + 60).to_string()), ..fruit() }).await;
    let over = app
        .product(ProductSpec {
            end: Some((START.secs() - 1).to_string()),
            start: Some((START.secs() - 99).to_string()),
            ..fruit()
        })
        .await;
    let closed = app.product(fruit()).await;
    app.db
        .write(move |tx| Ok(catalog::close(tx, closed, START)))
        .await
        .expect("writes")
        .expect("closes");
    let full = app.product(ProductSpec { total: Some("1000.00".into()), ..fruit() }).await;
    let small = app
        .product(ProductSpec {
            total: Some("1000.00".into()),
            reserved: Some("500.00".into()),
            ..fruit()
        })
        .await;
    let player = app.investor("1000.00").await;

    let cases = vec![
        ("not started", &player, purchase_form(later, "200.00"), "product_not_started"),
        ("ended", &player, purchase_form(over, "200.00"), "product_ended"),
        ("closed", &player, purchase_form(closed, "200.00"), "product_ended"),
        ("sold out", &player, purchase_form(full, "200.00"), "product_sold_out"),
        ("over the capacity", &player, purchase_form(small, "600.00"), "over_capacity"),
        ("unknown product", &player, purchase_form(999, "200.00"), "investment_failed"),
    ];
    assert_refusals(&app, cases).await;

    assert_eq!(app.balances_of(&player).await.wallet.to_string(), "1000.00");
    assert_eq!(app.order_count().await, 0);
    assert_ledger_verifies(&app).await;
    let reply = app.buy(&player, small, "500.00").await;
    assert_eq!(reply.assert_ok()["balance"], "500.00", "what fits can still be bought");
}

#[tokio::test]
async fn a_wrong_amount_or_fund_password_refuses_with_its_key_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let on_sale = app.product(ProductSpec { min_units: Some(2), ..fruit() }).await;
    let player = app.investor("1000.00").await;
    let without_password = app.player().await;
    app.credit(&without_password, "1000.00").await;
    let id = on_sale.to_string();

    let cases = vec![
        ("below the minimum", &player, purchase_form(on_sale, "100.00"), "below_minimum"),
        ("above the maximum", &player, purchase_form(on_sale, "2100.00"), "limit_exceeded"),
        ("not whole units", &player, purchase_form(on_sale, "250.00"), "not_whole_units"),
        (
            "more than the wallet",
            &player,
            purchase_form(on_sale, "1100.00"),
            "insufficient_balance",
        ),
        ("bad amount", &player, purchase_form(on_sale, "2.001"), "invalid_amount"),
        (
            "no amount",
            &player,
            json!({ "id": id, "fund_password": FUND_PASSWORD }),
            "missing_params",
        ),
        ("bad id", &player, purchase_form(0, "200.00"), "bad_params"),
        (
            "wrong fund password",
            &player,
            json!({ "id": id, "amount": "200.00", "fund_password": "135790" }),
            "fund_password_wrong",
        ),
        ("no fund password", &player, json!({ "id": id, "amount": "200.00" }), "missing_params"),
        (
            "fund password never set",
            &without_password,
            purchase_form(on_sale, "200.00"),
            "fund_password_required",
        ),
    ];
    assert_refusals(&app, cases).await;

    assert_eq!(app.balances_of(&player).await.wallet.to_string(), "1000.00");
    assert_eq!(app.order_count().await, 0);
    assert_ledger_verifies(&app).await;
    let reply = app.buy(&player, on_sale, "200.00").await;
    assert_eq!(reply.assert_ok()["balance"], "800.00", "the same player can still buy");
}

#[tokio::test]
async fn the_preview_refuses_what_the_purchase_would_for_its_size() {
    let app = TestApp::spawn().await;
    let id = app.product(ProductSpec { min_units: Some(2), ..fruit() }).await;
    let player = app.investor("0.00").await;

    let mut keys = Vec::new();
    for amount in ["100", "2100", "250", "abc"] {
        let reply =
            app.get_as(&player, "/api/goods/schedule", &format!("id={id}&amount={amount}")).await;
        keys.push(reply.err().to_string());
    }

    assert_eq!(keys, ["below_minimum", "limit_exceeded", "not_whole_units", "invalid_amount"]);
}

#[tokio::test]
async fn a_replayed_purchase_answers_the_first_reply_and_buys_once() {
    let app = TestApp::spawn().await;
    let id = app.product(fruit()).await;
    let player = app.investor("1000.00").await;
    let form = json!({ "id": id.to_string(), "amount": "300.00", "fund_password": FUND_PASSWORD });

    let first = app.buy_with(&player, form.clone(), Some("buy-1")).await;
    let again = app.buy_with(&player, form, Some("buy-1")).await;

    assert_eq!(first.assert_ok(), again.assert_ok());
    assert_eq!(app.order_count().await, 1);
    assert_eq!(app.balances_of(&player).await.wallet.to_string(), "700.00");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_purchases_beyond_the_capacity_sell_exactly_what_fits() {
    let app = TestApp::spawn().await;
    let id = app
        .product(ProductSpec {
            total: Some("1000.00".into()),
            reserved: Some("0".into()),
            ..fruit()
        })
        .await;
    let mut players = Vec::new();
    for _ in 0..4 {
        players.push(app.investor("300.00").await);
    }
    for _ in 0..4 {
        players.push(app.investor("100.00").await);
    }

    let mut purchases = tokio::task::JoinSet::new();
    for (index, player) in players.iter().enumerate() {
        let amount = if index < 4 { 300 } else { 100 };
        let form = json!({ "id": id.to_string(), "amount": format!("{amount}.00"),
            "fund_password": FUND_PASSWORD });
        let request = post_request("/api/goods/buy", player, &form, None);
        let router = app.router.clone();
        purchases.spawn(async move { (amount, send_to(router, request).await) });
    }
    let replies = purchases.join_all().await;

    let mut sold = 0;
    for (amount, reply) in &replies {
        if reply.code() == 1 {
            sold += amount;
        } else {
            assert!(["over_capacity", "product_sold_out"].contains(&reply.err()), "{reply:?}");
        }
    }
    // 1,000.00 of room for 1,600.00 asked: whatever the order, the purchases that fit at their
    // turn succeed and they fill the product exactly (every refusal wanted more than was left).
    let card = app.get_as(&players[0], "/api/goods/detail", &format!("id={id}")).await;
    assert_eq!(card.assert_ok()["purchased"], format!("{sold}.00"));
    assert_eq!(sold, 1000, "the 100.00 purchases fill what the 300.00 ones leave");
    assert_eq!(card.assert_ok()["state"], "sold_out");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_player_sees_only_their_own_orders() {
    let app = TestApp::spawn().await;
    let id = app.product(fruit()).await;
    let (buyer, other) = (app.investor("1000.00").await, app.investor("0.00").await);
    let order_id = app.buy(&buyer, id, "200.00").await.assert_ok()["order_id"].clone();

    let mine = app.get_as(&buyer, "/api/goods/orders", "").await;
    let theirs = app.get_as(&other, "/api/goods/orders", "").await;
    let peek = app.get_as(&other, "/api/goods/order", &format!("id={order_id}")).await;

    assert_eq!(mine.assert_ok()["total"], 1);
    assert_eq!(mine.assert_ok()["list"][0]["product_name"], "Xoài");
    assert_eq!(mine.assert_ok()["list"][0]["instalments_paid"], 0);
    assert_eq!(theirs.assert_ok()["total"], 0);
    assert_eq!(peek.err(), "bad_params");
}

#[tokio::test]
async fn the_list_puts_products_on_sale_first_and_drops_those_ended_a_month_ago() {
    let app = TestApp::spawn().await;
    let window = |start_days: i64, end_days: i64| ProductSpec {
        start: Some((START.secs() + start_days * 86_400).to_string()),
        end: Some((START.secs() + end_days * 86_400).to_string()),
        ..fruit()
    };
    let long_ended = app.product(window(-40, -31)).await;
    let just_ended = app.product(window(-5, -1)).await;
    let upcoming = app.product(window(2, 9)).await;
    let on_sale = app.product(window(-1, 9)).await;
    let player = app.investor("0.00").await;

    let list = app.get_as(&player, "/api/goods/index", "").await;
    let listed: Vec<_> = list.assert_ok()["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|card| (card["id"].as_i64().expect("an id"), card["state"].clone()))
        .collect();

    assert_eq!(
        listed,
        [
            (on_sale, json!("on_sale")),
            (upcoming, json!("not_started")),
            (just_ended, json!("ended"))
        ]
    );
    let hidden = app.get_as(&player, "/api/goods/detail", &format!("id={long_ended}")).await;
    assert_eq!(hidden.assert_ok()["state"], "ended", "still readable from an old order");
}
