//! The operator's side of goods investment (`fairhall admin product ...`): categories, creating
//! and updating products from a `ProductSpec`, closing them, and the lists. Every refusal
//! names the field at fault. A product with orders keeps its terms: only its purchase window,
//! reserved amount, picture and texts may change.

use super::GoodsSettings;
use super::sql;
use super::terms::{self, CycleUnit, Terms, YieldType};
use super::types::{
    CategorySpec, MIN_INVESTMENT, OrderRecord, Product, ProductRecord, ProductSpec, ProductText,
};
use crate::clock::Timestamp;
use crate::db::Tx;
use crate::error::AppError;
use crate::money::Money;
use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use rusqlite::Connection;
use std::collections::BTreeMap;
use std::fmt;

/// Why the operator's request was refused.
#[derive(Debug)]
pub enum CatalogError {
    /// A field is missing or wrong; the text names it.
    Invalid(String),
    Db(AppError),
}

impl fmt::Display for CatalogError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::Invalid(reason) => formatter.write_str(reason),
            CatalogError::Db(error) => write!(formatter, "{error:#}"),
        }
    }
}

impl std::error::Error for CatalogError {}

impl From<AppError> for CatalogError {
    fn from(error: AppError) -> CatalogError {
        CatalogError::Db(error)
    }
}

impl From<rusqlite::Error> for CatalogError {
    fn from(error: rusqlite::Error) -> CatalogError {
        CatalogError::Db(error.into())
    }
}

fn invalid<T>(reason: impl Into<String>) -> Result<T, CatalogError> {
    Err(CatalogError::Invalid(reason.into()))
}

/// Longest product or category name, in characters.
const NAME_CHARS_MAX: usize = 80;
/// Longest description, in characters.
const DESCRIPTION_CHARS_MAX: usize = 4_000;
/// Longest category code.
const CODE_CHARS_MAX: usize = 32;

fn check_code(code: &str) -> Result<(), CatalogError> {
    let well_formed = !code.is_empty()
        && code.len() <= CODE_CHARS_MAX
        && code
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'_');
    if well_formed {
        Ok(())
    } else {
        invalid(format!(
            "category: {code:?} must be 1 to {CODE_CHARS_MAX} of a-z, 0-9 and _ (e.g. \"drinks\")"
        ))
    }
}

/// Texts by app language; `field` names them in refusals.
fn checked_texts(
    texts: &BTreeMap<String, String>,
    field: &str,
    chars_max: usize,
) -> Result<BTreeMap<&'static str, String>, CatalogError> {
    texts
        .iter()
        .map(|(lang, text)| {
            let Some(code) = crate::i18n::normalize(lang) else {
                return invalid(format!("{field}.{lang}: not a language of the app"));
            };
            let text = text.trim();
            if text.chars().count() > chars_max {
                return invalid(format!("{field}.{lang}: longer than {chars_max} characters"));
            }
            Ok((code, text.to_string()))
        })
        .collect()
}

/// Creates or changes a category: its picture (kept when `None`), order and names.
pub fn put_category(tx: &Tx, spec: &CategorySpec, now: Timestamp) -> Result<(), CatalogError> {
    check_code(&spec.code)?;
    let names = checked_texts(&spec.names, "name", NAME_CHARS_MAX)?;
    if names.values().any(String::is_empty) {
        return invalid("name: must not be empty");
    }
    if names.is_empty() && !sql::category_exists(tx, &spec.code)? {
        return invalid("name: a new category needs a name in at least one language");
    }
    sql::put_category(tx, &spec.code, spec.picture.as_deref(), spec.sort, now)?;
    for (lang, name) in &names {
        sql::set_category_name(tx, &spec.code, lang, name)?;
    }
    Ok(())
}

/// A window time: "YYYY-MM-DD HH:MM" in the operator's time zone, or unix seconds.
fn parse_time(field: &str, text: &str, timezone: Tz) -> Result<Timestamp, CatalogError> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<i64>() {
        return Ok(Timestamp::from_secs(secs));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M"));
    let Ok(local) = local else {
        return invalid(format!("{field}: {text:?} is not \"YYYY-MM-DD HH:MM\" or unix seconds"));
    };
    match timezone.from_local_datetime(&local).earliest() {
        Some(time) => Ok(Timestamp::from_datetime(&time)),
        None => invalid(format!("{field}: {text} does not exist in {timezone} (clock change)")),
    }
}

