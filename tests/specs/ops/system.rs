//! The start-up config call, the agreements (refused registration, recorded acceptances,
//! raised versions), locations at registration, the support hours, the CSP `frame-src` and
//! the encrypted replies of `[api] encrypt`.

use crate::support::helpers::{PASSWORD, Reply, START, TestApp};
use aes::Aes256;
use base64::Engine;
use cbc::cipher::block_padding::Pkcs7;
use cbc::cipher::{BlockDecryptMut, KeyIvInit};
use fairhall::config::{Config, SupportChannel, SupportLink};
use serde_json::{Value, json};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const IV: &str = "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf";

#[tokio::test]
async fn the_config_call_carries_the_app_version_agreements_and_locations() {
    let app = TestApp::spawn().await;
    let configured = TestApp::spawn_with(|config| {
        config.app.frame_allow = vec!["https://games.example.com".into()];
        config.app.agreements[0].titles.insert("en".into(), "Privacy".into());
    })
    .await;

    let reply = app.config().await;
    let data = reply.assert_ok();
    let other = configured.config().await;

    assert_eq!(data["version"], "3.1.0");
    assert_eq!(data["server_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        data["agreements"],
        json!([
            { "key": "privacy_policy", "titles": {}, "version": "1",
              "url": "#/pages/jogos/about-us?page=privacy-policy" },
            { "key": "user_agreement", "titles": {}, "version": "1",
              "url": "#/pages/jogos/about-us?page=user-agreement" },
        ])
    );
    let vietnam = &data["locations"][0];
    assert_eq!(vietnam["code"], "VN");
    assert_eq!(vietnam["dialling_code"], "+84");
    assert_eq!(vietnam["currency"], "VND");
    assert_eq!(vietnam["picture"], "flags/vn.svg");
    assert_eq!(data["locations"].as_array().map(Vec::len), Some(5));
    assert_eq!(data["frame_allow"], json!([]));
    assert_eq!(data["encryption"], Value::Null);
    let other = other.assert_ok();
    assert_eq!(other["frame_allow"], json!(["https://games.example.com"]));
    assert_eq!(other["agreements"][0]["titles"], json!({ "en": "Privacy" }));
}

#[tokio::test]
async fn the_config_call_reports_the_version_fairhall_version_prints() {
    let app = TestApp::spawn().await;

    let reply = app.config().await;
    let data = reply.assert_ok();
    let version = data["version"].as_str().expect("a version");
    let printed = fairhall::cli::version_text();
    let older = Config::parse("[app]\nversion = \"3.0.9\"\n").expect("an older file loads");

    assert_eq!(printed.split(' ').next(), Some(version), "--version prints {printed:?}");
    assert_eq!(data["server_version"], version);
    assert!(
        !toml::to_string(&older).expect("serializes").contains("3.0.9"),
        "the ignored key is not written back: the app shows only {version}"
    );
}

fn unaccepted_registration(app: &TestApp) -> Value {
    json!({ "phone": app.fresh_phone(), "password": PASSWORD, "repassword": PASSWORD })
}

#[tokio::test]
async fn registration_without_accepting_the_agreements_is_refused_and_creates_nobody() {
    let app = TestApp::spawn().await;
    let path = "/api/login/do_register";
    let lang = [("lang", "en")];
    let mut refusals = Vec::new();
    for agree in [None, Some("0"), Some(""), Some("false")] {
        let mut form = unaccepted_registration(&app);
        if let Some(agree) = agree {
            form["agree"] = json!(agree);
        }
        let phone = form["phone"].as_str().expect("a phone").to_string();
        refusals.push((agree, phone, app.post_json(path, &form, &lang).await));
    }

    for (agree, phone, reply) in refusals {
        assert_eq!(reply.err(), "agreement_required", "agree = {agree:?}");
        assert!(reply.body["msg"].as_str().unwrap_or_default().contains("Privacy Policy"));
        assert_eq!(app.login(&phone, PASSWORD).await.err(), "login_failed");
    }
}

async fn agreements(app: &TestApp, token: &str) -> Value {
    app.get("/api/agreements/index", Some(token)).await.assert_ok().clone()
}

#[tokio::test]
async fn registration_records_the_version_of_each_agreement_and_the_time() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let statuses = agreements(&app, &player.token).await;

    let accepted = |key: &str| {
        json!({ "key": key, "version": "1", "accepted": true, "accepted_version": "1",
                "accepted_at": START.secs() })
    };
    assert_eq!(statuses, json!([accepted("privacy_policy"), accepted("user_agreement")]));
}

