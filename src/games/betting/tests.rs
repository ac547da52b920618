//! The unit tests of betting: parsing an order and pricing it against a room's terms.

use super::*;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::rooms::RoomSettings;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{Game, Room};
use crate::games::rules::settle::GameRules;
use crate::games::rules::table::OddsTable;
use crate::games::schedule::OpenPeriod;
use crate::money::Money;
use std::sync::Arc;

const ISSUE: &str = "202611220001";

fn form(room: &str, mode: Option<&str>, lines: &[(&str, &str)]) -> OrderForm {
    let lines = lines.iter().map(|(option, amount)| BetLineForm {
        option: Some((*option).to_string()),
        amount: Some((*amount).to_string()),
    });
    OrderForm {
        room: Some(room.to_string()),
        issue: Some(ISSUE.to_string()),
        bets: Some(BetLinesForm::List(lines.collect())),
        mode: mode.map(String::from),
    }
}

fn order(room: &str, mode: Option<&str>, lines: &[(&str, &str)]) -> Order {
    Order::parse(form(room, mode, lines)).expect("an order")
}

#[test]
fn a_trade_outside_yn28_of_another_option_or_an_unknown_mode_is_bad_params() {
    let cases = [
        (form("k3", Some("trade"), &[("big", "10")]), "a trade in a non-yn28 room"),
        (form("rgb1", Some("trade"), &[("red", "10")]), "a trade in rgb"),
        (form("canada_ordinary", Some("trade"), &[("odd", "10")]), "odd is not up or down"),
        (form("usa_vip", Some("trade"), &[("big_odd", "10")]), "a combination"),
        (form("china_supreme", Some("trade"), &[("sum_13", "10")]), "a sum"),
        (
            form("canada_ordinary", Some("trade"), &[("big", "10"), ("leopard", "10")]),
            "one line of the order is not up or down",
        ),
        (form("canada_ordinary", Some("sell"), &[("big", "10")]), "an unknown mode"),
        (form("canada_ordinary", Some("TRADE"), &[("big", "10")]), "modes are lower-case"),
    ];
    for (form, description) in cases {
        assert!(matches!(Order::parse(form), Err(AppError::BadParams)), "{description}");
    }
}

#[test]
fn a_trade_is_big_or_small_in_any_yn28_room_and_no_mode_is_a_plain_bet() {
    let up_down = order("canada_diamond", Some(" trade "), &[("big", "10"), ("small", "12")]);
    assert!(up_down.trade);
    assert_eq!(
        up_down.describe(),
        format!("bet:canada_diamond:{ISSUE}:big=10.00,small=12.00:trade")
    );
    assert!(order("usa_ordinary", Some("trade"), &[("small", "10")]).trade);
    for mode in [None, Some(""), Some("  ")] {
        let plain = order("canada_ordinary", mode, &[("odd", "1")]);
        assert!(!plain.trade, "{mode:?}");
        assert!(!plain.describe().ends_with(":trade"));
    }
}

/// The terms of a yn28 ordinary room with V8's limits and the default odds and rules.
fn ordinary_terms(room: Room) -> RoomTerms {
    let limits = r#"{"min_bet":"1.00","max_user":"5000.00","max_total":"100000.00",
        "payout_cap":"500000.00","options":{}}"#;
    let settings = RoomSettings {
        room,
        game: Game::Yn28,
        draw_source: room.draw_source(),
        period_secs: 210,
        close_secs: 60,
        is_open: true,
        entry_min: 0,
        rule_version: 1,
        odds: serde_json::Value::Null,
        rules: serde_json::Value::Null,
        close_change: None,
    };
    RoomTerms {
        settings,
        odds: Arc::new(OddsTable::defaults(Game::Yn28)),
        rules: Arc::new(GameRules::defaults(Game::Yn28)),
        limits: Arc::new(serde_json::from_str(limits).expect("limits")),
    }
}

fn open_period() -> OpenPeriod {
    let issue = Issue::parse(ISSUE).expect("an issue");
    OpenPeriod {
        issue,
        close_at: Timestamp::from_secs(1_000),
        draw_at: Timestamp::from_secs(1_060),
        period_secs: 210,
    }
}

#[test]
fn a_trade_line_under_ten_is_out_of_limits_where_a_plain_bet_is_taken() {
    let room = Room::parse("canada_ordinary").expect("a room");
    let terms = ordinary_terms(room);
    let check = |order: &Order| terms.check(order, open_period(), Timestamp::from_secs(0));
    let under = [
        order("canada_ordinary", Some("trade"), &[("small", "9.99")]),
        order("canada_ordinary", Some("trade"), &[("big", "10"), ("small", "9.99")]),
    ];
    for order in &under {
        assert!(matches!(check(order), Err(AppError::BetOutOfLimits)), "{order:?}");
    }

    let trade = check(&order("canada_ordinary", Some("trade"), &[("big", "10")]));
    let line = &trade.expect("a trade of 10.00").lines[0];
    assert_eq!(
        (line.stake, line.possible_payout),
        (Money::from_minor(1_000).expect("in range"), Money::from_minor(2_000).expect("in range"))
    );
    let plain = check(&order("canada_ordinary", None, &[("small", "9.99")]));
    assert_eq!(plain.expect("a plain bet").total, Money::from_minor(999).expect("in range"));
    let below_room_min = check(&order("canada_ordinary", None, &[("small", "0.99")]));
    assert!(matches!(below_room_min, Err(AppError::BetOutOfLimits)));
}
