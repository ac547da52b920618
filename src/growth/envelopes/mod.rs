//! Red envelopes (pages/cc/hong). The operator creates an envelope: its shares are split and
//! shuffled at once (`split`), its total moves `bonus` -> `envelopes` (entry kind `envelope`,
//! reference `envelope:<id>`), and its code is shown once and stored hashed. A player claims
//! by code: the next share moves `envelopes` -> wallet (kind `envelope`, reference
//! `envelope:<id>`) through `growth::rewards`, which adds its wagering. At
//! expiry (the scheduler's `refund_expired`) or withdrawal, the unclaimed remainder moves
//! `envelopes` -> `bonus` (kind `refund`, reference `envelope:<id>`) in the same transaction as
//! the state that closes the envelope, so it is returned exactly once. Every claim runs on the
//! single writer; the share and the envelope's counts are updated by guarded statements, and
//! the schema's CHECKs and one-share-per-player index hold the same rules again.

mod claims;
pub mod split;
mod sql;
pub mod types;

pub use claims::{ClaimRequest, claim, detail, records};

use crate::clock::Timestamp;
use crate::config::Config;
use crate::content::messages::{self, Event};
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::rewards::{self, Programme, RewardRules};
use crate::ledger::{self, SystemAccount};
use crate::money::Money;
use crate::rate_limit::Limit;
use rusqlite::Connection;
use types::{
    CreateError, Created, EnvelopeCode, EnvelopeReport, EnvelopeSummary, NOTE_CHARS_MAX,
    NewEnvelope, OperatorClaim, State, Target,
};

/// What the envelope rules need from `[growth]`.
#[derive(Clone, Debug)]
pub struct EnvelopeSettings {
    pub expiry_secs: i64,
    pub quantity_max: i64,
    pub recharge_min: Money,
    pub rewards: RewardRules,
    pub code_failures_per_account: Limit,
    pub code_failures_per_address: Limit,
}

impl EnvelopeSettings {
    pub fn from_config(app: &Config) -> EnvelopeSettings {
        let config = &app.growth.envelope;
        let window_secs = config.code_failure_window_secs;
        EnvelopeSettings {
            expiry_secs: config.expiry_hours * 3_600,
            quantity_max: config.quantity_max,
            recharge_min: config.recharge_min,
            rewards: RewardRules::from_config(app),
            code_failures_per_account: Limit {
                scope: "envelope_code_account",
                max: config.code_failures_per_account,
                window_secs,
            },
            code_failures_per_address: Limit {
                scope: "envelope_code_address",
                max: config.code_failures_per_address,
                window_secs,
            },
        }
    }
}

/// Fresh codes tried before giving up when every one is in use (practically never: 32^8).
const GENERATED_CODE_TRIES: usize = 8;

/// How many live envelopes `user_id` may still claim a share of (for everyone, for him, or
/// for his VIP level, and not claimed by him), for the home page.
pub fn waiting_for(
    connection: &Connection,
    user_id: crate::ids::UserId,
    now: Timestamp,
) -> Result<i64, AppError> {
    let vip_level = crate::auth::vip_level(connection, user_id)?;
    sql::waiting_for(connection, user_id, vip_level, now)
}

