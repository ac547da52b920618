//! `fairhall admin report linked` and the withdrawal queue's "shared with": players linked by a
//! USDT address (the hall flags instead of refusing), by the address they logged in from, and
//! by an invite chain whose two members came out of one period on opposite sides, on a data
//! directory the CLI shares.

use crate::support::binary::succeed;
use crate::support::hall::Hall;
use crate::support::helpers::{PASSWORD, Player, START, TestApp};
use crate::support::team::{fund_game, invited_by};
use crate::support::wallet_support::{WalletApp, with, withdrawal_form};
use fairhall::auth::addresses;
use fairhall::config::PayoutSharing;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::Path;

const ADDRESS: &str = "TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e";

async fn hall_in(dir: &Path) -> Hall {
    let app = TestApp::open(dir, |config| {
        config.wallet.shared_payout_accounts = PayoutSharing::Flag;
        config.wallet.turnover_percent = 0;
    });
    let scheduler = app.scheduler().with_chain_length(2_000).with_chunk_bets(7);
    scheduler.tick(app.now()).await;
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    Hall { app, scheduler }
}

/// Bets `big` for `upline` and `small` for `member` on ssc's first ball until one period paid
/// one of them and not the other.
async fn opposite_period(hall: &Hall, upline: &Player, member: &Player) {
    for _ in 0..20 {
        let (big, small) = (
            json!([{"option": "b1_big", "amount": "10"}]),
            json!([{"option": "b1_small", "amount": "10"}]),
        );
        hall.bet(upline, "ssc", big).await.assert_ok();
        hall.bet(member, "ssc", small).await.assert_ok();
        hall.draw("ssc").await;
        let won = |records: Vec<Value>| records.iter().any(|record| record["status"] == "won");
        if won(hall.records(upline, "limit=1").await) != won(hall.records(member, "limit=1").await)
        {
            return;
        }
    }
    panic!("twenty ssc periods without opposite results");
}

#[tokio::test]
async fn linked_players_are_grouped_with_their_links_and_flagged_in_the_withdrawal_queue() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    let app = &hall.app;
    // Two players withdrawing to one address.
    let (first, second) = (app.player().await, app.player().await);
    for player in [&first, &second] {
        app.set_fund_password(player).await;
        app.approved_deposit(player, "50").await;
        let address_id = app.add_usdt(player, ADDRESS).await;
        let form = with(&withdrawal_form(address_id, "20"), json!({ "method": "usdt" }));
        app.do_withdraw(player, form, None).await.assert_ok();
    }
    // Two players logging in from one address.
    let peer = SocketAddr::from(([203, 0, 113, 7], 50_000));
    let (third, fourth) = (app.player().await, app.player().await);
    for player in [&third, &fourth] {
        app.login_from((&player.phone, PASSWORD), peer, None).await.assert_ok();
    }
    // An upline and his member on both sides of a period.
    let upline = app.player().await;
    let member = invited_by(app, &upline).await;
    fund_game(app, &upline, "200.00").await;
    fund_game(app, &member, "200.00").await;
    opposite_period(&hall, &upline, &member).await;
    let loner = app.player().await;
    app.login_from((&loner.phone, PASSWORD), SocketAddr::from(([198, 51, 100, 1], 1)), None)
        .await
        .assert_ok();
    let (third_id, since) = (third.id, START - 1);
    let shared = app.db.read(move |connection| addresses::shared_with(connection, third_id, since));
    let shared = shared.await.expect("readable");
    assert_eq!(shared.len(), 1, "{shared:?}");
    assert_eq!((shared[0].address.as_str(), &shared[0].others), ("203.0.113.7", &vec![fourth.id]));
    drop(hall);

    let out = succeed(dir.path(), &["admin", "report", "linked", "--days", "366", "--json"]);
    let groups: Vec<Value> = serde_json::from_str(&out).expect("json");

    let players = |group: &Value| group["players"].clone();
    let ids =
        |players: &[&Player]| json!(players.iter().map(|player| player.id).collect::<Vec<_>>());
    let listed: Vec<Value> = groups.iter().map(players).collect();
    assert_eq!(listed.len(), 3, "{out}");
    assert!(listed.contains(&ids(&[&first, &second])), "{out}");
    assert!(listed.contains(&ids(&[&third, &fourth])), "{out}");
    assert!(listed.contains(&ids(&[&upline, &member])), "{out}");
    let text = out.to_string();
    assert!(text.contains(&format!("TRC20 {ADDRESS}")), "{out}");
    assert!(text.contains("address 203.0.113.7"), "{out}");
    assert!(
        text.contains(&format!(
            "invite chain {} > {}: opposite results in ssc",
            upline.id, member.id
        )),
        "{out}"
    );
    let loner_listed = listed.iter().flat_map(|ids| ids.as_array().cloned().unwrap_or_default());
    assert!(loner_listed.into_iter().all(|id| id != json!(loner.id)), "{out}");

    let queue = succeed(dir.path(), &["admin", "withdraw", "list", "--status", "pending"]);
    assert!(queue.contains("shared with"), "{queue}");
    assert!(queue.contains(&format!("TRC20 {ADDRESS} with {}", second.id)), "{queue}");
    assert!(queue.contains(&format!("TRC20 {ADDRESS} with {}", first.id)), "{queue}");
}
