//! The operator's news commands (`fairhall admin news add|list|show|edit|remove`), run as the
//! built binary on the data directory of a `TestApp` whose players read the news.

use crate::support::binary::{fail, new_hall, run_with_input, succeed};
use crate::support::helpers::TestApp;
use crate::support::news::{DETAIL, get, news, titles};
use std::path::Path;

/// Before the test app's fixed clock: the CLI reads the system clock, so its articles are
/// published at a given time to be visible at the app's `START`.
const PUBLISHED: &str = "2026-11-01T09:00:00+07:00";

/// The id of `created article N`.
fn added_id(stdout: &str) -> String {
    let line = stdout.lines().next().unwrap_or_default();
    line.strip_prefix("created article ").expect("a created article").to_string()
}

/// `fairhall admin news add --title <LANG=TEXT> <args> --publish-at PUBLISHED` with `stdin` as
/// input; returns the new article's id.
#[track_caller]
fn add_news(data_dir: &Path, title: &str, args: &[&str], stdin: &str) -> String {
    let command = [&["admin", "news", "add", "--title", title], args, &["--publish-at", PUBLISHED]];
    let command = command.concat();
    let run = run_with_input(data_dir, &command, stdin);
    assert!(run.status.success(), "fairhall {command:?}: {run:?}");
    added_id(&run.stdout)
}

#[tokio::test]
async fn the_operator_adds_and_lists_news_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let body_file = data.join("body.txt");
    std::fs::write(&body_file, "First paragraph.\r\n\r\nSecond paragraph.\r\n").expect("written");
    let file = body_file.to_str().expect("a UTF-8 path");

    let general = add_news(data, "all=Welcome", &["--body-file", file], "");
    let vietnamese = add_news(data, "vi=Bảo trì", &["--body", "Tối nay.", "--pinned"], "");
    let piped = add_news(data, "all=Piped", &["--body-file", "-"], "From standard input.\n");

    let listed = succeed(data, &["admin", "news", "list"]);
    let listed_json = succeed(data, &["admin", "news", "list", "--json"]);
    let row = |id: &str, lang: &str, pinned: &str, title: &str| {
        format!("{id:<2}  {lang:<4}  {pinned:<6}  2026-11-01T02:00:00Z  live   {title}")
    };
    assert_eq!(
        listed.lines().collect::<Vec<_>>(),
        [
            "id  lang  pinned  published             state  title",
            &row(&piped, "all", "no", "Piped"),
            &row(&vietnamese, "vi", "yes", "Bảo trì"),
            &row(&general, "all", "no", "Welcome"),
            "3 of 3 articles",
        ]
    );
    let listed_json: serde_json::Value = serde_json::from_str(&listed_json).expect("JSON");
    let ids: Vec<String> =
        listed_json.as_array().expect("a list").iter().map(|a| a["id"].to_string()).collect();
    assert_eq!(ids, [piped.clone(), vietnamese.clone(), general.clone()]);
    let shown = succeed(data, &["admin", "news", "show", &general, "--json"]);
    assert!(shown.contains(r#""body": "First paragraph.\n\nSecond paragraph.""#), "{shown}");
    let readable = succeed(data, &["admin", "news", "show", &general]);
    assert!(readable.ends_with("\nFirst paragraph.\n\nSecond paragraph.\n"), "{readable}");
    assert_eq!(fail(data, &["admin", "news", "show", "999"]).status.code(), Some(4));
    let page = news(&app, &player, "", Some("vi")).await;
    assert_eq!(titles(&page), ["Bảo trì", "Piped", "Welcome"]);
    assert_eq!(titles(&news(&app, &player, "", Some("en")).await), ["Piped", "Welcome"]);
}

#[tokio::test]
async fn the_operator_edits_and_removes_news_from_the_command_line() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let player = app.player().await;
    let general = add_news(data, "all=Welcome", &["--body", "Hi."], "");
    let vietnamese = add_news(data, "vi=Bảo trì", &["--body", "Tối nay.", "--pinned"], "");
    let removed = add_news(data, "all=Withdrawn", &["--body", "Oops."], "");

    let edited =
        succeed(data, &["admin", "news", "edit", &general, "--title", "all=Hello", "--pinned"]);
    let every = ["edit", &vietnamese, "--title", "all=Bảo trì", "--unpinned"];
    succeed(data, &[&["admin", "news"], &every[..]].concat());
    let gone = succeed(data, &["admin", "news", "remove", &removed]);

    assert!(edited.contains(&format!("{general}   all   yes ")), "{edited}");
    assert!(gone.contains("players no longer see it"), "{gone}");
    assert_eq!(titles(&news(&app, &player, "", Some("en")).await), ["Hello", "Bảo trì"]);
    let reply = get(&app, &player, &format!("{DETAIL}?id={removed}"), None).await;
    assert_eq!(reply.err(), "not_found");
    assert_eq!(succeed(data, &["admin", "news", "list"]).lines().count(), 4);
    let everything = succeed(data, &["admin", "news", "list", "--all"]);
    let row = format!("{removed}   all   no      2026-11-01T02:00:00Z  removed  Withdrawn");
    assert!(everything.lines().any(|line| line == row), "{everything}");
}

#[test]
fn the_command_line_refuses_bad_news_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let long_title = format!("en={}", "T".repeat(121));
    let long_body = "b".repeat(20_001);
    let id =
        added_id(&succeed(data, &["admin", "news", "add", "--title", "all=Kept", "--body", "x"]));

    let cases: [(&str, Vec<&str>, &str); 11] = [
        ("a long title", vec!["add", "--title", &long_title, "--body", "x"], "text_too_long"),
        ("a blank title", vec!["add", "--title", "en=  ", "--body", "x"], "--title"),
        ("a long body", vec!["add", "--title", "en=T", "--body", &long_body], "text_too_long"),
        ("no body", vec!["add", "--title", "en=T"], "--body"),
        (
            "an unknown language",
            vec!["add", "--title", "xx=T", "--body", "x"],
            "'--title <LANG=TEXT>': \"xx\" is not a language of the hall: LANG is one of zh, tw",
        ),
        ("a title without its language", vec!["add", "--title", "T", "--body", "x"], "LANG=TEXT"),
        ("an edit without the language", vec!["edit", &id, "--title", "T"], "LANG=TEXT"),
        (
            "a bad time",
            vec!["add", "--title", "en=T", "--body", "x", "--publish-at", "soon"],
            "RFC 3339",
        ),
        ("an empty edit", vec!["edit", &id], "nothing to change"),
        ("an unknown article", vec!["remove", "999"], "no article 999"),
        ("an unknown edit", vec!["edit", "999", "--pinned"], "no article 999"),
    ];

    for (description, args, expected) in cases {
        let args: Vec<&str> = ["admin", "news"].into_iter().chain(args).collect();
        let run = fail(data, &args);
        assert!(run.stderr.contains(expected), "{description}: {run:?}");
        let missing = expected.starts_with("no article");
        let usage = description.contains("language");
        let code = if missing {
            4
        } else if usage {
            2
        } else {
            1
        };
        assert_eq!(run.status.code(), Some(code), "{description}");
    }
    let listed = succeed(data, &["admin", "news", "list", "--all"]);
    assert!(listed.ends_with("1 of 1 articles\n"), "{listed}");
    assert!(listed.contains(&format!("{id}   all   no      ")), "{listed}");
}
