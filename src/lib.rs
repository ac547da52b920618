//! fairhall: a self-hosted gaming hall in one binary.
#![forbid(unsafe_code)]

pub mod audit;
pub mod auth;
pub mod backup;
pub mod cli;
pub mod clock;
pub mod config;
pub mod content;
pub mod crypto;
pub mod db;
pub mod error;
pub mod finance;
pub mod flows;
pub mod games;
pub mod growth;
pub mod http;
pub mod i18n;
pub mod idempotency;
pub mod ids;
pub mod ledger;
pub mod live;
pub mod logging;
pub mod metrics;
pub mod money;
pub mod money_clock;
pub mod net;
pub mod paging;
pub mod private_file;
pub mod protection;
pub mod rate_limit;
pub mod scheduler;
pub mod startup;
pub mod systemd;
pub mod text;
pub mod uploads;
pub mod wallet;
