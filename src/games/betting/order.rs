//! An order as the player sends it (`OrderForm`) and as parsed at the edge (`Order::parse`):
//! a known room, a well-formed issue, distinct options of the room's game with positive stakes.

use crate::error::AppError;
use crate::games::rules::issue::Issue;
use crate::games::rules::options::BetOption;
use crate::games::rules::room::Room;
use crate::money::Money;
use serde::Deserialize;
use std::collections::BTreeMap;

/// `api/rooms/betting` as sent: `bets` is a JSON array or, from a form, `bets[0][option]=..`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct OrderForm {
    pub room: Option<String>,
    /// The period the player bets on: `YYYYMMDD` + 4-digit sequence.
    pub issue: Option<String>,
    #[schema(value_type = Vec<BetLineForm>)]
    pub bets: Option<BetLinesForm>,
    /// `trade`: a yn28 buy-up (`big`) / buy-down (`small`) of at least 10.00 per line.
    pub mode: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum BetLinesForm {
    List(Vec<BetLineForm>),
    Indexed(BTreeMap<String, BetLineForm>),
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct BetLineForm {
    /// An option code of the room's game (GAMES.md "Codes").
    pub option: Option<String>,
    /// Decimal text with up to 2 places.
    pub amount: Option<String>,
}

/// One option and its stake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetLine {
    pub option: BetOption,
    pub stake: Money,
}

/// A parsed order: a known room, a well-formed issue, distinct options of the room's game
/// with positive stakes.
#[derive(Clone, Debug)]
pub struct Order {
    pub room: Room,
    pub issue: Issue,
    pub lines: Vec<BetLine>,
    /// A trade (pages/yn28/game/usdt): only big/small in a yn28 room, each of at least
    /// `TRADE_MIN_MINOR`.
    pub trade: bool,
}

/// The smallest stake of a trade line in minor units, 10.00 (GAMES.md "yn28 trading hall").
pub const TRADE_MIN_MINOR: i64 = 1_000;

/// Whether `mode` asks for a trade; anything but absent, empty or `trade` is `bad_params`.
fn is_trade(mode: Option<&str>) -> Result<bool, AppError> {
    match mode.map(str::trim) {
        None | Some("") => Ok(false),
        Some("trade") => Ok(true),
        Some(_) => Err(AppError::BadParams),
    }
}

/// A trade line buys up or down on a yn28 region's result: `big` or `small` only.
fn tradable(room: Room, option: BetOption) -> bool {
    let up_or_down = ["big", "small"].contains(&option.code().as_str());
    matches!(room, Room::Yn28 { .. }) && up_or_down
}

impl Order {
    pub fn parse(form: OrderForm) -> Result<Order, AppError> {
        let room = Room::parse(form.room.as_deref().ok_or(AppError::MissingParams)?.trim())?;
        let issue = Issue::parse(form.issue.as_deref().ok_or(AppError::MissingParams)?.trim())?;
        let trade = is_trade(form.mode.as_deref())?;
        let forms = match form.bets {
            None => Vec::new(),
            Some(BetLinesForm::List(lines)) => lines,
            Some(BetLinesForm::Indexed(lines)) => lines.into_values().collect(),
        };
        if forms.is_empty() {
            return Err(AppError::NoOption);
        }
        let mut lines: Vec<BetLine> = Vec::with_capacity(forms.len());
        for line in forms {
            let code = line.option.ok_or(AppError::NoOption)?;
            let option = BetOption::parse(room.game(), code.trim())?;
            if trade && !tradable(room, option) {
                return Err(AppError::BadParams);
            }
            let stake = crate::money::positive_amount(line.amount)?;
            if lines.iter().any(|placed| placed.option == option) {
                return Err(AppError::BadParams);
            }
            lines.push(BetLine { option, stake });
        }
        Ok(Order { room, issue, lines, trade })
    }

    /// What idempotency compares between a request and its replay.
    pub fn describe(&self) -> String {
        let lines: Vec<String> =
            self.lines.iter().map(|line| format!("{}={}", line.option, line.stake)).collect();
        let mode = if self.trade { ":trade" } else { "" };
        format!("bet:{}:{}:{}{mode}", self.room.code(), self.issue, lines.join(","))
    }

    pub fn total(&self) -> Result<Money, AppError> {
        let minor =
            self.lines.iter().try_fold(0i64, |sum, line| sum.checked_add(line.stake.minor()));
        match minor {
            Some(minor) if minor <= Money::MAX_MINOR => Money::from_minor(minor),
            _ => Err(AppError::BetOutOfLimits),
        }
    }
}
