//! The `total` of the record pages comes from kept counts (`posting_counts`, `bet_counts`,
//! migration V12): they match a recount after every kind of money movement, `admin verify`
//! notices a wrong one, and the `before` cursor pages exactly as `page` does.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, withdrawal_form};
use fairhall::games;
use fairhall::games::rules::room::Room;
use fairhall::wallet::Adjustment;
use fairhall::wallet::withdrawals::Decision;
use serde_json::{Value, json};

const CHANGES: &str = "/api/personal/accountchangerecord";
const BETS: &str = "/api/personal/betting_record";

fn ids(page: &Value) -> Vec<i64> {
    let list = page["list"].as_array().expect("a list");
    list.iter().map(|record| record["id"].as_i64().expect("an id")).collect()
}

/// The player's postings matching `account` and `kind`, counted as before V12.
async fn recount_changes(
    app: &TestApp,
    player: &Player,
    account: Option<&str>,
    kind: Option<&str>,
) -> i64 {
    let (user_id, account, kind) =
        (player.id, account.map(str::to_string), kind.map(str::to_string));
    let read = app.db.read(move |connection| {
        Ok(connection.query_row(
            "SELECT COUNT(*) FROM postings p JOIN accounts a ON a.account_id = p.account_id
             JOIN entries e ON e.entry_id = p.entry_id
             WHERE a.user_id = ?1 AND (?2 IS NULL OR a.kind = ?2) AND (?3 IS NULL OR e.kind = ?3)",
            rusqlite::params![user_id, account, kind],
            |row| row.get(0),
        )?)
    });
    read.await.expect("a recount")
}

async fn recount_bets(app: &TestApp, player: &Player, where_sql: &'static str) -> i64 {
    let user_id = player.id;
    let read = app.db.read(move |connection| {
        Ok(connection.query_row(
            &format!(
                "SELECT COUNT(*) FROM bets b JOIN rooms r ON r.room = b.room
                 WHERE b.user_id = ?1 AND {where_sql}"
            ),
            [user_id],
            |row| row.get(0),
        )?)
    });
    read.await.expect("a recount")
}

/// A player with bets placed, won or lost, refunded and open, adjustments both ways, a
/// deposit, and withdrawals paid, failed and rejected.
async fn every_kind_of_movement(hall: &Hall) -> Player {
    let app = &hall.app;
    let (player, card) = app.withdrawer("300.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "100" }), None).await.assert_ok();
    let lines = json!([{"option": "big", "amount": "1"}, {"option": "small", "amount": "2"}]);
    hall.bet(&player, "k3", lines).await.assert_ok();
    hall.bet(&player, "ssc", json!([{"option": "tie", "amount": "5"}])).await.assert_ok();
    let ssc = Room::parse("ssc").expect("a room");
    let closed = app.db.write(move |tx| games::rooms::set_room_open(tx, ssc, false));
    closed.await.expect("closed");
    hall.draw("k3").await;
    hall.draw("ssc").await;
    hall.bet(&player, "k3", json!([{"option": "odd", "amount": "3"}])).await.assert_ok();
    app.credit(&player, "5.00").await;
    let debit = Adjustment {
        user_id: player.id,
        credit: false,
        amount: crate::support::wallet_support::money("2.00"),
        reason: "correction".into(),
        admin: "tester".into(),
    };
    app.adjust_wallet(debit).await.expect("debited");
    app.approved_deposit(&player, "50.00").await;
    app.play_turnover(&player, "50.00").await;
    for decision in [Decision::Pass, Decision::Fail, Decision::Reject] {
        let reply = app.do_withdraw(&player, withdrawal_form(card, "10.00"), None).await;
        let id = reply.assert_ok()["id"].as_i64().expect("an id");
        app.review_withdrawal(id, decision, "checked").await.expect("reviewed");
    }
    player
}

#[tokio::test]
async fn kept_counts_match_a_recount_after_every_kind_of_movement() {
    let hall =
        Hall::open_with(|config| config.growth.vip.levels[0].withdraw_daily_count = 10).await;
    let app = &hall.app;
    let player = every_kind_of_movement(&hall).await;

    let report = assert_ledger_verifies(app).await;
    assert!(report.miscounted_accounts.is_empty(), "{report:?}");
    let bets = app.db.read(games::records::recount_bets).await.expect("a recount");
    assert!(bets.is_empty(), "{bets:?}");
    let change_filters = [
        (None, None),
        (Some("wallet"), None),
        (Some("game"), None),
        (Some("frozen"), None),
        (None, Some("bet")),
        (None, Some("payout")),
        (None, Some("refund")),
        (None, Some("adjust")),
        (None, Some("withdraw_release")),
        (Some("wallet"), Some("withdraw_hold")),
        (Some("game"), Some("deposit")),
    ];
    for (account, kind) in change_filters {
        let query = [("account", account), ("kind", kind)]
            .iter()
            .filter_map(|(name, value)| value.map(|value| format!("{name}={value}&")))
            .collect::<String>();
        let page = app.get_as(&player, CHANGES, &query).await.assert_ok().clone();
        let expected = recount_changes(app, &player, account, kind).await;
        assert_eq!(page["total"], expected, "{query}");
        assert!(page.get("total_capped").is_none(), "{query}");
    }
    let bet_filters = [
        ("", "1"),
        ("game=k3", "r.game = 'k3'"),
        ("room=ssc", "b.room = 'ssc'"),
        ("status=open", "b.status = 'open'"),
        ("status=refunded", "b.status = 'refunded'"),
        ("game=k3&status=open", "r.game = 'k3' AND b.status = 'open'"),
        ("room=k3&status=lost", "b.room = 'k3' AND b.status = 'lost'"),
        ("status=won", "b.status = 'won'"),
    ];
    for (query, where_sql) in bet_filters {
        let page = app.get_as(&player, BETS, query).await.assert_ok().clone();
        assert_eq!(page["total"], recount_bets(app, &player, where_sql).await, "{query}");
    }
    assert_eq!(app.get_as(&player, BETS, "").await.assert_ok()["total"], 4);
}

#[tokio::test]
async fn admin_verify_notices_a_wrong_count() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("10").await;
    hall.bet(&player, "k3", json!([{"option": "big", "amount": "1"}])).await.assert_ok();
    let user_id = player.id;
    let tampered = hall.app.db.write(move |tx| {
        tx.execute(
            "UPDATE posting_counts SET postings = postings + 1 WHERE entry_kind = 'bet'
             AND account_id = (SELECT account_id FROM accounts WHERE user_id = ?1 AND kind = 'game')",
            [user_id],
        )?;
        tx.execute("UPDATE bet_counts SET bets = bets + 1 WHERE user_id = ?1", [user_id])?;
        Ok(tx.query_row(
            "SELECT account_id FROM accounts WHERE user_id = ?1 AND kind = 'game'",
            [user_id],
            |row| row.get::<_, i64>(0),
        )?)
    });
    let game_account = tampered.await.expect("tampered");

    let report = hall.app.db.read(fairhall::flows::ledger_check::verify).await.expect("a report");
    assert!(!report.is_ok());
    assert_eq!(report.miscounted_accounts, [game_account]);
    let bets = hall.app.db.read(games::records::recount_bets).await.expect("a recount");
    assert_eq!(bets, [(user_id, "k3".to_string())]);
}

