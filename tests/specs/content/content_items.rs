//! The content items players read: banners (api/banner/index), activities
//! (api/activity/index, detail), help articles (api/help/index, detail) and pages
//! (api/page/index, detail), with language fallback, start/end windows, deletion, sanitized
//! rich text and the pictures' URLs. The operator's commands are in `content_cli`.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::news::get;
use crate::support::pictures::png;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use fairhall::content::items::types::{
    BannerLink, ContentKind, ItemInput, PageSlug, PageVersion, TextInput,
};
use fairhall::content::rich_text::{ALLOWED_TAGS, RichText};
use fairhall::content::types::ArticleTitle;
use fairhall::content::{items, pictures};
use fairhall::error::AppError;
use fairhall::uploads::Image;
use serde_json::{Value, json};

/// One language's text: a title, and a body for the kinds that have one.
fn text(kind: ContentKind, title: &str) -> TextInput {
    TextInput {
        title: Some(ArticleTitle::parse(title).expect("a title")),
        summary: None,
        body: kind
            .has_body()
            .then(|| RichText::parse(&format!("<p>{title}: the details.</p>")).expect("a body")),
    }
}

pub fn input(kind: ContentKind, lang: &'static str, title: &str) -> ItemInput {
    ItemInput { lang: Some(lang), text: text(kind, title), ..ItemInput::default() }
}

/// Creates an item through the domain verb, as `admin content create` does.
pub async fn create(app: &TestApp, kind: ContentKind, input: ItemInput) -> i64 {
    let now = app.now();
    app.db
        .write(move |tx| {
            items::create(tx, kind, input, now).map_err(|error| AppError::Internal(error.into()))
        })
        .await
        .expect("the item is created")
}

/// Adds `lang`'s text to an item, as `admin content update <kind> ID --lang ...` does.
pub async fn translate(app: &TestApp, kind: ContentKind, id: i64, lang: &'static str, title: &str) {
    let now = app.now();
    let input = input(kind, lang, title);
    app.db
        .write(move |tx| {
            items::update(tx, kind, id, input, now)
                .map_err(|error| AppError::Internal(error.into()))
        })
        .await
        .expect("the text is added");
}

async fn delete(app: &TestApp, kind: ContentKind, id: i64) {
    let now = app.now();
    app.db.write(move |tx| items::remove(tx, kind, id, now)).await.expect("the item is deleted");
}

/// Stores a picture; its file name.
pub async fn picture(app: &TestApp, seed: u8) -> String {
    let (data_dir, now) = (app.config.server.data_dir.clone(), app.now());
    let image = Image::parse(png(seed), 1024).expect("a PNG");
    let stored = app.db.write(move |tx| pictures::add(tx, &data_dir, &image, now)).await;
    stored.expect("the picture is stored").file_name
}

async fn list(app: &TestApp, player: &Player, path: &str, lang: &str) -> Vec<Value> {
    let reply = get(app, player, path, Some(lang)).await;
    reply.assert_ok()["list"].as_array().expect("a list").clone()
}

/// A guest's GET in `lang`.
async fn read_as_guest(app: &TestApp, path: &str, lang: &str) -> Reply {
    let request = Request::get(path).header("lang", lang).body(Body::empty());
    app.send(request.expect("a request")).await
}

fn titles(list: &[Value]) -> Vec<&str> {
    list.iter().map(|item| item["title"].as_str().expect("a title")).collect()
}

#[track_caller]
fn assert_not_found(reply: &Reply) {
    assert_eq!((reply.status, reply.err()), (StatusCode::NOT_FOUND, "not_found"), "{reply:?}");
}

#[tokio::test]
async fn a_reader_gets_his_language_else_the_default_one_else_nothing() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Activity;
    let both = create(&app, kind, input(kind, "vi", "Khuyến mãi")).await;
    translate(&app, kind, both, "en", "Promotion").await;
    create(&app, kind, input(kind, "vi", "Chỉ tiếng Việt")).await;
    let chinese_only = create(&app, kind, input(kind, "zh", "只有中文")).await;

    let index = "/api/activity/index";
    assert_eq!(titles(&list(&app, &player, index, "en").await), ["Promotion", "Chỉ tiếng Việt"]);
    assert_eq!(titles(&list(&app, &player, index, "ja").await), ["Khuyến mãi", "Chỉ tiếng Việt"]);
    assert_eq!(
        titles(&list(&app, &player, index, "zh").await),
        ["Khuyến mãi", "Chỉ tiếng Việt", "只有中文"]
    );

    let detail = |id: i64| format!("/api/activity/detail?id={id}");
    let english = get(&app, &player, &detail(both), Some("en")).await;
    assert_eq!(english.assert_ok()["title"], "Promotion");
    assert_eq!(english.assert_ok()["body"], "<p>Promotion: the details.</p>");
    assert_eq!(english.assert_ok()["summary"], "Promotion: the details.");
    let japanese = get(&app, &player, &detail(both), Some("ja")).await;
    assert_eq!(japanese.assert_ok()["title"], "Khuyến mãi");
    assert_not_found(&get(&app, &player, &detail(chinese_only), Some("en")).await);
    assert_eq!(
        get(&app, &player, &detail(chinese_only), Some("zh")).await.assert_ok()["title"],
        "只有中文"
    );
}