#[tokio::test]
async fn a_raised_version_waits_for_the_players_acceptance_which_is_recorded() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let player = TestApp::open(dir.path(), |_| {}).player().await;
    let app = TestApp::open(dir.path(), |config: &mut Config| {
        config.app.agreements[1].version = "2026-11".into();
    });
    app.clock.advance(3_600);

    let pending = agreements(&app, &player.token).await;
    let session = [("token", player.token.as_str())];
    let accept = |version: &str| json!({ "key": "user_agreement", "version": version });
    let old = app.post_json("/api/agreements/accept", &accept("1"), &session).await;
    let unknown = json!({ "key": "cookies", "version": "1" });
    let unknown = app.post_json("/api/agreements/accept", &unknown, &session).await;
    let current = app.post_json("/api/agreements/accept", &accept("2026-11"), &session).await;

    assert_eq!(pending[0]["accepted"], true);
    assert_eq!(
        pending[1],
        json!({ "key": "user_agreement", "version": "2026-11", "accepted": false,
                "accepted_version": "1", "accepted_at": START.secs() })
    );
    assert_eq!(old.err(), "bad_params");
    assert_eq!(unknown.err(), "bad_params");
    assert_eq!(
        current.assert_ok()[1],
        json!({ "key": "user_agreement", "version": "2026-11", "accepted": true,
                "accepted_version": "2026-11", "accepted_at": START.secs() + 3_600 })
    );
    assert_eq!(agreements(&app, &player.token).await, *current.assert_ok());
    assert_eq!(app.get("/api/agreements/index", None).await.status, 401);
}

#[tokio::test]
async fn a_chosen_location_sets_the_phone_pattern_of_registration() {
    let app = TestApp::spawn().await;
    let form = |phone: &str, location: &str| {
        json!({ "phone": phone, "password": PASSWORD, "repassword": PASSWORD,
                "location": location })
    };

    let vietnamese = app.register(form("0912345678", "VN")).await;
    let default_shape_in_vietnam = app.register(form("13812345678", "VN")).await;
    let indian = app.register(form("9876543210", "in")).await;
    let unknown = app.register(form("13812345679", "XX")).await;

    assert_eq!(vietnamese.assert_ok()["user"]["phone"], "091****5678");
    assert_eq!(default_shape_in_vietnam.err(), "invalid_phone");
    indian.assert_ok();
    assert_eq!(unknown.err(), "bad_params");
}

#[tokio::test]
async fn the_support_contacts_list_the_links_and_whether_support_is_open_now() {
    // START is 08:00 UTC: 15:00 in Ho Chi Minh City.
    let app = TestApp::spawn_with(|config| {
        config.app.support_url = "https://help.example.com/chat".into();
        config.app.support_hours = "16:00-02:00".into();
        config.app.support_links = vec![SupportLink {
            channel: SupportChannel::Telegram,
            label: "@fairhall_help".into(),
            url: "https://t.me/fairhall_help".into(),
        }];
    })
    .await;
    let player = app.player().await;

    let before = app.get("/api/customer/index", Some(&player.token)).await;
    app.clock.advance(3_600);
    let after = app.get("/api/customer/index", Some(&player.token)).await;

    let before = before.assert_ok();
    assert_eq!(before["open_now"], false);
    assert_eq!(after.assert_ok()["open_now"], true);
    assert_eq!(before["hours"], "16:00-02:00");
    assert_eq!(before["timezone"], "Asia/Ho_Chi_Minh");
    assert_eq!(
        before["links"],
        json!([
            { "channel": "web", "label": "", "url": "https://help.example.com/chat" },
            { "channel": "telegram", "label": "@fairhall_help", "url": "https://t.me/fairhall_help" },
        ])
    );
    assert_eq!(before["support_url"], "https://help.example.com/chat");
}

