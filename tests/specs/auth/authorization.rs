//! The authorization matrix (issue 18): every route that takes an identifier is listed here,
//! enumerated from `GET /api/openapi.json` so that a new one fails until it is classified; a
//! route naming a player's own record answers another player's id exactly like an id that
//! does not exist; and no operator capability is reachable over HTTP, not even for a player
//! holding every role and permission of `user_grants`.

use crate::support::envelope_support::{EnvelopeApp, everyone};
use crate::support::goods::{GoodsApp, fruit};
use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, withdrawal_form};
use axum::body::Body;
use axum::http::{Method, Request};
use fairhall::growth::envelopes::types::Mode;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// Who may use an identifier a route takes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Owner {
    /// A record of one player: another's must answer like a missing one (`owned_id_probes`).
    Player,
    /// The same for every player (products, rooms, periods, content, tasks, public files).
    Everyone,
    /// Proves who the caller is (a session token, a stream ticket, a code sent to him).
    Credential,
}

/// Every (method, path, parameter) of the API whose parameter identifies a record, a file or
/// a credential, with whose it is. `every_route_taking_an_identifier_is_classified` compares
/// this table with the OpenAPI document both ways.
const IDENTIFIER_ROUTES: &[(&str, &str, &str, Owner)] = &[
    ("get", "/api/goods/order", "id", Owner::Player),
    ("get", "/api/envelope/detail", "id", Owner::Player),
    ("post", "/api/notice/read", "id", Owner::Player),
    ("post", "/api/personal/do_withdraw", "account_id", Owner::Player),
    // Avatars are shown wherever the player is (team lists): their generated names are the
    // only secret; who may see an upload is the uploads section's rule (docs/security.md).
    ("get", "/media/avatars/{file}", "file", Owner::Everyone),
    ("get", "/media/products/{file}", "file", Owner::Everyone),
    ("get", "/media/content/{file}", "file", Owner::Everyone),
    ("get", "/api/goods/detail", "id", Owner::Everyone),
    ("get", "/api/goods/schedule", "id", Owner::Everyone),
    ("post", "/api/goods/buy", "id", Owner::Everyone),
    ("post", "/api/task/claim", "id", Owner::Everyone),
    // A bank's code from the list of banks (`api/personal/banklist`).
    ("get", "/api/personal/add_bank", "bank_id", Owner::Everyone),
    ("post", "/api/personal/add_bank", "bank_id", Owner::Everyone),
    ("get", "/api/news/detail", "id", Owner::Everyone),
    ("get", "/api/activity/detail", "id", Owner::Everyone),
    ("get", "/api/help/detail", "id", Owner::Everyone),
    ("post", "/api/envelope/claim", "code", Owner::Credential),
    ("post", "/api/login/do_register", "code", Owner::Credential),
    ("post", "/user/register", "code", Owner::Credential),
    ("post", "/user/change_pwd", "code", Owner::Credential),
    ("post", "/api/personal/setemail", "code", Owner::Credential),
    ("post", "/user/changeemail", "code", Owner::Credential),
    ("post", "/api/personal/setmobile", "code", Owner::Credential),
    ("post", "/user/changemobile", "code", Owner::Credential),
    ("get", "/api/live", "ticket", Owner::Credential),
];

/// Parameter names that identify something. Rooms, issues, levels and slugs name public
/// things the same for everyone and are not listed.
fn names_an_identifier(name: &str) -> bool {
    name == "id" || name.ends_with("_id") || ["file", "ticket", "token", "code"].contains(&name)
}

