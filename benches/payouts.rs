//! The product payout benchmark, not part of the test suite:
//!
//! ```sh
//! cargo bench --bench payouts                          # 20,000 orders of 200 players
//! cargo bench --bench payouts -- --orders 50000 --players 500
//! ```
//!
//! On a temp database (WAL, synchronous=FULL) it makes `--players` funded players who buy
//! `--orders` orders of one product (3 hourly cycles, interest every cycle), then moves the clock
//! past the first cycle and runs the payout job's batches (`finance::goods::pay_due`, 200
//! instalments per write transaction) until nothing is due, timing each transaction: the longest
//! one bounds how long a bet waits behind the job. Then it pays the other two cycles the same way
//! and verifies the ledger. `cargo test --benches` runs the binary without `--bench`; it then
//! only says it skipped.

use fairhall::auth::types::{LoginPassword, Phone};
use fairhall::clock::{Clock, Timestamp};
use fairhall::config::Config;
use fairhall::finance::goods::catalog;
use fairhall::finance::goods::types::{CategorySpec, ProductSpec, Purchase};
use fairhall::finance::goods::{self, GoodsSettings};
use fairhall::money::Money;
use std::time::{Duration, Instant};

/// Orders bought per write transaction while setting up.
const ORDERS_PER_SETUP_TX: usize = 500;

fn option(name: &str, default: usize) -> anyhow::Result<usize> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|arg| arg == name) {
        Some(at) => Ok(args.get(at + 1).ok_or_else(|| anyhow::anyhow!("{name} N"))?.parse()?),
        None => Ok(default),
    }
}

fn main() -> anyhow::Result<()> {
    if !std::env::args().any(|arg| arg == "--bench") {
        println!("payouts: skipped (run it with `cargo bench --bench payouts`)");
        return Ok(());
    }
    let (orders, players) = (option("--orders", 20_000)?, option("--players", 200)?.max(1));
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let dir = tempfile::tempdir()?;
    let mut config = Config::default();
    config.server.data_dir = dir.path().to_path_buf();
    let db = fairhall::startup::open(&mut config)?;
    let settings = GoodsSettings::from_config(&config);
    let start = Clock::System.now();
    println!("machine: {} cores; synchronous = FULL, wal", num_cores());

    let setup = Instant::now();
    let product = runtime.block_on(make_product(&db, &settings, start, orders))?;
    let user_ids = runtime.block_on(make_players(&db, players, orders, start))?;
    for chunk in (0..orders).collect::<Vec<_>>().chunks(ORDERS_PER_SETUP_TX) {
        let (chunk, ids, settings) = (chunk.to_vec(), user_ids.clone(), settings.clone());
        runtime.block_on(db.write(move |tx| {
            for order in chunk {
                let request = Purchase { product_id: product, amount: Money::parse("100")? };
                goods::purchase(tx, ids[order % ids.len()], request, &settings, start)?;
            }
            Ok(())
        }))?;
    }
    println!(
        "setup: {players} players, {orders} orders of 100.00 in {:.1} s",
        setup.elapsed().as_secs_f64()
    );

    for cycle in 1..=3 {
        let now = start + cycle * 3600 + 1;
        let (paid, wall, longest) = runtime.block_on(pay_all(&db, now))?;
        println!(
            "cycle {cycle}: {paid} instalments paid in {:.2} s = {:.0}/s; {} write transactions, \
             longest {:.1} ms",
            wall.as_secs_f64(),
            f64::from(paid) / wall.as_secs_f64().max(1e-9),
            (paid as usize).div_ceil(goods::PAYOUTS_PER_TX as usize),
            longest.as_secs_f64() * 1000.0,
        );
    }
    let report = runtime.block_on(db.read(fairhall::flows::ledger_check::verify))?;
    println!(
        "ledger: {} ({} entries, postings total {})",
        if report.is_ok() { "verified" } else { "MISMATCH" },
        report.entries,
        report.postings_total
    );
    runtime.block_on(db.close())?;
    Ok(())
}

/// Runs the job's batches at `now` until nothing is due: (paid, wall time, longest batch).
async fn pay_all(
    db: &fairhall::db::Db,
    now: Timestamp,
) -> anyhow::Result<(u32, Duration, Duration)> {
    let (started, mut paid, mut longest) = (Instant::now(), 0, Duration::ZERO);
    loop {
        let batch = Instant::now();
        let report = db.write(move |tx| goods::pay_due(tx, now)).await?;
        longest = longest.max(batch.elapsed());
        paid += report.paid;
        if !report.more {
            return Ok((paid, started.elapsed(), longest));
        }
    }
}

/// A product with room for every order: 100.00 units, 12 % over 12 (1 % an hour), 3 cycles.
async fn make_product(
    db: &fairhall::db::Db,
    settings: &GoodsSettings,
    now: Timestamp,
    orders: usize,
) -> anyhow::Result<i64> {
    let spec = ProductSpec {
        category: Some("fruit".into()),
        unit_price: Some("100".into()),
        total: Some(format!("{}", orders * 100)),
        max_units: Some(10),
        rate: Some("12".into()),
        rate_divisor: Some(12),
        yield_type: Some("interest_per_cycle".into()),
        cycle_unit: Some("hour".into()),
        cycles: Some(3),
        start: Some((now.secs() - 60).to_string()),
        end: Some((now.secs() + 86_400).to_string()),
        name: [("en".to_string(), "Bench mangoes".to_string())].into(),
        ..ProductSpec::default()
    };
    let category = CategorySpec {
        code: "fruit".into(),
        names: [("en".to_string(), "Fruit".to_string())].into(),
        ..CategorySpec::default()
    };
    let settings = settings.clone();
    let created = db
        .write(move |tx| {
            Ok(catalog::put_category(tx, &category, now)
                .and_then(|()| catalog::create(tx, &spec, &settings, now)))
        })
        .await?;
    Ok(created?)
}

/// `count` players, each credited enough for their share of `orders`.
async fn make_players(
    db: &fairhall::db::Db,
    count: usize,
    orders: usize,
    now: Timestamp,
) -> anyhow::Result<Vec<fairhall::ids::UserId>> {
    let hash = fairhall::auth::hash_password(&LoginPassword::parse("bench_pass1")?)?;
    let digits = regex::Regex::new(r"^\d+$")?;
    let funds = Money::from_minor(i64::try_from(orders.div_ceil(count) * 10_000)?)?;
    let users: Vec<fairhall::auth::NewUser> = (0..count)
        .map(|number| {
            let phone = Phone::parse(&format!("137{number:08}"), &digits)?;
            Ok(fairhall::auth::NewUser { phone, login_name: None, is_admin: false })
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(db
        .write(move |tx| {
            let mut ids = Vec::with_capacity(users.len());
            for user in &users {
                let user_id = fairhall::auth::create_user(tx, user, &hash, now)?;
                let credit = fairhall::wallet::Adjustment {
                    user_id,
                    credit: true,
                    amount: funds,
                    reason: "benchmark funds".into(),
                    admin: "bench".into(),
                };
                fairhall::wallet::adjust(tx, &credit, now)?;
                ids.push(user_id);
            }
            Ok(ids)
        })
        .await?)
}

fn num_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
