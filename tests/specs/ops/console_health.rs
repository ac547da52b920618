//! The console's health page (`http::console::health`, issue 34): the checks of `/readyz`,
//! storage, the ledger check, the backups and their archives; an archive downloaded as it is
//! on disk, recorded in the audit log first, and never a path outside `backup.dir`.

use crate::support::console::Console;
use crate::support::helpers::TestApp;
use axum::http::StatusCode;
use fairhall::audit::{self, Filter};
use fairhall::backup::schedule::BackupJob;

#[tokio::test]
async fn console_health_shows_the_checks_the_ledger_and_the_archives_and_serves_one() {
    let app = TestApp::spawn().await;
    let admin = Console::signed_in(&app, "admin").await;
    let finance = Console::signed_in(&app, "finance").await;

    let refused = finance.get(&app, "/admin/api/health").await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    let page = admin.get(&app, "/admin/api/health").await;
    let page = page.assert_ok().clone();
    let checks: Vec<&str> = page["readiness"]["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["name"].as_str().unwrap())
        .collect();
    assert!(checks.contains(&"ledger") && checks.contains(&"scheduler_lag"), "{checks:?}");
    assert!(page["storage"]["database_bytes"].as_u64().unwrap() > 0);
    assert_eq!(page["ledger"]["halted"], serde_json::Value::Null);
    assert_eq!(page["backup"]["archives"].as_array().unwrap().len(), 0);

    let dir = BackupJob::from_config(&app.config).dir;
    std::fs::create_dir_all(&dir).unwrap();
    let name = "fairhall-20261204-033000.tar.gz";
    std::fs::write(dir.join(name), b"an archive's bytes").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not an archive").unwrap();
    app.db.ledger_halt().halt("a test halt".into());
    let page = admin.get(&app, "/admin/api/health").await;
    let page = page.assert_ok();
    assert_eq!(page["backup"]["archives"][0]["name"], name);
    assert_eq!(page["backup"]["archives"].as_array().unwrap().len(), 1, "only archives");
    assert_eq!(page["ledger"]["halted"], "a test halt");
    assert_eq!(page["readiness"]["status"], "not_ready");

    let downloaded = admin.get(&app, &format!("/admin/api/backups/{name}")).await;
    assert_eq!(downloaded.status, StatusCode::OK);
    assert_eq!(&downloaded.bytes[..], b"an archive's bytes");
    assert!(downloaded.header("content-disposition").contains(name));
    for other in ["notes.txt", "..%2Ffairhall.db", "fairhall-20261205-033000.tar.gz"] {
        let missing = admin.get(&app, &format!("/admin/api/backups/{other}")).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{other}");
    }
    let denied = finance.get(&app, &format!("/admin/api/backups/{name}")).await;
    assert_eq!(denied.err(), "no_permission");
    let filter = Filter { action_prefix: Some("backup.".into()), limit: 10, ..Filter::default() };
    let records = app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap();
    let [record] = &records[..] else { panic!("one download recorded: {records:?}") };
    assert_eq!(record.target_id.as_deref(), Some(name));
}

/// A backup taken from the console runs through the daily job (one at a time), lands in the
/// archive list and the audit log, and needs its own permission.
#[tokio::test]
async fn console_takes_a_backup_now_and_lists_it() {
    let app = TestApp::spawn_with(|config| {
        config.console.roles.insert("watcher".into(), vec!["system:health:read".into()]);
    })
    .await;
    let admin = Console::signed_in(&app, "admin").await;
    let watcher = Console::signed_in(&app, "watcher").await;

    let refused = watcher.post(&app, "/admin/api/backups", &serde_json::json!({})).await;
    assert_eq!(refused.err(), "no_permission");
    let nothing = serde_json::json!({});
    let (first, second) = tokio::join!(
        admin.post(&app, "/admin/api/backups", &nothing),
        admin.post(&app, "/admin/api/backups", &nothing),
    );
    for taken in [&first, &second] {
        assert_eq!(taken.assert_ok()["ok"], true, "{taken:?}");
    }
    let page = watcher.get(&app, "/admin/api/health").await;
    let page = page.assert_ok();
    let archives = page["backup"]["archives"].as_array().unwrap();
    assert_eq!(archives.len(), 2, "two backups, two names: {archives:?}");
    assert!(archives[0]["bytes"].as_u64().unwrap() > 0);
    assert_eq!(page["backup"]["last"]["ok"], true);
    let filter =
        Filter { action_prefix: Some("backup.take".into()), limit: 10, ..Filter::default() };
    let records = app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap();
    assert_eq!(records.len(), 2);
    let names: Vec<&str> =
        archives.iter().map(|archive| archive["name"].as_str().unwrap()).collect();
    assert!(names.contains(&records[0].target_id.as_deref().unwrap()), "{names:?}");
}

/// The full ledger check from the console: the same verdict as `admin verify`, a pass
/// recorded under the staff member, behind its own permission.
#[tokio::test]
async fn console_verifies_the_ledger_and_records_the_pass() {
    use crate::support::wallet_support::WalletApp;
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.approved_deposit(&player, "25.00").await;
    let admin = Console::signed_in(&app, "admin").await;
    let finance = Console::signed_in(&app, "finance").await;
    let nothing = serde_json::json!({});

    let refused = finance.post(&app, "/admin/api/verify", &nothing).await;
    assert_eq!(refused.err(), "no_permission");
    let verified = admin.post(&app, "/admin/api/verify", &nothing).await;
    let verified = verified.assert_ok();
    assert_eq!(verified["verified"], true, "{verified}");
    assert!(verified["entries"].as_i64().unwrap() >= 1);
    let through = verified["checked_through"]["entry_id"].as_i64().unwrap();
    let page = admin.get(&app, "/admin/api/health").await;
    assert_eq!(page.assert_ok()["ledger"]["checked_through_entry"], through);
    let filter = Filter { action_prefix: Some("verify".into()), limit: 10, ..Filter::default() };
    let records = app.db.read(move |connection| audit::list(connection, &filter)).await.unwrap();
    let [record] = &records[..] else { panic!("one verify recorded: {records:?}") };
    assert_eq!(record.target_kind, "ledger");
    assert!(record.os_identity["console"]["staff_id"].is_number(), "{record:?}");
}
