//! Goods investment: operator-defined products bought in whole units from the wallet. The
//! principal moves to the player's `invest` account in one ledger entry; the payout job pays
//! each instalment of the order's schedule (`terms::Terms::schedule`, stored with the order)
//! when due, interest from the `interest` system account and principal back from `invest`,
//! one ledger entry per instalment.

pub mod catalog;
mod sql;
pub mod terms;
pub mod types;

use crate::clock::Timestamp;
use crate::config::Config;
use crate::content::messages::{self, Event};
use crate::db::Tx;
use crate::error::AppError;
use crate::finance::interest;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use crate::money::Money;
use crate::paging::{Page, Paging};
use chrono_tz::Tz;
use rusqlite::Connection;
use std::collections::{BTreeMap, BTreeSet};
use types::{
    Benefit, Catalogue, CategoryCard, DayObligation, Obligations, OnSale, OrderDetail, OrderState,
    OrderSummary, ProductCard, ProductObligation, ProductState, Purchase, PurchaseReceipt,
    SchedulePreview, ScheduledPayout,
};

/// What a product's or category's `picture` holds before the file name; the site serves it
/// there.
pub const PICTURE_URL_PREFIX: &str = "media/products/";

/// Where product and category pictures are stored.
pub fn picture_dir(data_dir: &std::path::Path) -> std::path::PathBuf {
    data_dir.join("products")
}

/// Stores `image` as a product or category picture; returns the `picture` value.
pub fn store_picture(
    data_dir: &std::path::Path,
    image: &crate::uploads::Image,
) -> Result<String, AppError> {
    Ok(format!("{PICTURE_URL_PREFIX}{}", image.store(&picture_dir(data_dir))?))
}

/// What the goods rules need from the running config.
#[derive(Clone, Debug)]
pub struct GoodsSettings {
    /// Day cycles and the obligations report count in the operator's days.
    pub timezone: Tz,
    /// The language product texts fall back to.
    pub default_lang: &'static str,
}

impl GoodsSettings {
    pub fn from_config(config: &Config) -> GoodsSettings {
        let default_lang = crate::i18n::normalize(&config.app.default_lang).unwrap_or("vi");
        GoodsSettings { timezone: config.timezone(), default_lang }
    }
}

