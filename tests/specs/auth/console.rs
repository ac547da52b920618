//! The operator console's session over HTTP (`http::console`, issue 33): sign-in with the
//! passphrase and a TOTP code sets an HttpOnly, SameSite=Strict cookie on `/admin`; every
//! change needs the session's CSRF token; a permission the staff member lacks is refused on
//! the server; `staff disable`, the idle timeout and the absolute lifetime end the session;
//! the console can be turned off or moved to its own address.

use crate::support::console::{Console, PASSPHRASE, StaffAccount, sign_in_reply};
use crate::support::helpers::TestApp;
use axum::http::{Method, StatusCode};
use fairhall::auth::staff::{self, types::DisableReason};
use serde_json::json;

#[tokio::test]
async fn console_sign_in_takes_the_passphrase_and_a_code_and_sets_a_strict_cookie() {
    let app = TestApp::spawn().await;
    let staff = StaffAccount::create(&app, "finance").await;
    let account = staff.user_id.to_string();

    let missing =
        sign_in_reply(&app, &json!({ "account": account, "passphrase": PASSPHRASE })).await;
    assert_eq!(missing.err(), "missing_params");
    let wrong = json!({ "account": account, "passphrase": PASSPHRASE, "code": "000000" });
    let wrong = sign_in_reply(&app, &wrong).await;
    assert_eq!((wrong.code(), wrong.header("set-cookie")), (0, ""), "{wrong:?}");

    let form = json!({ "account": account, "passphrase": PASSPHRASE, "code": staff.code(&app) });
    let reply = sign_in_reply(&app, &form).await;
    let session = reply.assert_ok();
    assert_eq!(session["role"], "finance");
    assert!(session["permissions"].as_array().unwrap().iter().any(|p| p == "wallet:*:*"));
    let cookie = reply.header("set-cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/admin", "Max-Age=43200"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP without a TLS proxy: {cookie}");

    let console = Console {
        staff,
        cookie: cookie.split(';').next().unwrap().to_string(),
        csrf: session["csrf"].as_str().unwrap().to_string(),
    };
    let current = console.get(&app, "/admin/api/session").await;
    assert_eq!(current.assert_ok()["user_id"], session["user_id"]);
    let anonymous = app.get("/admin/api/session", None).await;
    assert_eq!(
        (anonymous.status, anonymous.err()),
        (StatusCode::UNAUTHORIZED, "staff_sign_in_required")
    );
}

#[tokio::test]
async fn console_cookie_is_secure_behind_a_tls_proxy() {
    let app = TestApp::spawn().await;
    let staff = StaffAccount::create(&app, "admin").await;
    let form = json!({ "account": staff.user_id.to_string(), "passphrase": PASSPHRASE, "code": staff.code(&app) });
    let reply = app.post_json("/admin/api/session", &form, &[("x-forwarded-proto", "https")]).await;
    reply.assert_ok();
    assert!(reply.header("set-cookie").ends_with("; Secure"), "{}", reply.header("set-cookie"));
}

#[tokio::test]
async fn console_changes_without_the_sessions_csrf_token_are_refused() {
    let app = TestApp::spawn().await;
    let console = Console::signed_in(&app, "admin").await;
    for csrf in [None, Some("0".repeat(console.csrf.len()))] {
        let refused = console
            .send(&app, (Method::DELETE, "/admin/api/session"), &json!({}), csrf.as_deref())
            .await;
        assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "csrf_refused"));
    }
    console.get(&app, "/admin/api/session").await.assert_ok();
    let signed_out = console
        .send(&app, (Method::DELETE, "/admin/api/session"), &json!({}), Some(&console.csrf))
        .await;
    signed_out.assert_ok();
    assert!(signed_out.header("set-cookie").contains("Max-Age=0"));
    let after = console.get(&app, "/admin/api/session").await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED, "the token is ended on the server");
}

#[tokio::test]
async fn console_refuses_on_the_server_what_the_role_does_not_grant() {
    let app = TestApp::spawn().await;
    let content = Console::signed_in(&app, "content").await;
    let refused = content.get(&app, "/admin/api/deposits").await;
    assert_eq!((refused.status, refused.err()), (StatusCode::FORBIDDEN, "no_permission"));
    assert!(!refused.msg().is_empty(), "the refusal is worded: {refused:?}");
    let approve = content.post(&app, "/admin/api/deposits/1/approve", &json!({})).await;
    assert_eq!(approve.err(), "no_permission");
    let queues = content.get(&app, "/admin/api/queues").await;
    assert_eq!(queues.assert_ok(), &json!({ "deposits": null, "withdrawals": null }));

    let support = Console::signed_in(&app, "support").await;
    let queues = support.get(&app, "/admin/api/queues").await;
    assert_eq!(queues.assert_ok()["deposits"], json!({ "waiting": 0, "oldest_age_secs": null }));
    assert_eq!(queues.data()["withdrawals"], json!(null), "support reviews deposits only");
}

