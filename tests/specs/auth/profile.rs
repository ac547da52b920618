//! The personal centre: profile fields, email and phone changes with a code, and the avatar
//! (the passwords are in passwords.rs).

use crate::support::helpers::{PASSWORD, Player, Reply, TestApp, other_code};
use crate::support::wallet_support::PNG;
use crate::wallet::payout_accounts::{add_bank, card_form};
use axum::http::StatusCode;
use serde_json::{Value, json};

// ---- one function per endpoint ----

pub async fn post(app: &TestApp, player: &Player, path: &str, form: Value) -> Reply {
    app.post_json(path, &form, &[("token", &player.token)]).await
}

async fn set_user_info(app: &TestApp, player: &Player, form: Value) -> Reply {
    post(app, player, "/api/personal/setuserinfo", form).await
}

/// Uploads `bytes` as the multipart file part `field` named `file_name`.
pub async fn set_header(
    app: &TestApp,
    player: &Player,
    (field, file_name): (&str, &str),
    bytes: &[u8],
) -> Reply {
    let boundary = "fairhall-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; \
         filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let headers = [("token", player.token.as_str())];
    app.post_raw("/api/personal/setheader", Some(&content_type), body, &headers).await
}

pub async fn profile(app: &TestApp, player: &Player) -> Value {
    app.personal_index(&player.token).await.assert_ok().clone()
}

/// A bind code sent (logged in) to `target`, as delivered in log mode.
async fn bind_code(app: &TestApp, player: &Player, target: &str) -> String {
    app.send_code_as(&player.token, target, "bind").await.assert_ok();
    app.latest_code(target).await.expect("a delivered code").code
}

// ---- profile fields ----

#[tokio::test]
async fn profile_fields_change_only_when_given() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let everything = json!({ "nickname": "Ann", "real_name": " Tran Thi Binh ",
        "email": "Ann@Example.com", "tax_number": "0312-456-789" });
    set_user_info(&app, &player, everything).await.assert_ok();
    set_user_info(&app, &player, json!({ "nickname": "Annie" })).await.assert_ok();

    let shown = profile(&app, &player).await;
    assert_eq!(shown["nickname"], "Annie");
    assert_eq!(shown["real_name"], "Tran Thi Binh");
    assert_eq!(shown["email"], "ann@example.com");
    assert_eq!(shown["tax_number"], "0312-456-789");
    for kept in [
        "id",
        "username",
        "phone",
        "avatar",
        "vip_level",
        "balance",
        "game_balance",
        "total_deposit",
        "betting_points",
        "invite_code",
        "fund_password_set",
        "bank_card_bound",
    ] {
        assert!(!shown[kept].is_null(), "{kept} is still in the profile");
    }
}

/// Gives the player the role `name`, as `fairhall admin user role add` does.
async fn add_role(app: &TestApp, player: &Player, name: &'static str) {
    use fairhall::auth::grants::{Grant, add_grant};
    use fairhall::auth::permissions::RoleName;
    let (user_id, now) = (player.id, app.now());
    let role = RoleName::parse(name).expect("a role name");
    let added = app.db.write(move |tx| add_grant(tx, user_id, &Grant::Role(role), now)).await;
    assert!(added.expect("the role is stored"), "{name} is new");
}

#[tokio::test]
async fn the_account_type_is_normal_until_the_operator_marks_a_test_or_agent_account() {
    let app = TestApp::spawn().await;
    let (normal, agent, tester, admin) =
        (app.player().await, app.player().await, app.player().await, app.player().await);
    add_role(&app, &agent, "agent").await;
    add_role(&app, &tester, "agent").await;
    add_role(&app, &tester, "test").await;
    add_role(&app, &admin, "admin").await;

    let mut shown = Vec::new();
    for player in [&normal, &agent, &tester, &admin] {
        shown.push(profile(&app, player).await["account_type"].clone());
    }
    let login = app.login(&agent.phone, PASSWORD).await;

    assert_eq!(shown, [json!("normal"), json!("agent"), json!("test"), json!("normal")]);
    assert_eq!(login.assert_ok()["user"]["account_type"], "agent", "the login reply's user too");
}

