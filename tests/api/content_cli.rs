//! The operator's content commands (`fairhall admin content create|update|list|show|delete`
//! and `picture add|list`), run as the built binary on the data directory of a `TestApp`
//! whose players read the items.

use crate::cli::{fail, succeed};
use crate::content_items::png;
use crate::helpers::TestApp;
use crate::news::get;
use axum::http::StatusCode;
use std::path::Path;

/// `fairhall admin content ARGS`; its standard output without the final line break.
#[track_caller]
fn content(data: &Path, args: &[&str]) -> String {
    let command = [&["admin", "content"], args].concat();
    succeed(data, &command).trim_end().to_string()
}

#[track_caller]
fn refused(data: &Path, args: &[&str]) -> String {
    let command = [&["admin", "content"], args].concat();
    fail(data, &command).stderr
}

#[tokio::test]
async fn pictures_are_checked_by_content_and_stored_once() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let file = data.join("banner.webp");
    std::fs::write(&file, png(1)).expect("written");
    let path = file.to_str().unwrap();

    let added = content(data, &["picture", "add", path]);
    let fields: Vec<&str> = added.split('\t').collect();
    let name = fields[1];
    assert_eq!(fields[0], "1");
    assert!(name.ends_with(".png") && name.len() == 68, "named by content, not by file: {added}");
    assert_eq!(fields[2], format!("media/content/{name}"));
    assert_eq!(content(data, &["picture", "add", path]), added, "the same bytes again");
    assert!(data.join("content").join(name).exists());

    let script = data.join("evil.png");
    std::fs::write(&script, "<svg onload=alert(1)>").expect("written");
    let stderr = refused(data, &["picture", "add", script.to_str().unwrap()]);
    assert!(stderr.contains("bad_format"), "{stderr}");
    let large = data.join("large.png");
    // One byte over the default `content.picture_max_bytes` (1 MiB).
    std::fs::write(&large, [png(2), vec![0; 1024 * 1024]].concat()).expect("written");
    let stderr = refused(data, &["picture", "add", large.to_str().unwrap()]);
    assert!(stderr.contains("limit_exceeded"), "{stderr}");

    let listed = content(data, &["picture", "list"]);
    assert_eq!(listed.lines().count(), 3, "{listed}");
    let player = app.player().await;
    let served = get(&app, &player, &format!("/{}", fields[2]), None).await;
    assert_eq!(served.status, StatusCode::OK);
}

