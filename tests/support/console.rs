//! A staff member signed in to the operator console through its HTTP API, as a browser is:
//! the session in the `fairhall_console` cookie, the CSRF token sent with every change.

use crate::support::helpers::{Reply, TestApp};
use axum::body::Body;
use axum::http::{Method, Request};
use fairhall::auth::staff::totp::{TotpSecret, code_at, step_at};
use fairhall::auth::staff::types::{Passphrase, StaffRole};
use fairhall::auth::staff::{self, NewStaff};
use fairhall::crypto::CardCipher;
use fairhall::ids::UserId;
use serde_json::{Value, json};

pub const PASSPHRASE: &str = "a long console passphrase";

/// A confirmed staff member of some role and his TOTP secret.
pub struct StaffAccount {
    pub user_id: UserId,
    pub secret: TotpSecret,
}

/// A console session: its cookie and CSRF token.
pub struct Console {
    pub staff: StaffAccount,
    pub cookie: String,
    pub csrf: String,
}

fn cipher(app: &TestApp) -> CardCipher {
    let secrets = &app.config.secrets;
    CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key).expect("the card keys")
}

impl StaffAccount {
    /// A new player made staff of `role`, enrolled with his first code; the clock then moves
    /// a step on so that the next sign-in has a fresh code.
    pub async fn create(app: &TestApp, role: &str) -> StaffAccount {
        let user_id = app.created_player().await.id;
        let passphrase = Passphrase::parse(PASSPHRASE).unwrap();
        let passphrase_hash = staff::hash_passphrase(passphrase).await.unwrap();
        let new = NewStaff { user_id, role: StaffRole::parse(role).unwrap(), passphrase_hash };
        let (now, card_cipher) = (app.now(), cipher(app));
        let enrolment = app
            .db
            .write(move |tx| staff::create(tx, &card_cipher, &new, "fairhall", now))
            .await
            .unwrap();
        let secret = secret_of(&enrolment.otpauth_uri);
        let code = code_at(&secret, step_at(now)).unwrap();
        let card_cipher = cipher(app);
        app.db
            .write(move |tx| staff::confirm(tx, &card_cipher, user_id, &code, now))
            .await
            .unwrap();
        app.clock.advance(30);
        StaffAccount { user_id, secret }
    }

    /// The code his authenticator shows now.
    pub fn code(&self, app: &TestApp) -> String {
        code_at(&self.secret, step_at(app.now())).unwrap()
    }
}

/// The TOTP secret of an enrolment's `otpauth://` URI, as an authenticator app reads it.
pub fn secret_of(otpauth_uri: &str) -> TotpSecret {
    let encoded = otpauth_uri.split("secret=").nth(1).unwrap();
    let encoded = encoded.split('&').next().unwrap();
    TotpSecret::from_bytes(&data_encoding::BASE32_NOPAD.decode(encoded.as_bytes()).unwrap())
        .unwrap()
}

/// POST /admin/api/session with `form`.
pub async fn sign_in_reply(app: &TestApp, form: &Value) -> Reply {
    app.post_json("/admin/api/session", form, &[]).await
}

impl Console {
    /// A staff member of `role`, signed in.
    pub async fn signed_in(app: &TestApp, role: &str) -> Console {
        let staff = StaffAccount::create(app, role).await;
        Console::sign_in(app, staff).await
    }

    pub async fn sign_in(app: &TestApp, staff: StaffAccount) -> Console {
        let form = json!({
            "account": staff.user_id.to_string(),
            "passphrase": PASSPHRASE,
            "code": staff.code(app),
        });
        let reply = sign_in_reply(app, &form).await;
        let csrf = reply.assert_ok()["csrf"].as_str().unwrap().to_string();
        let cookie = reply.header("set-cookie").split(';').next().unwrap().to_string();
        Console { staff, cookie, csrf }
    }

    pub async fn get(&self, app: &TestApp, path: &str) -> Reply {
        let request = Request::get(path).header("cookie", &self.cookie).header("lang", "en");
        app.send(request.body(Body::empty()).unwrap()).await
    }

    /// A change with the session's CSRF token.
    pub async fn post(&self, app: &TestApp, path: &str, body: &Value) -> Reply {
        self.send(app, (Method::POST, path), body, Some(&self.csrf)).await
    }

    pub async fn send(
        &self,
        app: &TestApp,
        (method, path): (Method, &str),
        body: &Value,
        csrf: Option<&str>,
    ) -> Reply {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header("cookie", &self.cookie)
            .header("content-type", "application/json")
            .header("lang", "en");
        if let Some(csrf) = csrf {
            request = request.header("x-csrf-token", csrf);
        }
        app.send(request.body(Body::from(body.to_string())).unwrap()).await
    }
}
