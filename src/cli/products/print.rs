//! How products, orders and the obligations report print: aligned tables and key/value
//! lines, times in the operator's time zone.

use super::super::shared::print_table;
use crate::clock::Timestamp;
use crate::finance::goods::types::{
    CategoryCard, Obligations, OrderRecord, ProductRecord, ProductSpec,
};
use crate::money::Money;
use chrono::TimeZone;
use chrono_tz::Tz;

/// An instant as the operator reads it: "YYYY-MM-DD HH:MM" in `timezone`.
pub fn local_time(time: Timestamp, timezone: Tz) -> String {
    timezone
        .timestamp_opt(time.secs(), 0)
        .single()
        .map_or_else(|| time.secs().to_string(), |local| local.format("%Y-%m-%d %H:%M").to_string())
}

fn or_dash(text: Option<&str>) -> &str {
    text.unwrap_or("-")
}

/// The product's name in `lang`, else in its first language.
fn name_of<'a>(spec: &'a ProductSpec, lang: &str) -> &'a str {
    spec.name.get(lang).or_else(|| spec.name.values().next()).map_or("-", String::as_str)
}

/// "3 x 30 day", "12 x 1 hour".
fn cycles_text(spec: &ProductSpec) -> String {
    let cycles = spec.cycles.map_or_else(|| "-".into(), |cycles| cycles.to_string());
    let length = spec.cycle_length.map_or_else(|| "-".into(), |length| length.to_string());
    format!("{cycles} x {length} {}", or_dash(spec.cycle_unit.as_deref()))
}

fn window_text(spec: &ProductSpec) -> String {
    format!("{} to {}", or_dash(spec.start.as_deref()), or_dash(spec.end.as_deref()))
}

pub fn print_categories(categories: &[CategoryCard]) {
    let rows: Vec<Vec<String>> = categories
        .iter()
        .map(|category| {
            let picture = or_dash(category.picture.as_deref()).to_string();
            vec![category.code.clone(), category.name.clone(), picture]
        })
        .collect();
    print_table(&["code", "name", "picture"], &rows);
    println!("{} categories", categories.len());
}

pub fn print_products(products: &[ProductRecord], lang: &str, timezone: Tz) {
    let rows: Vec<Vec<String>> = products
        .iter()
        .map(|product| {
            let spec = &product.spec;
            vec![
                product.id.to_string(),
                product.state.to_string(),
                name_of(spec, lang).to_string(),
                or_dash(spec.category.as_deref()).to_string(),
                or_dash(spec.unit_price.as_deref()).to_string(),
                or_dash(spec.total.as_deref()).to_string(),
                product.purchased.to_string(),
                or_dash(spec.reserved.as_deref()).to_string(),
                product.remaining.to_string(),
                format!("{} %", or_dash(spec.rate.as_deref())),
                cycles_text(spec),
                window_text(spec),
                product.orders.to_string(),
            ]
        })
        .collect();
    let headers = [
        "id",
        "state",
        "name",
        "category",
        "unit_price",
        "total",
        "purchased",
        "reserved",
        "remaining",
        "rate",
        "cycles",
        "window",
        "orders",
    ];
    print_table(&headers, &rows);
    println!("{} products (times {timezone})", products.len());
}

