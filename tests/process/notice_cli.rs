//! The operator's announcement commands (`fairhall admin content create|update|list|show|
//! delete announcement`), run as the built binary on the data directory of a `TestApp` whose
//! players read them in the message list.

use crate::support::binary::{fail, succeed};
use crate::support::helpers::TestApp;
use crate::support::notice_support::NoticeApp;
use std::path::Path;

/// Before the test app's fixed clock: the CLI reads the system clock, so its announcements
/// start at a given time to be shown at the app's `START`.
const STARTS: &str = "2026-11-01T09:00:00+07:00";

#[tokio::test]
async fn the_operator_posts_translates_lists_and_shows_an_announcement() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let id = create_announcement(data);
    succeed(
        data,
        &[
            "admin",
            "content",
            "update",
            "announcement",
            &id,
            "--title",
            "en=Maintenance",
            "--body",
            "en=Tonight at 22:00.",
        ],
    );

    let english = app.notices(&player, "en").await;
    assert_eq!(english[0]["title"], "Maintenance");
    assert_eq!(english[0]["pinned"], true);
    assert_eq!(app.notices(&player, "ja").await[0]["title"], "Bảo trì");
    let listed = succeed(data, &["admin", "content", "list", "announcement"]);
    assert!(listed.contains("Maintenance") && listed.contains("en,vi"), "{listed}");
    let shown = succeed(data, &["admin", "content", "show", "announcement", &id, "--json"]);
    let shown: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!(shown["texts"].as_array().map(Vec::len), Some(2));
    assert_eq!(shown["texts"][0]["body"], "Tonight at 22:00.");
}

/// `fairhall admin content create announcement` in vi, pinned; returns the id it prints.
#[track_caller]
fn create_announcement(data: &Path) -> String {
    let created = succeed(
        data,
        &[
            "admin",
            "content",
            "create",
            "announcement",
            "--title",
            "vi=Bảo trì",
            "--body",
            "vi=Tối nay 22:00.",
            "--pinned",
            "--start",
            STARTS,
        ],
    );
    let id = created.trim().strip_prefix("created announcement ").expect("the new id");
    id.parse::<i64>().expect("create prints the new id");
    id.to_string()
}

#[tokio::test]
async fn the_operator_is_refused_with_the_reason_and_a_deleted_announcement_is_gone() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let id = create_announcement(data);

    let new_language_without_body =
        fail(data, &["admin", "content", "update", "announcement", &id, "--title", "fr=Panne"]);
    assert!(new_language_without_body.stderr.contains("--body"), "{new_language_without_body:?}");
    let backwards = fail(
        data,
        &["admin", "content", "update", "announcement", &id, "--end", "2026-10-01T00:00:00Z"],
    );
    assert!(backwards.stderr.contains("--end"), "{backwards:?}");
    let unknown_language = fail(
        data,
        &["admin", "content", "create", "announcement", "--title", "xx=A", "--body", "xx=B"],
    );
    assert!(unknown_language.stderr.contains("--title <LANG=TEXT>"), "{unknown_language:?}");
    assert_eq!(app.notices(&player, "en").await.len(), 1, "shown before the delete");
    succeed(data, &["admin", "content", "delete", "announcement", &id]);
    assert!(app.notices(&player, "en").await.is_empty(), "players never see it again");
    let missing = fail(data, &["admin", "content", "delete", "announcement", &id]);
    assert!(missing.stderr.contains("deleted already"), "{missing:?}");
    let all = succeed(data, &["admin", "content", "list", "announcement", "--all", "--json"]);
    assert!(all.contains("removed_at"), "the row stays: {all}");
}
