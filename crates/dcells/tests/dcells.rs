//! dcells against its twin dlx: the same nodes on every puzzle of the
//! bundled sets (same choices), the same verdicts and solutions, the same
//! statistics; and the exact-cover library on N queens and Langford pairs.

use std::ops::ControlFlow;
use sudoku_core::{Grid, Limits, Shape, Solver, Verdict};
use sudoku_dcells::exact_cover::{ExactCover, Matrix};
use sudoku_dcells::Dcells;
use sudoku_dlx::Dlx;
use sudoku_testkit::{assert_agree, puzzle_path, read_entries, seeds};

#[test]
fn it_is_the_dcells_strategy() {
    assert_eq!(Dcells.id(), "dcells");
    assert!(!Dcells.summary().is_empty());
}

#[test]
fn seed_puzzles_get_their_published_solutions() {
    for (puzzle, solution) in seeds() {
        let outcome = Dcells.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

/// Every bundled set of `puzzles/` (top95 and the first 300 17-clue puzzles
/// of the big sets, to keep the test short): dcells and dlx give the same
/// outcome, statistics included (nodes, placements, guesses, backtracks,
/// depth; not the bytes, which belong to the data structure), proving uniqueness and counting up to 50 solutions.
#[test]
fn the_same_tree_as_dlx_on_every_bundled_set() {
    let sets = [
        ("4x4.txt", usize::MAX),
        ("6x6.txt", usize::MAX),
        ("8x8.txt", usize::MAX),
        ("9x9-easy.txt", usize::MAX),
        ("9x9-medium.txt", usize::MAX),
        ("9x9-hard.txt", usize::MAX),
        ("9x9-minimal.txt", usize::MAX),
        ("classic.txt", usize::MAX),
        ("hardest.txt", usize::MAX),
        ("top95.txt", usize::MAX),
        ("17clue.txt", 300),
        ("multiple.txt", usize::MAX),
        ("no-solution.txt", usize::MAX),
        ("12x12.txt", usize::MAX),
        ("16x16.txt", usize::MAX),
        ("20x20.txt", usize::MAX),
        ("25x25.txt", usize::MAX),
    ];
    let counting = Limits {
        max_solutions: Some(50),
        ..Limits::count_all()
    };
    let mut total_nodes = 0;
    for (name, limit) in sets {
        let entries = read_entries(&puzzle_path(name));
        assert!(!entries.is_empty(), "{name}");
        for (i, entry) in entries.iter().take(limit).enumerate() {
            for limits in [Limits::default(), counting.clone()] {
                if limits.max_solutions == Some(50) && entry.puzzle.shape().side() > 9 {
                    continue; // one uniqueness proof is enough on the big shapes
                }
                let mut ours = Dcells.solve(&entry.puzzle, &limits);
                let theirs = Dlx.solve(&entry.puzzle, &limits);
                // The one statistic that differs: the two structures' bytes.
                assert!(ours.stats.peak_bytes > 0 || ours.stats.nodes == 0);
                ours.stats.peak_bytes = theirs.stats.peak_bytes;
                assert_eq!(ours, theirs, "{name} #{i}, {limits:?}");
                for solution in &ours.solutions {
                    assert_eq!(solution.verify_solution_of(&entry.puzzle), Ok(()));
                }
                total_nodes += ours.stats.nodes;
            }
        }
    }
    assert!(
        total_nodes > 10_000,
        "the sets were searched: {total_nodes}"
    );
}

/// The node counts pinned on the seeds (dlx's, which the test above proves
/// equal on every set): a change of dcells' choices shows here first.
#[test]
fn seed_node_counts_are_pinned() {
    let nodes: Vec<u64> = seeds()
        .iter()
        .map(|(p, _)| Dcells.solve(p, &Limits::default()).stats.nodes)
        .collect();
    let dlx: Vec<u64> = seeds()
        .iter()
        .map(|(p, _)| Dlx.solve(p, &Limits::default()).stats.nodes)
        .collect();
    assert_eq!(nodes, dlx);
    assert_eq!(nodes, PINNED_SEED_NODES);
}

const PINNED_SEED_NODES: [u64; 5] = [655, 2720, 61, 65, 65];

#[test]
fn verdicts_agree_with_naive_and_dlx_on_bad_puzzles() {
    let (loose, wrong) = sudoku_testkit::bad_puzzles(&sudoku_naive::Naive);
    let all: [&dyn Solver; 3] = [&Dcells, &Dlx, &sudoku_naive::Naive];
    assert_eq!(
        assert_agree(&all, &loose, &Limits::default()),
        Verdict::Multiple
    );
    assert_eq!(
        assert_agree(&all, &wrong, &Limits::default()),
        Verdict::None
    );
}

#[test]
fn empty_grids_count_their_solutions() {
    let count = |r, c| {
        Dcells
            .solve(
                &Grid::empty(Shape::new(r, c).unwrap()),
                &Limits::count_all(),
            )
            .count
    };
    assert_eq!(count(2, 2), 288);
    assert_eq!(count(1, 1), 1);
    assert_eq!(count(1, 3), 12);
    assert_eq!(count(1, 4), 576);
}

/// N queens: ranks and files primary, diagonals secondary.
fn queens(n: usize) -> Matrix {
    let diagonals = 2 * n - 1;
    let mut m = Matrix::with_columns(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            let diagonal = 2 * n + (r + n - 1 - c);
            let anti_diagonal = 2 * n + diagonals + (r + c);
            m.add_row(&[r, n + c, diagonal, anti_diagonal]);
        }
    }
    m
}

#[test]
fn n_queens_counts_match_oeis_a000170() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &want) in (1..).zip(known.iter()) {
        assert_eq!(queens(n).count_solutions(None), want, "{n} queens");
    }
    // The first solution is legal.
    let n = 8;
    let mut files = Vec::new();
    let _ = queens(n).search(&mut |rows: &[usize]| {
        files = rows.iter().map(|&row| (row / n, row % n)).collect();
        ControlFlow::Break(())
    });
    assert_eq!(files.len(), n);
    for (i, &(r1, c1)) in files.iter().enumerate() {
        for &(r2, c2) in &files[i + 1..] {
            assert!(r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2));
        }
    }
}

