//! Provably fair draws (DESIGN.md "Draws and fairness"): every period's value derives from a
//! seed of a hash chain committed before any bet on it, and anyone can rerun the derivation.
//!
//! - `fair`: seeds, seed chains, the HMAC byte stream (pure).
//! - `chains`: the stored seed chains and their schedule segments; `chain_keys`: the key file
//!   holding each chain's secret end; `chain_plan`: committing fresh or successor chains.
//! - `drawing`: drawing due periods, and reading drawn periods back (revealed, verified).
//! - `status`: a draw source's chains as the operator checks them (commitment, periods left,
//!   key present, next draw).

pub mod chain_keys;
pub mod chain_plan;
pub mod chains;
pub mod drawing;
pub mod fair;
pub mod status;
