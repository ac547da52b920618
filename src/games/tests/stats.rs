//! Derived draws have the expected frequencies: Pearson chi-square statistics compared with
//! the critical value for p = 0.001 at the right degrees of freedom (computed with mpmath's
//! regularized upper incomplete gamma: 9 -> 27.877, 45 -> 80.077, 79 -> 123.594,
//! 81 -> 126.083, 89 -> 135.978, 215 -> 284.815, 999 -> 1142.848).
//!
//! Draws are deterministic: draw i uses issue 20261122 + (i mod 9999 + 1) and the (i / 9999)-th
//! seed of the chain SHA-256^j(test seed). Debug builds (`cargo test`) derive 100,000 draws per
//! game; release builds (`cargo test --release --lib games::tests::stats`) 1,000,000;
//! `FAIRHALL_STAT_DRAWS` overrides both.
//!
//! Statistics are not money: this test-only module computes them in floating point.
#![allow(clippy::float_arithmetic)]

use super::test_seed;
use crate::games::fairness::fair::Seed;
use crate::games::rules::draw::Draw;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::{DrawSource, Region, RgbMinutes};
use crate::games::rules::yn28::distribution::digit_weights;
use chrono::NaiveDate;

fn draw_count() -> usize {
    let default = if cfg!(debug_assertions) { 100_000 } else { 1_000_000 };
    let configured = std::env::var("FAIRHALL_STAT_DRAWS").ok();
    configured.and_then(|text| text.parse().ok()).unwrap_or(default)
}

/// The deterministic draws of `source` described above.
fn draws(source: DrawSource) -> impl Iterator<Item = Draw> {
    let date = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
    let mut seed: Seed = test_seed();
    (0..draw_count()).map(move |index| {
        let sequence = u16::try_from(index % 9999 + 1).expect("sequence");
        if index > 0 && sequence == 1 {
            seed = seed.previous();
        }
        Draw::derive(source, &seed, Issue::new(date, sequence).expect("issue"))
    })
}

/// Pearson's statistic of `observed` counts against expected probabilities `weights / total`.
fn chi_square(observed: &[u64], weights: &[f64]) -> f64 {
    let total_weight: f64 = weights.iter().sum();
    let draws: u64 = observed.iter().sum();
    let expected = |weight: f64| draws as f64 * weight / total_weight;
    observed
        .iter()
        .zip(weights)
        .map(|(count, weight)| (*count as f64 - expected(*weight)).powi(2) / expected(*weight))
        .sum()
}

fn assert_below(name: &str, statistic: f64, degrees: u32, critical: f64) {
    println!(
        "{name}: chi-square {statistic:.2} at {degrees} degrees of freedom (p = 0.001: {critical})"
    );
    assert!(statistic < critical, "{name}: {statistic:.2} >= {critical}");
}

#[test]
fn k3_dice_triples_are_uniform_over_216() {
    let mut counts = vec![0_u64; 216];
    for draw in draws(DrawSource::K3) {
        let Draw::K3(dice) = draw else { panic!("k3") };
        let [x, y, z] = dice.faces().map(usize::from);
        counts[(x - 1) * 36 + (y - 1) * 6 + (z - 1)] += 1;
    }
    assert_below("k3 (d1, d2, d3)", chi_square(&counts, &[1.0; 216]), 215, 284.815);
}

