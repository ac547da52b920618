//! The programmes' daily budget (`[growth.budget]`), applied by the one payer: a claim past the
//! day's cap is refused and changes nothing, a batch pays up to an upline's cap and records the
//! rest as held back (the ledger check still reconciles every credit with its rows), an
//! envelope past the day's envelope budget is not created, and the next operator day starts
//! afresh; `admin programme cost` and the metrics show the day's spend.

use crate::support::envelope_support::everyone;
use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp, without_deposit_gates};
use crate::support::signin::sign;
use crate::support::team::{fund_game, invite_chain, net_loss};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use fairhall::flows::reports::programme_cost::{self, CostReport, DayRange};
use fairhall::growth::envelopes::types::Mode;
use fairhall::growth::envelopes::{self, EnvelopeSettings};
use serde_json::json;

const DAY: i64 = 86_400;

async fn cost_of_today(app: &TestApp) -> CostReport {
    let (timezone, budget) = (app.config.timezone(), app.config.growth.budget.clone());
    let today = fairhall::growth::day::OperatorDay::containing(timezone, app.now()).date;
    let range = DayRange::new(today, today).expect("a range");
    let report = app.db.read(move |connection| {
        programme_cost::programme_cost(connection, (timezone, &budget), range)
    });
    report.await.expect("the report")
}

#[tokio::test]
async fn a_sign_in_past_the_days_budget_is_refused_and_changes_nothing() {
    let app = TestApp::spawn_with(|config| {
        without_deposit_gates(config);
        config.growth.budget.daily.signin = Some(money("1.50"));
    })
    .await;
    let (first, second) = (app.player().await, app.player().await);
    sign(&app, &first, None).await.assert_ok();

    let refused = sign(&app, &second, None).await;

    assert_eq!(refused.err(), "reward_budget_spent", "1.00 does not fit the 0.50 left");
    assert_eq!(app.balances_of(&second).await.wallet, money("0.00"));
    assert_eq!(app.turnover_of(&second).await, money("0.00"));
    let index = app.get_as(&second, "/api/signin/index", "").await;
    assert_eq!(index.assert_ok()["signed_today"], false, "he may sign in another day");
    let report = cost_of_today(&app).await;
    let signin = report.days[0].budget.iter().find(|day| day.programme == "signin");
    let signin = signin.expect("the capped programme is listed");
    assert_eq!((signin.paid, signin.capped), (money("1.00"), money("0.00")));
    assert_eq!(signin.daily_cap, Some(money("1.50")));

    app.clock.advance(DAY);
    let next_day = sign(&app, &second, None).await;
    assert_eq!(next_day.assert_ok()["reward"], "1.00", "a new operator day, a new budget");
    assert_ledger_verifies(&app).await;
}

/// Settles bets of `player` on ssc until his net loss is at least `minor` (each period is a
/// coin toss: a few periods suffice).
async fn lose_at_least(hall: &Hall, player: &Player, minor: i64) -> i64 {
    for _ in 0..40 {
        let loss = net_loss(hall, player).await;
        if loss >= minor {
            return loss;
        }
        hall.bet(player, "ssc", json!([{"option": "b1_big", "amount": "10"}])).await.assert_ok();
        hall.draw("ssc").await;
    }
    panic!("forty ssc periods without a loss of {minor}");
}

#[tokio::test]
async fn an_uplines_commission_stops_at_his_daily_cap_and_the_rest_is_held_back() {
    let hall = Hall::open_with(|config| {
        config.growth.rebate.rate_bps = 0;
        config.growth.rebate.commission_bps = [100, 0, 0];
        config.growth.budget.per_player_daily.commission = Some(money("0.03"));
    })
    .await;
    let chain = invite_chain(&hall.app, 2).await;
    let (upline, member) = (&chain[0], &chain[1]);
    fund_game(&hall.app, member, "500.00").await;
    let loss = lose_at_least(&hall, member, 1_000).await;

    hall.app.clock.advance(hall.app.config.growth.rebate.batch_interval_secs);
    hall.scheduler.tick(hall.app.now()).await;

    let owed = fairhall::growth::rebates::share(loss, 100);
    assert!(owed > 3, "1 % of at least 10.00 is more than the cap");
    assert_eq!(hall.app.balances_of(upline).await.wallet, money("0.03"));
    let report = cost_of_today(&hall.app).await;
    let commission = report.days[0].budget.iter().find(|day| day.programme == "commission");
    let commission = commission.expect("listed");
    assert_eq!(commission.paid, money("0.03"));
    assert_eq!(commission.capped.minor(), owed - 3, "the rest is held back, not owed later");
    assert_eq!(commission.per_player_cap, Some(money("0.03")));
    let index = hall.app.get_as(upline, "/api/rebate/index", "").await;
    assert_eq!(index.assert_ok()["history"]["list"][0]["total"], "0.03", "his history is true");
    assert_ledger_verifies(&hall.app).await;
}

/// The operator creates an envelope for everyone: its id, or the refusal's text.
async fn create_envelope(app: &TestApp, total: &str, quantity: i64) -> Result<i64, String> {
    let (settings, now) = (EnvelopeSettings::from_config(&app.config), app.now());
    let request = everyone(total, quantity, Mode::Random, now);
    let created = app.db.write(move |tx| {
        Ok(envelopes::create(tx, request, &settings, now).map_err(|error| error.to_string()))
    });
    created.await.expect("the write runs").map(|created| created.id)
}

#[tokio::test]
async fn an_envelope_past_the_days_envelope_budget_is_not_created() {
    let app = TestApp::spawn_with(|config| {
        config.growth.budget.daily.envelope = Some(money("100.00"));
    })
    .await;
    create_envelope(&app, "60.00", 3).await.expect("within the budget");

    let refused = create_envelope(&app, "50.00", 2).await.expect_err("past the budget");

    assert!(refused.contains("growth.budget.daily.envelope"), "{refused}");
    assert!(refused.contains("40.00 left"), "{refused}");
    assert_eq!(app.system_balance("envelopes").await, 6_000, "only the first is reserved");
    app.clock.advance(DAY);
    create_envelope(&app, "50.00", 2).await.expect("a new day");
    assert_ledger_verifies(&app).await;
}
