//! `fairhall admin report daily|range`: activity of every kind built through the real router
//! and scheduler over three operator days (a bet placed before midnight paid after it), then
//! every figure of the CLI's report checked against an independent sum over the postings.

use crate::support::binary::{fail, new_hall, run, succeed};
use crate::support::goods::{GoodsApp, fruit};
use crate::support::hall::Hall;
use crate::support::helpers::{START, TestApp};
use crate::support::savings::SavingsApp;
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, withdrawal_form};
use fairhall::clock::Timestamp;
use fairhall::config::GrowthConfig;
use fairhall::wallet::Adjustment;
use fairhall::wallet::withdrawals::Decision;
use serde_json::{Value, json};
use std::path::Path;

/// START is 15:00 on 2026-11-22 in the default zone (UTC+7): its midnight is 9 hours later.
const TO_MIDNIGHT: i64 = 9 * 3600;
const DAYS: [&str; 3] = ["2026-11-22", "2026-11-23", "2026-11-24"];

/// The hall on a data directory the CLI shares, with the deposit programmes on (rewards) and
/// a 1 % withdrawal fee.
async fn hall_in(dir: &Path) -> Hall {
    let app = TestApp::open(dir, |config| {
        let shipped = GrowthConfig::default();
        config.growth.first_deposit.tiers = shipped.first_deposit.tiers;
        config.growth.cashback.tiers = shipped.cashback.tiers;
        config.wallet.withdraw_fee_bp = 100;
    });
    let scheduler = app.scheduler().with_chain_length(2_000).with_chunk_bets(7);
    scheduler.tick(app.now()).await;
    app.clock.advance(300);
    scheduler.tick(app.now()).await;
    Hall { app, scheduler }
}

/// Ticks until the scheduler has caught up with the clock (each tick draws a bounded batch).
async fn catch_up(hall: &Hall) {
    for _ in 0..50 {
        let report = hall.scheduler.tick(hall.app.now()).await;
        if report.drawn.iter().all(|(_, drawn)| *drawn == 0) && report.bets_settled == 0 {
            return;
        }
    }
    panic!("the scheduler did not catch up");
}

async fn move_to(hall: &Hall, at: Timestamp) {
    hall.app.clock.advance(at - hall.app.now());
    catch_up(hall).await;
}

/// The first day: deposits (paying the first-deposit bonus and cashback), bets settled in two
/// rooms, a withdrawal paid and one rejected, adjustments both ways, savings and a product.
async fn first_day(hall: &Hall) {
    let app = &hall.app;
    let bettor = app.player().await;
    app.approved_deposit(&bettor, "1000.00").await;
    app.conversion(&bettor, json!({"from": "balance", "amount": "600"}), None).await.assert_ok();
    hall.bet(
        &bettor,
        "k3",
        json!([{"option": "big", "amount": "40"}, {"option": "small", "amount": "15"}]),
    )
    .await
    .assert_ok();
    hall.bet(&bettor, "pk10", json!([{"option": "sum_big", "amount": "25"}])).await.assert_ok();
    hall.draw("k3").await;
    hall.draw("pk10").await;

    let (withdrawer, card) = app.withdrawer("500.00").await;
    let paid = app.do_withdraw(&withdrawer, withdrawal_form(card, "100.00"), None).await;
    let paid = paid.assert_ok()["id"].as_i64().expect("a withdrawal id");
    app.review_withdrawal(paid, Decision::Pass, "").await.expect("paid");
    let rejected = app.do_withdraw(&withdrawer, withdrawal_form(card, "50.00"), None).await;
    let rejected = rejected.assert_ok()["id"].as_i64().expect("a withdrawal id");
    app.review_withdrawal(rejected, Decision::Reject, "Name differs").await.expect("rejected");

    let saver = app.saver("300.00").await;
    let debit = Adjustment {
        user_id: saver.id,
        credit: false,
        amount: money("20.00"),
        reason: "duplicate credit".into(),
        admin: "ops".into(),
    };
    app.adjust_wallet(debit).await.expect("the debit is booked");
    app.save_in(&saver, "250.00").await.assert_ok();

    let product = app.product(fruit()).await;
    let investor = app.investor("1000.00").await;
    app.buy(&investor, product, "1000.00").await.assert_ok();

    // A bet before midnight whose period draws at midnight: staked on this day, paid the next.
    let k3 = fairhall::games::rules::room::Room::parse("k3").expect("k3");
    let settings =
        app.db.read(move |connection| fairhall::games::rooms::room_settings(connection, k3));
    let close_secs = settings.await.expect("k3").close_secs;
    move_to(hall, START + TO_MIDNIGHT - close_secs - 1).await;
    hall.bet(
        &bettor,
        "k3",
        json!([{"option": "odd", "amount": "30"}, {"option": "even", "amount": "30"}]),
    )
    .await
    .assert_ok();
}