/// Each (method, path, parameter) of the OpenAPI document: query and path parameters and the
/// properties of a JSON request body.
fn documented_parameters(document: &Value) -> BTreeSet<(String, String, String)> {
    let schemas = &document["components"]["schemas"];
    let mut found = BTreeSet::new();
    let paths = document["paths"].as_object().expect("paths");
    for (path, operations) in paths {
        for (method, operation) in operations.as_object().expect("operations") {
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            let mut names: Vec<String> = parameters
                .iter()
                .filter(|parameter| parameter["in"] == "query" || parameter["in"] == "path")
                .filter_map(|parameter| parameter["name"].as_str().map(str::to_string))
                .collect();
            let content = operation["requestBody"]["content"].as_object();
            for media in content.into_iter().flat_map(|content| content.values()) {
                let schema = &media["schema"];
                let schema = match schema["$ref"].as_str() {
                    Some(reference) => {
                        &schemas[reference.trim_start_matches("#/components/schemas/")]
                    }
                    None => schema,
                };
                let properties = schema["properties"].as_object();
                names.extend(
                    properties.into_iter().flat_map(|properties| properties.keys().cloned()),
                );
            }
            for name in names {
                found.insert((method.clone(), path.clone(), name));
            }
        }
    }
    found
}

#[tokio::test]
async fn every_route_taking_an_identifier_is_classified() {
    let app = TestApp::spawn().await;
    let document = app.get("/api/openapi.json", None).await.body;

    let documented: BTreeSet<(String, String, String)> = documented_parameters(&document)
        .into_iter()
        .filter(|(_, _, name)| names_an_identifier(name))
        .collect();
    let listed: BTreeSet<(String, String, String)> = IDENTIFIER_ROUTES
        .iter()
        .map(|(method, path, name, _)| (method.to_string(), path.to_string(), name.to_string()))
        .collect();

    let unlisted: Vec<_> = documented.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&documented).collect();
    assert!(unlisted.is_empty(), "routes taking an identifier, not classified here: {unlisted:?}");
    assert!(stale.is_empty(), "listed here but not in the API: {stale:?}");
    let probed: BTreeSet<(&str, &str)> =
        OWNED_ID_PROBES.iter().map(|probe| (probe.method, probe.path)).collect();
    for (method, path, name, owner) in IDENTIFIER_ROUTES {
        if *owner == Owner::Player {
            assert!(probed.contains(&(*method, *path)), "{method} {path} ({name}) has no probe");
        }
    }
}

/// The records of one player that another tries to reach.
struct Holdings {
    order_id: i64,
    envelope_id: i64,
    message_id: i64,
    card_id: i64,
}

/// A request for a player's record by id, as `player` sends it.
struct Probe {
    method: &'static str,
    path: &'static str,
    build: fn(&Player, i64) -> Request<Body>,
    /// The id of the owner's record this probe asks for.
    owned: fn(&Holdings) -> i64,
}

fn get_as(player: &Player, path_and_query: String) -> Request<Body> {
    Request::get(path_and_query)
        .header("token", player.token.as_str())
        .body(Body::empty())
        .expect("a request")
}

fn post_as(player: &Player, path: &str, form: &Value) -> Request<Body> {
    Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("content-type", "application/json")
        .header("token", player.token.as_str())
        .body(Body::from(form.to_string()))
        .expect("a request")
}

const OWNED_ID_PROBES: &[Probe] = &[
    Probe {
        method: "get",
        path: "/api/goods/order",
        build: |player, id| get_as(player, format!("/api/goods/order?id={id}")),
        owned: |holdings| holdings.order_id,
    },
    Probe {
        method: "get",
        path: "/api/envelope/detail",
        build: |player, id| get_as(player, format!("/api/envelope/detail?id={id}")),
        owned: |holdings| holdings.envelope_id,
    },
    Probe {
        method: "post",
        path: "/api/notice/read",
        build: |player, id| {
            post_as(player, "/api/notice/read", &json!({ "kind": "message", "id": id }))
        },
        owned: |holdings| holdings.message_id,
    },
    Probe {
        method: "post",
        path: "/api/personal/do_withdraw",
        build: |player, id| {
            post_as(player, "/api/personal/do_withdraw", &withdrawal_form(id, "20.00"))
        },
        owned: |holdings| holdings.card_id,
    },
];

