//! The operator's content commands (`fairhall admin content create|update|list|show|delete`
//! and `picture add|list`), run as the built binary on the data directory of a `TestApp`
//! whose players read the items.

use crate::support::binary::{fail, succeed};
use crate::support::helpers::{Player, TestApp};
use crate::support::news::get;
use crate::support::pictures::png;
use axum::http::StatusCode;
use std::path::Path;
use tempfile::TempDir;

/// `fairhall admin content ARGS`; its standard output without the final line break.
#[track_caller]
fn content(data: &Path, args: &[&str]) -> String {
    let command = [&["admin", "content"], args].concat();
    succeed(data, &command).trim_end().to_string()
}

/// The id of `created KIND N`, as every create prints it.
#[track_caller]
fn created(stdout: &str) -> String {
    let (_, id) = stdout.rsplit_once(' ').expect("created KIND ID");
    assert!(stdout.starts_with("created ") && id.parse::<i64>().is_ok(), "{stdout}");
    id.to_string()
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

/// A data directory shared by the CLI and a running app with one player, and one stored
/// picture.
struct Operator {
    dir: TempDir,
    app: TestApp,
    player: Player,
    /// The picture's id and file name, as `picture add` prints them.
    picture: (String, String),
}

impl Operator {
    async fn new() -> Operator {
        let dir = tempfile::tempdir().expect("a temp directory");
        let app = TestApp::open(dir.path(), |_| {});
        let player = app.player().await;
        let file = dir.path().join("picture.png");
        std::fs::write(&file, png(9)).expect("written");
        let added = content(dir.path(), &["picture", "add", file.to_str().unwrap()]);
        let fields: Vec<&str> = added.split('\t').collect();
        let picture = (fields[0].to_string(), fields[1].to_string());
        Operator { dir, app, player, picture }
    }

    fn data(&self) -> &Path {
        self.dir.path()
    }

    /// `admin content` with the words of `line`, then `values` (each one argument).
    #[track_caller]
    fn run(&self, line: &str, values: &[&str]) -> String {
        content(self.data(), &[line.split_whitespace().collect(), values.to_vec()].concat())
    }

    #[track_caller]
    fn refuse(&self, line: &str, values: &[&str]) -> String {
        refused(self.data(), &[line.split_whitespace().collect(), values.to_vec()].concat())
    }

    async fn get(&self, path: &str, lang: &str) -> crate::support::helpers::Reply {
        get(&self.app, &self.player, path, Some(lang)).await
    }
}

#[tokio::test]
async fn a_banner_needs_a_picture_and_a_safe_link() {
    let operator = Operator::new().await;
    let picture = operator.picture.0.as_str();
    let stderr = operator.refuse("create banner --title vi=Sale", &[]);
    assert!(stderr.contains("a banner needs --picture"), "{stderr}");
    let line = format!("create banner --title vi=Sale --picture {picture} --link");
    let stderr = operator.refuse(&line, &["javascript:alert(1)"]);
    assert!(stderr.contains("--link"), "{stderr}");

    let banner =
        created(&operator.run(&line, &["/pages/vip/index", "--start", "2026-11-01 00:00"]));
    let banners = operator.get("/api/banner/index", "vi").await;
    assert_eq!(banners.assert_ok()["list"][0]["id"].to_string(), banner);
    assert_eq!(banners.assert_ok()["list"][0]["link"], "/pages/vip/index");
    let stderr = operator.refuse(&format!("update banner {banner} --picture"), &[""]);
    assert!(stderr.contains("a banner needs --picture"), "{stderr}");
    let stderr = operator.refuse(&format!("update banner {banner}"), &[]);
    assert!(stderr.contains("nothing to change"), "{stderr}");
}

#[tokio::test]
async fn an_activity_gets_its_languages_one_at_a_time() {
    let operator = Operator::new().await;
    let (picture_id, picture_name) = &operator.picture;
    let body_file = operator.data().join("body.html");
    std::fs::write(&body_file, "<p>Nạp <b>100</b> nhận 10.</p><script>steal()</script>").unwrap();
    let body_file = format!("vi={}", body_file.to_str().unwrap());
    let activity = created(&operator.run(
        &format!("create activity --picture {picture_id} --body-file"),
        &[&body_file, "--title", "vi=Nạp đầu"],
    ));
    let updated = operator.run(
        &format!("update activity {activity} --title"),
        &[
            "en=First deposit",
            "--body",
            "en=<p>Deposit <b>100</b>, get 10.</p>",
            "--summary",
            "en=Get 10",
        ],
    );
    assert_eq!(updated, format!("updated activity {activity}"));

    let detail = format!("/api/activity/detail?id={activity}");
    let english = operator.get(&detail, "en").await;
    let english = english.assert_ok();
    assert_eq!(
        (&english["title"], &english["summary"]),
        (&"First deposit".into(), &"Get 10".into())
    );
    assert_eq!(english["body"], "<p>Deposit <b>100</b>, get 10.</p>");
    assert_eq!(english["picture"], format!("media/content/{picture_name}"));
    operator.run(&format!("update activity {activity} --picture"), &[""]);
    let vietnamese = operator.get(&detail, "vi").await;
    let vietnamese = vietnamese.assert_ok();
    assert_eq!(vietnamese["picture"], serde_json::Value::Null);
    assert_eq!(vietnamese["body"], "<p>Nạp <b>100</b> nhận 10.</p>", "sanitized when stored");
    assert_eq!(vietnamese["summary"], "Nạp 100 nhận 10.", "the start of the body");

    let listed = operator.run("list activity", &[]);
    let lines: Vec<&str> = listed.lines().collect();
    let cells = |line: &str| -> Vec<String> {
        line.split("  ").map(str::trim).filter(|cell| !cell.is_empty()).map(String::from).collect()
    };
    assert_eq!(cells(lines[0]), ["id", "state", "position", "langs", "window", "title"]);
    let id = activity.to_string();
    assert_eq!(cells(lines[1]), [id.as_str(), "live", "0", "en,vi", "- to -", "First deposit"]);
    let deleted = operator.run(&format!("delete activity {activity}"), &[]);
    assert_eq!(deleted, format!("deleted activity {activity}: players no longer see it"));
    assert_eq!(operator.get(&detail, "en").await.status, StatusCode::NOT_FOUND);
    let listed = operator.run("list activity", &[]);
    let row = listed.lines().nth(1).expect("the deleted activity");
    assert_eq!(cells(row)[..2], [id.as_str(), "deleted"], "{listed}");
    let stderr = operator.refuse(&format!("delete activity {activity}"), &[]);
    assert!(stderr.contains("deleted already"), "{stderr}");
    let stderr = operator.refuse(&format!("update activity {activity} --position 2"), &[]);
    assert!(stderr.contains("no such item, or it is deleted"), "{stderr}");
}

#[tokio::test]
async fn flags_a_kind_does_not_have_are_refused_by_name() {
    let operator = Operator::new().await;
    let help = created(&operator.run("create help --title en=Deposits --body", &["en=<p>How</p>"]));
    let stderr = operator.refuse(&format!("update activity {help} --position 1"), &[]);
    assert!(stderr.contains("activity") && stderr.contains("no such item"), "{stderr}");
    let stderr = operator.refuse(&format!("update help {help} --summary en=x"), &[]);
    assert!(stderr.contains("--summary is not a field of a help"), "{stderr}");
    let stderr = operator.refuse(&format!("update help {help} --slug x"), &[]);
    assert!(stderr.contains("--slug is not a field of a help"), "{stderr}");
    let stderr = operator.refuse(&format!("update help {help} --title x"), &[]);
    assert!(stderr.contains("'--title <LANG=TEXT>': give LANG=TEXT"), "{stderr}");
    let stderr = operator.refuse("create help --title en=Empty", &[]);
    assert!(stderr.contains("--body or --body-file is required"), "{stderr}");
    let stderr = operator.refuse("create help --title xx=X --body", &["xx=<p>x</p>"]);
    assert!(stderr.contains("\"xx\" is not a language of the hall: LANG is one of"), "{stderr}");
    let stderr = operator.refuse("create help --body", &["en=<p>x</p>"]);
    assert!(stderr.contains("--title is required for a new text in en"), "{stderr}");
    let stderr = operator.refuse("create help --position 1", &[]);
    assert!(stderr.contains("--title LANG=TEXT is required"), "{stderr}");
    let stderr = operator.refuse("create help --title en=A --title en=B --body", &["en=x"]);
    assert!(stderr.contains("--title gives en twice"), "{stderr}");
}

#[tokio::test]
async fn one_live_page_has_a_slug_and_shows_its_version() {
    let operator = Operator::new().await;
    let create = "create page --slug user-agreement --title vi=Terms --body";
    let page = created(&operator.run(create, &["vi=<p>Điều khoản</p>", "--version", "v2"]));
    let stderr = operator.refuse(create, &["vi=<p>Again</p>"]);
    assert!(stderr.contains(&format!("page {page} has it already")), "{stderr}");
    let stderr = operator.refuse("create page --title vi=Nameless --body", &["vi=<p>x</p>"]);
    assert!(stderr.contains("a page needs --slug"), "{stderr}");

    let shown = operator.run(&format!("show page {page} --json"), &[]);
    let shown: serde_json::Value = serde_json::from_str(&shown).expect("JSON");
    assert_eq!((&shown["slug"], &shown["version"]), (&"user-agreement".into(), &"v2".into()));
    assert_eq!(shown["texts"][0]["body"], "<p>Điều khoản</p>");
    let read = operator.get("/api/page/detail?slug=user-agreement", "en").await;
    assert_eq!(
        (&read.assert_ok()["title"], &read.assert_ok()["version"]),
        (&"Terms".into(), &"v2".into())
    );

    operator.run(&format!("delete page {page}"), &[]);
    let again = created(&operator.run(create, &["vi=<p>New terms</p>", "--version", "v3"]));
    let read = operator.get("/api/page/detail?slug=user-agreement", "vi").await;
    assert_eq!(
        (&read.assert_ok()["body"], &read.assert_ok()["version"]),
        (&"<p>New terms</p>".into(), &"v3".into())
    );
    assert_ne!(again, page);
}

#[tokio::test]
async fn one_command_writes_several_languages_or_none() {
    let operator = Operator::new().await;
    let both =
        ["--title", "vi=Nạp tiền", "--body", "vi=<p>Cách nạp</p>", "--body", "en=<p>How</p>"];
    let help = created(&operator.run("create help --title en=Deposits", &both));
    let detail = format!("/api/help/detail?id={help}");
    assert_eq!(operator.get(&detail, "en").await.assert_ok()["title"], "Deposits");
    assert_eq!(operator.get(&detail, "vi").await.assert_ok()["title"], "Nạp tiền");

    let stderr = operator.refuse("create help --title en=Fees --body en=x --title fr=Frais", &[]);
    assert!(stderr.contains("--body or --body-file is required for a new text in fr"), "{stderr}");
    let listed = operator.run("list help", &[]);
    assert!(listed.ends_with("1 items") && !listed.contains("Fees"), "all or none: {listed}");
}
