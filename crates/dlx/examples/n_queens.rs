//! N queens as exact cover, with secondary columns.
//!
//! Place `n` queens on an `n x n` board so that no two attack each other.
//! As exact cover: one row per square (a queen there), and columns for the
//! constraints. Every rank and every file holds exactly one queen: `2n`
//! primary columns. A diagonal holds *at most* one queen, since most
//! diagonals stay empty: `2(2n - 1)` secondary columns, which a cover may
//! leave uncovered but never covers twice.
//!
//! `cargo run -p sudoku-dlx --example n_queens -- 8` prints the number of
//! solutions (92 for 8, OEIS A000170) and the first one found.
//! The crate's tests run this file's functions (`tests/examples.rs`).

use std::ops::ControlFlow;
use sudoku_dlx::exact_cover::{ExactCover, Matrix};

/// The exact-cover matrix of `n` queens: row `r·n + c` is a queen on rank
/// `r`, file `c`; columns are the `n` ranks, the `n` files (primary), then
/// the `2n - 1` diagonals and the `2n - 1` anti-diagonals (secondary).
pub fn matrix(n: usize) -> Matrix {
    let diagonals = 2 * n - 1;
    let mut m = Matrix::new(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            let diagonal = 2 * n + (r + n - 1 - c);
            let anti_diagonal = 2 * n + diagonals + (r + c);
            m.add_row(&[r, n + c, diagonal, anti_diagonal]);
        }
    }
    m
}

/// How many ways to place `n` non-attacking queens.
pub fn count(n: usize) -> u64 {
    matrix(n).count_solutions(None)
}

/// The first solution found: the file of the queen on each rank.
pub fn first(n: usize) -> Option<Vec<usize>> {
    let mut files = None;
    let _ = matrix(n).search(&mut |rows: &[usize]| {
        let mut queens = vec![0; n];
        for &row in rows {
            queens[row / n] = row % n;
        }
        files = Some(queens);
        ControlFlow::Break(())
    });
    files
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .map_or(8, |a| a.parse().expect("usage: n_queens [N]"));
    assert!(n >= 1, "n must be at least 1");
    println!("{n} queens: {} solutions", count(n));
    if let Some(files) = first(n) {
        for file in files {
            let line: Vec<&str> = (0..n).map(|c| if c == file { "Q" } else { "." }).collect();
            println!("{}", line.join(" "));
        }
    }
}
