//! bitboard: time per puzzle against the targets, beside the
//! reference (when the harness is built with its `reference` feature) and dlx.
//!
//! `cargo bench -p sudoku-lab-benches --bench bitboard`
//!
//! Throughput is in puzzles, so criterion's `thrpt` is puzzles per second.
//! Targets, single thread, proving uniqueness (`Limits::default()`): at most
//! the reference's time on top95, the first 2,000 17-clue puzzles and
//! hardest; at most a third of dlx's on the bundled 16x16 and 25x25 sets.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_testkit::{puzzle_path, read_entries, shared_set};

fn bundled(name: &str) -> Vec<Grid> {
    read_entries(&puzzle_path(name))
        .into_iter()
        .map(|e| e.puzzle)
        .collect()
}

fn bench(c: &mut Criterion) {
    let sets = [
        ("top95", shared_set("top95.txt", 95)),
        ("17clue_2000", shared_set("17clue.txt", 2000)),
        ("hardest", shared_set("hardest.txt", usize::MAX)),
        ("16x16", bundled("16x16.txt")),
        ("25x25", bundled("25x25.txt")),
    ];
    let solvers: Vec<&dyn Solver> = ["bitboard", "reference", "dlx"]
        .iter()
        .filter_map(|id| sudoku_harness::registry::find(id))
        .collect();
    let limits = Limits::default();
    for (name, puzzles) in &sets {
        let mut group = c.benchmark_group(format!("bitboard/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        if puzzles.len() > 100 {
            group.sample_size(20);
        }
        for solver in &solvers {
            if solver.supports(puzzles[0].shape()).is_err() {
                continue;
            }
            let nodes: u64 = puzzles
                .iter()
                .map(|p| solver.solve(p, &limits).stats.nodes)
                .sum();
            eprintln!(
                "{}/{name}: {:.1} nodes per puzzle",
                solver.id(),
                nodes as f64 / puzzles.len() as f64
            );
            group.bench_function(solver.id(), |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|p| solver.solve(black_box(p), &limits).count)
                        .sum::<u64>()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
