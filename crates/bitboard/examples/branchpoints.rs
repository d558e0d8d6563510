//! Branch points per puzzle: the search states that branched (a node with
//! children in the tree its trace replays to), to set beside tdoku's guesses
//! (one per two-way branch). `guesses` counts one per option tried, and
//! bitboard-configs counts none (its branches place no digit), so the tree
//! is the common measure.
//!
//! `cargo run --release -p sudoku-bitboard --example branchpoints -- [--configs] puzzles/field/*.txt`
//! (`--configs`: bitboard-configs, the branch on configurations).
use sudoku_core::{Limits, Recorder};
use sudoku_replay::Replay;

mod common;

fn main() {
    let (solver, args) = common::solver_and_files();
    for path in args {
        let puzzles = sudoku_testkit::read_puzzles(std::path::Path::new(&path), 2000);
        let (mut points, mut nodes) = (0, 0);
        for puzzle in &puzzles {
            let mut recorder = Recorder::default();
            let outcome = solver.solve_traced(puzzle, &Limits::default(), &mut recorder);
            let mut replay = Replay::new(puzzle);
            for event in &recorder.events {
                replay.apply(event);
            }
            let mut parents: Vec<usize> = replay.nodes.iter().filter_map(|n| n.parent).collect();
            parents.sort_unstable();
            parents.dedup();
            points += parents.len() as u64;
            nodes += outcome.stats.nodes;
        }
        let n = puzzles.len() as f64;
        println!(
            "{} {path}: {:.2} branch points, {:.2} nodes per puzzle ({} puzzles)",
            solver.id(),
            points as f64 / n,
            nodes as f64 / n,
            puzzles.len()
        );
    }
}
