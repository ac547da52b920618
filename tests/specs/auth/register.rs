//! Registration (api/login/do_register, user/register): the fields' rules, uniqueness, and the
//! operator's invite and verification-code requirements.

use crate::support::helpers::{PASSWORD, TestApp, merge, other_code, user_id};
use serde_json::{Value, json};

#[tokio::test]
async fn registration_returns_a_session_and_a_fresh_profile() {
    let app = TestApp::spawn().await;
    let form = json!({ "phone": "13812345678", "password": PASSWORD, "repassword": PASSWORD,
        "username": "alice_01", "agree": "1" });

    let reply = app.register(form).await;

    let data = reply.assert_ok();
    let token = data["token"].as_str().expect("a token");
    assert_eq!(token.len(), 64, "a 256-bit token in hex");
    assert!(token.bytes().all(|byte| byte.is_ascii_hexdigit()));
    let user = &data["user"];
    assert!(user["id"].as_i64().is_some_and(|id| id > 0));
    assert_eq!(user["username"], "alice_01");
    assert_eq!(user["phone"], "138****5678");
    assert_eq!(user["vip_level"], 0);
    for balance in ["balance", "game_balance", "total_deposit", "betting_points"] {
        assert_eq!(user[balance], "0.00", "{balance}");
    }
    let invite_code = user["invite_code"].as_str().expect("an invite code");
    assert_eq!(invite_code.len(), 8);
    assert!(invite_code.bytes().all(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit()));
    assert_eq!(app.personal_index(token).await.assert_ok(), user);
}

#[tokio::test]
async fn the_compat_paths_register_log_in_show_the_profile_and_log_out() {
    let app = TestApp::spawn().await;
    let form = app.registration();
    let phone = form["phone"].as_str().expect("a phone").to_string();

    let registered = app.post_json("/user/register", &form, &[]).await;
    let user = registered.assert_ok()["user"].clone();
    let login = json!({ "account": phone, "password": PASSWORD });
    let logged_in = app.post_json("/user/login", &login, &[]).await;
    let token = logged_in.assert_ok()["token"].as_str().expect("a token").to_string();
    let info = app.post_json("/user/getUserinfo", &json!({}), &[("token", &token)]).await;
    let logged_out = app.post_json("/api/login/logout", &json!({}), &[("token", &token)]).await;

    assert_eq!(logged_in.assert_ok()["user"], user);
    assert_eq!(info.assert_ok(), &user);
    logged_out.assert_ok();
    app.personal_index(&token).await.assert_session_ended();
}