/// The second day: the late bet paid at midnight, a new player depositing and betting in a
/// third room, the product's first instalment at 10:00; the third: the savings interest of
/// the second, paid at its midnight.
async fn later_days(hall: &Hall) {
    let app = &hall.app;
    hall.draw("k3").await;
    catch_up(hall).await;
    let newcomer = app.player().await;
    app.approved_deposit(&newcomer, "200.00").await;
    app.conversion(&newcomer, json!({"from": "balance", "amount": "100"}), None).await.assert_ok();
    hall.bet(&newcomer, "rgb1", json!([{"option": "red", "amount": "20"}])).await.assert_ok();
    hall.draw("rgb1").await;
    move_to(hall, START + TO_MIDNIGHT + 11 * 3600).await;
    move_to(hall, START + TO_MIDNIGHT + 24 * 3600 + 30).await;
}

/// One figure summed straight from the postings of `[from, to)`.
struct Sum {
    kind: &'static str,
    /// SQL over `a` (the account) and `p` (the posting) choosing the postings summed.
    postings: &'static str,
}

async fn sum(app: &TestApp, figure: Sum, (from, to): (Timestamp, Timestamp)) -> (i64, i64) {
    let query = format!(
        "SELECT COUNT(DISTINCT e.entry_id), COALESCE(SUM(abs(p.amount)), 0)
         FROM entries e JOIN postings p ON p.entry_id = e.entry_id
         JOIN accounts a ON a.account_id = p.account_id
         WHERE e.kind = ?1 AND e.created_at >= ?2 AND e.created_at < ?3 AND {}",
        figure.postings
    );
    let kind = figure.kind;
    app.db
        .read(move |connection| {
            Ok(connection.query_row(&query, rusqlite::params![kind, from, to], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })?)
        })
        .await
        .expect("the sum")
}

async fn count(app: &TestApp, query: &'static str, (from, to): (Timestamp, Timestamp)) -> i64 {
    let read = app.db.read(move |connection| {
        Ok(connection.query_row(query, rusqlite::params![from, to], |row| row.get(0))?)
    });
    read.await.expect("the count")
}

const PLAYER_IN: &str = "a.user_id IS NOT NULL AND p.amount > 0";
const PLAYER_OUT: &str = "a.user_id IS NOT NULL AND p.amount < 0";

/// `(count, amount)` of a report tally as the JSON shows it.
fn tally(count: i64, minor: i64) -> Value {
    json!({"count": count, "amount": fairhall::money::format_signed(minor)})
}

