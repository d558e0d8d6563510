//! The figures behind the mems and estimate tables in the crate docs and
//! the guide (issue 28's targets), measured, not asserted.
//!
//! ```text
//! cargo run --release -p sudoku-harness --example mems_and_estimates -- estimates [PROBES] [BUDGET]
//! cargo run --release -p sudoku-harness --example mems_and_estimates -- spearman [BUDGET] [ROUNDS] [IDS]
//! cargo run --release -p sudoku-harness --example mems_and_estimates -- abf [PROBES]
//! ```
//!
//! * `estimates`: on top95, for naive, mrv and dlx, the whole tree counting
//!   every solution (exact, within BUDGET nodes, default 200 million: the
//!   puzzles whose search does not finish are left out and counted) against
//!   Knuth's estimate from PROBES random probes (default 1,000, seed 1):
//!   the median of estimate / actual nodes, the 10th and 90th percentiles
//!   and the extremes.
//! * `spearman`: per strategy that counts mems, Spearman's rank correlation
//!   between a puzzle's mems and its time on top95 and on the first 2,000
//!   17-clue puzzles, proving uniqueness; a puzzle's time is the fastest of
//!   ROUNDS (default 9) interleaved timings, each a batch of plain solves
//!   of about 20 µs (see `fastest_times`); searches over BUDGET nodes
//!   (default 2 million) are left out and counted. Beside it, the timing's
//!   own repeatability: Spearman between the fastest of the odd rounds and
//!   the fastest of the even rounds, two independent timings of the same
//!   work, which bounds what any count can reach. IDS, a comma-separated
//!   list of strategy ids, limits the table to those strategies.
//! * `abf`: naive's estimate of its whole tree on the anti-brute-force seed
//!   (its whole tree is exactly what proving uniqueness searches, counted).

use std::time::Instant;
use sudoku_core::{Grid, Limits};
use sudoku_harness::registry::{estimator, pick, strategies};
use sudoku_reports::study::spearman;
use sudoku_testkit::{seeds, shared_set};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn arg(args: &[String], i: usize, default: u64) -> u64 {
    args.get(i)
        .map_or(default, |a| a.parse().expect("a number"))
}

fn estimates(probes: u64, budget: u64) {
    let set = shared_set("top95.txt", usize::MAX);
    let limits = Limits {
        node_budget: Some(budget),
        ..Limits::count_all()
    };
    for id in ["naive", "mrv", "dlx"] {
        let solver = pick(id).expect("registered");
        let probe = estimator(solver).expect("probeable");
        let mut ratios = Vec::new();
        let mut unfinished = 0;
        let started = Instant::now();
        for puzzle in &set {
            let exact = solver.solve(puzzle, &limits);
            if exact.stop.is_budget() {
                unfinished += 1;
                continue;
            }
            let e = probe(solver, puzzle, probes, 1, None).expect("valid");
            ratios.push(e.nodes / exact.stats.nodes as f64);
        }
        ratios.sort_by(f64::total_cmp);
        println!(
            "{id}: {} of {} top95 puzzles (whole tree within {budget} nodes; {unfinished} left out), \
             {probes} probes: estimate/actual nodes median {:.3}, 10th-90th percentile {:.3}-{:.3}, \
             extremes {:.3}, {:.3} ({:.0} s)",
            ratios.len(),
            set.len(),
            percentile(&ratios, 0.5),
            percentile(&ratios, 0.1),
            percentile(&ratios, 0.9),
            ratios[0],
            ratios[ratios.len() - 1],
            started.elapsed().as_secs_f64()
        );
    }
}

