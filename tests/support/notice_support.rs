//! Message list fixtures: announcements created by the operator's verb, the notice endpoints
//! as a player in a given language, and the messages the product sent.

use crate::support::helpers::{Player, Reply, TestApp};
use axum::body::Body;
use axum::http::Request;
use fairhall::content::announcements::types::AnnouncementChange;
use fairhall::content::announcements::{self, types::NewAnnouncement, types::TextChange};
use fairhall::content::types::{ArticleBody, ArticleTitle};
use serde_json::{Value, json};

pub const INDEX: &str = "/api/notice/index";
pub const READ: &str = "/api/notice/read";
pub const READ_ALL: &str = "/api/notice/read_all";
pub const UNREAD: &str = "/api/notice/unread";
pub const CURRENT: &str = "/api/notice/announcements";

/// An announcement in `lang`, not pinned, showing from its creation on.
pub fn announcement(lang: &'static str, title: &str) -> NewAnnouncement {
    NewAnnouncement {
        lang,
        title: ArticleTitle::parse(title).expect("a valid title"),
        body: ArticleBody::parse(&format!("{title}: the details.")).expect("a valid body"),
        pinned: false,
        starts_at: None,
        ends_at: None,
    }
}

pub trait NoticeApp {
    /// Creates `announcement` as `fairhall admin content create announcement` does.
    async fn announce(&self, announcement: NewAnnouncement) -> i64;
    /// Adds `lang`'s text to announcement `id`.
    async fn translate(&self, id: i64, lang: &'static str, title: &str);
    async fn get_in(&self, player: &Player, path_and_query: &str, lang: &str) -> Reply;
    async fn post_in(&self, player: &Player, path: &str, form: Value, lang: &str) -> Reply;
    /// The list page of `player` reading `lang`.
    async fn notices(&self, player: &Player, lang: &str) -> Vec<Value>;
    async fn open(&self, player: &Player, kind: &str, id: i64, lang: &str) -> Reply;
    async fn unread(&self, player: &Player, lang: &str) -> i64;
    /// The kinds of the messages sent to `player`, as the list shows them in English: titles.
    async fn message_titles(&self, player: &Player) -> Vec<String>;
}

impl NoticeApp for TestApp {
    async fn announce(&self, announcement: NewAnnouncement) -> i64 {
        let now = self.now();
        let created = self.db.write(move |tx| announcements::create(tx, &announcement, now));
        created.await.expect("the announcement is created")
    }

    async fn translate(&self, id: i64, lang: &'static str, title: &str) {
        let change = AnnouncementChange {
            text: Some(TextChange {
                lang,
                title: Some(ArticleTitle::parse(title).expect("a valid title")),
                body: Some(ArticleBody::parse(&format!("{title}: details.")).expect("a body")),
            }),
            ..AnnouncementChange::default()
        };
        let now = self.now();
        let updated = self.db.write(move |tx| announcements::update(tx, id, &change, now));
        updated.await.expect("the text is added");
    }

    async fn get_in(&self, player: &Player, path_and_query: &str, lang: &str) -> Reply {
        let request = Request::get(path_and_query)
            .header("token", &player.token)
            .header("lang", lang)
            .body(Body::empty())
            .expect("a request");
        self.send(request).await
    }

    async fn post_in(&self, player: &Player, path: &str, form: Value, lang: &str) -> Reply {
        self.post_json(path, &form, &[("token", player.token.as_str()), ("lang", lang)]).await
    }

    async fn notices(&self, player: &Player, lang: &str) -> Vec<Value> {
        let reply = self.get_in(player, &format!("{INDEX}?limit=100"), lang).await;
        reply.assert_ok()["list"].as_array().expect("a list").clone()
    }

    async fn open(&self, player: &Player, kind: &str, id: i64, lang: &str) -> Reply {
        self.post_in(player, READ, json!({ "kind": kind, "id": id.to_string() }), lang).await
    }

    async fn unread(&self, player: &Player, lang: &str) -> i64 {
        self.get_in(player, UNREAD, lang).await.assert_ok()["count"].as_i64().expect("a count")
    }

    async fn message_titles(&self, player: &Player) -> Vec<String> {
        let list = self.notices(player, "en").await;
        list.iter()
            .filter(|notice| notice["kind"] == "message")
            .map(|notice| notice["title"].as_str().expect("a title").to_string())
            .collect()
    }
}
