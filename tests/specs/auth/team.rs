//! The three-level team: registration with a code builds it (levels 1-3, never a 4th), the
//! team page's figures equal what the members deposited, bet and withdrew, and the member
//! list pages by level with masked phones.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::team::{fund_game, invite_chain, invited_by, settled_bet, team_index};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, withdrawal_form};
use fairhall::wallet::withdrawals::Decision;
use serde_json::Value;

async fn members(app: &TestApp, player: &Player, query: &str) -> Reply {
    app.get_as(player, "/api/team/members", query).await
}

fn phones(page: &Value) -> Vec<String> {
    let list = page["list"].as_array().expect("a list");
    list.iter().map(|row| row["phone"].as_str().expect("a phone").to_string()).collect()
}

/// How another player's phone shows: its last two digits only.
fn masked(phone: &str) -> String {
    format!("*** {}", &phone[phone.len() - 2..])
}

#[tokio::test]
async fn registration_with_codes_builds_three_levels_and_no_fourth() {
    let app = TestApp::spawn().await;
    let chain = invite_chain(&app, 5).await;
    let (partner, fourth) = (&chain[0], &chain[4]);
    let second_direct = invited_by(&app, partner).await;

    let team = team_index(&app, partner).await;

    assert_eq!(team["invite_code"], partner.invite_code.as_str());
    assert_eq!(team["invite_path"], format!("/#/pages/login/reg?code={}", partner.invite_code));
    let people: Vec<i64> =
        (0..3).map(|level| team["levels"][level]["people"].as_i64().expect("people")).collect();
    assert_eq!(people, [2, 1, 1]);
    assert_eq!(team["total"]["people"], 4);
    for (level, expected) in [
        (1, vec![masked(&second_direct.phone), masked(&chain[1].phone)]),
        (2, vec![masked(&chain[2].phone)]),
        (3, vec![masked(&chain[3].phone)]),
    ] {
        let page = members(&app, partner, &format!("level={level}")).await;
        assert_eq!(phones(page.assert_ok()), expected, "level {level}");
        assert_eq!(page.assert_ok()["list"][0]["level"], level);
    }
    let everyone: Vec<String> =
        [1, 2, 3].into_iter().map(|level| format!("level={level}&limit=100")).collect();
    for query in everyone {
        let page = members(&app, partner, &query).await;
        assert!(
            !phones(page.assert_ok()).contains(&masked(&fourth.phone)),
            "a 4th level is no team"
        );
    }
    // Each member's own team starts below him.
    assert_eq!(team_index(&app, &chain[3]).await["total"]["people"], 1);
    assert_eq!(team_index(&app, fourth).await["total"]["people"], 0);
}

#[tokio::test]
async fn the_member_list_pages_and_refuses_a_level_outside_one_to_three() {
    let app = TestApp::spawn().await;
    let partner = app.player().await;
    let mut invited = Vec::new();
    for _ in 0..5 {
        invited.push(invited_by(&app, &partner).await);
    }

    let first = members(&app, &partner, "level=1&page=1&limit=2").await;
    let last = members(&app, &partner, "level=1&page=3&limit=2").await;

    assert_eq!(
        (first.assert_ok()["total"].as_i64(), first.assert_ok()["limit"].as_i64()),
        (Some(5), Some(2))
    );
    assert_eq!(phones(first.assert_ok()), [masked(&invited[4].phone), masked(&invited[3].phone)]);
    assert_eq!(phones(last.assert_ok()), [masked(&invited[0].phone)]);
    for (query, why) in [("level=0", "zero"), ("level=4", "a 4th"), ("level=x", "not a number")] {
        assert_eq!(members(&app, &partner, query).await.err(), "bad_params", "{why}");
    }
    assert_eq!(members(&app, &partner, "level=1&limit=101").await.err(), "bad_params");
    app.get("/api/team/index", None).await.assert_login_required();
    app.get("/api/team/members", None).await.assert_login_required();
}

#[tokio::test]
async fn the_team_figures_equal_what_the_members_deposited_bet_and_withdrew() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let chain = invite_chain(app, 5).await;
    let (partner, direct, second, third, fourth) =
        (&chain[0], &chain[1], &chain[2], &chain[3], &chain[4]);
    fund_game(app, direct, "100.00").await;
    fund_game(app, second, "50.00").await;
    app.approved_deposit(third, "30.00").await;
    fund_game(app, fourth, "999.00").await;
    settled_bet(&hall, direct, "25").await;
    settled_bet(&hall, direct, "5").await;
    settled_bet(&hall, second, "10").await;
    settled_bet(&hall, fourth, "500").await;
    // The direct member withdraws 20.00 (paid) and 15.00 (rejected: not counted).
    app.set_fund_password(direct).await;
    let card = app.link_card(direct).await;
    app.approved_deposit(direct, "40.00").await;
    app.play_turnover(direct, "1000000").await;
    let paid = app.do_withdraw(direct, withdrawal_form(card, "20.00"), None).await;
    let paid = paid.assert_ok()["id"].as_i64().expect("an id");
    app.review_withdrawal(paid, Decision::Pass, "").await.expect("paid");
    let refused = app.do_withdraw(direct, withdrawal_form(card, "15.00"), None).await;
    let refused = refused.assert_ok()["id"].as_i64().expect("an id");
    app.review_withdrawal(refused, Decision::Reject, "no").await.expect("rejected");

    let team = team_index(app, partner).await;

    let figures = |level: usize| {
        let row = &team["levels"][level];
        [&row["recharge"], &row["bets"], &row["withdrawals"]].map(|value| value.to_string())
    };
    assert_eq!(figures(0), ["\"140.00\"", "\"30.00\"", "\"20.00\""]);
    assert_eq!(figures(1), ["\"50.00\"", "\"10.00\"", "\"0.00\""]);
    assert_eq!(figures(2), ["\"30.00\"", "\"0.00\"", "\"0.00\""]);
    let total = &team["total"];
    assert_eq!(
        (total["recharge"].as_str(), total["bets"].as_str()),
        (Some("220.00"), Some("40.00"))
    );
    assert_eq!(total["withdrawals"], "20.00");
    let listed = members(app, partner, "level=1").await;
    assert_eq!(listed.assert_ok()["list"][0]["recharge"], "140.00");
    assert_eq!(listed.assert_ok()["list"][0]["bets"], "30.00");
    assert!(listed.assert_ok()["list"][0]["joined_at"].as_i64().is_some());
    assert_ledger_verifies(app).await;
}