/// The figures of `[from, to)` as the report must show them, from the postings.
async fn expected(app: &TestApp, span: (Timestamp, Timestamp)) -> Value {
    let figure = |kind, postings| Sum { kind, postings };
    let deposits = sum(app, figure("deposit", PLAYER_IN), span).await;
    let withdrawn = sum(app, figure("withdraw_paid", PLAYER_OUT), span).await;
    let paid_out = sum(app, figure("withdraw_paid", "a.kind = 'external'"), span).await;
    let fees = sum(app, figure("withdraw_paid", "a.kind = 'fees'"), span).await;
    let bets = sum(app, figure("bet", PLAYER_OUT), span).await;
    let payouts = sum(app, figure("payout", PLAYER_IN), span).await;
    let refunds = sum(app, figure("refund", PLAYER_IN), span).await;
    let mut rewards = 0;
    for kind in ["rebate", "commission", "salary", "signin", "task", "envelope", "bonus"] {
        rewards += sum(app, figure(kind, PLAYER_IN), span).await.1;
    }
    let interest = sum(app, figure("interest", PLAYER_IN), span).await;
    let purchases = sum(app, figure("invest", "a.kind = 'invest'"), span).await;
    let returns = sum(app, figure("invest_return", "a.kind = 'wallet'"), span).await;
    let product_interest = sum(app, figure("invest_return", "a.kind = 'interest'"), span).await;
    let adjusted_in = sum(app, figure("adjust", PLAYER_IN), span).await;
    let adjusted_out = sum(app, figure("adjust", PLAYER_OUT), span).await;
    let active = count(
        app,
        "SELECT COUNT(DISTINCT a.user_id) FROM entries e
         JOIN postings p ON p.entry_id = e.entry_id JOIN accounts a ON a.account_id = p.account_id
         WHERE e.kind IN ('bet', 'deposit', 'withdraw_hold') AND a.user_id IS NOT NULL
           AND e.created_at >= ?1 AND e.created_at < ?2",
        span,
    )
    .await;
    let new = count(
        app,
        "SELECT COUNT(*) FROM users u WHERE created_at >= ?1 AND created_at < ?2
           AND u.user_id NOT IN (SELECT user_id FROM user_grants WHERE kind = 'role' AND name = 'admin')",
        span,
    )
    .await;
    json!({
        "deposits": tally(deposits.0, deposits.1),
        "withdrawals_paid": tally(withdrawn.0, paid_out.1),
        "withdrawal_fees": fairhall::money::format_signed(fees.1),
        "bets": tally(bets.0, bets.1),
        "payouts": fairhall::money::format_signed(payouts.1),
        "refunds": fairhall::money::format_signed(refunds.1),
        "gross_gaming_revenue": fairhall::money::format_signed(bets.1 - payouts.1 - refunds.1),
        "rewards_total": fairhall::money::format_signed(rewards),
        "savings_interest": tally(interest.0, interest.1),
        "product_purchases": tally(purchases.0, purchases.1),
        "product_payouts": tally(returns.0, returns.1),
        "product_interest": fairhall::money::format_signed(product_interest.1),
        "adjustments_in": tally(adjusted_in.0, adjusted_in.1),
        "adjustments_out": tally(adjusted_out.0, adjusted_out.1),
        "active_players": active,
        "new_players": new,
    })
}

/// The report's figures without the per-programme breakdown (checked through its total).
fn compared(figures: &Value) -> Value {
    let mut figures = figures.clone();
    figures.as_object_mut().expect("figures").remove("rewards");
    figures
}

fn minor(amount: &Value) -> i64 {
    money_signed(amount.as_str().expect("an amount"))
}

fn money_signed(text: &str) -> i64 {
    match text.strip_prefix('-') {
        Some(magnitude) => -money(magnitude).minor(),
        None => money(text).minor(),
    }
}

fn day_span(day: usize) -> (Timestamp, Timestamp) {
    let midnight = START + TO_MIDNIGHT;
    let start = midnight + (day as i64 - 1) * 86_400;
    (start, start + 86_400)
}

#[tokio::test]
async fn every_figure_equals_the_ledger_per_day_room_and_range() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    first_day(&hall).await;
    later_days(&hall).await;
    assert_ledger_verifies(&hall.app).await;
    let data = dir.path();

    let out = succeed(
        data,
        &[
            "admin",
            "report",
            "range",
            "--from",
            DAYS[0],
            "--to",
            DAYS[2],
            "--by-day",
            "--by-room",
            "--json",
        ],
    );
    let report: Value = serde_json::from_str(&out).expect("JSON");

    let range = (day_span(0).0, day_span(2).1);
    let totals = expected(&hall.app, range).await;
    assert_eq!(compared(&report["totals"]), totals);
    for (day, date) in DAYS.iter().enumerate() {
        let shown = &report["days"][day];
        assert_eq!(shown["date"], *date);
        assert_eq!(compared(&shown["figures"]), expected(&hall.app, day_span(day)).await, "{date}");
        let daily = succeed(data, &["admin", "report", "daily", "--date", date, "--json"]);
        let daily: Value = serde_json::from_str(&daily).expect("JSON");
        assert_eq!(daily["totals"], shown["figures"], "daily {date} equals its day of the range");
    }
    // Every kind of activity happened, on the days it should have.
    let nonzero = |figures: &Value, name: &str| minor(&figures[name]["amount"]) > 0;
    for name in ["deposits", "withdrawals_paid", "bets", "savings_interest", "product_purchases"] {
        assert!(nonzero(&report["totals"], name), "{name}: {report:#}");
    }
    for name in ["product_payouts", "adjustments_in", "adjustments_out"] {
        assert!(nonzero(&report["totals"], name), "{name}: {report:#}");
    }
    assert_eq!(report["totals"]["withdrawals_paid"], tally(1, 10_000), "the rejected one is not");
    assert_eq!(report["totals"]["withdrawal_fees"], "1.00");
    assert!(minor(&report["totals"]["rewards_total"]) > 0);
    assert!(minor(&report["totals"]["product_interest"]) > 0);
    assert_eq!(report["totals"]["new_players"], 5);
    let day = |day: usize, name: &str| report["days"][day]["figures"][name].clone();
    assert_eq!(day(0, "bets")["count"], 3, "two orders settled and the late one");
    assert!(minor(&day(1, "payouts")) + minor(&day(1, "refunds")) > 0, "the late bet settled");
    assert!(minor(&day(2, "savings_interest")["amount"]) > 0, "the second day's, at its end");
    assert_rewards_add_up(&report["totals"]);
    assert_rooms_add_up(&report);
    assert_days_add_up(&report);
}

