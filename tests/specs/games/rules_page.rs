//! `api/roominfo/rules`: every room's rules page shows, for every option, the odds the room
//! pays now (`api/roominfo/odds`) and an RTP equal to the one computed here from that odds
//! table and the option's outcome probabilities, in exact rational arithmetic; exclusive
//! groups' probabilities sum to 1; K3 and RGB probabilities are recounted here from the dice
//! and numbers; the figures follow the room's live limits.

use crate::support::hall::Hall;
use crate::support::helpers::TestApp;
use fairhall::games::limits::{self, LimitsChange, LimitsOverride};
use fairhall::games::rules::room::Room;
use fairhall::money::Money;
use serde_json::Value;

/// An exact non-negative fraction, reduced; independent of the server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ratio(u128, u128);

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Ratio {
    fn new(numerator: u128, denominator: u128) -> Ratio {
        let divisor = gcd(numerator, denominator).max(1);
        Ratio(numerator / divisor, denominator / divisor)
    }

    fn parse(text: &str) -> Ratio {
        let (numerator, denominator) = text.split_once('/').expect("n/d");
        Ratio::new(numerator.parse().expect("n"), denominator.parse().expect("d"))
    }

    /// "1.95" -> 195/100.
    fn decimal(text: &str) -> Ratio {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let scale = 10_u128.pow(u32::try_from(fraction.len()).expect("digits"));
        let digits: u128 = format!("{whole}{fraction}").parse().expect("a decimal");
        Ratio::new(digits, scale)
    }

    fn add(self, other: Ratio) -> Ratio {
        let divisor = gcd(self.1, other.1);
        let denominator = self.1 / divisor * other.1;
        Ratio::new(self.0 * (denominator / self.1) + other.0 * (denominator / other.1), denominator)
    }

    fn mul(self, other: Ratio) -> Ratio {
        let (a, b) = (Ratio::new(self.0, other.1), Ratio::new(other.0, self.1));
        Ratio::new(a.0 * b.0, a.1 * b.1)
    }

    /// Two decimals, half up, by long division.
    fn percent(self) -> String {
        let hundredths = (self.0 * 20_000 / self.1).div_ceil(2);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }

    fn text(self) -> String {
        format!("{}/{}", self.0, self.1)
    }
}

fn exact(value: &Value) -> Ratio {
    let ratio = Ratio::parse(value["fraction"].as_str().expect("a fraction"));
    assert_eq!(value["percent"], ratio.percent(), "{value}");
    ratio
}

/// The room's odds table as `api/roominfo/odds` shows it: option -> odds.
async fn paid_odds(app: &TestApp, room: &str) -> (Vec<(String, String)>, u128) {
    let page = app.get(&format!("/api/roominfo/odds?room={room}"), None).await.assert_ok().clone();
    let options = page["options"].as_array().expect("options");
    let odds = options.iter().map(|line| {
        (
            line["option"].as_str().expect("code").to_owned(),
            line["odds"].as_str().expect("odds").to_owned(),
        )
    });
    (
        odds.collect(),
        u128::from(u16::try_from(page["service_fee_bp"].as_u64().expect("fee")).expect("bp")),
    )
}

/// RTP from the odds table: win x odds x (1 - fee) + reduced wins x their odds x (1 - fee)
/// + refund.
fn rtp_from_table(line: &Value, odds: &str, fee_bp: u128) -> Ratio {
    let kept = Ratio::new(10_000 - fee_bp, 10_000);
    let mut rtp = exact(&line["win"]).mul(Ratio::decimal(odds)).mul(kept);
    for reduced in line["win_reduced"].as_array().expect("reduced") {
        let share = exact(&reduced["probability"]);
        rtp = rtp.add(share.mul(Ratio::decimal(reduced["odds"].as_str().expect("odds"))).mul(kept));
    }
    rtp.add(exact(&line["refund"]))
}

#[tokio::test]
async fn every_rooms_rtp_equals_the_rtp_of_the_odds_it_pays() {
    let hall = Hall::open().await;
    let player = hall.app.player().await;
    for room in Room::all().into_iter().map(Room::code) {
        let page =
            hall.app.get(&format!("/api/roominfo/rules?room={room}"), Some(&player.token)).await;
        let page = page.assert_ok().clone();
        let (table, fee_bp) = paid_odds(&hall.app, &room).await;
        let mut listed = Vec::new();
        for group in page["groups"].as_array().expect("groups") {
            let mut total = exact(&group["refund"]);
            for line in group["options"].as_array().expect("options") {
                let code = line["option"].as_str().expect("code");
                let odds = &table.iter().find(|(option, _)| option == code).expect(code).1;
                assert_eq!(line["odds"], odds.as_str(), "{room} {code}: the odds it pays");
                let rtp = rtp_from_table(line, odds, fee_bp);
                assert_eq!(exact(&line["rtp"]), rtp, "{room} {code}: {}", rtp.text());
                let probability = exact(&line["probability"]);
                let mut wins = exact(&line["win"]);
                for reduced in line["win_reduced"].as_array().expect("reduced") {
                    wins = wins.add(exact(&reduced["probability"]));
                }
                assert_eq!(probability, wins, "{room} {code}");
                total = total.add(probability);
                listed.push(code.to_owned());
            }
            if group["exclusive"] == true {
                assert_eq!(total, Ratio(1, 1), "{room} {}: sums to 1", group["kind"]);
            }
        }
        let all: Vec<String> = table.into_iter().map(|(option, _)| option).collect();
        assert_eq!(listed, all, "{room}: every option once, in rules-page order");
        assert_eq!(page["room"], room.as_str());
        assert!(page["fairness"]["commitment"].as_str().is_some_and(|hex| hex.len() == 64));
    }
}

