//! Yu E Bao over time: the operator's midnight (also across clock changes) and a simulated
//! year of random moves whose interest stays within the rounding bound.

use crate::support::helpers::{Player, TestApp};
use crate::support::savings::SavingsApp;
use crate::support::wallet_support::assert_ledger_verifies;
use fairhall::finance::interest::{day_bounds, next_day, operator_day};
use fairhall::money::Money;

#[tokio::test]
async fn interest_is_paid_at_the_operators_midnight() {
    let app = TestApp::spawn_with(|config| config.app.timezone = "America/New_York".into()).await;
    let player = app.saver("10000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();
    let timezone = app.config.timezone();
    let held_day = next_day(operator_day(timezone, app.now()));
    let (_, midnight) = day_bounds(timezone, held_day);

    app.clock.advance(midnight - 1 - app.now());
    let before = app.pay_interest().await;
    app.clock.advance(1);
    let at = app.pay_interest().await;

    assert_eq!((before, at), (0, 100));
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn days_of_23_and_25_hours_are_each_paid_once_at_their_midnight() {
    let app = TestApp::spawn_with(|config| config.app.timezone = "Europe/London".into()).await;
    let player = app.saver("10000.00").await;
    app.save_in(&player, "10000.00").await.assert_ok();
    let timezone = app.config.timezone();
    let spring = chrono::NaiveDate::from_ymd_opt(2027, 3, 28).expect("a date");
    let (start, end) = day_bounds(timezone, spring);
    assert_eq!(end - start, 23 * 3600, "the clocks go forward");

    app.clock.advance(start - app.now());
    let through_the_winter = app.pay_interest().await;
    app.clock.advance(end - 1 - app.now());
    let before_midnight = app.pay_interest().await;
    app.clock.advance(1);
    let at_midnight = app.pay_interest().await;

    assert!(through_the_winter > 0);
    assert_eq!(before_midnight, 0, "the short day has not ended");
    assert!(at_midnight == 100 || at_midnight == 101, "one day: {at_midnight}");
    assert_ledger_verifies(&app).await;
}

/// A small deterministic generator (no dependency; the seed is in the test).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

/// What the test expects, kept apart from the server: the savings balance and each day's low.
struct Model {
    balance: i64,
    lows: Vec<i64>,
    paid_days: usize,
}

impl Model {
    /// Days ended and not paid get their floor(low x rate / 365) now, in order.
    fn pay(&mut self, ended_days: usize) -> i64 {
        let mut paid = 0;
        while self.paid_days < ended_days {
            paid += self.lows[self.paid_days] * 365 / 3_650_000;
            self.paid_days += 1;
        }
        self.balance += paid;
        paid
    }

    fn moved(&mut self, change: i64) {
        self.balance += change;
        let low = self.lows.last_mut().expect("a day");
        *low = (*low).min(self.balance);
    }
}

#[tokio::test]
async fn a_year_of_random_moves_earns_the_rate_within_one_minor_unit_a_day() {
    // One session for the whole year.
    let app = TestApp::spawn_with(|config| {
        config.auth.session_max_secs = 400 * 86_400;
        config.auth.session_idle_secs = 400 * 86_400;
    })
    .await;
    let player = app.saver("1000000.00").await;
    let mut random = Lcg(20_261_122);
    let mut model = Model { balance: 0, lows: vec![0], paid_days: 0 };
    assert!(app.save_in(&player, "5000.00").await.assert_ok().is_object());
    model.moved(500_000);
    let (mut paid, mut exact_scaled) = (0i64, 0i128);
    for day in 1..=365u64 {
        model.lows.push(model.balance);
        app.move_to_day(day, 0);
        // Now and then the server is down at midnight: the job catches up later.
        if random.below(5) > 0 {
            let credited = app.pay_interest().await;
            assert_eq!(credited, model.pay(usize::try_from(day).expect("small")), "day {day}");
            paid += credited;
        }
        if random.below(3) == 0 {
            app.clock.advance(i64::try_from(random.below(86_000)).expect("small"));
            random_move(&app, &player, &mut random, &mut model).await;
        }
        assert_ledger_verifies(&app).await;
    }
    app.move_to_day(366, 0);
    let credited = app.pay_interest().await;
    assert_eq!(credited, model.pay(366), "the days before the last");
    paid += credited;
    for low in model.lows.iter().take(366) {
        exact_scaled += i128::from(*low) * 365;
    }
    let paid_scaled = i128::from(paid) * 3_650_000;
    assert!(paid_scaled <= exact_scaled, "never more than the rate");
    assert!(exact_scaled - paid_scaled < 366 * 3_650_000, "less than 0.01 a day below it");
    let savings = app.balances_of_savings(&player).await;
    assert_eq!(savings, model.balance);
}

async fn random_move(app: &TestApp, player: &Player, random: &mut Lcg, model: &mut Model) {
    let amount = i64::try_from(random.below(300_000)).expect("small") + 1;
    let text = Money::from_minor(amount).expect("an amount").to_string();
    if random.below(2) == 0 {
        assert!(app.save_in(player, &text).await.assert_ok().is_object());
        model.moved(amount);
    } else if amount <= model.balance {
        assert!(app.save_out(player, &text).await.assert_ok().is_object());
        model.moved(-amount);
    }
}

trait SavingsBalance {
    async fn balances_of_savings(&self, player: &Player) -> i64;
}

impl SavingsBalance for TestApp {
    async fn balances_of_savings(&self, player: &Player) -> i64 {
        use crate::support::wallet_support::WalletApp;
        self.balances_of(player).await.savings.minor()
    }
}
