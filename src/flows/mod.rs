//! Use cases: the work of one action that spans domains, written once for every delivery layer
//! (the HTTP handlers, the `fairhall admin` commands, the scheduler, later the operator
//! console). A flow may call every domain; no domain, nor the ledger or the infrastructure,
//! imports a flow (tests/architecture.rs). A handler or a command parses its input, calls one
//! flow or one domain verb, and formats the reply.

pub mod audit_snapshots;
pub mod audit_trail;
pub mod audited;
pub mod bonus_release;
pub mod deposits;
pub mod home;
pub mod keyed;
pub mod ledger_check;
#[cfg(test)]
mod ledger_check_tests;
pub mod linked;
pub mod player_report;
pub mod programme_bounds;
pub mod protection;
pub mod reports;
pub mod withdrawals;