/// Wins of `code` on dice, counted here from GAMES.md's K3 table.
fn k3_wins(code: &str, dice: [u8; 3]) -> bool {
    let sum: u8 = dice.iter().sum();
    let count = |face: u8| dice.iter().filter(|die| **die == face).count();
    let mut sorted = dice;
    sorted.sort_unstable();
    let digits = |prefix: &str| -> Vec<u8> {
        code[prefix.len()..].bytes().filter(u8::is_ascii_digit).map(|byte| byte - b'0').collect()
    };
    match code {
        "big" => sum >= 11,
        "small" => sum <= 10,
        "odd" => sum % 2 == 1,
        "even" => sum.is_multiple_of(2),
        "triple_any" => sorted[0] == sorted[2],
        "straight" => sorted[1] == sorted[0] + 1 && sorted[2] == sorted[1] + 1,
        _ if code.starts_with("sum_") => code[4..].parse() == Ok(sum),
        _ if code.starts_with("triple_") => count(digits("triple_")[0]) == 3,
        _ if code.starts_with("pair_") && code.contains("single") => {
            let faces = digits("pair_");
            count(faces[0]) == 2 && count(faces[1]) == 1
        }
        _ if code.starts_with("pair_") => count(digits("pair_")[0]) >= 2,
        _ if code.starts_with("three_diff_") => sorted.to_vec() == digits("three_diff_"),
        _ if code.starts_with("two_diff_") => {
            digits("two_diff_").iter().all(|face| count(*face) > 0)
        }
        _ if code.starts_with("die_") => count(digits("die_")[0]) > 0,
        _ => panic!("unknown K3 option {code}"),
    }
}

/// RGB wins of `code` on `number` (red on 0 and green on 5 at reduced odds count as wins).
fn rgb_wins(code: &str, number: u8) -> bool {
    match code {
        "red" => number.is_multiple_of(2),
        "green" => number % 2 == 1,
        "violet" => number == 0 || number == 5,
        "big" => number >= 5,
        "small" => number <= 4,
        _ => code.strip_prefix("num_").and_then(|digit| digit.parse().ok()) == Some(number),
    }
}

#[tokio::test]
async fn k3_and_rgb_probabilities_equal_a_count_of_the_dice_and_numbers() {
    let hall = Hall::open().await;
    let player = hall.app.player().await;
    let lines = |page: &Value| -> Vec<(String, Ratio)> {
        let groups = page["groups"].as_array().expect("groups").iter();
        let lines = groups.flat_map(|group| group["options"].as_array().expect("options").clone());
        lines
            .map(|line| {
                (line["option"].as_str().expect("code").to_owned(), exact(&line["probability"]))
            })
            .collect()
    };
    let k3 =
        hall.app.get("/api/roominfo/rules?room=k3", Some(&player.token)).await.assert_ok().clone();
    let all_dice: Vec<[u8; 3]> =
        (0..216_u8).map(|i| [i / 36 + 1, i / 6 % 6 + 1, i % 6 + 1]).collect();
    for (code, probability) in lines(&k3) {
        let wins = all_dice.iter().filter(|dice| k3_wins(&code, **dice)).count();
        assert_eq!(probability, Ratio::new(u128::try_from(wins).expect("count"), 216), "k3 {code}");
    }
    let rgb = hall
        .app
        .get("/api/roominfo/rules?room=rgb3", Some(&player.token))
        .await
        .assert_ok()
        .clone();
    for (code, probability) in lines(&rgb) {
        let wins = (0..=9).filter(|number| rgb_wins(&code, *number)).count();
        assert_eq!(probability, Ratio::new(u128::try_from(wins).expect("count"), 10), "rgb {code}");
    }
}

#[tokio::test]
async fn the_page_follows_the_live_limits_and_needs_a_session() {
    let hall = Hall::open().await;
    let player = hall.app.player().await;
    let room = Room::parse("k3").expect("room");
    let raised = LimitsOverride { min_bet: Money::parse("5").ok(), ..LimitsOverride::default() };
    let change = LimitsChange::Defaults(raised);
    let changed = hall.app.db.write(move |tx| limits::set_room_limits(tx, room, change)).await;
    assert!(changed.expect("stored").is_ok());

    let page =
        hall.app.get("/api/roominfo/rules?room=k3", Some(&player.token)).await.assert_ok().clone();
    let anonymous = hall.app.get("/api/roominfo/rules?room=k3", None).await;
    let unknown = hall.app.get("/api/roominfo/rules?room=mars", Some(&player.token)).await;

    assert_eq!(page["limits"][0]["min_bet"], "5.00");
    assert_eq!(page["groups"][0]["options"][0]["stake"], "5.00");
    assert_eq!(page["schedule"]["close_secs"], 10);
    assert_eq!(page["fairness"]["draw_source"], "k3");
    anonymous.assert_login_required();
    assert_eq!(unknown.err(), "bad_params");
}
