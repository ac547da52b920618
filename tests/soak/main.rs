//! Soak tests: long randomized runs with a budget sized for CI (`cargo test --test soak`, about
//! two minutes of CPU on 2 cores) and variables for long runs (docs/reliability.md):
//! - `model::` the hall against its model: `FAIRHALL_SEEDS` (300) x `FAIRHALL_OPS` (500),
//!   `FAIRHALL_SEED` replays one seed, `FAIRHALL_SEED_BASE` fixes the base,
//!   `FAIRHALL_MODEL_TEMPLATE` keeps the template hall;
//! - `crash_rounds` SIGKILLs of the real binary: `FAIRHALL_CRASH_ROUNDS` (50), `FAIRHALL_SEED`;
//! - `double_spend` races of concurrent spends of one balance (fixed size);
//! - `payout_backlog` a backlog of 6,000 product instalments paid in bounded batches.
//!
//! `FAIRHALL_SOAK_SECS` bounds the model and the crash rounds (900 s and 600 s): no seed or
//! round starts after it, and the run prints what it covered instead of failing on a slow
//! machine.

#[path = "../support/mod.rs"]
mod support;

mod crash_rounds;
mod double_spend;
mod model;
mod payout_backlog;