#[tokio::test]
async fn invalid_registrations_are_refused_with_their_key_and_create_nobody() {
    let app = TestApp::spawn().await;
    let valid = json!({ "phone": "13812345678", "password": PASSWORD, "repassword": PASSWORD,
        "agree": "1" });
    let cases: &[(&str, Value, &str)] = &[
        ("no phone", json!({ "phone": null }), "missing_params"),
        ("an empty phone", json!({ "phone": "" }), "missing_params"),
        ("no password", json!({ "password": null }), "missing_params"),
        ("no repeated password", json!({ "repassword": null }), "missing_params"),
        ("a phone starting with 2", json!({ "phone": "23812345678" }), "invalid_phone"),
        ("a phone of 10 digits", json!({ "phone": "1381234567" }), "invalid_phone"),
        ("a phone of 12 digits", json!({ "phone": "138123456789" }), "invalid_phone"),
        ("a phone with a letter", json!({ "phone": "1381234567a" }), "invalid_phone"),
        ("a phone with a country prefix", json!({ "phone": "+8613812345678" }), "invalid_phone"),
        ("a phone with inner spaces", json!({ "phone": "138 1234 5678" }), "invalid_phone"),
        (
            "a phone in full-width digits",
            json!({ "phone": "１３８１２３４５６７８" }),
            "invalid_phone",
        ),
        ("a phone in Arabic-Indic digits", json!({ "phone": "1٣٨١٢٣٤٥٦٧٨" }), "invalid_phone"),
        (
            "a password of 5",
            json!({ "password": "abc12", "repassword": "abc12" }),
            "invalid_password",
        ),
        (
            "a password of 19",
            json!({ "password": "a".repeat(19), "repassword": "a".repeat(19) }),
            "invalid_password",
        ),
        (
            "a password with a space",
            json!({ "password": "abc 123", "repassword": "abc 123" }),
            "invalid_password",
        ),
        (
            "a password with a symbol",
            json!({ "password": "abc123!", "repassword": "abc123!" }),
            "invalid_password",
        ),
        (
            "a password with non-ASCII letters",
            json!({ "password": "pässwort", "repassword": "pässwort" }),
            "invalid_password",
        ),
        ("passwords that differ", json!({ "repassword": "secret_2" }), "password_mismatch"),
        ("a login name of 3", json!({ "username": "abc" }), "login_name_length"),
        (
            "a login name without a letter",
            json!({ "username": "12345" }),
            "login_name_needs_letter",
        ),
        ("a login name with a hyphen", json!({ "username": "ab-cd" }), "invalid_login_name"),
        ("a login name of 33", json!({ "username": "a".repeat(33) }), "login_name_length"),
        ("an unknown invite code", json!({ "invite_code": "ZZZZ9999" }), "invalid_invite_code"),
        ("a malformed invite code", json!({ "invite_code": "a!" }), "invalid_invite_code"),
    ];

    for (description, patch, expected) in cases {
        let mut form = valid.clone();
        merge(&mut form, patch);
        let reply = app.register(form).await;
        assert_eq!(reply.err(), *expected, "{description}: {reply:?}");
    }
    app.register(valid).await.assert_ok();
}

#[tokio::test]
async fn a_refused_login_name_says_which_rule_it_breaks_in_the_players_language() {
    let app = TestApp::spawn().await;
    let mut form = app.registration();
    merge(&mut form, &json!({ "username": "1234", "agree": "1", "age_confirmed": "1" }));
    let mut messages = Vec::new();
    for lang in ["en", "vi", "zh"] {
        let reply = app.post_json("/api/login/do_register", &form, &[("lang", lang)]).await;
        assert_eq!(reply.err(), "login_name_needs_letter", "{reply:?}");
        messages.push(reply.msg().to_owned());
    }
    let mut short = form.clone();
    merge(&mut short, &json!({ "username": "ab" }));
    let short = app.post_json("/api/login/do_register", &short, &[("lang", "en")]).await;

    assert_eq!(
        messages,
        [
            "A login name needs at least one letter, so that it is never taken for a phone number",
            "Tên đăng nhập cần ít nhất một chữ cái để không bị nhầm với số điện thoại",
            "登录名至少要有一个字母，以免被当作手机号",
        ]
    );
    assert_eq!(short.err(), "login_name_length");
    assert_eq!(short.msg(), "A login name has 4 to 32 characters", "the limits filled in");
}

#[tokio::test]
async fn the_limits_of_each_field_are_inclusive() {
    let app = TestApp::spawn().await;
    let cases: &[(&str, Value)] = &[
        ("a password of 6", json!({ "password": "abc_12", "repassword": "abc_12" })),
        ("a password of 18", json!({ "password": "a".repeat(18), "repassword": "a".repeat(18) })),
        ("a login name of 4", json!({ "username": "abcd" })),
        ("a login name of 32", json!({ "username": "a".repeat(32) })),
        ("a login name with digits and underscores", json!({ "username": "player_2026" })),
    ];

    for (description, patch) in cases {
        let mut form = app.registration();
        merge(&mut form, patch);
        let reply = app.register(form).await;
        assert_eq!(reply.code(), 1, "{description}: {reply:?}");
    }
}