/// The same requests in the spec client's form: the id as a trailing `/id/{id}` segment.
const COMPAT_PROBES: &[Probe] = &[
    Probe {
        method: "get",
        path: "/api/goods/order",
        build: |player, id| get_as(player, format!("/api/goods/order/id/{id}")),
        owned: |holdings| holdings.order_id,
    },
    Probe {
        method: "get",
        path: "/api/envelope/detail",
        build: |player, id| get_as(player, format!("/api/envelope/detail/id/{id}")),
        owned: |holdings| holdings.envelope_id,
    },
];

/// An id no record has.
const MISSING_ID: i64 = 987_654;

/// A player with an order, an envelope share, a message and a linked card, all his own.
async fn holder(app: &TestApp) -> (Player, Holdings) {
    let (owner, card_id) = app.withdrawer("1000.00").await;
    let product = app.product(fruit()).await;
    let order_id = app.buy(&owner, product, "100.00").await.assert_ok()["order_id"]
        .as_i64()
        .expect("an order id");
    let envelope = app.create_envelope(everyone("10.00", 2, Mode::Fixed, app.now())).await;
    app.claim(&owner, &envelope.code).await.assert_ok();
    // The envelope's share adds turnover to play before a withdrawal.
    app.play_turnover(&owner, "10.00").await;
    let index = app.get("/api/notice/index", Some(&owner.token)).await;
    let message_id = index.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|notice| notice["kind"] == "message")
        .and_then(|notice| notice["id"].as_i64())
        .expect("a message to the owner (his deposit's approval)");
    (owner, Holdings { order_id, envelope_id: envelope.id, message_id, card_id })
}

fn same_reply(other: &Reply, missing: &Reply) -> bool {
    other.status == missing.status && other.bytes == missing.bytes
}

#[tokio::test]
async fn another_players_id_answers_like_an_id_that_does_not_exist() {
    let app = TestApp::spawn().await;
    let (owner, holdings) = holder(&app).await;
    let (intruder, _) = app.withdrawer("1000.00").await;
    let before = app.balances_of(&intruder).await;

    for probe in OWNED_ID_PROBES.iter().chain(COMPAT_PROBES) {
        let owned = (probe.owned)(&holdings);
        let own = app.send((probe.build)(&owner, owned)).await;
        let other = app.send((probe.build)(&intruder, owned)).await;
        let missing = app.send((probe.build)(&intruder, MISSING_ID)).await;

        let route = format!("{} {}", probe.method, probe.path);
        assert_eq!(own.code(), 1, "{route}: the owner reaches his record: {own:?}");
        assert!(same_reply(&other, &missing), "{route}: {other:?} differs from {missing:?}");
        assert_eq!(other.code(), 0, "{route}: {other:?}");
        assert!(!other.body.to_string().contains(&owner.phone), "{route} names the owner");
    }
    assert_eq!(app.balances_of(&intruder).await, before, "nothing moved for the intruder");
    assert_ledger_verifies(&app).await;
}

// ---- operator capabilities ----

/// The operator's verbs (`fairhall admin ...` and the scheduler's jobs). Code under src/http
/// names none of them, so no route can reach them whatever the caller holds.
const OPERATOR_VERBS: &[&str] = &[
    "deposits::review(",
    "withdrawals::review(",
    "withdrawals::pay_to(",
    "adjustments::request(",
    "adjustments::approve(",
    "adjustments::cancel(",
    "auth::freeze(",
    "auth::unfreeze(",
    "auth::set_password(",
    "auth::reset_fund_password(",
    "auth::grant_admin(",
    "auth::create_user(",
    "grants::add_grant(",
    "grants::remove_grant(",
    "content::add(",
    "content::edit(",
    "content::remove(",
    "announcements::create(",
    "announcements::update(",
    "announcements::delete(",
    "items::create(",
    "items::update(",
    "items::delete(",
    "catalog::create(",
    "catalog::update(",
    "catalog::close(",
    "goods::store_picture(",
    "goods::pay_due(",
    "envelopes::create(",
    "envelopes::withdraw(",
    "room_changes::update_room(",
    "rooms::set_room_open(",
    "tasks::create(",
    "tasks::update(",
    "tasks::close(",
    "salary::pay_next_week(",
    "rebates::run_batch(",
    "backup::create(",
    "backup::restore(",
];

