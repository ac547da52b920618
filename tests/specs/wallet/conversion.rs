//! Conversion between the wallet balance and the game balance (api/personal/conversion).

use crate::support::helpers::TestApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use serde_json::json;

#[tokio::test]
async fn conversion_moves_exactly_the_amount_both_ways() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "100.00").await;

    let to_game = app.conversion(&player, json!({ "from": "balance", "amount": "30.25" }), None);
    let to_game = to_game.await;
    let back = app.conversion(&player, json!({ "from": "game", "amount": "10.05" }), None).await;

    assert_eq!(to_game.assert_ok(), &json!({ "balance": "69.75", "game_balance": "30.25" }));
    assert_eq!(back.assert_ok(), &json!({ "balance": "79.80", "game_balance": "20.20" }));
    let profile = app.personal_index(&player.token).await;
    assert_eq!(
        (&profile.assert_ok()["balance"], &profile.assert_ok()["game_balance"]),
        (&json!("79.80"), &json!("20.20"))
    );
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.game), (money("79.80"), money("20.20")));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_whole_balance_converts_and_numbers_and_forms_are_accepted() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "10.00").await;

    let whole = app.conversion(&player, json!({ "from": "balance", "amount": "10" }), None).await;
    let number = app.conversion(&player, json!({ "from": "game", "amount": 2.5 }), None).await;
    let form = app
        .post_raw(
            "/api/personal/conversion",
            Some("application/x-www-form-urlencoded"),
            b"from=game&amount=0.01".to_vec(),
            &[("token", &player.token)],
        )
        .await;

    assert_eq!(whole.assert_ok(), &json!({ "balance": "0.00", "game_balance": "10.00" }));
    assert_eq!(number.assert_ok(), &json!({ "balance": "2.50", "game_balance": "7.50" }));
    assert_eq!(form.assert_ok(), &json!({ "balance": "2.51", "game_balance": "7.49" }));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn conversion_is_refused_when_the_wallet_is_short() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "10.00").await;
    let postings = app.ledger_report().await.postings;

    let short = app.conversion(&player, json!({ "from": "balance", "amount": "10.01" }), None);
    let short = short.await;
    let empty_game = app.conversion(&player, json!({ "from": "game", "amount": "0.01" }), None);
    let empty_game = empty_game.await;

    assert_eq!(short.err(), "insufficient_balance");
    assert_eq!(empty_game.err(), "insufficient_balance");
    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.game), (money("10.00"), money("0.00")));
    assert_eq!(app.ledger_report().await.postings, postings, "nothing was posted");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_conversions_are_refused_and_move_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "5000.00").await;
    let postings = app.ledger_report().await.postings;
    let cases = [
        ("zero", json!({ "from": "balance", "amount": "0" }), "invalid_amount"),
        ("zero with decimals", json!({ "from": "balance", "amount": "0.00" }), "invalid_amount"),
        ("negative", json!({ "from": "balance", "amount": "-5" }), "invalid_amount"),
        ("negative number", json!({ "from": "game", "amount": -5 }), "invalid_amount"),
        ("three decimals", json!({ "from": "balance", "amount": "1.001" }), "invalid_amount"),
        (
            "three decimals as a number",
            json!({ "from": "balance", "amount": 1.001 }),
            "invalid_amount",
        ),
        ("an exponent", json!({ "from": "balance", "amount": "1e3" }), "invalid_amount"),
        ("a leading zero", json!({ "from": "balance", "amount": "012" }), "invalid_amount"),
        ("a trailing dot", json!({ "from": "balance", "amount": "12." }), "invalid_amount"),
        ("a leading dot", json!({ "from": "balance", "amount": ".5" }), "invalid_amount"),
        ("a comma", json!({ "from": "balance", "amount": "1,5" }), "invalid_amount"),
        ("a space", json!({ "from": "balance", "amount": " 1" }), "invalid_amount"),
        ("words", json!({ "from": "balance", "amount": "ten" }), "invalid_amount"),
        ("too large", json!({ "from": "balance", "amount": "9999999999999999" }), "invalid_amount"),
        ("an unknown direction", json!({ "from": "bank", "amount": "1" }), "bad_params"),
        ("an object direction", json!({ "from": { "a": 1 }, "amount": "1" }), "bad_params"),
        ("no direction", json!({ "amount": "1" }), "missing_params"),
        ("no amount", json!({ "from": "balance" }), "missing_params"),
        ("an empty amount", json!({ "from": "balance", "amount": "" }), "missing_params"),
        ("nothing", json!({}), "missing_params"),
    ];

    for (description, form, key) in cases {
        let reply = app.conversion(&player, form, None).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
    }

    let balances = app.balances_of(&player).await;
    assert_eq!((balances.wallet, balances.game), (money("5000.00"), money("0.00")));
    assert_eq!(app.ledger_report().await.postings, postings, "nothing was posted");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn conversion_needs_a_session() {
    let app = TestApp::spawn().await;
    let form = json!({ "from": "balance", "amount": "1.00" });

    let without = app.post_json("/api/personal/conversion", &form, &[]).await;
    let unknown =
        app.post_json("/api/personal/conversion", &form, &[("token", "not-a-session")]).await;

    without.assert_login_required();
    unknown.assert_login_required();
    assert_eq!(app.ledger_report().await.postings, 0);
    assert_ledger_verifies(&app).await;
}
