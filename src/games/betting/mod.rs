//! Placing bets: an order of one or more options, each with a stake, on the period of a room
//! open now. The order is parsed at the edge (`Order::parse`); `quote` reads what the bet
//! needs in one trip to the read pool (the room's terms, its open period, a committed seed);
//! `place` prices the order against the quote with the writer's clock and places it in one
//! transaction.

mod order;
mod place;
mod quote;

pub use order::{BetLine, BetLineForm, BetLinesForm, Order, OrderForm};
pub use place::{Bettor, PlacedLine, PlacedOrder, place};
pub use quote::{PricedLine, PricedOrder, Quote, RoomTerms, quote, room_terms};

#[cfg(test)]
mod tests;
