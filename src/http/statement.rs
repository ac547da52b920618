//! The player's account statement: the CSV download and the figures the statement page shows.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::error::AppError;
use crate::ids::UserId;
use crate::wallet::records::statement::{
    self, StatementForm, StatementQuery, StatementRange, StatementSummary,
};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(statement_csv)).routes(routes!(statement_summary))
}

/// The statement of `range`, read on the pool with `now` from the clock.
async fn read_statement(
    app: &AppState,
    user_id: UserId,
    form: &StatementForm,
) -> Result<statement::Statement, AppError> {
    let (now, timezone) = (app.clock.now(), app.wallet.timezone);
    let range = StatementRange::parse(form, timezone, now)?;
    let query = StatementQuery { user_id, range, timezone, now, rows_max: statement::ROWS_MAX };
    app.db.read(move |connection| statement::statement(connection, &query)).await
}

/// The account statement of a range of days (operator's time zone, both days included) as a
/// CSV attachment: per account (wallet, game, savings, invest, frozen) an opening line, every
/// posting and a closing line. A refusal is the usual JSON envelope.
#[utoipa::path(get, path = "/api/personal/statement", tag = "wallet", security(("token" = [])),
    params(
        ("from" = Option<String>, Query, description = "the first day, YYYY-MM-DD (without from and to: this month so far)"),
        ("to" = Option<String>, Query, description = "the last day (included), YYYY-MM-DD; at most 366 days")),
    responses((status = 200,
        description = "the CSV (RFC 4180, header account,line,time,kind,reference,memo,in,out,balance), \
            sent with Content-Disposition: attachment; or a refusal envelope",
        content_type = "text/csv", body = String)))]
async fn statement_csv(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<StatementForm>,
) -> Result<Response, AppError> {
    let statement = read_statement(&app, session.user_id, &form).await?;
    let disposition = format!("attachment; filename=\"{}\"", statement::file_name(&statement));
    let headers = [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
        (header::CONTENT_DISPOSITION, disposition),
        (header::CACHE_CONTROL, "no-store".to_string()),
    ];
    Ok((headers, statement::to_csv(&statement)).into_response())
}

/// The figures of the statement of a range: each account's opening and closing balance, what
/// came in and left, and how many postings the CSV lists.
#[utoipa::path(get, path = "/api/personal/statement_summary", tag = "wallet", security(("token" = [])),
    params(
        ("from" = Option<String>, Query, description = "the first day, YYYY-MM-DD (without from and to: this month so far)"),
        ("to" = Option<String>, Query, description = "the last day (included), YYYY-MM-DD; at most 366 days")),
    responses((status = 200, description = "envelope", body = StatementSummary)))]
async fn statement_summary(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<StatementForm>,
) -> Result<Envelope<StatementSummary>, AppError> {
    let statement = read_statement(&app, session.user_id, &form).await?;
    Ok(Envelope::ok(statement.summary()))
}
