//! Issue 30's economic proof over a whole operator week: an invite chain whose every period is
//! fully hedged, within accounts and across them, ends the week with less than it put in,
//! with every programme that pays on play at its defaults paying it (the deposit bonuses
//! released by that play, rebates and commissions, the VIP upgrade rewards, the weekly
//! salary).

use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use crate::support::team::{fund_game, invite_chain};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies};
use fairhall::clock::Timestamp;
use fairhall::config::GrowthConfig;
use fairhall::ids::UserId;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// What the programmes credited the players' wallets, by programme (the entry's kind, or for a
/// `bonus` entry its reference's programme).
async fn programme_credits(app: &TestApp, players: Vec<UserId>) -> BTreeMap<String, i64> {
    let read = app.db.read(move |connection| {
        let ids = serde_json::to_string(&players).map_err(anyhow::Error::from)?;
        let mut query = connection.prepare(
            "SELECT CASE e.kind WHEN 'bonus' THEN substr(e.reference, 1, instr(e.reference, ':') - 1)
                                ELSE e.kind END, SUM(p.amount)
             FROM entries e JOIN postings p ON p.entry_id = e.entry_id
             JOIN accounts a ON a.account_id = p.account_id
             WHERE a.user_id IN (SELECT value FROM json_each(?1)) AND a.kind = 'wallet'
               AND e.kind IN ('bonus', 'rebate', 'commission', 'salary') AND p.amount > 0
             GROUP BY 1",
        )?;
        let rows = query.query_map([ids], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<BTreeMap<String, i64>, _>>()?)
    });
    read.await.expect("the ledger is readable")
}

/// Half of ball `ball`'s ten digits, 50.00 each.
fn half_of_the_digits(ball: u32, low: bool) -> Value {
    let digits = if low { 0..5 } else { 5..10 };
    Value::Array(
        digits.map(|digit| json!({"option": format!("b{ball}_{digit}"), "amount": "50"})).collect(),
    )
}

#[tokio::test]
async fn an_invite_chain_hedging_every_period_ends_its_week_with_less_every_programme_paid() {
    // The harness starts on Sunday 2026-11-22 15:00 operator time (UTC+7): the week ends at
    // Monday 00:00.
    let hall = Hall::open_with(|config| config.growth = GrowthConfig::default()).await;
    let app = &hall.app;
    let chain = invite_chain(app, 4).await;
    for player in &chain {
        fund_game(app, player, "5000.00").await;
    }
    let put_in: i64 = 4 * 500_000;

    // A and B cover ssc's first ball between them, C and D the second: every period, the
    // four hold every outcome of both, and each account wins or loses half the time. 16
    // periods of 250.00 each: A's team (B, C, D) stakes 12,000.00, the salary's first tier.
    for _ in 0..16 {
        let issue = hall.open_issue("ssc").await;
        for (index, player) in chain.iter().enumerate() {
            let ball = if index < 2 { 1 } else { 2 };
            let bets = half_of_the_digits(ball, index % 2 == 0);
            hall.bet_on(player, ("ssc", &issue), bets, None).await.assert_ok();
        }
        hall.draw("ssc").await;
    }
    let monday = Timestamp::from_datetime(
        &chrono::DateTime::parse_from_rfc3339("2026-11-23T00:00:00+07:00").expect("a time"),
    );
    app.clock.advance(monday - app.now());
    hall.scheduler.tick(app.now()).await;

    let ids = chain.iter().map(|player| player.id).collect();
    let credits = programme_credits(app, ids).await;
    for programme in ["bonus_release", "rebate", "commission", "vip_upgrade", "salary"] {
        let paid = credits.get(programme).copied().unwrap_or(0);
        assert!(paid > 0, "{programme} paid nothing: {credits:?}");
    }
    let mut held = 0;
    for player in &chain {
        let balances = app.balances_of(player).await;
        held += balances.wallet.minor() + balances.game.minor();
    }
    // 16,000.00 staked at a 1 % edge lost 160.00 on average; the programmes gave back less.
    assert!(held < put_in, "the chain holds {held} of the {put_in} it put in: {credits:?}");
    assert_ledger_verifies(app).await;
}
