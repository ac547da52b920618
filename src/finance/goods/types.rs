//! Products, orders and payouts as the goods module holds them, and the shapes the API sends.

use super::terms::{CycleUnit, Instalment, Terms, YieldType};
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::finance::interest::percent_text;
use crate::ids::UserId;
use crate::money::{Money, positive_amount};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The least a purchase may cost (spec section 9: minimum investment 10).
pub const MIN_INVESTMENT: Money = Money::TEN;

/// A product with its terms and capacity.
#[derive(Clone, Debug)]
pub struct Product {
    pub id: i64,
    pub category: String,
    pub picture: Option<String>,
    pub unit_price: Money,
    pub total: Money,
    /// Bought by players.
    pub purchased: Money,
    /// Held back by the operator; never a purchase.
    pub reserved: Money,
    pub min_units: i64,
    pub max_units: i64,
    pub terms: Terms,
    pub start_at: Timestamp,
    pub end_at: Timestamp,
    pub closed_at: Option<Timestamp>,
}

/// Where a product stands for buyers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductState {
    NotStarted,
    OnSale,
    /// Less capacity left than the least purchase.
    SoldOut,
    /// Past its purchase window or closed by the operator.
    Ended,
}

impl ProductState {
    pub fn code(self) -> &'static str {
        match self {
            ProductState::NotStarted => "not_started",
            ProductState::OnSale => "on_sale",
            ProductState::SoldOut => "sold_out",
            ProductState::Ended => "ended",
        }
    }
}

impl Product {
    /// Capacity neither bought nor reserved.
    pub fn remaining(&self) -> Money {
        let taken = self.purchased.minor().saturating_add(self.reserved.minor());
        Money::from_minor((self.total.minor() - taken).max(0)).unwrap_or(Money::ZERO)
    }

    /// The price of `units` units, if in range.
    pub fn price_of(&self, units: i64) -> Option<Money> {
        Money::from_minor(self.unit_price.minor().checked_mul(units)?).ok()
    }

    pub fn min_purchase(&self) -> Money {
        self.price_of(self.min_units).unwrap_or(Money::MAX)
    }

    pub fn max_purchase(&self) -> Money {
        self.price_of(self.max_units).unwrap_or(Money::MAX)
    }

    pub fn state(&self, now: Timestamp) -> ProductState {
        if self.closed_at.is_some() || now >= self.end_at {
            ProductState::Ended
        } else if now < self.start_at {
            ProductState::NotStarted
        } else if self.remaining() < self.min_purchase() {
            ProductState::SoldOut
        } else {
            ProductState::OnSale
        }
    }

    /// The units an amount buys: `not_whole_units` unless a whole number of them,
    /// `below_minimum` / `limit_exceeded` outside the product's least and most purchase.
    pub fn units_of(&self, amount: Money) -> Result<i64, AppError> {
        if amount.minor() % self.unit_price.minor() != 0 {
            return Err(AppError::NotWholeUnits);
        }
        let units = amount.minor() / self.unit_price.minor();
        if units < self.min_units {
            return Err(AppError::BelowMinimum);
        }
        if units > self.max_units {
            return Err(AppError::LimitExceeded);
        }
        Ok(units)
    }
}

/// The products a player can buy now, and the new ones among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OnSale {
    pub on_sale: i64,
    /// On sale, and their purchase window opened within `home.new_days`.
    pub new: i64,
}

/// A percentage of `total` with two decimals, rounded down.
fn percent_of(part: Money, total: Money) -> String {
    let bp = i128::from(part.minor()) * 10_000 / i128::from(total.minor().max(1));
    percent_text(i64::try_from(bp).unwrap_or(0))
}

/// A product as the list and the detail page show it, in the reader's language.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProductCard {
    pub id: i64,
    pub name: String,
    pub category: String,
    pub picture: Option<String>,
    #[schema(value_type = String)]
    pub unit_price: Money,
    #[schema(value_type = String)]
    pub total: Money,
    /// Bought by players.
    #[schema(value_type = String)]
    pub purchased: Money,
    /// Capacity the operator holds back: shown apart, never a purchase.
    #[schema(value_type = String)]
    pub reserved: Money,
    #[schema(value_type = String)]
    pub remaining: Money,
    pub purchased_percent: String,
    pub reserved_percent: String,
    /// (purchased + reserved) / total.
    pub progress_percent: String,
    #[schema(value_type = String)]
    pub min_purchase: Money,
    #[schema(value_type = String)]
    pub max_purchase: Money,
    /// The quoted yield rate, percent.
    pub rate: String,
    /// The rate of one rebate cycle (rate / divisor), percent.
    pub rate_per_cycle: String,
    /// The rate over all cycles, percent.
    pub total_yield: String,
    pub yield_type: YieldType,
    pub cycle_unit: CycleUnit,
    pub cycle_length: u32,
    pub cycles: u32,
    pub payouts: u32,
    /// "HH:MM" operator time for day cycles.
    pub payout_time: Option<String>,
    /// The operator's time zone (IANA name) that `payout_time` is in.
    pub timezone: String,
    #[schema(value_type = i64)]
    pub start_at: Timestamp,
    #[schema(value_type = i64)]
    pub end_at: Timestamp,
    pub state: ProductState,
    /// On the detail page only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