#[tokio::test]
async fn invalid_profile_fields_are_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        ("nothing to change", json!({}), "missing_params"),
        ("a nickname of 33 characters", json!({ "nickname": "n".repeat(33) }), "text_too_long"),
        ("a real name of 65 characters", json!({ "real_name": "r".repeat(65) }), "text_too_long"),
        ("a blank real name", json!({ "real_name": "  " }), "missing_params"),
        ("an email without a domain", json!({ "email": "ann@" }), "invalid_email"),
        ("an email with a space", json!({ "email": "a nn@example.com" }), "invalid_email"),
        ("a tax number with a space", json!({ "tax_number": "12 34" }), "bad_format"),
        ("a tax number of 33 characters", json!({ "tax_number": "1".repeat(33) }), "text_too_long"),
        (
            "a valid nickname beside a bad email",
            json!({ "nickname": "Ok", "email": "x" }),
            "invalid_email",
        ),
    ];

    for (description, form, key) in cases {
        assert_eq!(set_user_info(&app, &player, form).await.err(), key, "{description}");
    }

    let shown = profile(&app, &player).await;
    assert_eq!(
        (&shown["nickname"], &shown["real_name"], &shown["email"]),
        (&json!(""), &json!(""), &json!(""))
    );
}

#[tokio::test]
async fn the_real_name_is_fixed_once_a_bank_card_is_linked() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    set_user_info(&app, &player, json!({ "real_name": "Someone Else" })).await.assert_ok();
    set_user_info(&app, &player, json!({ "real_name": "Nguyen Van An" })).await.assert_ok();
    add_bank(&app, &player, card_form()).await.assert_ok();

    let renamed = set_user_info(&app, &player, json!({ "real_name": "Someone Else" })).await;
    let same_name = json!({ "real_name": "NGUYEN VAN AN", "nickname": "An" });
    let same_name = set_user_info(&app, &player, same_name).await;

    assert_eq!(renamed.err(), "withdraw_account_locked");
    same_name.assert_ok();
    let shown = profile(&app, &player).await;
    assert_eq!((&shown["real_name"], &shown["nickname"]), (&json!("Nguyen Van An"), &json!("An")));
}

// ---- email and phone ----

#[tokio::test]
async fn the_email_changes_with_a_code_sent_to_it() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let code = bind_code(&app, &player, "ann@example.com").await;
    let other_email_code = bind_code(&app, &player, "bob@example.com").await;

    let cases = [
        (
            "a wrong code",
            json!({ "email": "ann@example.com", "code": other_code(&code) }),
            "invalid_code",
        ),
        (
            "another email's code",
            json!({ "email": "ann@example.com", "code": other_email_code }),
            "invalid_code",
        ),
        ("a malformed code", json!({ "email": "ann@example.com", "code": "12ab" }), "invalid_code"),
        ("no code", json!({ "email": "ann@example.com" }), "missing_params"),
        ("no email", json!({ "code": code }), "missing_params"),
        ("a bad email", json!({ "email": "ann@example", "code": code }), "invalid_email"),
    ];
    for (description, form, key) in cases {
        let reply = post(&app, &player, "/api/personal/setemail", form).await;
        assert_eq!(reply.err(), key, "{description}");
    }
    let form = json!({ "email": "Ann@Example.com", "code": code });
    let changed = post(&app, &player, "/api/personal/setemail", form.clone()).await;

    changed.assert_ok();
    assert_eq!(profile(&app, &player).await["email"], "ann@example.com");
    let reused = post(&app, &player, "/api/personal/setemail", form).await;
    assert_eq!(reused.err(), "invalid_code", "a code is used once");
}

#[tokio::test]
async fn user_changeemail_is_the_same_endpoint() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let code = bind_code(&app, &player, "cat@example.com").await;

    let form = json!({ "email": "cat@example.com", "code": code });
    post(&app, &player, "/user/changeemail", form).await.assert_ok();

    assert_eq!(profile(&app, &player).await["email"], "cat@example.com");
}

