//! The operator's VIP commands (`fairhall admin vip levels|show|rewards`), run as the built
//! binary (with the shipped `[growth]` config) on the data directory of a `TestApp` whose
//! players deposit through the API and are approved by the CLI.

use crate::support::binary::{fail, succeed};
use crate::support::helpers::TestApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use serde_json::{Value, json};

fn parse(stdout: &str) -> Value {
    serde_json::from_str(stdout).expect("JSON output")
}

#[tokio::test]
async fn the_operator_reads_levels_players_and_rewards_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let deposit = app.requested_deposit(&player, "1000.00").await.to_string();
    let approved = succeed(data, &["admin", "deposit", "approve", &deposit]);
    let granted = "granted cashback 20.00 (200 bp), released to the wallet by play";
    assert!(approved.contains(granted), "{approved}");

    let levels = parse(&succeed(data, &["admin", "vip", "levels", "--json"]));
    let table = succeed(data, &["admin", "vip", "levels"]);
    let shown = parse(&succeed(data, &["admin", "vip", "show", &player.phone, "--json"]));
    let shown_text = succeed(data, &["admin", "vip", "show", &player.id.to_string()]);
    let rewards = parse(&succeed(data, &["admin", "vip", "rewards", "--json"]));
    let rewards_text = succeed(data, &["admin", "vip", "rewards", "--user", &player.phone]);
    // The CLI approves at the system's time, which is after the test app's fixed day.
    let before = succeed(data, &["admin", "vip", "rewards", "--to", "2026-11-22"]);
    let since =
        parse(&succeed(data, &["admin", "vip", "rewards", "--from", "2026-11-22", "--json"]));

    assert_eq!(levels.as_array().expect("levels").len(), 10);
    assert_eq!(levels[0]["withdraw_single_max"], "50000.00");
    assert_eq!(levels[0]["withdraw_daily_count"], 3);
    let vip1: Vec<&str> = table.lines().nth(2).expect("VIP1").split_whitespace().collect();
    assert_eq!(vip1[..4], ["VIP1", "1000.00", "3000.00", "8.00"], "{table}");
    assert_eq!((&shown["level"], &shown["total_deposit"]), (&json!(0), &json!("1000.00")));
    assert_eq!(
        shown["next"],
        json!({ "level": 1, "deposit_needed": "0.00", "betting_needed": "3000.00" })
    );
    assert!(shown_text.contains("VIP1: deposit 0.00 and betting 3000.00 still needed"));
    let programmes: Vec<&str> = rewards
        .as_array()
        .expect("rewards")
        .iter()
        .map(|reward| reward["programme"].as_str().expect("a programme"))
        .collect();
    assert_eq!(programmes.len(), 2);
    assert!(programmes.contains(&"first_deposit") && programmes.contains(&"cashback"));
    let lines: Vec<Vec<&str>> =
        rewards_text.lines().map(|line| line.split_whitespace().collect()).collect();
    let totals = lines.iter().skip_while(|line| line[..] != ["programme", "total", "released"]);
    let totals: Vec<_> = totals.skip(1).cloned().collect();
    assert_eq!(totals.len(), 2, "{rewards_text}");
    // Granted, none of it released yet: the player has not played.
    assert!(totals.contains(&vec!["first_deposit", "150.00", "0.00"]), "{rewards_text}");
    assert!(totals.contains(&vec!["cashback", "20.00", "0.00"]), "{rewards_text}");
    assert_eq!(rewards[0]["released"], "0.00", "{rewards}");
    assert!(before.contains("0 rewards"), "{before}");
    assert_eq!(since, rewards);
    assert!(fail(data, &["admin", "vip", "show", "nobody"]).stderr.contains("no user"));
    assert!(
        fail(data, &["admin", "vip", "rewards", "--from", "22/11/2026"])
            .stderr
            .contains("not a day")
    );
    assert_ledger_verifies(&app).await;
}
