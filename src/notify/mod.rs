//! The operator's notifications (issue 33, `[notify]`): when a deposit or a withdrawal starts
//! waiting for review, one delivery per configured channel (a signed webhook, a Telegram
//! message) is written in the request's own transaction, so a refused or rolled-back request
//! tells nobody. `serve`'s delivery job (`scheduler::notify`) sends what is due, and a failed
//! try waits `retry_delay_secs` before the next, until `notify.max_attempts`, when the
//! delivery is given up; every delivery stays in the log (`fairhall admin notify log`).
//! Sending never touches the player's request: it happens later, outside its transaction.

mod send;
mod sql;

pub use send::{deliver, signature};
pub use sql::{Delivery, Outgoing, any_due, claim_due, log, record_outcome};

use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use serde_json::{Value, json};

/// Seconds a claimed delivery is left to its sender before another may try it again (longer
/// than a send's timeout, so two senders never send one delivery at once).
pub const CLAIM_SECS: i64 = 60;

/// The wait after a delivery's first failure; it doubles with each further one...
pub const RETRY_FIRST_SECS: i64 = 10;
/// ... up to this.
pub const RETRY_MAX_SECS: i64 = 3_600;

/// What a notification is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    DepositWaiting,
    WithdrawalWaiting,
    /// `fairhall admin notify test`.
    Test,
}

impl Event {
    pub fn code(self) -> &'static str {
        match self {
            Event::DepositWaiting => "deposit.waiting",
            Event::WithdrawalWaiting => "withdrawal.waiting",
            Event::Test => "test",
        }
    }
}

/// Where a notification goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Webhook,
    Telegram,
}

impl Channel {
    pub fn code(self) -> &'static str {
        match self {
            Channel::Webhook => "webhook",
            Channel::Telegram => "telegram",
        }
    }

    fn parse(code: &str) -> Option<Channel> {
        [Channel::Webhook, Channel::Telegram].into_iter().find(|channel| channel.code() == code)
    }
}

/// The webhook's address and signing key.
#[derive(Clone, Debug)]
pub struct Webhook {
    pub url: String,
    pub secret: String,
}

/// The Telegram bot's API, token and chat.
#[derive(Clone, Debug)]
pub struct Telegram {
    pub api_url: String,
    pub token: String,
    pub chat_id: String,
}

/// `[notify]` resolved, with the hall's name.
#[derive(Clone, Debug)]
pub struct NotifySettings {
    pub hall: String,
    pub webhook: Option<Webhook>,
    pub telegram: Option<Telegram>,
    pub max_attempts: u32,
}

impl NotifySettings {
    pub fn from_config(config: &Config) -> NotifySettings {
        let notify = &config.notify;
        let webhook = notify.webhook_on().then(|| Webhook {
            url: notify.webhook_url.trim().to_string(),
            secret: notify.webhook_secret.clone(),
        });
        let telegram = notify.telegram_on().then(|| Telegram {
            api_url: notify.telegram_api_url.trim().trim_end_matches('/').to_string(),
            token: notify.telegram_bot_token.trim().to_string(),
            chat_id: notify.telegram_chat_id.trim().to_string(),
        });
        NotifySettings {
            hall: config.app.name.clone(),
            webhook,
            telegram,
            max_attempts: notify.max_attempts,
        }
    }

    /// The channels configured, webhook first.
    pub fn channels(&self) -> Vec<Channel> {
        let webhook = self.webhook.as_ref().map(|_| Channel::Webhook);
        webhook.into_iter().chain(self.telegram.as_ref().map(|_| Channel::Telegram)).collect()
    }
}

/// A deposit or a withdrawal that starts waiting for review.
#[derive(Clone, Debug)]
pub struct Waiting<'a> {
    pub event: Event,
    pub record_id: i64,
    pub user_id: UserId,
    pub amount: Money,
    pub currency: &'a str,
    pub method: &'a str,
}

