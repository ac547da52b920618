//! The deposit programmes paid in the approval's transaction: the first-deposit bonus (once,
//! by tier and cap), the cashback (tiers, per-deposit cap, daily cap across the operator's
//! midnight), the VIP deposit reward (the level before the deposit), each granted into the
//! `bonus_pending` reserve without turnover, and nothing for a rejected deposit; the ledger
//! verifies after each.

use crate::support::helpers::{Player, TestApp};
use crate::support::vip_support::{VipApp, with_programmes};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use fairhall::config::Config;
use serde_json::json;

/// The rewards the player got, in ledger order: (reference, amount). A deposit bonus is a
/// grant into the `bonus_pending` reserve (released to his wallet by play); an upgrade
/// reward reaches his wallet.
async fn bonus_entries(app: &TestApp, player: &Player) -> Vec<(String, String)> {
    let user_id = player.id;
    let read = app.db.read(move |connection| {
        let mut query = connection.prepare(
            "SELECT e.reference, p.amount FROM entries e
             JOIN postings p ON p.entry_id = e.entry_id
             JOIN accounts a ON a.account_id = p.account_id
             WHERE e.kind = 'bonus' AND p.amount > 0 AND e.reference NOT LIKE 'bonus_release:%'
               AND (a.user_id = ?1 OR (a.kind = 'bonus_pending' AND EXISTS (
                    SELECT 1 FROM deposit_rewards r WHERE r.user_id = ?1
                      AND e.reference = r.programme || ':' || r.deposit_id)))
             ORDER BY e.entry_id",
        )?;
        let rows = query.query_map([user_id], |row| {
            let amount = fairhall::money::Money::from_minor(row.get(1)?).expect("an amount");
            Ok((row.get(0)?, amount.to_string()))
        })?;
        Ok(rows.collect::<Result<Vec<(String, String)>, _>>()?)
    });
    read.await.expect("the ledger is readable")
}

fn entry(reference: String, amount: &str) -> (String, String) {
    (reference, amount.to_string())
}

