//! dlx against dcells, and mems against time: the figures behind the table
//! in the crate docs and the README.
//!
//! `cargo run --release -p sudoku-dcells --example links_vs_cells [RUNS]`
//!
//! For each bundled set: the nodes, the mems (one counting solve per puzzle)
//! and the time (the fastest of RUNS plain solves per puzzle, default 3) of
//! dlx and dcells, proving uniqueness, and time per mem. Then, per strategy
//! that counts mems, Spearman's rank correlation between a puzzle's mems and
//! its time on top95 and the first 2,000 17-clue puzzles.

use std::time::Instant;
use sudoku_core::stats::spearman;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_testkit::{puzzle_path, read_entries};

fn puzzles(name: &str, limit: usize) -> Vec<Grid> {
    read_entries(&puzzle_path(name))
        .into_iter()
        .take(limit)
        .map(|e| e.puzzle)
        .collect()
}

/// Per puzzle: (nodes, mems, fastest seconds).
fn measure(solver: &dyn Solver, set: &[Grid], runs: usize) -> Vec<(u64, u64, f64)> {
    let limits = Limits::default();
    set.iter()
        .map(|p| {
            let counted = solver.solve_counting_mems(p, &limits);
            let best = (0..runs)
                .map(|_| {
                    let start = Instant::now();
                    std::hint::black_box(solver.solve(p, &limits));
                    start.elapsed().as_secs_f64()
                })
                .fold(f64::INFINITY, f64::min);
            (counted.stats.nodes, counted.stats.mems.unwrap_or(0), best)
        })
        .collect()
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(3, |a| a.parse().expect("usage: versus [RUNS]"));
    let dlx: &dyn Solver = &sudoku_dlx::Dlx;
    let dcells: &dyn Solver = &sudoku_dcells::Dcells;
    println!("| set | puzzles | nodes/puzzle | dlx mems/puzzle | dcells mems/puzzle | dlx µs/puzzle | dcells µs/puzzle | dlx ns/mem | dcells ns/mem |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, limit) in [
        ("top95.txt", 95),
        ("17clue.txt", 2000),
        ("9x9-hard.txt", usize::MAX),
        ("16x16.txt", usize::MAX),
        ("25x25.txt", usize::MAX),
    ] {
        let set = puzzles(name, limit);
        let a = measure(dlx, &set, runs);
        let b = measure(dcells, &set, runs);
        let n = set.len() as f64;
        let sum =
            |v: &[(u64, u64, f64)], f: fn(&(u64, u64, f64)) -> f64| v.iter().map(f).sum::<f64>();
        let (nodes_a, nodes_b) = (sum(&a, |r| r.0 as f64), sum(&b, |r| r.0 as f64));
        assert_eq!(nodes_a, nodes_b, "dcells enters dlx's nodes");
        let (mems_a, mems_b) = (sum(&a, |r| r.1 as f64), sum(&b, |r| r.1 as f64));
        let (t_a, t_b) = (sum(&a, |r| r.2), sum(&b, |r| r.2));
        println!(
            "| {name} | {} | {:.0} | {:.0} | {:.0} | {:.1} | {:.1} | {:.3} | {:.3} |",
            set.len(),
            nodes_a / n,
            mems_a / n,
            mems_b / n,
            t_a / n * 1e6,
            t_b / n * 1e6,
            t_a / mems_a * 1e9,
            t_b / mems_b * 1e9,
        );
    }
    println!();
    println!("| strategy | Spearman(mems, time), top95 | 17clue first 2,000 |");
    println!("|---|---:|---:|");
    let strategies: [&dyn Solver; 3] = [&sudoku_mrv::Mrv, dlx, dcells];
    let top95 = puzzles("top95.txt", 95);
    let clue17 = puzzles("17clue.txt", 2000);
    for solver in strategies {
        let rho = |set: &[Grid]| {
            let r = measure(solver, set, runs);
            let mems: Vec<f64> = r.iter().map(|x| x.1 as f64).collect();
            let time: Vec<f64> = r.iter().map(|x| x.2).collect();
            spearman(&mems, &time).unwrap_or(f64::NAN)
        };
        println!(
            "| {} | {:.3} | {:.3} |",
            solver.id(),
            rho(&top95),
            rho(&clue17)
        );
    }
}
