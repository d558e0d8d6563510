//! Full-copy DFS and BFS: time per state against the target.
//!
//! `cargo bench -p sudoku-lab-benches --bench search`
//!
//! Every benchmark's throughput is in search states entered (`nodes`), so
//! criterion's `thrpt` is states per second and its inverse is the time per
//! state; the state counts are printed once before timing. Target: 50 ns per
//! state or better on 9x9 for `dfs` (a plain C++ STL version takes ~150 ns).
//! `dfs` walks exactly naive's tree, so `naive_same_tree/*` (the same states,
//! no copies, timed in the same run) is the floor `dfs` is compared with.
//! `bfs` stops at the first solution too, but has to build every level above
//! it first; it is benched only where its frontier fits in memory.

#[allow(dead_code)]
#[path = "../crates/search/examples/permutations.rs"]
mod permutations;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;
use sudoku_core::{Grid, Limits, Solver};
use sudoku_naive::Naive;
use sudoku_search::{Bfs, Dfs, Order};
use sudoku_testkit::{famous, grid};

fn bench_puzzle(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    solver: &dyn Solver,
    name: &str,
    puzzle: &Grid,
) {
    let limits = Limits::first_solution();
    let outcome = solver.solve(puzzle, &limits);
    assert_eq!(outcome.count, 1, "{} {name}", solver.id());
    let stats = outcome.stats;
    eprintln!(
        "{}/{name}: {} states, {} children created, peak {} states / {} bytes",
        solver.id(),
        stats.nodes,
        stats.placements,
        stats.peak_states,
        stats.peak_bytes
    );
    group.throughput(Throughput::Elements(stats.nodes));
    group.bench_function(name, |b| {
        b.iter(|| solver.solve(black_box(puzzle), &limits).stats.nodes)
    });
}

fn bench(c: &mut Criterion) {
    let puzzles = [
        ("easy_7844", grid(famous::EASY_7844)),
        ("competition", grid(famous::COMPETITION)),
        ("inkala", grid(famous::INKALA)),
        ("mrv_10374", grid(famous::MRV_10374)),
    ];

    let mut group = c.benchmark_group("dfs");
    for (name, puzzle) in &puzzles {
        bench_puzzle(&mut group, &Dfs, name, puzzle);
    }
    group.sample_size(10);
    bench_puzzle(
        &mut group,
        &Dfs,
        "anti_brute_force",
        &grid(famous::ANTI_BRUTE_FORCE),
    );
    group.finish();

    // The same trees without copies: the floor `dfs` is measured against, in
    // the same run (and so under the same machine load).
    let mut group = c.benchmark_group("naive_same_tree");
    group.sample_size(20);
    for (name, puzzle) in &puzzles[2..] {
        bench_puzzle(&mut group, &Naive, name, puzzle);
    }
    group.finish();

    let mut group = c.benchmark_group("bfs");
    for (name, puzzle) in &puzzles[..3] {
        if *name == "inkala" {
            group.sample_size(10);
        }
        bench_puzzle(&mut group, &Bfs, name, puzzle);
    }
    group.finish();

    // The generic search on a 20-byte state: what the loop itself costs.
    let mut group = c.benchmark_group("generic");
    for (name, order) in [
        ("permutations_9_dfs", Order::DepthFirst),
        ("permutations_9_bfs", Order::BreadthFirst),
    ] {
        let states = permutations::count(9, order).states;
        group.throughput(Throughput::Elements(states));
        group.sample_size(20);
        group.bench_function(name, |b| {
            b.iter(|| permutations::count(black_box(9), order).goals)
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