#[test]
fn langford_counts_match_oeis_a014552() {
    let langford = |n: usize| {
        let mut m = Matrix::with_columns(3 * n, 0);
        for k in 1..=n {
            for i in 0..(2 * n).saturating_sub(k + 1) {
                if k == 1 && i + 2 > n {
                    continue; // mirror images counted once
                }
                m.add_row(&[k - 1, n + i, n + i + k + 1]);
            }
        }
        m.count_solutions(None)
    };
    for (n, want) in [(1, 0), (2, 0), (3, 1), (4, 1), (5, 0), (7, 26), (8, 150)] {
        assert_eq!(langford(n), want, "L(2,{n})");
    }
}

/// Knuth's estimator is unbiased: on the empty 4x4 (288 solutions, a tree
/// small enough to count) the mean of 20,000 probes lands near the exact
/// node count, and a tree with no branching is estimated exactly.
#[test]
fn the_probe_estimate_is_near_the_exact_tree() {
    let all = Limits::count_all();
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    let exact = Dcells.solve(&empty, &all).stats.nodes as f64;
    let e = sudoku_dcells::estimate(&empty, 20_000, 1).unwrap();
    assert!(
        (e.nodes / exact - 1.0).abs() < 0.05,
        "{} vs {exact}",
        e.nodes
    );
    // The seed puzzles dlx solves without a guess: one path, estimated exactly.
    let mut exact_ones = 0;
    for (puzzle, _) in seeds() {
        let outcome = Dcells.solve(&puzzle, &all);
        if outcome.stats.guesses == 0 {
            let e = sudoku_dcells::estimate(&puzzle, 10, 7).unwrap();
            assert_eq!(e.nodes, outcome.stats.nodes as f64);
            assert_eq!(e.nodes_sd, 0.0);
            exact_ones += 1;
        }
    }
    assert!(exact_ones >= 2, "{exact_ones} seeds need no guess");
}