#[tokio::test]
async fn an_activity_shows_inside_its_window_only() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Activity;
    let start = app.now() + 60;
    let windowed = ItemInput {
        start_at: Some(Some(start)),
        end_at: Some(Some(start + 60)),
        ..input(kind, "vi", "Cuối tuần")
    };
    let id = create(&app, kind, windowed).await;
    let detail = format!("/api/activity/detail?id={id}");
    let index = "/api/activity/index";
    let since = app.now();
    async fn started_since(app: &TestApp, since: fairhall::clock::Timestamp) -> i64 {
        let now = app.now();
        let count = app.db.read(move |connection| {
            fairhall::content::activities_started_since(connection, "vi", "vi", since, now)
        });
        count.await.expect("a count")
    }

    assert!(list(&app, &player, index, "vi").await.is_empty(), "not started yet");
    assert_not_found(&get(&app, &player, &detail, Some("vi")).await);
    assert_eq!(started_since(&app, since).await, 0);

    app.clock.advance(60);
    let listed = list(&app, &player, index, "vi").await;
    assert_eq!(titles(&listed), ["Cuối tuần"]);
    assert_eq!(
        (listed[0]["start_at"].as_i64(), listed[0]["end_at"].as_i64()),
        (Some(start.secs()), Some(start.secs() + 60))
    );
    assert_eq!(get(&app, &player, &detail, Some("vi")).await.assert_ok()["id"], id);
    assert_eq!(started_since(&app, since).await, 1);

    app.clock.advance(60);
    assert!(list(&app, &player, index, "vi").await.is_empty(), "ended ones drop off");
    assert_not_found(&get(&app, &player, &detail, Some("vi")).await);
}

#[tokio::test]
async fn a_deleted_item_is_never_shown_again() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Help;
    let kept = create(&app, kind, input(kind, "vi", "Nạp tiền")).await;
    let deleted = create(&app, kind, input(kind, "vi", "Rút tiền")).await;
    delete(&app, kind, deleted).await;

    assert_eq!(titles(&list(&app, &player, "/api/help/index", "vi").await), ["Nạp tiền"]);
    let detail = |id: i64| format!("/api/help/detail?id={id}");
    assert_not_found(&get(&app, &player, &detail(deleted), Some("vi")).await);
    assert_eq!(
        get(&app, &player, &detail(kept), Some("vi")).await.assert_ok()["title"],
        "Nạp tiền"
    );
    // Another kind's id is not a help article.
    let activity =
        create(&app, ContentKind::Activity, input(ContentKind::Activity, "vi", "A")).await;
    assert_not_found(&get(&app, &player, &detail(activity), Some("vi")).await);
    let bad = get(&app, &player, "/api/help/detail?id=abc", Some("vi")).await;
    assert_eq!(bad.err(), "bad_params");
}

#[tokio::test]
async fn help_articles_follow_the_operators_positions() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Help;
    let at = |position: i64, title: &str| ItemInput {
        position: Some(position),
        ..input(kind, "en", title)
    };
    create(&app, kind, at(20, "Withdrawals")).await;
    create(&app, kind, at(10, "Deposits")).await;
    create(&app, kind, at(20, "Bets")).await;

    let listed = list(&app, &player, "/api/help/index", "en").await;
    assert_eq!(titles(&listed), ["Deposits", "Withdrawals", "Bets"]);
    assert_eq!(listed[0]["summary"], "", "help lists carry no summary");
    let id = listed[0]["id"].as_i64().unwrap();
    let article = get(&app, &player, &format!("/api/help/detail?id={id}"), Some("en")).await;
    assert_eq!(article.assert_ok()["body"], "<p>Deposits: the details.</p>");
    assert_eq!(article.assert_ok()["updated_at"], app.now().secs());
}

