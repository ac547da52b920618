//! The clock the money jobs trust. Savings interest, product instalments, rebate batches and
//! the weekly salary pay for the time that passed since they last ran; a forward step of the
//! server's clock (a wrong NTP source, a restored snapshot) would pay days or weeks ahead at
//! once. Each tick compares the clock with the last time the jobs ran: a step up to
//! `ledger.max_catch_up_secs` (2 days by default: a restart, an outage of a day) is caught up;
//! a longer one pauses the jobs, `/readyz` and `admin doctor` say why, and nothing is paid until
//! the operator accepts the clock (`fairhall admin clock accept`, audited). A step backwards
//! pays nothing twice (the jobs keep their own watermarks) and is only remembered.

use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use rusqlite::{Connection, params};

/// The last run is written at most this often: a tick every second must not cost a write.
const RECORD_EVERY_SECS: i64 = 60;

/// Whether the money jobs may run now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Gate {
    Run,
    /// The clock stepped from `from` to `to`, more than the catch-up allows.
    Paused {
        from: Timestamp,
        to: Timestamp,
    },
}

struct Row {
    last_run_at: Timestamp,
    step: Option<(Timestamp, Timestamp)>,
}

fn row(connection: &Connection) -> Result<Row, AppError> {
    let (last_run_at, from, to): (Timestamp, Option<Timestamp>, Option<Timestamp>) = connection
        .prepare_cached("SELECT last_run_at, step_from, step_to FROM money_clock WHERE id = 1")?
        .query_row([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    Ok(Row { last_run_at, step: from.zip(to) })
}

/// The gate as it stands, without moving it (`/readyz`, `admin doctor`).
pub fn gate(connection: &Connection) -> Result<Gate, AppError> {
    Ok(match row(connection)?.step {
        Some((from, to)) => Gate::Paused { from, to },
        None => Gate::Run,
    })
}

/// The gate of a tick at `now` when it needs no write: paused, or run within
/// `RECORD_EVERY_SECS` of the last recorded run. None when the tick must `pass` (the first
/// run, a run to record, a step to check). Costs one read.
pub fn without_write(connection: &Connection, now: Timestamp) -> Result<Option<Gate>, AppError> {
    let row = row(connection)?;
    Ok(match row.step {
        Some((from, to)) => Some(Gate::Paused { from, to }),
        None if (0..RECORD_EVERY_SECS).contains(&now.secs_since(row.last_run_at)) => {
            Some(Gate::Run)
        }
        None => None,
    })
}

/// The gate of a tick at `now`: pauses on a forward step longer than `max_catch_up_secs`
/// since the last run, else records the run.
pub fn pass(tx: &Tx, now: Timestamp, max_catch_up_secs: i64) -> Result<Gate, AppError> {
    let row = row(tx)?;
    if let Some((from, to)) = row.step {
        return Ok(Gate::Paused { from, to });
    }
    let first_run = row.last_run_at == Timestamp::from_secs(0);
    if !first_run && now.secs_since(row.last_run_at) > max_catch_up_secs {
        tx.prepare_cached(
            "UPDATE money_clock SET paused_at = ?1, step_from = ?2, step_to = ?1 WHERE id = 1",
        )?
        .execute(params![now, row.last_run_at])?;
        tracing::error!(
            from = row.last_run_at.secs(),
            to = now.secs(),
            "the clock stepped forward beyond ledger.max_catch_up_secs: interest, instalments, \
             rebates and salary are paused until `fairhall admin clock accept`"
        );
        return Ok(Gate::Paused { from: row.last_run_at, to: now });
    }
    if now > row.last_run_at {
        tx.prepare_cached("UPDATE money_clock SET last_run_at = ?1 WHERE id = 1")?
            .execute([now])?;
    }
    Ok(Gate::Run)
}

/// The operator accepts the clock as it reads `now`: the pause ends and the jobs catch up from
/// where they stopped. The step that was accepted, None when nothing was paused.
pub fn accept(tx: &Tx, now: Timestamp) -> Result<Option<(Timestamp, Timestamp)>, AppError> {
    let step = row(tx)?.step;
    tx.prepare_cached(
        "UPDATE money_clock SET last_run_at = ?1, paused_at = NULL, step_from = NULL,
                                step_to = NULL WHERE id = 1",
    )?
    .execute([now])?;
    Ok(step)
}
