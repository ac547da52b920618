//! The deposit programmes' pages: the first-deposit bonus (pages/first-storage/index), the
//! recharge cashback (pages/return-cash/index) and the wallet's view of the bonuses pending.
//! The bonuses are granted when the operator approves a deposit (`flows::deposits::review`)
//! and released by play (`flows::bonus_release`); these endpoints only show the rules and what
//! the player got.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::error::AppError;
use crate::flows::bonus_release::{self, BonusView};
use crate::growth::deposit_rewards::{self, CashbackRules, FirstDepositState, PaidReward};
use crate::paging::{Page, Paging};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(first_deposit))
        .routes(routes!(cashback))
        .routes(routes!(cashback_records))
        .routes(routes!(pending_bonuses))
}

/// The player's deposit bonuses: what is granted and not yet released (not his to stake or
/// withdraw yet), what has been released, the house's expected win his play must still give
/// (`release_percent` of what is pending, less what he has built), and at most how much more
/// he must stake in settled bets for it.
#[utoipa::path(get, path = "/api/bonus/pending", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope", body = BonusView)))]
async fn pending_bonuses(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<BonusView>, AppError> {
    let (user_id, config) = (session.user_id, app.config.clone());
    let view = app
        .db
        .read(move |connection| bonus_release::bonus_view(connection, &config.growth, user_id))
        .await?;
    Ok(Envelope::ok(view))
}

/// The first-deposit bonus: its tiers (a first approved deposit of at least `min_amount` gets
/// `rate_bp` basis points of itself, at most `cap`, from the highest tier it reaches), whether
/// the player is still eligible (none of his deposits approved yet), and the bonus he got.
#[utoipa::path(get, path = "/api/bonus/first-deposit", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope", body = FirstDepositState)))]
async fn first_deposit(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<FirstDepositState>, AppError> {
    let (user_id, config) = (session.user_id, app.config.clone());
    let state = app
        .db
        .read(move |connection| deposit_rewards::first_deposit(connection, user_id, &config.growth))
        .await?;
    Ok(Envelope::ok(state))
}

/// The recharge cashback's rules: its tiers (every approved deposit of at least `min_amount`
/// gets `rate_bp` basis points of itself, at most `cap`), the most a player gets per operator
/// day (`daily_cap`) and what he got today. His history is `api/bonus/cashback-records`.
#[utoipa::path(get, path = "/api/bonus/cashback", tag = "growth", security(("token" = [])),
    responses((status = 200, description = "envelope", body = CashbackRules)))]
async fn cashback(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<CashbackRules>, AppError> {
    let (user_id, config, wallet, now) =
        (session.user_id, app.config.clone(), app.wallet.clone(), app.clock.now());
    let rules = app
        .db
        .read(move |connection| {
            deposit_rewards::cashback_rules(connection, user_id, &wallet, &config.growth, now)
        })
        .await?;
    Ok(Envelope::ok(rules))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct PageForm {
    page: Option<String>,
    limit: Option<String>,
}

/// The player's cashback, newest first: each with its deposit, rate and amount.
#[utoipa::path(get, path = "/api/bonus/cashback-records", tag = "growth", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<PaidReward>)))]
async fn cashback_records(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<PageForm>,
) -> Result<Envelope<Page<PaidReward>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let user_id = session.user_id;
    let page = app
        .db
        .read(move |connection| deposit_rewards::cashback_records(connection, user_id, paging))
        .await?;
    Ok(Envelope::ok(page))
}
