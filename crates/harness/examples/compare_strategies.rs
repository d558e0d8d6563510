//! Solve one puzzle with every registered strategy and print what each did.
//!
//! ```text
//! cargo run --release --example compare_strategies
//! cargo run --release --example compare_strategies -- 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! ```
//!
//! Every strategy implements the same `Solver` trait, so one loop runs them
//! all. The counts (nodes, guesses, backtracks) are the same on every machine;
//! the times are not.

use std::time::Instant;
use sudoku_core::{Grid, Limits};
use sudoku_harness::registry;

/// Arto Inkala's "world's hardest Sudoku" (2012): hard for a backtracker.
const INKALA: &str =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";

fn main() {
    // The puzzle: the first command-line argument, or Inkala's.
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| INKALA.to_string());
    let puzzle: Grid = match text.parse() {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("not a puzzle: {e}");
            std::process::exit(2);
        }
    };
    println!("{}", puzzle.pretty());

    // Look for up to 2 solutions, so that each strategy proves the solution is unique.
    let limits = Limits::default();

    println!(
        "{:<10} {:>9} {:>10} {:>10} {:>10} {:>11}  verdict",
        "strategy", "nodes", "guesses", "backtracks", "max depth", "time"
    );
    for solver in registry::strategies() {
        if solver.supports(puzzle.shape()).is_err() {
            println!(
                "{:<10} does not solve {} grids",
                solver.id(),
                puzzle.shape()
            );
            continue;
        }
        let started = Instant::now();
        let outcome = solver.solve(&puzzle, &limits);
        let time = started.elapsed();

        // A strategy may only claim a solution that really is one.
        for solution in &outcome.solutions {
            assert!(
                solution.is_solution_of(&puzzle),
                "{} found a wrong solution",
                solver.id()
            );
        }

        let s = outcome.stats;
        if solver.info().reports.nodes {
            println!(
                "{:<10} {:>9} {:>10} {:>10} {:>10} {:>9.2}ms  {}",
                solver.id(),
                s.nodes,
                s.guesses,
                s.backtracks,
                s.max_depth,
                time.as_secs_f64() * 1e3,
                outcome.verdict().describe()
            );
        } else {
            // The reference solver does not tell how it searched.
            let na = "n/a";
            println!(
                "{:<10} {na:>9} {na:>10} {na:>10} {na:>10} {:>9.2}ms  {}",
                solver.id(),
                time.as_secs_f64() * 1e3,
                outcome.verdict().describe()
            );
        }
    }
}