/// Every field, one per line, then the spec as TOML for `product update <id> --file`.
pub fn print_product(product: &ProductRecord, timezone: Tz) -> anyhow::Result<()> {
    let spec = &product.spec;
    let number = |value: Option<i64>| value.map_or_else(|| "-".into(), |value| value.to_string());
    let closed = product.closed_at.map(|time| local_time(time, timezone));
    let lines = [
        ("id", product.id.to_string()),
        ("state", product.state.to_string()),
        ("closed", or_dash(closed.as_deref()).to_string()),
        ("orders", product.orders.to_string()),
        ("category", or_dash(spec.category.as_deref()).to_string()),
        ("picture", or_dash(spec.picture.as_deref()).to_string()),
        ("unit_price", or_dash(spec.unit_price.as_deref()).to_string()),
        ("total", or_dash(spec.total.as_deref()).to_string()),
        ("purchased", product.purchased.to_string()),
        ("reserved", or_dash(spec.reserved.as_deref()).to_string()),
        ("remaining", product.remaining.to_string()),
        ("min_units", number(spec.min_units)),
        ("max_units", number(spec.max_units)),
        ("rate", format!("{} %", or_dash(spec.rate.as_deref()))),
        ("rate_divisor", number(spec.rate_divisor)),
        ("yield_type", or_dash(spec.yield_type.as_deref()).to_string()),
        ("cycles", cycles_text(spec)),
        ("payout_time", or_dash(spec.payout_time.as_deref()).to_string()),
        ("window", format!("{} ({timezone})", window_text(spec))),
    ];
    for (key, value) in lines {
        println!("{key:<16}{value}");
    }
    for (lang, name) in &spec.name {
        println!("{:<16}{name}", format!("name.{lang}"));
    }
    for (lang, description) in &spec.description {
        println!("{:<16}{}", format!("description.{lang}"), description.replace('\n', " / "));
    }
    let toml =
        toml::to_string(spec).map_err(|error| anyhow::anyhow!("while writing TOML: {error}"))?;
    println!();
    println!(
        "# product {}: copy into a file for `fairhall admin product update {} --file FILE` \
         (times {timezone})",
        product.id, product.id
    );
    print!("{toml}");
    Ok(())
}

pub fn print_orders(orders: &[OrderRecord], timezone: Tz) {
    let rows: Vec<Vec<String>> = orders
        .iter()
        .map(|order| {
            vec![
                order.order_id.to_string(),
                order.product_id.to_string(),
                order.user_id.to_string(),
                order.units.to_string(),
                order.principal.to_string(),
                local_time(order.created_at, timezone),
                format!("{}/{}", order.instalments_paid, order.instalments),
                order.paid.to_string(),
                order.unpaid.to_string(),
            ]
        })
        .collect();
    let headers = [
        "order",
        "product",
        "user",
        "units",
        "principal",
        "created",
        "instalments",
        "paid",
        "unpaid",
    ];
    print_table(&headers, &rows);
    println!("{} orders (times {timezone})", orders.len());
}

/// The totals, every due date, then every product; a warning on stderr when the ledger and
/// the schedules disagree about the principal.
pub fn print_obligations(report: &Obligations, timezone: Tz) {
    let sum = |a: Money, b: Money| {
        a.checked_add(b).map_or_else(|| "overflow".into(), |sum| sum.to_string())
    };
    let totals = [
        ("principal held (ledger, invest accounts)", report.principal_held.to_string()),
        ("principal unpaid (schedules)", report.principal_due.to_string()),
        ("interest due", report.interest_due.to_string()),
        ("total due", sum(report.principal_due, report.interest_due)),
    ];
    let totals: Vec<Vec<String>> =
        totals.into_iter().map(|(name, amount)| vec![name.to_string(), amount]).collect();
    print_table(&["obligation", "amount"], &totals);
    println!();
    let days: Vec<Vec<String>> = report
        .by_day
        .iter()
        .map(|day| {
            vec![
                day.day.to_string(),
                day.interest.to_string(),
                day.principal.to_string(),
                sum(day.interest, day.principal),
            ]
        })
        .collect();
    let date = format!("date ({timezone})");
    print_table(&[date.as_str(), "interest", "principal", "total"], &days);
    println!();
    let mut products: Vec<Vec<String>> = report
        .by_product
        .iter()
        .map(|product| {
            vec![
                product.product_id.to_string(),
                product.name.clone(),
                product.orders_running.to_string(),
                product.principal_held.to_string(),
                product.interest_due.to_string(),
            ]
        })
        .collect();
    let orders: i64 = report.by_product.iter().map(|product| product.orders_running).sum();
    products.push(vec![
        "total".into(),
        format!("{} products", report.by_product.len()),
        orders.to_string(),
        report.principal_due.to_string(),
        report.interest_due.to_string(),
    ]);
    let headers = ["product", "name", "running orders", "principal held", "interest due"];
    print_table(&headers, &products);
}

/// The loud line when the ledger's principal and the schedules' differ.
pub fn mismatch_warning(report: &Obligations) -> Option<String> {
    (report.principal_held != report.principal_due).then(|| {
        format!(
            "WARNING: the invest accounts hold {} but the unpaid schedules owe {} of principal; \
             run `fairhall admin verify` and investigate before paying anything by hand",
            report.principal_held, report.principal_due
        )
    })
}
