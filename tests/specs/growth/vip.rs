//! VIP levels: reached by total deposit and betting points together, upgrade rewards paid once
//! per level (several at once, never again after a fall), the VIP job after bets (through the
//! real scheduler tick), the page's distance to the next level, and the withdrawal limits that
//! follow the level.

use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use crate::support::vip_support::{VipApp, small_levels, with_programmes};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, withdrawal_form};
use fairhall::ledger::{self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind};
use serde_json::json;

#[tokio::test]
async fn a_level_needs_both_its_deposit_and_its_betting_and_pays_its_reward_once() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.player().await;
    app.bet_points(&player, "50.00").await;
    app.run_vip_job().await;
    assert_eq!(app.vip_level_of(&player).await, 0, "betting alone is not enough");

    app.approved_deposit(&player, "100.00").await;

    assert_eq!(app.vip_level_of(&player).await, 1);
    assert_eq!(app.reached(&player).await, [1]);
    let profile = app.personal_index(&player.token).await;
    assert_eq!(profile.assert_ok()["vip_level"], 1, "the personal centre shows the same level");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=bonus").await;
    let upgrade = changes.assert_ok()["list"]
        .as_array()
        .expect("changes")
        .iter()
        .find(|change| change["reference"] == format!("vip_upgrade:{}:1", player.id))
        .cloned()
        .expect("the upgrade reward is an entry");
    assert_eq!(upgrade["amount"], "5.00");
    app.bet_points(&player, "10.00").await;
    app.approved_deposit(&player, "10.00").await;
    assert_eq!(app.run_vip_job().await, 0, "nothing more to pay at the same level");
    assert_eq!(app.reached(&player).await, [1]);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn reaching_several_levels_at_once_pays_each_of_them() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.player().await;
    app.approved_deposit(&player, "600.00").await;
    let bonus_before = app.system_balance("bonus").await;

    app.bet_points(&player, "200.00").await;
    let paid = app.run_vip_job().await;

    assert_eq!(paid, 3);
    assert_eq!(app.vip_level_of(&player).await, 3);
    assert_eq!(app.reached(&player).await, [1, 2, 3]);
    assert_eq!(app.system_balance("bonus").await, bonus_before - 3500, "5 + 10 + 20");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_fall_and_a_second_reach_pay_nothing_more() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), with_programmes);
    let player = app.player().await;
    app.bet_points(&player, "50.00").await;
    app.approved_deposit(&player, "100.00").await;
    assert_eq!(app.vip_level_of(&player).await, 1);
    drop(app);

    // The operator doubles VIP1's deposit threshold and restarts.
    let raised = |config: &mut fairhall::config::Config| {
        with_programmes(config);
        config.growth.vip.levels[1].total_deposit = money("200.00");
    };
    let app = TestApp::open(dir.path(), raised);
    app.approved_deposit(&player, "50.00").await;
    assert_eq!(app.vip_level_of(&player).await, 0, "150.00 no longer reaches VIP1");
    let bonus_before = app.system_balance("bonus").await;

    app.approved_deposit(&player, "50.00").await;

    assert_eq!(app.vip_level_of(&player).await, 1, "200.00 reaches it again");
    assert_eq!(app.reached(&player).await, [1]);
    assert_eq!(app.system_balance("bonus").await, bonus_before, "no second upgrade reward");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_scheduler_tick_upgrades_a_player_after_his_bets() {
    let hall = Hall::open_with(with_programmes).await;
    let app = &hall.app;
    let player = hall.player_with_game("100.00").await;
    app.approved_deposit(&player, "100.00").await;
    assert_eq!(app.vip_level_of(&player).await, 0);

    let bet = hall.bet(&player, "k3", json!([{ "option": "big", "amount": "50.00" }])).await;
    bet.assert_ok();
    assert_eq!(app.vip_level_of(&player).await, 0, "not before the job runs");
    let report = hall.scheduler.tick(app.now()).await;

    assert_eq!(report.vip_upgrades, 1);
    assert_eq!(app.vip_level_of(&player).await, 1);
    let index = app.vip_index(&player).await;
    assert_eq!(index.assert_ok()["betting_points"], "50.00");
    assert_eq!(hall.scheduler.tick(app.now()).await.vip_upgrades, 0, "paid once");
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn the_job_reads_only_entries_after_its_watermark() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let app = TestApp::open(dir.path(), with_programmes);
    let player = app.player().await;
    app.approved_deposit(&player, "100.00").await;
    app.bet_points(&player, "40.00").await;
    app.run_vip_job().await;
    assert_eq!(app.vip_level_of(&player).await, 0);
    drop(app);

    // VIP1 now needs 40.00 of betting: the job does not revisit bets it has read...
    let lowered = |config: &mut fairhall::config::Config| {
        with_programmes(config);
        config.growth.vip.levels[1].betting_points = money("40.00");
    };
    let app = TestApp::open(dir.path(), lowered);
    assert_eq!(app.run_vip_job().await, 0);
    assert_eq!(app.vip_level_of(&player).await, 0);

    // ...the player's next bet brings him up to date.
    app.bet_points(&player, "1.00").await;
    assert_eq!(app.run_vip_job().await, 1);
    assert_eq!(app.vip_level_of(&player).await, 1);
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn the_page_shows_the_exact_distance_to_the_next_level_and_every_level() {
    let app = TestApp::spawn_with(with_programmes).await;
    let player = app.player().await;
    app.approved_deposit(&player, "120.00").await;
    app.bet_points(&player, "30.50").await;
    app.run_vip_job().await;

    let index = app.vip_index(&player).await;

    let data = index.assert_ok();
    assert_eq!((&data["level"], &data["total_deposit"]), (&json!(0), &json!("120.00")));
    assert_eq!(data["betting_points"], "30.50");
    assert_eq!(
        data["next"],
        json!({ "level": 1, "deposit_needed": "0.00", "betting_needed": "19.50" }),
        "never negative"
    );
    let levels = data["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), small_levels().len());
    assert_eq!(
        levels[2],
        json!({ "level": 2, "total_deposit": "300.00", "betting_points": "100.00",
            "upgrade_reward": "10.00", "withdraw_single_max": "1000.00",
            "withdraw_daily_count": 4, "deposit_reward_bp": 200 })
    );

    app.approved_deposit(&player, "5000.00").await;
    app.bet_points(&player, "5000.00").await;
    app.run_vip_job().await;
    let top = app.vip_index(&player).await;
    assert_eq!((&top.assert_ok()["level"], &top.assert_ok()["next"]), (&json!(4), &json!(null)));
    app.get("/api/vip/index", None).await.assert_login_required();
}

#[tokio::test]
async fn the_withdrawal_cap_and_daily_count_follow_the_level() {
    let app = TestApp::spawn_with(with_programmes).await;
    let (player, card) = app.withdrawer("5000.00").await;
    let withdraw = |amount: &str| app.do_withdraw(&player, withdrawal_form(card, amount), None);
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(
        (
            &terms.assert_ok()["vip_level"],
            &terms.assert_ok()["single_max"],
            &terms.assert_ok()["daily_count"]
        ),
        (&json!(0), &json!("500.00"), &json!(2))
    );

    assert_eq!(withdraw("500.01").await.err(), "limit_exceeded");
    withdraw("500.00").await.assert_ok();
    withdraw("10.00").await.assert_ok();
    assert_eq!(withdraw("10.00").await.err(), "withdraw_count_exceeded", "VIP0: 2 a day");

    // 5000.00 deposited and 50.00 bet: VIP1 (800.00, 3 a day) the same day.
    app.bet_points(&player, "50.00").await;
    app.run_vip_job().await;
    app.play_turnover(&player, "1000.00").await;
    let terms = app.get_as(&player, "/api/personal/withdraw", "").await;
    assert_eq!(
        (
            &terms.assert_ok()["vip_level"],
            &terms.assert_ok()["single_max"],
            &terms.assert_ok()["daily_count"]
        ),
        (&json!(1), &json!("800.00"), &json!(3))
    );
    assert_eq!(withdraw("800.01").await.err(), "limit_exceeded");
    withdraw("800.00").await.assert_ok();
    assert_eq!(withdraw("10.00").await.err(), "withdraw_count_exceeded", "VIP1: 3 a day");
    assert_ledger_verifies(&app).await;
}

/// The watermark of the VIP job and the entries after it.
async fn vip_backlog(app: &TestApp) -> (i64, i64) {
    let read = app.db.read(|connection| {
        Ok(connection.query_row(
            "SELECT last_entry_id, (SELECT COUNT(*) FROM entries
                                    WHERE entry_id > (SELECT last_entry_id FROM vip_watermark))
             FROM vip_watermark",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?)
    });
    read.await.expect("the watermark")
}

#[tokio::test]
async fn one_tick_reads_a_bounded_backlog_and_the_next_ticks_catch_up() {
    let hall = Hall::open_with(with_programmes).await;
    let app = &hall.app;
    let player = app.player().await;
    let (user_id, now) = (player.id, app.now());
    // 25,000 bets' entries waiting, as after the upgrade of an old database.
    let booked = app.db.write(move |tx| {
        for _ in 0..25_000 {
            let entry = Entry::new(
                EntryKind::Bet,
                AccountRef::System(SystemAccount::House),
                AccountRef::User(user_id, UserAccountKind::Game),
                money("0.01"),
                now,
            );
            ledger::transfer(tx, entry.reference("bet:backlog"))?;
        }
        Ok(())
    });
    booked.await.expect("the entries are booked");
    let (before, backlog) = vip_backlog(app).await;
    assert!(backlog >= 25_000, "{backlog}");

    hall.scheduler.tick(now).await;
    let (after_one, left) = vip_backlog(app).await;
    assert_eq!(left, backlog - 20_000, "4 batches of 5,000 entries in one tick");
    assert!(after_one > before);

    hall.scheduler.tick(now).await;
    assert_eq!(vip_backlog(app).await.1, 0, "the next tick catches up");
}
