//! Langford pairs as exact cover.
//!
//! Arrange two copies of each number `1..=n` in a row of `2n` places so that
//! the two `k`s have exactly `k` places between them: for `n = 3`,
//! `3 1 2 1 3 2`. As exact cover: one row per way to place a pair (number
//! `k`, first copy at place `i`, second at `i + k + 1`), covering the column
//! of `k` and the columns of its two places; `n + 2n` primary columns, each
//! number placed once and each place filled once.
//!
//! A solution read backwards is another solution, so every arrangement would
//! be found twice. To count each pair of mirror images once (as the
//! literature does), the pair of `1`s may only start in the left part of the
//! row: mirroring sends a start at `i` to `2n - 3 - i`, so exactly one of
//! the two images has `i <= n - 2`.
//!
//! Known counts (Gardner 1967; OEIS A014552): L(2,3) = 1, L(2,4) = 1,
//! L(2,7) = 26, L(2,8) = 150, L(2,11) = 17,792; none when `n` is 1 or 2 mod 4.
//!
//! `cargo run -p sudoku-dlx --example langford -- 7` prints the count and
//! the first arrangement found. The crate's tests run this file's functions
//! (`tests/examples.rs`).

use std::ops::ControlFlow;
use sudoku_dlx::exact_cover::{ExactCover, Matrix};

/// The matrix, and for each row the `(number, first place)` it stands for.
pub fn matrix(n: usize) -> (Matrix, Vec<(usize, usize)>) {
    let mut m = Matrix::new(3 * n, 0);
    let mut meaning = Vec::new();
    for k in 1..=n {
        for i in 0..(2 * n).saturating_sub(k + 1) {
            if k == 1 && i + 2 > n {
                continue; // the mirror image of an arrangement counted already
            }
            m.add_row(&[k - 1, n + i, n + i + k + 1]);
            meaning.push((k, i));
        }
    }
    (m, meaning)
}

/// L(2, n): the number of Langford arrangements, mirror images counted once.
pub fn count(n: usize) -> u64 {
    matrix(n).0.count_solutions(None)
}

/// The first arrangement found, as the number in each place.
pub fn first(n: usize) -> Option<Vec<usize>> {
    let (mut m, meaning) = matrix(n);
    let mut found = None;
    let _ = m.search(&mut |rows: &[usize]| {
        let mut places = vec![0; 2 * n];
        for &row in rows {
            let (k, i) = meaning[row];
            places[i] = k;
            places[i + k + 1] = k;
        }
        found = Some(places);
        ControlFlow::Break(())
    });
    found
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .map_or(7, |a| a.parse().expect("usage: langford [N]"));
    println!("L(2,{n}) = {}", count(n));
    if let Some(places) = first(n) {
        let line: Vec<String> = places.iter().map(|k| k.to_string()).collect();
        println!("{}", line.join(" "));
    }
}
