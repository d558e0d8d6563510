//! Every strategy on the same small, fixed samples: puzzles per second, so
//! `cargo bench` gives stable per-strategy figures to set beside the harness's
//! tables.
//!
//! `cargo bench -p sudoku-lab-benches --bench strategies`
//!
//! Samples: the first three seed puzzles, the first 20 of top95, the first 50 of the
//! 17-clue set, and the bundled 9x9-minimal and 16x16 sets, for every headline
//! strategy of the registry. The brute-force strategies (`Info::brute_force`:
//! naive, dfs, bfs) are benched only where they finish each puzzle quickly;
//! the node budget keeps any slow puzzle from dominating.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_core::{Grid, Limits, Solver};
use sudoku_testkit::{seeds, shared_set};

/// The registry's list (one list for the program, the tests and the benches),
/// without the ladder's rungs and the SAT rows, which have benches of their own.
fn strategies() -> Vec<&'static dyn Solver> {
    sudoku_harness::registry::strategies()
        .into_iter()
        .filter(|s| s.info().headline)
        .collect()
}

fn bench(c: &mut Criterion) {
    let samples: Vec<(&str, Vec<Grid>, bool)> = vec![
        (
            "seeds",
            seeds().into_iter().map(|(p, _)| p).take(3).collect(),
            true,
        ),
        ("9x9-minimal", shared_set("9x9-minimal.txt", 20), true),
        ("top95-20", shared_set("top95.txt", 20), false),
        ("17clue-50", shared_set("17clue.txt", 50), false),
        ("16x16", shared_set("16x16.txt", 5), false),
    ];
    // Prove uniqueness, as the harness does.
    let limits = Limits {
        node_budget: Some(5_000_000),
        ..Limits::default()
    };
    for (name, puzzles, textbook_too) in &samples {
        let mut group = c.benchmark_group(*name);
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for solver in strategies() {
            if !textbook_too && solver.info().brute_force {
                continue;
            }
            group.bench_with_input(
                BenchmarkId::from_parameter(solver.id()),
                puzzles,
                |b, puzzles| {
                    b.iter(|| {
                        puzzles
                            .iter()
                            .map(|p| solver.solve(p, &limits).count)
                            .sum::<u64>()
                    })
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