#[tokio::test]
async fn pages_are_found_by_slug_with_their_version() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Page;
    let page = |slug: &str, title: &str| ItemInput {
        slug: Some(PageSlug::parse(slug).unwrap()),
        version: Some(PageVersion::parse("2026-11").unwrap()),
        ..input(kind, "vi", title)
    };
    create(&app, kind, page("about-us", "Về chúng tôi")).await;
    let privacy = create(&app, kind, page("privacy", "Quyền riêng tư")).await;
    translate(&app, kind, privacy, "en", "Privacy").await;

    let about = get(&app, &player, "/api/page/detail?slug=about-us", Some("en")).await;
    let about = about.assert_ok();
    assert_eq!(
        (&about["slug"], &about["title"], &about["version"]),
        (&Value::from("about-us"), &Value::from("Về chúng tôi"), &Value::from("2026-11"))
    );
    let listed = list(&app, &player, "/api/page/index", "en").await;
    let slugs: Vec<_> = listed.iter().map(|page| page["slug"].as_str().unwrap()).collect();
    // The operator's pages in his order, then the shipped agreements he has not written.
    assert_eq!(slugs, ["about-us", "privacy", "privacy-policy", "user-agreement"]);
    assert_eq!(titles(&listed)[..2], ["Về chúng tôi", "Privacy"]);

    assert_not_found(&get(&app, &player, "/api/page/detail?slug=company-profile", None).await);
    assert_eq!(get(&app, &player, "/api/page/detail?slug=../x", None).await.err(), "bad_params");
    delete(&app, kind, privacy).await;
    assert_not_found(&get(&app, &player, "/api/page/detail?slug=privacy", None).await);
    // The slug is free again once its page is deleted.
    create(&app, kind, page("privacy", "Quyền riêng tư 2")).await;
    let again = get(&app, &player, "/api/page/detail?slug=privacy", None).await;
    assert_eq!(again.assert_ok()["title"], "Quyền riêng tư 2");
}

#[tokio::test]
async fn a_guest_reads_the_pages_before_registering() {
    let app = TestApp::spawn().await;
    let kind = ContentKind::Page;
    create(
        &app,
        kind,
        ItemInput {
            slug: Some(PageSlug::parse("user-agreement").unwrap()),
            version: Some(PageVersion::parse("2").unwrap()),
            ..input(kind, "vi", "Thỏa thuận")
        },
    )
    .await;

    let page = app.get("/api/page/detail?slug=user-agreement", None).await;
    assert_eq!(
        (&page.assert_ok()["title"], &page.assert_ok()["version"]),
        (&json!("Thỏa thuận"), &json!("2"))
    );
    let listed = app.get("/api/page/index", None).await.assert_ok()["list"].clone();
    assert_eq!(
        (&listed[0]["slug"], &listed[0]["title"]),
        (&json!("user-agreement"), &page.assert_ok()["title"])
    );
    assert_eq!(listed[1]["slug"], "privacy-policy", "the template of the page he has not written");
    assert_eq!(app.get("/api/help/index", None).await.status, StatusCode::UNAUTHORIZED);
}

