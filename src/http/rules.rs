//! A room's rules and odds page (`api/roominfo/rules`): every option with its exact
//! probability, odds and return to player from the room's live terms, its limits, its
//! schedule and how its draws are derived and verified.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::rules::fraction::Fraction;
use crate::games::rules::odds_sheet::{GroupSheet, OptionSheet};
use crate::games::rules::room::Room;
use crate::games::rules_page::{self, RulesPage};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rules))
}

#[derive(Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
struct RoomForm {
    /// Room code, e.g. `k3` or `canada_vip`.
    room: String,
}

/// An exact fraction as `"n/d"` and as a percentage with two decimals (rounded half up).
#[derive(Serialize, utoipa::ToSchema)]
struct Exact {
    /// `"n/d"`, reduced, e.g. `"1/6"`.
    fraction: String,
    /// e.g. `"16.67"`.
    percent: String,
}

impl From<Fraction> for Exact {
    fn from(value: Fraction) -> Exact {
        Exact { fraction: value.to_string(), percent: value.percent() }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
struct ReducedWin {
    odds: String,
    probability: Exact,
}

#[derive(Serialize, utoipa::ToSchema)]
struct StakeBand {
    /// From this stake on (a yn28 special rule's threshold).
    stake_min: String,
    rtp: Exact,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesOption {
    option: String,
    odds: String,
    /// Wins at full or reduced odds.
    probability: Exact,
    /// Wins at `odds`.
    win: Exact,
    win_reduced: Vec<ReducedWin>,
    /// The stake comes back.
    refund: Exact,
    /// Return to player, stake included: what comes back per unit staked.
    rtp: Exact,
    /// The stake the figures are for (the option's minimum bet).
    stake: String,
    rtp_from_stake: Vec<StakeBand>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesGroup {
    /// `sum`, `big_small`, `odd_even`, `car`, `digit`, `shape`, `colour`, `combo`, ...
    kind: &'static str,
    /// PK10 position 1..10, SSC ball 1..5 or window 1..3 (front, middle, back).
    position: Option<u8>,
    /// Every draw makes exactly one option win or refunds the group: the options'
    /// probabilities and `refund` sum to 1.
    exclusive: bool,
    /// The probability that a draw refunds at least one option of the group.
    refund: Exact,
    options: Vec<RulesOption>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesLimits {
    /// None: every option not listed after it.
    option: Option<String>,
    min_bet: String,
    max_user: String,
    max_total: String,
    payout_cap: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesSchedule {
    period_secs: i64,
    /// Betting closes this long before each draw.
    close_secs: i64,
    /// The operator's time zone, in which issue numbers count days.
    timezone: String,
    issue: String,
    #[schema(value_type = i64)]
    close_at: Timestamp,
    #[schema(value_type = i64)]
    draw_at: Timestamp,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesFairness {
    /// What draws: the room, or the yn28 region the tier rooms share.
    draw_source: &'static str,
    /// `s_0` of the chain drawing the open period; null before one is committed.
    commitment: Option<String>,
    chain_id: Option<String>,
    first_issue: Option<String>,
    /// The HMAC message of block `i`: `<draw_source>:<issue>:<i>`.
    message: String,
    /// The CLI command that rechecks a drawn period.
    verify_command: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RulesReply {
    room: String,
    game: &'static str,
    rule_version: i64,
    is_open: bool,
    entry_min: String,
    /// RGB's service fee in basis points (200 = 2 %), else 0.
    service_fee_bp: u16,
    /// The room's rule switches and special rules as stored.
    #[schema(value_type = Object)]
    rules: Value,
    groups: Vec<RulesGroup>,
    limits: Vec<RulesLimits>,
    schedule: RulesSchedule,
    fairness: RulesFairness,
}

/// The room's rules and odds: each option's exact probability, odds and return to player from
/// the odds and rules it pays now, its limits, schedule and draw derivation.
#[utoipa::path(get, path = "/api/roominfo/rules", tag = "games", security(("token" = [])),
    params(RoomForm),
    responses((status = 200, description = "envelope", body = RulesReply)))]
async fn rules(
    State(app): State<AppState>,
    Session(_session): Session,
    Params(form): Params<RoomForm>,
) -> Result<Envelope<RulesReply>, AppError> {
    let room = Room::parse(&form.room)?;
    let (timezone, now) = (app.config.timezone(), app.clock.now());
    let page = app
        .db
        .read(move |connection| rules_page::rules_page(connection, room, timezone, now))
        .await?;
    Ok(Envelope::ok(reply(page, timezone.name())))
}

fn reply(page: RulesPage, timezone: &str) -> RulesReply {
    let RulesPage { room, terms, period, chain, groups } = page;
    let source = room.draw_source();
    let limits = terms.limits.effective().into_iter().map(|(option, limits)| RulesLimits {
        option,
        min_bet: limits.min_bet.to_string(),
        max_user: limits.max_user.to_string(),
        max_total: limits.max_total.to_string(),
        payout_cap: limits.payout_cap.to_string(),
    });
    RulesReply {
        room: room.code(),
        game: room.game().code(),
        rule_version: terms.settings.rule_version,
        is_open: terms.settings.is_open,
        entry_min: terms.settings.entry_min_text(),
        service_fee_bp: terms.rules.service_fee_bp(),
        rules: serde_json::to_value(&*terms.rules).unwrap_or_default(),
        groups: groups.iter().map(group_reply).collect(),
        limits: limits.collect(),
        schedule: RulesSchedule {
            period_secs: period.period_secs,
            close_secs: period.draw_at - period.close_at,
            timezone: timezone.to_owned(),
            issue: period.issue.to_string(),
            close_at: period.close_at,
            draw_at: period.draw_at,
        },
        fairness: RulesFairness {
            draw_source: source.code(),
            commitment: chain.as_ref().map(|chain| chain.commitment.to_hex()),
            chain_id: chain.as_ref().map(|chain| chain.seeds_id.clone()),
            first_issue: chain.as_ref().map(|chain| chain.first_issue.to_string()),
            message: format!("{}:<issue>:<block>", source.code()),
            verify_command: format!("fairhall verify-draw {} <issue>", room.code()),
        },
    }
}

fn group_reply(group: &GroupSheet) -> RulesGroup {
    RulesGroup {
        kind: group.group.kind,
        position: group.group.position,
        exclusive: group.exclusive,
        refund: group.refund.into(),
        options: group.options.iter().map(option_reply).collect(),
    }
}

fn option_reply(line: &OptionSheet) -> RulesOption {
    let reduced = line
        .shares
        .win_reduced
        .iter()
        .map(|(odds, share)| ReducedWin { odds: odds.to_string(), probability: (*share).into() });
    let bands = line
        .rtp_from_stake
        .iter()
        .map(|(stake, rtp)| StakeBand { stake_min: stake.to_string(), rtp: (*rtp).into() });
    RulesOption {
        option: line.option.code(),
        odds: line.odds.to_string(),
        probability: line.probability.into(),
        win: line.shares.win.into(),
        win_reduced: reduced.collect(),
        refund: line.shares.refund.into(),
        rtp: line.rtp.into(),
        stake: line.stake.to_string(),
        rtp_from_stake: bands.collect(),
    }
}