#[tokio::test]
async fn the_operator_manages_every_kind_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let file = data.join("banner.png");
    std::fs::write(&file, png(9)).expect("written");
    let picture = content(data, &["picture", "add", file.to_str().unwrap()]);
    let picture_id = picture.split('\t').next().unwrap().to_string();

    // A banner needs a picture; a link must be a route or https.
    let stderr = refused(data, &["create", "banner", "--lang", "vi", "--title", "Ưu đãi"]);
    assert!(stderr.contains("a banner needs --picture"), "{stderr}");
    let stderr = refused(
        data,
        &[
            "create",
            "banner",
            "--lang",
            "vi",
            "--title",
            "T",
            "--picture",
            &picture_id,
            "--link",
            "javascript:alert(1)",
        ],
    );
    assert!(stderr.contains("--link"), "{stderr}");
    let banner = content(
        data,
        &[
            "create",
            "banner",
            "--lang",
            "vi",
            "--title",
            "Ưu đãi",
            "--picture",
            &picture_id,
            "--link",
            "/pages/vip/index",
            "--start",
            "2026-11-01 00:00",
        ],
    );
    let banners = get(&app, &player, "/api/banner/index", Some("vi")).await;
    assert_eq!(banners.ok()["list"][0]["id"].to_string(), banner);

    // An activity in vi, then its English text, its body from a file.
    let body_file = data.join("body.html");
    std::fs::write(&body_file, "<p>Nạp <b>100</b> nhận 10.</p><script>steal()</script>").unwrap();
    let activity = content(
        data,
        &[
            "create",
            "activity",
            "--lang",
            "vi",
            "--title",
            "Nạp đầu",
            "--body-file",
            body_file.to_str().unwrap(),
            "--picture",
            &picture_id,
        ],
    );
    let updated = content(
        data,
        &[
            "update",
            "activity",
            &activity,
            "--lang",
            "en",
            "--title",
            "First deposit",
            "--body",
            "<p>Deposit <b>100</b>, get 10.</p>",
            "--summary",
            "Get 10 on 100",
        ],
    );
    assert_eq!(updated, format!("updated activity {activity}"));
    let detail = format!("/api/activity/detail?id={activity}");
    let english = get(&app, &player, &detail, Some("en")).await;
    assert_eq!(
        (&english.ok()["title"], &english.ok()["summary"], &english.ok()["body"]),
        (
            &"First deposit".into(),
            &"Get 10 on 100".into(),
            &"<p>Deposit <b>100</b>, get 10.</p>".into()
        )
    );
    let vietnamese = get(&app, &player, &detail, Some("vi")).await;
    assert_eq!(vietnamese.ok()["body"], "<p>Nạp <b>100</b> nhận 10.</p>");
    assert_eq!(vietnamese.ok()["summary"], "Nạp 100 nhận 10.");

    // Flags that are not the kind's are refused by name; so is a text without its language.
    let stderr = refused(data, &["update", "help", &activity, "--position", "1"]);
    assert!(stderr.contains("help") && stderr.contains("no such item"), "{stderr}");
    let help = content(
        data,
        &["create", "help", "--lang", "en", "--title", "Deposits", "--body", "<p>How</p>"],
    );
    let stderr = refused(data, &["update", "help", &help, "--summary", "x", "--lang", "en"]);
    assert!(stderr.contains("--summary is not a field of a help"), "{stderr}");
    let stderr = refused(data, &["update", "help", &help, "--title", "x"]);
    assert!(stderr.contains("give --lang"), "{stderr}");
    let stderr = refused(data, &["create", "help", "--lang", "en", "--title", "No body"]);
    assert!(stderr.contains("--body or --body-file is required"), "{stderr}");

    // Pages: one live page per slug, with a version.
    let page = content(
        data,
        &[
            "create",
            "page",
            "--slug",
            "user-agreement",
            "--version",
            "v2",
            "--lang",
            "vi",
            "--title",
            "Thỏa thuận",
            "--body",
            "<p>Điều khoản</p>",
        ],
    );
    let stderr = refused(
        data,
        &[
            "create",
            "page",
            "--slug",
            "user-agreement",
            "--lang",
            "vi",
            "--title",
            "Again",
            "--body",
            "<p>x</p>",
        ],
    );
    assert!(stderr.contains(&format!("page {page} has it already")), "{stderr}");
    let shown = content(data, &["show", "page", &page, "--json"]);
    let shown: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!((&shown["slug"], &shown["version"]), (&"user-agreement".into(), &"v2".into()));
    assert_eq!(shown["texts"][0]["body"], "<p>Điều khoản</p>");

    // The readable list, then a deletion players see at once.
    let listed = content(data, &["list", "activity"]);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines[0], "id\tstate\tposition\tlangs\twindow\ttitle");
    assert_eq!(lines[1], format!("{activity}\tlive\t0\ten,vi\t- to -\tFirst deposit"));
    let deleted = content(data, &["delete", "activity", &activity]);
    assert_eq!(deleted, format!("deleted activity {activity}: players no longer see it"));
    assert_eq!(get(&app, &player, &detail, Some("en")).await.status, StatusCode::NOT_FOUND);
    let listed = content(data, &["list", "activity"]);
    assert!(listed.contains(&format!("{activity}\tdeleted\t")), "{listed}");
    let stderr = refused(data, &["delete", "activity", &activity]);
    assert!(stderr.contains("deleted already"), "{stderr}");
    let stderr = refused(data, &["update", "activity", &activity, "--position", "2"]);
    assert!(stderr.contains("no such item, or it is deleted"), "{stderr}");
}
