//! `fairhall admin user exclusions` and the protection section of `admin user show`, run as the
//! built binary on the data directory of an app (the CLI reads the system clock: the
//! exclusions here run for months from the test clock's instant).

use crate::support::binary::{fail, succeed};
use crate::support::helpers::TestApp;
use crate::support::protection_support::ProtectionApp;
use serde_json::Value;
use std::path::Path;

fn json_of(data: &Path, args: &[&str]) -> Value {
    let stdout = succeed(data, args);
    serde_json::from_str(&stdout).unwrap_or_else(|error| panic!("{args:?}: {error}: {stdout}"))
}

#[tokio::test]
async fn the_operator_lists_exclusions_and_lifts_one_only_by_the_documented_process() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let (excluded, free) = (app.player().await, app.player().await);
    app.exclude(&excluded, "self_exclusion", "5y").await.assert_ok();
    app.set_limit(&free, "loss", "week", "75").await.assert_ok();
    let user = excluded.id.to_string();

    let running = json_of(data, &["admin", "user", "exclusions", "--json"]);
    let rows = running.as_array().expect("a list");
    assert_eq!(rows.len(), 1, "{running}");
    assert_eq!(rows[0]["user_id"].to_string(), excluded.id.to_string());
    assert_eq!(rows[0]["kind"], "self_exclusion");
    assert_eq!(rows[0]["duration"], "5y");
    let table = succeed(data, &["admin", "user", "exclusions"]);
    assert!(table.contains(&excluded.phone) && table.contains("running"), "{table}");

    let shown = json_of(data, &["admin", "user", "show", &free.phone, "--json"]);
    let week = &shown["protection"]["loss_limits"][1];
    assert_eq!((&week["period"], &week["amount"]), (&Value::from("week"), &Value::from("75.00")));
    let shown = succeed(data, &["admin", "user", "show", &user]);
    assert!(shown.contains("self-exclusion since"), "{shown}");

    let refused = fail(data, &["admin", "user", "exclusions", "lift", &user, "--reason", "asked"]);
    assert!(refused.stderr.contains("documented process"), "{refused:?}");
    assert_eq!(
        json_of(data, &["admin", "user", "exclusions", "--json"]).as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(app.protection(&excluded).await["exclusion"]["kind"], "self_exclusion");

    let args = [
        "admin",
        "user",
        "exclusions",
        "lift",
        &user,
        "--reason",
        "court order 12",
        "--documented-process",
        "--by",
        "alice",
    ];
    let lifted = succeed(data, &args);
    assert!(lifted.contains("1 running exclusion(s) lifted"), "{lifted}");
    assert_eq!(json_of(data, &["admin", "user", "exclusions", "--json"]), Value::Array(Vec::new()));
    let all = json_of(data, &["admin", "user", "exclusions", "--all", "--json"]);
    assert_eq!(all[0]["lift_reason"], "court order 12");
    assert!(app.protection(&excluded).await["exclusion"].is_null());
    let audit = json_of(data, &["admin", "audit", "--json", "--limit", "1"]);
    let record = &audit.as_array().expect("records")[0];
    assert_eq!(
        (&record["action"], &record["actor"]),
        (&Value::from("user.exclusions.lift"), &Value::from("alice"))
    );
    assert_eq!(record["before"]["exclusion"]["kind"], "self_exclusion");
    assert!(record["after"]["exclusion"].is_null(), "{record}");
    let again = fail(
        data,
        &["admin", "user", "exclusions", "lift", &user, "--reason", "x", "--documented-process"],
    );
    assert_eq!(again.status.code(), Some(4), "nothing left to lift: {again:?}");
}