#[tokio::test]
async fn the_first_deposit_bonus_is_paid_once_by_its_tier() {
    let app = TestApp::spawn_with(|config| {
        with_programmes(config);
        config.growth.cashback.tiers.clear();
    })
    .await;
    let player = app.player().await;
    let page = app.get_as(&player, "/api/bonus/first-deposit", "").await;
    assert_eq!(
        (&page.assert_ok()["eligible"], &page.assert_ok()["bonus"]),
        (&json!(true), &json!(null))
    );
    assert_eq!(
        page.assert_ok()["tiers"][1],
        json!({ "min_amount": "500.00", "rate_bp": 1500, "cap": "150.00" })
    );

    let first = app.approved_deposit(&player, "250.00").await;
    let second = app.approved_deposit(&player, "2000.00").await;

    assert_eq!(
        bonus_entries(&app, &player).await,
        [entry(format!("first_deposit:{first}"), "25.00")],
        "10 % of the first deposit only"
    );
    let page = app.get_as(&player, "/api/bonus/first-deposit", "").await;
    assert_eq!(page.assert_ok()["eligible"], false);
    assert_eq!(page.assert_ok()["bonus"]["deposit_id"], first);
    assert_eq!(page.assert_ok()["bonus"]["amount"], "25.00");
    assert_ne!(first, second);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn each_tier_caps_its_first_deposit_bonus() {
    let app = TestApp::spawn_with(|config| {
        with_programmes(config);
        config.growth.cashback.tiers.clear();
    })
    .await;
    for (amount, bonus) in [
        ("99.99", None),
        ("100.00", Some("10.00")),
        ("300.00", Some("30.00")),
        ("400.00", Some("30.00")),
        ("1000.00", Some("150.00")),
        ("1999.99", Some("150.00")),
        ("2000.00", Some("400.00")),
        ("10000.00", Some("2500.00")),
        ("30000.00", Some("5000.00")),
    ] {
        let player = app.player().await;
        let id = app.approved_deposit(&player, amount).await;
        let expected: Vec<_> =
            bonus.map(|bonus| entry(format!("first_deposit:{id}"), bonus)).into_iter().collect();
        assert_eq!(bonus_entries(&app, &player).await, expected, "a first deposit of {amount}");
    }
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_first_deposit_below_every_tier_ends_the_eligibility() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.player().await;

    app.approved_deposit(&player, "50.00").await;
    app.approved_deposit(&player, "500.00").await;

    let page = app.get_as(&player, "/api/bonus/first-deposit", "").await;
    assert_eq!(
        (&page.assert_ok()["eligible"], &page.assert_ok()["bonus"]),
        (&json!(false), &json!(null))
    );
    let references: Vec<String> =
        bonus_entries(&app, &player).await.into_iter().map(|(reference, _)| reference).collect();
    assert!(references.iter().all(|reference| !reference.starts_with("first_deposit")));
    assert_ledger_verifies(&app).await;
}

fn cashback_only(config: &mut Config) {
    with_programmes(config);
    config.growth.first_deposit.tiers.clear();
}

#[tokio::test]
async fn cashback_follows_its_tiers_and_caps_each_deposit() {
    let app = TestApp::spawn_with(|config| {
        cashback_only(config);
        config.growth.cashback.daily_cap = money("100000.00");
    })
    .await;
    let player = app.player().await;
    let mut expected = Vec::new();
    for (amount, cashback) in [
        ("99.99", None),
        ("100.00", Some("1.00")),
        ("999.99", Some("9.99")),
        ("1000.00", Some("20.00")),
        ("9999.99", Some("100.00")),
        ("10000.00", Some("300.00")),
        ("20000.00", Some("500.00")),
    ] {
        let id = app.approved_deposit(&player, amount).await;
        expected.extend(cashback.map(|cashback| entry(format!("cashback:{id}"), cashback)));
    }

    let cashback: Vec<_> = bonus_entries(&app, &player)
        .await
        .into_iter()
        .filter(|(reference, _)| reference.starts_with("cashback:"))
        .collect();
    assert_eq!(cashback, expected);
    let records = app.get_as(&player, "/api/bonus/cashback-records", "limit=2").await;
    assert_eq!(records.assert_ok()["total"], 6);
    assert_eq!(records.assert_ok()["list"][0]["amount"], "500.00", "newest first");
    assert_eq!(records.assert_ok()["list"][0]["deposit_amount"], "20000.00");
    assert_eq!(records.assert_ok()["list"][0]["rate_bp"], 300);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_daily_cashback_cap_resets_at_the_operators_midnight() {
    let app = TestApp::spawn_with(|config| {
        cashback_only(config);
        config.growth.cashback.daily_cap = money("30.00");
    })
    .await;
    let player = app.player().await;
    let rules = app.get_as(&player, "/api/bonus/cashback", "").await;
    assert_eq!(
        (&rules.assert_ok()["daily_cap"], &rules.assert_ok()["paid_today"]),
        (&json!("30.00"), &json!("0.00"))
    );

    app.approved_deposit(&player, "999.99").await; // 9.99
    app.approved_deposit(&player, "1000.00").await; // 20.00: 29.99 today
    // 15:00 in Asia/Ho_Chi_Minh: one second before midnight the cap still holds.
    app.clock.advance(9 * 3600 - 1);
    let capped = app.approved_deposit(&player, "1000.00").await;
    let nothing = app.approved_deposit(&player, "1000.00").await;
    let rules = app.get_as(&player, "/api/bonus/cashback", "").await;
    assert_eq!(rules.assert_ok()["paid_today"], "30.00");
    app.clock.advance(1);
    let next_day = app.approved_deposit(&player, "1000.00").await;

    let cashback = bonus_entries(&app, &player).await;
    assert_eq!(cashback[2], entry(format!("cashback:{capped}"), "0.01"));
    assert!(!cashback.iter().any(|(reference, _)| *reference == format!("cashback:{nothing}")));
    assert_eq!(cashback[3], entry(format!("cashback:{next_day}"), "20.00"));
    let rules = app.get_as(&player, "/api/bonus/cashback", "").await;
    assert_eq!(rules.assert_ok()["paid_today"], "20.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_vip_deposit_reward_uses_the_level_held_before_the_deposit() {
    let app = TestApp::spawn_with(|config| {
        with_programmes(config);
        config.growth.first_deposit.tiers.clear();
        config.growth.cashback.tiers.clear();
    })
    .await;
    let player = app.player().await;
    app.bet_points(&player, "200.00").await;

    let lifting = app.approved_deposit(&player, "100.00").await;
    assert_eq!(app.vip_level_of(&player).await, 1);
    let at_vip1 = app.approved_deposit(&player, "200.00").await;
    assert_eq!(app.vip_level_of(&player).await, 2);
    let at_vip2 = app.approved_deposit(&player, "50.00").await;

    let entries = bonus_entries(&app, &player).await;
    let user = player.id;
    assert_eq!(
        entries,
        [
            entry(format!("vip_upgrade:{user}:1"), "5.00"),
            entry(format!("vip_deposit:{at_vip1}"), "2.00"),
            entry(format!("vip_upgrade:{user}:2"), "10.00"),
            entry(format!("vip_deposit:{at_vip2}"), "1.00"),
        ],
        "the deposit that lifts to VIP1 gets VIP0's 0 %"
    );
    assert!(!entries.iter().any(|(reference, _)| *reference == format!("vip_deposit:{lifting}")));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_deposit_bonus_waits_in_the_reserve_and_adds_no_turnover() {
    let app = TestApp::spawn_with(|config| {
        with_programmes(config);
        config.wallet.turnover_percent = 100;
        config.growth.bonus_turnover_percent = 300;
    })
    .await;
    let player = app.player().await;

    app.approved_deposit(&player, "1000.00").await;

    // A 150.00 first-deposit bonus and 20.00 cashback, granted into the reserve: the wallet
    // and the turnover have the deposit only; play releases the bonuses (bonus_release.rs).
    assert_eq!(app.turnover_of(&player).await, money("1000.00"));
    assert_eq!(app.balances_of(&player).await.wallet, money("1000.00"));
    assert_eq!(app.system_balance("bonus_pending").await, 17_000);
    let pending = app.get_as(&player, "/api/bonus/pending", "").await;
    assert_eq!(pending.assert_ok()["pending"], "170.00");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_rejected_deposit_pays_nothing() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.player().await;
    app.bet_points(&player, "50.00").await;
    let id = app.requested_deposit(&player, "1000.00").await;
    let bonus_before = app.system_balance("bonus").await;

    app.review_deposit(id, Some("blurry")).await.expect("rejected");

    assert_eq!(app.system_balance("bonus").await, bonus_before);
    assert_eq!(app.vip_level_of(&player).await, 0);
    assert!(bonus_entries(&app, &player).await.is_empty());
    let page = app.get_as(&player, "/api/bonus/first-deposit", "").await;
    assert_eq!(page.assert_ok()["eligible"], true, "a rejected deposit is not the first");
    let records = app.get_as(&player, "/api/bonus/cashback-records", "").await;
    assert_eq!(records.assert_ok()["total"], 0);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_bonus_pages_need_a_session() {
    let app = TestApp::spawn().await;
    for path in ["/api/bonus/first-deposit", "/api/bonus/cashback", "/api/bonus/cashback-records"] {
        app.get(path, None).await.assert_login_required();
    }
}
