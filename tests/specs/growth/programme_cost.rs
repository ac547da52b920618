//! `fairhall admin programme cost`: what each reward programme paid players, per operator day,
//! equal to the ledger's credits (the CLI on the data directory a `TestApp` wrote).

use crate::support::binary::{fail, new_hall, succeed};
use crate::support::helpers::{START, TestApp};
use crate::support::wallet_support::money;
use fairhall::clock::Timestamp;
use fairhall::ids::UserId;
use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use serde_json::{Value, json};

/// START is 15:00 in the default zone (UTC+7): the day is 2026-11-22, its local midnight
/// 17 h later.
const TO_MIDNIGHT: i64 = 9 * 3600;

/// A reward of `kind` from `bonus` to the player's wallet at `at`.
struct Reward<'a> {
    kind: EntryKind,
    reference: &'a str,
    amount: &'a str,
    at: Timestamp,
}

async fn pay(app: &TestApp, user_id: UserId, reward: Reward<'_>) {
    let entry = Entry::new(
        reward.kind,
        AccountRef::System(SystemAccount::Bonus),
        AccountRef::User(user_id, UserAccountKind::Wallet),
        money(reward.amount),
        reward.at,
    )
    .reference(reward.reference.to_string());
    app.db.write(move |tx| ledger::transfer(tx, entry)).await.expect("the entry is posted");
}

/// Rewards of two players on two operator days, and a deposit that is no programme's.
async fn seed(app: &TestApp) {
    let (first, second) = (app.created_player().await, app.created_player().await);
    let rewards = [
        (&first, EntryKind::Signin, "signin:1", "1.00", START),
        (&second, EntryKind::Signin, "signin:2", "2.00", START + 60),
        (&first, EntryKind::Bonus, "first_deposit:7", "10.00", START + 120),
        (&first, EntryKind::Commission, "commission:3", "0.35", START + TO_MIDNIGHT - 1),
        // One second past the operator's midnight: the next day.
        (&second, EntryKind::Rebate, "rebate:4", "0.50", START + TO_MIDNIGHT),
        (&second, EntryKind::Bonus, "cashback:8", "3.00", START + TO_MIDNIGHT + 5),
    ];
    for (player, kind, reference, amount, at) in rewards {
        pay(app, player.id, Reward { kind, reference, amount, at }).await;
    }
    let deposit = Entry::new(
        EntryKind::Deposit,
        AccountRef::System(SystemAccount::External),
        AccountRef::User(first.id, UserAccountKind::Wallet),
        money("500.00"),
        START,
    );
    app.db.write(move |tx| ledger::transfer(tx, deposit)).await.expect("the deposit is posted");
}

#[tokio::test]
async fn the_cost_is_per_programme_and_operator_day_from_the_ledger() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), |_| {});
    seed(&app).await;
    drop(app);

    let out = succeed(
        dir.path(),
        &["admin", "programme", "cost", "--from", "2026-11-21", "--to", "2026-11-23", "--json"],
    );
    let report: Value = serde_json::from_str(&out).expect("json");
    let cost = |programme: &str, entries: i64, amount: &str| json!({"programme": programme, "entries": entries, "amount": amount});
    let mut days = report["days"].clone();
    let budgets: Vec<Value> = days
        .as_array_mut()
        .expect("days")
        .iter_mut()
        .map(|day| day.as_object_mut().and_then(|day| day.remove("budget")).expect("a budget"))
        .collect();
    // Entries posted beside the payer count in no budget; the default caps are listed.
    assert_eq!(
        budgets[1][0],
        json!({"programme": "rebate", "paid": "0.00", "capped": "0.00",
               "daily_cap": "50000.00", "per_player_cap": "1000.00"})
    );
    assert_eq!(
        days,
        json!([
            {"date": "2026-11-21", "programmes": [], "total": "0.00"},
            {"date": "2026-11-22", "programmes": [
                cost("commission", 1, "0.35"),
                cost("first_deposit", 1, "10.00"),
                cost("signin", 2, "3.00"),
            ], "total": "13.35"},
            {"date": "2026-11-23", "programmes": [
                cost("cashback", 1, "3.00"),
                cost("rebate", 1, "0.50"),
            ], "total": "3.50"},
        ])
    );
    assert_eq!(report["total"], "16.85");
    assert_eq!(report["totals"][4], cost("signin", 2, "3.00"));

    let table = succeed(
        dir.path(),
        &["admin", "programme", "cost", "--from", "2026-11-22", "--to", "2026-11-22"],
    );
    let rows: Vec<String> =
        table.lines().map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    assert!(rows.iter().any(|row| row == "2026-11-22 signin 2 3.00"), "{table}");
    assert!(rows.iter().any(|row| row == "total all - 13.35"), "{table}");
    assert!(rows.iter().any(|row| row == "2026-11-22 salary 0.00 0.00 100000.00 -"), "{table}");
}

#[test]
fn a_reversed_or_too_long_range_is_refused() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let reversed = fail(
        dir.path(),
        &["admin", "programme", "cost", "--from", "2026-11-22", "--to", "2026-11-21"],
    );
    assert!(reversed.stderr.contains("--to is before --from"), "{reversed:?}");
    let long = fail(
        dir.path(),
        &["admin", "programme", "cost", "--from", "2025-01-01", "--to", "2026-11-21"],
    );
    assert!(long.stderr.contains("at most 366 days"), "{long:?}");
    let bad = fail(
        dir.path(),
        &["admin", "programme", "cost", "--from", "22.11.2026", "--to", "2026-11-21"],
    );
    assert!(bad.stderr.contains("--from"), "{bad:?}");
}
