//! The game pages' endpoints: betting, a room's odds and limits, the player's bets, the draw
//! history, the long-dragon board and the live stream of a room.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{ClientAddress, Idempotency, MaybeSession, Params, Session, SessionToken};
use crate::error::AppError;
use crate::flows::keyed::{self, At, Keyed};
use crate::games::betting::{self, Order, OrderForm, PlacedOrder};
use crate::games::records::long_board::{self, LongRun};
use crate::games::records::{self, BetFilter, BetFilterForm, BetRecord, DrawRecord};
use crate::games::rules::room::Room;
use crate::live;
use crate::paging::{Page, Paging};
use crate::protection::PlaySession;
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::convert::Infallible;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bet))
        .routes(routes!(odds))
        .routes(routes!(betting_record))
        .routes(routes!(history))
        .routes(routes!(long_board))
        .routes(routes!(live))
        .routes(routes!(live_ticket))
}

/// Place an order of one or more options on the room's open period, paid from the game
/// balance.
#[utoipa::path(post, path = "/api/rooms/betting", tag = "games", security(("token" = [])),
    request_body = OrderForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; err room_closed, no_option, period_closed, \
        issue_not_open, odds_changed, bet_out_of_limits, room_balance_too_low, \
        insufficient_balance, player_excluded, reality_check_due, loss_limit_reached",
        body = PlacedOrder)))]
async fn bet(
    State(app): State<AppState>,
    SessionToken(token): SessionToken,
    Idempotency(key): Idempotency,
    params: Result<Params<OrderForm>, AppError>,
) -> Result<Envelope<Value>, AppError> {
    let order = params.and_then(|Params(form)| Order::parse(form));
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let (keys, limits) = (app.chain_keys.clone(), app.auth.sessions);
    // The session and what the bet reads in one trip to the read pool: this is the hot path.
    // The session is checked before the order, so a bad token is refused whatever the body.
    let (session, quoted) = app
        .db
        .read_point(move |connection| {
            let session = crate::auth::session_user(connection, &token, limits, now)?;
            let quoted = order.and_then(|order| {
                let quote = betting::quote(connection, &keys, order.room, timezone, now)?;
                Ok((order, quote))
            });
            Ok((session, quoted))
        })
        .await?;
    // A refused bet is a use of the session too.
    super::extract::record_session_use(&app, &session).await?;
    let (order, quote) = quoted?;
    let user_id = session.user_id;
    let play_session =
        PlaySession { token_hash: session.token_hash.clone(), started_at: session.started_at };
    let keyed = Keyed { user_id, key, description: order.describe() };
    // The writer's time: a bet is judged against the period's close when it commits. The close
    // is checked inside `once`, so a replay after it still returns the first reply.
    let answered = keyed::once(&app.db, keyed, At::Commit(app.clock.clone()), move |tx, now| {
        let bettor = betting::Bettor { user_id, session: Some(&play_session) };
        betting::place(tx, bettor, &quote, &order, now)
    })
    .await?;
    crate::metrics::metrics().bets_placed.inc();
    Ok(Envelope::ok(answered.reply))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct RoomForm {
    /// Room code, e.g. `k3` or `rgb3`.
    room: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct OptionTerms {
    option: String,
    odds: String,
    min_bet: String,
    max_user: String,
    max_total: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct OddsReply {
    room: String,
    game: &'static str,
    rule_version: i64,
    /// RGB's service fee in basis points (200 = 2 %), else 0.
    service_fee_bp: u16,
    entry_min: String,
    #[schema(value_type = Object)]
    rules: Value,
    /// Every option of the game in rules-page order.
    options: Vec<OptionTerms>,
}

/// The room's odds table, limits and rules.
#[utoipa::path(get, path = "/api/roominfo/odds", tag = "games", params(RoomForm),
    responses((status = 200, description = "envelope", body = OddsReply)))]
async fn odds(
    State(app): State<AppState>,
    Params(form): Params<RoomForm>,
) -> Result<Envelope<OddsReply>, AppError> {
    let room = Room::parse(&form.room)?;
    let terms = app.db.read(move |connection| betting::room_terms(connection, room)).await?;
    let options = terms
        .odds
        .entries()
        .iter()
        .map(|(option, odds)| {
            let code = option.code();
            let limits = terms.limits.of(&code);
            OptionTerms {
                odds: odds.to_string(),
                min_bet: limits.min_bet.to_string(),
                max_user: limits.max_user.to_string(),
                max_total: limits.max_total.to_string(),
                option: code,
            }
        })
        .collect();
    Ok(Envelope::ok(OddsReply {
        room: room.code(),
        game: room.game().code(),
        rule_version: terms.settings.rule_version,
        service_fee_bp: terms.rules.service_fee_bp(),
        entry_min: terms.settings.entry_min_text(),
        rules: serde_json::to_value(&*terms.rules).unwrap_or_default(),
        options,
    }))
}

/// The player's bets across games, newest first; filter by game, room, status or issue.
#[utoipa::path(get, path = "/api/personal/betting_record", tag = "games", security(("token" = [])),
    params(BetFilterForm),
    responses((status = 200, description = "envelope", body = Page<BetRecord>)))]