/// Creates an envelope: checks the request, splits and stores its shares and reserves its
/// total from `bonus`. The returned code is the only copy outside the operator's hands.
pub fn create(
    tx: &Tx,
    request: NewEnvelope,
    settings: &EnvelopeSettings,
    now: Timestamp,
) -> Result<Created, CreateError> {
    check_request(tx, &request, settings, now)?;
    let code = match request.code {
        Some(code) if sql::live_code_taken(tx, &code.hash())? => {
            return Err(CreateError::Invalid(
                "code: a live envelope already uses this code; choose another".into(),
            ));
        }
        Some(code) => code,
        None => fresh_code(tx)?,
    };
    let shares =
        split::split(request.total.minor(), request.quantity, request.mode, &mut rand::rngs::OsRng);
    let luckiest = match request.mode {
        types::Mode::Random => split::luckiest(&shares).and_then(|at| i64::try_from(at).ok()),
        types::Mode::Fixed => None,
    };
    // Ids are assigned here, on the single writer, so the reserving entry can name its envelope.
    let envelope_id: i64 =
        tx.query_row("SELECT COALESCE(MAX(envelope_id), 0) + 1 FROM envelopes", [], |row| {
            row.get(0)
        })?;
    let posted =
        match rewards::fund_envelope(tx, envelope_id, request.total, &settings.rewards, now) {
            Err(AppError::RewardBudgetSpent) => {
                let left = rewards::left_today(tx, Programme::Envelope, &settings.rewards, now)?;
                return Err(CreateError::Invalid(format!(
                    "total: the day's envelope budget (growth.budget.daily.envelope) has {} left",
                    left.unwrap_or_default()
                )));
            }
            funded => funded?,
        };
    let (target_user_id, vip_min) = match request.target {
        Target::Everyone => (None, None),
        Target::Player(user_id) => (Some(user_id), None),
        Target::VipMin(level) => (None, Some(level)),
    };
    let row = sql::NewRow {
        code_hash: &code.hash(),
        mode: request.mode,
        total_minor: request.total.minor(),
        quantity: request.quantity,
        luckiest_position: luckiest,
        target_user_id,
        vip_min,
        recharge_min_minor: request.recharge_min.unwrap_or(settings.recharge_min).minor(),
        note: &request.note,
        expires_at: request.expires_at,
        entry_id: posted.entry_id,
        created_at: now,
    };
    let inserted = sql::insert_envelope(tx, &row)?;
    debug_assert_eq!(inserted, envelope_id);
    sql::insert_shares(tx, envelope_id, &shares)?;
    if let Target::Player(user_id) = request.target {
        let code = code.as_str().to_string();
        let event = Event::Envelope { envelope_id, total: request.total, code };
        messages::send(tx, user_id, &event, now)?;
    }
    let (total, quantity, mode) = (request.total, request.quantity, request.mode);
    let expires_at = request.expires_at;
    tx.note_created(envelope_id);
    Ok(Created {
        id: envelope_id,
        code: code.as_str().to_string(),
        total,
        quantity,
        mode,
        expires_at,
    })
}

fn invalid(reason: impl Into<String>) -> Result<(), CreateError> {
    Err(CreateError::Invalid(reason.into()))
}

/// The rules of a request, each refusal naming what it refuses.
fn check_request(
    connection: &Connection,
    request: &NewEnvelope,
    settings: &EnvelopeSettings,
    now: Timestamp,
) -> Result<(), CreateError> {
    let quantity_max = settings.quantity_max;
    if !(1..=quantity_max).contains(&request.quantity) {
        return invalid(format!(
            "count: {} is not in 1..={quantity_max} (growth.envelope.quantity_max)",
            request.quantity
        ));
    }
    if request.total.minor() < request.quantity {
        return invalid(format!(
            "amount: {} is below count x 0.01 = {} (every share is at least 0.01)",
            request.total,
            Money::from_minor(request.quantity)?
        ));
    }
    if request.expires_at <= now {
        return invalid("expiry: the envelope would expire before it opens");
    }
    if request.note.chars().count() > NOTE_CHARS_MAX {
        return invalid(format!("note: at most {NOTE_CHARS_MAX} characters"));
    }
    match request.target {
        Target::Player(user_id) => match crate::auth::user_detail(connection, user_id) {
            Err(AppError::NotFound) => invalid("user: no such player"),
            Err(error) => Err(error.into()),
            Ok(_) => Ok(()),
        },
        Target::VipMin(level) if level < 0 => invalid("vip-min: a level is 0 or more"),
        Target::VipMin(_) | Target::Everyone => Ok(()),
    }
}

fn fresh_code(connection: &Connection) -> Result<EnvelopeCode, CreateError> {
    for _ in 0..GENERATED_CODE_TRIES {
        let code = EnvelopeCode::generate();
        if !sql::live_code_taken(connection, &code.hash())? {
            return Ok(code);
        }
    }
    Err(AppError::from(anyhow::anyhow!("no free envelope code in {GENERATED_CODE_TRIES} tries"))
        .into())
}

/// Live envelopes whose remainders one run of `refund_expired` returns at most (one
/// transaction; the job runs again until none is left).
pub const REFUNDS_PER_TX: i64 = 200;

/// What one `refund_expired` run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefundReport {
    /// Envelopes closed as expired.
    pub closed: i64,
    /// What went back to `bonus`, in minor units.
    pub refunded_minor: i64,
    /// More expired envelopes may be waiting.
    pub more: bool,
}

/// Whether a live envelope is past its expiry: the job's read before it takes the writer.
pub fn any_expired(connection: &Connection, now: Timestamp) -> Result<bool, AppError> {
    Ok(!sql::expired_live(connection, now, 1)?.is_empty())
}

/// Closes every live envelope past its expiry (up to `REFUNDS_PER_TX`), returning each
/// remainder to `bonus`. The state and the refund commit together, so however often or late it
/// runs (restarts, downtime), a remainder is returned once.
pub fn refund_expired(tx: &Tx, now: Timestamp) -> Result<RefundReport, AppError> {
    let due = sql::expired_live(tx, now, REFUNDS_PER_TX)?;
    let mut report = RefundReport {
        more: i64::try_from(due.len()).unwrap_or(i64::MAX) == REFUNDS_PER_TX,
        ..RefundReport::default()
    };
    for envelope in &due {
        report.refunded_minor += close_with_refund(tx, envelope, State::Expired, now)?.minor();
        report.closed += 1;
    }
    Ok(report)
}

