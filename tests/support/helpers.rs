//! The test harness: the router `serve` runs, over a temp data directory and a fixed clock,
//! driven through `tower::ServiceExt::oneshot` (no ports, no sleeps, no wall-clock time).

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use fairhall::auth::types::{LoginName, LoginPassword, Phone};
use fairhall::clock::{Clock, Timestamp};
use fairhall::config::Config;
use fairhall::db::Db;
use fairhall::http::AppState;
use fairhall::ids::UserId;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use tempfile::TempDir;
use tower::ServiceExt;

/// 2026-11-22T08:00:00Z (15:00 in the default operator time zone, Asia/Ho_Chi_Minh).
pub const START: Timestamp = Timestamp::from_secs(1_795_334_400);

/// The login password every fixture player gets.
pub const PASSWORD: &str = "secret_1";

pub struct TestApp {
    pub router: Router,
    pub db: Db,
    pub clock: Clock,
    /// The config the app runs with (secrets resolved).
    pub config: Config,
    /// What the scheduler announces draws and settlements on (live pages listen).
    pub live: std::sync::Arc<tokio::sync::watch::Sender<u64>>,
    /// Removed on drop; `None` when the app runs on a directory the test owns.
    _dir: Option<TempDir>,
    next_phone: AtomicU32,
}

/// The user id a reply shows (`user.id`).
pub fn user_id(value: &Value) -> UserId {
    UserId::parse(&value.to_string()).expect("a user id")
}

