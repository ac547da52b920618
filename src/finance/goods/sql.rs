//! Queries on the goods tables: `product_categories`, `product_category_names`, `products`,
//! `product_texts`, `product_orders` and `product_payouts` (owned by `finance::goods`).

use super::terms::{CycleUnit, Instalment, Terms, YieldType};
use super::types::{Product, ProductText};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use crate::paging::Paging;
use rusqlite::{Connection, OptionalExtension, Row, params};

const PRODUCT_COLUMNS: &str = "product_id, category, picture, unit_price_minor, total_minor,
    purchased_minor, reserved_minor, min_units, max_units, rate_bp, rate_divisor, yield_type,
    cycle_unit, cycle_length, cycles, payout_minute, start_at, end_at, closed_at";

fn product_row(row: &Row) -> rusqlite::Result<Product> {
    let yield_code: String = row.get(11)?;
    let unit_code: String = row.get(12)?;
    let corrupt = |column: usize, text: &str| {
        rusqlite::Error::FromSqlConversionFailure(
            column,
            rusqlite::types::Type::Text,
            format!("unknown code {text}").into(),
        )
    };
    Ok(Product {
        id: row.get(0)?,
        category: row.get(1)?,
        picture: row.get(2)?,
        unit_price: row.get(3)?,
        total: row.get(4)?,
        purchased: row.get(5)?,
        reserved: row.get(6)?,
        min_units: row.get(7)?,
        max_units: row.get(8)?,
        terms: Terms {
            rate_bp: row.get(9)?,
            rate_divisor: row.get(10)?,
            yield_type: YieldType::parse(&yield_code).ok_or_else(|| corrupt(11, &yield_code))?,
            cycle_unit: CycleUnit::parse(&unit_code).ok_or_else(|| corrupt(12, &unit_code))?,
            cycle_length: row.get(13)?,
            cycles: row.get(14)?,
            payout_minute: row.get(15)?,
        },
        start_at: row.get(16)?,
        end_at: row.get(17)?,
        closed_at: row.get(18)?,
    })
}

pub fn product(connection: &Connection, product_id: i64) -> Result<Option<Product>, AppError> {
    Ok(connection
        .prepare_cached(&format!("SELECT {PRODUCT_COLUMNS} FROM products WHERE product_id = ?1"))?
        .query_row([product_id], product_row)
        .optional()?)
}

/// How long an ended product stays in the players' list.
const ENDED_LISTED_SECS: i64 = 30 * 86_400;

/// Products not closed by the operator, of `category` when given: on sale and upcoming by
/// start, then those ended in the last `ENDED_LISTED_SECS`, newest first.
pub fn listed_products(
    connection: &Connection,
    category: Option<&str>,
    now: Timestamp,
) -> Result<Vec<Product>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM products
         WHERE closed_at IS NULL AND (?1 IS NULL OR category = ?1) AND end_at > ?3
         ORDER BY end_at <= ?2, CASE WHEN end_at > ?2 THEN start_at ELSE -end_at END, product_id"
    ))?;
    let rows = query.query_map(params![category, now, now - ENDED_LISTED_SECS], product_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every product, newest first (the operator's list).
pub fn all_products(connection: &Connection) -> Result<Vec<Product>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM products ORDER BY product_id DESC"
    ))?;
    let rows = query.query_map([], product_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Creates a product (`product.id` 0; returns the new id) or writes every field of product
/// `product.id` but the purchased amount and the closing time.
pub fn save_product(
    connection: &Connection,
    product: &Product,
    now: Timestamp,
) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO products (product_id, category, picture, unit_price_minor, total_minor,
                 reserved_minor, min_units, max_units, rate_bp, rate_divisor, yield_type,
                 cycle_unit, cycle_length, cycles, payout_minute, start_at, end_at, created_at,
                 updated_at)
             VALUES (NULLIF(?1, 0), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                 ?16, ?17, ?18, ?18)
             ON CONFLICT (product_id) DO UPDATE SET category = excluded.category,
                 picture = excluded.picture, unit_price_minor = excluded.unit_price_minor,
                 total_minor = excluded.total_minor, reserved_minor = excluded.reserved_minor,
                 min_units = excluded.min_units, max_units = excluded.max_units,
                 rate_bp = excluded.rate_bp, rate_divisor = excluded.rate_divisor,
                 yield_type = excluded.yield_type, cycle_unit = excluded.cycle_unit,
                 cycle_length = excluded.cycle_length, cycles = excluded.cycles,
                 payout_minute = excluded.payout_minute, start_at = excluded.start_at,
                 end_at = excluded.end_at, updated_at = MAX(updated_at, excluded.updated_at)",
        )?
        .execute(params![
            product.id,
            product.category,
            product.picture,
            product.unit_price.minor(),
            product.total.minor(),
            product.reserved.minor(),
            product.min_units,
            product.max_units,
            product.terms.rate_bp,
            product.terms.rate_divisor,
            product.terms.yield_type.code(),
            product.terms.cycle_unit.code(),
            product.terms.cycle_length,
            product.terms.cycles,
            product.terms.payout_minute,
            product.start_at,
            product.end_at,
            now
        ])?;
    Ok(if product.id == 0 { connection.last_insert_rowid() } else { product.id })
}

