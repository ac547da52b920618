//! News (api/news/index, api/news/detail) and the support contacts (api/customer/index); the
//! operator's `fairhall admin news` commands are in `news_cli`.

use crate::support::helpers::{START, TestApp};
use crate::support::news::{DETAIL, INDEX, get, news, titles};
use axum::http::StatusCode;
use fairhall::content::{
    self,
    types::{ArticleBody, ArticleLang, ArticleTitle, NewArticle},
};
use serde_json::json;

/// An article as the fixtures publish it: for every language, not pinned, published now.
fn article(title: &str) -> NewArticle {
    NewArticle {
        title: ArticleTitle::parse(title).expect("a valid title"),
        body: ArticleBody::parse(&format!("{title}: the whole story.")).expect("a valid body"),
        lang: ArticleLang::EVERY,
        pinned: false,
        published_at: None,
    }
}

fn in_lang(mut article: NewArticle, lang: &str) -> NewArticle {
    article.lang = ArticleLang::parse(lang).expect("a language of the app");
    article
}

fn pinned(mut article: NewArticle) -> NewArticle {
    article.pinned = true;
    article
}

/// Publishes `article` through the domain verb, as `fairhall admin news add` does.
async fn publish(app: &TestApp, article: NewArticle) -> i64 {
    let now = app.now();
    app.db.write(move |tx| content::add(tx, &article, now)).await.expect("the article is added")
}

async fn remove(app: &TestApp, id: i64) {
    let now = app.now();
    app.db.write(move |tx| content::remove(tx, id, now)).await.expect("the article is removed");
}

#[tokio::test]
async fn news_lists_pinned_articles_first_then_the_newest_first() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    publish(&app, article("Oldest")).await;
    app.clock.advance(60);
    let old_pin = publish(&app, pinned(article("Old pin"))).await;
    app.clock.advance(60);
    publish(&app, article("Newest")).await;
    app.clock.advance(60);
    publish(&app, pinned(article("New pin"))).await;

    let page = news(&app, &player, "", None).await;

    assert_eq!(titles(&page), ["New pin", "Old pin", "Newest", "Oldest"]);
    assert_eq!((&page["total"], &page["page"], &page["limit"]), (&json!(4), &json!(1), &json!(20)));
    assert_eq!(
        page["list"][1],
        json!({
            "id": old_pin,
            "title": "Old pin",
            "summary": "Old pin: the whole story.",
            "pinned": true,
            "published_at": START + 60,
        })
    );
}

#[tokio::test]
async fn readers_see_their_languages_articles_and_the_language_neutral_ones() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    publish(&app, article("For everyone")).await;
    app.clock.advance(1);
    publish(&app, in_lang(article("Tin tức"), "vi")).await;
    app.clock.advance(1);
    publish(&app, in_lang(article("English news"), "en")).await;
    app.clock.advance(1);
    publish(&app, in_lang(article("中文新闻"), "zh")).await;

    let cases = [
        ("the lang header", Some("en"), vec!["English news", "For everyone"]),
        ("a regional tag", Some("zh-CN"), vec!["中文新闻", "For everyone"]),
        ("the configured default (vi) without a header", None, vec!["Tin tức", "For everyone"]),
        ("the default for an unknown language", Some("xx"), vec!["Tin tức", "For everyone"]),
        ("a language without articles of its own", Some("fr"), vec!["For everyone"]),
    ];

    for (description, lang, expected) in cases {
        let page = news(&app, &player, "", lang).await;
        assert_eq!(titles(&page), expected, "{description}");
        assert_eq!(page["total"], expected.len(), "{description}");
    }
}

#[tokio::test]
async fn news_is_paged_also_through_trailing_segments() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    for number in 1..=5 {
        publish(&app, article(&format!("News {number}"))).await;
        app.clock.advance(10);
    }

    let first = news(&app, &player, "page=1&limit=2", None).await;
    let last = news(&app, &player, "page=3&limit=2", None).await;
    let beyond = news(&app, &player, "page=4&limit=2", None).await;
    let compat = app.get(&format!("{INDEX}/page/2/limit/2/token/{}", player.token), None).await;

    assert_eq!(titles(&first), ["News 5", "News 4"]);
    assert_eq!((&first["total"], &first["limit"]), (&json!(5), &json!(2)));
    assert_eq!(titles(&last), ["News 1"]);
    assert!(titles(&beyond).is_empty());
    assert_eq!(titles(compat.assert_ok()), ["News 3", "News 2"]);
    for query in ["page=0", "limit=0", "limit=101", "page=abc"] {
        let reply = get(&app, &player, &format!("{INDEX}?{query}"), None).await;
        assert_eq!(reply.err(), "bad_params", "{query}");
    }
}