/// A registered player and a live session of theirs.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: UserId,
    pub phone: String,
    pub token: String,
    pub invite_code: String,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(|_| {}).await
    }

    /// An app whose default config is changed by `configure` before start.
    pub async fn spawn_with(configure: impl FnOnce(&mut Config)) -> TestApp {
        let dir = tempfile::tempdir().expect("a temp directory");
        let mut app = TestApp::open(dir.path(), configure);
        app._dir = Some(dir);
        app
    }

    /// An app on a data directory the test owns (shared with the CLI in cli tests).
    pub fn open(data_dir: &Path, configure: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = Config::default();
        // The deposit programmes (first-deposit bonus, cashback) pay on approval; tests of other
        // areas see a deposit credit exactly its amount. Their own tests turn them back on
        // (tests/api/deposit_rewards.rs).
        config.growth.first_deposit.tiers.clear();
        config.growth.cashback.tiers.clear();
        // Tests of other areas move the clock by weeks between a player's requests; the idle
        // expiry is on in its own tests (tests/api/session_limits.rs).
        config.auth.session_idle_secs = config.auth.session_max_secs;
        // Likewise between scheduler ticks; the money jobs' pause after a longer clock step is
        // on in its own tests (specs/ops/money_clock.rs).
        config.ledger.max_catch_up_secs = 10 * 365 * 86_400;
        // A hall takes deposits once a receiving account is on; tests of other areas deposit
        // by bank to this one (the accounts' own tests are specs/wallet/receiving_accounts.rs).
        config.wallet.receiving_accounts.push(crate::support::wallet_support::bank_account("bank"));
        configure(&mut config);
        config.server.data_dir = data_dir.to_path_buf();
        config.validate().expect("the test config is valid");
        let db = fairhall::startup::open(&mut config).expect("the database opens");
        let clock = Clock::fixed(START);
        let state = AppState::new(config.clone(), db.clone(), clock.clone()).expect("app state");
        let live = state.live.clone();
        TestApp {
            router: fairhall::http::app(state),
            live,
            db,
            clock,
            config,
            _dir: None,
            next_phone: AtomicU32::new(1),
        }
    }

    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// A phone number no other fixture of this app uses.
    pub fn fresh_phone(&self) -> String {
        format!("139{:08}", self.next_phone.fetch_add(1, Ordering::SeqCst))
    }

    // ---- raw requests ----

    pub async fn send(&self, request: Request<Body>) -> Reply {
        send_to(self.router.clone(), request).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let mut request = Request::get(path);
        if let Some(token) = token {
            request = request.header("token", token);
        }
        self.send(request.body(Body::empty()).expect("a request")).await
    }

    pub async fn post_json(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Reply {
        let bytes = serde_json::to_vec(body).expect("JSON");
        self.post_raw(path, Some("application/json"), bytes, headers).await
    }

    pub async fn post_form(&self, path: &str, body: &str) -> Reply {
        let content_type = Some("application/x-www-form-urlencoded");
        self.post_raw(path, content_type, body.as_bytes().to_vec(), &[]).await
    }

    pub async fn post_raw(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = Request::builder().method(Method::POST).uri(path);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::from(body)).expect("a request")).await
    }

    // ---- one method per endpoint ----

    pub async fn config(&self) -> Reply {
        self.get("/api/index/config", None).await
    }

    /// Registers with `form`, accepting the agreements and confirming the legal age unless the
    /// form says otherwise (tests/api/system.rs and protection_age.rs send registrations
    /// without them).
    pub async fn register(&self, mut form: Value) -> Reply {
        if let Some(fields) = form.as_object_mut() {
            fields.entry("agree").or_insert_with(|| json!("1"));
            fields.entry("age_confirmed").or_insert_with(|| json!("1"));
        }
        self.post_json("/api/login/do_register", &form, &[]).await
    }

    pub async fn login(&self, account: &str, password: &str) -> Reply {
        let form = json!({ "account": account, "password": password });
        self.post_json("/api/login/post", &form, &[]).await
    }

    /// A login as if it came from `peer`, optionally through a proxy naming `forwarded_for`.
    pub async fn login_from(
        &self,
        (account, password): (&str, &str),
        peer: SocketAddr,
        forwarded_for: Option<&str>,
    ) -> Reply {
        let form = json!({ "account": account, "password": password });
        let mut request =
            Request::post("/api/login/post").header("content-type", "application/json");
        if let Some(forwarded_for) = forwarded_for {
            request = request.header("x-forwarded-for", forwarded_for);
        }
        let mut request = request.body(Body::from(form.to_string())).expect("a request");
        request.extensions_mut().insert(ConnectInfo(peer));
        self.send(request).await
    }

    /// A JSON POST as if it came from `peer`, optionally through a proxy naming
    /// `forwarded_for`.
    pub async fn post_json_from(
        &self,
        path: &str,
        body: &Value,
        peer: SocketAddr,
        forwarded_for: Option<&str>,
    ) -> Reply {
        let mut request = Request::post(path).header("content-type", "application/json");
        if let Some(forwarded_for) = forwarded_for {
            request = request.header("x-forwarded-for", forwarded_for);
        }
        let mut request = request.body(Body::from(body.to_string())).expect("a request");
        request.extensions_mut().insert(ConnectInfo(peer));
        self.send(request).await
    }

    pub async fn personal_index(&self, token: &str) -> Reply {
        self.get("/api/personal/index", Some(token)).await
    }

    pub async fn logout(&self, token: &str) -> Reply {
        self.post_json("/logout", &json!({}), &[("token", token)]).await
    }

    pub async fn send_code(&self, target: &str, purpose: &str) -> Reply {
        let form = json!({ "target": target, "purpose": purpose });
        self.post_json("/index/send_email_mobile", &form, &[]).await
    }

    pub async fn send_code_as(&self, token: &str, target: &str, purpose: &str) -> Reply {
        let form = json!({ "target": target, "purpose": purpose });
        self.post_json("/index/send_email_mobile", &form, &[("token", token)]).await
    }

    pub async fn change_pwd(&self, form: Value) -> Reply {
        self.post_json("/user/change_pwd", &form, &[]).await
    }

    pub async fn fair_commitment(&self, room: &str) -> Reply {
        self.get(&format!("/api/fair/commitment?room={room}"), None).await
    }

    pub async fn fair_draw(&self, room: &str, issue: &str) -> Reply {
        self.get(&format!("/api/fair/draw?room={room}&issue={issue}"), None).await
    }

    pub async fn room_index(&self, room: &str) -> Reply {
        self.get(&format!("/api/roominfo/index?room={room}"), None).await
    }

    /// The draw scheduler `serve` runs, on this app's database and data directory.
    pub fn scheduler(&self) -> fairhall::scheduler::Scheduler {
        let (db, dir) = (self.db.clone(), &self.config.server.data_dir);
        let scheduler = fairhall::scheduler::Scheduler::new(db, dir, self.config.timezone());
        let scheduler = scheduler.expect("scheduler").with_growth(self.config.growth.clone());
        let scheduler = scheduler.with_max_catch_up_secs(self.config.ledger.max_catch_up_secs);
        scheduler.announcing(self.live.clone())
    }

    /// The savings interest job `serve`'s scheduler runs, with this app's `[finance]` config.
    pub fn savings_job(&self) -> fairhall::scheduler::SavingsJob {
        let settings = fairhall::finance::FinanceSettings::from_config(&self.config);
        fairhall::scheduler::SavingsJob::new(self.db.clone(), settings)
    }

    // ---- fixtures ----

    /// A registration form that passes every default rule, for a fresh phone.
    pub fn registration(&self) -> Value {
        json!({ "phone": self.fresh_phone(), "password": PASSWORD, "repassword": PASSWORD,
            "agree": "1", "age_confirmed": "1" })
    }

    /// Registers a fresh player with `extra` fields merged into a valid form.
    pub async fn player_with(&self, extra: Value) -> Player {
        let mut form = self.registration();
        merge(&mut form, &extra);
        let reply = self.register(form.clone()).await;
        let data = reply.assert_ok();
        Player {
            id: user_id(&data["user"]["id"]),
            phone: form["phone"].as_str().map(str::to_string).unwrap_or_default(),
            token: data["token"].as_str().expect("a token").to_string(),
            invite_code: data["user"]["invite_code"].as_str().expect("a code").to_string(),
        }
    }

    pub async fn player(&self) -> Player {
        self.player_with(json!({})).await
    }

    /// A player created by the operator's verb (for configs whose registration needs an
    /// invite or a code), logged in through the API.
    pub async fn created_player(&self) -> Player {
        self.created_player_named(None).await
    }

    pub async fn created_player_named(&self, login_name: Option<&str>) -> Player {
        let phone = self.fresh_phone();
        let user = fairhall::auth::NewUser {
            phone: Phone::parse(&phone, &regex::Regex::new(r"^\d+$").expect("a pattern"))
                .expect("a phone"),
            login_name: login_name.map(|name| LoginName::parse(name).expect("a login name")),
            is_admin: false,
        };
        let password = LoginPassword::parse(PASSWORD).expect("a valid password");
        let hash = fairhall::auth::hash_password(&password).expect("a hash");
        let now = self.now();
        let created = self.db.write(move |tx| fairhall::auth::create_user(tx, &user, &hash, now));
        let id = created.await.expect("the user is created");
        let reply = self.login(&phone, PASSWORD).await;
        let data = reply.assert_ok();
        Player {
            id,
            phone,
            token: data["token"].as_str().expect("a token").to_string(),
            invite_code: data["user"]["invite_code"].as_str().expect("a code").to_string(),
        }
    }

    /// The newest code delivered in log mode to `target`, if any.
    pub async fn latest_code(&self, target: &str) -> Option<fairhall::auth::codes::SentCode> {
        let target = target.to_string();
        let codes = self.db.read(|connection| fairhall::auth::codes::recent(connection, 100)).await;
        codes.expect("codes are readable").into_iter().find(|code| code.target == target)
    }

    /// Sends a code (which must succeed) and returns it as delivered in log mode.
    pub async fn code_for(&self, target: &str, purpose: &str) -> String {
        self.send_code(target, purpose).await.assert_ok();
        self.latest_code(target).await.expect("a delivered code").code
    }

    pub async fn freeze(&self, user_id: UserId) {
        let now = self.now();
        self.db.write(move |tx| fairhall::auth::freeze(tx, user_id, now)).await.expect("frozen");
    }

    pub async fn unfreeze(&self, user_id: UserId) {
        self.db.write(move |tx| fairhall::auth::unfreeze(tx, user_id)).await.expect("unfrozen");
    }

    pub async fn set_password(&self, user_id: UserId, password: &str) {
        let password = LoginPassword::parse(password).expect("a valid password");
        let hash = fairhall::auth::hash_password(&password).expect("a hash");
        let now = self.now();
        let changed =
            self.db.write(move |tx| fairhall::auth::set_password(tx, user_id, &hash, now));
        changed.await.expect("the password is set");
    }

    pub async fn user_detail(&self, user_id: UserId) -> fairhall::auth::UserDetail {
        let shown =
            self.db.read(move |connection| fairhall::auth::user_detail(connection, user_id));
        shown.await.expect("the user exists")
    }
}

