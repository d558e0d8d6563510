//! The order of a measurement: which (puzzle, strategy) is timed when.
//!
//! A measurement is a warm-up pass and then R rounds. Each round times every
//! (puzzle, strategy) once: the puzzles in a fresh shuffle (seeded, so a run
//! can be repeated exactly), cut into blocks of [`BLOCK`](super::config::BLOCK)
//! puzzles; every strategy solves a block in turn, and the order of the
//! strategies turns by one from block to block. So every strategy sees the
//! machine over the same window (a slow minute of the machine falls on all of
//! them), no puzzle is solved twice in a row by one strategy (a branch
//! predictor cannot learn one puzzle, as back-to-back repeats let it), and a
//! strategy still solves a few puzzles in a row, as in a pass over a file.

/// SplitMix64 (Steele, Lea and Flood): a small generator with a fixed
/// definition, so a seed gives the same order with every build.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (n > 0), by Lemire's multiply-shift (the bias is
    /// below 2^-32 for the sizes used here).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// `0..n` in the shuffle of round `round` under `seed` (Fisher-Yates).
pub fn shuffled(n: usize, seed: u64, round: usize) -> Vec<usize> {
    let mut rng = SplitMix64::new(seed.wrapping_add((round as u64).wrapping_mul(0x1000_0001)));
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// The strategies' order for block `block`: `0..k` turned by `block`.
pub fn rotation(k: usize, block: usize) -> impl Iterator<Item = usize> {
    (0..k).map(move |i| (i + block) % k.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_seeded_permutations_that_differ_by_round() {
        let a = shuffled(100, 7, 0);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_eq!(a, shuffled(100, 7, 0), "the same seed, the same order");
        assert_ne!(a, shuffled(100, 7, 1), "each round its own order");
        assert_ne!(a, shuffled(100, 8, 0), "each seed its own order");
        assert_eq!(shuffled(0, 1, 0), Vec::<usize>::new());
    }

    #[test]
    fn rotations_turn_by_one() {
        assert_eq!(rotation(3, 0).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(rotation(3, 1).collect::<Vec<_>>(), [1, 2, 0]);
        assert_eq!(rotation(3, 5).collect::<Vec<_>>(), [2, 0, 1]);
    }
}
