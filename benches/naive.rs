//! The naive backtracker: the textbook figures, timed.
//!
//! `cargo bench -p sudoku-lab-benches --bench naive`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{Limits, Solver};
use sudoku_naive::Naive;
use sudoku_testkit::{famous, grid, seeds};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("naive");
    let limits = Limits::first_solution();
    for (name, text) in [
        ("inkala", famous::INKALA),
        ("competition", famous::COMPETITION),
    ] {
        let puzzle = grid(text);
        group.bench_function(name, |b| {
            b.iter(|| Naive.solve(black_box(&puzzle), &limits))
        });
    }
    let seeds: Vec<_> = seeds().into_iter().map(|(p, _)| p).collect();
    group.throughput(Throughput::Elements(seeds.len() as u64));
    group.bench_function("seeds", |b| {
        b.iter(|| {
            seeds
                .iter()
                .map(|p| Naive.solve(p, &limits).count)
                .sum::<u64>()
        })
    });
    group.sample_size(10);
    group.throughput(Throughput::Elements(69_175_316));
    let anti = grid(famous::ANTI_BRUTE_FORCE);
    group.bench_function("anti_brute_force", |b| {
        b.iter(|| Naive.solve(black_box(&anti), &limits))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