/// A puzzle's time, per solve, for the Spearman table, twice over: the
/// fastest of the odd rounds and the fastest of the even rounds (`rounds`
/// in all, interleaved: each one a pass over the whole set, so a burst of
/// load falls on one timing of many puzzles, not on every timing of one).
/// The two halves are independent measurements of the same work, so their
/// own rank correlation is the ceiling any count can reach against the
/// clock (the timing's repeatability). A timing is a batch of back-to-back
/// plain solves, as many as bring it to about `BATCH_NS` (one solve when a
/// solve alone takes longer), divided by the batch: a microsecond solve is
/// then timed well above the clock's resolution and the cost of reading it.
fn fastest_times(
    solver: &dyn sudoku_core::Solver,
    set: &[&Grid],
    limits: &Limits,
    rounds: usize,
) -> [Vec<f64>; 2] {
    const BATCH_NS: f64 = 20_000.0;
    let time = |puzzle: &Grid, batch: usize| {
        let start = Instant::now();
        for _ in 0..batch {
            std::hint::black_box(solver.solve(std::hint::black_box(puzzle), limits));
        }
        start.elapsed().as_nanos() as f64 / batch as f64
    };
    let batches: Vec<usize> = set
        .iter()
        .map(|p| (BATCH_NS / time(p, 1).max(1.0)).clamp(1.0, 1000.0) as usize)
        .collect();
    let mut best = [
        vec![f64::INFINITY; set.len()],
        vec![f64::INFINITY; set.len()],
    ];
    for round in 0..rounds.max(2) {
        let half = &mut best[round % 2];
        for ((puzzle, &batch), best) in set.iter().zip(&batches).zip(half.iter_mut()) {
            *best = best.min(time(puzzle, batch));
        }
    }
    best
}

fn spearman_table(budget: u64, rounds: usize, only: Option<&str>) {
    let sets = [
        ("top95", shared_set("top95.txt", usize::MAX)),
        ("17-clue (first 2,000)", shared_set("17clue.txt", 2000)),
    ];
    let limits = Limits {
        node_budget: Some(budget),
        ..Limits::default()
    };
    println!(
        "| strategy | set | puzzles | left out (over {budget} nodes) | Spearman(mems, time) | Spearman(time, time) |"
    );
    println!("|---|---|---|---|---|---|");
    let wanted = |id: &str| only.is_none_or(|list| list.split(',').any(|w| w == id));
    for solver in strategies() {
        if !solver.info().reports.mems || !wanted(solver.id()) {
            continue;
        }
        for (name, set) in &sets {
            let (mut mems, mut timed) = (Vec::new(), Vec::new());
            let mut left_out = 0;
            for puzzle in set {
                let counted = solver.solve_counting_mems(puzzle, &limits);
                if counted.stop.is_budget() {
                    left_out += 1;
                    continue;
                }
                mems.push(counted.stats.mems.unwrap_or(0) as f64);
                timed.push(puzzle);
            }
            let [odd, even] = fastest_times(solver, &timed, &limits, rounds);
            let fastest: Vec<f64> = odd.iter().zip(&even).map(|(a, b)| a.min(*b)).collect();
            let shown = |r: Option<f64>| r.map_or("n/a".into(), |r| format!("{r:.3}"));
            println!(
                "| {} | {name} | {} | {left_out} | {} | {} |",
                solver.id(),
                mems.len(),
                shown(spearman(&mems, &fastest)),
                shown(spearman(&odd, &even)),
            );
        }
    }
}

fn anti_brute_force(probes: u64) {
    let (puzzle, _) = &seeds()[4];
    let naive = pick("naive").expect("registered");
    let started = Instant::now();
    let exact = naive.solve_counting_mems(puzzle, &Limits::count_all());
    let took = started.elapsed().as_secs_f64();
    for seed in 1..=3 {
        let e =
            estimator(naive).expect("probeable")(naive, puzzle, probes, seed, None).expect("valid");
        println!(
            "naive on the anti-brute-force seed, seed {seed}, {probes} probes: estimate {:.3e} nodes \
             (sd of one probe {:.3e}), {:.3e} mems; exact whole tree {} nodes, {} mems ({took:.1} s)",
            e.nodes,
            e.nodes_sd,
            e.mems,
            exact.stats.nodes,
            exact.stats.mems.unwrap_or(0)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("estimates") => estimates(arg(&args, 1, 1000), arg(&args, 2, 200_000_000)),
        Some("spearman") => spearman_table(
            arg(&args, 1, 2_000_000),
            arg(&args, 2, 9) as usize,
            args.get(3).map(String::as_str),
        ),
        Some("abf") => anti_brute_force(arg(&args, 1, 1000)),
        _ => eprintln!("usage: mems_and_estimates estimates [PROBES] [BUDGET] | spearman [BUDGET] [ROUNDS] [IDS] | abf [PROBES]"),
    }
}