#[tokio::test]
async fn a_long_body_is_summarized_in_one_line() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let mut long = article("Long read");
    let paragraph = "Every draw is committed before betting starts. ".repeat(20);
    long.body = ArticleBody::parse(&format!("{paragraph}\n\n{paragraph}")).expect("a body");
    publish(&app, long).await;

    let summary = news(&app, &player, "", None).await["list"][0]["summary"].clone();

    let summary = summary.as_str().expect("a summary");
    assert!(summary.starts_with("Every draw is committed before betting starts. Every"));
    assert!(summary.ends_with('…') && !summary.contains('\n'), "{summary}");
    assert!(summary.chars().count() <= 141, "{summary}");
}

#[tokio::test]
async fn an_article_reads_in_full_with_its_paragraphs() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let mut maintenance = pinned(article("Maintenance"));
    maintenance.body = ArticleBody::parse("Tonight 02:00.\n\n<b>Not HTML</b>").expect("a body");
    let id = publish(&app, maintenance).await;

    let reply = get(&app, &player, &format!("{DETAIL}?id={id}"), None).await;
    let compat = app.get(&format!("{DETAIL}/id/{id}/token/{}", player.token), None).await;

    let expected = json!({
        "id": id,
        "title": "Maintenance",
        "body": "Tonight 02:00.\n\n<b>Not HTML</b>",
        "pinned": true,
        "published_at": START,
        "updated_at": START,
    });
    assert_eq!(reply.assert_ok(), &expected);
    assert_eq!(compat.assert_ok(), &expected);
}

#[tokio::test]
async fn an_unknown_article_is_not_found_and_a_bad_id_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let id = publish(&app, article("Only one")).await;

    let cases = [
        ("an unknown id", format!("id={}", id + 1), StatusCode::NOT_FOUND, "not_found"),
        ("no id", String::new(), StatusCode::OK, "missing_params"),
        ("a word", "id=abc".to_string(), StatusCode::OK, "bad_params"),
        ("zero", "id=0".to_string(), StatusCode::OK, "bad_params"),
        ("a negative id", "id=-1".to_string(), StatusCode::OK, "bad_params"),
    ];

    for (description, query, status, err) in cases {
        let reply = get(&app, &player, &format!("{DETAIL}?{query}"), None).await;
        assert_eq!((reply.status, reply.code(), reply.err()), (status, 0, err), "{description}");
    }
}

#[tokio::test]
async fn a_removed_article_is_neither_listed_nor_readable() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kept = publish(&app, article("Kept")).await;
    let removed = publish(&app, pinned(article("Withdrawn"))).await;

    remove(&app, removed).await;

    let page = news(&app, &player, "", None).await;
    assert_eq!(titles(&page), ["Kept"]);
    assert_eq!(page["total"], 1);
    let reply = get(&app, &player, &format!("{DETAIL}?id={removed}"), None).await;
    assert_eq!((reply.status, reply.err()), (StatusCode::NOT_FOUND, "not_found"));
    get(&app, &player, &format!("{DETAIL}?id={kept}"), None).await.assert_ok();
    let again = app.db.write(move |tx| content::remove(tx, removed, START)).await;
    assert_eq!(again.err().map(|error| error.key()), Some("not_found"));
}

#[tokio::test]
async fn a_scheduled_article_appears_at_its_publication_time() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let mut scheduled = article("Tomorrow");
    scheduled.published_at = Some(START + 3600);
    let id = publish(&app, scheduled).await;

    let before = news(&app, &player, "", None).await;
    let early = get(&app, &player, &format!("{DETAIL}?id={id}"), None).await;
    app.clock.advance(3600);
    let after = news(&app, &player, "", None).await;

    assert!(titles(&before).is_empty());
    assert_eq!(early.err(), "not_found");
    assert_eq!(titles(&after), ["Tomorrow"]);
    assert_eq!(after["list"][0]["published_at"], START + 3600);
}

#[tokio::test]
async fn news_and_contacts_need_a_session() {
    let app = TestApp::spawn().await;
    let id = publish(&app, article("Members only")).await;

    for path in [INDEX.to_string(), format!("{DETAIL}?id={id}"), "/api/customer/index".into()] {
        app.get(&path, None).await.assert_login_required();
        app.get(&path, Some("not-a-session")).await.assert_login_required();
    }
}

#[tokio::test]
async fn the_support_contacts_come_from_the_config() {
    let app = TestApp::spawn_with(|config| {
        config.app.support_url = "https://support.example.com/chat".into();
        config.app.telegram_url = "https://t.me/fairhall_support".into();
    })
    .await;
    let player = app.player().await;
    let unset = TestApp::spawn().await;
    let other = unset.player().await;

    let contacts = app.get("/api/customer/index", Some(&player.token)).await;
    let empty = unset.get("/api/customer/index", Some(&other.token)).await;

    // The links, hours and "open now" beside them: tests/api/system.rs.
    let contacts = contacts.assert_ok();
    assert_eq!(contacts["support_url"], "https://support.example.com/chat");
    assert_eq!(contacts["telegram_url"], "https://t.me/fairhall_support");
    assert_eq!(contacts["links"].as_array().map(Vec::len), Some(2));
    let empty = empty.assert_ok();
    assert_eq!((&empty["support_url"], &empty["telegram_url"]), (&json!(""), &json!("")));
    assert_eq!(empty["links"], json!([]));
}
