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
