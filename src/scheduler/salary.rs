//! The weekly salary job: after every Monday 00:00 operator time, pays the week just ended;
//! after downtime over several Mondays, each missed week in turn, one transaction each.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Db;
use crate::error::AppError;
use crate::growth::salary::{self, WeekReport};
use chrono_tz::Tz;
use std::sync::Arc;

/// The most weeks one tick pays (about two years of downtime); the next tick pays the rest.
const WEEKS_PER_TICK_MAX: usize = 104;

/// Pays every ended week not yet paid, oldest first; returns what each paid. A tick with no
/// week to pay costs one read, not a turn of the writer.
pub async fn pay_due(
    db: &Db,
    growth: &Arc<GrowthConfig>,
    timezone: Tz,
    now: Timestamp,
) -> Result<Vec<WeekReport>, AppError> {
    let mut reports = Vec::new();
    let unpaid = db.read(move |connection| salary::next_unpaid(connection, timezone, now));
    if unpaid.await?.is_none() {
        return Ok(reports);
    }
    while reports.len() < WEEKS_PER_TICK_MAX {
        let growth = growth.clone();
        let paid = db.write(move |tx| salary::pay_next_week(tx, &growth, timezone, now)).await?;
        match paid {
            Some(report) => reports.push(report),
            None => break,
        }
    }
    Ok(reports)
}
