//! `fairhall admin verify`: recompute every balance from the ledger's postings.

use super::shared::print_json_or;
use crate::db::Db;
use crate::ids::UserId;
use crate::ledger::VerifyReport;

/// What `admin verify --json` prints: the ledger's report, the bet counts that differ from the
/// bets, and whether everything verified.
#[derive(serde::Serialize)]
struct Verification {
    verified: bool,
    #[serde(flatten)]
    ledger: VerifyReport,
    /// (user id, room) whose bet counts differ from their bets.
    miscounted_bets: Vec<MiscountedBets>,
}

#[derive(serde::Serialize)]
struct MiscountedBets {
    user_id: UserId,
    room: String,
}

pub async fn verify_ledger(db: &Db, json: bool) -> anyhow::Result<()> {
    let ledger = db.read(crate::ledger::verify).await?;
    let miscounted_bets = db.read(crate::games::records::recount_bets).await?;
    let verification = Verification {
        verified: ledger.is_ok() && miscounted_bets.is_empty(),
        ledger,
        miscounted_bets: miscounted_bets
            .into_iter()
            .map(|(user_id, room)| MiscountedBets { user_id, room })
            .collect(),
    };
    print_json_or(json, &verification, print_verification)?;
    if verification.verified {
        Ok(())
    } else {
        Err(super::exit::ChecksFailed("the ledger does not verify".into()).into())
    }
}

fn print_verification(verification: &Verification) {
    let report = &verification.ledger;
    println!(
        "{} accounts, {} entries, {} postings; postings sum to {}",
        report.accounts, report.entries, report.postings, report.postings_total
    );
    let problems = [
        ("balance differs from its postings", &report.mismatched_accounts),
        ("player account below zero", &report.negative_player_accounts),
    ];
    for (problem, accounts) in problems {
        for account in accounts {
            println!(
                "account {} (user {}, {}): balance {} but postings sum to {}: {problem}",
                account.account_id,
                account.user_id.map_or("system".to_string(), |id| id.to_string()),
                account.kind,
                account.balance,
                account.postings_sum
            );
        }
    }
    for entry_id in &report.unbalanced_entries {
        println!("entry {entry_id}: postings do not sum to zero");
    }
    for account_id in &report.miscounted_accounts {
        println!("account {account_id}: its record counts differ from its postings");
    }
    for bets in &verification.miscounted_bets {
        println!("user {}, room {}: the bet counts differ from the bets", bets.user_id, bets.room);
    }
    if verification.verified {
        println!("ledger verified: every balance equals the sum of its postings");
    }
}
