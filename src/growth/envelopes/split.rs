//! How an envelope's total becomes its shares (GAMES.md "Red envelopes"): pure, no database.
//! Every share is at least one minor unit (0.01) and the shares sum to the total exactly.

use super::types::Mode;
use rand::seq::SliceRandom;
use rand::{CryptoRng, Rng};

/// The shares of `total_minor` in `quantity` parts, shuffled. The caller has checked
/// `1 <= quantity <= total_minor`. `rng` is a CSPRNG (the operating system's in production,
/// a seeded ChaCha in tests): shares are secret until claimed and never come from a draw chain.
pub fn split<R: Rng + CryptoRng>(
    total_minor: i64,
    quantity: i64,
    mode: Mode,
    rng: &mut R,
) -> Vec<i64> {
    let mut shares = match mode {
        Mode::Fixed => fixed_shares(total_minor, quantity),
        Mode::Random => random_shares(total_minor, quantity, rng),
    };
    shares.shuffle(rng);
    shares
}

/// Equal shares; the remainder of the division adds one minor unit to the first shares.
fn fixed_shares(total_minor: i64, quantity: i64) -> Vec<i64> {
    let (base, remainder) = (total_minor / quantity, total_minor % quantity);
    (0..quantity).map(|index| base + i64::from(index < remainder)).collect()
}

/// "Double mean": with `left` minor units and `k` shares to go, a share is all of `left` when
/// k = 1, else `1 + uniform(0..=2 * spare)` with `spare = (left - k) / k`: between the minimum
/// and about twice the remaining average, always leaving at least one unit per later share.
fn random_shares<R: Rng>(total_minor: i64, quantity: i64, rng: &mut R) -> Vec<i64> {
    let mut left = total_minor;
    let mut shares = Vec::with_capacity(usize::try_from(quantity).unwrap_or_default());
    for to_go in (1..=quantity).rev() {
        let share = if to_go == 1 {
            left
        } else {
            let spare = (left - to_go) / to_go;
            1 + rng.gen_range(0..=2 * spare)
        };
        shares.push(share);
        left -= share;
    }
    shares
}

/// The position of the largest share (the first of equal ones).
pub fn luckiest(shares: &[i64]) -> Option<usize> {
    let largest = shares.iter().copied().max()?;
    shares.iter().position(|share| *share == largest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn fixed_shares_are_equal_and_spread_the_remainder_so_the_sum_is_exact() {
        let mut rng = StdRng::seed_from_u64(1);
        let mut shares = split(1000, 3, Mode::Fixed, &mut rng);
        shares.sort_unstable();
        assert_eq!(shares, vec![333, 333, 334]);
        assert_eq!(split(500, 5, Mode::Fixed, &mut rng), vec![100; 5]);
        assert_eq!(split(7, 7, Mode::Fixed, &mut rng), vec![1; 7]);
    }

    #[test]
    fn random_shares_stay_within_bounds_and_sum_exactly_over_many_seeds() {
        let cases = [(1, 1), (2, 2), (10, 3), (1000, 10), (99_999, 37), (10_000, 1000), (5, 4)];
        for seed in 0..400 {
            let mut rng = StdRng::seed_from_u64(seed);
            for (total, quantity) in cases {
                let shares = split(total, quantity, Mode::Random, &mut rng);
                assert_eq!(shares.len() as i64, quantity, "seed {seed}");
                assert_eq!(shares.iter().sum::<i64>(), total, "seed {seed} {total}/{quantity}");
                assert!(shares.iter().all(|share| *share >= 1), "seed {seed}: {shares:?}");
                // No share exceeds twice the first average plus the minimum unit but the last,
                // which takes what is left (at most the whole total).
                assert!(shares.iter().all(|share| *share <= total), "seed {seed}");
            }
        }
    }

    #[test]
    fn each_random_share_is_at_most_about_twice_the_remaining_average() {
        for seed in 0..200 {
            let mut rng = StdRng::seed_from_u64(seed);
            let (total, quantity) = (10_000, 20);
            let shares = random_shares(total, quantity, &mut rng);
            let mut left = total;
            for (index, share) in shares.iter().enumerate() {
                let to_go = quantity - index as i64;
                if to_go > 1 {
                    assert!(*share <= 1 + 2 * ((left - to_go) / to_go), "seed {seed}");
                }
                left -= share;
            }
            assert_eq!(left, 0);
        }
    }

    #[test]
    fn random_splits_differ_between_seeds() {
        let first = split(10_000, 10, Mode::Random, &mut StdRng::seed_from_u64(7));
        let second = split(10_000, 10, Mode::Random, &mut StdRng::seed_from_u64(8));
        assert_ne!(first, second);
    }

    #[test]
    fn the_luckiest_is_the_first_largest_share() {
        assert_eq!(luckiest(&[3, 9, 2, 9]), Some(1));
        assert_eq!(luckiest(&[]), None);
    }
}