async fn betting_record(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<BetFilterForm>,
) -> Result<Envelope<Page<BetRecord>>, AppError> {
    let filter = BetFilter::parse(form)?;
    let user_id = session.user_id;
    let page =
        app.db.read(move |connection| records::bet_records(connection, user_id, &filter)).await?;
    Ok(Envelope::ok(page))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct HistoryForm {
    room: String,
    page: Option<String>,
    limit: Option<String>,
}

/// The room's draws, newest first, each with its seed, the link it hashes to and the
/// chain's commitment.
#[utoipa::path(get, path = "/api/roominfo/history", tag = "games", params(HistoryForm),
    responses((status = 200, description = "envelope", body = Page<DrawRecord>)))]
async fn history(
    State(app): State<AppState>,
    Params(form): Params<HistoryForm>,
) -> Result<Envelope<Page<DrawRecord>>, AppError> {
    let source = Room::parse(&form.room)?.draw_source();
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let page =
        app.db.read(move |connection| records::draw_history(connection, source, paging)).await?;
    Ok(Envelope::ok(page))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct LongForm {
    /// Shortest run listed (at least 2; default `games.long_run_min`).
    threshold: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct LongReply {
    threshold: u32,
    list: Vec<LongRun>,
}

/// The long-dragon board: current winning runs of two- and three-way options, longest first.
#[utoipa::path(get, path = "/api/cc/long", tag = "games", params(LongForm),
    responses((status = 200, description = "envelope", body = LongReply)))]
async fn long_board(
    State(app): State<AppState>,
    Params(form): Params<LongForm>,
) -> Result<Envelope<LongReply>, AppError> {
    let threshold = match form.threshold {
        None => app.config.games.long_run_min,
        Some(text) => text.trim().parse().map_err(|_| AppError::BadParams)?,
    };
    if !(2..=long_board::LONG_SCAN_DRAWS).contains(&threshold) {
        return Err(AppError::BadParams);
    }
    let list = app.db.read(move |connection| long_board::long_runs(connection, threshold)).await?;
    Ok(Envelope::ok(LongReply { threshold, list }))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct LiveForm {
    /// Room code, e.g. `k3` or `rgb3`.
    room: String,
    /// A ticket from `POST api/live/ticket`: the stream is the player's (single use, 30 s).
    ticket: Option<String>,
}

/// Server-sent events for a room page: event `state` with the open period, the latest result
/// and (with a session) the game balance, sent on connect, then whenever the room's state
/// changes (shared by all its streams, `game_balance` null) and whenever the player's game
/// balance changes; a comment line every 15 s keeps idle proxies from closing it. A player's
/// stream ends with event `end` when the session does (logout, freeze, password change,
/// expiry).
#[utoipa::path(get, path = "/api/live", tag = "games", params(LiveForm),
    responses((status = 200, description = "text/event-stream of `state` events; an envelope \
        with err too_many_streams past the caps of `[live]`, ticket_invalid for an unknown, used \
        or expired ticket", content_type = "text/event-stream")))]
async fn live(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    ClientAddress(address): ClientAddress,
    Params(form): Params<LiveForm>,
) -> Result<Response, AppError> {
    let room = Room::parse(&form.room)?;
    let session = match form.ticket {
        Some(ticket) => Some(app.live_hub.redeem_ticket(&ticket)?),
        None => session.map(live::ViewerSession::from),
    };
    let frames = app.live_hub.open(live::Viewer { room, session, address }).await?;
    let headers =
        [(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")];
    let body = Body::from_stream(frames.map(Ok::<_, Infallible>));
    Ok((headers, body).into_response())
}

/// A single-use ticket that opens the player's live stream (`api/live?room=..&ticket=..`)
/// within 30 s, so the app never puts its token in a URL (EventSource sends no headers).
#[utoipa::path(post, path = "/api/live/ticket", tag = "games", security(("token" = [])),
    responses((status = 200, description = "envelope", body = live::IssuedTicket)))]
async fn live_ticket(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<live::IssuedTicket>, AppError> {
    Ok(Envelope::ok(app.live_hub.issue_ticket(&session)?))
}
