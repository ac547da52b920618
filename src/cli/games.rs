//! `fairhall verify-draw` and `fairhall admin room ...`.

use super::admin::explain;
use crate::config::Config;
use crate::db::Db;
use crate::games::{self, Issue, Room};
use anyhow::Context;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum RoomCommand {
    /// Every room with its period, betting close, entry minimum and open flag.
    List,
    /// One room's settings, odds table and rules as JSON.
    Show { room: String },
    /// Open a room for betting.
    Open { room: String },
    /// Close a room for betting (draws go on).
    Close { room: String },
}

/// Rechecks a stored draw from public data: the hash link to the previous seed (or the
/// commitment) and the values derived from the revealed seed. Fails unless both hold.
pub fn verify_draw(mut config: Config, room: &str, issue: &str) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    let issue = Issue::parse(issue).map_err(explain)?;
    let db = crate::startup::open(&mut config)?;
    let runtime = current_thread_runtime()?;
    let source = room.draw_source();
    let verification = runtime
        .block_on(db.read(move |connection| games::verify_draw(connection, source, issue)))
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

pub async fn run_room(db: &Db, command: RoomCommand) -> anyhow::Result<()> {
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
            let settings =
                db.read(move |connection| games::rooms::room_settings(connection, room)).await?;
            println!("{}", serde_json::to_string_pretty(&settings)?);
        }
        RoomCommand::Open { room } => set_open(db, &room, true).await?,
        RoomCommand::Close { room } => set_open(db, &room, false).await?,
    }
    Ok(())
}

async fn set_open(db: &Db, room: &str, is_open: bool) -> anyhow::Result<()> {
    let room = Room::parse(room).map_err(explain)?;
    db.write(move |tx| games::rooms::set_room_open(tx, room, is_open)).await.map_err(explain)?;
    println!("room {} is {}", room.code(), if is_open { "open" } else { "closed" });
    Ok(())
}

fn current_thread_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("while starting the async runtime")
}
