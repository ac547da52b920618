//! The events the product tells a player about, stored as their kind and parameters and
//! rendered in the reader's language from the server locales (`message_<kind>_title`,
//! `message_<kind>_body`, src/i18n/locales/*.json) each time he reads them.

use crate::i18n;
use crate::money::Money;
use serde::{Deserialize, Serialize};

/// One event for one player. Stored as JSON (`messages.params`), tagged by its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    DepositApproved {
        deposit_id: i64,
        amount: Money,
    },
    DepositRejected {
        deposit_id: i64,
        amount: Money,
        reason: String,
    },
    /// The payment of a deposit never arrived or bounced.
    DepositFailed {
        deposit_id: i64,
        amount: Money,
        reason: String,
    },
    WithdrawalPaid {
        withdrawal_id: i64,
        amount: Money,
    },
    /// Rejected, or failed at payment: the amount and its fee went back to the wallet.
    WithdrawalRejected {
        withdrawal_id: i64,
        amount: Money,
        reason: String,
    },
    /// One instalment of a financial product order (interest and principal together).
    ProductPayout {
        order_id: i64,
        instalment: i64,
        amount: Money,
    },
    VipUpgrade {
        level: i64,
        reward: Money,
    },
    /// A red envelope only this player may claim, with its code: no one else can use it.
    Envelope {
        envelope_id: i64,
        total: Money,
        code: String,
    },
}

impl Event {
    /// Whether the message offers something (marketing) rather than reporting the player's own
    /// money: a player in a time-out or self-exclusion is not sent it (`protection`).
    pub fn is_marketing(&self) -> bool {
        matches!(self, Event::Envelope { .. } | Event::VipUpgrade { .. })
    }

    /// The `messages.kind` column and the middle of the locale keys.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::DepositApproved { .. } => "deposit_approved",
            Event::DepositRejected { .. } => "deposit_rejected",
            Event::DepositFailed { .. } => "deposit_failed",
            Event::WithdrawalPaid { .. } => "withdrawal_paid",
            Event::WithdrawalRejected { .. } => "withdrawal_rejected",
            Event::ProductPayout { .. } => "product_payout",
            Event::VipUpgrade { .. } => "vip_upgrade",
            Event::Envelope { .. } => "envelope",
        }
    }

    /// The placeholders of its texts. An empty reason shows as "-" so the sentence reads.
    fn arguments(&self) -> Vec<(&'static str, String)> {
        let reason = |text: &str| if text.is_empty() { "-".to_string() } else { text.to_string() };
        match self {
            Event::DepositApproved { deposit_id, amount } => {
                vec![("id", deposit_id.to_string()), ("amount", amount.to_string())]
            }
            Event::DepositRejected { deposit_id, amount, reason: text }
            | Event::DepositFailed { deposit_id, amount, reason: text } => vec![
                ("id", deposit_id.to_string()),
                ("amount", amount.to_string()),
                ("reason", reason(text)),
            ],
            Event::WithdrawalPaid { withdrawal_id, amount } => {
                vec![("id", withdrawal_id.to_string()), ("amount", amount.to_string())]
            }
            Event::WithdrawalRejected { withdrawal_id, amount, reason: text } => vec![
                ("id", withdrawal_id.to_string()),
                ("amount", amount.to_string()),
                ("reason", reason(text)),
            ],
            Event::ProductPayout { order_id, instalment, amount } => vec![
                ("order", order_id.to_string()),
                ("instalment", instalment.to_string()),
                ("amount", amount.to_string()),
            ],
            Event::VipUpgrade { level, reward } => {
                vec![("level", level.to_string()), ("reward", reward.to_string())]
            }
            Event::Envelope { total, code, .. } => {
                vec![("total", total.to_string()), ("code", code.clone())]
            }
        }
    }

    /// Its title and body in `lang`.
    pub fn render(&self, lang: &str) -> (String, String) {
        let arguments = self.arguments();
        let text = |part: &str| {
            i18n::message(lang, &format!("message_{}_{part}", self.kind()), &arguments)
        };
        (text("title"), text("body"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_event() -> Vec<Event> {
        let amount = Money::parse("150.5").unwrap();
        vec![
            Event::DepositApproved { deposit_id: 7, amount },
            Event::DepositRejected { deposit_id: 7, amount, reason: "blurry voucher".into() },
            Event::DepositFailed { deposit_id: 7, amount, reason: "transfer returned".into() },
            Event::WithdrawalPaid { withdrawal_id: 8, amount },
            Event::WithdrawalRejected { withdrawal_id: 8, amount, reason: String::new() },
            Event::ProductPayout { order_id: 9, instalment: 2, amount },
            Event::VipUpgrade { level: 3, reward: amount },
            Event::Envelope { envelope_id: 4, total: amount, code: "ABCD2345".into() },
        ]
    }

    #[test]
    fn an_event_survives_its_stored_form() {
        for event in every_event() {
            let stored = serde_json::to_string(&event).unwrap();
            assert!(stored.contains(&format!("\"kind\":\"{}\"", event.kind())), "{stored}");
            assert_eq!(serde_json::from_str::<Event>(&stored).unwrap(), event);
        }
    }

    #[test]
    fn every_event_renders_with_its_parameters_in_every_language() {
        for lang in crate::config::LANGUAGES {
            for event in every_event() {
                let (title, body) = event.render(lang);
                assert!(!title.is_empty() && !title.contains('{'), "{lang} {title}");
                assert!(!body.contains('{'), "{lang} {body}");
                assert!(!title.starts_with("message_"), "{lang}: no title for {}", event.kind());
            }
        }
        let rejected = Event::DepositRejected {
            deposit_id: 7,
            amount: Money::parse("150.5").unwrap(),
            reason: "blurry voucher".into(),
        };
        let (_, body) = rejected.render("en");
        assert!(body.contains("150.50") && body.contains("blurry voucher"), "{body}");
        let (_, vietnamese) = rejected.render("vi");
        assert_ne!(vietnamese, body);
        let unexplained = Event::WithdrawalRejected {
            withdrawal_id: 8,
            amount: Money::parse("1").unwrap(),
            reason: String::new(),
        };
        assert!(unexplained.render("en").1.contains(": -"), "{}", unexplained.render("en").1);
    }
}