#[tokio::test]
async fn the_before_cursor_pages_as_page_numbers_do() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = hall.player_with_game("100").await;
    for cents in 1..=7 {
        app.credit(&player, &format!("0.0{cents}")).await;
    }
    let lines = json!([{"option": "big", "amount": "1"}, {"option": "small", "amount": "1"}]);
    hall.bet(&player, "k3", lines.clone()).await.assert_ok();
    hall.bet(&player, "rgb3", json!([{"option": "num_1", "amount": "1"}])).await.assert_ok();
    hall.bet(&player, "k3", lines).await.assert_ok();

    for (path, filter) in [(CHANGES, ""), (CHANGES, "kind=adjust&"), (BETS, ""), (BETS, "game=k3&")]
    {
        let all =
            app.get_as(&player, path, &format!("{filter}limit=100")).await.assert_ok().clone();
        let (mut walked, mut before) = (Vec::new(), None::<i64>);
        for page in 1..=20 {
            let cursor = before.map_or(String::new(), |id| format!("&before={id}"));
            let query = format!("{filter}limit=2&page={page}{cursor}");
            let reply = app.get_as(&player, path, &query).await.assert_ok().clone();
            assert_eq!(reply["total"], all["total"], "{path}?{query}");
            let numbered = format!("{filter}limit=2&page={page}");
            let numbered = app.get_as(&player, path, &numbered).await.assert_ok().clone();
            assert_eq!(ids(&reply), ids(&numbered), "{path}?{query}");
            let Some(last) = ids(&reply).last().copied() else { break };
            walked.extend(ids(&reply));
            before = Some(last);
        }
        assert_eq!(walked, ids(&all), "{path}?{filter}");
        assert!(walked.len() >= 4, "{path}?{filter}: {walked:?}");
    }
    for bad in ["before=0", "before=-3", "before=x"] {
        assert_eq!(app.get_as(&player, CHANGES, bad).await.err(), "bad_params", "{bad}");
        assert_eq!(app.get_as(&player, BETS, bad).await.err(), "bad_params", "{bad}");
    }
}

#[tokio::test]
async fn a_dated_total_counts_up_to_its_cap() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let (user_id, now) = (player.id, app.now());
    let cap = fairhall::wallet::records::DATED_TOTAL_MAX;
    let credited = app.db.write(move |tx| {
        for _ in 0..=cap {
            let adjustment = Adjustment {
                user_id,
                credit: true,
                amount: crate::support::wallet_support::money("0.01"),
                reason: "many".into(),
                admin: "tester".into(),
            };
            fairhall::wallet::adjust(tx, &adjustment, now)?;
        }
        Ok(())
    });
    credited.await.expect("credited");

    let dated =
        app.get_as(&player, CHANGES, &format!("from={now}&limit=3")).await.assert_ok().clone();
    assert_eq!((&dated["total"], &dated["total_capped"]), (&json!(cap), &json!(true)));
    assert_eq!(
        dated["list"][0]["balance_after"],
        format!("{}.{:02}", (cap + 1) / 100, (cap + 1) % 100)
    );
    let short = app.get_as(&player, CHANGES, &format!("to={now}")).await.assert_ok().clone();
    assert_eq!((&short["total"], &short["total_capped"]), (&json!(0), &json!(false)));
    let all = app.get_as(&player, CHANGES, "limit=3").await.assert_ok().clone();
    assert_eq!(all["total"], cap + 1);
    assert!(all.get("total_capped").is_none());
}
