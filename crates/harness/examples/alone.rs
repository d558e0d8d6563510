//! One strategy alone in this process, measured as tdoku's own benchmark
//! measures every solver: a warm-up pass, then whole-file passes in file
//! order, the time of a pass divided by its puzzles. The figure `compare`
//! must agree with (`compare --protocol passes` runs this same loop in a
//! child process per strategy).
//!
//! ```text
//! cargo run --release --example alone -- bitboard puzzles/top95.txt
//! cargo run --release --example alone -- reference puzzles/17clue.txt --limit 2000 --passes 9
//! ```
//!
//! With `--per-call`, each solve is timed on its own (an `Instant` around it,
//! as `compare`'s rounds time it) and the pass's figure is the sum of those
//! times; with `--shuffle`, each pass takes the puzzles in a fresh seeded
//! shuffle; with `--budgets`, every solve carries `compare`'s default budgets
//! (2 s, 256 MB). Switching these on one at a time shows what each step
//! from a plain loop towards `compare`'s rounds costs a solver.
//!
//! With `--cpu`, a pass is timed by this thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`) instead of the wall clock: on a loaded
//! machine the time the thread waited for a core is left out.
//!
//! With `--each`, every pass's figure is printed on stderr in the order the
//! passes ran: on a small file a solver can get faster pass after pass, as
//! the CPU's branch predictor learns the file.
//!
//! Prints one line: the strategy, the set, the puzzles, the best and the
//! median pass in µs per puzzle.

use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku_core::{Grid, Limits};
use sudoku_harness::compare::protocol::shuffled;
use sudoku_harness::input::Source;
use sudoku_harness::registry;
use sudoku_input::ReadOptions;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let words: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            let value_of_flag = *i > 0 && matches!(args[i - 1].as_str(), "--passes" | "--limit");
            !(a.starts_with("--") || value_of_flag)
        })
        .map(|(_, a)| a)
        .collect();
    let (Some(id), Some(file)) = (words.first(), words.get(1)) else {
        eprintln!(
            "usage: alone ID FILE [--passes N] [--limit N] [--per-call] [--shuffle] [--budgets] [--cpu] [--each]"
        );
        std::process::exit(2);
    };
    let Some(solver) = registry::find(id) else {
        eprintln!(
            "unknown strategy {id}; the strategies are: {}",
            registry::ids()
        );
        std::process::exit(2);
    };
    let passes = value("--passes").unwrap_or(7).max(1);
    let limit = value("--limit").unwrap_or(usize::MAX);
    let items = match Source::File(file.into()).open(ReadOptions::default()) {
        Ok(items) => items,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let grids: Vec<Grid> = items
        .take(limit)
        .filter_map(|(_, item)| item.ok())
        .map(|entry| entry.puzzle)
        .collect();
    if grids.is_empty() {
        eprintln!("{file}: no puzzles");
        std::process::exit(2);
    }
    let limits = if flag("--budgets") {
        Limits {
            time_budget: Some(Duration::from_secs(2)),
            memory_budget: Some(256_000_000),
            ..Limits::default()
        }
    } else {
        Limits::default()
    };
    let per_call = flag("--per-call");
    let cpu = flag("--cpu");
    for g in &grids {
        black_box(solver.solve(black_box(g), &limits));
    }
    let mut figures = Vec::with_capacity(passes);
    for pass in 0..passes {
        let order: Vec<usize> = if flag("--shuffle") {
            shuffled(grids.len(), 1, pass)
        } else {
            (0..grids.len()).collect()
        };
        let total = if per_call {
            let mut sum = Duration::ZERO;
            for &i in &order {
                let started = Instant::now();
                let outcome = solver.solve(black_box(&grids[i]), &limits);
                sum += started.elapsed();
                black_box(outcome);
            }
            sum
        } else if cpu {
            let started = cpu_ns();
            for &i in &order {
                black_box(solver.solve(black_box(&grids[i]), &limits));
            }
            Duration::from_nanos(cpu_ns() - started)
        } else {
            let started = Instant::now();
            for &i in &order {
                black_box(solver.solve(black_box(&grids[i]), &limits));
            }
            started.elapsed()
        };
        figures.push(total.as_secs_f64() * 1e6 / grids.len() as f64);
    }
    if flag("--each") {
        let each: Vec<String> = figures.iter().map(|f| format!("{f:.3}")).collect();
        eprintln!("{id} passes in order, µs per puzzle: {}", each.join(" "));
    }
    figures.sort_by(f64::total_cmp);
    println!(
        "{id} {file} n={} best_us={:.4} median_us={:.4}",
        grids.len(),
        figures[0],
        figures[figures.len() / 2]
    );
}

/// This thread's CPU time so far, ns.
fn cpu_ns() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}
