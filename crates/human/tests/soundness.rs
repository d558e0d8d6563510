//! Soundness against the solution: a step that removes the digit the
//! solution has in a cell, or places one it does not have, is a bug. The
//! tests run the check over samples of every bundled hard set; the
//! `#[ignore]`d one runs it over the whole sets (minutes, in release).

use sudoku_core::{Grid, Limits, Solver};
use sudoku_human::{first_unsound, solve_path, Options, Path};
use sudoku_testkit::{rated_set, shared_set};

/// `puzzles/se-rated-2500.txt` as (puzzle, SE rating in tenths).
fn se_rated() -> Vec<(Grid, u32)> {
    rated_set("se-rated-2500.txt")
}

fn solution(puzzle: &Grid) -> Grid {
    let outcome = sudoku_bitboard::Bitboard.solve(puzzle, &Limits::default());
    assert_eq!(outcome.count, 1, "the bundled sets have unique puzzles");
    outcome.solutions[0].clone()
}

/// Solves with every technique and checks every step; returns the path.
fn checked(puzzle: &Grid) -> Path {
    let path = solve_path(puzzle, Options::default(), usize::MAX);
    let solution = solution(puzzle);
    if let Some(i) = first_unsound(&path, &solution) {
        panic!(
            "unsound step {} on {}: {}",
            i + 1,
            puzzle.to_line(),
            path.steps[i].sentence(9)
        );
    }
    assert!(
        path.contradiction.is_none(),
        "a unique puzzle never becomes impossible"
    );
    if path.solved() {
        assert_eq!(path.board.grid(), solution);
    }
    path
}

#[test]
fn every_step_is_sound_on_a_sample_of_the_se_rated_set() {
    let set = se_rated();
    for (puzzle, _) in set.iter().step_by(10) {
        let path = checked(puzzle);
        assert!(path.solved(), "every puzzle of the set is solved by logic");
    }
}

#[test]
fn every_step_is_sound_on_samples_of_17_clue_hardest_and_top95() {
    for puzzle in shared_set("17clue.txt", 200) {
        assert!(checked(&puzzle).solved());
    }
    for puzzle in shared_set("hardest.txt", 11)
        .iter()
        .chain(shared_set("top95.txt", 6).iter())
    {
        checked(puzzle);
    }
}

#[test]
#[ignore = "minutes even in release: every puzzle of se-rated-2500, 17clue (49,158), top95 and hardest; run with cargo test --release -p sudoku-human --test soundness -- --ignored"]
fn every_step_is_sound_on_the_whole_sets() {
    for (puzzle, _) in se_rated() {
        checked(&puzzle);
    }
    for name in ["hardest.txt", "top95.txt", "17clue.txt"] {
        for puzzle in shared_set(name, usize::MAX) {
            checked(&puzzle);
        }
    }
}

/// The hardest puzzles (SE 10 and up) are finished by logic with SE's
/// nested forcing chains, every step checked: Inkala's 2012 puzzle (SE
/// 10.7 by Sukaku Explainer's serate) and the first two of the forum's
/// hardest 1106 list (SE 10.3 and 10.4 by serate).
#[test]
fn the_hardest_puzzles_finish_by_logic() {
    let inkala: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let mut set = vec![inkala];
    set.extend(shared_set("field/forum-hardest-1106.txt", 2));
    let mut ratings = Vec::new();
    for puzzle in &set {
        let path = checked(puzzle);
        assert!(path.solved(), "{}", puzzle.to_line());
        ratings.push(path.rating().er.unwrap());
    }
    assert_eq!(ratings, [108, 103, 104]);
}

#[test]
#[ignore = "minutes in release: every puzzle of the forum's hardest 1106 list; run with cargo test --release -p sudoku-human --test soundness -- --ignored"]
fn every_forum_hardest_puzzle_finishes_by_logic() {
    for puzzle in shared_set("field/forum-hardest-1106.txt", usize::MAX) {
        let path = checked(&puzzle);
        assert!(path.solved(), "{}", puzzle.to_line());
        assert!(path.rating().er.unwrap() >= 90, "{}", puzzle.to_line());
    }
}

/// Both ladders end with SE's nested chains, so the default one (with the
/// forks' wings) finishes the hardest puzzles too, and where only chains
/// rate them the two agree: the first puzzle of the forum's 1905 sample
/// (SE 11+) rates 11.1 with each, every step checked.
#[test]
fn both_ladders_finish_a_forum_1905_puzzle_alike() {
    let puzzle = &shared_set("field/forum-hardest-1905-sample.txt", 1)[0];
    let solution = solution(puzzle);
    for options in [Options::WINGS, Options::SE12] {
        let path = solve_path(puzzle, options, usize::MAX);
        assert_eq!(first_unsound(&path, &solution), None);
        assert!(path.solved(), "{options:?}");
        assert_eq!(path.rating().er, Some(111), "{options:?}");
    }
}

#[test]
#[ignore = "minutes in release: every puzzle of the forum's 1905 sample (1,000); run with cargo test --release -p sudoku-human --test soundness -- --ignored"]
fn every_forum_1905_sample_puzzle_finishes_by_logic() {
    for puzzle in shared_set("field/forum-hardest-1905-sample.txt", usize::MAX) {
        let path = checked(&puzzle);
        assert!(path.solved(), "{}", puzzle.to_line());
        assert!(path.rating().er.unwrap() >= 90, "{}", puzzle.to_line());
    }
}
