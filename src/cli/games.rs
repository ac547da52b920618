//! `fairhall verify-draw` and `fairhall admin room ...`.

use super::shared::explain;
use crate::clock::{Clock, Timestamp};
use crate::config::Config;
use crate::db::Db;
use crate::games;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::drawing;
use crate::games::limits::{
    self, LimitField, LimitsChange, LimitsForm, LimitsRefusal, OptionLimits, RoomLimits,
};
use crate::games::rooms::RoomSettings;
use crate::games::rooms::{RoomChange, RoomChangeRefusal, RoomUpdate};
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Room};
use crate::games::schedule::periods::Schedule;
use clap::Subcommand;
use std::path::Path;

#[derive(Subcommand)]
pub enum RoomCommand {
    /// Every room with its period, betting close, entry minimum and open flag.
    List,
    /// One room's settings, odds table, rules and bet limits as JSON.
    Show { room: String },
    /// Open a room for betting.
    Open { room: String },
    /// Close a room for betting (draws go on). Bets of periods not drawn yet are refunded at
    /// their draws unless the room is reopened first; drawn periods settle on their results.
    Close { room: String },
    /// Periods with open bets that cannot be drawn here (the key of their chain is missing).
    Stuck,
    /// Refund the open bets of a period that cannot be drawn and whose draw time has passed
    /// (the scheduler does it `games.undrawable_refund_secs` after the draw time).
    Refund { room: String, issue: String },
    /// Change the period (of every room of the draw source) and/or the room's betting close,
    /// from the period after the one open now, which keeps its draw time and close.
    Update(UpdateArgs),
    /// Set a room's bet limits (its defaults, or with --option one option's override), from
    /// the next bet on; prints the limits every option then bets under.
    Limits(LimitsArgs),
}

#[derive(clap::Args)]
pub struct UpdateArgs {
    /// Room code, e.g. k3 or canada_vip.
    room: String,
    /// New period in seconds (10 to 3600), for every room of the draw source: the four tier
    /// rooms of a yn28 region share its draws.
    #[arg(long, allow_negative_numbers = true)]
    period: Option<i64>,
    /// New betting close in seconds before the draw (0 to the period - 1), for this room.
    #[arg(long, allow_negative_numbers = true)]
    close: Option<i64>,
}

#[derive(clap::Args)]
pub struct LimitsArgs {
    /// Room code, e.g. k3 or canada_vip.
    room: String,
    /// An option code of the room's game (e.g. big, sum_13): change only its override.
    #[arg(long)]
    option: Option<String>,
    /// Smallest stake of one bet line, e.g. 10 or 10.50.
    #[arg(long, allow_negative_numbers = true)]
    min_bet: Option<String>,
    /// Most one player may stake on an option in one period.
    #[arg(long, allow_negative_numbers = true)]
    max_user: Option<String>,
    /// Most all players together may stake on an option in one period.
    #[arg(long, allow_negative_numbers = true)]
    max_total: Option<String>,
    /// Most an option's bets of one period may pay out.
    #[arg(long, allow_negative_numbers = true)]
    payout_cap: Option<String>,
    /// With --option: remove its override, so it bets under the room's defaults again.
    #[arg(long)]
    clear: bool,
}

/// Rechecks a stored draw from public data: the hash link to the previous seed (or the
/// commitment) and the values derived from the revealed seed. Fails unless both hold.
pub fn verify_draw(mut config: Config, room: &str, issue: &str) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    let issue = Issue::parse(issue).map_err(explain)?;
    let db = crate::startup::open(&mut config)?;
    let runtime = super::shared::current_thread_runtime()?;
    let source = room.draw_source();
    let verification = runtime
        .block_on(db.read(move |connection| drawing::verify_draw(connection, source, issue)))
        .map_err(|error| match error {
            crate::error::AppError::NotFound => anyhow::anyhow!("{issue} is not drawn yet"),
            other => explain(other),
        })?;
    let draw = &verification.draw;
    println!("room {} (draw source {}) issue {issue}", room.code(), source.code());
    println!("seed      {}", draw.seed.to_hex());
    println!("previous  {}", draw.previous.to_hex());
    println!(
        "commitment {} (chain {}, index {})",
        draw.commitment.to_hex(),
        draw.chain_id,
        draw.chain_index
    );
    println!("link      sha256(seed) == previous: {}", verification.link_holds);
    println!("stored    {}", draw.values);
    println!("derived   {}", serde_json::to_string(&verification.derived)?);
    if !verification.verified() {
        anyhow::bail!("draw {issue} of {} does NOT verify", room.code());
    }
    println!("verified");
    Ok(())
}

