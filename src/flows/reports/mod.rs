//! The operator's reports, read from the ledger (and, for registrations, from `auth`): the
//! activity report (`admin report daily|range`) and what each reward programme paid (`admin
//! programme cost`). Both name rewards alike and cover operator-local days.

pub mod activity;
pub mod programme_cost;
