//! Mean time per puzzle of dlx and some rungs on a puzzle file, in one run,
//! each the fastest of `repeat` passes (the machine is shared):
//!
//! ```sh
//! cargo run --release -p sudoku-propagate --example ladder_vs_dlx -- puzzles/top95.txt 95 prop:mrv/hidden,prop:mrv/locked
//! ```

use std::time::Instant;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_input::PuzzleReader;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "puzzles/top95.txt".into());
    let limit: usize = args.next().map_or(usize::MAX, |s| s.parse().unwrap());
    let ids = args
        .next()
        .unwrap_or_else(|| "norvig,prop:mrv/locked,prop:fewest/locked".into());
    let repeat = 5;
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let puzzles: Vec<Grid> = PuzzleReader::new(file)
        .filter_map(|(_, e)| e.ok().map(|e| e.puzzle))
        .take(limit)
        .collect();
    let mut solvers: Vec<&dyn Solver> = vec![&sudoku_dlx::Dlx];
    for id in ids.split(',') {
        solvers.push(sudoku_propagate::by_id(id).expect("a rung id"));
    }
    let limits = Limits::default();
    let mut best = vec![f64::MAX; solvers.len()];
    let mut stats = vec![(0u64, 0u64, 0usize); solvers.len()];
    for _ in 0..repeat {
        for (i, s) in solvers.iter().enumerate() {
            let started = Instant::now();
            let (mut nodes, mut guesses, mut no_guess) = (0, 0, 0);
            for p in &puzzles {
                let o = s.solve(p, &limits);
                nodes += o.stats.nodes;
                guesses += o.stats.guesses;
                no_guess += (o.stats.guesses == 0) as usize;
            }
            let us = started.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
            best[i] = best[i].min(us);
            stats[i] = (nodes, guesses, no_guess);
        }
    }
    println!(
        "{path}: {} puzzles, fastest of {repeat} passes",
        puzzles.len()
    );
    for (i, s) in solvers.iter().enumerate() {
        let (nodes, guesses, no_guess) = stats[i];
        let n = puzzles.len() as f64;
        println!(
            "{:<22} {:>9.1} µs/puzzle  {:>5.2}x dlx  nodes {:>9.1}  guesses {:>9.1}  no-guess {:>5.1}%",
            s.id(),
            best[i],
            best[i] / best[0],
            nodes as f64 / n,
            guesses as f64 / n,
            no_guess as f64 * 100.0 / n
        );
    }
}