/// Writes one delivery of `waiting` per configured channel, due at once; none when no channel
/// is configured. Call it in the transaction that creates the deposit or withdrawal.
pub fn enqueue(
    tx: &Tx,
    settings: &NotifySettings,
    waiting: &Waiting,
    now: Timestamp,
) -> Result<Vec<i64>, AppError> {
    let mut ids = Vec::new();
    for channel in settings.channels() {
        let id = sql::next_id(tx)?;
        let body = payload(id, settings, waiting, now);
        sql::insert(tx, (id, waiting.event, channel), &body, now, now)?;
        ids.push(id);
    }
    Ok(ids)
}

/// Writes a test delivery per configured channel, already claimed by the caller (who sends
/// them at once: `fairhall admin notify test`), and returns them.
pub fn enqueue_test(
    tx: &Tx,
    settings: &NotifySettings,
    now: Timestamp,
) -> Result<Vec<Outgoing>, AppError> {
    let mut outgoing = Vec::new();
    for channel in settings.channels() {
        let id = sql::next_id(tx)?;
        let text = format!("Test notification from {}: this channel works.", settings.hall);
        let body = json!({
            "id": id,
            "event": Event::Test.code(),
            "at": now,
            "hall": settings.hall,
            "text": text,
        })
        .to_string();
        sql::insert(tx, (id, Event::Test, channel), &body, now + CLAIM_SECS, now)?;
        outgoing.push(Outgoing { id, channel, payload: body, attempts: 0 });
    }
    Ok(outgoing)
}

/// The webhook's body of delivery `id` (the Telegram message takes its `text`).
fn payload(id: i64, settings: &NotifySettings, waiting: &Waiting, now: Timestamp) -> String {
    let body: Value = json!({
        "id": id,
        "event": waiting.event.code(),
        "at": now,
        "hall": settings.hall,
        "record_id": waiting.record_id,
        "user_id": waiting.user_id,
        "amount": waiting.amount.to_string(),
        "currency": waiting.currency,
        "method": waiting.method,
        "text": text(settings, waiting),
    });
    body.to_string()
}

/// The one line a person reads, e.g. "Deposit #17 waiting for review: 100.00 VND by bank from
/// player 42 (Fairhall)."
fn text(settings: &NotifySettings, waiting: &Waiting) -> String {
    let what = match waiting.event {
        Event::DepositWaiting => "Deposit",
        Event::WithdrawalWaiting => "Withdrawal",
        Event::Test => "Test",
    };
    let Waiting { record_id, user_id, amount, currency, method, .. } = waiting;
    let direction = if waiting.event == Event::WithdrawalWaiting { "to" } else { "by" };
    format!(
        "{what} #{record_id} waiting for review: {amount} {currency} {direction} {method} \
         from player {user_id} ({}).",
        settings.hall
    )
}

/// The wait before the next try of a delivery that has failed `attempts` times: 10 s, 20 s,
/// 40 s ... at most an hour.
pub fn retry_delay_secs(attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(20);
    RETRY_FIRST_SECS.saturating_mul(1 << doublings).min(RETRY_MAX_SECS)
}

const _: () = assert!(CLAIM_SECS > send::SEND_TIMEOUT_SECS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        let waits: Vec<i64> = (1..=11).map(retry_delay_secs).collect();
        assert_eq!(waits, [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600]);
        assert_eq!(retry_delay_secs(u32::MAX), RETRY_MAX_SECS);
    }

    #[test]
    fn the_text_names_the_record_the_amount_and_the_hall() {
        let settings =
            NotifySettings { hall: "Lotus".into(), webhook: None, telegram: None, max_attempts: 8 };
        let waiting = Waiting {
            event: Event::WithdrawalWaiting,
            record_id: 7,
            user_id: UserId::parse("42").expect("an id"),
            amount: Money::parse("100").expect("an amount"),
            currency: "VND",
            method: "bank",
        };
        assert_eq!(
            text(&settings, &waiting),
            "Withdrawal #7 waiting for review: 100.00 VND to bank from player 42 (Lotus)."
        );
        assert!(settings.channels().is_empty());
    }
}
