//! Minimum remaining values: time per node against the targets.
//!
//! `cargo bench -p sudoku-lab-benches --bench mrv`
//!
//! Every benchmark's throughput is in search nodes (stopping at the first
//! solution), so criterion's `thrpt` is nodes per second and its inverse is
//! the time per node; the node totals are printed once before timing. Targets
//! (35 ns per node): under 0.4 ms for `mrv_10374`, under 650 µs per puzzle
//! on top95, under 2.4 ms per puzzle on the first 2,000 17-clue puzzles.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_mrv::Mrv;
use sudoku_testkit::{famous, grid, shared_set};

fn nodes(puzzles: &[Grid], limits: &Limits) -> u64 {
    puzzles
        .iter()
        .map(|p| Mrv.solve(p, limits).stats.nodes)
        .sum()
}

fn bench(c: &mut Criterion) {
    let limits = Limits::first_solution();
    let mut group = c.benchmark_group("mrv");
    let sets = [
        ("mrv_10374", vec![grid(famous::MRV_10374)]),
        ("inkala", vec![grid(famous::INKALA)]),
        ("top95", shared_set("top95.txt", 95)),
        ("17clue_2000", shared_set("17clue.txt", 2000)),
    ];
    for (name, puzzles) in &sets {
        let total = nodes(puzzles, &limits);
        eprintln!(
            "mrv/{name}: {} puzzles, {total} nodes ({} per puzzle); time per puzzle = time / {}",
            puzzles.len(),
            total / puzzles.len() as u64,
            puzzles.len()
        );
        if puzzles.len() > 100 {
            group.sample_size(10);
        }
        group.throughput(Throughput::Elements(total));
        group.bench_function(*name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| Mrv.solve(black_box(p), &limits).stats.nodes)
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
