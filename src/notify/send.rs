//! One try of one delivery over HTTP (blocking: run it off the async threads). A webhook gets
//! the stored body as is, signed; Telegram gets `sendMessage` with the body's `text`.

use super::{Channel, NotifySettings, Outgoing, Telegram, Webhook};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::Read;
use std::time::Duration;

/// How long one try may take, connection included.
pub(super) const SEND_TIMEOUT_SECS: i64 = 10;

/// Bytes of a refusing answer's body kept in the delivery's error.
const ERROR_BODY_BYTES_MAX: u64 = 300;

/// `sha256=<hex HMAC-SHA256 of body keyed by secret>`, the `X-Fairhall-Signature` header
/// (`None` only if the key were refused; HMAC takes a key of any length).
pub fn signature(secret: &str, body: &[u8]) -> Option<String> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).ok()?;
    mac.update(body);
    Some(format!("sha256={}", hex::encode(mac.finalize().into_bytes())))
}

/// Sends `outgoing` once: `Ok` on a 2xx answer, else the error to record (which never holds
/// the bot token). A channel no longer configured fails, to be retried after a restart.
pub fn deliver(settings: &NotifySettings, outgoing: &Outgoing) -> Result<(), String> {
    match outgoing.channel {
        Channel::Webhook => match &settings.webhook {
            Some(webhook) => send_webhook(webhook, outgoing),
            None => Err("notify.webhook_url is not set".to_string()),
        },
        Channel::Telegram => match &settings.telegram {
            Some(telegram) => send_telegram(telegram, outgoing)
                .map_err(|error| error.replace(&telegram.token, "***")),
            None => Err("notify.telegram_bot_token is not set".to_string()),
        },
    }
}

fn agent() -> ureq::Agent {
    let timeout = Duration::from_secs(SEND_TIMEOUT_SECS.unsigned_abs());
    ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .http_status_as_error(false)
        .build()
        .into()
}

fn send_webhook(webhook: &Webhook, outgoing: &Outgoing) -> Result<(), String> {
    let event = serde_json::from_str::<serde_json::Value>(&outgoing.payload)
        .ok()
        .and_then(|body| body["event"].as_str().map(String::from))
        .unwrap_or_default();
    let signed = signature(&webhook.secret, outgoing.payload.as_bytes())
        .ok_or("notify.webhook_secret cannot key HMAC-SHA256")?;
    let answer = agent()
        .post(&webhook.url)
        .content_type("application/json")
        .header("X-Fairhall-Signature", signed)
        .header("X-Fairhall-Event", event)
        .header("X-Fairhall-Delivery", outgoing.id.to_string())
        .send(outgoing.payload.as_bytes());
    accepted(answer)
}

fn send_telegram(telegram: &Telegram, outgoing: &Outgoing) -> Result<(), String> {
    let text = serde_json::from_str::<serde_json::Value>(&outgoing.payload)
        .ok()
        .and_then(|body| body["text"].as_str().map(String::from))
        .unwrap_or_default();
    let url = format!("{}/bot{}/sendMessage", telegram.api_url, telegram.token);
    let message = serde_json::json!({ "chat_id": telegram.chat_id, "text": text });
    accepted(agent().post(&url).send_json(&message))
}

/// `Ok` for a 2xx answer; otherwise its status and the start of its body, or the error.
fn accepted(answer: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<(), String> {
    let mut response = answer.map_err(|error| error.to_string())?;
    let status = response.status();
    if status.is_success() {
        return Ok(());
    }
    let mut body = Vec::new();
    let _ = response.body_mut().as_reader().take(ERROR_BODY_BYTES_MAX).read_to_end(&mut body);
    let body = String::from_utf8_lossy(&body);
    let body = body.trim();
    Err(if body.is_empty() { format!("HTTP {status}") } else { format!("HTTP {status}: {body}") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_the_hmac_sha256_of_the_body_in_hex() {
        // RFC 4231, test case 2.
        let signed = signature("Jefe", b"what do ya want for nothing?").expect("a key");
        assert_eq!(
            signed,
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
