//! The client address throttles count: behind trusted proxies the right-most address a trusted
//! proxy added, IPv6 by its /64; and registrations per address.

use crate::support::helpers::{PASSWORD, Reply, TestApp};
use serde_json::Value;
use std::net::SocketAddr;

fn peer(address: &str) -> SocketAddr {
    SocketAddr::new(address.parse().expect("an address"), 40000)
}

/// An app behind a proxy on 127.0.0.1 (the default trusted proxy) whose addresses lock after
/// 3 failed logins.
async fn proxied_app() -> TestApp {
    TestApp::spawn_with(|config| {
        config.server.trust_forwarded_for = true;
        config.auth.login_max_failures_per_address = 3;
    })
    .await
}

async fn wrong_login(app: &TestApp, from: SocketAddr, forwarded_for: Option<&str>) -> Reply {
    app.login_from(("nobody_01", "wrong_1"), from, forwarded_for).await
}

#[tokio::test]
async fn a_client_cannot_escape_its_lock_by_writing_its_own_forwarded_for_entries() {
    let app = proxied_app().await;
    let player = app.player().await;
    let proxy = peer("127.0.0.1");

    // nginx appends the address it saw (203.0.113.7) to whatever the client sent.
    for forged in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
        let refused = wrong_login(&app, proxy, Some(&format!("{forged}, 203.0.113.7"))).await;
        assert_eq!(refused.err(), "login_failed");
    }
    let forged = "198.51.100.4, 203.0.113.7";
    let locked = app.login_from((&player.phone, PASSWORD), proxy, Some(forged)).await;
    let other_client =
        app.login_from((&player.phone, PASSWORD), proxy, Some("203.0.113.7, 192.0.2.1")).await;

    assert_eq!(locked.err(), "throttled", "{locked:?}");
    other_client.assert_ok();
}

#[tokio::test]
async fn forwarded_for_entries_count_only_from_a_trusted_proxy() {
    let app = proxied_app().await;
    let player = app.player().await;
    let untrusted = peer("192.0.2.50");

    for forged in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
        assert_eq!(wrong_login(&app, untrusted, Some(forged)).await.err(), "login_failed");
    }
    let locked = app.login_from((&player.phone, PASSWORD), untrusted, Some("192.0.2.99")).await;
    let through_proxy =
        app.login_from((&player.phone, PASSWORD), peer("127.0.0.1"), Some("192.0.2.50")).await;
    let elsewhere = app.login_from((&player.phone, PASSWORD), peer("192.0.2.51"), None).await;

    assert_eq!(locked.err(), "throttled");
    assert_eq!(through_proxy.err(), "throttled", "the same client through the proxy");
    elsewhere.assert_ok();
}

#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64_bit_prefix() {
    let app = TestApp::spawn_with(|config| config.auth.login_max_failures_per_address = 3).await;
    let player = app.player().await;

    for host in ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"] {
        assert_eq!(wrong_login(&app, peer(host), None).await.err(), "login_failed");
    }
    let same_prefix = app.login_from((&player.phone, PASSWORD), peer("2001:db8:1:2::99"), None);
    let same_prefix = same_prefix.await;
    let next_prefix = app.login_from((&player.phone, PASSWORD), peer("2001:db8:1:3::1"), None);

    assert_eq!(same_prefix.err(), "throttled");
    next_prefix.await.assert_ok();
}

async fn register_from(app: &TestApp, from: &str) -> Reply {
    let form = app.registration();
    app.post_json_from("/api/login/do_register", &form, peer(from), None).await
}

/// The review's scan (issue 31): asking `do_register` about phone after phone told which were
/// taken, 1,994 probes in 1.6 s, at no cost. Every attempt that reaches the checks counts
/// against the address, whatever its answer.
#[tokio::test]
async fn probing_taken_phones_uses_up_the_addresss_registrations() {
    let app = TestApp::spawn_with(|config| config.auth.registrations_per_address_hour = 3).await;
    let taken = app.registration();
    let registered =
        app.post_json_from("/api/login/do_register", &taken, peer("203.0.113.9"), None);
    registered.await.assert_ok();
    let app = &app;
    let probe = |form: Value| async move {
        let reply = app.post_json_from("/api/login/do_register", &form, peer("203.0.113.7"), None);
        reply.await.err().to_string()
    };

    let mut answers = Vec::new();
    for _ in 0..4 {
        let mut form = app.registration();
        form["phone"] = taken["phone"].clone();
        answers.push(probe(form).await);
    }
    let fresh = probe(app.registration()).await;

    assert_eq!(answers, ["phone_taken", "phone_taken", "phone_taken", "throttled"]);
    assert_eq!(fresh, "throttled", "the probes used up the address's registrations");
}

#[tokio::test]
async fn registrations_are_limited_per_address_and_hour() {
    let app = TestApp::spawn_with(|config| config.auth.registrations_per_address_hour = 2).await;
    register_from(&app, "203.0.113.7").await.assert_ok();
    register_from(&app, "203.0.113.7").await.assert_ok();
    let third = register_from(&app, "203.0.113.7").await;
    let elsewhere = register_from(&app, "203.0.113.8").await;
    app.clock.advance(3600);
    let next_hour = register_from(&app, "203.0.113.7").await;

    assert_eq!(third.err(), "throttled");
    assert!(third.data().is_null());
    elsewhere.assert_ok();
    next_hour.assert_ok();
    let users: i64 = app
        .db
        .read(|connection| {
            Ok(connection.query_row("SELECT COUNT(*) FROM users", [], |row| row.get(0))?)
        })
        .await
        .expect("readable");
    assert_eq!(users, 4);
}