impl ProductCard {
    pub fn new(
        product: &Product,
        texts: &ProductText,
        timezone: chrono_tz::Tz,
        now: Timestamp,
    ) -> ProductCard {
        let taken = product.purchased.checked_add(product.reserved).unwrap_or(product.total);
        ProductCard {
            id: product.id,
            name: texts.name.clone(),
            category: product.category.clone(),
            picture: product.picture.clone(),
            unit_price: product.unit_price,
            total: product.total,
            purchased: product.purchased,
            reserved: product.reserved,
            remaining: product.remaining(),
            purchased_percent: percent_of(product.purchased, product.total),
            reserved_percent: percent_of(product.reserved, product.total),
            progress_percent: percent_of(taken, product.total),
            min_purchase: product.min_purchase(),
            max_purchase: product.max_purchase(),
            rate: percent_text(product.terms.rate_bp),
            rate_per_cycle: percent_text(product.terms.rate_per_cycle_bp()),
            total_yield: percent_text(product.terms.total_yield_bp()),
            yield_type: product.terms.yield_type,
            cycle_unit: product.terms.cycle_unit,
            cycle_length: product.terms.cycle_length,
            cycles: product.terms.cycles,
            payouts: product.terms.payouts(),
            payout_time: product.terms.payout_minute.map(super::terms::payout_time_text),
            timezone: timezone.name().to_string(),
            start_at: product.start_at,
            end_at: product.end_at,
            state: product.state(now),
            description: None,
        }
    }
}

/// A product's name and description in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductText {
    pub name: String,
    pub description: String,
}

/// A category as the list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CategoryCard {
    pub code: String,
    pub name: String,
    pub picture: Option<String>,
}

/// The product list page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Catalogue {
    pub categories: Vec<CategoryCard>,
    pub products: Vec<ProductCard>,
}

/// A purchase's schedule as gooddetail shows it before buying.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SchedulePreview {
    #[schema(value_type = String)]
    pub amount: Money,
    pub units: i64,
    pub instalments: Vec<Instalment>,
    #[schema(value_type = String)]
    pub total_interest: Money,
    /// Principal plus interest.
    #[schema(value_type = String)]
    pub total: Money,
}

/// Form fields of a purchase (and of a schedule preview, without the password).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct PurchaseForm {
    pub id: Option<String>,
    /// Decimal text with up to 2 places: a whole number of units.
    pub amount: Option<String>,
    pub fund_password: Option<String>,
}

/// A checked purchase request (the fund password is checked by the caller).
#[derive(Clone, Copy, Debug)]
pub struct Purchase {
    pub product_id: i64,
    pub amount: Money,
}

impl Purchase {
    pub fn parse(id: Option<&str>, amount: Option<String>) -> Result<Purchase, AppError> {
        let product_id = parse_id(id)?;
        Ok(Purchase { product_id, amount: positive_amount(amount)? })
    }

    /// What an idempotent replay must repeat.
    pub fn describe(&self) -> String {
        format!("goods:{}:{}", self.product_id, self.amount)
    }
}

/// An id as a request names it: `missing_params` when absent, `bad_params` unless a positive
/// integer.
pub fn parse_id(text: Option<&str>) -> Result<i64, AppError> {
    let text = text.ok_or(AppError::MissingParams)?;
    text.trim().parse().ok().filter(|id| *id > 0).ok_or(AppError::BadParams)
}

/// The reply to a purchase.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PurchaseReceipt {
    pub order_id: i64,
    /// The wallet balance after paying.
    #[schema(value_type = String)]
    pub balance: Money,
}

/// An order's state for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderState {
    /// Some instalment is still to be paid.
    Running,
    Completed,
}

