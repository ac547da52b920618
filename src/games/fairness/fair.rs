//! Provably fair draws: the seed chain and the byte stream that turns a revealed seed into game
//! values, exactly as GAMES.md "Deriving values from a seed" says (a verifier reruns this from
//! public data). Nothing here reads the clock, the database or a bet.

use crate::error::AppError;
use crate::games::rules::issue::Issue;
use crate::games::rules::room::DrawSource;
use anyhow::Context;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::fmt;

type HmacSha256 = Hmac<Sha256>;

/// A 32-byte chain seed. It is secret until its period is drawn, so `Debug` never shows the
/// bytes and there is no `Display`: `to_hex` is the one deliberate way out.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl Seed {
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// 64 hex digits, either case.
    pub fn parse_hex(text: &str) -> Result<Seed, AppError> {
        let mut bytes = [0; 32];
        hex::decode_to_slice(text, &mut bytes).map_err(|_| AppError::BadFormat)?;
        Ok(Seed(bytes))
    }

    /// Lower-case hex: for the key file, and for the API once the seed is revealed.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A fresh chain end from the operating system's CSPRNG.
    pub fn random() -> Result<Seed, AppError> {
        let mut bytes = [0; 32];
        rand::rngs::OsRng.try_fill_bytes(&mut bytes).context("while drawing a chain seed")?;
        Ok(Seed(bytes))
    }

    /// The seed one link closer to the commitment: `s_{i-1} = SHA-256(s_i)`.
    pub fn previous(&self) -> Seed {
        Seed(Sha256::digest(self.0).into())
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("Seed(..)")
    }
}

/// True when `previous` is the hash of `seed`, i.e. `seed` may follow `previous` in a chain.
pub fn verify_link(seed: &Seed, previous: &Seed) -> bool {
    seed.previous() == *previous
}

/// A room's chain `s_0` (the published commitment) ..= `s_N` (the secret end). It keeps the end
/// and every `CHECKPOINT_INTERVAL`-th seed, so memory is about `N / CHECKPOINT_INTERVAL` seeds
/// and `seed(k)` costs fewer than `CHECKPOINT_INTERVAL` hashes.
pub struct SeedChain {
    end: Seed,
    length: u32,
    /// `checkpoints[i]` is `s_{i * CHECKPOINT_INTERVAL}`; `checkpoints[0]` is the commitment.
    checkpoints: Vec<Seed>,
}

impl SeedChain {
    /// About nineteen years of 60-second periods; generating it takes seconds, not minutes.
    pub const LENGTH_MAX: u32 = 10_000_000;
    pub const CHECKPOINT_INTERVAL: u32 = 1024;

    /// A new chain of `length` periods (seeds `s_1..=s_N`) from a CSPRNG end `s_N`.
    pub fn generate(length: u32) -> Result<SeedChain, AppError> {
        SeedChain::from_end(Seed::random()?, length)
    }

    /// Rebuilds the chain from its stored end (the key file) and length.
    pub fn from_end(end: Seed, length: u32) -> Result<SeedChain, AppError> {
        if !(1..=SeedChain::LENGTH_MAX).contains(&length) {
            return Err(AppError::BadParams);
        }
        let mut checkpoints = Vec::new();
        let mut seed = end.clone();
        for index in (0..=length).rev() {
            if index % SeedChain::CHECKPOINT_INTERVAL == 0 {
                checkpoints.push(seed.clone());
            }
            if index > 0 {
                seed = seed.previous();
            }
        }
        checkpoints.reverse();
        Ok(SeedChain { end, length, checkpoints })
    }

    /// `s_0`, published before the first period.
    pub fn commitment(&self) -> &Seed {
        &self.checkpoints[0]
    }

    /// The secret end `s_N`, for the key file only.
    pub fn end(&self) -> &Seed {
        &self.end
    }

    /// N: the number of periods the chain can draw.
    pub fn length(&self) -> u32 {
        self.length
    }

    /// `s_k` for `k` in `0..=N` (period k draws with `s_k`); None beyond the end.
    pub fn seed(&self, index: u32) -> Option<Seed> {
        if index > self.length {
            return None;
        }
        let above = index.div_ceil(SeedChain::CHECKPOINT_INTERVAL);
        let (mut position, mut seed) = match self.checkpoints.get(usize::try_from(above).ok()?) {
            Some(checkpoint) => (above * SeedChain::CHECKPOINT_INTERVAL, checkpoint.clone()),
            None => (self.length, self.end.clone()),
        };
        while position > index {
            seed = seed.previous();
            position -= 1;
        }
        Some(seed)
    }
}

