//! Each game's rules, pure: no database, no clock, no float. Values derive from a draw stream,
//! options parse from their stable codes, and a bet and a draw give an outcome and a payout.
//!
//! - `k3`, `pk10`, `ssc`, `rgb`, `yn28`: one game each (its value, options, odds, settlement).
//! - `room`: games, rooms, yn28 regions and tiers, draw sources; `issue`: issue numbers.
//! - `options`, `odds`, `table`: option codes across games, exact odds, a room's odds table.
//! - `draw`: `Draw::derive(source, seed, issue)`, a draw's value for any game.
//! - `fraction`, `odds_sheet`: exact probabilities and returns to player of a room's options,
//!   by enumerating the draw values each option reads and settling each with `settle`.
//! - `settle`: `settle(bet, draw, rules) -> Outcome`, `payout(stake, outcome, rules) -> Money`.

pub mod draw;
pub mod fraction;
pub mod issue;
pub mod k3;
pub mod odds;
pub mod odds_sheet;
pub mod options;
pub mod pk10;
pub mod rgb;
pub mod room;
pub mod settle;
pub mod ssc;
pub mod table;
pub mod yn28;