/// Sends one request through `router` (a clone of `TestApp::router`, for spawned tasks).
pub async fn send_to(router: Router, request: Request<Body>) -> Reply {
    reply_of(router.oneshot(request).await.expect("the router answers")).await
}

/// Reads a whole response into a `Reply`.
pub async fn reply_of(response: axum::response::Response) -> Reply {
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.expect("a readable body").to_bytes();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Reply { status: parts.status, headers: parts.headers, body, bytes }
}

/// A parsed response: the status, the headers and the envelope (Null when not JSON). A reply
/// a test drops unread is a compile warning: check it (`assert_ok`, the expected refusal) or
/// say why not.
#[must_use]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub bytes: Bytes,
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{} {}", self.status, self.body)
    }
}

impl Reply {
    /// The `err` key, or "" on success.
    pub fn err(&self) -> &str {
        self.body["err"].as_str().unwrap_or_default()
    }

    /// The envelope's `code`: 1 on success, 0 on a refusal.
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    pub fn ret(&self) -> Option<i64> {
        self.body["ret"].as_i64()
    }

    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or_default()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or_default()
    }

    /// The data of a successful reply; fails the test with the whole reply otherwise.
    #[track_caller]
    pub fn assert_ok(&self) -> &Value {
        assert!(self.status == StatusCode::OK && self.code() == 1, "expected success: {self:?}");
        self.data()
    }

    /// Asserts the refusal a missing, unknown or expired session gets: HTTP 401 with no ret
    /// (the client offers to stay on the page or log in again).
    #[track_caller]
    pub fn assert_login_required(&self) {
        assert_eq!(self.status, StatusCode::UNAUTHORIZED, "{self:?}");
        assert_eq!((self.code(), self.ret(), self.err()), (0, None, "login_required"));
    }

    /// Asserts the refusal a session ended on the server gets (logout, password change): HTTP
    /// 200 with ret 226, on which the client logs out at once.
    #[track_caller]
    pub fn assert_session_ended(&self) {
        assert_eq!(self.status, StatusCode::OK, "{self:?}");
        assert_eq!((self.code(), self.ret(), self.err()), (0, Some(226), "session_ended"));
    }

    /// Asserts the frozen-account refusal: HTTP 200 with ret 555.
    #[track_caller]
    pub fn assert_frozen(&self) {
        assert_eq!(self.status, StatusCode::OK, "{self:?}");
        assert_eq!((self.code(), self.ret(), self.err()), (0, Some(555), "account_frozen"));
    }
}

/// Sets each key of `patch` on `form`; a null value removes the key.
/// The programmes that need a passed deposit by default (sign-in, tasks, envelopes) open to
/// every player: for tests of their other rules, on players who never deposited.
pub fn without_deposit_gates(config: &mut Config) {
    config.growth.signin.recharge_first = false;
    config.growth.tasks.recharge_first = false;
    config.growth.envelope.recharge_min = fairhall::money::Money::ZERO;
}

pub fn merge(form: &mut Value, patch: &Value) {
    let (Some(form), Some(patch)) = (form.as_object_mut(), patch.as_object()) else {
        return;
    };
    for (key, value) in patch {
        if value.is_null() {
            form.remove(key);
        } else {
            form.insert(key.clone(), value.clone());
        }
    }
}

/// A 6-digit code that is surely not `code`.
pub fn other_code(code: &str) -> String {
    let number: u32 = code.parse().expect("a numeric code");
    format!("{:06}", (number + 1) % 1_000_000)
}
