//! `fairhall verify-draw` and `fairhall admin room ...`; `room update` and `room limits` are
//! in `room_update` and `room_limits`, `room periods` and `room chain` in `room_status`.

mod room_limits;
mod room_status;
mod room_update;

use super::shared::{
    explain, format_time, parse_room, print_json_or, print_table, refuse_thin_edge, yes_no,
};
use crate::clock::{Clock, Timestamp};
use crate::config::Config;
use crate::db::Db;
use crate::games;
use crate::games::fairness::chain_keys::ChainKeys;
use crate::games::fairness::drawing;
use crate::games::limits::{self, RoomLimits};
use crate::games::rooms::RoomSettings;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Game, Room};
use clap::Subcommand;
pub use room_limits::LimitsArgs;
pub use room_status::{ChainArgs, PeriodsArgs};
pub use room_update::UpdateArgs;
use std::path::Path;

#[derive(Subcommand)]
pub enum RoomCommand {
    /// Every room with its period, betting close, entry minimum and open flag.
    List {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// One room's settings and bet limits (with --json also its odds table and rules).
    Show {
        /// The room's code, e.g. k3 or usa_vip (`room list` names them).
        room: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Open a room for betting.
    Open {
        /// The room's code, e.g. k3 or usa_vip (`room list` names them).
        room: String,
    },
    /// Close a room for betting (draws go on). Bets of periods not drawn yet are refunded at
    /// their draws unless the room is reopened first; drawn periods settle on their results.
    Close {
        /// The room's code, e.g. k3 or usa_vip (`room list` names them).
        room: String,
    },
    /// Periods with open bets that cannot be drawn here (the key of their chain is missing).
    Stuck {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// A room's periods: state, draw time, bets, stake, payout and result, for one day or the
    /// last few up to the open one.
    Periods(PeriodsArgs),
    /// Per draw source: the seed chain drawing now (commitment, periods left, key present in
    /// chains.key), the next draw, and how late the scheduler is.
    Chain(ChainArgs),
    /// Refund the open bets of a period that cannot be drawn and whose draw time has passed
    /// (the scheduler does it `games.undrawable_refund_secs` after the draw time).
    Refund {
        /// The room's code, e.g. k3 or usa_vip (`room list` names them).
        room: String,
        /// The period's issue number, YYYYMMDD and its 4-digit sequence (`room stuck` lists them).
        issue: String,
    },
    /// Change the period (of every room of the draw source) and/or the room's betting close,
    /// from the period after the one open now, which keeps its draw time and close.
    Update(UpdateArgs),
    /// Set a room's bet limits (its defaults, or with --option one option's override), from
    /// the next bet on; prints the limits every option then bets under.
    Limits(LimitsArgs),
}

/// Rechecks a stored draw from public data: the hash link to the previous seed (or the
/// commitment) and the values derived from the revealed seed. Fails unless both hold.
pub fn verify_draw(mut config: Config, room: &str, issue: &str) -> anyhow::Result<()> {
    let room = parse_room(room)?;
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
    config: &Config,
    data_dir: &Path,
    command: RoomCommand,
) -> anyhow::Result<()> {
    let timezone = config.timezone();
    match command {
        RoomCommand::List { json } => print_rooms(db, json).await?,
        RoomCommand::Show { room, json } => show_room(db, &room, json).await?,
        RoomCommand::Open { room } => {
            refuse_thin_edge(db, &config.growth, Some(parse_room(&room)?)).await?;
            set_open(db, &room, true).await?
        }
        RoomCommand::Close { room } => {
            set_open(db, &room, false).await?;
            print_refunds_at_close(db, &room).await?;
        }
        RoomCommand::Stuck { json } => print_stuck(db, (timezone, data_dir), json).await?,
        RoomCommand::Periods(args) => {
            room_status::print_periods(db, timezone, args, Clock::System.now()).await?;
        }
        RoomCommand::Chain(args) => {
            let now = Clock::System.now();
            room_status::print_chains(db, (timezone, data_dir), args, now).await?;
        }
        RoomCommand::Refund { room, issue } => {
            refund(db, (timezone, data_dir), (&room, &issue)).await?;
        }
        RoomCommand::Update(args) => room_update::update_room(db, timezone, args).await?,
        RoomCommand::Limits(args) => room_limits::set_limits(db, args).await?,
    }
    Ok(())
}

/// A room as `room list --json` prints it.
#[derive(serde::Serialize)]
struct ListedRoom {
    room: Room,
    game: Game,
    draw_source: DrawSource,
    period_secs: i64,
    close_secs: i64,
    entry_min: String,
    is_open: bool,
}

async fn print_rooms(db: &Db, json: bool) -> anyhow::Result<()> {
    let rooms = db.read(games::rooms::list_rooms).await?;
    let listed: Vec<ListedRoom> = rooms
        .into_iter()
        .map(|room| ListedRoom {
            entry_min: room.entry_min_text(),
            room: room.room,
            game: room.game,
            draw_source: room.draw_source,
            period_secs: room.period_secs,
            close_secs: room.close_secs,
            is_open: room.is_open,
        })
        .collect();
    print_json_or(json, &listed, |listed| {
        let rows: Vec<Vec<String>> = listed
            .iter()
            .map(|room| {
                vec![
                    room.room.to_string(),
                    room.game.code().to_string(),
                    room.draw_source.to_string(),
                    room.period_secs.to_string(),
                    room.close_secs.to_string(),
                    room.entry_min.clone(),
                    yes_no(room.is_open).to_string(),
                ]
            })
            .collect();
        let header = ["room", "game", "draw source", "period s", "close s", "entry min", "open"];
        print_table(&header, &rows);
    })
}

/// `room show`: the settings and limits as a table, or with --json everything as JSON.
async fn show_room(db: &Db, room: &str, json: bool) -> anyhow::Result<()> {
    let room = parse_room(room)?;
    let (settings, limits) = db
        .read(move |connection| {
            let settings = games::rooms::room_settings(connection, room)?;
            Ok((settings, limits::room_limits(connection, room)?))
        })
        .await?;
    let shown = ShownRoom { settings: &settings, limits: &limits };
    print_json_or(json, &shown, |shown| {
        let settings = shown.settings;
        let defaults = &shown.limits.defaults;
        let rows = [
            ("room", settings.room.to_string()),
            ("game", settings.game.code().to_string()),
            ("draw source", settings.draw_source.to_string()),
            ("period s", settings.period_secs.to_string()),
            ("close s", settings.close_secs.to_string()),
            ("entry min", settings.entry_min_text()),
            ("open", yes_no(settings.is_open).to_string()),
            ("rule version", settings.rule_version.to_string()),
            ("min bet", defaults.min_bet.to_string()),
            ("max per player", defaults.max_user.to_string()),
            ("max all players", defaults.max_total.to_string()),
            ("payout cap", defaults.payout_cap.to_string()),
            ("option overrides", shown.limits.options.len().to_string()),
        ];
        let rows: Vec<Vec<String>> =
            rows.into_iter().map(|(name, value)| vec![name.to_string(), value]).collect();
        print_table(&["setting", "value"], &rows);
    })
}

async fn set_open(db: &Db, room: &str, is_open: bool) -> anyhow::Result<()> {
    let room = parse_room(room)?;
    db.write(move |tx| games::rooms::set_room_open(tx, room, is_open)).await.map_err(explain)?;
    println!("room {} is {}", room.code(), if is_open { "open" } else { "closed" });
    Ok(())
}

/// What closing a room means for its open bets.
async fn print_refunds_at_close(db: &Db, room: &str) -> anyhow::Result<()> {
    let room = parse_room(room)?;
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

/// A period `room stuck` lists.
#[derive(serde::Serialize)]
struct StuckPeriod {
    room: String,
    issue: String,
    bets: i64,
    stake: String,
    due_at: String,
    /// Whether its draw time has passed.
    due: bool,
}

/// `admin room stuck`: the periods whose bets wait for a draw that cannot happen here.
async fn print_stuck(
    db: &Db,
    (timezone, data_dir): (chrono_tz::Tz, &Path),
    json: bool,
) -> anyhow::Result<()> {
    let keys = std::sync::Arc::new(ChainKeys::read(data_dir)?);
    let now = Clock::System.now();
    let mut stuck = Vec::new();
    for room in Room::all() {
        let keys = keys.clone();
        let periods = db
            .read(move |connection| {
                let mut stuck = Vec::new();
                for period in games::settlement::undrawn_open_bets(connection, room)? {
                    let source = (room.draw_source(), timezone);
                    if let Some(due) = games::fairness::drawing::undrawable_since(
                        connection,
                        &keys,
                        source,
                        period.issue,
                    )? {
                        stuck.push((period, due));
                    }
                }
                Ok(stuck)
            })
            .await
            .map_err(explain)?;
        stuck.extend(periods.into_iter().map(|(period, due_at)| StuckPeriod {
            room: room.code(),
            issue: period.issue.to_string(),
            bets: period.bets,
            stake: period.stake.to_string(),
            due_at: format_time(due_at),
            due: due_at <= now,
        }));
    }
    print_json_or(json, &stuck, |stuck| {
        for period in stuck {
            let state = if period.due { "due since" } else { "due at" };
            println!(
                "{} {}: {} open bets, {} staked, {state} {}; its chain's key is missing \
                 (fairhall admin room refund {} {})",
                period.room,
                period.issue,
                period.bets,
                period.stake,
                period.due_at,
                period.room,
                period.issue
            );
        }
        if stuck.is_empty() {
            println!("no period waits for a draw that cannot happen");
        }
    })
}

/// `admin room refund ROOM ISSUE`: refunds a period that cannot be drawn, chunk by chunk.
async fn refund(
    db: &Db,
    (timezone, data_dir): (chrono_tz::Tz, &Path),
    (room, issue): (&str, &str),
) -> anyhow::Result<()> {
    let room = parse_room(room)?;
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

fn local_time(timestamp: Timestamp, timezone: chrono_tz::Tz) -> String {
    timestamp
        .to_datetime()
        .map(|time| time.with_timezone(&timezone).format("%Y-%m-%d %H:%M:%S %:z").to_string())
        .unwrap_or_else(|| timestamp.to_string())
}