/// The text of every .rs file under `folder` (relative to the crate), joined, but those
/// under `except`.
fn sources_under(folder: &str, except: Option<&str>) -> String {
    let crate_root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let skipped = except.map(|folder| crate_root.join(folder));
    let mut pending = vec![crate_root.join(folder)];
    let mut text = String::new();
    while let Some(path) = pending.pop() {
        if skipped.as_ref().is_some_and(|skipped| path.starts_with(skipped)) {
            continue;
        }
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).expect("a readable folder");
            pending.extend(entries.map(|entry| entry.expect("an entry").path()));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            text.push_str(&std::fs::read_to_string(&path).expect("a readable source"));
        }
    }
    text
}

/// The player's API calls no operator verb. The operator console (`src/http/console`) does:
/// its routes are staff's, behind a console session and a permission each (a player's token
/// reaches none of them: the test below).
#[test]
fn no_http_code_calls_an_operator_verb() {
    let operator_code = sources_under("src/cli", None) + &sources_under("src/scheduler", None);
    let http_code = sources_under("src/http", Some("src/http/console"));

    let imports: Vec<&str> =
        http_code.lines().filter(|line| line.trim_start().starts_with("use ")).collect();

    for verb in OPERATOR_VERBS {
        assert!(operator_code.contains(verb), "{verb} is no longer an operator verb: update");
        assert!(!http_code.contains(verb), "src/http calls {verb}");
        let path = verb.trim_end_matches('(');
        assert!(!imports.iter().any(|line| line.contains(path)), "src/http imports {path}");
    }
}

/// Paths an operator API on the player's side would have: none exists.
const OPERATOR_PATHS: &[&str] = &[
    "/admin/index",
    "/api/admin/index",
    "/api/admin/deposit/review",
    "/api/admin/withdraw/review",
    "/api/admin/wallet/adjust",
    "/api/admin/user/freeze",
    "/api/admin/user/grant",
    "/api/admin/content/create",
    "/api/admin/goods/payout",
    "/api/admin/envelope/create",
    "/api/admin/room/update",
    "/api/deposit/review",
    "/api/withdraw/review",
    "/api/goods/payout",
];

/// The operator console's API: a player's token is no console session, whatever he holds.
const CONSOLE_PATHS: &[&str] = &[
    "/admin/api/session",
    "/admin/api/queues",
    "/admin/api/deposits",
    "/admin/api/deposits/1",
    "/admin/api/deposits/1/voucher",
    "/admin/api/deposits/1/approve",
    "/admin/api/deposits/1/reject",
    "/admin/api/withdrawals",
    "/admin/api/withdrawals/1",
    "/admin/api/withdrawals/1/pay-to",
    "/admin/api/withdrawals/1/approve",
    "/admin/api/players",
    "/admin/api/players/1",
    "/admin/api/players/1/adjust",
    "/admin/api/players/1/freeze",
    "/admin/api/players/1/unfreeze",
    "/admin/api/players/1/password",
    "/admin/api/players/1/fund-password/clear",
    "/admin/api/players/1/roles",
    "/admin/api/adjustments/1/approve",
    "/admin/api/adjustments/1/cancel",
    "/admin/api/staff",
    "/admin/api/staff/1/confirm",
    "/admin/api/staff/1/disable",
    "/admin/api/staff/1/reset",
    "/admin/api/audit",
    "/admin/api/health",
    "/admin/api/backups",
    "/admin/api/backups/fairhall-20261204-033000.tar.gz",
    "/admin/api/reports/linked",
    "/admin/api/protection",
    "/admin/api/verify",
];

