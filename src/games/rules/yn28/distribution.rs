//! The exact distribution of a yn28 region's a, b, c. The digits are sums mod 10 of order
//! statistics of a keno draw, so they are close to, but not exactly, uniform over 10^3 (usa's
//! a = (N1 + N6) mod 10 is visibly not). Counting subsets by dynamic programming gives the
//! exact weights the rules page's probabilities, the statistical test and the RTP tests use.

use crate::games::rules::room::Region;
use crate::games::rules::yn28::digit_positions;
use std::sync::LazyLock;

/// `weights[100a + 10b + c]`: how many keno draws (sorted subsets of 1..=80) give a, b, c.
/// They sum to C(80, 20) (or C(80, 6) for usa). Computed once per region (80 x 20 x 1000
/// steps).
pub fn digit_weights(region: Region) -> &'static [u128] {
    static WEIGHTS: LazyLock<[Vec<u128>; 3]> =
        LazyLock::new(|| Region::ALL.map(count_digit_weights));
    let index = Region::ALL.iter().position(|each| *each == region).unwrap_or_default();
    &WEIGHTS[index]
}

fn count_digit_weights(region: Region) -> Vec<u128> {
    let count = match region {
        Region::Usa => 6,
        Region::Canada | Region::China => 20,
    };
    let groups = digit_positions(region);
    let group_of = |position: usize| groups.iter().position(|group| group.contains(&position));
    // states[taken][digits]: subsets of the numbers seen so far with `taken` numbers.
    let mut states = vec![vec![0_u128; 1000]; count + 1];
    states[0][0] = 1;
    for number in 1..=80_usize {
        for taken in (0..count).rev() {
            let Some((from, to)) = split_pair(&mut states, taken) else { continue };
            for digits in 0..1000 {
                let weight = from[digits];
                if weight > 0 {
                    to[shifted(digits, group_of(taken + 1), number)] += weight;
                }
            }
        }
    }
    states.pop().unwrap_or_default()
}

/// `(states[taken], states[taken + 1])`, borrowed together.
fn split_pair(states: &mut [Vec<u128>], taken: usize) -> Option<(&Vec<u128>, &mut Vec<u128>)> {
    let (low, high) = states.split_at_mut(taken + 1);
    Some((low.get(taken)?, high.first_mut()?))
}

/// `digits` (as 100a + 10b + c) after adding `number` to digit `group` (none: unchanged).
fn shifted(digits: usize, group: Option<usize>, number: usize) -> usize {
    let mut parts = [digits / 100, digits / 10 % 10, digits % 10];
    if let Some(group) = group {
        parts[group] = (parts[group] + number) % 10;
    }
    parts[0] * 100 + parts[1] * 10 + parts[2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_count_every_keno_draw_once() {
        let choose = |n: u128, k: u128| (0..k).fold(1_u128, |acc, i| acc * (n - i) / (i + 1));
        for (region, count) in [(Region::China, 20), (Region::Canada, 20), (Region::Usa, 6)] {
            let weights = digit_weights(region);
            assert_eq!(weights.len(), 1000);
            assert_eq!(weights.iter().sum::<u128>(), choose(80, count), "{region:?}");
        }
    }
}
