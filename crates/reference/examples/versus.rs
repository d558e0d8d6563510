//! bitboard against the reference in one steady loop, for tuning bitboard:
//! for each set, every 9x9 puzzle given (at most 2,000) is solved proving
//! uniqueness, in chunks of 50, both strategies alternating, best of 10 runs
//! per chunk (`VERSUS_RUNS=N` for more); prints mean µs per puzzle for each
//! and their ratio. Quieter than `compare` on a shared machine: both
//! strategies see the same load.
//!
//! `VERSUS_ONLY=bitboard` (or `reference`, or `none`) runs one side only,
//! for counting instructions under valgrind.
//!
//! `cargo run --release -p sudoku-reference --example versus -- puzzles/hardest.txt`
use sudoku_core::{Grid, Shape};
use sudoku_testkit::fastest_pass;

fn main() {
    let runs: usize = std::env::var("VERSUS_RUNS").map_or(10, |v| v.parse().expect("a number"));
    for path in std::env::args().skip(1) {
        let puzzles: Vec<Grid> = sudoku_testkit::read_entries(std::path::Path::new(&path))
            .into_iter()
            .map(|e| e.puzzle)
            .filter(|p| p.shape() == Shape::CLASSIC)
            .take(2000)
            .collect();
        let only = std::env::var("VERSUS_ONLY").ok();
        let run = |id: &str| only.as_deref().is_none_or(|o| o == id);
        let (mut ours, mut theirs) = (0.0, 0.0);
        for chunk in puzzles.chunks(50) {
            if run("bitboard") {
                ours += fastest_pass(runs, chunk, &sudoku_bitboard::Bitboard);
            }
            if run("reference") {
                theirs += fastest_pass(runs, chunk, &sudoku_reference::Reference);
            }
        }
        let n = puzzles.len() as f64;
        println!(
            "{path}: bitboard {:.2} µs, reference {:.2} µs, {:.2}x ({} puzzles)",
            ours / n * 1e6,
            theirs / n * 1e6,
            ours / theirs,
            puzzles.len()
        );
    }
}