/// The programmes' sums make the rewards total.
fn assert_rewards_add_up(figures: &Value) {
    let programmes = figures["rewards"].as_object().expect("rewards");
    let sum: i64 = programmes.values().map(|paid| minor(&paid["amount"])).sum();
    assert_eq!(sum, minor(&figures["rewards_total"]));
    // The deposit bonuses reach players as the bets after them release them.
    assert!(minor(&programmes["bonus_release"]["amount"]) > 0, "{figures:#}");
}

/// Each day's rooms and the range's rooms add up to their betting figures.
fn assert_rooms_add_up(report: &Value) {
    let spans =
        report["days"].as_array().expect("days").iter().map(|day| (&day["figures"], &day["rooms"]));
    for (figures, rooms) in spans.chain([(&report["totals"], &report["rooms"])]) {
        let rooms = rooms.as_array().expect("rooms");
        let total = |field: &str, of: &dyn Fn(&Value) -> i64| -> i64 {
            rooms.iter().map(|room| of(&room[field])).sum()
        };
        assert_eq!(
            total("bets", &|bets| bets["count"].as_i64().expect("count")),
            figures["bets"]["count"].as_i64().expect("count")
        );
        assert_eq!(
            total("bets", &|bets| minor(&bets["amount"])),
            minor(&figures["bets"]["amount"])
        );
        for field in ["payouts", "refunds", "gross_gaming_revenue"] {
            assert_eq!(total(field, &minor), minor(&figures[field]), "{field}");
        }
    }
    let rooms: Vec<&str> = report["rooms"]
        .as_array()
        .expect("rooms")
        .iter()
        .map(|room| room["room"].as_str().expect("a room"))
        .collect();
    assert_eq!(rooms, ["k3", "pk10", "rgb1"]);
}

/// The days add up to the range (active players aside: one player active on two days is one).
fn assert_days_add_up(report: &Value) {
    let days = report["days"].as_array().expect("days");
    let totals = &report["totals"];
    for name in [
        "withdrawal_fees",
        "payouts",
        "refunds",
        "gross_gaming_revenue",
        "rewards_total",
        "product_interest",
    ] {
        let sum: i64 = days.iter().map(|day| minor(&day["figures"][name])).sum();
        assert_eq!(sum, minor(&totals[name]), "{name}");
    }
    for name in [
        "deposits",
        "withdrawals_paid",
        "bets",
        "savings_interest",
        "product_purchases",
        "product_payouts",
        "adjustments_in",
        "adjustments_out",
    ] {
        let count: i64 =
            days.iter().map(|day| day["figures"][name]["count"].as_i64().expect("count")).sum();
        let amount: i64 = days.iter().map(|day| minor(&day["figures"][name]["amount"])).sum();
        assert_eq!(tally(count, amount), totals[name], "{name}");
    }
    let new: i64 =
        days.iter().map(|day| day["figures"]["new_players"].as_i64().expect("a count")).sum();
    assert_eq!(new, totals["new_players"].as_i64().expect("a count"));
}