/// What `admin room show` prints: the settings, then the limits.
#[derive(serde::Serialize)]
struct ShownRoom<'a> {
    #[serde(flatten)]
    settings: &'a RoomSettings,
    limits: &'a RoomLimits,
}

pub async fn run_room(
    db: &Db,
    (timezone, data_dir): (chrono_tz::Tz, &Path),
    command: RoomCommand,
) -> anyhow::Result<()> {
    match command {
        RoomCommand::List => {
            let rooms = db.read(games::rooms::list_rooms).await?;
            println!("room\tgame\tdraw source\tperiod s\tclose s\tentry min\topen");
            for room in rooms {
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    room.room,
                    room.game,
                    room.draw_source,
                    room.period_secs,
                    room.close_secs,
                    room.entry_min_text(),
                    if room.is_open { "yes" } else { "no" }
                );
            }
        }
        RoomCommand::Show { room } => {
            let room = Room::parse(&room).map_err(explain)?;
            let (settings, limits) = db
                .read(move |connection| {
                    let settings = games::rooms::room_settings(connection, room)?;
                    Ok((settings, limits::room_limits(connection, room)?))
                })
                .await?;
            let shown = ShownRoom { settings: &settings, limits: &limits };
            println!("{}", serde_json::to_string_pretty(&shown)?);
        }
        RoomCommand::Open { room } => set_open(db, &room, true).await?,
        RoomCommand::Close { room } => {
            set_open(db, &room, false).await?;
            print_refunds_at_close(db, &room).await?;
        }
        RoomCommand::Stuck => print_stuck(db, (timezone, data_dir)).await?,
        RoomCommand::Refund { room, issue } => {
            refund(db, (timezone, data_dir), (&room, &issue)).await?;
        }
        RoomCommand::Update(args) => update_room(db, timezone, args).await?,
        RoomCommand::Limits(args) => set_limits(db, args).await?,
    }
    Ok(())
}

async fn set_open(db: &Db, room: &str, is_open: bool) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    db.write(move |tx| games::rooms::set_room_open(tx, room, is_open)).await.map_err(explain)?;
    println!("room {} is {}", room.code(), if is_open { "open" } else { "closed" });
    Ok(())
}

/// What closing a room means for its open bets.
async fn print_refunds_at_close(db: &Db, room: &str) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    let periods = db
        .read(move |connection| games::settlement::undrawn_open_bets(connection, room))
        .await
        .map_err(explain)?;
    if periods.is_empty() {
        println!("no open bets in periods not drawn yet: nothing will be refunded");
    }
    for period in periods {
        println!(
            "period {}: {} open bets, {} staked, refunded at its draw unless the room is \
             reopened first",
            period.issue, period.bets, period.stake
        );
    }
    println!("periods drawn before the close settle on their results");
    Ok(())
}

/// `admin room stuck`: the periods whose bets wait for a draw that cannot happen here.
async fn print_stuck(db: &Db, (timezone, data_dir): (chrono_tz::Tz, &Path)) -> anyhow::Result<()> {
    let keys = std::sync::Arc::new(ChainKeys::read(data_dir)?);
    let now = Clock::System.now();
    let mut found = false;
    for room in Room::all() {
        let keys = keys.clone();
        let stuck = db
            .read(move |connection| {
                let mut stuck = Vec::new();
                for period in games::settlement::undrawn_open_bets(connection, room)? {
                    let issue = period.issue;
                    let source = (room.draw_source(), timezone);
                    if let Some(due) = games::fairness::drawing::undrawable_since(
                        connection, &keys, source, issue,
                    )? {
                        stuck.push((period, due));
                    }
                }
                Ok(stuck)
            })
            .await
            .map_err(explain)?;
        for (period, due_at) in stuck {
            found = true;
            let state = if due_at <= now { "due since" } else { "due at" };
            println!(
                "{} {}: {} open bets, {} staked, {state} {}; its chain's key is missing \
                 (fairhall admin room refund {} {})",
                room.code(),
                period.issue,
                period.bets,
                period.stake,
                local_time(due_at, timezone),
                room.code(),
                period.issue
            );
        }
    }
    if !found {
        println!("no period waits for a draw that cannot happen");
    }
    Ok(())
}