#[tokio::test]
async fn the_phone_changes_with_a_code_and_becomes_the_login() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let new_phone = app.fresh_phone();
    let code = bind_code(&app, &player, &new_phone).await;

    let wrong = json!({ "phone": new_phone, "code": other_code(&code) });
    let wrong = post(&app, &player, "/api/personal/setmobile", wrong).await;
    let right = json!({ "mobile": new_phone, "code": code });
    let changed = post(&app, &player, "/api/personal/setmobile", right).await;

    assert_eq!(wrong.err(), "invalid_code");
    changed.assert_ok();
    let masked = format!("{}****{}", &new_phone[..3], &new_phone[7..]);
    assert_eq!(profile(&app, &player).await["phone"], masked);
    assert_eq!(app.login(&player.phone, PASSWORD).await.err(), "login_failed");
    assert_eq!(app.login(&new_phone, PASSWORD).await.assert_ok()["user"]["id"], player.id);
}

#[tokio::test]
async fn a_phone_of_another_account_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other = app.player().await;
    let code = bind_code(&app, &player, &other.phone).await;
    let cases = [
        ("another account's phone", json!({ "phone": other.phone, "code": code }), "phone_taken"),
        ("its own phone", json!({ "phone": player.phone, "code": code }), "phone_taken"),
        ("not a phone", json!({ "phone": "12345", "code": code }), "invalid_phone"),
        ("no code", json!({ "phone": app.fresh_phone() }), "missing_params"),
    ];

    for (description, form, key) in cases {
        let reply = post(&app, &player, "/user/changemobile", form).await;
        assert_eq!(reply.err(), key, "{description}");
    }

    app.login(&player.phone, PASSWORD).await.assert_ok();
}

#[tokio::test]
async fn user_changemobile_is_the_same_endpoint() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let new_phone = app.fresh_phone();
    let code = bind_code(&app, &player, &new_phone).await;

    post(&app, &player, "/user/changemobile", json!({ "phone": new_phone, "code": code }))
        .await
        .assert_ok();

    app.login(&new_phone, PASSWORD).await.assert_ok();
}

// ---- avatar ----

#[tokio::test]
async fn an_uploaded_avatar_is_served_back_and_replaces_the_old_one() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let first = set_header(&app, &player, ("avatar", "me.png"), PNG).await;
    let first = first.assert_ok()["avatar"].as_str().expect("an avatar").to_string();
    let served = app.get(&format!("/{first}"), None).await;
    let second = set_header(&app, &player, ("file", "again.png"), PNG).await;
    let second = second.assert_ok()["avatar"].as_str().expect("an avatar").to_string();

    assert!(first.starts_with("media/avatars/") && first.ends_with(".png"), "{first}");
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.bytes.as_ref(), PNG);
    assert_eq!(served.header("content-type"), "image/png");
    assert!(served.header("cache-control").contains("immutable"));
    assert_eq!(profile(&app, &player).await["avatar"], second);
    assert_eq!(app.get(&format!("/{second}"), None).await.bytes.as_ref(), PNG);
    let removed = app.get(&format!("/{first}"), None).await;
    assert_eq!((removed.status, removed.err()), (StatusCode::NOT_FOUND, "not_found"));
}

#[tokio::test]
async fn an_avatar_must_be_an_image_within_the_limit() {
    let app = TestApp::spawn_with(|config| config.wallet.avatar_max_bytes = 1024).await;
    let player = app.player().await;
    let mut big = PNG.to_vec();
    big.resize(1025, 0);

    let text = set_header(&app, &player, ("avatar", "photo.png"), b"just some text").await;
    let too_big = set_header(&app, &player, ("avatar", "big.png"), &big).await;
    let no_file = set_header(&app, &player, ("picture", "me.png"), PNG).await;
    let not_multipart =
        app.post_json("/api/personal/setheader", &json!({}), &[("token", &player.token)]).await;

    assert_eq!(text.err(), "bad_format");
    assert_eq!(too_big.err(), "limit_exceeded");
    assert_eq!(no_file.err(), "missing_params");
    assert_eq!(not_multipart.err(), "bad_params");
    assert_eq!(profile(&app, &player).await["avatar"], "");
    let folder = app.config.server.data_dir.join("avatars");
    let stored = std::fs::read_dir(&folder).map(Iterator::count).unwrap_or(0);
    assert_eq!(stored, 0, "refused uploads leave no file");
}

