//! `fairhall admin verify`: recompute every balance from the ledger's postings.

use crate::db::Db;

pub async fn verify_ledger(db: &Db) -> anyhow::Result<()> {
    let report = db.read(crate::ledger::verify).await?;
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
    let miscounted_bets = db.read(crate::games::records::recount_bets).await?;
    for (user_id, room) in &miscounted_bets {
        println!("user {user_id}, room {room}: the bet counts differ from the bets");
    }
    if report.is_ok() && miscounted_bets.is_empty() {
        println!("ledger verified: every balance equals the sum of its postings");
        Ok(())
    } else {
        Err(super::exit::ChecksFailed("the ledger does not verify".into()).into())
    }
}
