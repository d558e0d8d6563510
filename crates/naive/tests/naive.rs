//! The naive backtracker against figures anyone can reproduce with a plain C
//! backtracker, and against the seed puzzles' published solutions.

use sudoku_core::{Grid, Limits, Shape, Solver, Stop, Verdict};
use sudoku_naive::Naive;
use sudoku_testkit::{famous, grid, seeds};

fn first_solution(puzzle: &str) -> sudoku_core::Outcome {
    let puzzle = grid(puzzle);
    let outcome = Naive.solve(&puzzle, &Limits::first_solution());
    assert_eq!(outcome.count, 1);
    assert!(outcome.solutions[0].is_solution_of(&puzzle));
    outcome
}

#[test]
fn seed_puzzles_get_their_published_solutions() {
    for (puzzle, solution) in seeds() {
        let outcome = Naive.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

#[test]
fn placement_counts_match_the_textbook() {
    for (puzzle, placements) in [
        (famous::INKALA, 49_558),
        (famous::EASY_7844, 7_844),
        (famous::COMPETITION, 10_007),
    ] {
        let stats = first_solution(puzzle).stats;
        assert_eq!(stats.placements, placements, "{puzzle}");
        assert_eq!(stats.nodes, placements + 1, "nodes = placements + root");
    }
}

#[test]
fn anti_brute_force_takes_69_million_placements() {
    let stats = first_solution(famous::ANTI_BRUTE_FORCE).stats;
    assert_eq!(stats.placements, 69_175_316);
    assert_eq!(stats.nodes, 69_175_317);
    assert_eq!(stats.max_depth, 64);
}

#[test]
fn backtracks_and_guesses_are_consistent() {
    let stats = first_solution(famous::INKALA).stats;
    // Every placement is either on the solution path or undone.
    assert_eq!(stats.placements - stats.backtracks, 81 - 21);
    assert!(stats.guesses <= stats.placements && stats.guesses > 0);
}

#[test]
fn node_budget_gives_unknown_not_a_wrong_verdict() {
    sudoku_testkit::assert_node_budget_stops(&Naive, &grid(famous::ANTI_BRUTE_FORCE), 1_000_000);
}

#[test]
fn time_budget_stops_the_search() {
    sudoku_testkit::assert_time_budget_stops(&Naive);
}

#[test]
fn empty_grids_count_their_solutions() {
    let count = |shape: Shape| Naive.solve(&Grid::empty(shape), &Limits::count_all()).count;
    assert_eq!(count(Shape::new(2, 2).unwrap()), 288);
    assert_eq!(count(Shape::new(1, 1).unwrap()), 1);
    // 1x2 boxes: 2x2 Latin squares.
    assert_eq!(count(Shape::new(1, 2).unwrap()), 2);
}

#[test]
fn other_shapes_solve_and_verify() {
    for (puzzle, solution) in [
        sudoku_testkit::puzzle_6x6(&Naive),
        sudoku_testkit::puzzle_16x16(&Naive),
    ] {
        let outcome = Naive.solve(&puzzle, &Limits::first_solution());
        assert_eq!(outcome.count, 1, "{}", puzzle.shape());
        assert!(outcome.solutions[0].is_solution_of(&puzzle));
        assert_eq!(
            Naive.solve(&puzzle, &Limits::default()).verdict(),
            Verdict::Unique
        );
        assert_eq!(outcome.solutions[0], solution);
    }
}

#[test]
fn verdicts_for_bad_puzzles() {
    // Several solutions (by construction), and a wrong clue that breaks no rule.
    let (loose, wrong) = sudoku_testkit::bad_puzzles(&Naive);
    let up_to_1000 = Limits {
        max_solutions: Some(1000),
        ..Limits::default()
    };
    let outcome = Naive.solve(&loose, &up_to_1000);
    assert!(
        outcome.count >= 2 && outcome.stop == Stop::Exhausted,
        "{outcome:?}"
    );
    assert_eq!(
        Naive.solve(&wrong, &Limits::default()).verdict(),
        Verdict::None
    );

    // Conflicting givens: invalid before any search.
    let mut bad = grid(famous::COMPETITION);
    bad.set(0, 3);
    let outcome = Naive.solve(&bad, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Invalid);
    assert_eq!(outcome.stats.nodes, 0);
    assert!(outcome.conflict.is_some());
}

#[test]
fn traced_and_untraced_solves_count_alike() {
    let puzzle = grid(famous::COMPETITION);
    let mut recorder = sudoku_core::Recorder::default();
    let traced = Naive.solve_traced(&puzzle, &Limits::first_solution(), &mut recorder);
    let plain = Naive.solve(&puzzle, &Limits::first_solution());
    assert_eq!(traced, plain);
    use sudoku_core::Event::*;
    assert_eq!(
        recorder.count(|e| matches!(e, Enter { .. })),
        plain.stats.nodes
    );
    assert_eq!(
        recorder.count(|e| matches!(e, Place { .. })),
        plain.stats.placements
    );
    assert_eq!(
        recorder.count(|e| matches!(e, Undo { .. })),
        plain.stats.backtracks
    );
}
