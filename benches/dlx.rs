//! Dancing Links: time per puzzle against the targets.
//!
//! `cargo bench -p sudoku-lab-benches --bench dlx`
//!
//! Throughput is in puzzles, so criterion's `thrpt` is puzzles per second and
//! the time per puzzle is the iteration time divided by the set size (printed
//! with the node totals before timing). Targets, single thread, proving
//! uniqueness (`Limits::default()`, 2 solutions, what the harness does):
//! under 25 µs per puzzle on the first 2,000 puzzles of
//! `puzzles/17clue.txt` (`unique/17clue_2000`) and under 120 µs on
//! `puzzles/top95.txt` (`unique/top95`). The `first/...` rows stop at
//! the first solution. `given_check/...` times `Grid::conflicts` alone on the
//! same sets: `Run::start` calls it once per solve, so it is part of every
//! figure above, the same for every strategy.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{Grid, Limits, Solver, Verdict};
use sudoku_dlx::Dlx;
use sudoku_testkit::{famous, grid, shared_set};

fn bench(c: &mut Criterion) {
    let sets = [
        ("17clue_2000", shared_set("17clue.txt", 2000)),
        ("top95", shared_set("top95.txt", 95)),
        ("inkala", vec![grid(famous::INKALA)]),
    ];
    for (mode, limits) in [
        ("unique", Limits::default()),
        ("first", Limits::first_solution()),
    ] {
        let mut group = c.benchmark_group(format!("dlx/{mode}"));
        for (name, puzzles) in &sets {
            let outcomes: Vec<_> = puzzles.iter().map(|p| Dlx.solve(p, &limits)).collect();
            let want = if mode == "unique" {
                Verdict::Unique
            } else {
                Verdict::Found
            };
            assert!(
                outcomes.iter().all(|o| o.verdict() == want),
                "{name}: a puzzle is not {want:?}"
            );
            let nodes: u64 = outcomes.iter().map(|o| o.stats.nodes).sum();
            let guesses: u64 = outcomes.iter().map(|o| o.stats.guesses).sum();
            let count = puzzles.len() as u64;
            eprintln!(
                "dlx/{mode}/{name}: {count} puzzles, {:.1} nodes and {:.1} guesses per puzzle; \
                 time per puzzle = time / {count}",
                nodes as f64 / count as f64,
                guesses as f64 / count as f64,
            );
            if puzzles.len() > 100 {
                group.sample_size(20);
            }
            group.throughput(Throughput::Elements(count));
            group.bench_function(*name, |b| b.iter(|| solve_all(puzzles, &limits)));
        }
        group.finish();
    }
    let mut group = c.benchmark_group("dlx/given_check");
    for (name, puzzles) in &sets[..2] {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| black_box(p).conflicts().len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

fn solve_all(puzzles: &[Grid], limits: &Limits) -> u64 {
    puzzles
        .iter()
        .map(|p| Dlx.solve(black_box(p), limits).count)
        .sum()
}

criterion_group!(benches, bench);
criterion_main!(benches);
