//! The walk's clock, the scheduler's pass (draws, settlement, savings interest), savings moves,
//! sign-ins and registrations.

use super::rules::{
    Expected, OPERATOR_OFFSET_SECS, PRODUCT_TOTAL, PRODUCT_UNIT, PRODUCT_UNITS_MAX,
    PRODUCT_UNITS_MIN, REBATE_INTERVAL_SECS, REBATE_LAG_SECS, REBATE_RATES_BPS,
    SAVINGS_FIRST_IN_MIN, daily_interest, operator_day, product_instalments, signin_reward,
};
use super::walk::{KeyedReply, Walk, outcome, reply_outcome, text};
use crate::support::wallet_support::{WalletApp, post_request};
use fairhall::finance::goods::types::Purchase;
use fairhall::finance::goods::{self, GoodsSettings};
use fairhall::money::Money;
use rand::Rng;
use serde_json::json;
use std::collections::BTreeMap;

impl Walk {
    /// Seconds to a few hours later, one in ten past the next operator midnight; then the
    /// scheduler's pass, which the model follows: bets due are settled, ended savings days pay,
    /// the rebate batch pays when due. (Periods are an hour long: see `template`.)
    pub async fn advance_clock(&mut self) {
        let seconds = match self.rng.gen_range(0..10) {
            0 => {
                let into_day = (self.app.now().secs() + OPERATOR_OFFSET_SECS).rem_euclid(86_400);
                86_400 - into_day + self.rng.gen_range(0..600)
            }
            1..4 => self.rng.gen_range(3_600..=3 * 3_600),
            4..8 => self.rng.gen_range(600..3_600),
            _ => self.rng.gen_range(5..=600),
        };
        self.begin(format!("the clock moves {seconds} s and the scheduler runs"));
        let today = operator_day(self.app.now());
        self.app.clock.advance(seconds);
        self.shown_periods.clear();
        self.scheduler.tick(self.app.now()).await;
        self.settle_drawn_bets().await;
        self.follow_bonus_releases().await;
        self.pay_instalments();
        self.pay_rebates();
        self.evaluate_bettors();
        self.pay_salaries();
        let new_day = operator_day(self.app.now());
        if new_day != today {
            for index in 0..self.expected.len() {
                if pay_interest(&mut self.expected[index], new_day) {
                    self.touched.insert(index);
                }
            }
        }
        *self.figures.outcomes.entry("clock and scheduler: ok".into()).or_default() += 1;
    }

    /// Every product instalment due by now: interest and principal to the wallet.
    fn pay_instalments(&mut self) {
        let now = self.app.now();
        for (index, expected) in self.expected.iter_mut().enumerate() {
            let (due, later): (Vec<_>, Vec<_>) =
                expected.instalments.iter().partition(|(due_at, _, _)| *due_at <= now);
            expected.instalments = later;
            for (_, paid, principal) in &due {
                expected.wallet += paid;
                expected.invest -= principal;
                self.touched.insert(index);
                *self.figures.outcomes.entry("instalment paid: ok".into()).or_default() += 1;
            }
        }
    }

    /// A purchase of the walk's product by the domain verb (the API adds an argon2 run of the
    /// fund password): mostly whole units within the limits, some not, some beyond the
    /// balance or what is left for sale.
    pub async fn buy_product(&mut self) {
        let player = self.any_player();
        let amount = match self.rng.gen_range(0..10) {
            0 => self.rng.gen_range(1..=30_000),
            1 => PRODUCT_UNIT * self.rng.gen_range(PRODUCT_UNITS_MAX + 1..=PRODUCT_UNITS_MAX + 5),
            _ => PRODUCT_UNIT * self.rng.gen_range(PRODUCT_UNITS_MIN..=PRODUCT_UNITS_MAX),
        };
        let remaining = PRODUCT_TOTAL - self.product_sold;
        let units = amount / PRODUCT_UNIT;
        let verdict = if remaining < PRODUCT_UNIT * PRODUCT_UNITS_MIN {
            "product_sold_out"
        } else if amount % PRODUCT_UNIT != 0 {
            "not_whole_units"
        } else if units < PRODUCT_UNITS_MIN {
            "below_minimum"
        } else if units > PRODUCT_UNITS_MAX {
            "limit_exceeded"
        } else if amount > remaining {
            "over_capacity"
        } else if amount > self.expected[player].wallet {
            "insufficient_balance"
        } else {
            "ok"
        };
        self.begin(format!("player {player} buys {} of the product", text(amount)));
        let purchase = Purchase {
            product_id: self.product_id,
            amount: Money::from_minor(amount).expect("in range"),
        };
        let (user_id, now) = (self.players[player].0.id, self.app.now());
        let settings = GoodsSettings::from_config(&self.app.config);
        let result = self
            .app
            .db
            .write(move |tx| goods::purchase(tx, user_id, purchase, &settings, now))
            .await;
        self.assert_outcome(outcome(&result), verdict, "product purchase");
        if verdict == "ok" {
            self.product_sold += amount;
            let expected = &mut self.expected[player];
            expected.wallet -= amount;
            expected.invest += amount;
            expected.instalments.extend(product_instalments(amount, now));
        }
    }

