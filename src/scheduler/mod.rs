//! Clock-driven jobs inside `serve`. For now: the draw tick, which commits seed chains ahead
//! and draws every due period of every draw source. `tick` is a plain function of `now`, so
//! tests drive it with a fixed clock.

use crate::clock::{Clock, Timestamp};
use crate::db::Db;
use crate::error::AppError;
use crate::games::{self, ChainKeys, ChainPlan, DrawPlan, DrawSource};
use chrono_tz::Tz;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// How often `serve` runs the tick.
pub const TICK_INTERVAL: Duration = Duration::from_secs(1);

/// The draw scheduler: the chain keys, the operator's time zone and the chain length.
#[derive(Clone)]
pub struct Scheduler {
    db: Db,
    keys: Arc<ChainKeys>,
    timezone: Tz,
    chain_length: u32,
}

/// What one tick did, per draw source: (source code, periods drawn).
#[derive(Debug, Default)]
pub struct TickReport {
    pub drawn: Vec<(&'static str, u32)>,
    pub chains_created: u32,
}

impl Scheduler {
    /// Reads the chain keys of `data_dir`.
    pub fn new(db: Db, data_dir: &Path, timezone: Tz) -> anyhow::Result<Scheduler> {
        let keys = Arc::new(ChainKeys::open(data_dir)?);
        Ok(Scheduler { db, keys, timezone, chain_length: games::chains::CHAIN_LENGTH })
    }

    /// The same scheduler with shorter chains (tests: generating 100,000 links is slow unoptimized).
    pub fn with_chain_length(mut self, chain_length: u32) -> Scheduler {
        self.chain_length = chain_length;
        self
    }

    /// One pass over every draw source; a failing source is logged and the others still run.
    pub async fn tick(&self, now: Timestamp) -> TickReport {
        let mut report = TickReport::default();
        for source in DrawSource::all() {
            match self.tick_source(source, now).await {
                Ok((created, drawn)) => {
                    report.chains_created += u32::from(created);
                    report.drawn.push((source.code(), drawn));
                }
                Err(error) => {
                    let error = anyhow::Error::from(error);
                    tracing::error!(
                        source = source.code(),
                        error = format!("{error:#}"),
                        "draw tick failed"
                    );
                }
            }
        }
        report
    }

    async fn tick_source(
        &self,
        source: DrawSource,
        now: Timestamp,
    ) -> Result<(bool, u32), AppError> {
        let (keys, timezone, length) = (self.keys.clone(), self.timezone, self.chain_length);
        self.db
            .write(move |tx| {
                let schedule = games::rooms::source_schedule(tx, source, timezone)?;
                let plan = ChainPlan { keys: &keys, source, schedule, length };
                let created = games::ensure_chain(tx, &plan, now)?.is_some();
                let drawn = games::draw_due(tx, &DrawPlan { keys: &keys, source, timezone }, now)?;
                Ok((created, drawn))
            })
            .await
    }

    /// Server loop: ticks every `TICK_INTERVAL` until the task is dropped.
    pub async fn run(self, clock: Clock) {
        let mut interval = tokio::time::interval(TICK_INTERVAL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            self.tick(clock.now()).await;
        }
    }
}