fn content_security_policy(reply: &Reply) -> String {
    reply.header("content-security-policy").to_string()
}

#[tokio::test]
async fn the_csp_allows_frames_only_from_the_allow_list() {
    let closed = TestApp::spawn().await;
    let open = TestApp::spawn_with(|config| {
        config.app.frame_allow =
            vec!["https://games.example.com".into(), "http://localhost:9000".into()];
    })
    .await;

    let closed_policy = content_security_policy(&closed.get("/healthz", None).await);
    let open_policy = content_security_policy(&open.config().await);

    assert!(closed_policy.contains("frame-src 'none';"), "{closed_policy}");
    assert!(
        open_policy.contains("frame-src https://games.example.com http://localhost:9000;"),
        "{open_policy}"
    );
    assert!(open_policy.contains("frame-ancestors 'none'"), "{open_policy}");
}

fn decrypt(reply: &Reply) -> Value {
    let sealed = base64::engine::general_purpose::STANDARD
        .decode(&reply.bytes)
        .unwrap_or_else(|error| panic!("base64 ({error}): {:?}", reply.bytes));
    let (key, iv) = (hex::decode(KEY).expect("hex"), hex::decode(IV).expect("hex"));
    let plain = cbc::Decryptor::<Aes256>::new_from_slices(&key, &iv)
        .expect("a key and IV")
        .decrypt_padded_vec_mut::<Pkcs7>(&sealed)
        .expect("valid padding");
    serde_json::from_slice(&plain).expect("JSON inside")
}

fn encrypting(config: &mut Config) {
    config.api.encrypt = true;
    config.api.key = KEY.into();
    config.api.iv = IV.into();
}

#[tokio::test]
async fn an_encrypted_reply_decrypts_to_the_plain_one() {
    let plain = TestApp::spawn().await;
    let encrypted = TestApp::spawn_with(encrypting).await;
    let form = json!({ "phone": "13812345678", "password": PASSWORD, "repassword": PASSWORD,
        "agree": "1" });
    let plain_token = plain.register(form.clone()).await.assert_ok()["token"].clone();
    let registered = encrypted.register(form).await;
    let token = decrypt(&registered)["data"]["token"].clone();

    let plain_profile = plain.personal_index(plain_token.as_str().expect("a token")).await;
    let sealed_profile = encrypted.personal_index(token.as_str().expect("a token")).await;
    let refusal = encrypted.register(json!({ "agree": "0" })).await;
    let config = encrypted.config().await;
    let health = encrypted.get("/healthz", None).await;

    assert_eq!(sealed_profile.header("content-type"), "text/plain; charset=utf-8");
    assert_eq!(sealed_profile.body, Value::Null, "not JSON on the wire");
    // Each app draws its own invite code; everything else is the same player.
    let without_invite_code = |mut body: Value| {
        body["data"]["invite_code"] = Value::Null;
        body
    };
    assert_eq!(
        without_invite_code(decrypt(&sealed_profile)),
        without_invite_code(plain_profile.body.clone())
    );
    assert_eq!(plain_profile.code(), 1);
    assert_eq!(decrypt(&refusal)["err"], "missing_params");
    assert!(!decrypt(&refusal)["msg"].as_str().unwrap_or_default().is_empty(), "localized");
    assert_eq!(config.assert_ok()["encryption"], json!({ "key": KEY, "iv": IV }));
    assert_eq!(health.body["status"], "ok", "only api/* is encrypted");
}
