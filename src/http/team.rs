//! The three-level team, rebates and commissions, and the weekly salary: the player's team
//! and its members, his pending and paid rebates, and his salary table and history.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::error::AppError;
use crate::growth::rebates::{self, RebateOverview};
use crate::growth::salary::{self, SalaryOverview};
use crate::growth::team::{self, TeamLevel, TeamMemberRow, TeamSummary};
use crate::paging::{Page, Paging};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(team_index))
        .routes(routes!(team_members))
        .routes(routes!(rebate_index))
        .routes(routes!(salary_index))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct PageForm {
    page: Option<String>,
    limit: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct MembersForm {
    level: Option<String>,
    page: Option<String>,
    limit: Option<String>,
}

/// The player's invite code and link, and his team per level and in total.
#[utoipa::path(get, path = "/api/team/index", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope", body = TeamSummary)))]
async fn team_index(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<TeamSummary>, AppError> {
    let user_id = session.user_id;
    let summary = app.db.read(move |connection| team::summary(connection, user_id)).await?;
    Ok(Envelope::ok(summary))
}

/// The members of one level of the player's team (1-3), newest first, phones masked.
#[utoipa::path(get, path = "/api/team/members", tag = "growth", security(("token" = [])),
    params(("level" = Option<i64>, Query, description = "1, 2 or 3 (default 1)"),
        ("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<TeamMemberRow>)))]
async fn team_members(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<MembersForm>,
) -> Result<Envelope<Page<TeamMemberRow>>, AppError> {
    let level = TeamLevel::parse(form.level.as_deref())?;
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let user_id = session.user_id;
    let page =
        app.db.read(move |connection| team::members(connection, user_id, level, paging)).await?;
    Ok(Envelope::ok(page))
}

/// The player's rebate and commissions settled but not yet paid, the rates, and what each
/// batch paid him (paged).
#[utoipa::path(get, path = "/api/rebate/index", tag = "growth", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope", body = RebateOverview)))]
async fn rebate_index(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<PageForm>,
) -> Result<Envelope<RebateOverview>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let (user_id, now, config) = (session.user_id, app.clock.now(), app.config.clone());
    let overview = app
        .db
        .read(move |connection| {
            rebates::overview(connection, user_id, &config.growth.rebate, paging, now)
        })
        .await?;
    Ok(Envelope::ok(overview))
}

/// The salary table, the player's team this week so far, and his salary history (paged).
#[utoipa::path(get, path = "/api/salary/index", tag = "growth", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope", body = SalaryOverview)))]
async fn salary_index(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<PageForm>,
) -> Result<Envelope<SalaryOverview>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let (user_id, now, config) = (session.user_id, app.clock.now(), app.config.clone());
    let overview = app
        .db
        .read(move |connection| {
            let settings = (&config.growth.salary, config.timezone());
            salary::overview(connection, user_id, settings, paging, now)
        })
        .await?;
    Ok(Envelope::ok(overview))
}
