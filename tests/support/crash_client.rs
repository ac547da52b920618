//! The crash rounds' client: one thread per player sends a seeded stream of money operations
//! (conversions both ways, bets, savings moves both ways, product purchases), each with its own
//! Idempotency-Key, and logs it before sending (pending) and with its reply once acknowledged.
//! A request the kill cut off stays pending; after the restart it is sent again with the same
//! key and counts by that reply: applied exactly once either way.

use crate::support::crash_support::Effect;
use crate::support::wallet_support::FUND_PASSWORD;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::time::Duration;

/// How long one request may take before the client counts it as cut off.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// The stake of every bet item, in minor units (1.00), and most items of one bet request.
const STAKE_MINOR: i64 = 100;
const BET_ITEMS_MAX: usize = 10;
/// The refusal a bet may get when its period closes between reading the issue and betting (or
/// while the server was down, for a retried one).
const BET_REFUSALS: [&str; 1] = ["period_closed"];

/// One operation as sent, with what it moves when it succeeds.
#[derive(Clone, Debug)]
pub struct Logged {
    pub key: String,
    pub path: &'static str,
    pub body: Value,
    pub effect: Effect,
    /// The acknowledged reply; `None` while the request may or may not have been applied.
    pub reply: Option<Value>,
}

impl Logged {
    pub fn succeeded(&self) -> bool {
        self.reply.as_ref().is_some_and(|reply| reply["code"] == 1)
    }
}

/// A player's log: every operation sent, and the sum of the effects of the acknowledged ones.
#[derive(Debug)]
pub struct PlayerLog {
    pub user_id: i64,
    pub token: String,
    pub effects: Effect,
    pub operations: Vec<Logged>,
    /// The operation the kill cut off, if any (one at a time per player).
    pub pending: Option<Logged>,
}

impl PlayerLog {
    pub fn new(user_id: i64, token: String) -> PlayerLog {
        PlayerLog {
            user_id,
            token,
            effects: Effect::default(),
            operations: Vec::new(),
            pending: None,
        }
    }

    /// Records `reply` to `operation`; panics on a refusal the model did not allow.
    fn acknowledge(&mut self, mut operation: Logged, reply: Value) {
        if reply["code"] == 1 {
            self.effects.add(operation.effect);
        } else {
            let refusal = reply["err"].as_str().unwrap_or_default();
            let may_refuse = operation.path == BET_PATH && BET_REFUSALS.contains(&refusal);
            assert!(may_refuse, "{} {} refused: {reply}", operation.path, operation.body);
        }
        operation.reply = Some(reply);
        self.operations.push(operation);
    }
}

const BET_PATH: &str = "/api/rooms/betting";

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(REQUEST_TIMEOUT))
        .http_status_as_error(false)
        .build()
        .new_agent()
}

/// POSTs `operation` with its key; `None` when the server did not answer (killed).
pub fn send(agent: &ureq::Agent, base: &str, token: &str, operation: &Logged) -> Option<Value> {
    let request = agent
        .post(&format!("{base}{}", operation.path))
        .header("token", token)
        .header("Idempotency-Key", &operation.key);
    let mut response = request.send_json(&operation.body).ok()?;
    response.body_mut().read_json().ok()
}

/// What the client needs to know of the hall.
#[derive(Clone)]
pub struct Hall {
    pub base: String,
    pub product_id: i64,
    /// Every k3 option, each staked 1.00: one request of many bets fills a period fast.
    pub options: Vec<String>,
}

/// What the client reads before each operation: the open k3 period and the player's wallet
/// and game balances (settlements and payouts only add to them meanwhile).
struct Snapshot {
    issue: String,
    wallet: i64,
    game: i64,
}

fn get(agent: &ureq::Agent, url: &str, token: &str) -> Option<Value> {
    let response = agent.get(url).header("token", token).call().ok();
    let reply: Value = response?.body_mut().read_json().ok()?;
    Some(reply["data"].clone())
}

/// The snapshot, or `None` when the server did not answer.
fn snapshot(agent: &ureq::Agent, base: &str, token: &str) -> Option<Snapshot> {
    let index = get(agent, &format!("{base}/api/roominfo/index?room=k3"), token)?;
    let profile = get(agent, &format!("{base}/api/personal/index"), token)?;
    let minor = |field: &str| {
        let text = profile[field].as_str().unwrap_or_default();
        fairhall::money::Money::parse(text).map_or(0, |money| money.minor())
    };
    let issue = index["issue"].as_str()?.to_string();
    Some(Snapshot { issue, wallet: minor("balance"), game: minor("game_balance") })
}

