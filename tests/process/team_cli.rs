//! The operator's team, rebate and salary commands (`fairhall admin team|rebate|salary`), run
//! as the built binary on the data directory of a `TestApp` whose players bet.

use crate::support::binary::{fail, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use crate::support::team::{fund_game, invite_chain, settled_bet};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use serde_json::Value;
use std::path::Path;

fn json_of(data_dir: &Path, args: &[&str]) -> Value {
    let stdout = succeed(data_dir, args);
    serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("{args:?} printed JSON: {stdout}"))
}

/// A hall on a data directory the test owns.
async fn hall_in(data_dir: &Path) -> Hall {
    let app = TestApp::open(data_dir, |_| {});
    let scheduler = app.scheduler().with_chain_length(2_000);
    scheduler.tick(app.now()).await;
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    Hall { app, scheduler }
}

#[tokio::test]
async fn the_operator_reads_a_team_and_runs_the_rebate_batch_once() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    let chain = invite_chain(&hall.app, 3).await;
    fund_game(&hall.app, &chain[2], "500.00").await;
    settled_bet(&hall, &chain[2], "200").await;

    let team = json_of(dir.path(), &["admin", "team", &chain[0].phone, "--json"]);
    assert_eq!(team["levels"][1]["people"], 1);
    assert_eq!(team["levels"][1]["recharge"], "500.00");
    assert_eq!(team["total"]["bets"], "200.00");
    let table = succeed(dir.path(), &["admin", "team", &chain[0].id.to_string()]);
    let total = table.lines().find(|line| line.starts_with("total")).expect("the total row");
    assert_eq!(
        total.split_whitespace().collect::<Vec<_>>(),
        ["total", "2", "500.00", "200.00", "0.00", "0.00"],
        "{table}"
    );

    let batch = json_of(dir.path(), &["admin", "rebate", "run", "--json"]);
    assert_eq!((batch["bets"].as_i64(), batch["stake"].as_str()), (Some(1), Some("200.00")));
    // 0.50 % rebate; 1.00 % and 0.50 % commissions to the two levels above.
    assert_eq!(batch["paid"], "4.00");
    let again = json_of(dir.path(), &["admin", "rebate", "run", "--json"]);
    assert!(again.is_null() || again["paid"] == "0.00", "{again}");
    let wallets: Vec<String> = {
        let mut wallets = Vec::new();
        for player in &chain {
            wallets.push(hall.app.balances_of(player).await.wallet.to_string());
        }
        wallets
    };
    assert_eq!(wallets, ["1.00", "2.00", "1.00"]);
    let batches = json_of(dir.path(), &["admin", "rebate", "batches", "--json"]);
    let paid: Vec<&str> = batches
        .as_array()
        .expect("batches")
        .iter()
        .map(|b| b["paid"].as_str().expect("paid"))
        .collect();
    assert!(paid.contains(&"4.00"), "{batches}");
    assert!(
        succeed(dir.path(), &["admin", "rebate", "batches"]).starts_with("batch  settled from")
    );
    assert_ledger_verifies(&hall.app).await;
}

#[tokio::test]
async fn the_operator_pays_lists_and_shows_salaries() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    let chain = invite_chain(&hall.app, 2).await;

    let weeks = json_of(dir.path(), &["admin", "salary", "run", "--json"]);
    assert!(weeks.is_array(), "{weeks}");
    assert_eq!(json_of(dir.path(), &["admin", "salary", "run", "--json"]), Value::Array(vec![]));
    let list = json_of(dir.path(), &["admin", "salary", "list", "--week", "2026-11-18", "--json"]);
    assert_eq!(list, Value::Array(vec![]), "nobody's team bet");
    let shown = json_of(dir.path(), &["admin", "salary", "show", &chain[0].phone, "--json"]);
    assert_eq!(shown["tiers"].as_array().map(Vec::len), Some(4));
    assert_eq!(shown["history"]["total"], 0);

    let refused = fail(dir.path(), &["admin", "salary", "list", "--week", "last monday"]);
    assert!(refused.stderr.contains("--week"), "{refused:?}");
    fail(dir.path(), &["admin", "team", "nobody"]);
}
