//! `fairhall admin room update`: a change of period or betting close, and what it prints.

use super::super::shared::{explain, parse_room};
use crate::clock::Clock;
use crate::db::Db;
use crate::games;
use crate::games::room_changes::{RoomChange, RoomChangeRefusal, RoomUpdate};
use crate::games::schedule::calendar::Schedule;

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

/// `admin room update`: writes the change through the writer like every admin command (safe
/// while `serve` runs) and prints what changes from which period.
pub(super) async fn update_room(
    db: &Db,
    timezone: chrono_tz::Tz,
    args: UpdateArgs,
) -> anyhow::Result<()> {
    let room = parse_room(&args.room)?;
    let change = RoomChange { period_secs: args.period, close_secs: args.close };
    let now = Clock::System.now();
    let applied = db
        .write(move |tx| games::room_changes::update_room(tx, room, change, timezone, now))
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
    let source = update.draw_source;
    let started = crate::clock::monotonic_now();
    while started.elapsed() < COMMIT_WAIT {
        let before = update.latest_chain.clone();
        let committed = db
            .read(move |connection| {
                let before = before.as_deref();
                games::room_changes::committed_period_change(connection, source, before, timezone)
            })
            .await
            .map_err(explain)?;
        if let Some((issue, draw_at)) = committed {
            let draw_at = super::local_time(draw_at, timezone);
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
                rooms.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
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
        super::local_time(open.draw_at, timezone),
        super::local_time(open.close_at, timezone)
    ));
    lines
}
