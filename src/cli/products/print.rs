//! How products, orders and the obligations report print: tab-separated tables and key/value
//! lines, times in the operator's time zone.

use crate::clock::Timestamp;
use crate::finance::goods::types::{
    CategoryCard, Obligations, OrderRecord, ProductRecord, ProductSpec,
};
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
    println!("code\tname\tpicture");
    for category in categories {
        let picture = or_dash(category.picture.as_deref());
        println!("{}\t{}\t{picture}", category.code, category.name);
    }
    println!("{} categories", categories.len());
}

pub fn print_products(products: &[ProductRecord], lang: &str, timezone: Tz) {
    println!(
        "id\tstate\tname\tcategory\tunit_price\ttotal\tpurchased\treserved\tremaining\trate\t\
         cycles\twindow\torders"
    );
    for product in products {
        let spec = &product.spec;
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{} %\t{}\t{}\t{}",
            product.id,
            product.state,
            name_of(spec, lang),
            or_dash(spec.category.as_deref()),
            or_dash(spec.unit_price.as_deref()),
            or_dash(spec.total.as_deref()),
            product.purchased,
            or_dash(spec.reserved.as_deref()),
            product.remaining,
            or_dash(spec.rate.as_deref()),
            cycles_text(spec),
            window_text(spec),
            product.orders,
        );
    }
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
    println!("order\tproduct\tuser\tunits\tprincipal\tcreated\tinstalments\tpaid\tunpaid");
    for order in orders {
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}/{}\t{}\t{}",
            order.order_id,
            order.product_id,
            order.user_id,
            order.units,
            order.principal,
            local_time(order.created_at, timezone),
            order.instalments_paid,
            order.instalments,
            order.paid,
            order.unpaid,
        );
    }
    println!("{} orders (times {timezone})", orders.len());
}

/// The totals, every due date, then every product; a warning on stderr when the ledger and
/// the schedules disagree about the principal.
pub fn print_obligations(report: &Obligations, timezone: Tz) {
    let owed = report.principal_due.checked_add(report.interest_due);
    let owed = owed.map_or_else(|| "overflow".into(), |owed| owed.to_string());
    println!("principal held (ledger, invest accounts)\t{}", report.principal_held);
    println!("principal unpaid (schedules)\t{}", report.principal_due);
    println!("interest due\t{}", report.interest_due);
    println!("total due\t{owed}");
    println!();
    println!("date ({timezone})\tinterest\tprincipal\ttotal");
    for day in &report.by_day {
        let total = day.interest.checked_add(day.principal);
        let total = total.map_or_else(|| "overflow".into(), |total| total.to_string());
        println!("{}\t{}\t{}\t{total}", day.day, day.interest, day.principal);
    }
    println!();
    println!("product\tname\trunning orders\tprincipal held\tinterest due");
    let mut orders = 0;
    for product in &report.by_product {
        orders += product.orders_running;
        println!(
            "{}\t{}\t{}\t{}\t{}",
            product.product_id,
            product.name,
            product.orders_running,
            product.principal_held,
            product.interest_due
        );
    }
    println!(
        "total\t{} products\t{orders}\t{}\t{}",
        report.by_product.len(),
        report.principal_due,
        report.interest_due
    );
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
