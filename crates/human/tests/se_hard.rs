//! Agreement with Sudoku Explainer on `puzzles/se-rated-hard.txt`, the
//! puzzles SE's own batch rater (`serate` of the 1to9only SukakuExplainer)
//! rated for this project, SE 6.6 to 11. That rater has SE 1.2's ladder,
//! so the tests rate with `Options::SE12`. The quick test takes the puzzles SE rates below 9.5 (no nested
//! chains); the `#[ignore]`d one takes them all (a minute or more in a
//! debug build: run with `cargo test --release -p sudoku-human --test
//! se_hard -- --ignored`).

use std::io::BufRead;
use sudoku_core::stats::spearman;
use sudoku_core::Grid;
use sudoku_human::{solve_path, Options};

use sudoku_testkit::puzzle_path;

/// The hard set as (puzzle, SE rating in tenths).
fn se_hard() -> Vec<(Grid, u32)> {
    let file = std::fs::File::open(puzzle_path("se-rated-hard.txt")).unwrap();
    std::io::BufReader::new(file)
        .lines()
        .map(|l| l.unwrap())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (cells, rating) = l.split_once(' ').expect("<cells> <rating>");
            let rating: f64 = rating.trim().parse().unwrap();
            (cells.parse().unwrap(), (rating * 10.0).round() as u32)
        })
        .collect()
}

/// Our ER for each puzzle (every one must finish by logic), SE's beside it.
fn rated(set: &[(Grid, u32)]) -> (Vec<f64>, Vec<f64>) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for (puzzle, se) in set {
        let path = solve_path(puzzle, Options::SE12, usize::MAX);
        let er = path.rating().er;
        assert!(er.is_some(), "not finished by logic: {}", puzzle.to_line());
        ours.push(er.unwrap() as f64 / 10.0);
        theirs.push(*se as f64 / 10.0);
    }
    (ours, theirs)
}

/// The share of puzzles whose ratings are within 0.3 of each other.
fn within(ours: &[f64], theirs: &[f64]) -> f64 {
    let close = ours
        .iter()
        .zip(theirs)
        .filter(|(a, b)| (*a - *b).abs() <= 0.3 + 1e-9)
        .count();
    close as f64 / ours.len() as f64
}

#[test]
fn agrees_with_se_below_nested_chains() {
    let set: Vec<(Grid, u32)> = se_hard().into_iter().filter(|(_, se)| *se < 95).collect();
    assert!(set.len() >= 10, "the hard set has its SE 7-9 part");
    let (ours, theirs) = rated(&set);
    let share = within(&ours, &theirs);
    assert!(share >= 0.9, "within 0.3 of SE: {share:.3}");
}

#[test]
#[ignore = "a minute or more in a debug build; run with cargo test --release -p sudoku-human --test se_hard -- --ignored"]
fn agrees_with_se_on_the_whole_hard_set() {
    let set = se_hard();
    let (ours, theirs) = rated(&set);
    let share = within(&ours, &theirs);
    let rho = spearman(&theirs, &ours).unwrap();
    assert!(share >= 0.9, "within 0.3 of SE: {share:.3}");
    assert!(rho >= 0.95, "Spearman against SE: {rho:.3}");
}
