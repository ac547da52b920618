//! `fairhall admin verify`: recompute every balance from the ledger's postings and check every
//! invariant (the full check); a pass moves the server's check watermark to where it checked,
//! which is how a halt after a failed check ends (`scheduler::ledger_check`); `fairhall admin
//! clock show|accept`: the clock the money jobs trust (`money_clock`).

use super::shared::{explain, print_json_or};
use crate::clock::Timestamp;
use crate::db::Db;
use crate::flows::ledger_check::{Verification, verify_and_record};
use crate::ledger::VerifyReport;
use crate::money_clock::{self, Gate};

pub async fn verify_ledger(db: &Db, json: bool) -> anyhow::Result<()> {
    let now = crate::clock::Clock::System.now();
    let verification = verify_and_record(db, now, |through, now| {
        db.write(move |tx| crate::flows::ledger_check::record_passed(tx, through, now))
    })
    .await?;
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
    let bet_counts = crate::ledger::CheckLine {
        check: "bet_counts_equal_bets",
        problems: verification.miscounted_bets.len(),
    };
    for line in report.checks().iter().chain([&bet_counts]) {
        let outcome = if line.problems == 0 { "ok".to_string() } else { line.problems.to_string() };
        println!("{:<32} {outcome}", line.check);
    }
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
    print_reference_problems(report);
    for bets in &verification.miscounted_bets {
        println!("user {}, room {}: the bet counts differ from the bets", bets.user_id, bets.room);
    }
    if verification.verified {
        println!("ledger verified: every balance equals the sum of its postings");
    }
}

/// The references paid twice, the credits that differ from their rows, the periods whose
/// totals differ from their bets and what SQLite's own checks found.
fn print_reference_problems(report: &VerifyReport) {
    for duplicate in report.withdrawals_resolved_twice.iter().chain(&report.paid_twice) {
        println!(
            "{} {}: paid by {} entries",
            duplicate.kind, duplicate.reference, duplicate.entries
        );
    }
    for credit in &report.unreconciled_credits {
        println!(
            "{} user {}: credited {} but its rows owe {}",
            credit.reference, credit.user_id, credit.credited, credit.owed
        );
    }
    for period in &report.period_mismatches {
        println!(
            "period {} {}: stake totals or debits differ from its bets",
            period.room, period.issue
        );
    }
    for line in &report.integrity_problems {
        println!("integrity_check: {line}");
    }
    for line in &report.foreign_key_problems {
        println!("foreign_key_check: {line}");
    }
}

/// `admin reverse`: writes the reversing entry and prints it.
pub async fn reverse_entry(
    db: &Db,
    entry_id: i64,
    (reason, by): (String, String),
    json: bool,
) -> anyhow::Result<()> {
    let now = crate::clock::Clock::System.now();
    let reversal = db
        .write(move |tx| crate::ledger::reverse(tx, entry_id, (&reason, &by), now))
        .await
        .map_err(explain)?;
    print_json_or(json, &reversal, |reversal| {
        println!("entry {} reverses entry {entry_id}:", reversal.entry_id);
        for posting in &reversal.postings {
            let owner = posting.user_id.map_or("system".to_string(), |id| format!("user {id}"));
            println!(
                "  account {} ({owner}, {}): {}",
                posting.account_id, posting.account_kind, posting.amount
            );
        }
    })
}

#[derive(clap::Subcommand)]
pub enum ClockCommand {
    /// Whether the money jobs run, or since which clock step they are paused.
    Show {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Accept the server's clock as it reads now: paused money jobs resume and catch up from
    /// where they stopped (check the clock first: `timedatectl`). Recorded in the audit log.
    Accept {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

pub async fn run_clock(db: &Db, command: ClockCommand, now: Timestamp) -> anyhow::Result<()> {
    match command {
        ClockCommand::Show { json } => {
            let gate = db.read(money_clock::gate).await.map_err(explain)?;
            print_json_or(json, &gate, |gate| println!("{}", describe(*gate)))
        }
        ClockCommand::Accept { json } => {
            let accepted = db.write(move |tx| money_clock::accept(tx, now)).await;
            let accepted = accepted.map_err(explain)?;
            let step = accepted.map(|(from, to)| Gate::Paused { from, to });
            print_json_or(json, &step, |step| match step {
                Some(step) => println!("accepted: {}; the money jobs resume", describe(*step)),
                None => println!("nothing was paused; the clock is accepted as it reads now"),
            })
        }
    }
}

fn describe(gate: Gate) -> String {
    match gate {
        Gate::Run => "the money jobs run".to_string(),
        Gate::Paused { from, to } => format!(
            "the clock stepped {} s forward (unix {} to {}): interest, instalments, rebates and \
             salary are paused",
            to.secs_since(from),
            from.secs(),
            to.secs()
        ),
    }
}
