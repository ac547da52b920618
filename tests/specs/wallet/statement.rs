//! The account statement (api/personal/statement as CSV, api/personal/statement_summary):
//! per account an opening balance, every posting with its running balance and a closing
//! balance equal to the ledger's at the end of the range, for ranges that cut through a
//! history of deposits, bets, conversions and withdrawals and across the operator's midnight.

use crate::support::hall::Hall;
use crate::support::helpers::{Player, Reply, START, TestApp};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money, withdrawal_form};
use fairhall::ledger::Balances;
use fairhall::wallet::records::statement::{self, StatementQuery, StatementRange};
use fairhall::wallet::withdrawals::Decision;
use serde_json::json;
use std::collections::BTreeMap;

/// 00:00 of 2026-11-23 in the default operator time zone (Asia/Ho_Chi_Minh, UTC+7): the test
/// clock starts at 15:00 the day before.
const MIDNIGHT: i64 = START.secs() + 9 * 3600;
const DAY: i64 = 24 * 3600;
const ACCOUNTS: [&str; 5] = ["wallet", "game", "savings", "invest", "frozen"];
const HEADER: &str = "account,line,time,kind,reference,memo,in,out,balance\r\n";

/// One account's part of a CSV statement, checked line by line as it is read.
#[derive(Debug, Default)]
struct AccountPart {
    opening: i64,
    closing: i64,
    closing_time: String,
    /// (time, kind, reference, memo) of each posting.
    postings: Vec<[String; 4]>,
}

/// Reads RFC 4180 text (quoted fields may hold commas, quotes and line breaks).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "lines end with CRLF");
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (_, c) => field.push(c),
        }
    }
    assert!(field.is_empty() && row.is_empty(), "the last line ends with CRLF");
    rows
}

fn minor(text: &str) -> i64 {
    if text.is_empty() { 0 } else { money(text).minor() }
}

/// The parts of a CSV statement by account, checking that each starts with its opening line,
/// that opening + in - out gives every running balance, and that it ends with its closing line.
fn parts(text: &str) -> BTreeMap<String, AccountPart> {
    assert!(text.starts_with(HEADER), "{text}");
    let rows = parse_csv(text);
    let mut parts: BTreeMap<String, AccountPart> = BTreeMap::new();
    let mut order = Vec::new();
    let mut running = 0;
    for row in &rows[1..] {
        assert_eq!(row.len(), 9, "{row:?}");
        let part = parts.entry(row[0].clone()).or_default();
        match row[1].as_str() {
            "opening" => {
                order.push(row[0].clone());
                part.opening = minor(&row[8]);
                running = part.opening;
            }
            "posting" => {
                running += minor(&row[6]) - minor(&row[7]);
                assert_eq!(running, minor(&row[8]), "running balance of {row:?}");
                part.postings.push([
                    row[2].clone(),
                    row[3].clone(),
                    row[4].clone(),
                    row[5].clone(),
                ]);
            }
            "closing" => {
                assert_eq!(running, minor(&row[8]), "closing of {}", row[0]);
                part.closing = running;
                part.closing_time = row[2].clone();
            }
            other => panic!("unknown line {other}"),
        }
    }
    assert_eq!(order, ACCOUNTS, "every account, in order");
    parts
}

fn balance_of(balances: &Balances, account: &str) -> i64 {
    let balance = match account {
        "wallet" => balances.wallet,
        "game" => balances.game,
        "savings" => balances.savings,
        "invest" => balances.invest,
        _ => balances.frozen,
    };
    balance.minor()
}

async fn statement_reply(app: &TestApp, player: &Player, from: &str, to: &str) -> Reply {
    app.get_as(player, "/api/personal/statement", &format!("from={from}&to={to}")).await
}

async fn statement_of(
    app: &TestApp,
    player: &Player,
    from: &str,
    to: &str,
) -> (String, BTreeMap<String, AccountPart>) {
    let reply = statement_reply(app, player, from, to).await;
    assert_eq!(reply.header("content-type"), "text/csv; charset=utf-8", "{reply:?}");
    let text = String::from_utf8(reply.bytes.to_vec()).expect("UTF-8");
    let parts = parts(&text);
    (text, parts)
}

#[track_caller]
fn assert_edges(parts: &BTreeMap<String, AccountPart>, opening: &Balances, closing: &Balances) {
    for account in ACCOUNTS {
        let part = &parts[account];
        assert_eq!(part.opening, balance_of(opening, account), "opening of {account}");
        assert_eq!(part.closing, balance_of(closing, account), "closing of {account}");
    }
}

fn kinds(part: &AccountPart) -> Vec<&str> {
    part.postings.iter().map(|posting| posting[1].as_str()).collect()
}