/// A window time as the operator writes it.
fn time_text(time: Timestamp, timezone: Tz) -> String {
    timezone
        .timestamp_opt(time.secs(), 0)
        .single()
        .map_or_else(|| time.secs().to_string(), |local| local.format("%Y-%m-%d %H:%M").to_string())
}

fn money_field(field: &str, text: Option<&str>) -> Result<Money, CatalogError> {
    let Some(text) = text else {
        return invalid(format!("{field}: required"));
    };
    Money::parse(text.trim())
        .or_else(|_| invalid(format!("{field}: {text:?} is not an amount with at most 2 decimals")))
}

fn required<T: Copy>(field: &str, value: Option<T>) -> Result<T, CatalogError> {
    value.map_or_else(|| invalid(format!("{field}: required")), Ok)
}

/// The terms a spec sets, checked.
fn terms_of(spec: &ProductSpec) -> Result<Terms, CatalogError> {
    let rate = money_field("rate", spec.rate.as_deref())?;
    let yield_code = spec.yield_type.as_deref().unwrap_or_default();
    let Some(yield_type) = YieldType::parse(yield_code) else {
        let known: Vec<_> = YieldType::ALL.iter().map(|kind| kind.code()).collect();
        return invalid(format!("yield_type: {yield_code:?} is not one of {}", known.join(", ")));
    };
    let unit_code = spec.cycle_unit.as_deref().unwrap_or_default();
    let Some(cycle_unit) = CycleUnit::parse(unit_code) else {
        return invalid(format!("cycle_unit: {unit_code:?} is not day or hour"));
    };
    let payout_minute = match spec.payout_time.as_deref() {
        Some(text) => Some(
            terms::parse_payout_time(text)
                .map_or_else(|| invalid(format!("payout_time: {text:?} is not HH:MM")), Ok)?,
        ),
        None => None,
    };
    let terms = Terms {
        yield_type,
        rate_bp: rate.minor(),
        rate_divisor: spec.rate_divisor.unwrap_or(1),
        cycle_unit,
        cycle_length: spec.cycle_length.unwrap_or(1),
        cycles: required("cycles", spec.cycles)?,
        payout_minute,
    };
    terms.check().or_else(invalid)?;
    Ok(terms)
}

/// The texts a spec sets by language: a name in at least one, a description only beside a
/// name.
fn texts_of(spec: &ProductSpec) -> Result<BTreeMap<&'static str, ProductText>, CatalogError> {
    let names = checked_texts(&spec.name, "name", NAME_CHARS_MAX)?;
    let descriptions = checked_texts(&spec.description, "description", DESCRIPTION_CHARS_MAX)?;
    if names.is_empty() || names.values().any(String::is_empty) {
        return invalid("name: needs a non-empty name in at least one language (name.en = ...)");
    }
    if let Some(lang) = descriptions.keys().find(|lang| !names.contains_key(*lang)) {
        return invalid(format!("description.{lang}: has no name.{lang}"));
    }
    let texts: BTreeMap<_, _> = names
        .into_iter()
        .map(|(lang, name)| {
            let description = descriptions.get(lang).cloned().unwrap_or_default();
            (lang, ProductText { name, description })
        })
        .collect();
    Ok(texts)
}

