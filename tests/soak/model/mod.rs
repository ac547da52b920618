//! The model-based randomized test (issue 18): a seeded generator drives the hall's money
//! operations (and invalid ones, and retries with the same Idempotency-Key) through the real
//! router and domain verbs; an in-memory model with its own integer arithmetic predicts every
//! reply and balance. After each step the touched players' balances equal the model and the
//! server's incremental ledger check passes on what the step wrote; at the end of each walk the
//! full `fairhall::flows::ledger_check::verify` is ok.
//!
//! `FAIRHALL_SEEDS=N FAIRHALL_OPS=M` sets the run (CI: 300 x 500); `FAIRHALL_SOAK_SECS=s` its
//! budget (900 s: CI's run takes a fraction of it; no seed starts after it, and the run reports
//! the seeds it covered instead of failing on a slow machine); `FAIRHALL_SEED=n` replays one
//! seed (the number a failure prints); `FAIRHALL_SEED_BASE=b` runs seeds b..b+N (random base
//! otherwise, printed). A replay repeats the generator; it draws the same results in the same
//! template hall, which a failing run keeps and names (`FAIRHALL_MODEL_TEMPLATE`, template.rs).

mod envelopes;
mod games;
mod growth;
mod programmes;
mod retries;
mod rules;
mod tasks;
mod template;
mod walk;
mod wallet;
mod yn28;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use template::Template;
use walk::{Figures, Walk};

/// CI's run: the issue asks for at least 300 seeds of 500 operations.
const SEEDS_DEFAULT: usize = 300;
const OPERATIONS_DEFAULT: usize = 500;
/// Seeds run on this many threads at most (each its own app and runtime).
const THREADS_MAX: usize = 4;
/// No seed starts after this many seconds (`FAIRHALL_SOAK_SECS`).
const BUDGET_SECS_DEFAULT: u64 = 900;

fn env_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(text.parse().unwrap_or_else(|_| panic!("{name} must be a number, found {text:?}")))
}

/// The seeds of this run: one to replay, or `count` from a base (random unless given).
fn seeds() -> Vec<u64> {
    if let Some(seed) = env_number("FAIRHALL_SEED") {
        return vec![seed];
    }
    let count = env_number("FAIRHALL_SEEDS").map_or(SEEDS_DEFAULT, |count| count as usize);
    let base = env_number("FAIRHALL_SEED_BASE").unwrap_or_else(|| rand::random::<u32>().into());
    eprintln!("model: seeds {base}..{} (FAIRHALL_SEED_BASE={base})", base + count as u64);
    (base..base + count as u64).collect()
}

/// Runs one seed on its own single-threaded runtime; returns its figures.
fn run_seed(template: &Template, seed: u64, operations: usize) -> Figures {
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async move {
        let mut walk = Walk::start(template, seed).await;
        walk.run(operations).await;
        walk.figures()
    })
}

#[test]
fn the_hall_equals_its_model_over_random_walks() {
    let seeds = seeds();
    let operations =
        env_number("FAIRHALL_OPS").map_or(OPERATIONS_DEFAULT, |operations| operations as usize);
    let started = std::time::Instant::now();
    let budget = std::time::Duration::from_secs(
        env_number("FAIRHALL_SOAK_SECS").unwrap_or(BUDGET_SECS_DEFAULT),
    );
    let template = template::Template::new();
    let next = AtomicUsize::new(0);
    let covered = AtomicUsize::new(0);
    let totals = Mutex::new(Figures::default());
    let failed = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(THREADS_MAX);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(seeds.len()) {
            scope.spawn(|| {
                while let Some(&seed) = seeds.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if started.elapsed() > budget {
                        break;
                    }
                    covered.fetch_add(1, Ordering::SeqCst);
                    // A failing seed panics with its step and operation; the others go on.
                    match std::panic::catch_unwind(|| run_seed(&template, seed, operations)) {
                        Ok(figures) => totals.lock().expect("figures").add(&figures),
                        Err(_) => failed.lock().expect("failures").push(seed),
                    }
                }
            });
        }
    });
    let totals = totals.into_inner().expect("figures");
    let covered = covered.into_inner();
    if covered < seeds.len() {
        eprintln!(
            "model: the budget of {} s ran out: {covered} of {} seeds covered",
            budget.as_secs(),
            seeds.len()
        );
    }
    report(&totals, covered, operations, started.elapsed());
    let failed = failed.into_inner().expect("failures");
    if !failed.is_empty() {
        let kept = template.keep();
        panic!(
            "seeds {failed:?} failed (see their panics above); replay one with \
             FAIRHALL_SEED=<seed> {}={}",
            template::TEMPLATE_ENV,
            kept.display()
        );
    }
}

fn report(totals: &Figures, seeds: usize, operations: usize, elapsed: std::time::Duration) {
    let refused = totals.outcomes.iter().filter(|(key, _)| !key.ends_with(": ok"));
    let refusals: usize = refused.map(|(_, count)| count).sum();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for (key, count) in &totals.outcomes {
        let kind = key.split(": ").next().unwrap_or(key);
        *kinds.entry(kind).or_default() += count;
    }
    eprintln!(
        "model: {seeds} seeds x {operations} operations in {:.1} s: {} operations, {refusals} \
         refused, {} incremental checks, {} full verifications",
        elapsed.as_secs_f64(),
        totals.operations,
        totals.incremental_checks,
        totals.verifications
    );
    eprintln!("model: operations per kind {kinds:#?}");
    eprintln!("model: outcomes {:#?}", totals.outcomes);
    eprintln!("model: time per kind (all threads) {:#?}", totals.time);
}