#[tokio::test]
async fn statements_match_the_ledger_for_ranges_that_cut_through_the_history() {
    let hall = Hall::open_with(|config| config.wallet.withdraw_fee_bp = 100).await;
    let app = &hall.app;
    let other = app.player().await;
    app.credit_with_reason(&other, "77.77", "only the other player's").await;
    // Day 1 (2026-11-22): a deposit, a conversion, a settled bet, a withdrawal held.
    let (player, card) = app.withdrawer("500.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "100.00" }), None)
        .await
        .assert_ok();
    hall.bet(&player, "k3", json!([{ "option": "big", "amount": "10" }])).await.assert_ok();
    hall.draw("k3").await;
    let held = app.do_withdraw(&player, withdrawal_form(card, "50.00"), None).await;
    let held = held.assert_ok()["id"].as_i64().expect("an id");
    app.clock.advance(MIDNIGHT - 1 - app.now().secs());
    app.conversion(&player, json!({ "from": "game", "amount": "5.00" }), None).await.assert_ok();
    let day_one = app.balances_of(&player).await;
    // Day 2, from 00:00:01: a conversion, the withdrawal released, another one paid.
    app.clock.advance(2);
    app.conversion(&player, json!({ "from": "balance", "amount": "7.00" }), None).await.assert_ok();
    app.review_withdrawal(held, Decision::Reject, "=cmd|' /C calc'!A0").await.expect("released");
    let paid = app.do_withdraw(&player, withdrawal_form(card, "20.00"), None).await;
    let paid = paid.assert_ok()["id"].as_i64().expect("an id");
    app.clock.advance(3600);
    app.review_withdrawal(paid, Decision::Pass, "").await.expect("paid");
    let day_two = app.balances_of(&player).await;
    // Day 3, today: an adjustment whose reason a spreadsheet would run.
    app.clock.advance(MIDNIGHT + DAY + 3600 - app.now().secs());
    app.credit_with_reason(&player, "3.00", "@SUM(A1:A9)").await;
    let today = app.balances_of(&player).await;

    let (first_text, first) = statement_of(app, &player, "2026-11-22", "2026-11-22").await;
    let (second_text, second) = statement_of(app, &player, "2026-11-23", "2026-11-23").await;
    let (whole_text, whole) = statement_of(app, &player, "2026-11-22", "2026-11-24").await;
    let (_, ahead) = statement_of(app, &player, "2026-11-23", "2026-12-31").await;

    assert_edges(&first, &Balances::default(), &day_one);
    assert_edges(&second, &day_one, &day_two);
    assert_edges(&whole, &Balances::default(), &today);
    assert_edges(&ahead, &day_one, &today);
    let late = ["2026-11-22T23:59:59+07:00".to_string(), "transfer".into()];
    let early = ["2026-11-23T00:00:01+07:00".to_string(), "transfer".into()];
    let has = |part: &AccountPart, wanted: &[String; 2]| {
        part.postings.iter().any(|posting| posting[..2] == wanted[..])
    };
    assert!(has(&first["game"], &late) && !has(&second["game"], &late), "23:59:59 is day 1");
    assert!(has(&second["game"], &early) && !has(&first["game"], &early), "00:00:01 is day 2");
    assert!(kinds(&first["wallet"]).contains(&"deposit"));
    assert!(kinds(&first["game"]).contains(&"bet"));
    assert_eq!(kinds(&first["frozen"]), ["withdraw_hold"]);
    let frozen = ["withdraw_release", "withdraw_hold", "withdraw_paid", "withdraw_paid"];
    assert_eq!(kinds(&second["frozen"]), frozen, "the amount and the fee leave apart");
    assert_eq!(first["wallet"].closing_time, "2026-11-23T00:00:00+07:00");
    assert!(second_text.contains(",'=cmd|' /C calc'!A0,"), "neutralised: {second_text}");
    assert!(whole_text.contains(",'@SUM(A1:A9),"), "neutralised: {whole_text}");
    assert!(!first_text.contains("77.77") && !first_text.contains("other player"));
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "limit=1").await;
    let listed: usize = whole.values().map(|part| part.postings.len()).sum();
    assert_eq!(
        changes.assert_ok()["total"],
        json!(listed),
        "every posting of the player, no other"
    );
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn the_summary_gives_the_statements_figures() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "40.00").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "15.00" }), None)
        .await
        .assert_ok();
    app.clock.advance(DAY);
    app.conversion(&player, json!({ "from": "game", "amount": "5.00" }), None).await.assert_ok();

    let query = "from=2026-11-23&to=2026-11-23";
    let summary = app.get_as(&player, "/api/personal/statement_summary", query).await;

    let summary = summary.assert_ok();
    assert_eq!((&summary["from"], &summary["to"]), (&json!("2026-11-23"), &json!("2026-11-23")));
    assert_eq!(summary["start_at"], json!(MIDNIGHT));
    assert_eq!(summary["end_at"], json!(app.now().secs()), "the day is not over");
    assert_eq!((&summary["postings"], &summary["postings_max"]), (&json!(2), &json!(50_000)));
    assert_eq!(
        summary["accounts"][0],
        json!({ "account": "wallet", "opening": "25.00", "credits": "5.00", "debits": "0.00",
            "closing": "30.00", "postings": 1 })
    );
    assert_eq!(
        summary["accounts"][1],
        json!({ "account": "game", "opening": "15.00", "credits": "0.00", "debits": "5.00",
            "closing": "10.00", "postings": 1 })
    );
    let accounts: Vec<&str> = summary["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .map(|account| account["account"].as_str().expect("a name"))
        .collect();
    assert_eq!(accounts, ACCOUNTS);
}

