//! Fifty requests at once spending one balance through each spending path, every request on a
//! thread and an HTTP connection of its own against the real binary, released together by a
//! barrier: bets, withdrawals, conversions both ways, product purchases, savings moves both
//! ways and claims of a red envelope with a limited number of shares. Exactly the affordable
//! ones succeed, the others get the path's refusal, what is left is exact, and the ledger and
//! the file verify. (tests/api/ledger_concurrency.rs races conversions and withdrawals inside
//! one process, and one Idempotency-Key against itself.)

use crate::support::crash_support::{self, hourly, numeric};
use crate::support::envelope_support::{EnvelopeApp, everyone};
use crate::support::goods::GoodsApp;
use crate::support::helpers::{Player, START, TestApp};
use crate::support::periods::open_period;
use crate::support::server::start_with;
use crate::support::wallet_support::{FUND_PASSWORD, WalletApp, withdrawal_form};
use fairhall::clock::Clock;
use fairhall::growth::envelopes::types::Mode;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::{Arc, Barrier};

/// Concurrent requests per path, and how many of them each balance affords.
const REQUESTS: usize = 50;
const AFFORDABLE: usize = 20;
/// The binary's config: one VIP level allowing more withdrawals a day than the race sends, so
/// that only the balance limits them.
const CONFIG: &str = r#"
[[growth.vip.levels]]
level = 0
total_deposit = "0.00"
betting_points = "0.00"
upgrade_reward = "0.00"
withdraw_single_max = "50000.00"
withdraw_daily_count = 100
deposit_reward_bp = 0
"#;

/// The players of each race, made by the domain verbs at the real time.
struct Racers {
    to_game: Player,
    to_wallet: Player,
    bettor: Player,
    withdrawer: (Player, i64),
    investor: Player,
    saver_in: Player,
    saver_out: Player,
    claimants: Vec<Player>,
    product_id: i64,
    envelope_code: String,
}

/// A player with 200.00 in the wallet, or in `into` ("game" or "savings").
async fn holding(app: &TestApp, into: Option<&str>) -> Player {
    let player = app.investor("200.00").await;
    let headers = [("token", player.token.as_str())];
    match into {
        Some("game") => {
            let form = json!({ "from": "balance", "amount": "200.00" });
            app.conversion(&player, form, None).await.assert_ok();
        }
        Some(_) => {
            let form = json!({ "amount": "200.00" });
            app.post_json("/api/yuebao/in", &form, &headers).await.assert_ok();
        }
        None => {}
    }
    player
}

fn prepare(data_dir: &Path) -> Racers {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        // Sixty players registered from one test address.
        let app = TestApp::open(data_dir, |config| {
            config.auth.registrations_per_address_hour = 100;
            // The racers never deposit: the envelope is open to them.
            crate::support::helpers::without_deposit_gates(config);
        });
        let now = Clock::System.now();
        app.clock.advance(now.secs() - START.secs());
        let withdrawer = app.withdrawer("200.00").await;
        let envelope = app.create_envelope(everyone("20.00", AFFORDABLE as i64, Mode::Fixed, now));
        let racers = Racers {
            to_game: holding(&app, None).await,
            to_wallet: holding(&app, Some("game")).await,
            bettor: holding(&app, Some("game")).await,
            withdrawer,
            investor: holding(&app, None).await,
            saver_in: holding(&app, None).await,
            saver_out: holding(&app, Some("savings")).await,
            claimants: futures_util::future::join_all((0..REQUESTS).map(|_| app.player())).await,
            product_id: app.product(hourly(now.secs() - 60, 24)).await,
            envelope_code: envelope.await.code,
        };
        app.db.close().await.expect("the database closes");
        racers
    })
}

/// Sends `bodies` to `path` at once, each as the next of `tokens` (round robin) on a thread
/// and a connection of its own; returns the replies.
fn race(base: &str, path: &str, tokens: &[&str], bodies: Vec<Value>) -> Vec<Value> {
    let barrier = Arc::new(Barrier::new(bodies.len()));
    let threads: Vec<_> = bodies
        .into_iter()
        .zip(tokens.iter().cycle())
        .map(|(body, token)| {
            let (barrier, url, token) =
                (barrier.clone(), format!("{base}{path}"), token.to_string());
            std::thread::spawn(move || {
                let agent = crate::support::crash_client::agent();
                barrier.wait();
                let sent = agent.post(&url).header("token", &token).send_json(&body);
                let mut response = sent.expect("the server answers");
                response.body_mut().read_json::<Value>().expect("an envelope")
            })
        })
        .collect();
    threads.into_iter().map(|thread| thread.join().expect("the request ran")).collect()
}

/// Races `REQUESTS` copies of `body` from `player`; asserts that exactly the affordable ones
/// succeeded and the others got `refusal`.
fn race_one(base: &str, path: &str, player: &Player, body: &Value, refusal: &str) {
    let replies = race(base, path, &[&player.token], vec![body.clone(); REQUESTS]);
    assert_outcome(path, &replies, refusal);
}