/// A whole product from a complete spec; `purchased` carries over on updates.
fn product_of(
    id: i64,
    spec: &ProductSpec,
    purchased: Money,
    timezone: Tz,
) -> Result<(Product, BTreeMap<&'static str, ProductText>), CatalogError> {
    let category = spec.category.clone().map_or_else(|| invalid("category: required"), Ok)?;
    check_code(&category)?;
    let unit_price = money_field("unit_price", spec.unit_price.as_deref())?;
    if unit_price == Money::ZERO {
        return invalid("unit_price: must be above 0");
    }
    let total = money_field("total", spec.total.as_deref())?;
    let reserved = money_field("reserved", Some(spec.reserved.as_deref().unwrap_or("0")))?;
    let min_units = spec.min_units.unwrap_or(1);
    let max_units = required("max_units", spec.max_units)?;
    if min_units < 1 {
        return invalid("min_units: must be at least 1");
    }
    if max_units < min_units {
        return invalid("max_units: must be at least min_units");
    }
    let terms = terms_of(spec)?;
    let start_text = spec.start.as_deref().map_or_else(|| invalid("start: required"), Ok)?;
    let end_text = spec.end.as_deref().map_or_else(|| invalid("end: required"), Ok)?;
    let (start_at, end_at) =
        (parse_time("start", start_text, timezone)?, parse_time("end", end_text, timezone)?);
    if end_at <= start_at {
        return invalid("end: must be after start");
    }
    let product = Product {
        id,
        category,
        picture: spec.picture.clone(),
        unit_price,
        total,
        purchased,
        reserved,
        min_units,
        max_units,
        terms,
        start_at,
        end_at,
        closed_at: None,
    };
    if product.price_of(max_units).is_none() {
        return invalid("max_units: max_units x unit_price is too large");
    }
    if product.min_purchase() < MIN_INVESTMENT {
        return invalid(format!(
            "min_units: min_units x unit_price must be at least {MIN_INVESTMENT} (the least investment)"
        ));
    }
    if total < product.min_purchase() {
        return invalid("total: must be at least min_units x unit_price");
    }
    let taken = purchased.checked_add(reserved);
    if taken.is_none_or(|taken| taken > total) {
        return invalid(format!(
            "reserved: reserved + purchased ({purchased}) must not exceed total ({total})"
        ));
    }
    let texts = texts_of(spec)?;
    Ok((product, texts))
}

