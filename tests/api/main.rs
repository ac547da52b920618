//! API and CLI tests of fairhall: one test binary, one file per area (STYLE.md section 7).

mod adjustments;
mod cli;
mod codes;
mod conventions;
mod conversion;
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
mod serve;
mod sessions;
mod throttle;
mod wallet_cli;
mod wallet_support;
mod withdrawals;
