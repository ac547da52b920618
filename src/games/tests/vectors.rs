//! GAMES.md's published test vectors and the Canada worked example, reproduced exactly.

use super::{test_issue, test_seed};
use crate::games::fairness::fair::DrawStream;
use crate::games::rules::draw::Draw;
use crate::games::rules::room::{DrawSource, Region, RgbMinutes};
use crate::games::rules::yn28::Yn28Draw;

fn derive(source: DrawSource) -> Draw {
    Draw::derive(source, &test_seed(), test_issue())
}

fn yn28(region: Region) -> Yn28Draw {
    match derive(DrawSource::Yn28(region)) {
        Draw::Yn28(draw) => draw,
        other => panic!("{region:?} drew {other:?}"),
    }
}

#[test]
fn k3_draws_dice_3_1_6() {
    let Draw::K3(dice) = derive(DrawSource::K3) else { panic!("not k3") };
    assert_eq!(dice.faces(), [3, 1, 6]);
}

#[test]
fn pk10_draws_the_published_ranking() {
    let Draw::Pk10(ranking) = derive(DrawSource::Pk10) else { panic!("not pk10") };
    assert_eq!(ranking.cars(), [8, 3, 6, 10, 5, 1, 4, 9, 7, 2]);
}

#[test]
fn ssc_draws_6_7_5_0_8() {
    let Draw::Ssc(balls) = derive(DrawSource::Ssc) else { panic!("not ssc") };
    assert_eq!(balls.digits(), [6, 7, 5, 0, 8]);
}

#[test]
fn rgb1_draws_0() {
    let Draw::Rgb(number) = derive(DrawSource::Rgb(RgbMinutes::One)) else { panic!("not rgb") };
    assert_eq!(number.value(), 0);
}

#[test]
fn china_draws_the_published_keno_and_a_b_c() {
    let draw = yn28(Region::China);
    let keno = [2, 4, 9, 11, 15, 26, 29, 33, 36, 39, 41, 43, 46, 48, 55, 59, 67, 75, 78, 79];
    assert_eq!(draw.numbers(), keno);
    assert_eq!(draw.digits().digits(), [7, 1, 0]);
}

#[test]
fn canada_draws_the_published_keno_and_a_b_c() {
    let draw = yn28(Region::Canada);
    let keno = [5, 7, 8, 11, 12, 16, 24, 26, 28, 31, 35, 42, 45, 51, 57, 60, 69, 74, 77, 79];
    assert_eq!(draw.numbers(), keno);
    assert_eq!(draw.digits().digits(), [0, 5, 8]);
}

#[test]
fn usa_draws_the_published_numbers_and_a_b_c() {
    let draw = yn28(Region::Usa);
    assert_eq!(draw.numbers(), [7, 15, 27, 28, 71, 75]);
    assert_eq!(draw.digits().digits(), [2, 3, 8]);
}

#[test]
fn the_canada_worked_example_gives_8_8_4_sum_20() {
    let keno = vec![7, 8, 14, 16, 17, 22, 26, 34, 39, 41, 42, 48, 54, 58, 63, 64, 69, 72, 73, 79];
    let draw = Yn28Draw::new(Region::Canada, keno).expect("valid keno");
    assert_eq!(draw.digits().digits(), [8, 8, 4]);
    assert_eq!(draw.digits().sum(), 20);
}

#[test]
fn the_message_names_the_room_so_rgb_rooms_read_different_streams() {
    let first_word =
        |minutes| DrawStream::new(&test_seed(), DrawSource::Rgb(minutes), test_issue()).next_u32();
    let words = [RgbMinutes::One, RgbMinutes::Three, RgbMinutes::Five].map(first_word);
    assert!(words[0] != words[1] && words[1] != words[2] && words[0] != words[2]);
}

#[test]
fn draws_round_trip_through_json_and_bad_ones_are_refused() {
    for source in DrawSource::all() {
        let draw = derive(source);
        let json = serde_json::to_string(&draw).expect("json");
        assert_eq!(serde_json::from_str::<Draw>(&json).ok().as_ref(), Some(&draw), "{json}");
    }
    assert_eq!(
        serde_json::to_string(&derive(DrawSource::K3)).ok().as_deref(),
        Some(r#"{"game":"k3","result":[3,1,6]}"#)
    );
    let usa = |numbers: &str, digits: &str| {
        let result = format!(r#"{{"region":"usa","numbers":[{numbers}],"digits":[{digits}]}}"#);
        serde_json::from_str::<Draw>(&format!(r#"{{"game":"yn28","result":{result}}}"#))
    };
    assert!(usa("7,15,27,28,71,75", "2,3,8").is_ok());
    assert!(usa("7,15,27,28,71,75", "2,3,9").is_err(), "digits must match the numbers");
    assert!(usa("15,7,27,28,71,75", "2,3,8").is_err(), "numbers must be sorted");
    assert!(serde_json::from_str::<Draw>(r#"{"game":"ssc","result":[1,2,3,4]}"#).is_err());
}
