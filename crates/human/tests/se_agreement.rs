//! Agreement with Sudoku Explainer on the sets SE's own batch rater
//! (`serate`) rated for this project, each with the ladder of its rater.
//!
//! - `puzzles/se-rated-17clue.txt` (SE 1.2 to 7.8) and
//!   `puzzles/se-rated-hard-sudokumonster.txt` (4.0 to 11.0), rated by
//!   SudokuMonster's SukakuExplainer (the rater of `se-rated-2500.txt`):
//!   the default ladder.
//! - `puzzles/se-rated-hard.txt` (6.6 to 11.0, the same puzzles as the
//!   second), rated by the 1to9only SukakuExplainer, which has SE 1.2's
//!   ladder: `Options::SE12`.
//!
//! The hard sets' quick tests take the puzzles SE rates below 9.5 (no
//! nested chains); the `#[ignore]`d one takes them all (a minute or more in
//! a debug build: run with `cargo test --release -p sudoku-human --test
//! se_agreement -- --ignored`).

use sudoku_core::stats::{share_within, spearman};
use sudoku_core::Grid;
use sudoku_human::{solve_path, Options};

use sudoku_testkit::rated_set;

/// The hard sets, each with the ladder of its rater.
const HARD: [(&str, Options); 2] = [
    ("se-rated-hard.txt", Options::SE12),
    ("se-rated-hard-sudokumonster.txt", Options::WINGS),
];

/// Our ER for each puzzle (every one must finish by logic), SE's beside it.
fn rated(set: &[(Grid, u32)], options: Options) -> (Vec<f64>, Vec<f64>) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for (puzzle, se) in set {
        let path = solve_path(puzzle, options, usize::MAX);
        let er = path.rating().er;
        assert!(er.is_some(), "not finished by logic: {}", puzzle.to_line());
        ours.push(er.unwrap() as f64 / 10.0);
        theirs.push(*se as f64 / 10.0);
    }
    (ours, theirs)
}

#[test]
fn agrees_with_se_below_nested_chains() {
    for (name, options) in HARD {
        let set: Vec<(Grid, u32)> = rated_set(name)
            .into_iter()
            .filter(|(_, se)| *se < 95)
            .collect();
        assert!(set.len() >= 10, "{name} has its part below 9.5");
        let (ours, theirs) = rated(&set, options);
        let share = share_within(&ours, &theirs, 0.3);
        assert!(share >= 0.9, "{name}: within 0.3 of SE: {share:.3}");
    }
}

#[test]
#[ignore = "a minute or more in a debug build; run with cargo test --release -p sudoku-human --test se_agreement -- --ignored"]
fn agrees_with_se_on_the_whole_hard_sets() {
    for (name, options) in HARD {
        let (ours, theirs) = rated(&rated_set(name), options);
        let share = share_within(&ours, &theirs, 0.3);
        let rho = spearman(&theirs, &ours).unwrap();
        assert!(share >= 0.9, "{name}: within 0.3 of SE: {share:.3}");
        assert!(rho >= 0.95, "{name}: Spearman against SE: {rho:.3}");
    }
}

/// The low end of the scale: singles, SE's direct techniques (without
/// them, 79% of a 300-puzzle sample came within 0.3), locked candidates.
#[test]
fn agrees_with_se_on_17_clue_puzzles() {
    let set = rated_set("se-rated-17clue.txt");
    assert_eq!(set.len(), 1000);
    let (ours, theirs) = rated(&set, Options::default());
    let share = share_within(&ours, &theirs, 0.3);
    let rho = spearman(&theirs, &ours).unwrap();
    assert!(share >= 0.98, "within 0.3 of SE: {share:.3}");
    assert!(rho >= 0.99, "Spearman against SE: {rho:.4}");
}
