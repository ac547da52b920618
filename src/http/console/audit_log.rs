//! The console's audit log: every recorded change newest first, 50 a page (keyset: `before`
//! the oldest shown), narrowed by actor, action, target, one player's records together
//! (`flows::audit_trail`) and the hall's days; each with its arguments and the snapshots
//! before and after. The same `audit::list` as `fairhall admin audit`.

use super::Staff;
use crate::audit::{self, Filter, Record};
use crate::auth::permissions::AUDIT_READ;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audit_trail;
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Records on a page.
const PAGE_ROWS: i64 = 50;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/api/audit", get(list))
}

#[derive(Deserialize)]
struct AuditForm {
    actor: Option<String>,
    /// The action starts with this (`deposit.`, `user.freeze`).
    action: Option<String>,
    /// KIND or KIND:ID.
    target: Option<String>,
    /// One player's records: his id, phone or login name.
    player: Option<String>,
    /// From this day on (YYYY-MM-DD, the hall's time zone).
    since: Option<String>,
    /// Up to and with this day.
    until: Option<String>,
    /// Older than this record (the next page).
    before: Option<String>,
}

#[derive(Serialize)]
struct AuditPage {
    list: Vec<Record>,
    /// `before` of the next page; null on the last.
    next_before: Option<i64>,
    /// The target kinds, for the filter's choice.
    kinds: Vec<&'static str>,
}

async fn list(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<AuditForm>,
) -> Result<Envelope<AuditPage>, AppError> {
    staff.require(AUDIT_READ)?;
    let text =
        |value: Option<String>| value.map(|text| text.trim().to_string()).filter(|t| !t.is_empty());
    let (target_kind, target_id) = match text(form.target) {
        None => (None, None),
        Some(target) => {
            let (kind, id) = match target.split_once(':') {
                Some((kind, id)) => (kind.to_string(), Some(id.to_string())),
                None => (target, None),
            };
            AuditTarget::parse(&kind).ok_or(AppError::BadParams)?;
            (Some(kind), id)
        }
    };
    let timezone = app.config.timezone();
    let day = |value: Option<String>, days_after: u64| -> Result<Option<Timestamp>, AppError> {
        text(value)
            .map(|value| {
                let date = NaiveDate::parse_from_str(&value, "%Y-%m-%d")
                    .map_err(|_| AppError::BadParams)?;
                let date = date
                    .checked_add_days(chrono::Days::new(days_after))
                    .ok_or(AppError::BadParams)?;
                Ok(Timestamp::local_midnight(timezone, date))
            })
            .transpose()
    };
    let before_id = match text(form.before) {
        Some(before) => Some(before.parse::<i64>().map_err(|_| AppError::BadParams)?),
        None => None,
    };
    let mut filter = Filter {
        actor: text(form.actor),
        action_prefix: text(form.action),
        target_kind,
        target_id,
        since: day(form.since, 0)?,
        until: day(form.until, 1)?,
        targets: None,
        before_id,
        limit: PAGE_ROWS + 1,
    };
    let player = text(form.player);
    let mut list = app
        .db
        .read(move |connection| {
            if let Some(player) = player {
                let user_id = crate::auth::find_user(connection, &player)?;
                filter.targets = Some(audit_trail::player_targets(connection, user_id)?);
            }
            audit::list(connection, &filter)
        })
        .await?;
    let more = list.len() as i64 > PAGE_ROWS;
    list.truncate(PAGE_ROWS as usize);
    let next_before = more.then(|| list.last().map(|record| record.id)).flatten();
    let kinds = AuditTarget::ALL.iter().map(|kind| kind.code()).collect();
    Ok(Envelope::ok(AuditPage { list, next_before, kinds }))
}