/// One step of `uniform(n)`, n > 0: `value mod n` when `value < floor(2^32 / n) * n`.
fn accept_uniform(value: u32, n: u32) -> Option<u32> {
    let limit = (1_u64 << 32) / u64::from(n) * u64::from(n);
    (u64::from(value) < limit).then_some(value % n)
}

/// The outcome bytes of one draw: `HMAC-SHA256(key = s_k, msg = "<room>:<issue>:<block>")` for
/// blocks 0, 1, 2... concatenated, read 4 bytes at a time as big-endian u32.
pub struct DrawStream {
    keyed: HmacSha256,
    prefix: String,
    block: u64,
    buffer: [u8; 32],
    used: usize,
}

impl DrawStream {
    pub fn new(seed: &Seed, source: DrawSource, issue: Issue) -> DrawStream {
        // HMAC pads a key shorter than the hash's 64-byte block with zeros (RFC 2104), so this
        // is HMAC keyed with the 32 seed bytes; the test vectors pin it.
        let mut key = [0; 64];
        key[..32].copy_from_slice(&seed.0);
        let keyed = HmacSha256::new(hmac::digest::Key::<HmacSha256>::from_slice(&key));
        let prefix = format!("{}:{issue}:", source.code());
        DrawStream { keyed, prefix, block: 0, buffer: [0; 32], used: 32 }
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.used == self.buffer.len() {
            let mut mac = self.keyed.clone();
            mac.update(self.prefix.as_bytes());
            mac.update(self.block.to_string().as_bytes());
            self.buffer = mac.finalize().into_bytes().into();
            self.block += 1;
            self.used = 0;
        }
        let word = [0, 1, 2, 3].map(|offset| self.buffer[self.used + offset]);
        self.used += 4;
        u32::from_be_bytes(word)
    }

    /// A value in `0..n` without modulo bias: a u32 below `floor(2^32 / n) * n` is taken mod n,
    /// anything else is rejected and the next u32 read. The loop is unbounded by design (any cap
    /// would change the derivation); for the n <= 80 the games use, a read is rejected with
    /// probability below 2^-25. `n = 0` reads nothing and returns 0.
    pub fn uniform(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        loop {
            if let Some(value) = accept_uniform(self.next_u32(), n) {
                return value;
            }
        }
    }

    /// `uniform` for the small ranges of dice, digits and positions.
    pub fn uniform_u8(&mut self, n: u8) -> u8 {
        u8::try_from(self.uniform(u32::from(n))).unwrap_or(0)
    }