#[tokio::test]
async fn a_phone_can_register_only_once() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let mut form = app.registration();
    merge(&mut form, &json!({ "phone": player.phone }));
    let reply = app.register(form).await;

    assert_eq!(reply.err(), "phone_taken");
}

#[tokio::test]
async fn a_login_name_can_be_taken_only_once_whatever_its_case() {
    let app = TestApp::spawn().await;
    app.player_with(json!({ "username": "Alice_01" })).await;

    for (description, name) in [("the same name", "Alice_01"), ("another case", "aLICE_01")] {
        let mut form = app.registration();
        merge(&mut form, &json!({ "username": name }));
        let reply = app.register(form).await;
        assert_eq!(reply.err(), "login_name_taken", "{description}");
    }
}

#[tokio::test]
async fn the_operators_phone_pattern_replaces_the_default() {
    let app = TestApp::spawn_with(|config| config.auth.phone_pattern = r"^0\d{9}$".into()).await;
    let form = |phone: &str| {
        json!({ "phone": phone, "password": PASSWORD, "repassword": PASSWORD,
        "agree": "1" })
    };

    let local = app.register(form("0912345678")).await;
    let default_shaped = app.register(form("13812345678")).await;

    assert_eq!(local.assert_ok()["user"]["phone"], "091****5678");
    assert_eq!(default_shaped.err(), "invalid_phone");
    assert_eq!(app.config().await.assert_ok()["phone_pattern"], r"^0\d{9}$");
}

#[tokio::test]
async fn an_invite_requirement_refuses_registration_without_a_players_code() {
    let app = TestApp::spawn_with(|config| config.auth.require_invite = true).await;
    let inviter = app.created_player().await;

    let without = app.register(app.registration()).await;
    let unknown = app.register(with(app.registration(), json!({ "invite_code": "ZZZZ9999" })));
    let unknown = unknown.await;
    let invited =
        app.register(with(app.registration(), json!({ "invite_code": inviter.invite_code })));
    let invited = invited.await;
    let lower = inviter.invite_code.to_lowercase();
    let lowercase = app.register(with(app.registration(), json!({ "invite_code": lower }))).await;

    assert_eq!(without.err(), "invite_required");
    assert_eq!(unknown.err(), "invalid_invite_code");
    let invited_id = user_id(&invited.assert_ok()["user"]["id"]);
    assert_eq!(app.user_detail(invited_id).await.inviter_id, Some(inviter.id));
    let lowercase_id = user_id(&lowercase.assert_ok()["user"]["id"]);
    assert_eq!(app.user_detail(lowercase_id).await.inviter_id, Some(inviter.id));
    assert_eq!(app.config().await.assert_ok()["require_invite"], true);
}

#[tokio::test]
async fn without_an_invite_requirement_an_invite_code_is_still_recorded() {
    let app = TestApp::spawn().await;
    let inviter = app.player().await;

    let invited = app.player_with(json!({ "invite_code": inviter.invite_code })).await;
    let uninvited = app.player().await;

    assert_eq!(app.user_detail(invited.id).await.inviter_id, Some(inviter.id));
    assert_eq!(app.user_detail(uninvited.id).await.inviter_id, None);
}

fn with(mut form: Value, patch: Value) -> Value {
    merge(&mut form, &patch);
    form
}

async fn code_app() -> TestApp {
    TestApp::spawn_with(|config| config.auth.require_code = true).await
}

#[tokio::test]
async fn a_code_requirement_refuses_registration_without_the_sent_code() {
    let app = code_app().await;
    let form = app.registration();
    let phone = form["phone"].as_str().expect("a phone").to_string();
    let sent = app.code_for(&phone, "register").await;
    let cases: &[(&str, Value, &str)] = &[
        ("no code", json!({ "code": null }), "code_required"),
        ("a code of 5 digits", json!({ "code": "12345" }), "invalid_code"),
        ("a code of 7 digits", json!({ "code": "1234567" }), "invalid_code"),
        ("a code with a letter", json!({ "code": "12345a" }), "invalid_code"),
        ("another code", json!({ "code": other_code(&sent) }), "invalid_code"),
    ];

    for (description, patch, expected) in cases {
        let reply = app.register(with(form.clone(), patch.clone())).await;
        assert_eq!(reply.err(), *expected, "{description}: {reply:?}");
    }
    let registered = app.register(with(form, json!({ "code": sent }))).await;
    registered.assert_ok();
    assert_eq!(app.config().await.assert_ok()["require_code"], true);
}