/// Each upload decodes an image (the review found a 136 KB PNG costing 125 MB): uploads are
/// counted per player and per client address before the decode, refused or not.
#[tokio::test]
async fn avatar_uploads_are_throttled_per_player_and_address_before_the_decode() {
    let app = TestApp::spawn_with(|config| config.auth.avatar_uploads_per_hour = 2).await;
    let (player, neighbour) = (app.player().await, app.player().await);

    let first = set_header(&app, &player, ("avatar", "me.png"), PNG).await;
    let not_an_image = set_header(&app, &player, ("avatar", "me.png"), b"just text").await;
    let third = set_header(&app, &player, ("avatar", "me.png"), PNG).await;
    let same_address = set_header(&app, &neighbour, ("avatar", "me.png"), PNG).await;
    app.clock.advance(3600);
    let next_hour = set_header(&app, &player, ("avatar", "me.png"), PNG).await;

    first.assert_ok();
    assert_eq!(not_an_image.err(), "bad_format", "refused, and counted");
    assert_eq!(third.err(), "throttled");
    assert_eq!(same_address.err(), "throttled", "the address's uploads are used up too");
    next_hour.assert_ok();
}

#[tokio::test]
async fn only_stored_avatar_names_are_served() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    set_header(&app, &player, ("avatar", "me.png"), PNG).await.assert_ok();
    std::fs::write(app.config.server.data_dir.join("avatars/notes.txt"), "secret")
        .expect("a stray file");

    for path in [
        "/media/avatars/notes.txt",
        "/media/avatars/..%2Fsecrets.toml",
        &format!("/media/avatars/{}.png", "0".repeat(32)),
        &format!("/media/avatars/{}.exe", "0".repeat(32)),
    ] {
        let reply = app.get(path, None).await;
        assert_eq!((reply.status, reply.err()), (StatusCode::NOT_FOUND, "not_found"), "{path}");
    }
}

// ---- conventions ----

#[tokio::test]
async fn the_personal_centre_endpoints_need_a_session() {
    let app = TestApp::spawn().await;

    for path in [
        "/api/personal/securitypassword",
        "/api/personal/editpassword",
        "/api/personal/setuserinfo",
        "/api/personal/setemail",
        "/api/personal/setmobile",
        "/user/changeemail",
        "/user/changemobile",
        "/api/personal/setheader",
    ] {
        app.post_json(path, &json!({}), &[]).await.assert_login_required();
    }
}

#[tokio::test]
async fn the_openapi_description_lists_every_personal_centre_endpoint() {
    let app = TestApp::spawn().await;
    let endpoints = [
        ("/api/personal/banklist", "get"),
        ("/api/personal/add_bank", "get"),
        ("/api/personal/add_bank", "post"),
        ("/api/personal/bankcard", "get"),
        ("/api/personal/addusdt", "get"),
        ("/api/personal/addusdt", "post"),
        ("/api/personal/usdtlist", "get"),
        ("/api/personal/securitypassword", "get"),
        ("/api/personal/securitypassword", "post"),
        ("/api/personal/editpassword", "get"),
        ("/api/personal/editpassword", "post"),
        ("/api/personal/setuserinfo", "post"),
        ("/api/personal/setemail", "post"),
        ("/user/changeemail", "post"),
        ("/api/personal/setmobile", "post"),
        ("/user/changemobile", "post"),
        ("/api/personal/setheader", "post"),
        ("/media/avatars/{file}", "get"),
    ];

    let reply = app.get("/api/openapi.json", None).await;

    let paths = &reply.body["paths"];
    for (path, method) in endpoints {
        assert!(paths[path][method].is_object(), "{method} {path} is not described");
    }
    let profile = &reply.body["components"]["schemas"]["Profile"]["properties"];
    for field in ["real_name", "email", "tax_number", "fund_password_set", "bank_card_bound"] {
        assert!(profile[field].is_object(), "Profile.{field} is not described");
    }
}
