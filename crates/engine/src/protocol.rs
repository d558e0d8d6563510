//! The order of a measurement: which (puzzle, strategy) is timed when.
//!
//! A measurement cuts a set into blocks of [`BLOCK`](super::config::BLOCK)
//! puzzles (by default the whole chunk read, so a set of up to 2,048 puzzles
//! is one block). Each strategy in turn takes a block through a warm-up pass
//! and then R rounds back to back, each round timing every puzzle of the
//! block once: in file order ([`Order::File`], the default) or in a seeded
//! shuffle ([`Order::Shuffled`]); the order of the strategies turns by one
//! from block to block. So a strategy makes whole-set passes in a row, in
//! the file's order, as a solver's own benchmark does, and no puzzle is
//! solved twice in a row (a branch predictor learns one puzzle repeated, as
//! back-to-back repeats let it). The strategies do not take turns within a
//! block: the code and branch history of another solver between two rounds
//! cost tdoku a fifth on top95 against its own benchmark (AMD EPYC), which
//! makes its passes back to back.

use sudoku_core::estimate::SplitMix;

/// The order of the puzzles within a round (`compare --order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// File order in every round, as a pass over the file takes them. The
    /// default: consecutive puzzles of a file are often alike (the 17-clue
    /// set is sorted), and solvers' own benchmarks see them in that order;
    /// a shuffle cost tdoku and bitboard alike about a tenth on the 17-clue
    /// set (the `alone` example, AMD EPYC), a cost no solver's benchmark has.
    #[default]
    File,
    /// A fresh seeded shuffle each round ([`shuffled`]): no puzzle sits at
    /// the same point of every round.
    Shuffled,
}

impl Order {
    pub fn as_str(self) -> &'static str {
        match self {
            Order::File => "file",
            Order::Shuffled => "shuffled",
        }
    }
}

/// `0..n` in the order of round `round`.
pub fn ordered(n: usize, order: Order, seed: u64, round: usize) -> Vec<usize> {
    match order {
        Order::File => (0..n).collect(),
        Order::Shuffled => shuffled(n, seed, round),
    }
}

/// `0..n` in the shuffle of round `round` under `seed` (Fisher-Yates).
pub fn shuffled(n: usize, seed: u64, round: usize) -> Vec<usize> {
    let mut rng = SplitMix(seed.wrapping_add((round as u64).wrapping_mul(0x1000_0001)));
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.index(i + 1));
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