#[tokio::test]
async fn without_dates_the_statement_is_this_month_so_far() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let summary = app.get_as(&player, "/api/personal/statement_summary", "").await;
    let csv = app.get_as(&player, "/api/personal/statement", "").await;

    assert_eq!(
        (&summary.assert_ok()["from"], &summary.assert_ok()["to"]),
        (&json!("2026-11-01"), &json!("2026-11-22"))
    );
    assert_eq!(
        csv.header("content-disposition"),
        "attachment; filename=\"statement-2026-11-01-2026-11-22.csv\""
    );
}

#[tokio::test]
async fn the_statement_is_a_csv_attachment() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit_with_reason(&player, "12.50", "a reason, with \"quotes\"").await;

    let reply = statement_reply(&app, &player, "2026-11-01", "2026-11-22").await;

    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-disposition"),
        "attachment; filename=\"statement-2026-11-01-2026-11-22.csv\""
    );
    assert_eq!(reply.header("cache-control"), "no-store");
    let text = String::from_utf8(reply.bytes.to_vec()).expect("UTF-8");
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines.len(), 1 + 5 * 2 + 1, "{text}");
    assert_eq!(lines[1], "wallet,opening,2026-11-01T00:00:00+07:00,,,,,,0.00");
    assert_eq!(
        lines[2],
        "wallet,posting,2026-11-22T15:00:00+07:00,adjust,operator,\
         \"a reason, with \"\"quotes\"\"\",12.50,,12.50"
    );
    assert_eq!(lines[3], "wallet,closing,2026-11-22T15:00:00+07:00,,,,,,12.50");
    let document = app.get("/api/openapi.json", None).await.body;
    let described = &document["paths"]["/api/personal/statement"]["get"]["responses"]["200"];
    let content = described["content"].as_object().expect("contents");
    assert!(content.contains_key("text/csv") && content.contains_key("application/json"));
}

#[tokio::test]
async fn bad_ranges_are_refused_with_their_keys() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        ("no to", "from=2026-11-01", "missing_params"),
        ("not a date", "from=2026-11-31&to=2026-12-01", "statement_dates_invalid"),
        ("a Unix time", "from=1795334400&to=2026-11-22", "statement_dates_invalid"),
        ("to before from", "from=2026-11-20&to=2026-11-19", "statement_dates_invalid"),
        ("from after today", "from=2026-11-23&to=2026-11-30", "statement_dates_invalid"),
        ("367 days", "from=2025-11-21&to=2026-11-22", "statement_range_too_long"),
    ];

    for (what, query, key) in cases {
        for path in ["/api/personal/statement", "/api/personal/statement_summary"] {
            let reply = app.get_as(&player, path, query).await;
            assert_eq!((reply.status.as_u16(), reply.err()), (200, key), "{what} on {path}");
            assert!(reply.header("content-type").starts_with("application/json"), "{what}");
        }
    }
    let too_long = app.get_as(&player, "/api/personal/statement", cases[5].1).await;
    assert!(too_long.msg().contains("366"), "{}", too_long.msg());
    let anonymous = app.get("/api/personal/statement?from=2026-11-22&to=2026-11-22", None).await;
    anonymous.assert_login_required();
}

#[tokio::test]
async fn a_statement_longer_than_its_bound_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    for _ in 0..3 {
        app.credit(&player, "1.00").await;
    }
    let range = StatementRange::parse(
        &statement::StatementForm {
            from: Some("2026-11-22".into()),
            to: Some("2026-11-22".into()),
        },
        app.config.timezone(),
        app.now(),
    )
    .expect("a range");
    let query = |rows_max| StatementQuery {
        user_id: player.id,
        range,
        timezone: app.config.timezone(),
        now: app.now(),
        rows_max,
    };

    let (fits, over) = (query(3), query(2));
    let fits = app.db.read(move |connection| statement::statement(connection, &fits)).await;
    let over = app.db.read(move |connection| statement::statement(connection, &over)).await;

    assert_eq!(fits.expect("three postings fit").lines(), 3);
    assert_eq!(over.map(|_| ()).map_err(|error| error.key()), Err("statement_too_large"));
}