#[tokio::test]
async fn console_session_ends_when_the_staff_member_is_disabled() {
    let app = TestApp::spawn().await;
    let console = Console::signed_in(&app, "support").await;
    console.get(&app, "/admin/api/session").await.assert_ok();
    let (user_id, now) = (console.staff.user_id, app.now());
    let reason = DisableReason::parse("left the team").unwrap();
    app.db.write(move |tx| staff::disable(tx, user_id, &reason, now)).await.unwrap();
    let after = console.get(&app, "/admin/api/queues").await;
    assert_eq!((after.status, after.err()), (StatusCode::UNAUTHORIZED, "staff_sign_in_required"));
}

#[tokio::test]
async fn console_session_ends_after_its_idle_timeout_and_its_lifetime() {
    let app = TestApp::spawn_with(|config| {
        config.console.idle_timeout_secs = 600;
        config.console.session_lifetime_secs = 3_600;
    })
    .await;
    let idle = Console::signed_in(&app, "support").await;
    app.clock.advance(601);
    assert_eq!(idle.get(&app, "/admin/api/session").await.status, StatusCode::UNAUTHORIZED);

    let busy = Console::signed_in(&app, "support").await;
    for _ in 0..6 {
        app.clock.advance(590);
        busy.get(&app, "/admin/api/session").await.assert_ok();
    }
    app.clock.advance(590);
    let ended = busy.get(&app, "/admin/api/session").await;
    assert_eq!(ended.status, StatusCode::UNAUTHORIZED, "an hour after sign-in, however busy");
}

#[tokio::test]
async fn console_is_not_served_when_off_or_on_its_own_address() {
    for configure in [
        (|config: &mut fairhall::config::Config| config.console.enabled = false)
            as fn(&mut fairhall::config::Config),
        |config| config.console.listen = "127.0.0.1:0".into(),
    ] {
        let app = TestApp::spawn_with(configure).await;
        for path in ["/admin/", "/admin/index.html", "/admin/api/session"] {
            assert_eq!(app.get(path, None).await.status, StatusCode::NOT_FOUND, "{path}");
        }
    }
}

/// The console's sign-in is throttled per account and per address, as the app's login is, on
/// keys of its own: a locked staff sign-in leaves the same person's player login alone.
#[tokio::test]
async fn console_sign_in_is_throttled_per_account_then_per_address() {
    let app = TestApp::spawn_with(|config| {
        config.auth.login_max_failures_per_account = 3;
        config.auth.login_max_failures_per_address = 5;
        config.auth.login_lock_secs = 600;
    })
    .await;
    let staff = StaffAccount::create(&app, "finance").await;
    let account = staff.user_id.to_string();
    let wrong = json!({ "account": account, "passphrase": "not the passphrase", "code": "123456" });
    for _ in 0..3 {
        assert_eq!(sign_in_reply(&app, &wrong).await.err(), "login_failed");
    }
    let right =
        || json!({ "account": account, "passphrase": PASSPHRASE, "code": staff.code(&app) });
    let locked = sign_in_reply(&app, &right()).await;
    assert_eq!((locked.err(), locked.header("set-cookie")), ("throttled", ""), "{locked:?}");
    let player = app.user_detail(staff.user_id).await;
    app.login(&player.phone, crate::support::helpers::PASSWORD).await.assert_ok();

    // Two more failures on other accounts fill the address's five: everyone is locked out there.
    let other = StaffAccount::create(&app, "support").await;
    for account in [other.user_id.to_string(), "nobody-at-all".into()] {
        let wrong = json!({ "account": account, "passphrase": "wrong wrong", "code": "123456" });
        assert_eq!(sign_in_reply(&app, &wrong).await.err(), "login_failed");
    }
    let other_form = || {
        json!({ "account": other.user_id.to_string(), "passphrase": PASSPHRASE,
            "code": other.code(&app) })
    };
    assert_eq!(sign_in_reply(&app, &other_form()).await.err(), "throttled");

    app.clock.advance(601);
    sign_in_reply(&app, &right()).await.assert_ok();
    sign_in_reply(&app, &other_form()).await.assert_ok();
}