/// The rows of a CSV text: it ends every line with CRLF and quotes no plain field.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    assert!(text.ends_with("\r\n"), "{text:?}");
    let lines: Vec<&str> = text.split("\r\n").filter(|line| !line.is_empty()).collect();
    lines.iter().map(|line| line.split(',').map(str::to_string).collect()).collect()
}

#[tokio::test]
async fn csv_has_one_header_and_a_row_per_day_or_room_and_the_table_reads() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let hall = hall_in(dir.path()).await;
    first_day(&hall).await;
    drop(hall);
    let data = dir.path();
    let range = ["admin", "report", "range", "--from", DAYS[0], "--to", DAYS[1]];

    let by_day = csv_rows(&succeed(data, &[&range[..], &["--by-day", "--csv"]].concat()));
    let json = succeed(data, &[&range[..], &["--by-day", "--json"]].concat());
    let json: Value = serde_json::from_str(&json).expect("JSON");
    let by_room = csv_rows(&succeed(data, &[&range[..], &["--by-room", "--csv"]].concat()));
    let table = succeed(data, &[&range[..], &["--by-day", "--by-room"]].concat());

    let header = &by_day[0];
    assert_eq!(by_day.len(), 3, "a header and two days: {by_day:?}");
    assert!(by_day.iter().all(|row| row.len() == header.len()), "{by_day:?}");
    let cell = |row: usize, column: &str| {
        let at = header.iter().position(|name| name == column).expect(column);
        by_day[row][at].clone()
    };
    assert_eq!((cell(1, "from"), cell(1, "to")), (DAYS[0].to_string(), DAYS[0].to_string()));
    assert_eq!(cell(1, "stake"), json["days"][0]["figures"]["bets"]["amount"]);
    assert_eq!(
        cell(1, "reward_bonus_release_amount"),
        json["days"][0]["figures"]["rewards"]["bonus_release"]["amount"]
    );
    assert_eq!(cell(1, "withdrawal_fees"), "1.00");
    assert_eq!(cell(2, "from"), DAYS[1]);
    assert_eq!(
        by_room[0],
        ["from", "to", "room", "bets", "stake", "payouts", "refunds", "gross_gaming_revenue"]
    );
    let rooms: Vec<&str> = by_room[1..].iter().map(|row| row[2].as_str()).collect();
    assert_eq!(rooms, ["k3", "pk10"], "one row per room over the range");
    assert!(by_room[1..].iter().all(|row| row[0] == DAYS[0] && row[1] == DAYS[1]));
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "activity 2026-11-22 to 2026-11-23 (Asia/Ho_Chi_Minh)");
    let fees = lines.iter().find(|line| line.starts_with("withdrawal fees")).expect("fees");
    assert_eq!(fees.split_whitespace().collect::<Vec<_>>(), ["withdrawal", "fees", "-", "1.00"]);
    assert!(lines.iter().any(|line| line.starts_with("2026-11-22 k3 ")), "{table}");
}

#[test]
fn a_reversed_too_long_or_doubly_formatted_report_is_refused() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    fn report<'a>(args: &[&'a str]) -> Vec<&'a str> {
        [&["admin", "report"][..], args].concat()
    }
    let reversed =
        fail(dir.path(), &report(&["range", "--from", "2026-11-22", "--to", "2026-11-21"]));
    assert_eq!(reversed.status.code(), Some(1));
    assert!(reversed.stderr.contains("--to is before --from"), "{reversed:?}");
    let long = fail(dir.path(), &report(&["range", "--from", "2025-01-01", "--to", "2026-11-21"]));
    assert!(long.stderr.contains("at most 366 days"), "{long:?}");
    let both = run(dir.path(), &report(&["daily", "--date", "2026-11-22", "--csv", "--json"]));
    assert_eq!(both.status.code(), Some(2), "a usage error: {both:?}");
    let bad = run(dir.path(), &report(&["daily", "--date", "22.11.2026"]));
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    assert!(bad.stderr.contains("--date"), "{bad:?}");
    let yesterday = succeed(dir.path(), &report(&["daily", "--json"]));
    let yesterday: Value = serde_json::from_str(&yesterday).expect("JSON");
    assert_eq!(yesterday["from"], yesterday["to"], "one day");
    assert_eq!(yesterday["totals"]["bets"], tally(0, 0));
}
