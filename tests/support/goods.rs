//! Investment products: a product like the operator adds and the purchase verbs on `TestApp`.

use crate::support::helpers::{Player, Reply, START, TestApp};
use crate::support::wallet_support::{FUND_PASSWORD, WalletApp, post_request};
use fairhall::finance::goods::catalog::{self, CatalogError};
use fairhall::finance::goods::types::{CategorySpec, ProductSpec};
use fairhall::finance::goods::{self, GoodsSettings, PayoutReport};
use serde_json::{Value, json};

/// A product of category "fruit": 100.00 a unit, 10,000.00 in all of which 1,000.00 is
/// reserved, 1 to 20 units, 12 % over a divisor of 12 (1 % a cycle), 3 daily cycles paid at
/// 10:00, on sale from an hour before `START` for ten days.
pub fn fruit() -> ProductSpec {
    ProductSpec {
        category: Some("fruit".into()),
        unit_price: Some("100.00".into()),
        total: Some("10000.00".into()),
        reserved: Some("1000.00".into()),
        min_units: Some(1),
        max_units: Some(20),
        rate: Some("12".into()),
        rate_divisor: Some(12),
        yield_type: Some("interest_per_cycle".into()),
        cycle_unit: Some("day".into()),
        cycle_length: Some(1),
        cycles: Some(3),
        payout_time: Some("10:00".into()),
        start: Some((START.secs() - 3600).to_string()),
        end: Some((START.secs() + 10 * 86_400).to_string()),
        name: [("en".to_string(), "Mangoes".to_string()), ("vi".into(), "Xoài".into())].into(),
        description: [
            ("en".to_string(), "Fresh mangoes".to_string()),
            ("vi".into(), "Xoài tươi".into()),
        ]
        .into(),
        ..ProductSpec::default()
    }
}

/// Goods fixtures and endpoints on `TestApp`.
pub trait GoodsApp {
    fn goods_settings(&self) -> GoodsSettings;
    /// Creates `spec` (its category first); returns the product id.
    async fn product(&self, spec: ProductSpec) -> i64;
    async fn buy(&self, player: &Player, id: i64, amount: &str) -> Reply;
    async fn buy_with(&self, player: &Player, form: Value, key: Option<&str>) -> Reply;
    /// A player with a fund password and `amount` in the wallet.
    async fn investor(&self, amount: &str) -> Player;
    /// Runs the payout job now.
    async fn pay_products(&self) -> PayoutReport;
    async fn order_count(&self) -> usize;
}

impl GoodsApp for TestApp {
    fn goods_settings(&self) -> GoodsSettings {
        GoodsSettings::from_config(&self.config)
    }

    async fn product(&self, spec: ProductSpec) -> i64 {
        let (settings, now) = (self.goods_settings(), self.now());
        let category = CategorySpec {
            code: spec.category.clone().unwrap_or_default(),
            names: [("en".to_string(), "Fruit".to_string())].into(),
            ..CategorySpec::default()
        };
        let created = self
            .db
            .write(move |tx| {
                Ok(catalog::put_category(tx, &category, now)
                    .and_then(|()| catalog::create(tx, &spec, &settings, now)))
            })
            .await
            .expect("the database writes");
        created.unwrap_or_else(|error: CatalogError| panic!("the product is valid: {error}"))
    }

    async fn buy(&self, player: &Player, id: i64, amount: &str) -> Reply {
        let form =
            json!({ "id": id.to_string(), "amount": amount, "fund_password": FUND_PASSWORD });
        self.buy_with(player, form, None).await
    }

    async fn buy_with(&self, player: &Player, form: Value, key: Option<&str>) -> Reply {
        self.send(post_request("/api/goods/buy", player, &form, key)).await
    }

    async fn investor(&self, amount: &str) -> Player {
        let player = self.player().await;
        self.set_fund_password(&player).await;
        if amount != "0.00" {
            self.credit(&player, amount).await;
        }
        player
    }

    async fn pay_products(&self) -> PayoutReport {
        let now = self.now();
        let mut total = PayoutReport::default();
        loop {
            let report =
                self.db.write(move |tx| goods::pay_due(tx, now)).await.expect("payouts run");
            total.paid += report.paid;
            total.interest_minor += report.interest_minor;
            total.principal_minor += report.principal_minor;
            if !report.more {
                return total;
            }
        }
    }

    async fn order_count(&self) -> usize {
        let orders = self.db.read(|connection| catalog::orders(connection, None, 1000)).await;
        orders.expect("orders read").len()
    }
}
