//! The trace checker (sudoku-replay) over every registered strategy: every
//! event of every trace re-derived from the board and candidates before it,
//! on shapes from 4x4 to 16x16 and on puzzles of the field's 9x9 sets.
//! `sweep_of_the_field` (ignored: minutes) checks many more.

use sudoku_core::{Grid, Limits, Recorder, Solver};
use sudoku_harness::registry;

fn puzzles_of(file: &str, skip: usize, count: usize) -> Vec<Grid> {
    let path = format!("{}/../../puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(skip)
        .take(count)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

/// Every strategy whose search reports its steps.
fn traceable() -> Vec<&'static dyn Solver> {
    registry::strategies()
        .into_iter()
        .filter(|s| s.info().reports.nodes)
        .collect()
}

/// Checks every traceable strategy on `puzzles` (proving uniqueness, under
/// a node budget); returns the failures, one line each.
fn failures(puzzles: &[Grid], node_budget: u64) -> Vec<String> {
    let limits = Limits {
        max_solutions: Some(2),
        keep_solutions: 2,
        node_budget: Some(node_budget),
        ..Limits::default()
    };
    let mut found = Vec::new();
    for solver in traceable() {
        // The brute-force rows would spend the node budget on every hard
        // puzzle and show nothing new past the small ones.
        for puzzle in puzzles {
            if solver.supports(puzzle.shape()).is_err() {
                continue;
            }
            let mut recorder = Recorder::default();
            solver.solve_traced(puzzle, &limits, &mut recorder);
            let copies = solver.info().capabilities.copies_states;
            if let Err(f) = sudoku_replay::check(puzzle, &recorder.events, copies) {
                found.push(format!("{} on {}: {f}", solver.id(), puzzle.to_line()));
            }
        }
    }
    found
}

/// Fails with, per strategy, how many traces failed and the first failure.
fn assert_none(found: Vec<String>) {
    let mut per: Vec<(String, usize, String)> = Vec::new();
    for f in &found {
        let id = f.split(' ').next().unwrap_or("").to_string();
        match per.iter_mut().find(|(i, _, _)| *i == id) {
            Some(entry) => entry.1 += 1,
            None => per.push((id, 1, f.clone())),
        }
    }
    let lines: Vec<String> = per
        .iter()
        .map(|(id, k, first)| format!("{id}: {k} traces fail; the first: {first}"))
        .collect();
    assert!(
        found.is_empty(),
        "{} traces fail the checker:\n{}",
        found.len(),
        lines.join("\n")
    );
}

#[test]
fn every_strategy_passes_on_small_shapes() {
    let mut puzzles = puzzles_of("4x4.txt", 0, 5);
    puzzles.extend(puzzles_of("6x6.txt", 0, 5));
    puzzles.extend(puzzles_of("8x8.txt", 0, 2));
    puzzles.extend(puzzles_of("multiple.txt", 0, 3));
    puzzles.extend(puzzles_of("no-solution.txt", 0, 3));
    assert_none(failures(&puzzles, 20_000));
}

#[test]
fn every_strategy_passes_on_12x12_and_16x16() {
    let mut puzzles = puzzles_of("12x12.txt", 0, 2);
    puzzles.extend(puzzles_of("16x16.txt", 0, 2));
    assert_none(failures(&puzzles, 5_000));
}

#[test]
fn every_strategy_passes_on_the_field() {
    let mut puzzles = puzzles_of("top95.txt", 0, 10);
    for set in [
        "field/forum-hardest-1106.txt",
        "field/top1465.txt",
        "field/serg-sample.txt",
        "field/forum-hardest-1905-sample.txt",
    ] {
        puzzles.extend(puzzles_of(set, 0, 10));
    }
    puzzles.extend(puzzles_of("classic.txt", 0, 20));
    assert_none(failures(&puzzles, 5_000));
}

/// The 68th puzzle of the 1106 set (its line 71), where a pair found before another
/// subset's removals broke it was once applied (hidden subset: {3, 5} in one
/// cell of box 4): every strategy, to the end of its search.
#[test]
fn a_subset_broken_by_an_earlier_removal_is_not_applied() {
    let puzzles = puzzles_of("field/forum-hardest-1106.txt", 67, 1);
    assert_eq!(
        puzzles[0].to_line(),
        "1.......7.2.4...6...3...5...9..4........62.4....9..8....5.....3.6.2...8.7....1..."
    );
    assert_none(failures(&puzzles, 200_000));
}

/// The bigger sweep: 100 puzzles of each field set and all of top95, every
/// strategy (minutes).
#[test]
#[ignore]
fn sweep_of_the_field() {
    let mut puzzles = puzzles_of("top95.txt", 0, 95);
    for set in [
        "field/forum-hardest-1106.txt",
        "field/top1465.txt",
        "field/serg-sample.txt",
        "field/forum-hardest-1905-sample.txt",
    ] {
        puzzles.extend(puzzles_of(set, 0, 100));
    }
    puzzles.extend(puzzles_of("16x16.txt", 0, 10));
    puzzles.extend(puzzles_of("12x12.txt", 0, 10));
    assert_none(failures(&puzzles, 20_000));
}
