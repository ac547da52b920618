//! What the console shows of the hall's players as a whole: the groups of linked players
//! (shared payout accounts, addresses, invite chains with opposite bets: `admin report
//! linked`) and the player-protection overview (how many set limits and reality checks, who
//! is in a time-out or self-exclusion: `admin user exclusions`).

use super::Staff;
use crate::auth::permissions::{PLAYER_READ, REPORT_READ};
use crate::error::AppError;
use crate::flows::linked::{self, LinkedGroup};
use crate::flows::protection::{self as listed, ListedExclusion};
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use crate::protection::{self, types::Overview};
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};

/// The days a linked report may look back, as `admin report linked --days`.
const LINKED_DAYS_MAX: i64 = 366;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/reports/linked", get(linked_players))
        .route("/admin/api/protection", get(protection_overview))
}

#[derive(Deserialize)]
struct LinkedForm {
    /// The window of logins and bets looked at, in days back from now (default 7).
    days: Option<String>,
}

#[derive(Serialize)]
struct LinkedReport {
    days: i64,
    groups: Vec<LinkedGroup>,
}

async fn linked_players(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<LinkedForm>,
) -> Result<Envelope<LinkedReport>, AppError> {
    staff.require(REPORT_READ)?;
    let days = match form.days.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => 7,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|days| (1..=LINKED_DAYS_MAX).contains(days))
            .ok_or(AppError::BadParams)?,
    };
    let now = app.clock.now();
    let since = now - days * 86_400;
    let groups =
        app.db.read(move |connection| linked::linked_groups(connection, since, now)).await?;
    Ok(Envelope::ok(LinkedReport { days, groups }))
}

#[derive(Deserialize)]
struct ProtectionForm {
    /// "1": every time-out and self-exclusion ever taken, not only the running ones.
    all: Option<String>,
}

#[derive(Serialize)]
struct ProtectionOverview {
    overview: Overview,
    exclusions: Vec<ListedExclusion>,
}

async fn protection_overview(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<ProtectionForm>,
) -> Result<Envelope<ProtectionOverview>, AppError> {
    staff.require(PLAYER_READ)?;
    let all = matches!(form.all.as_deref(), Some("1" | "true"));
    let now = app.clock.now();
    let page = app
        .db
        .read(move |connection| {
            Ok(ProtectionOverview {
                overview: protection::overview(connection, now)?,
                exclusions: listed::exclusions(connection, all, now)?,
            })
        })
        .await?;
    Ok(Envelope::ok(page))
}