/// The product list (goodlist): categories and the listed products of `category` (all when
/// `None`) in `lang`.
pub fn catalogue(
    connection: &Connection,
    category: Option<&str>,
    lang: &str,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<Catalogue, AppError> {
    let categories = sql::categories(connection, lang, settings.default_lang)?
        .into_iter()
        .map(|(code, name, picture)| CategoryCard { code, name, picture })
        .collect();
    let products = sql::listed_products(connection, category, now)?
        .iter()
        .map(|product| {
            let text = sql::text_in(connection, product.id, lang, settings.default_lang)?;
            Ok(ProductCard::new(product, &text, settings.timezone, now))
        })
        .collect::<Result<_, AppError>>()?;
    Ok(Catalogue { categories, products })
}

/// The products on sale at `now`, and how many of them opened their purchase window at or
/// after `new_since` (the home page's products entry). One query.
pub fn on_sale(
    connection: &Connection,
    now: Timestamp,
    new_since: Timestamp,
) -> Result<OnSale, AppError> {
    let products = sql::listed_products(connection, None, now)?;
    let selling: Vec<_> =
        products.iter().filter(|product| product.state(now) == ProductState::OnSale).collect();
    let new = selling.iter().filter(|product| product.start_at >= new_since).count();
    let count = |items: usize| i64::try_from(items).unwrap_or(i64::MAX);
    Ok(OnSale { on_sale: count(selling.len()), new: count(new) })
}

/// One product with its description (gooddetail); `investment_failed` when there is none.
pub fn detail(
    connection: &Connection,
    product_id: i64,
    lang: &str,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<ProductCard, AppError> {
    let product = sql::product(connection, product_id)?.ok_or(AppError::InvestmentFailed)?;
    let text = sql::text_in(connection, product_id, lang, settings.default_lang)?;
    let mut card = ProductCard::new(&product, &text, settings.timezone, now);
    card.description = Some(text.description);
    Ok(card)
}

/// The schedule a purchase of `request.amount` made now would get: the same function the
/// purchase stores and the payout job pays. Refuses amounts the purchase would refuse for
/// their size (`not_whole_units`, `below_minimum`, `limit_exceeded`).
pub fn preview(
    connection: &Connection,
    request: Purchase,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<SchedulePreview, AppError> {
    let product =
        sql::product(connection, request.product_id)?.ok_or(AppError::InvestmentFailed)?;
    let units = product.units_of(request.amount)?;
    let bought_at = now.max(product.start_at);
    let instalments = product.terms.schedule(request.amount, bought_at, settings.timezone)?;
    let total_interest = product.terms.total_interest(request.amount)?;
    let total = request.amount.checked_add(total_interest).ok_or(AppError::InvalidAmount)?;
    Ok(SchedulePreview { amount: request.amount, units, instalments, total_interest, total })
}

/// Buys `request.amount` of a product from the wallet (the caller has checked the fund
/// password). Refusals: `investment_failed` (no such product), `product_not_started`,
/// `product_ended`, `product_sold_out`, `not_whole_units`, `below_minimum`, `limit_exceeded`,
/// `over_capacity`, `insufficient_balance`, `player_excluded` (`protection`). Runs on the writer, so purchases that together pass
/// the capacity are decided one after the other.
pub fn purchase(
    tx: &Tx,
    user_id: UserId,
    request: Purchase,
    settings: &GoodsSettings,
    now: Timestamp,
) -> Result<PurchaseReceipt, AppError> {
    crate::protection::ensure_may_play(tx, user_id, &crate::protection::Activity::Purchase, now)?;
    let product = sql::product(tx, request.product_id)?.ok_or(AppError::InvestmentFailed)?;
    match product.state(now) {
        ProductState::NotStarted => return Err(AppError::ProductNotStarted),
        ProductState::Ended => return Err(AppError::ProductEnded),
        ProductState::SoldOut => return Err(AppError::ProductSoldOut),
        ProductState::OnSale => {}
    }
    let units = product.units_of(request.amount)?;
    if request.amount > product.remaining() || !sql::add_purchased(tx, product.id, request.amount)?
    {
        return Err(AppError::OverCapacity);
    }
    let wallet = AccountRef::User(user_id, UserAccountKind::Wallet);
    let invest = AccountRef::User(user_id, UserAccountKind::Invest);
    let entry = Entry::new(EntryKind::Invest, wallet, invest, request.amount, now)
        .reference(format!("goods:{}", product.id));
    let posted = ledger::transfer(tx, entry)?;
    let schedule = product.terms.schedule(request.amount, now, settings.timezone)?;
    let order = sql::Order {
        id: 0,
        product_id: product.id,
        user_id,
        units,
        principal: request.amount,
        created_at: now,
    };
    let order_id = sql::insert_order(tx, &order, posted.entry_id, &schedule)?;
    let balance = posted.balance_after(wallet).ok_or_else(|| anyhow::anyhow!("no wallet"))?;
    Ok(PurchaseReceipt { order_id, balance })
}

/// Instalments paid per write transaction: other writes interleave between batches.
pub const PAYOUTS_PER_TX: i64 = 200;

/// What one batch of the payout job did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PayoutReport {
    pub paid: u32,
    pub interest_minor: i64,
    pub principal_minor: i64,
    /// More instalments were due than one batch pays.
    pub more: bool,
}

/// Pays up to `PAYOUTS_PER_TX` due instalments, oldest first and each order's in order: one
/// ledger entry each, interest from the `interest` system account and principal from the
/// player's `invest` account, both to the wallet. Each instalment's row records its entry, so
/// a restart, however late, pays every instalment exactly once.
pub fn pay_due(tx: &Tx, now: Timestamp) -> Result<PayoutReport, AppError> {
    let mut report = PayoutReport::default();
    loop {
        let budget = PAYOUTS_PER_TX - i64::from(report.paid);
        if budget <= 0 {
            report.more = true;
            return Ok(report);
        }
        // Oldest first, each order's in order (`sql::due_payouts`).
        let due = sql::due_payouts(tx, now, budget)?;
        if due.is_empty() {
            return Ok(report);
        }
        for payout in &due {
            pay(tx, payout, now)?;
            report.paid += 1;
            report.interest_minor += payout.interest.minor();
            report.principal_minor += payout.principal.minor();
        }
    }
}

/// Pays one instalment and tells the player (an instalment of 0.00 is marked paid without an
/// entry or a message).
fn pay(tx: &Tx, payout: &sql::DuePayout, now: Timestamp) -> Result<(), AppError> {
    let wallet = AccountRef::User(payout.user_id, UserAccountKind::Wallet);
    let invest = AccountRef::User(payout.user_id, UserAccountKind::Invest);
    let amount = Money::from_minor(payout.interest.minor() + payout.principal.minor())?;
    let entry_id = if amount > Money::ZERO {
        let interest = AccountRef::System(SystemAccount::Interest);
        let entry = Entry::new(EntryKind::InvestReturn, interest, wallet, payout.interest, now)
            .and(invest, wallet, payout.principal)
            .reference(format!("goods:{}:{}", payout.order_id, payout.instalment));
        let entry_id = ledger::transfer(tx, entry)?.entry_id;
        let (order_id, instalment) = (payout.order_id, i64::from(payout.instalment));
        let event = Event::ProductPayout { order_id, instalment, amount };
        messages::send(tx, payout.user_id, &event, now)?;
        Some(entry_id)
    } else {
        None
    };
    if sql::mark_paid(tx, payout, entry_id, now)? {
        Ok(())
    } else {
        let (number, order) = (payout.instalment, payout.order_id);
        Err(anyhow::anyhow!("instalment {number} of order {order} was paid twice").into())
    }
}

fn order_summary(
    connection: &Connection,
    totals: sql::OrderTotals,
    lang: &str,
    settings: &GoodsSettings,
) -> Result<OrderSummary, AppError> {
    let product = sql::product(connection, totals.order.product_id)?
        .ok_or_else(|| anyhow::anyhow!("order {} without its product", totals.order.id))?;
    let text = sql::text_in(connection, product.id, lang, settings.default_lang)?;
    let state = if totals.instalments_paid < totals.instalments {
        OrderState::Running
    } else {
        OrderState::Completed
    };
    Ok(OrderSummary {
        id: totals.order.id,
        product_id: product.id,
        product_name: text.name,
        picture: product.picture,
        amount: totals.order.principal,
        units: totals.order.units,
        yield_type: product.terms.yield_type,
        created_at: totals.order.created_at,
        total_interest: totals.total_interest,
        paid_interest: totals.paid_interest,
        paid_principal: totals.paid_principal,
        instalments: totals.instalments,
        instalments_paid: totals.instalments_paid,
        next_due_at: totals.next_due_at,
        state,
    })
}

/// The player's orders (goodorder), newest first.
pub fn orders(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
    lang: &str,
    settings: &GoodsSettings,
) -> Result<Page<OrderSummary>, AppError> {
    let total = sql::count_orders_of(connection, user_id)?;
    let list = sql::orders_of(connection, user_id, paging)?
        .into_iter()
        .map(|totals| order_summary(connection, totals, lang, settings))
        .collect::<Result<_, _>>()?;
    Ok(paging.wrap(list, total))
}

/// One of the player's orders with its whole schedule; `bad_params` when not theirs.
pub fn order(
    connection: &Connection,
    user_id: UserId,
    order_id: i64,
    lang: &str,
    settings: &GoodsSettings,
) -> Result<OrderDetail, AppError> {
    let totals = sql::order_of(connection, user_id, order_id)?.ok_or(AppError::BadParams)?;
    let schedule = sql::schedule_of(connection, order_id)?
        .into_iter()
        .map(|row| {
            let amount = row.interest.checked_add(row.principal).ok_or(AppError::InvalidAmount)?;
            Ok(ScheduledPayout {
                number: row.number,
                due_at: row.due_at,
                interest: row.interest,
                principal: row.principal,
                amount,
                paid_at: row.paid_at,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(OrderDetail { order: order_summary(connection, totals, lang, settings)?, schedule })
}

/// The player's paid instalments (goodlog, "Project Benefits"), newest first.
pub fn benefits(
    connection: &Connection,
    user_id: UserId,
    paging: Paging,
    lang: &str,
    settings: &GoodsSettings,
) -> Result<Page<Benefit>, AppError> {
    let total = sql::count_benefits(connection, user_id)?;
    let mut names: BTreeMap<i64, String> = BTreeMap::new();
    let list = sql::benefits(connection, user_id, paging)?
        .into_iter()
        .map(|(order_id, product_id, instalment, instalments, interest, principal, paid_at)| {
            let product_name = match names.entry(product_id) {
                std::collections::btree_map::Entry::Occupied(known) => known.get().clone(),
                std::collections::btree_map::Entry::Vacant(slot) => {
                    let text = sql::text_in(connection, product_id, lang, settings.default_lang)?;
                    slot.insert(text.name).clone()
                }
            };
            Ok(Benefit {
                order_id,
                product_name,
                instalment,
                instalments,
                interest,
                principal,
                amount: interest.checked_add(principal).ok_or(AppError::InvalidAmount)?,
                paid_at,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(paging.wrap(list, total))
}

fn add(sum: &mut Money, amount: Money) -> Result<(), AppError> {
    *sum = sum.checked_add(amount).ok_or_else(|| anyhow::anyhow!("obligations overflow"))?;
    Ok(())
}

/// What the operator owes: principal held and every unpaid instalment, by operator day and by
/// product.
pub fn obligations(
    connection: &Connection,
    settings: &GoodsSettings,
) -> Result<Obligations, AppError> {
    let mut by_day: BTreeMap<String, DayObligation> = BTreeMap::new();
    let mut by_product: BTreeMap<i64, (ProductObligation, BTreeSet<i64>)> = BTreeMap::new();
    let (mut interest_due, mut principal_due) = (Money::ZERO, Money::ZERO);
    for row in sql::unpaid(connection)? {
        let day = interest::day_text(interest::operator_day(settings.timezone, row.due_at));
        let slot = by_day.entry(day.clone()).or_insert(DayObligation {
            day,
            interest: Money::ZERO,
            principal: Money::ZERO,
        });
        add(&mut slot.interest, row.interest)?;
        add(&mut slot.principal, row.principal)?;
        let (product, orders) = match by_product.entry(row.product_id) {
            std::collections::btree_map::Entry::Occupied(known) => known.into_mut(),
            std::collections::btree_map::Entry::Vacant(slot) => {
                let name =
                    sql::text_in(connection, row.product_id, settings.default_lang, "en")?.name;
                let product = ProductObligation {
                    product_id: row.product_id,
                    name,
                    orders_running: 0,
                    principal_held: Money::ZERO,
                    interest_due: Money::ZERO,
                    principal_due: Money::ZERO,
                };
                slot.insert((product, BTreeSet::new()))
            }
        };
        orders.insert(row.order_id);
        add(&mut product.interest_due, row.interest)?;
        add(&mut product.principal_due, row.principal)?;
        add(&mut product.principal_held, row.principal)?;
        add(&mut interest_due, row.interest)?;
        add(&mut principal_due, row.principal)?;
    }
    let by_product = by_product
        .into_values()
        .map(|(mut row, orders)| {
            row.orders_running = orders.len() as i64;
            row
        })
        .collect();
    Ok(Obligations {
        principal_held: ledger::total_of_player_accounts(connection, UserAccountKind::Invest)?,
        principal_due,
        interest_due,
        by_day: by_day.into_values().collect(),
        by_product,
    })
}