/// Registration links the Privacy Policy and the User Agreement: a fresh hall serves the
/// shipped templates (in the reader's language, the hall's name filled in) until the operator
/// writes his own page of that slug, as a page or from the template.
#[tokio::test]
async fn a_fresh_hall_serves_the_shipped_agreements_until_the_operator_writes_his_own() {
    let app = TestApp::spawn().await;
    let hall = app.config.app.name.clone();
    let template = |slug: &str, lang: &str| {
        items::templates::text(slug, (lang, lang), &hall).expect("a template")
    };

    let privacy = read_as_guest(&app, "/api/page/detail?slug=privacy-policy", "ja").await;
    let privacy = privacy.assert_ok();
    let ja = template("privacy-policy", "ja");
    assert_eq!((&privacy["title"], &privacy["template"]), (&json!(ja.title), &json!(true)));
    assert_eq!(privacy["body"], ja.body);
    assert!(ja.body.contains(&hall), "the hall's name is in the text");
    let listed = read_as_guest(&app, "/api/page/index", "ru").await.assert_ok()["list"].clone();
    assert_eq!(
        listed,
        json!([
            { "slug": "privacy-policy", "title": template("privacy-policy", "ru").title },
            { "slug": "user-agreement", "title": template("user-agreement", "ru").title },
        ])
    );

    // A page of his own replaces the template, for every reader who can read it.
    let kind = ContentKind::Page;
    let own = ItemInput {
        slug: Some(PageSlug::parse("user-agreement").unwrap()),
        ..input(kind, "vi", "Điều khoản của sảnh")
    };
    let own = create(&app, kind, own).await;
    let agreement = read_as_guest(&app, "/api/page/detail?slug=user-agreement", "vi").await;
    let agreement = agreement.assert_ok();
    assert_eq!(
        (&agreement["title"], &agreement["template"]),
        (&json!("Điều khoản của sảnh"), &json!(false))
    );

    // From the template: a page of his in every language, which he then edits.
    let (slug, now) = (PageSlug::parse("privacy-policy").unwrap(), app.now());
    let name = hall.clone();
    let adopted = app
        .db
        .write(move |tx| {
            items::create_from_template(tx, &slug, &name, now)
                .map_err(|error| AppError::Internal(error.into()))
        })
        .await
        .expect("the page is created from its template");
    let record = app.db.read(move |c| items::show(c, kind, adopted)).await.unwrap().unwrap();
    assert_eq!(record.texts.len(), fairhall::config::LANGUAGES.len());
    translate(&app, kind, adopted, "ko", "개인정보 처리방침 (사내)").await;
    let edited = read_as_guest(&app, "/api/page/detail?slug=privacy-policy", "ko").await;
    let edited = edited.assert_ok();
    assert_eq!(
        (&edited["title"], &edited["template"]),
        (&json!("개인정보 처리방침 (사내)"), &json!(false))
    );
    let th = read_as_guest(&app, "/api/page/detail?slug=privacy-policy", "th").await;
    assert_eq!(th.assert_ok()["body"], template("privacy-policy", "th").body);
    assert_eq!(th.assert_ok()["template"], false);
    let now = app.now();
    let served = app.db.read(move |c| items::templates_served(c, now)).await.unwrap();
    assert!(served.is_empty(), "{served:?}");

    // Deleting his page puts the template back: the registration link never breaks.
    delete(&app, kind, own).await;
    let back = read_as_guest(&app, "/api/page/detail?slug=user-agreement", "vi").await;
    assert_eq!(back.assert_ok()["template"], true);
    assert_eq!(back.assert_ok()["title"], template("user-agreement", "vi").title);
}

#[tokio::test]
async fn banners_come_in_order_with_picture_and_link() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Banner;
    let (first_picture, second_picture) = (picture(&app, 1).await, picture(&app, 2).await);
    let banner = |picture: &str, position: i64, link: Option<&str>, title: &str| ItemInput {
        picture: Some(picture.to_string()),
        position: Some(position),
        link: Some(link.map(|link| BannerLink::parse(link).unwrap())),
        ..input(kind, "vi", title)
    };
    create(&app, kind, banner(&second_picture, 2, None, "Hai")).await;
    let first =
        create(&app, kind, banner(&first_picture, 1, Some("/pages/vip/index"), "Một")).await;
    translate(&app, kind, first, "en", "One").await;

    let listed = list(&app, &player, "/api/banner/index", "en").await;
    assert_eq!(titles(&listed), ["One", "Hai"]);
    assert_eq!(listed[0]["picture"], format!("media/content/{first_picture}"));
    assert_eq!(listed[0]["link"], "/pages/vip/index");
    assert_eq!(listed[1]["link"], Value::Null);

    let now = app.now();
    let home = app
        .db
        .read(move |connection| fairhall::content::banners_for_home(connection, "ja", "vi", now))
        .await
        .unwrap();
    let home: Vec<_> = home.iter().map(|banner| banner.title.as_str()).collect();
    assert_eq!(home, ["Một", "Hai"]);
}