    /// The rebate batch, when one is due: on the net loss of the periods settled since the
    /// last batch and before the lag (per bettor and period, stakes less payouts, 0 when
    /// ahead), each bettor's own rate and his uplines' commission rates (levels 1-3), summed
    /// per player and level, then rounded down; per player one rebate and one commission (of
    /// all levels), each paid as a bonus.
    fn pay_rebates(&mut self) {
        let now = self.app.now();
        if now.secs_since(self.rebates_ran_at) < REBATE_INTERVAL_SECS {
            return;
        }
        let until = now - REBATE_LAG_SECS;
        let mut by_level: BTreeMap<(usize, usize), i64> = BTreeMap::new();
        for bettor in 0..self.expected.len() {
            let expected = &mut self.expected[bettor];
            let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut expected.settled_losses)
                .into_iter()
                .partition(|(settled_at, _, _)| *settled_at < until);
            expected.settled_losses = later;
            let mut by_period: BTreeMap<(String, String), i64> = BTreeMap::new();
            for (_, period, loss) in due {
                *by_period.entry(period).or_default() += loss;
            }
            let stake: i64 = by_period.values().map(|loss| (*loss).max(0)).sum();
            let mut upline = Some(bettor);
            for level in 0..REBATE_RATES_BPS.len() {
                let Some(player) = upline else { break };
                *by_level.entry((player, level)).or_default() += stake;
                upline = self.inviters[player];
            }
        }
        // One Rebate and one Commission (all levels together) entry per player.
        let mut paid: BTreeMap<usize, [i64; 2]> = BTreeMap::new();
        for ((player, level), stake) in by_level {
            let amount = stake * REBATE_RATES_BPS[level] / 10_000;
            paid.entry(player).or_default()[usize::from(level > 0)] += amount;
        }
        for (player, amounts) in paid {
            for (amount, kind) in amounts.into_iter().zip(["rebate", "commission"]) {
                if amount > 0 {
                    self.expected[player].credit_bonus(amount);
                    self.touched.insert(player);
                    *self.figures.outcomes.entry(format!("{kind} paid: ok")).or_default() += 1;
                }
            }
        }
        self.rebates_ran_at = now;
    }

    /// A move into or out of savings of up to 120 % of the source, by the API; the first move
    /// in has a minimum. Half with an Idempotency-Key.
    pub async fn move_savings(&mut self) {
        let player = self.any_player();
        let into = self.rng.gen_bool(0.6);
        let expected = &self.expected[player];
        let source = if into { expected.wallet } else { expected.savings };
        let amount = self.rng.gen_range(1..=source * 6 / 5 + 100);
        let first = expected.interest_settled_through.is_none();
        let verdict = if into && first && amount < SAVINGS_FIRST_IN_MIN {
            "below_minimum"
        } else if amount > source {
            "insufficient_balance"
        } else {
            "ok"
        };
        let path = if into { "/api/yuebao/in" } else { "/api/yuebao/out" };
        self.begin(format!("player {player} moves {} by {path}", text(amount)));
        let form = json!({ "amount": text(amount) });
        let key = self.rng.gen_bool(0.5).then(|| format!("savings-{}", self.step));
        let request = post_request(path, &self.players[player].0, &form, key.as_deref());
        let reply = self.app.send(request).await;
        self.assert_outcome(reply_outcome(&reply), verdict, "savings move");
        if verdict != "ok" {
            return;
        }
        let today = operator_day(self.app.now());
        let expected = &mut self.expected[player];
        let sign = if into { 1 } else { -1 };
        expected.wallet -= sign * amount;
        expected.savings += sign * amount;
        if first {
            // Interest starts with the day of the first move in, whose opening balance was 0.
            expected.interest_settled_through = Some(today - 1);
        }
        expected.savings_low = expected.savings_low.min(expected.savings);
        let shown = (reply.data()["balance"].clone(), reply.data()["savings"].clone());
        assert_eq!(
            shown,
            (json!(text(expected.wallet)), json!(text(expected.savings))),
            "{}",
            self.at()
        );
        if let Some(key) = key {
            let data = reply.data().clone();
            self.keyed.push(KeyedReply { player, key, path, form, data });
        }
    }

    /// A daily sign-in by the API: the streak's reward, once per operator day. Half with an
    /// Idempotency-Key.
    pub async fn sign_in(&mut self) {
        let player = self.any_player();
        let today = operator_day(self.app.now());
        let expected = &self.expected[player];
        let (verdict, streak) = match expected.last_signin {
            Some((day, _)) if day == today => ("already_signed", 0),
            Some((day, streak)) if day == today - 1 => ("ok", streak + 1),
            _ => ("ok", 1),
        };
        self.begin(format!("player {player} signs in"));
        let key = self.rng.gen_bool(0.5).then(|| format!("signin-{}", self.step));
        let form = json!({});
        let path = "/api/signin/sign";
        let request = post_request(path, &self.players[player].0, &form, key.as_deref());
        let reply = self.app.send(request).await;
        self.assert_outcome(reply_outcome(&reply), verdict, "sign-in");
        if verdict != "ok" {
            return;
        }
        let reward = signin_reward(streak);
        let expected = &mut self.expected[player];
        expected.credit_bonus(reward);
        expected.last_signin = Some((today, streak));
        let shown = (reply.data()["streak"].as_i64(), reply.data()["reward"].clone());
        assert_eq!(shown, (Some(streak), json!(text(reward))), "{}", self.at());
        if let Some(key) = key {
            let data = reply.data().clone();
            self.keyed.push(KeyedReply { player, key, path, form, data });
        }
    }

    /// A new player registers by the API (an argon2 run: rare), half of them with another
    /// player's invite code, and links a bank card.
    pub async fn register(&mut self) {
        let inviter = self.rng.gen_bool(0.5).then(|| self.rng.gen_range(0..self.players.len()));
        self.begin(format!("a new player registers (invited by {inviter:?})"));
        // The template's players took the fixture phones of a fresh app (139...).
        let mut form = json!({ "phone": format!("138{:08}", self.players.len()) });
        if let Some(inviter) = inviter {
            form["invite_code"] = json!(self.players[inviter].0.invite_code);
        }
        let player = self.app.player_with(form).await;
        let card = self.app.link_card(&player).await;
        self.players.push((player, card));
        self.inviters.push(inviter);
        self.expected.push(Expected::default());
        self.touched.insert(self.players.len() - 1);
        *self.figures.outcomes.entry("registration: ok".into()).or_default() += 1;
    }
}

/// Pays in the model the interest of every ended day since the last settled one, up to the
/// day before `today`, on each day's lowest balance; returns whether any was paid. Credits
/// land today, so they count toward no ended day.
fn pay_interest(expected: &mut Expected, today: i64) -> bool {
    let Some(settled_through) = expected.interest_settled_through else {
        return false;
    };
    let mut interest = 0;
    for day in settled_through + 1..today {
        // The tracked day is the one of the last pass; later days held its closing balance.
        let held = if day == settled_through + 1 { expected.savings_low } else { expected.savings };
        interest += daily_interest(held);
    }
    expected.interest_settled_through = Some(today - 1);
    expected.savings_low = expected.savings;
    expected.savings += interest;
    interest > 0
}
