//! Operator adjustments (`fairhall::wallet::adjust`): a credit or debit of the wallet with a
//! reason, recorded as an `adjust` entry against the external account.

use crate::support::helpers::TestApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use fairhall::ids::UserId;
use fairhall::wallet::Adjustment;
use serde_json::json;

fn adjustment(user_id: UserId, credit: bool, amount: &str, reason: &str) -> Adjustment {
    Adjustment {
        user_id,
        credit,
        amount: money(amount),
        reason: reason.into(),
        admin: "carol".into(),
    }
}

#[tokio::test]
async fn the_operator_credits_and_debits_a_wallet_with_a_reason() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let credited = app.adjust_wallet(adjustment(player.id, true, "50.00", "Promotion")).await;
    let debited = app.adjust_wallet(adjustment(player.id, false, "10.25", "Chargeback")).await;

    assert_eq!(credited.expect("credited").wallet, money("50.00"));
    assert_eq!(debited.expect("debited").wallet, money("39.75"));
    assert_eq!(app.personal_index(&player.token).await.assert_ok()["balance"], "39.75");
    assert_eq!(app.system_balance("external").await, -3975);
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=adjust").await;
    let list = &changes.assert_ok()["list"];
    assert_eq!((&list[0]["amount"], &list[0]["memo"]), (&json!("-10.25"), &json!("Chargeback")));
    assert_eq!((&list[1]["amount"], &list[1]["memo"]), (&json!("50.00"), &json!("Promotion")));
    assert_eq!(
        (&list[0]["reference"], &list[0]["balance_after"]),
        (&json!("operator"), &json!("39.75"))
    );
    assert_eq!(
        app.personal_index(&player.token).await.assert_ok()["total_deposit"],
        "0.00",
        "adjustments are no deposits"
    );
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn invalid_adjustments_are_refused_and_change_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "20.00").await;
    let postings = app.ledger_report().await.postings;
    let cases = [
        ("a debit beyond the balance", (false, "20.01", "fix"), "insufficient_balance"),
        ("an empty reason", (true, "1.00", ""), "missing_params"),
        ("a blank reason", (false, "1.00", "   "), "missing_params"),
        ("a zero credit", (true, "0", "fix"), "invalid_amount"),
        ("a zero debit", (false, "0.00", "fix"), "invalid_amount"),
    ];

    for (description, (credit, amount, reason), key) in cases {
        let error = app
            .adjust_wallet(adjustment(player.id, credit, amount, reason))
            .await
            .expect_err(description);
        assert_eq!(error.key(), key, "{description}");
    }

    assert_eq!(app.balances_of(&player).await.wallet, money("20.00"));
    assert_eq!(app.ledger_report().await.postings, postings);
    let whole = app.adjust_wallet(adjustment(player.id, false, "20.00", "closing")).await;
    assert_eq!(whole.expect("the whole balance").wallet, money("0.00"));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn an_adjustment_of_an_unknown_player_fails_without_a_trace() {
    let app = TestApp::spawn().await;

    let error = app
        .adjust_wallet(adjustment(UserId::parse("9999").expect("an id"), true, "1.00", "typo"))
        .await;

    assert!(error.is_err());
    assert_eq!(app.ledger_report().await.entries, 0);
    assert_ledger_verifies(&app).await;
}
