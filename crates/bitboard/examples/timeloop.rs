//! A steady timing loop for tuning bitboard: every puzzle of each set given,
//! solved (proving uniqueness) in chunks of 50, best of 10 runs per chunk
//! (`TIMELOOP_RUNS=N` for more, under a profiler);
//! prints mean µs per puzzle and nodes per puzzle (`PER_PUZZLE=1`: first
//! each puzzle's nodes, verdict and placements, to diff two builds).
//!
//! Repeating a chunk teaches the branch predictor its puzzles: a change that
//! adds a branch on the data can look faster here and be slower in
//! `sudoku-lab compare`, which solves each puzzle once per round (the crate
//! docs have a case). Judge such changes there.
//!
//! `cargo run --release -p sudoku-bitboard --example timeloop -- [--configs] puzzles/top95.txt`
//! (`--configs`: bitboard-configs, the branch on configurations).
use sudoku_core::Limits;

mod common;

fn main() {
    let limits = Limits::default();
    let (solver, args) = common::solver_and_files();
    // More runs per chunk for profiling under `perf record`.
    let runs: usize = std::env::var("TIMELOOP_RUNS").map_or(10, |v| v.parse().expect("a number"));
    for path in args {
        let puzzles = sudoku_testkit::read_puzzles(std::path::Path::new(&path), 2000);
        if std::env::var_os("PER_PUZZLE").is_some() {
            for (i, p) in puzzles.iter().enumerate() {
                let o = solver.solve(p, &limits);
                println!(
                    "{i} {} {:?} {}",
                    o.stats.nodes,
                    o.verdict(),
                    o.stats.placements
                );
            }
        }
        let mut total = 0f64;
        let mut nodes = 0u64;
        for chunk in puzzles.chunks(50) {
            total += sudoku_testkit::fastest_pass(runs, chunk, solver);
            nodes += chunk
                .iter()
                .map(|p| solver.solve(p, &limits).stats.nodes)
                .sum::<u64>();
        }
        let n = puzzles.len() as f64;
        println!(
            "{path}: {:.2} µs/puzzle, {:.2} nodes/puzzle ({} puzzles)",
            total / n * 1e6,
            nodes as f64 / n,
            puzzles.len()
        );
    }
}