/// Creates a product; returns its id.
pub fn create(
    tx: &Tx,
    spec: &ProductSpec,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<i64, CatalogError> {
    let (product, texts) = product_of(0, spec, Money::ZERO, settings.timezone)?;
    if !sql::category_exists(tx, &product.category)? {
        return invalid(format!(
            "category: no category {:?}; add it with `fairhall admin product category`",
            product.category
        ));
    }
    let id = sql::save_product(tx, &product, now)?;
    for (lang, text) in &texts {
        sql::set_text(tx, id, lang, text)?;
    }
    tx.note_created(id);
    Ok(id)
}

/// The spec of a stored product, as `show` prints it and `update` starts from.
fn spec_of(
    connection: &Connection,
    product: &Product,
    timezone: Tz,
) -> Result<ProductSpec, AppError> {
    let texts = sql::texts(connection, product.id)?;
    Ok(ProductSpec {
        category: Some(product.category.clone()),
        picture: product.picture.clone(),
        unit_price: Some(product.unit_price.to_string()),
        total: Some(product.total.to_string()),
        reserved: Some(product.reserved.to_string()),
        min_units: Some(product.min_units),
        max_units: Some(product.max_units),
        rate: Some(crate::finance::interest::percent_text(product.terms.rate_bp)),
        rate_divisor: Some(product.terms.rate_divisor),
        yield_type: Some(product.terms.yield_type.code().into()),
        cycle_unit: Some(product.terms.cycle_unit.code().into()),
        cycle_length: Some(product.terms.cycle_length),
        cycles: Some(product.terms.cycles),
        payout_time: product.terms.payout_minute.map(terms::payout_time_text),
        start: Some(time_text(product.start_at, timezone)),
        end: Some(time_text(product.end_at, timezone)),
        name: texts.iter().map(|(lang, text)| (lang.clone(), text.name.clone())).collect(),
        description: texts
            .iter()
            .filter(|(_, text)| !text.description.is_empty())
            .map(|(lang, text)| (lang.clone(), text.description.clone()))
            .collect(),
    })
}

/// `base` with every field `change` sets; texts merge by language.
fn overlay(base: ProductSpec, change: &ProductSpec) -> ProductSpec {
    let pick = |new: &Option<String>, old: Option<String>| new.clone().or(old);
    let mut name = base.name;
    name.extend(change.name.clone());
    let mut description = base.description;
    description.extend(change.description.clone());
    ProductSpec {
        category: pick(&change.category, base.category),
        picture: pick(&change.picture, base.picture),
        unit_price: pick(&change.unit_price, base.unit_price),
        total: pick(&change.total, base.total),
        reserved: pick(&change.reserved, base.reserved),
        min_units: change.min_units.or(base.min_units),
        max_units: change.max_units.or(base.max_units),
        rate: pick(&change.rate, base.rate),
        rate_divisor: change.rate_divisor.or(base.rate_divisor),
        yield_type: pick(&change.yield_type, base.yield_type),
        cycle_unit: pick(&change.cycle_unit, base.cycle_unit),
        cycle_length: change.cycle_length.or(base.cycle_length),
        cycles: change.cycles.or(base.cycles),
        payout_time: pick(&change.payout_time, base.payout_time),
        start: pick(&change.start, base.start),
        end: pick(&change.end, base.end),
        name,
        description,
    }
}

/// Applies `change` to product `id`. With orders, a change to anything but the window,
/// the reserved amount, the picture and the texts is refused, naming the first such field.
pub fn update(
    tx: &Tx,
    id: i64,
    change: &ProductSpec,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<(), CatalogError> {
    let Some(stored) = sql::product(tx, id)? else {
        return invalid(format!("product {id}: no such product"));
    };
    let base = spec_of(tx, &stored, settings.timezone)?;
    let merged = overlay(base, change);
    let (product, texts) = product_of(id, &merged, stored.purchased, settings.timezone)?;
    if sql::order_count(tx, id)? > 0 {
        let fixed = [
            ("category", product.category != stored.category),
            ("unit_price", product.unit_price != stored.unit_price),
            ("total", product.total != stored.total),
            ("min_units", product.min_units != stored.min_units),
            ("max_units", product.max_units != stored.max_units),
            (
                "rate, rate_divisor, yield_type, cycle_unit, cycle_length, cycles or payout_time",
                product.terms != stored.terms,
            ),
        ];
        if let Some((field, _)) = fixed.iter().find(|(_, changed)| *changed) {
            return invalid(format!(
                "{field}: product {id} has orders, so its terms are fixed; only start, end, \
                 reserved, picture, name and description can change"
            ));
        }
    }
    if !sql::category_exists(tx, &product.category)? {
        return invalid(format!("category: no category {:?}", product.category));
    }
    sql::save_product(tx, &product, now)?;
    for (lang, text) in &texts {
        sql::set_text(tx, id, lang, text)?;
    }
    Ok(())
}

/// Closes product `id` to purchases (its orders still pay); refused when there is none or it
/// is closed already.
pub fn close(tx: &Tx, id: i64, now: Timestamp) -> Result<(), CatalogError> {
    if sql::product(tx, id)?.is_none() {
        return invalid(format!("product {id}: no such product"));
    }
    if !sql::close_product(tx, id, now)? {
        return invalid(format!("product {id}: closed already"));
    }
    Ok(())
}

fn record_of(
    connection: &Connection,
    product: &Product,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<ProductRecord, AppError> {
    Ok(ProductRecord {
        id: product.id,
        state: product.state(now).code(),
        orders: sql::order_count(connection, product.id)?,
        spec: spec_of(connection, product, settings.timezone)?,
        purchased: product.purchased,
        remaining: product.remaining(),
        closed_at: product.closed_at,
    })
}

/// Every product, newest first.
pub fn list(
    connection: &Connection,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<Vec<ProductRecord>, AppError> {
    sql::all_products(connection)?
        .iter()
        .map(|product| record_of(connection, product, settings, now))
        .collect()
}

/// One product; None when there is none with `id`.
pub fn show(
    connection: &Connection,
    id: i64,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<Option<ProductRecord>, AppError> {
    sql::product(connection, id)?
        .map(|product| record_of(connection, &product, settings, now))
        .transpose()
}

/// Orders of product `id` (all products when `None`), newest first, at most `limit`.
pub fn orders(
    connection: &Connection,
    id: Option<i64>,
    limit: i64,
) -> Result<Vec<OrderRecord>, AppError> {
    sql::orders_of_product(connection, id, limit)?
        .into_iter()
        .map(|totals| {
            let principal = totals.order.principal;
            let paid = totals.paid_interest.checked_add(totals.paid_principal);
            let owed = principal.checked_add(totals.total_interest);
            let (Some(paid), Some(owed)) = (paid, owed) else {
                return Err(anyhow::anyhow!("order {} sums overflow", totals.order.id).into());
            };
            Ok(OrderRecord {
                order_id: totals.order.id,
                product_id: totals.order.product_id,
                user_id: totals.order.user_id,
                units: totals.order.units,
                principal,
                created_at: totals.order.created_at,
                instalments: totals.instalments,
                instalments_paid: totals.instalments_paid,
                paid,
                unpaid: owed.checked_sub(paid).unwrap_or(Money::ZERO),
            })
        })
        .collect()
}