fn money(minor: i64) -> String {
    format!("{}.{:02}", minor / 100, minor % 100)
}

/// The next operation of a player with `effects` acknowledged and `seen` balances: each one
/// affordable (savings only grow by interest meanwhile).
fn next_operation(
    rng: &mut StdRng,
    hall: &Hall,
    effects: Effect,
    seen: &Snapshot,
) -> (&'static str, Value, Effect) {
    let amount = rng.gen_range(1_000..=20_000);
    let count = rng.gen_range(1..=BET_ITEMS_MAX.min(hall.options.len()));
    match rng.gen_range(0..10) {
        0..=2 if seen.game >= STAKE_MINOR * count as i64 => {
            let skip = rng.gen_range(0..=hall.options.len() - count);
            let bets: Vec<Value> = hall.options[skip..skip + count]
                .iter()
                .map(|option| json!({ "option": option, "amount": money(STAKE_MINOR) }))
                .collect();
            let stake = STAKE_MINOR * count as i64;
            let body = json!({ "room": "k3", "issue": seen.issue, "bets": bets });
            (BET_PATH, body, Effect { game: -stake, ..Effect::default() })
        }
        3 if seen.game >= amount => {
            let body = json!({ "from": "game", "amount": money(amount) });
            (CONVERSION, body, Effect { wallet: amount, game: -amount, ..Effect::default() })
        }
        4 if seen.wallet >= amount => {
            let body = json!({ "amount": money(amount) });
            (SAVINGS_IN, body, Effect { wallet: -amount, savings: amount, ..Effect::default() })
        }
        5 if effects.savings >= amount => {
            let body = json!({ "amount": money(amount) });
            (SAVINGS_OUT, body, Effect { wallet: amount, savings: -amount, ..Effect::default() })
        }
        6 if seen.wallet >= 5_000 => {
            let price = 1_000 * rng.gen_range(1..=5);
            let body = json!({ "id": hall.product_id.to_string(), "amount": money(price),
                "fund_password": FUND_PASSWORD });
            (PURCHASE, body, Effect { wallet: -price, invest: price, ..Effect::default() })
        }
        _ if seen.wallet >= amount => {
            let body = json!({ "from": "balance", "amount": money(amount) });
            (CONVERSION, body, Effect { wallet: -amount, game: amount, ..Effect::default() })
        }
        _ => {
            let amount = amount.min(seen.game);
            let body = json!({ "from": "game", "amount": money(amount) });
            (CONVERSION, body, Effect { wallet: amount, game: -amount, ..Effect::default() })
        }
    }
}

const CONVERSION: &str = "/api/personal/conversion";
const SAVINGS_IN: &str = "/api/yuebao/in";
const SAVINGS_OUT: &str = "/api/yuebao/out";
const PURCHASE: &str = "/api/goods/buy";

/// Sends operations for `log`'s player until the server stops answering (the kill); returns
/// the log with the cut-off operation pending.
pub fn run_client(hall: Hall, mut log: PlayerLog, seed: u64) -> PlayerLog {
    let (agent, mut rng) = (agent(), StdRng::seed_from_u64(seed));
    loop {
        let Some(seen) = snapshot(&agent, &hall.base, &log.token) else { return log };
        let (path, body, effect) = next_operation(&mut rng, &hall, log.effects, &seen);
        let key = format!("crash-{seed}-{}", log.operations.len());
        let operation = Logged { key, path, body, effect, reply: None };
        match send(&agent, &hall.base, &log.token, &operation) {
            Some(reply) => log.acknowledge(operation, reply),
            None => {
                log.pending = Some(operation);
                return log;
            }
        }
    }
}

/// After a restart: sends the cut-off operation again with its key and counts its reply.
pub fn retry_pending(agent: &ureq::Agent, base: &str, log: &mut PlayerLog) {
    if let Some(operation) = log.pending.take() {
        let reply =
            send(agent, base, &log.token, &operation).expect("the restarted server answers");
        log.acknowledge(operation, reply);
    }
}

/// Sends acknowledged operations again with their keys: each must return its first reply.
pub fn replay(agent: &ureq::Agent, base: &str, log: &PlayerLog, operations: &[&Logged]) {
    for operation in operations {
        let reply = send(agent, base, &log.token, operation).expect("the server answers");
        let first = operation.reply.as_ref().expect("acknowledged");
        assert_eq!(reply["code"], 1, "replay of {}: {reply}", operation.key);
        assert_eq!(reply["data"], first["data"], "replay of {} moved money again", operation.key);
    }
}