#[tokio::test]
async fn a_registration_code_is_bound_to_its_phone_and_purpose() {
    let app = code_app().await;
    let player = app.created_player().await;
    let (first, second) = (app.fresh_phone(), app.fresh_phone());
    let code_of_first = app.code_for(&first, "register").await;
    let bind_code = app.send_code_as(&player.token, &second, "bind").await;
    bind_code.assert_ok();
    let bind_code = app.latest_code(&second).await.expect("a bind code").code;

    let other_phone = app
        .register(with(
            app.registration(),
            json!({ "phone": second,
        "code": code_of_first }),
        ))
        .await;
    let other_purpose = app
        .register(with(
            app.registration(),
            json!({ "phone": second,
        "code": bind_code }),
        ))
        .await;

    assert_eq!(other_phone.err(), "invalid_code");
    assert_eq!(other_purpose.err(), "invalid_code");
}

#[tokio::test]
async fn a_registration_code_expires_after_its_time_to_live() {
    let app = TestApp::spawn_with(|config| {
        config.auth.require_code = true;
        config.auth.code_ttl_secs = 120;
    })
    .await;
    let (late, in_time) = (app.registration(), app.registration());
    let late_code = app.code_for(late["phone"].as_str().expect("a phone"), "register").await;
    let in_time_code = app.code_for(in_time["phone"].as_str().expect("a phone"), "register").await;

    app.clock.advance(119);
    let before = app.register(with(in_time, json!({ "code": in_time_code }))).await;
    app.clock.advance(1);
    let after = app.register(with(late, json!({ "code": late_code }))).await;

    before.assert_ok();
    assert_eq!(after.err(), "invalid_code");
}

#[tokio::test]
async fn a_registration_code_is_refused_after_too_many_wrong_tries() {
    let app = TestApp::spawn_with(|config| {
        config.auth.require_code = true;
        config.auth.code_max_attempts = 3;
    })
    .await;
    let (blocked, allowed) = (app.registration(), app.registration());
    let blocked_code = app.code_for(blocked["phone"].as_str().expect("a phone"), "register").await;
    let allowed_code = app.code_for(allowed["phone"].as_str().expect("a phone"), "register").await;

    for _ in 0..3 {
        let wrong = json!({ "code": other_code(&blocked_code) });
        assert_eq!(app.register(with(blocked.clone(), wrong)).await.err(), "invalid_code");
    }
    for _ in 0..2 {
        let wrong = json!({ "code": other_code(&allowed_code) });
        assert_eq!(app.register(with(allowed.clone(), wrong)).await.err(), "invalid_code");
    }
    let refused = app.register(with(blocked, json!({ "code": blocked_code }))).await;
    let accepted = app.register(with(allowed, json!({ "code": allowed_code }))).await;

    assert_eq!(refused.err(), "invalid_code");
    accepted.assert_ok();
}

#[tokio::test]
async fn a_registration_refused_after_the_code_check_leaves_the_code_usable() {
    let app = code_app().await;
    app.created_player_named(Some("taken_01")).await;
    let form = app.registration();
    let phone = form["phone"].as_str().expect("a phone").to_string();
    let code = app.code_for(&phone, "register").await;

    let taken_name = json!({ "code": code, "username": "taken_01" });
    let refused = app.register(with(form.clone(), taken_name)).await;
    let accepted = app.register(with(form, json!({ "code": code }))).await;

    assert_eq!(refused.err(), "login_name_taken");
    accepted.assert_ok();
}
