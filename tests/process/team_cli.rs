//! The operator's team, rebate and salary commands (`fairhall admin team|rebate|salary`), run
//! as the built binary on the data directory of a `TestApp` whose players bet.

use crate::support::binary::{fail, run, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use crate::support::team::{fund_game, invite_chain, net_loss, settled_bet};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::growth::rebates::share;
use fairhall::money::Money;
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

    // The defaults: 0.10 % rebate; 0.15 % and 0.05 % commissions to the two levels above, of
    // the bettor's net loss (0 when his bet won).
    let loss = net_loss(&hall, &chain[2]).await;
    let shares = [share(loss, 5), share(loss, 15), share(loss, 10)];
    let text = |minor: i64| Money::from_minor(minor).expect("an amount").to_string();
    let batch = json_of(dir.path(), &["admin", "rebate", "run", "--json"]);
    assert_eq!((batch["bets"].as_i64(), batch["stake"].as_str()), (Some(1), Some("200.00")));
    assert_eq!(batch["paid"], text(shares.iter().sum()).as_str());
    let again = json_of(dir.path(), &["admin", "rebate", "run", "--json"]);
    assert!(again.is_null() || again["paid"] == "0.00", "{again}");
    let wallets: Vec<String> = {
        let mut wallets = Vec::new();
        for player in &chain {
            wallets.push(hall.app.balances_of(player).await.wallet.to_string());
        }
        wallets
    };
    assert_eq!(wallets, shares.map(text));
    let batches = json_of(dir.path(), &["admin", "rebate", "batches", "--json"]);
    let paid: Vec<&str> = batches
        .as_array()
        .expect("batches")
        .iter()
        .map(|b| b["paid"].as_str().expect("paid"))
        .collect();
    assert!(paid.contains(&text(shares.iter().sum()).as_str()), "{batches}");
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

/// Rebates and commissions at 2.20 % of the net loss together reach the edge of options that
/// keep 1 % and lose 90 % or more of the stake: `serve` does not start, the operator's batch
/// does not run and `admin doctor` names the option and the keys to lower.
#[tokio::test]
async fn rates_above_an_edge_are_refused_by_serve_the_batch_and_doctor() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    drop(hall);
    let config = dir.path().join("fairhall.toml");
    std::fs::write(&config, "[growth.rebate]\nrate_bps = 50\ncommission_bps = [100, 50, 20]\n")
        .expect("a config");
    let config = config.to_str().expect("a path");
    let before = json_of(dir.path(), &["admin", "rebate", "batches", "--json"]);
    for args in
        [vec!["--config", config, "serve"], vec!["--config", config, "admin", "rebate", "run"]]
    {
        let refused = fail(dir.path(), &args);
        for named in ["growth.rebate.rate_bps", "growth.rebate.commission_bps", "edge", "option"] {
            assert!(refused.stderr.contains(named), "{args:?}: {refused:?}");
        }
    }
    let batches = json_of(dir.path(), &["admin", "rebate", "batches", "--json"]);
    assert_eq!(batches, before, "no batch ran");
    // (This hall's clock runs ahead and its directory is a temp one: doctor finds those too.)
    let doctor = fail(dir.path(), &["--config", config, "admin", "doctor"]);
    assert!(doctor.stdout.contains("programmes: PROBLEM"), "{doctor:?}");
    let doctor = run(dir.path(), &["admin", "doctor"]);
    assert!(doctor.stdout.contains("programmes: ok"), "the embedded defaults pass: {doctor:?}");
}