/// Closes a product to purchases; false when it was closed already.
pub fn close_product(
    connection: &Connection,
    product_id: i64,
    now: Timestamp,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE products SET closed_at = ?2, updated_at = MAX(updated_at, ?2)
             WHERE product_id = ?1 AND closed_at IS NULL",
        )?
        .execute(params![product_id, now])?;
    Ok(changed == 1)
}

/// Adds a purchase to the product's purchased amount unless it would pass the capacity;
/// false when it would (another purchase took the rest first).
pub fn add_purchased(
    connection: &Connection,
    product_id: i64,
    amount: Money,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE products SET purchased_minor = purchased_minor + ?2
             WHERE product_id = ?1 AND purchased_minor + reserved_minor + ?2 <= total_minor",
        )?
        .execute(params![product_id, amount.minor()])?;
    Ok(changed == 1)
}

pub fn order_count(connection: &Connection, product_id: i64) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM product_orders WHERE product_id = ?1")?
        .query_row([product_id], |row| row.get(0))?)
}

pub fn set_text(
    connection: &Connection,
    product_id: i64,
    lang: &str,
    text: &ProductText,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO product_texts (product_id, lang, name, description)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (product_id, lang) DO UPDATE
                 SET name = excluded.name, description = excluded.description",
        )?
        .execute(params![product_id, lang, text.name, text.description])?;
    Ok(())
}

/// Every language's texts of a product, by language code.
pub fn texts(
    connection: &Connection,
    product_id: i64,
) -> Result<Vec<(String, ProductText)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT lang, name, description FROM product_texts WHERE product_id = ?1 ORDER BY lang",
    )?;
    let rows = query.query_map([product_id], |row| {
        Ok((row.get(0)?, ProductText { name: row.get(1)?, description: row.get(2)? }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The texts in `lang`, else in `fallback`, else in the first language there is.
pub fn text_in(
    connection: &Connection,
    product_id: i64,
    lang: &str,
    fallback: &str,
) -> Result<ProductText, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT name, description FROM product_texts WHERE product_id = ?1
             ORDER BY lang = ?2 DESC, lang = ?3 DESC, lang LIMIT 1",
        )?
        .query_row(params![product_id, lang, fallback], |row| {
            Ok(ProductText { name: row.get(0)?, description: row.get(1)? })
        })
        .optional()?
        .unwrap_or_default())
}

/// Creates or replaces a category's picture and order.
pub fn put_category(
    connection: &Connection,
    code: &str,
    picture: Option<&str>,
    sort: Option<i64>,
    now: Timestamp,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO product_categories (code, picture, sort, created_at)
             VALUES (?1, ?2, COALESCE(?3, 0), ?4)
             ON CONFLICT (code) DO UPDATE SET picture = COALESCE(excluded.picture, picture),
                 sort = COALESCE(?3, sort)",
        )?
        .execute(params![code, picture, sort, now])?;
    Ok(())
}

pub fn set_category_name(
    connection: &Connection,
    code: &str,
    lang: &str,
    name: &str,
) -> Result<(), AppError> {
    connection
        .prepare_cached(
            "INSERT INTO product_category_names (code, lang, name) VALUES (?1, ?2, ?3)
             ON CONFLICT (code, lang) DO UPDATE SET name = excluded.name",
        )?
        .execute(params![code, lang, name])?;
    Ok(())
}

