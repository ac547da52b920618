//! Task rewards in the walk: a daily task (3 bets placed today and settled won or lost) and a
//! one-off task (500.00 of approved deposits), set up on the template hall and claimed through
//! the API.

use super::rules::operator_day;
use super::walk::{KeyedReply, Walk, reply_outcome, text};
use crate::support::helpers::TestApp;
use crate::support::wallet_support::post_request;
use fairhall::error::AppError;
use fairhall::growth::tasks::types::TaskInput;
use fairhall::growth::tasks::{self, TaskSettings};
use rand::Rng;
use serde_json::json;

pub const DAILY_BETS: i64 = 3;
pub const DAILY_REWARD: i64 = 200;
pub const DEPOSITS_TARGET: i64 = 50_000;
pub const DEPOSITS_REWARD: i64 = 500;

/// Creates the walk's two tasks; their ids (daily, one-off).
pub async fn create_tasks(app: &TestApp) -> (i64, i64) {
    let task = |kind: &str, target: String, reward: i64, daily: bool| TaskInput {
        kind: Some(kind.into()),
        target: Some(target),
        reward: Some(text(reward)),
        daily,
        titles: [("en".to_string(), kind.to_string())].into(),
        ..TaskInput::default()
    };
    let daily = task("bet_count", DAILY_BETS.to_string(), DAILY_REWARD, true);
    let once = task("deposit", text(DEPOSITS_TARGET), DEPOSITS_REWARD, false);
    let (settings, now) = (TaskSettings::from_config(&app.config), app.now());
    let created = app.db.write(move |tx| {
        let create = |input: &TaskInput| -> Result<i64, AppError> {
            tasks::create(tx, input, &settings, now)
                .map_err(|error| anyhow::anyhow!("the task is invalid: {error}").into())
        };
        Ok((create(&daily)?, create(&once)?))
    });
    created.await.expect("the tasks are created")
}

impl Walk {
    /// A player claims one of the two tasks by the API, half with an Idempotency-Key.
    pub async fn claim_task(&mut self) {
        let player = self.any_player();
        let (daily_id, once_id) = self.task_ids;
        let daily = self.rng.gen_bool(0.6);
        let today = operator_day(self.app.now());
        let expected = &self.expected[player];
        let (task_id, reward, verdict) = if daily {
            let bets_today = expected.bet_lines_by_day.get(&today).copied().unwrap_or_default();
            let verdict = if expected.daily_task_days.contains(&today) {
                "reward_claimed"
            } else if bets_today < DAILY_BETS {
                "condition_not_met"
            } else if expected.deposited == 0 {
                "recharge_first"
            } else {
                "ok"
            };
            (daily_id, DAILY_REWARD, verdict)
        } else {
            let verdict = if expected.deposit_task_claimed {
                "reward_claimed"
            } else if expected.deposited < DEPOSITS_TARGET {
                "condition_not_met"
            } else {
                "ok"
            };
            (once_id, DEPOSITS_REWARD, verdict)
        };
        self.begin(format!("player {player} claims task {task_id}"));
        let key = self.rng.gen_bool(0.5).then(|| format!("task-{}", self.step));
        let (path, form) = ("/api/task/claim", json!({ "id": task_id.to_string() }));
        let request = post_request(path, &self.players[player].0, &form, key.as_deref());
        let reply = self.app.send(request).await;
        self.assert_outcome(reply_outcome(&reply), verdict, "task claim");
        if verdict != "ok" {
            return;
        }
        let expected = &mut self.expected[player];
        expected.credit_bonus(reward);
        if daily {
            expected.daily_task_days.insert(today);
        } else {
            expected.deposit_task_claimed = true;
        }
        assert_eq!(reply.data()["reward"], json!(text(reward)), "{}", self.at());
        if let Some(key) = key {
            let data = reply.data().clone();
            self.keyed.push(KeyedReply { player, key, path, form, data });
        }
    }
}
