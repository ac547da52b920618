//! The legal age at registration (api/login/do_register; `[protection]`): the player confirms
//! it, and when the operator requires a date of birth, a player under the legal age is
//! refused; api/index/config tells the app both rules.

use crate::support::helpers::{PASSWORD, TestApp};
use serde_json::{Value, json};

fn form(app: &TestApp, extra: Value) -> Value {
    let mut form = json!({ "phone": app.fresh_phone(), "password": PASSWORD,
        "repassword": PASSWORD, "agree": "1" });
    crate::support::helpers::merge(&mut form, &extra);
    form
}

async fn register(app: &TestApp, form: Value) -> crate::support::helpers::Reply {
    app.post_json("/api/login/do_register", &form, &[("lang", "en")]).await
}

#[tokio::test]
async fn registration_needs_the_legal_age_confirmed() {
    let app = TestApp::spawn().await;
    let config = app.config().await;
    assert_eq!(
        (
            config.assert_ok()["legal_age"].as_i64(),
            config.assert_ok()["require_birth_date"].as_bool()
        ),
        (Some(18), Some(false))
    );
    for confirmed in [None, Some("0"), Some(""), Some("false")] {
        let extra = confirmed.map_or(json!({}), |flag| json!({ "age_confirmed": flag }));
        let reply = register(&app, form(&app, extra)).await;
        assert_eq!(reply.err(), "age_not_confirmed", "{confirmed:?}");
    }
    for confirmed in ["1", "true"] {
        register(&app, form(&app, json!({ "age_confirmed": confirmed }))).await.assert_ok();
    }
    // Without the requirement a date of birth is optional, but still checked when given.
    let young =
        register(&app, form(&app, json!({ "age_confirmed": "1", "birth_date": "2015-01-01" })));
    assert_eq!(young.await.err(), "under_age");
}

#[tokio::test]
async fn a_required_birth_date_refuses_a_player_under_the_legal_age() {
    let app = TestApp::spawn_with(|config| {
        config.protection.require_birth_date = true;
        config.protection.legal_age = 18;
    })
    .await;
    assert_eq!(app.config().await.assert_ok()["require_birth_date"], true);
    // Today is 2026-11-22 in the operator's time zone.
    let cases = [
        (json!({}), "birth_date_required"),
        (json!({ "birth_date": "" }), "birth_date_required"),
        (json!({ "birth_date": "22/11/2008" }), "bad_params"),
        (json!({ "birth_date": "2030-01-01" }), "bad_params"),
        (json!({ "birth_date": "2008-11-23" }), "under_age"),
    ];
    let mut phones = Vec::new();
    for (mut extra, key) in cases {
        extra["age_confirmed"] = json!("1");
        let refused = form(&app, extra.clone());
        phones.push(refused["phone"].as_str().expect("a phone").to_string());
        assert_eq!(register(&app, refused).await.err(), key, "{extra}");
    }
    assert_eq!(app.login(&phones[4], PASSWORD).await.err(), "login_failed", "nobody created");
    let refused =
        register(&app, form(&app, json!({ "age_confirmed": "1", "birth_date": "2010-05-05" })))
            .await;
    assert!(refused.msg().contains("18"), "{}", refused.msg());
    let adult = form(&app, json!({ "age_confirmed": "1", "birth_date": "2008-11-22" }));
    register(&app, adult).await.assert_ok();
}
