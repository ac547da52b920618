//! Tests across the games: GAMES.md's vectors, settlement and payouts through the public API,
//! exact RTPs by enumeration, and the statistical check of derived draws.

mod rtp;
mod settlement;
mod stats;
mod vectors;

use crate::games::fairness::fair::Seed;
use crate::games::rules::issue::Issue;
use sha2::{Digest, Sha256};

/// GAMES.md's test vector seed: SHA-256 of the ASCII text `fairhall test vector`.
pub(crate) fn test_seed() -> Seed {
    Seed::from_bytes(Sha256::digest(b"fairhall test vector").into())
}

/// GAMES.md's test vector issue, 202611220001.
pub(crate) fn test_issue() -> Issue {
    Issue::parse("202611220001").expect("issue")
}
