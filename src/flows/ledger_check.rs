//! The ledger check, whole: the journal's invariants (the ledger's own tables) with each
//! domain's reconciliation of the credits and debits it wrote against its rows (games: the
//! settlements and the periods' stakes; growth: envelopes, rebates, commissions and the
//! deposit bonuses' reserve), read in
//! one snapshot. `verify` is `fairhall admin verify`'s, doctor's and restore's full check;
//! `verify_since` is the server's incremental pass (scheduler/ledger_check.rs).

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::games::reconcile as games;
use crate::growth::reconcile as growth;
use crate::ledger::{self, IncrementalReport, LISTED_MAX, VerifyReport, Watermark};
use rusqlite::Connection;

/// Problems of one kind listed at most.
const LISTED: usize = LISTED_MAX as usize;

/// `admin verify`'s (and the console's) verdict: the ledger's report, the bet counts that
/// differ from the bets, and whether everything verified.
#[derive(Debug, serde::Serialize)]
pub struct Verification {
    pub verified: bool,
    #[serde(flatten)]
    pub ledger: VerifyReport,
    /// (user id, room) whose bet counts differ from their bets.
    pub miscounted_bets: Vec<MiscountedBets>,
}

#[derive(Debug, serde::Serialize)]
pub struct MiscountedBets {
    pub user_id: crate::ids::UserId,
    pub room: String,
}

/// The full check (`verify`) and the bet counts' recount; a pass is recorded
/// (`record_passed`: it moves the server's watermark, which ends a halt) before the verdict
/// is returned, so a caller that stops reading it leaves no watermark behind. `record` runs
/// the pass's write (on an audited handle for the console).
pub async fn verify_and_record<F, Fut>(
    db: &crate::db::Db,
    now: Timestamp,
    record: F,
) -> Result<Verification, AppError>
where
    F: FnOnce(Watermark, Timestamp) -> Fut,
    Fut: std::future::Future<Output = Result<(), AppError>>,
{
    let ledger = db.read(verify).await?;
    let miscounted_bets = db.read(crate::games::records::recount_bets).await?;
    let verification = Verification {
        verified: ledger.is_ok() && miscounted_bets.is_empty(),
        ledger,
        miscounted_bets: miscounted_bets
            .into_iter()
            .map(|(user_id, room)| MiscountedBets { user_id, room })
            .collect(),
    };
    if verification.verified {
        record(verification.ledger.checked_through, now).await?;
    }
    Ok(verification)
}

/// Every invariant over the whole database. Its cost grows with the journal; the server runs
/// `verify_since` instead.
pub fn verify(connection: &Connection) -> Result<VerifyReport, AppError> {
    ledger::in_one_snapshot(connection, |connection| {
        let through = latest(connection)?;
        let mut report = ledger::verify_journal(connection, through)?;
        let entries = (0, through.entry_id);
        report.unreconciled_credits = unreconciled_credits(connection, entries)?;
        // Every period's bets summed; the server's pass adds only the new bets to the sums it
        // keeps (`period_mismatches_since`): summing whole open periods at each pass cost a
        // quarter of the engine's throughput under sustained load (docs/performance.md).
        report.period_mismatches =
            games::period_mismatches(connection, (0, through.bet_id), LISTED)?;
        Ok(report)
    })
}

/// One pass of the incremental check from `from`: at most `ENTRIES_PER_CHECK` entries and
/// `BETS_PER_CHECK` bets, with the domains' reconciliation of the references and periods they
/// touched.
pub fn verify_since(
    connection: &Connection,
    from: Watermark,
) -> Result<IncrementalReport, AppError> {
    ledger::in_one_snapshot(connection, |connection| {
        let latest = latest(connection)?;
        let through = Watermark {
            entry_id: ledger::entries_range_end(
                connection,
                from.entry_id,
                ledger::ENTRIES_PER_CHECK,
            )?,
            bet_id: games::bets_range_end(connection, from.bet_id, ledger::BETS_PER_CHECK)?,
        };
        let mut report = ledger::verify_journal_since(connection, from, through)?;
        report.unreconciled_credits =
            unreconciled_credits(connection, (from.entry_id, through.entry_id))?;
        // `period_stake_checks` holds the sums up to the stored mark, which a concurrent check
        // may have moved past `from`: the new bets are counted from that mark.
        let checked = Watermark::stored(connection)?.bet_id;
        if through.bet_id > checked {
            report.period_mismatches =
                games::period_mismatches_since(connection, (checked, through.bet_id), LISTED)?;
        }
        Ok(IncrementalReport { from, report, more: through != latest })
    })
}

/// Records a passing check through `through`: the periods' checked stakes, then the watermark.
pub fn record_passed(tx: &Tx, through: Watermark, now: Timestamp) -> Result<(), AppError> {
    let checked = Watermark::stored(tx)?.bet_id;
    if through.bet_id > checked {
        games::record_period_stakes(tx, (checked, through.bet_id))?;
    }
    ledger::record_passed(tx, through, now)
}

/// The journal's end now: the last entry and bet written.
pub fn latest(connection: &Connection) -> Result<Watermark, AppError> {
    Ok(Watermark {
        entry_id: ledger::last_entry_id(connection)?,
        bet_id: games::last_bet_id(connection)?,
    })
}

fn unreconciled_credits(
    connection: &Connection,
    entries: (i64, i64),
) -> Result<Vec<ledger::Unreconciled>, AppError> {
    let mut found = games::unreconciled_settlements(connection, entries, LISTED)?;
    found.extend(growth::unreconciled_rewards(connection, entries, LISTED)?);
    found.extend(growth::pending_reserve_mismatch(connection)?);
    found.sort_by(|a, b| (&a.reference, a.user_id).cmp(&(&b.reference, b.user_id)));
    found.truncate(LISTED);
    Ok(found)
}
