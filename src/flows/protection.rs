//! Player protection as the pages and the operator see it: the limits page counts deposits
//! (wallet's) and net losses (games'), which protection, below both, receives from here; the
//! operator's list of exclusions names each player's phone (auth's).

use crate::auth;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games;
use crate::protection::{self, ExclusionRecord, PlayCounts};
use crate::wallet;
use rusqlite::Connection;
use serde::Serialize;

/// What the deposit and loss limits count, from the domains that own the rows.
pub const PLAY_COUNTS: PlayCounts =
    PlayCounts { deposits: wallet::deposits::counted_since, losses: games::records::losses_since };

/// One time-out or self-exclusion of `admin user exclusions`, with the player's phone.
#[derive(Clone, Debug, Serialize)]
pub struct ListedExclusion {
    #[serde(flatten)]
    pub exclusion: ExclusionRecord,
    pub phone: String,
}

/// The running time-outs and self-exclusions (every one ever taken with `all`), latest first.
pub fn exclusions(
    connection: &Connection,
    all: bool,
    now: Timestamp,
) -> Result<Vec<ListedExclusion>, AppError> {
    protection::exclusions(connection, all, now)?
        .into_iter()
        .map(|exclusion| {
            let phone = auth::user_detail(connection, exclusion.user_id)?.phone;
            Ok(ListedExclusion { exclusion, phone })
        })
        .collect()
}
