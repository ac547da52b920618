//! The games (GAMES.md), by concern:
//!
//! - `rules/`: each game's rules, pure (no database, no clock, no float): values, options,
//!   odds, draws, settlement outcomes and payouts, rooms and issue numbers as types.
//! - `fairness/`: seed chains, the key file, drawing due periods and verifying drawn ones.
//! - `schedule/`: issue numbers over time (`calendar`), and the period of a room open now.
//! - The stored parts, each over a `Tx` or a `Connection`: `rooms` (the only code touching the
//!   `rooms` table), `room_changes` (`admin room update`: a new period or close from the next
//!   period on), `limits` (a room's bet limits), `betting` (`quote` reads what a bet needs,
//!   `place` writes it), `settlement` (settling drawn periods through the ledger), `records`
//!   (bets, draw history and the long-dragon board as the pages read them), `hall` (the yn28
//!   trading hall), `lobby` (every room's open period, for the game lists and the home page,
//!   and one room's index and chain for its page)
//!   and `presence` (who has a room's live stream open, in memory); `periods` lists a room's
//!   periods for the operator; `rules_page` is a room's rules and odds page from its live terms.
//!
//! A new game's server side lives in `rules/` (and a migration for its rooms): its own file,
//! its `pub mod` in `rules/mod.rs`, and a variant each in `room.rs` (`Game`, `DrawSource`),
//! `options.rs` (`BetOption`), `draw.rs` (`Draw`) and `settle.rs` (`GameRules`).
//!
//! Money and odds are integers: float arithmetic is denied in every games module.
#![deny(clippy::float_arithmetic)]

pub mod betting;
pub mod fairness;
pub mod hall;
pub mod limits;
pub mod lobby;
pub mod periods;
pub mod presence;
pub mod reconcile;
pub mod records;
pub mod room_changes;
pub mod rooms;
pub mod rules;
pub mod rules_page;
pub mod schedule;
pub mod settlement;
pub mod stakes;

#[cfg(test)]
mod tests;