/// Lists whose replies a grant must not change (the other players' records stay out).
/// `api/personal/index` shows the player his own roles and permissions, so it does change.
const PLAYER_LISTS: &[&str] = &[
    "/api/personal/rechargerecord",
    "/api/personal/withdrawlsrecord",
    "/api/personal/accountchangerecord",
    "/api/goods/orders",
    "/api/envelope/records",
    "/api/notice/index",
    "/api/team/members",
];

async fn lists_of(app: &TestApp, player: &Player) -> Vec<Reply> {
    let mut replies = Vec::new();
    for path in PLAYER_LISTS {
        replies.push(app.get(path, Some(&player.token)).await);
    }
    replies
}

#[tokio::test]
async fn a_player_holding_every_role_and_permission_reaches_no_operator_capability() {
    let app = TestApp::spawn().await;
    let (_owner, _holdings) = holder(&app).await;
    let (granted, _) = app.withdrawer("1000.00").await;
    let before = lists_of(&app, &granted).await;
    let (user_id, now) = (granted.id, app.now());
    app.db
        .write(move |tx| {
            use fairhall::auth::grants::{Grant, add_grant};
            use fairhall::auth::permissions::{ALL_PERMISSIONS, Permission, RoleName};
            let all = Permission::parse(ALL_PERMISSIONS).expect("the wildcard permission");
            add_grant(tx, user_id, &Grant::Role(RoleName::admin()), now)?;
            add_grant(tx, user_id, &Grant::Permission(all), now)?;
            Ok(())
        })
        .await
        .expect("the grants are stored");

    let document = app.get("/api/openapi.json", None).await.body;
    let paths: Vec<&String> = document["paths"].as_object().expect("paths").keys().collect();
    assert!(!paths.iter().any(|path| path.contains("admin")), "{paths:?}");
    for path in OPERATOR_PATHS {
        for method in [Method::GET, Method::POST] {
            let request = Request::builder()
                .method(method.clone())
                .uri(*path)
                .header("token", granted.token.as_str())
                .header("content-type", "application/json")
                .body(Body::from("{}"))
                .expect("a request");
            let reply = app.send(request).await;
            assert_eq!(reply.status, axum::http::StatusCode::NOT_FOUND, "{method} {path}");
            assert_eq!(reply.err(), "not_found", "{method} {path}");
        }
    }
    for path in CONSOLE_PATHS {
        let reads =
            ["/admin/api/session", "/admin/api/queues", "/1", "/voucher", "/pay-to", ".tar.gz"];
        let listed = [
            "/admin/api/deposits",
            "/admin/api/withdrawals",
            "/admin/api/players",
            "/admin/api/staff",
            "/admin/api/audit",
            "/admin/api/health",
            "/admin/api/reports/linked",
            "/admin/api/protection",
        ];
        let method = if reads.iter().any(|end| path.ends_with(end)) || listed.contains(path) {
            Method::GET
        } else {
            Method::POST
        };
        let request = Request::builder()
            .method(method.clone())
            .uri(*path)
            .header("token", granted.token.as_str())
            .header("content-type", "application/json")
            .body(Body::from("{\"reason\":\"x\"}"))
            .expect("a request");
        let reply = app.send(request).await;
        assert_eq!(reply.status, axum::http::StatusCode::UNAUTHORIZED, "{method} {path}");
        assert_eq!(reply.err(), "staff_sign_in_required", "{method} {path}");
    }
    let after = lists_of(&app, &granted).await;
    for ((path, before), after) in PLAYER_LISTS.iter().zip(&before).zip(&after) {
        before.assert_ok();
        assert_eq!(before.bytes, after.bytes, "{path} changed with the grants");
    }
}