#[test]
fn pk10_rankings_are_uniform_by_position_and_in_the_top_two() {
    let mut by_position = vec![0_u64; 100];
    let mut top_two = vec![0_u64; 100];
    for draw in draws(DrawSource::Pk10) {
        let Draw::Pk10(ranking) = draw else { panic!("pk10") };
        let cars = ranking.cars().map(|car| usize::from(car) - 1);
        for (position, car) in cars.iter().enumerate() {
            by_position[position * 10 + car] += 1;
        }
        top_two[cars[0] * 10 + cars[1]] += 1;
    }
    // A car appears once per draw and a position holds one car, so both margins are fixed:
    // for a uniform permutation the statistic is (n / (n - 1)) chi-square((n - 1)^2), n = 10.
    let statistic = chi_square(&by_position, &[1.0; 100]) * 9.0 / 10.0;
    assert_below("pk10 position x car", statistic, 81, 126.083);
    let pairs: Vec<f64> =
        (0..100).map(|cell| if cell / 10 == cell % 10 { 0.0 } else { 1.0 }).collect();
    let (observed, weights): (Vec<u64>, Vec<f64>) =
        top_two.into_iter().zip(pairs).filter(|(_, weight)| *weight > 0.0).unzip();
    assert_below("pk10 (champion, runner-up)", chi_square(&observed, &weights), 89, 135.978);
}

#[test]
fn ssc_balls_are_uniform_alone_and_in_the_front_three() {
    let mut per_ball = vec![0_u64; 50];
    let mut front = vec![0_u64; 1000];
    for draw in draws(DrawSource::Ssc) {
        let Draw::Ssc(balls) = draw else { panic!("ssc") };
        let digits = balls.digits().map(usize::from);
        for (ball, digit) in digits.iter().enumerate() {
            per_ball[ball * 10 + digit] += 1;
        }
        front[digits[0] * 100 + digits[1] * 10 + digits[2]] += 1;
    }
    // Five independent 10-cell tests: 5 x 9 degrees of freedom.
    let statistic: f64 = per_ball.chunks(10).map(|ball| chi_square(ball, &[1.0; 10])).sum();
    assert_below("ssc ball digits", statistic, 45, 80.077);
    assert_below("ssc (b1, b2, b3)", chi_square(&front, &[1.0; 1000]), 999, 1142.848);
}

#[test]
fn rgb_numbers_are_uniform() {
    let mut counts = vec![0_u64; 10];
    for draw in draws(DrawSource::Rgb(RgbMinutes::One)) {
        let Draw::Rgb(number) = draw else { panic!("rgb") };
        counts[usize::from(number.value())] += 1;
    }
    assert_below("rgb1 number", chi_square(&counts, &[1.0; 10]), 9, 27.877);
}

/// Keno numbers appear equally often, and a, b, c follow the exact keno distribution.
fn check_yn28(region: Region) {
    let mut numbers = vec![0_u64; 80];
    let mut digits = vec![0_u64; 1000];
    let mut picked = 0;
    for draw in draws(DrawSource::Yn28(region)) {
        let Draw::Yn28(draw) = draw else { panic!("yn28") };
        picked = draw.numbers().len();
        for number in draw.numbers() {
            numbers[usize::from(*number) - 1] += 1;
        }
        let [a, b, c] = draw.digits().digits().map(usize::from);
        digits[a * 100 + b * 10 + c] += 1;
    }
    // Each draw is a uniform m-subset of 80, not m independent picks: the per-number
    // statistic is (1 - m/80) (80/79) chi-square(79).
    let share = picked as f64 / 80.0;
    let statistic = chi_square(&numbers, &[1.0; 80]) / ((1.0 - share) * 80.0 / 79.0);
    assert_below(&format!("{} keno numbers", region.code()), statistic, 79, 123.594);
    let weights: Vec<f64> = digit_weights(region).iter().map(|weight| *weight as f64).collect();
    let name = format!("{} (a, b, c) against the exact keno distribution", region.code());
    assert_below(&name, chi_square(&digits, &weights), 999, 1142.848);
}

#[test]
fn yn28_china_keno_and_digits_have_the_expected_frequencies() {
    check_yn28(Region::China);
}

#[test]
fn yn28_canada_keno_and_digits_have_the_expected_frequencies() {
    check_yn28(Region::Canada);
}

#[test]
fn yn28_usa_keno_and_digits_have_the_expected_frequencies() {
    check_yn28(Region::Usa);
}