/// One order in the player's order list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderSummary {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub picture: Option<String>,
    #[schema(value_type = String)]
    pub amount: Money,
    pub units: i64,
    pub yield_type: YieldType,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
    #[schema(value_type = String)]
    pub total_interest: Money,
    #[schema(value_type = String)]
    pub paid_interest: Money,
    #[schema(value_type = String)]
    pub paid_principal: Money,
    pub instalments: i64,
    pub instalments_paid: i64,
    #[schema(value_type = Option<i64>)]
    pub next_due_at: Option<Timestamp>,
    pub state: OrderState,
}

/// One instalment of an order with whether it is paid.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScheduledPayout {
    pub number: u32,
    #[schema(value_type = i64)]
    pub due_at: Timestamp,
    #[schema(value_type = String)]
    pub interest: Money,
    #[schema(value_type = String)]
    pub principal: Money,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = Option<i64>)]
    pub paid_at: Option<Timestamp>,
}

/// One order with its whole schedule (goodorder?id=).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderDetail {
    #[serde(flatten)]
    pub order: OrderSummary,
    pub schedule: Vec<ScheduledPayout>,
}

/// One paid instalment (goodlog, "Project Benefits").
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Benefit {
    pub order_id: i64,
    pub product_name: String,
    pub instalment: u32,
    pub instalments: i64,
    #[schema(value_type = String)]
    pub interest: Money,
    #[schema(value_type = String)]
    pub principal: Money,
    #[schema(value_type = String)]
    pub amount: Money,
    #[schema(value_type = i64)]
    pub paid_at: Timestamp,
}

/// What the operator owes on one day (operator time zone).
#[derive(Debug, Serialize)]
pub struct DayObligation {
    pub day: String,
    pub interest: Money,
    pub principal: Money,
}

/// What the operator owes on one product.
#[derive(Debug, Serialize)]
pub struct ProductObligation {
    pub product_id: i64,
    pub name: String,
    pub orders_running: i64,
    pub principal_held: Money,
    pub interest_due: Money,
    pub principal_due: Money,
}

/// `fairhall admin product obligations`: the principal held in `invest` accounts and every
/// unpaid instalment, by date and by product.
#[derive(Debug, Serialize)]
pub struct Obligations {
    /// Sum of the players' `invest` balances (the ledger's figure).
    pub principal_held: Money,
    /// Unpaid principal by the schedules; equals `principal_held` on a sound database.
    pub principal_due: Money,
    pub interest_due: Money,
    pub by_day: Vec<DayObligation>,
    pub by_product: Vec<ProductObligation>,
}

/// A product as the operator writes it (a TOML or JSON file, or flags). Every field is
/// optional so that an update names only what changes; `finance::goods::catalog` checks the
/// whole and names the field at fault.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ProductSpec {
    pub category: Option<String>,
    /// A stored picture's name (the CLI stores the file and puts its name here).
    pub picture: Option<String>,
    pub unit_price: Option<String>,
    pub total: Option<String>,
    pub reserved: Option<String>,
    pub min_units: Option<i64>,
    pub max_units: Option<i64>,
    /// Percent with up to 2 decimals ("12.5").
    pub rate: Option<String>,
    pub rate_divisor: Option<i64>,
    pub yield_type: Option<String>,
    pub cycle_unit: Option<String>,
    pub cycle_length: Option<u32>,
    pub cycles: Option<u32>,
    /// "HH:MM", operator time, for day cycles.
    pub payout_time: Option<String>,
    /// Start of the purchase window: "YYYY-MM-DD HH:MM" operator time, or unix seconds.
    pub start: Option<String>,
    /// End of the purchase window (excluded), written like `start`.
    pub end: Option<String>,
    /// Names by language code.
    #[serde(default)]
    pub name: BTreeMap<String, String>,
    /// Descriptions by language code.
    #[serde(default)]
    pub description: BTreeMap<String, String>,
}

/// A category as the operator writes it.
#[derive(Clone, Debug, Default)]
pub struct CategorySpec {
    pub code: String,
    pub picture: Option<String>,
    pub sort: Option<i64>,
    pub names: BTreeMap<String, String>,
}

/// A product with everything the operator sees (`admin product show|list`).
#[derive(Debug, Serialize)]
pub struct ProductRecord {
    pub id: i64,
    pub state: &'static str,
    pub orders: i64,
    pub spec: ProductSpec,
    pub purchased: Money,
    pub remaining: Money,
    pub closed_at: Option<Timestamp>,
}

/// An order as the operator lists it (`admin product orders`).
#[derive(Debug, Serialize)]
pub struct OrderRecord {
    pub order_id: i64,
    pub product_id: i64,
    pub user_id: UserId,
    pub units: i64,
    pub principal: Money,
    pub created_at: Timestamp,
    pub instalments: i64,
    pub instalments_paid: i64,
    pub paid: Money,
    pub unpaid: Money,
}
