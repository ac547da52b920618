//! The fast specs: fairhall through its real router and a real SQLite file, in process, one
//! folder per domain (STYLE.md section 7). `cargo test --test specs` runs them in seconds once
//! built; `cargo test --test specs wallet::` runs one domain's.

#[path = "../support/mod.rs"]
mod support;

mod auth;
mod content;
mod finance;
mod flows;
mod games;
mod growth;
mod ledger;
mod ops;
mod protection;
mod wallet;