/// `admin room refund ROOM ISSUE`: refunds a period that cannot be drawn, chunk by chunk.
async fn refund(
    db: &Db,
    (timezone, data_dir): (chrono_tz::Tz, &Path),
    (room, issue): (&str, &str),
) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    let issue = Issue::parse(issue).map_err(explain)?;
    let keys = std::sync::Arc::new(ChainKeys::read(data_dir)?);
    let period = games::settlement::OpenPeriodBets { room, issue };
    let mut refunded = 0u64;
    loop {
        let (keys, now) = (keys.clone(), Clock::System.now());
        let chunk = db
            .write(move |tx| {
                let limit = crate::config::GamesConfig::default().settle_chunk_bets;
                games::settlement::refund_undrawable(tx, &keys, (period, timezone), limit, now)
            })
            .await
            .map_err(explain)?;
        match chunk {
            Ok(report) => {
                refunded += u64::from(report.settled);
                if report.done {
                    break;
                }
            }
            Err(games::settlement::RefundRefusal::Drawable) => anyhow::bail!(
                "{} {issue} can be drawn: the scheduler draws and settles it",
                room.code()
            ),
            Err(games::settlement::RefundRefusal::NotDue { due_at }) => anyhow::bail!(
                "{} {issue} is due at {}: refund it after its draw time",
                room.code(),
                local_time(due_at, timezone)
            ),
        }
    }
    println!("{} {issue}: {refunded} bets refunded", room.code());
    Ok(())
}

/// `admin room update`: writes the change through the writer like every admin command (safe
/// while `serve` runs) and prints what changes from which period.
async fn update_room(db: &Db, timezone: chrono_tz::Tz, args: UpdateArgs) -> anyhow::Result<()> {
    let room = Room::parse(&args.room).map_err(explain)?;
    let change = RoomChange { period_secs: args.period, close_secs: args.close };
    let now = Clock::System.now();
    let applied = db
        .write(move |tx| games::rooms::update_room(tx, room, change, timezone, now))
        .await
        .map_err(explain)?;
    let update = applied.map_err(|refusal| anyhow::anyhow!(refusal_text(&refusal)))?;
    for line in update_text(&update, timezone) {
        println!("{line}");
    }
    if update.period_secs.is_some() {
        println!("{}", committed_text(db, &update, timezone).await?);
    }
    Ok(())
}

