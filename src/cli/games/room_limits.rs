//! `fairhall admin room limits`: a room's bet limits, set from flags, and how they print.

use super::super::shared::{explain, parse_room, print_json_or, print_table};
use crate::db::Db;
use crate::games::limits::{
    self, LimitField, LimitsChange, LimitsForm, LimitsRefusal, OptionLimits, RoomLimits,
};

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
    /// Print the limits in force as JSON (as `room show --json` has them).
    #[arg(long)]
    json: bool,
}

/// `admin room limits`: parses the flags for the room's game, writes through the writer (safe
/// while `serve` runs) and prints the limits in force from the next bet on.
pub(super) async fn set_limits(db: &Db, args: LimitsArgs) -> anyhow::Result<()> {
    let room = parse_room(&args.room)?;
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
    print_json_or(args.json, &limits, |limits| {
        println!("room {}: limits from the next bet on", room.code());
        print_limits(limits);
    })
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
fn print_limits(limits: &RoomLimits) {
    let row = |option: &str, limits: OptionLimits| {
        [option.to_string()]
            .into_iter()
            .chain(
                [limits.min_bet, limits.max_user, limits.max_total, limits.payout_cap]
                    .map(|amount| amount.to_string()),
            )
            .collect()
    };
    let rows: Vec<Vec<String>> = limits
        .effective()
        .into_iter()
        .map(|(option, option_limits)| row(option.as_deref().unwrap_or("default"), option_limits))
        .collect();
    print_table(&["option", "min_bet", "max_user", "max_total", "payout_cap"], &rows);
}
