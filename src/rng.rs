//! A small, fast pseudo-random generator (xorshift64*), for choices that
//! should vary from game to game: book moves, weakened play; and the bit
//! mixer that hashes bitboards into table slots. Not for anything that
//! must be unpredictable to an adversary.

use std::time::{SystemTime, UNIX_EPOCH};

/// SplitMix64's finaliser: every input bit reaches every output bit, so
/// keys built from bitboards that differ in one square land in unrelated
/// table slots.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence is fixed by `seed` (tests, reproducible runs).
    pub fn seeded(seed: u64) -> Rng {
        // Zero is xorshift's one fixed point; mix the seed so nearby seeds differ.
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// A generator seeded from the clock: different in every process.
    pub fn from_time() -> Rng {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Rng::seeded(nanos ^ ((std::process::id() as u64) << 32))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // 128-bit multiply: unbiased enough for n far below 2^64.
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::seeded(7);
        let mut seen = [0u32; 10];
        for _ in 0..10_000 {
            seen[r.below(10) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn seeds_fix_the_sequence() {
        let (mut a, mut b, mut c) = (Rng::seeded(1), Rng::seeded(1), Rng::seeded(2));
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert_eq!(x, y);
        assert_ne!(x, z);
    }
}