#[tokio::test]
async fn pictures_are_served_to_everyone_with_immutable_caching() {
    let app = TestApp::spawn().await;
    let name = picture(&app, 7).await;
    assert_eq!(name.len(), 64 + ".png".len());
    assert_eq!(picture(&app, 7).await, name, "the same bytes are one picture");

    let request = Request::get(format!("/media/content/{name}")).body(Body::empty()).unwrap();
    let served = app.send(request).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.header("content-type"), "image/png");
    assert_eq!(served.header("cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(served.bytes.as_ref(), png(7).as_slice());

    for unknown in [format!("{}.png", "0".repeat(64)), "..%2Ffairhall.db".into(), "x.png".into()] {
        let request =
            Request::get(format!("/media/content/{unknown}")).body(Body::empty()).unwrap();
        assert_eq!(app.send(request).await.status, StatusCode::NOT_FOUND, "{unknown}");
    }
}

/// Fails unless every tag of `html` is allowed and carries no event handler, style or
/// script-capable address.
#[track_caller]
fn assert_harmless(vector: &str, html: &str) {
    let tag = regex::Regex::new(r"<\s*/?\s*([a-zA-Z0-9]+)([^>]*)>").unwrap();
    let handler = regex::Regex::new(r"(^|[\s/])on[a-z]+\s*=").unwrap();
    for found in tag.captures_iter(html) {
        let name = found[1].to_ascii_lowercase();
        let attributes = found[2].to_ascii_lowercase();
        assert!(ALLOWED_TAGS.contains(&name.as_str()), "{vector}\n  kept <{name}>: {html}");
        assert!(!handler.is_match(&attributes), "{vector}\n  kept a handler: {html}");
        for bad in [
            "style",
            "javascript:",
            "vbscript:",
            "data:",
            "srcdoc",
            "src=\"http:",
            "href=\"//",
            "src=\"//",
        ] {
            assert!(!attributes.contains(bad), "{vector}\n  kept {bad}: {html}");
        }
    }
    let lowered = html.to_ascii_lowercase();
    for element in ["<script", "<iframe", "<style", "<form", "<svg", "<object", "<embed", "<input"]
    {
        assert!(!lowered.contains(element), "{vector}\n  kept {element}: {html}");
    }
}

#[tokio::test]
async fn no_known_xss_vector_reaches_a_player() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let kind = ContentKind::Activity;
    let vectors = include_str!("../../support/fixtures/hostile_html.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
    let mut checked = 0;
    for vector in vectors {
        let body = format!("<p>Before</p>{vector}<p>After</p>");
        let input = ItemInput {
            lang: Some("vi"),
            text: TextInput {
                title: Some(ArticleTitle::parse("XSS").unwrap()),
                summary: None,
                body: Some(RichText::parse(&body).expect("readable text is left")),
            },
            ..ItemInput::default()
        };
        let id = create(&app, kind, input).await;
        let reply = get(&app, &player, &format!("/api/activity/detail?id={id}"), Some("vi")).await;
        let stored = reply.assert_ok()["body"].as_str().expect("a body").to_string();
        assert_harmless(vector, &stored);
        assert!(stored.starts_with("<p>Before</p>"), "{vector}: {stored}");
        checked += 1;
    }
    assert!(checked >= 50, "the fixtures hold {checked} vectors");
}

#[tokio::test]
async fn safe_markup_reaches_players_as_written() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let ours = picture(&app, 3).await;
    let safe = format!(
        "<h2>Rules</h2><p>Bet <strong>three</strong> times, <em>daily</em>.</p>\
         <ul><li>One</li><li>Two</li></ul><ol start=\"2\"><li>Three</li></ol>\
         <blockquote>Quote</blockquote><table><thead><tr><th scope=\"col\">Level</th></tr></thead>\
         <tbody><tr><td colspan=\"2\">1</td></tr></tbody></table>\
         <p><img src=\"media/content/{ours}\" alt=\"Ours\"><img src=\"https://cdn.example/a.png\" alt=\"CDN\"></p>"
    );
    let kind = ContentKind::Page;
    let page = ItemInput {
        slug: Some(PageSlug::parse("rules").unwrap()),
        text: TextInput { body: Some(RichText::parse(&safe).unwrap()), ..text(kind, "Rules") },
        ..input(kind, "en", "Rules")
    };
    create(&app, kind, page).await;
    let links =
        "<p><a href=\"https://t.me/hall\">Telegram</a> <a href=\"/pages/vip/index\">VIP</a></p>";
    let with_links = ItemInput {
        slug: Some(PageSlug::parse("links").unwrap()),
        text: TextInput { body: Some(RichText::parse(links).unwrap()), ..text(kind, "Links") },
        ..input(kind, "en", "Links")
    };
    create(&app, kind, with_links).await;

    let shown = get(&app, &player, "/api/page/detail?slug=rules", Some("en")).await;
    assert_eq!(shown.assert_ok()["body"], safe.as_str());
    let linked = get(&app, &player, "/api/page/detail?slug=links", Some("en")).await;
    assert_eq!(
        linked.assert_ok()["body"],
        "<p><a href=\"https://t.me/hall\" rel=\"noopener noreferrer\">Telegram</a> \
         <a href=\"/pages/vip/index\" rel=\"noopener noreferrer\">VIP</a></p>"
    );
}

#[tokio::test]
async fn pictures_of_rich_text_may_come_from_https() {
    let app = TestApp::spawn().await;
    let page = app.get("/", None).await;
    let policy = page.header("content-security-policy");
    assert!(policy.contains("img-src 'self' data: blob: https:;"), "{policy}");
    assert!(policy.contains("script-src 'self'"), "{policy}");
}
