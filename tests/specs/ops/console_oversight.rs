//! The console's linked-players report and player-protection overview
//! (`http::console::oversight`, issue 34): the same groups as `admin report linked`, the
//! protection each player set and who is excluded now, each behind its permission.

use crate::support::console::Console;
use crate::support::helpers::{PASSWORD, TestApp};
use crate::support::protection_support::ProtectionApp;
use serde_json::json;
use std::net::SocketAddr;

#[tokio::test]
async fn console_shows_linked_players_to_report_readers() {
    let app = TestApp::spawn().await;
    let peer = SocketAddr::from(([203, 0, 113, 7], 50_000));
    let (first, second, alone) = (app.player().await, app.player().await, app.player().await);
    for player in [&first, &second] {
        app.login_from((&player.phone, PASSWORD), peer, None).await.assert_ok();
    }
    let finance = Console::signed_in(&app, "finance").await;
    let support = Console::signed_in(&app, "support").await;

    let refused = support.get(&app, "/admin/api/reports/linked").await;
    assert_eq!(refused.err(), "no_permission");
    let report = finance.get(&app, "/admin/api/reports/linked").await;
    let report = report.assert_ok();
    assert_eq!(report["days"], 7);
    let groups = report["groups"].as_array().unwrap();
    let [group] = &groups[..] else { panic!("one linked group: {groups:?}") };
    let ids = |ids: &[&fairhall::ids::UserId]| {
        json!(ids.iter().map(|id| id.to_string().parse::<i64>().unwrap()).collect::<Vec<_>>())
    };
    assert_eq!(group["players"], ids(&[&first.id, &second.id]));
    assert!(group["links"][0].as_str().unwrap().contains("203.0.113.7"), "{group}");
    assert!(!group["players"].as_array().unwrap().contains(&json!(alone.id)));
    for bad in ["0", "367", "x"] {
        let reply = finance.get(&app, &format!("/admin/api/reports/linked?days={bad}")).await;
        assert_eq!(reply.err(), "bad_params", "{bad}");
    }
}

#[tokio::test]
async fn console_protection_overview_counts_limits_checks_and_running_exclusions() {
    let app = TestApp::spawn().await;
    let (limited, checked, resting) = (app.player().await, app.player().await, app.player().await);
    app.set_limit(&limited, "deposit", "day", "100.00").await.assert_ok();
    app.set_limit(&limited, "loss", "week", "50.00").await.assert_ok();
    app.set_reality_check(&checked, "30").await.assert_ok();
    app.exclude(&resting, "timeout", "24h").await.assert_ok();
    let support = Console::signed_in(&app, "support").await;
    let content = Console::signed_in(&app, "content").await;

    assert_eq!(content.get(&app, "/admin/api/protection").await.err(), "no_permission");
    let page = support.get(&app, "/admin/api/protection").await;
    let page = page.assert_ok();
    assert_eq!(
        page["overview"],
        json!({ "deposit_limits": 1, "loss_limits": 1, "reality_checks": 1, "timeouts": 1,
            "self_exclusions": 0 })
    );
    assert_eq!(page["exclusions"][0]["phone"], resting.phone.as_str());

    app.clock.advance(24 * 3_600 + 1);
    let support = Console::signed_in(&app, "support").await;
    let later = support.get(&app, "/admin/api/protection").await;
    let later = later.assert_ok();
    assert_eq!(later["overview"]["timeouts"], 0, "the time-out ran out");
    assert_eq!(later["exclusions"].as_array().unwrap().len(), 0);
    let all = support.get(&app, "/admin/api/protection?all=1").await;
    assert_eq!(all.assert_ok()["exclusions"].as_array().unwrap().len(), 1);
}