/// How long `admin room update` waits for the running server to commit a period change.
const COMMIT_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// Where the new period length starts, once the running server's scheduler committed its
/// chain (it ticks every second); it may start a period later than asked when the change came
/// in the open period's last second.
async fn committed_text(
    db: &Db,
    update: &RoomUpdate,
    timezone: chrono_tz::Tz,
) -> anyhow::Result<String> {
    let source = DrawSource::parse(update.draw_source).map_err(explain)?;
    let started = crate::clock::monotonic_now();
    while started.elapsed() < COMMIT_WAIT {
        let before = update.latest_chain.clone();
        let committed = db
            .read(move |connection| {
                let before = before.as_deref();
                games::rooms::committed_period_change(connection, source, before, timezone)
            })
            .await
            .map_err(explain)?;
        if let Some((issue, draw_at)) = committed {
            let draw_at = local_time(draw_at, timezone);
            return Ok(format!(
                "committed: the new period starts with {issue}, drawn at {draw_at}"
            ));
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Ok("no server committed it yet: the server commits the new schedule at its next tick".into())
}

fn refusal_text(refusal: &RoomChangeRefusal) -> String {
    match refusal {
        RoomChangeRefusal::NothingToChange => {
            "nothing to change: give --period SECS and/or --close SECS".into()
        }
        RoomChangeRefusal::PeriodOutOfRange { period_secs } => format!(
            "--period {period_secs}: a period is {} to {} seconds",
            Schedule::PERIOD_SECS_MIN,
            Schedule::PERIOD_SECS_MAX
        ),
        RoomChangeRefusal::CloseOutOfRange { close_secs, period_secs } => format!(
            "--close {close_secs}: betting closes 0 to {} seconds before the draw of a \
             {period_secs} s period",
            period_secs - 1
        ),
        RoomChangeRefusal::PeriodNotAboveClose { room, close_secs, period_secs } => format!(
            "--period {period_secs}: room {room} closes {close_secs} s before the draw; lower its \
             close below {period_secs} s first (admin room update {room} --close SECS)"
        ),
    }
}

fn update_text(update: &RoomUpdate, timezone: chrono_tz::Tz) -> Vec<String> {
    let mut lines = vec![format!("room {}, draw source {}", update.room, update.draw_source)];
    if let Some((old, new)) = update.period_secs {
        let rooms = &update.source_rooms;
        let whom = match rooms.as_slice() {
            [_] => format!("for room {}", update.room),
            _ => format!(
                "for all {} rooms of draw source {}: {}",
                rooms.len(),
                update.draw_source,
                rooms.join(", ")
            ),
        };
        lines.push(format!("period {old} s -> {new} s, {whom}"));
    }
    if let Some((old, new)) = update.close_secs {
        lines.push(format!("close {old} s -> {new} s before the draw, for room {}", update.room));
    }
    if update.period_secs.is_none() && update.close_secs.is_none() {
        lines.push("nothing changed: the room has these settings already".into());
        return lines;
    }
    let open = &update.open;
    lines.push(format!(
        "from the period after {} on; {} keeps its draw at {} and its close at {}",
        open.issue,
        open.issue,
        local_time(open.draw_at, timezone),
        local_time(open.close_at, timezone)
    ));
    lines
}

/// `admin room limits`: parses the flags for the room's game, writes through the writer (safe
/// while `serve` runs) and prints the limits in force from the next bet on.
async fn set_limits(db: &Db, args: LimitsArgs) -> anyhow::Result<()> {
    let room = Room::parse(&args.room).map_err(explain)?;
    let form = LimitsForm {
        option: args.option,
        min_bet: args.min_bet,
        max_user: args.max_user,
        max_total: args.max_total,
        payout_cap: args.payout_cap,
        clear: args.clear,
    };
    let refused = |refusal: LimitsRefusal| anyhow::anyhow!(limits_refusal_text(&refusal));
    let change = LimitsChange::parse(room.game(), form).map_err(refused)?;
    let applied =
        db.write(move |tx| limits::set_room_limits(tx, room, change)).await.map_err(explain)?;
    let limits = applied.map_err(refused)?;
    println!("room {}: limits from the next bet on", room.code());
    for line in limits_text(&limits) {
        println!("{line}");
    }
    Ok(())
}

fn flag(field: LimitField) -> String {
    format!("--{}", field.code().replace('_', "-"))
}

fn limits_refusal_text(refusal: &LimitsRefusal) -> String {
    let unchanged = "nothing changed";
    match refusal {
        LimitsRefusal::NothingToChange => "nothing to change: give --min-bet, --max-user, \
            --max-total and/or --payout-cap (or --option CODE --clear)"
            .into(),
        LimitsRefusal::ClearWithoutOption => {
            "--clear removes one option's override: give --option CODE".into()
        }
        LimitsRefusal::ClearWithAmounts => {
            "--clear removes the option's override: give no amounts with it".into()
        }
        LimitsRefusal::UnknownOption { game, option } => {
            format!("--option {option}: not an option code of game {}", game.code())
        }
        LimitsRefusal::NotAnAmount { field, text } => format!(
            "{} {text}: not an amount (a positive number with up to 2 decimals, e.g. 10.50)",
            flag(*field)
        ),
        LimitsRefusal::NotPositive { field } => {
            format!("{}: every limit must be above 0; {unchanged}", flag(*field))
        }
        LimitsRefusal::OutOfOrder { option, limits } => {
            let whose = match option {
                Some(code) => format!("option {code}"),
                None => "the room's defaults".into(),
            };
            let broken = if limits.min_bet > limits.max_user {
                format!("min_bet {} above max_user {}", limits.min_bet, limits.max_user)
            } else {
                format!("max_user {} above max_total {}", limits.max_user, limits.max_total)
            };
            format!(
                "{whose} would have {broken}: every option needs min_bet <= max_user <= \
                 max_total; {unchanged}"
            )
        }
    }
}

/// The limits as a table: the defaults, then each option with an override (all four limits
/// in force for it).
fn limits_text(limits: &RoomLimits) -> Vec<String> {
    let row = |option: &str, limits: OptionLimits| {
        format!(
            "{option}\t{}\t{}\t{}\t{}",
            limits.min_bet, limits.max_user, limits.max_total, limits.payout_cap
        )
    };
    let mut lines = vec!["option\tmin_bet\tmax_user\tmax_total\tpayout_cap".to_string()];
    for (option, option_limits) in limits.effective() {
        lines.push(row(option.as_deref().unwrap_or("default"), option_limits));
    }
    lines
}

fn local_time(timestamp: Timestamp, timezone: chrono_tz::Tz) -> String {
    timestamp
        .to_datetime()
        .map(|time| time.with_timezone(&timezone).format("%Y-%m-%d %H:%M:%S %:z").to_string())
        .unwrap_or_else(|| timestamp.to_string())
}
