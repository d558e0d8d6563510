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
use sudoku_core::{Grid, Limits, Solver};
use sudoku_testkit::shared_set;

/// Per puzzle and solver: (nodes, mems, fastest seconds). The solvers'
/// timed solves alternate, puzzle by puzzle and run by run, so that a change
/// in the machine's load falls on all of them alike.
fn measure(solvers: &[&dyn Solver], set: &[Grid], runs: usize) -> Vec<Vec<(u64, u64, f64)>> {
    let limits = Limits::default();
    let mut rows = vec![Vec::with_capacity(set.len()); solvers.len()];
    for p in set {
        let mut best = vec![f64::INFINITY; solvers.len()];
        for _ in 0..runs {
            for (k, solver) in solvers.iter().enumerate() {
                let start = Instant::now();
                std::hint::black_box(solver.solve(p, &limits));
                best[k] = best[k].min(start.elapsed().as_secs_f64());
            }
        }
        for (k, solver) in solvers.iter().enumerate() {
            let counted = solver.solve_counting_mems(p, &limits);
            let mems = counted.stats.mems.expect("dlx and dcells count mems");
            rows[k].push((counted.stats.nodes, mems, best[k]));
        }
    }
    rows
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(3, |a| a.parse().expect("usage: links_vs_cells [RUNS]"));
    let dlx: &dyn Solver = &sudoku_dlx::Dlx;
    let dcells: &dyn Solver = &sudoku_dcells::Dcells;
    println!("| set | puzzles | nodes/puzzle | dlx mems/puzzle | dcells mems/puzzle | dlx µs/puzzle | dcells µs/puzzle | dlx ns/mem | dcells ns/mem | dcells/dlx per mem |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, limit) in [
        ("top95.txt", 95),
        ("17clue.txt", 2000),
        ("9x9-hard.txt", usize::MAX),
        ("16x16.txt", usize::MAX),
        ("25x25.txt", usize::MAX),
    ] {
        let set = shared_set(name, limit);
        let rows = measure(&[dlx, dcells], &set, runs);
        let (a, b) = (&rows[0], &rows[1]);
        let n = set.len() as f64;
        let sum =
            |v: &[(u64, u64, f64)], f: fn(&(u64, u64, f64)) -> f64| v.iter().map(f).sum::<f64>();
        let (nodes_a, nodes_b) = (sum(a, |r| r.0 as f64), sum(b, |r| r.0 as f64));
        assert_eq!(nodes_a, nodes_b, "dcells enters dlx's nodes");
        let (mems_a, mems_b) = (sum(a, |r| r.1 as f64), sum(b, |r| r.1 as f64));
        let (t_a, t_b) = (sum(a, |r| r.2), sum(b, |r| r.2));
        println!(
            "| {name} | {} | {:.0} | {:.0} | {:.0} | {:.1} | {:.1} | {:.3} | {:.3} | {:.2} |",
            set.len(),
            nodes_a / n,
            mems_a / n,
            mems_b / n,
            t_a / n * 1e6,
            t_b / n * 1e6,
            t_a / mems_a * 1e9,
            t_b / mems_b * 1e9,
            (t_b / mems_b) / (t_a / mems_a),
        );
    }
}
