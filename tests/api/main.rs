//! API and CLI tests of fairhall: one test binary, one file per area (STYLE.md section 7).

mod adjustments;
mod betting;
mod cli;
mod codes;
mod conventions;
mod conversion;
mod crash;
mod deposits;
mod fairness;
mod helpers;
mod hostile;
mod idempotency;
mod ledger_concurrency;
mod ledger_random;
mod passwords;
mod payout_accounts;
mod profile;
mod records;
mod register;
mod room_update;
mod serve;
mod sessions;
mod throttle;
mod wallet_cli;
mod wallet_support;
mod withdrawals;