pub fn category_exists(connection: &Connection, code: &str) -> Result<bool, AppError> {
    Ok(connection
        .prepare_cached("SELECT 1 FROM product_categories WHERE code = ?1")?
        .query_row([code], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Categories in the operator's order: (code, name in `lang` or `fallback` or any, picture).
pub fn categories(
    connection: &Connection,
    lang: &str,
    fallback: &str,
) -> Result<Vec<(String, String, Option<String>)>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT c.code,
             COALESCE((SELECT name FROM product_category_names n WHERE n.code = c.code
                       ORDER BY lang = ?1 DESC, lang = ?2 DESC, lang LIMIT 1), c.code),
             c.picture
         FROM product_categories c ORDER BY c.sort, c.code",
    )?;
    let rows = query
        .query_map(params![lang, fallback], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A stored order.
#[derive(Clone, Debug)]
pub struct Order {
    pub id: i64,
    pub product_id: i64,
    pub user_id: UserId,
    pub units: i64,
    pub principal: Money,
    pub created_at: Timestamp,
}

pub fn insert_order(
    connection: &Connection,
    order: &Order,
    entry_id: i64,
    schedule: &[Instalment],
) -> Result<i64, AppError> {
    connection
        .prepare_cached(
            "INSERT INTO product_orders
                 (product_id, user_id, units, principal_minor, entry_id, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            order.product_id,
            order.user_id,
            order.units,
            order.principal.minor(),
            entry_id,
            order.created_at
        ])?;
    let order_id = connection.last_insert_rowid();
    let mut insert = connection.prepare_cached(
        "INSERT INTO product_payouts (order_id, instalment, due_at, interest_minor, principal_minor)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for row in schedule {
        insert.execute(params![
            order_id,
            row.number,
            row.due_at,
            row.interest.minor(),
            row.principal.minor()
        ])?;
    }
    Ok(order_id)
}

/// An unpaid instalment that has fallen due, with whom it pays.
#[derive(Clone, Debug)]
pub struct DuePayout {
    pub order_id: i64,
    pub instalment: u32,
    pub user_id: UserId,
    pub interest: Money,
    pub principal: Money,
}

/// Up to `limit` unpaid instalments due at `now`, oldest first. A schedule's due times rise
/// with the instalment number (`terms::Terms::schedule`), so paid in this order an order's
/// instalments are paid one after the other, in order, and an earlier unpaid one of the same
/// order is always in the same batch or an earlier one. (Asking per row whether an earlier one
/// is unpaid made each batch scan every order's paid instalments: minutes for a backlog of a
/// few thousand after downtime.)
pub fn due_payouts(
    connection: &Connection,
    now: Timestamp,
    limit: i64,
) -> Result<Vec<DuePayout>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT p.order_id, p.instalment, o.user_id, p.interest_minor, p.principal_minor
         FROM product_payouts p JOIN product_orders o ON o.order_id = p.order_id
         WHERE p.paid_at IS NULL AND p.due_at <= ?1
         ORDER BY p.due_at, p.order_id, p.instalment LIMIT ?2",
    )?;
    let rows = query.query_map(params![now, limit], |row| {
        Ok(DuePayout {
            order_id: row.get(0)?,
            instalment: row.get(1)?,
            user_id: row.get(2)?,
            interest: row.get(3)?,
            principal: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Marks an instalment paid; false when it was paid already (the key keeps it once).
pub fn mark_paid(
    connection: &Connection,
    payout: &DuePayout,
    entry_id: Option<i64>,
    now: Timestamp,
) -> Result<bool, AppError> {
    let changed = connection
        .prepare_cached(
            "UPDATE product_payouts SET entry_id = ?3, paid_at = ?4
             WHERE order_id = ?1 AND instalment = ?2 AND paid_at IS NULL",
        )?
        .execute(params![payout.order_id, payout.instalment, entry_id, now])?;
    Ok(changed == 1)
}

/// An order with its schedule totals, for lists.
#[derive(Clone, Debug)]
pub struct OrderTotals {
    pub order: Order,
    pub total_interest: Money,
    pub paid_interest: Money,
    pub paid_principal: Money,
    pub instalments: i64,
    pub instalments_paid: i64,
    pub next_due_at: Option<Timestamp>,
}

const ORDER_TOTALS: &str = "SELECT o.order_id, o.product_id, o.user_id, o.units,
        o.principal_minor, o.created_at,
        SUM(p.interest_minor),
        SUM(CASE WHEN p.paid_at IS NOT NULL THEN p.interest_minor ELSE 0 END),
        SUM(CASE WHEN p.paid_at IS NOT NULL THEN p.principal_minor ELSE 0 END),
        COUNT(*), COUNT(p.paid_at), MIN(CASE WHEN p.paid_at IS NULL THEN p.due_at END)
    FROM product_orders o JOIN product_payouts p ON p.order_id = o.order_id";

fn order_totals_row(row: &Row) -> rusqlite::Result<OrderTotals> {
    Ok(OrderTotals {
        order: Order {
            id: row.get(0)?,
            product_id: row.get(1)?,
            user_id: row.get(2)?,
            units: row.get(3)?,
            principal: row.get(4)?,
            created_at: row.get(5)?,
        },
        total_interest: row.get(6)?,
        paid_interest: row.get(7)?,
        paid_principal: row.get(8)?,
        instalments: row.get(9)?,
        instalments_paid: row.get(10)?,
        next_due_at: row.get(11)?,
    })
}

pub fn count_orders_of(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached("SELECT COUNT(*) FROM product_orders WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))?)
}

/// A player's orders, newest first.
pub fn orders_of(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
) -> Result<Vec<OrderTotals>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "{ORDER_TOTALS} WHERE o.order_id IN (SELECT order_id FROM product_orders
             WHERE user_id = ?1 ORDER BY order_id DESC LIMIT ?2 OFFSET ?3)
         GROUP BY o.order_id ORDER BY o.order_id DESC"
    ))?;
    let rows =
        query.query_map(params![user_id, paging.limit, paging.offset()], order_totals_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Orders of a product (all products when `None`), newest first (the operator's list).
pub fn orders_of_product(
    connection: &Connection,
    product_id: Option<i64>,
    limit: i64,
) -> Result<Vec<OrderTotals>, AppError> {
    let mut query = connection.prepare_cached(&format!(
        "{ORDER_TOTALS} WHERE o.order_id IN (SELECT order_id FROM product_orders
             WHERE ?1 IS NULL OR product_id = ?1 ORDER BY order_id DESC LIMIT ?2)
         GROUP BY o.order_id ORDER BY o.order_id DESC"
    ))?;
    let rows = query.query_map(params![product_id, limit], order_totals_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One order of a player; None when the player has no order `order_id`.
pub fn order_of(
    connection: &Connection,
    user_id: UserId,
    order_id: i64,
) -> Result<Option<OrderTotals>, AppError> {
    Ok(connection
        .prepare_cached(&format!(
            "{ORDER_TOTALS} WHERE o.order_id = ?1 AND o.user_id = ?2 GROUP BY o.order_id"
        ))?
        .query_row(params![order_id, user_id], order_totals_row)
        .optional()?)
}

/// A stored instalment and when it was paid.
#[derive(Clone, Debug)]
pub struct StoredInstalment {
    pub number: u32,
    pub due_at: Timestamp,
    pub interest: Money,
    pub principal: Money,
    pub paid_at: Option<Timestamp>,
}

/// An order's instalments in order.
pub fn schedule_of(
    connection: &Connection,
    order_id: i64,
) -> Result<Vec<StoredInstalment>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT instalment, due_at, interest_minor, principal_minor, paid_at
         FROM product_payouts WHERE order_id = ?1 ORDER BY instalment",
    )?;
    let rows = query.query_map([order_id], |row| {
        Ok(StoredInstalment {
            number: row.get(0)?,
            due_at: row.get(1)?,
            interest: row.get(2)?,
            principal: row.get(3)?,
            paid_at: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn count_benefits(connection: &Connection, user_id: UserId) -> Result<i64, AppError> {
    Ok(connection
        .prepare_cached(
            "SELECT COUNT(*) FROM product_payouts p JOIN product_orders o
                 ON o.order_id = p.order_id
             WHERE o.user_id = ?1 AND p.paid_at IS NOT NULL",
        )?
        .query_row([user_id], |row| row.get(0))?)
}

/// A paid instalment: (order, product, instalment, instalments of the order, interest,
/// principal, paid at).
pub type PaidRow = (i64, i64, u32, i64, Money, Money, Timestamp);

/// A player's paid instalments, newest first.
pub fn benefits(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
) -> Result<Vec<PaidRow>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT p.order_id, o.product_id, p.instalment,
             (SELECT COUNT(*) FROM product_payouts c WHERE c.order_id = p.order_id),
             p.interest_minor, p.principal_minor, p.paid_at
         FROM product_payouts p JOIN product_orders o ON o.order_id = p.order_id
         WHERE o.user_id = ?1 AND p.paid_at IS NOT NULL
         ORDER BY p.paid_at DESC, p.order_id DESC, p.instalment DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = query.query_map(params![user_id, paging.limit, paging.offset()], |row| {
        Ok((
            row.get(0)?,
            row.get(1)?,
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
            row.get(5)?,
            row.get(6)?,
        ))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// An instalment still to pay, with its product.
#[derive(Clone, Debug)]
pub struct Unpaid {
    pub product_id: i64,
    pub order_id: i64,
    pub due_at: Timestamp,
    pub interest: Money,
    pub principal: Money,
}

/// Every unpaid instalment, by due time.
pub fn unpaid(connection: &Connection) -> Result<Vec<Unpaid>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT o.product_id, p.due_at, p.interest_minor, p.principal_minor, p.order_id
         FROM product_payouts p JOIN product_orders o ON o.order_id = p.order_id
         WHERE p.paid_at IS NULL ORDER BY p.due_at, p.order_id",
    )?;
    let rows = query.query_map([], |row| {
        Ok(Unpaid {
            product_id: row.get(0)?,
            due_at: row.get(1)?,
            interest: row.get(2)?,
            principal: row.get(3)?,
            order_id: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