/// The operator withdraws a live envelope: no more claims, the remainder back to `bonus` now.
/// `not_found` for no such envelope, `envelope_invalid` when it is no longer live.
pub fn withdraw(tx: &Tx, envelope_id: i64, now: Timestamp) -> Result<EnvelopeSummary, AppError> {
    let envelope = sql::by_id(tx, envelope_id)?.ok_or(AppError::NotFound)?;
    if envelope.state != State::Live {
        return Err(AppError::EnvelopeInvalid);
    }
    close_with_refund(tx, &envelope, State::Withdrawn, now)?;
    let closed = sql::by_id(tx, envelope_id)?.ok_or(AppError::NotFound)?;
    summary(&closed)
}

/// Moves what is not claimed `envelopes` -> `bonus` and closes the envelope as `state`.
fn close_with_refund(
    tx: &Tx,
    envelope: &sql::EnvelopeRow,
    state: State,
    now: Timestamp,
) -> Result<Money, AppError> {
    let remainder = Money::from_minor(envelope.total_minor - envelope.claimed_minor)?;
    let entry_id = if remainder == Money::ZERO {
        None
    } else {
        let returned =
            rewards::return_envelope_rest(tx, envelope.id, remainder, state.code(), now)?;
        Some(returned.entry_id)
    };
    if !sql::close(tx, envelope.id, state, (remainder.minor(), entry_id), now)? {
        debug_assert!(false, "envelope {} closed twice", envelope.id);
        return Err(anyhow::anyhow!("envelope {} was no longer live", envelope.id).into());
    }
    Ok(remainder)
}

/// The `envelopes` system account beside what the live envelopes still owe: equal unless a
/// claim, refund or creation was recorded on one side only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Reserve {
    /// The balance of the `envelopes` system account, in minor units.
    pub account_minor: i64,
    /// The unclaimed shares of the live envelopes, in minor units.
    pub open_minor: i64,
}

impl Reserve {
    pub fn agrees(self) -> bool {
        self.account_minor == self.open_minor
    }
}

pub fn reserve(connection: &Connection) -> Result<Reserve, AppError> {
    Ok(Reserve {
        account_minor: ledger::system_balance(connection, SystemAccount::Envelopes)?,
        open_minor: sql::open_remainders(connection)?,
    })
}

/// Most envelopes `list` shows.
pub const LIST_LIMIT_MAX: i64 = 1_000;

/// Envelopes newest first (of one state when given), for the operator.
pub fn list(
    connection: &Connection,
    state: Option<State>,
    limit: i64,
) -> Result<Vec<EnvelopeSummary>, AppError> {
    let rows = sql::list(connection, state, limit.clamp(1, LIST_LIMIT_MAX))?;
    rows.iter().map(summary).collect()
}

/// One envelope with every claim and the luckiest marked, for the operator.
pub fn show(connection: &Connection, envelope_id: i64) -> Result<EnvelopeReport, AppError> {
    let envelope = sql::by_id(connection, envelope_id)?.ok_or(AppError::NotFound)?;
    let claims = sql::claims(connection, envelope_id)?
        .into_iter()
        .map(|claim| {
            Ok(OperatorClaim {
                user_id: claim.user_id,
                phone: crate::auth::user_detail(connection, claim.user_id)?.phone,
                amount: Money::from_minor(claim.amount_minor)?,
                luckiest: Some(claim.position) == envelope.luckiest_position,
                claimed_at: claim.claimed_at,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(EnvelopeReport { envelope: summary(&envelope)?, claims })
}

fn summary(envelope: &sql::EnvelopeRow) -> Result<EnvelopeSummary, AppError> {
    Ok(EnvelopeSummary {
        id: envelope.id,
        mode: envelope.mode,
        state: envelope.state,
        total: Money::from_minor(envelope.total_minor)?,
        quantity: envelope.quantity,
        claimed_count: envelope.claimed_count,
        claimed_amount: Money::from_minor(envelope.claimed_minor)?,
        remainder: Money::from_minor(envelope.total_minor - envelope.claimed_minor)?,
        target_user_id: envelope.target_user_id,
        vip_min: envelope.vip_min,
        recharge_min: Money::from_minor(envelope.recharge_min_minor)?,
        note: envelope.note.clone(),
        expires_at: envelope.expires_at,
        created_at: envelope.created_at,
        closed_at: envelope.closed_at,
        refunded: envelope.refund_minor.map(Money::from_minor).transpose()?,
    })
}
