//! The games' pure logic (GAMES.md): provably fair derivation of each draw from a room's seed
//! chain, the options of every game with their stable codes and default odds, and settlement.
//! The pure modules use no database, HTTP or clock; the scheduler and handlers call them.
//!
//! - `fair`: seeds, seed chains, the HMAC byte stream, `uniform`, `shuffle`, `pick`.
//! - `room`: games, rooms and draw sources; `issue`: issue numbers.
//! - `draw`: `Draw::derive(source, seed, issue)`.
//! - `k3`, `pk10`, `ssc`, `rgb`, `yn28` (+ `yn28_rules`): each game's value, options and rules.
//! - `options`, `odds`, `table`: option codes, exact odds, odds tables.
//! - `periods`: issue numbers over time; `chains`: seed chains and the key file; `draws`:
//!   drawing due periods and reading them back; `rooms`: the rooms table; `limits`: a room's
//!   bet limits and their changes; `betting`, `settlement`, `records`: bets placed, settled
//!   and listed. These take a `Tx` or a `Connection`.
//! - `hall`: the yn28 trading hall (region pages, entering, trend); `presence`: who has a
//!   room's live stream open.
//! - `settle`: `settle(bet, draw, rules) -> Outcome`, `payout(stake, outcome, rules) -> Money`.
//!
//! Money and odds are integers: float arithmetic is denied in this module.
#![deny(clippy::float_arithmetic)]

pub mod betting;
pub mod chain_keys;
pub mod chain_plan;
pub mod chains;
pub mod draw;
pub mod draws;
pub mod fair;
pub mod hall;
pub mod issue;
pub mod k3;
pub mod limits;
pub mod odds;
pub mod options;
pub mod periods;
pub mod pk10;
pub mod presence;
pub mod records;
pub mod rgb;
pub mod room;
pub mod rooms;
pub mod settle;
pub mod settlement;
pub mod ssc;
pub mod table;
pub mod yn28;
pub mod yn28_rules;

pub use chains::{ChainInfo, ChainKeys, ChainPlan, ensure_chain};
pub use draw::Draw;
pub use draws::{DrawPlan, RevealedDraw, Verification, draw_due, revealed_draw, verify_draw};
pub use fair::{DrawStream, Seed, SeedChain, verify_link};
pub use issue::Issue;
pub use odds::{BasisPoints, Odds};
pub use options::{BetOption, Side, option_codes_with_default_odds, options};
pub use periods::Schedule;
pub use room::{DrawSource, Game, Region, RgbMinutes, Room, Tier};
pub use rooms::{RoomIndex, RoomSettings};
pub use settle::{GameRules, Outcome, PlacedBet, payout, settle, wagered};
pub use table::OddsTable;

#[cfg(test)]
mod tests;