fn assert_outcome(path: &str, replies: &[Value], refusal: &str) {
    let succeeded = replies.iter().filter(|reply| reply["code"] == 1).count();
    for reply in replies.iter().filter(|reply| reply["code"] != 1) {
        assert_eq!(reply["err"], refusal, "{path}: {reply}");
    }
    assert_eq!(succeeded, AFFORDABLE, "{path}: {succeeded} of {REQUESTS} succeeded");
}

/// `player`'s balances (wallet, game, savings, invest, frozen) in minor units.
fn balances(connection: &rusqlite::Connection, player: &Player) -> [i64; 5] {
    let user_id = numeric(&player.id);
    ["wallet", "game", "savings", "invest", "frozen"]
        .map(|kind| crash_support::balance(connection, user_id, kind))
}

#[test]
fn fifty_concurrent_spends_of_one_balance_succeed_exactly_as_far_as_it_goes() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path();
    let racers = prepare(data_dir);
    let config = data_dir.join("double-spend.toml");
    std::fs::write(&config, CONFIG).expect("the config");
    let (_server, address) =
        start_with(data_dir, &["--config", config.to_str().unwrap_or_default()]);
    let base = format!("http://{address}");
    let ten = |extra: Value| {
        let mut body = json!({ "amount": "10.00" });
        body.as_object_mut()
            .expect("an object")
            .extend(extra.as_object().cloned().unwrap_or_default());
        body
    };

    race_one(
        &base,
        "/api/personal/conversion",
        &racers.to_game,
        &ten(json!({ "from": "balance" })),
        "insufficient_balance",
    );
    race_one(
        &base,
        "/api/personal/conversion",
        &racers.to_wallet,
        &ten(json!({ "from": "game" })),
        "insufficient_balance",
    );
    let (withdrawer, card) = &racers.withdrawer;
    race_one(
        &base,
        "/api/personal/do_withdraw",
        withdrawer,
        &withdrawal_form(*card, "10.00"),
        "insufficient_balance",
    );
    let purchase = json!({ "id": racers.product_id.to_string(), "fund_password": FUND_PASSWORD });
    race_one(&base, "/api/goods/buy", &racers.investor, &ten(purchase), "insufficient_balance");
    race_one(&base, "/api/yuebao/in", &racers.saver_in, &ten(json!({})), "insufficient_balance");
    race_one(&base, "/api/yuebao/out", &racers.saver_out, &ten(json!({})), "insufficient_balance");
    race_bets(&base, &racers.bettor);
    let tokens: Vec<&str> = racers.claimants.iter().map(|player| player.token.as_str()).collect();
    let claim = json!({ "code": racers.envelope_code });
    let replies = race(&base, "/api/envelope/claim", &tokens, vec![claim; REQUESTS]);
    assert_outcome("/api/envelope/claim", &replies, "envelope_invalid");

    let connection = crash_support::read_only(data_dir);
    let left = |player: &Player| balances(&connection, player);
    assert_eq!(left(&racers.to_game), [0, 20_000, 0, 0, 0]);
    assert_eq!(left(&racers.to_wallet), [20_000, 0, 0, 0, 0]);
    assert_eq!(left(&racers.bettor)[1], 0, "every stake of 10.00 taken from 200.00");
    assert_eq!(left(withdrawer), [0, 0, 0, 0, 20_000]);
    assert_eq!(left(&racers.investor), [0, 0, 0, 20_000, 0]);
    assert_eq!(left(&racers.saver_in), [0, 0, 20_000, 0, 0]);
    assert_eq!(left(&racers.saver_out), [20_000, 0, 0, 0, 0]);
    let claimed: i64 = racers.claimants.iter().map(|player| left(player)[0]).sum();
    assert_eq!(claimed, 2_000, "the envelope's 20.00, no more");
    crash_support::check_database(data_dir);
}

/// Fifty bets of 10.00 on the open k3 period, spread over its options.
fn race_bets(base: &str, bettor: &Player) {
    let index = open_period(base, 5);
    let issue = index["issue"].as_str().expect("an issue");
    let odds = ureq::get(&format!("{base}/api/roominfo/odds?room=k3")).call();
    let odds: Value = odds.expect("answers").body_mut().read_json().expect("json");
    let options = odds["data"]["options"].as_array().expect("options");
    let bodies = (0..REQUESTS)
        .map(|n| {
            let bet = json!({ "option": options[n % options.len()]["option"], "amount": "10.00" });
            json!({ "room": "k3", "issue": issue, "bets": [bet] })
        })
        .collect();
    let replies = race(base, "/api/rooms/betting", &[&bettor.token], bodies);
    assert_outcome("/api/rooms/betting", &replies, "insufficient_balance");
}