    /// Fisher-Yates from the last index down: swap item i with item `uniform(i + 1)`.
    /// Slices are short (at most 80 items here); indices beyond u32 are not supported.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for index in (1..items.len()).rev() {
            let bound = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let other = usize::try_from(self.uniform(bound)).unwrap_or(index);
            items.swap(index, other);
        }
    }

    /// The first `count` values of `shuffle([1..=highest])`, sorted ascending.
    pub fn pick(&mut self, count: usize, highest: u8) -> Vec<u8> {
        let mut numbers: Vec<u8> = (1..=highest).collect();
        self.shuffle(&mut numbers);
        numbers.truncate(count);
        numbers.sort_unstable();
        numbers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tests::{test_issue, test_seed};

    #[test]
    fn the_test_vector_seed_is_the_hash_of_its_text() {
        let expected = "0599ea1dc6190279bd0f278e79006bca589b962daecd14d2ab6ca295834fa058";
        assert_eq!(test_seed().to_hex(), expected);
        assert_eq!(Seed::parse_hex(&expected.to_uppercase()).ok(), Some(test_seed()));
    }

    #[test]
    fn the_k3_stream_starts_with_the_published_words() {
        let mut stream = DrawStream::new(&test_seed(), DrawSource::K3, test_issue());
        let words = [stream.next_u32(), stream.next_u32(), stream.next_u32()];
        assert_eq!(words, [3_615_859_934, 3_091_029_072, 2_503_322_027]);
    }

    #[test]
    fn the_stream_continues_into_block_one_after_eight_words() {
        let mut stream = DrawStream::new(&test_seed(), DrawSource::K3, test_issue());
        let words: Vec<u32> = (0..9).map(|_| stream.next_u32()).collect();
        let mut mac = HmacSha256::new_from_slice(test_seed().as_bytes()).expect("any key length");
        mac.update(format!("k3:{}:1", test_issue()).as_bytes());
        let block_one = mac.finalize().into_bytes();
        let first = u32::from_be_bytes([block_one[0], block_one[1], block_one[2], block_one[3]]);
        assert_eq!(words[8], first);
    }

    #[test]
    fn seeds_never_show_their_bytes_in_debug_output() {
        assert_eq!(format!("{:?}", test_seed()), "Seed(..)");
    }

    #[test]
    fn malformed_hex_seeds_are_refused() {
        for text in ["", "00", &"g".repeat(64), &"0".repeat(63), &"0".repeat(66)] {
            assert!(Seed::parse_hex(text).is_err(), "{text}");
        }
    }

    #[test]
    fn every_link_of_a_generated_chain_verifies() {
        let length = 2100;
        let chain = SeedChain::generate(length).expect("chain");
        let mut walked = vec![chain.end().clone()];
        while walked.len() <= 2100 {
            walked.push(walked[walked.len() - 1].previous());
        }
        walked.reverse();
        assert_eq!(&walked[0], chain.commitment());
        for pair in walked.windows(2) {
            assert!(verify_link(&pair[1], &pair[0]));
            assert!(!verify_link(&pair[0], &pair[1]), "links only go one way");
        }
        // Around each checkpoint (every 1024) and the end.
        for index in [0, 1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 2099, 2100] {
            assert_eq!(chain.seed(index).as_ref(), Some(&walked[index as usize]), "s_{index}");
        }
        assert!(chain.seed(length + 1).is_none());
    }

    #[test]
    fn a_chain_rebuilt_from_its_end_is_the_same_chain() {
        let chain = SeedChain::generate(3).expect("chain");
        let rebuilt = SeedChain::from_end(chain.end().clone(), 3).expect("chain");
        assert_eq!(rebuilt.commitment(), chain.commitment());
        assert_eq!(chain.commitment(), &chain.end().previous().previous().previous());
        assert!(SeedChain::from_end(chain.end().clone(), 0).is_err());
        assert!(SeedChain::from_end(chain.end().clone(), SeedChain::LENGTH_MAX + 1).is_err());
    }

    #[test]
    fn uniform_rejects_words_at_or_above_the_limit() {
        // n = 6: limit = 715_827_882 * 6 = 4_294_967_292; n = 80: 53_687_091 * 80.
        assert_eq!(accept_uniform(4_294_967_291, 6), Some(4_294_967_291 % 6));
        assert_eq!(accept_uniform(4_294_967_292, 6), None);
        assert_eq!(accept_uniform(u32::MAX, 6), None);
        assert_eq!(accept_uniform(4_294_967_279, 80), Some(79));
        assert_eq!(accept_uniform(4_294_967_280, 80), None);
        assert_eq!(accept_uniform(u32::MAX, 1), Some(0), "n = 1 never rejects");
        assert_eq!(accept_uniform(u32::MAX, 1 << 31), Some((1 << 31) - 1));
        assert_eq!(accept_uniform(u32::MAX, 3), None);
        let mut stream = DrawStream::new(&test_seed(), DrawSource::K3, test_issue());
        assert_eq!(stream.uniform(6), 3_615_859_934 % 6);
        let mut stream = DrawStream::new(&test_seed(), DrawSource::K3, test_issue());
        assert_eq!(stream.uniform(0), 0, "reads nothing");
        assert_eq!(stream.next_u32(), 3_615_859_934);
        assert_eq!(stream.uniform(1), 0);
    }

    #[test]
    fn shuffle_and_pick_keep_every_value_once() {
        let mut stream = DrawStream::new(&test_seed(), DrawSource::K3, test_issue());
        let picked = stream.pick(20, 80);
        assert_eq!(picked.len(), 20);
        assert!(picked.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(picked.iter().all(|number| (1..=80).contains(number)));
        let mut items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        stream.shuffle(&mut items);
        let mut sorted = items;
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
}
