//! The Dancing Links strategy: published solutions, agreement with the naive
//! backtracker, counts, other shapes, statistics and the reuse of the matrix.

use sudoku_core::{
    Constraint, DeadEnd, Event, Grid, Limits, Outcome, Recorder, Shape, Solver, Stop, Verdict,
};
use sudoku_dlx::Dlx;
use sudoku_naive::Naive;
use sudoku_testkit::{assert_agree, famous, grid, seeds, shared_set, unique_puzzle};

#[test]
fn it_is_the_dlx_strategy() {
    assert_eq!(Dlx.id(), "dlx");
    assert!(!Dlx.summary().is_empty());
}

#[test]
fn seed_puzzles_get_their_published_solutions() {
    for (puzzle, solution) in seeds() {
        let outcome = Dlx.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

/// The top95 puzzles (0-based line numbers) on which naive needs fewer than
/// 100,000 nodes to prove uniqueness. On the whole set it needs 946 million
/// (see the ignored test below).
const TOP95_EASY_FOR_NAIVE: [usize; 12] = [18, 19, 31, 37, 39, 43, 52, 53, 71, 84, 85, 87];

#[test]
fn verdicts_agree_with_naive_on_top95_sample() {
    let puzzles = shared_set("top95.txt", 95);
    for i in TOP95_EASY_FOR_NAIVE {
        assert_eq!(
            assert_agree(&[&Dlx, &Naive], &puzzles[i], &Limits::default()),
            Verdict::Unique,
            "top95 #{i}"
        );
    }
    // The rest against dlx alone: unique, and the solution verifies.
    for puzzle in &puzzles {
        let outcome = Dlx.solve(puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions[0].verify_solution_of(puzzle), Ok(()));
    }
}

/// All of top95 against naive (946 million naive nodes): 15 to 20 seconds of
/// CPU in the workspace's test profile or in release, too long for every run.
/// `cargo test -p sudoku-dlx --release -- --ignored`
#[test]
#[ignore]
fn verdicts_agree_with_naive_on_all_top95() {
    let puzzles = shared_set("top95.txt", 95);
    assert_eq!(puzzles.len(), 95);
    for puzzle in puzzles {
        assert_eq!(
            assert_agree(&[&Dlx, &Naive], &puzzle, &Limits::default()),
            Verdict::Unique
        );
    }
}

/// The testkit's multiple-solution and no-solution puzzles, decided by `naive`.
fn bad_puzzles() -> (Grid, Grid) {
    sudoku_testkit::bad_puzzles(&Naive)
}

#[test]
fn verdicts_agree_with_naive_on_multiple_and_no_solution_puzzles() {
    let (loose, wrong) = bad_puzzles();
    assert_eq!(
        assert_agree(&[&Dlx, &Naive], &loose, &Limits::default()),
        Verdict::Multiple
    );
    assert_eq!(
        assert_agree(&[&Dlx, &Naive], &wrong, &Limits::default()),
        Verdict::None
    );
    // Counting further: both find the same number of solutions of the loose puzzle.
    let limits = Limits {
        max_solutions: Some(50),
        ..Limits::count_all()
    };
    assert_agree(&[&Dlx, &Naive], &loose, &limits);
    // Two solutions kept, both distinct and valid.
    let outcome = Dlx.solve(
        &loose,
        &Limits {
            keep_solutions: 2,
            ..Limits::default()
        },
    );
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
}

#[test]
fn conflicting_givens_are_invalid_before_any_search() {
    let mut bad = grid(famous::COMPETITION);
    bad.set(0, 3);
    let outcome = Dlx.solve(&bad, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Invalid);
    assert_eq!(outcome.stats.nodes, 0);
    assert!(outcome.conflict.is_some());
    // The matrix is still fine afterwards.
    assert_eq!(
        Dlx.solve(&grid(famous::COMPETITION), &Limits::default())
            .verdict(),
        Verdict::Unique
    );
}

#[test]
fn empty_grids_count_their_solutions() {
    let count = |r, c| {
        Dlx.solve(
            &Grid::empty(Shape::new(r, c).unwrap()),
            &Limits::count_all(),
        )
        .count
    };
    assert_eq!(count(2, 2), 288);
    assert_eq!(count(1, 1), 1);
    // 1xn boxes: Latin squares of order 2, 3, 4.
    assert_eq!(count(1, 2), 2);
    assert_eq!(count(1, 3), 12);
    assert_eq!(count(1, 4), 576);
}

#[test]
fn sixteen_by_sixteen_is_solved_and_verified() {
    let (puzzle, solution) = sudoku_testkit::puzzle_16x16(&Dlx);
    let outcome = Dlx.solve(&puzzle, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Unique);
    assert_eq!(outcome.solutions[0].verify_solution_of(&puzzle), Ok(()));
    assert_eq!(outcome.solutions[0], solution);
    // The fixture is unique for naive too.
    assert_agree(&[&Dlx, &Naive], &puzzle, &Limits::default());
}

#[test]
fn twenty_five_by_twenty_five_is_solved_and_verified() {
    let (puzzle, solution) = sudoku_testkit::puzzle_25x25(&Dlx);
    let outcome = Dlx.solve(&puzzle, &Limits::default());
    assert_eq!(outcome.verdict(), Verdict::Unique);
    assert_eq!(outcome.solutions[0].verify_solution_of(&puzzle), Ok(()));
    assert_eq!(outcome.solutions[0], solution);
}

#[test]
fn rectangular_boxes_are_solved_and_verified() {
    for (r, c, keep) in [
        (2, 3, 0.4),
        (3, 2, 0.4),
        (2, 4, 0.45),
        (4, 2, 0.45),
        (3, 4, 0.5),
        (4, 5, 0.55),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let (puzzle, solution) = unique_puzzle(shape, keep, &Dlx);
        let outcome = Dlx.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{shape}");
        assert_eq!(outcome.solutions[0], solution, "{shape}");
        assert_eq!(
            outcome.solutions[0].verify_solution_of(&puzzle),
            Ok(()),
            "{shape}"
        );
        if shape.side() <= 8 {
            assert_agree(&[&Dlx, &Naive], &puzzle, &Limits::default());
        }
    }
}

#[test]
fn traced_and_untraced_solves_count_alike() {
    for (text, limits) in [
        (famous::INKALA, Limits::first_solution()),
        (famous::COMPETITION, Limits::default()),
    ] {
        let puzzle = grid(text);
        let mut recorder = Recorder::default();
        let traced = Dlx.solve_traced(&puzzle, &limits, &mut recorder);
        let plain = Dlx.solve(&puzzle, &limits);
        assert_eq!(traced, plain);
        let stats = plain.stats;
        let count = |pred: fn(&Event) -> bool| recorder.count(pred);
        assert_eq!(count(|e| matches!(e, Event::Enter { .. })), stats.nodes);
        assert_eq!(
            count(|e| matches!(e, Event::Place { .. })),
            stats.placements
        );
        assert_eq!(
            count(|e| matches!(e, Event::Place { reason, .. } if reason.is_guess())),
            stats.guesses
        );
        assert_eq!(
            count(|e| matches!(
                e,
                Event::Undo {
                    backtrack: true,
                    ..
                }
            )),
            stats.backtracks
        );
        assert_eq!(count(|e| matches!(e, Event::Solution { .. })), plain.count);
        assert!(
            count(|e| matches!(
                e,
                Event::DeadEnd {
                    reason: DeadEnd::Constraint(_),
                    ..
                }
            )) > 0
        );
        assert_eq!(
            count(|e| matches!(
                e,
                Event::DeadEnd {
                    reason: DeadEnd::Cell(_),
                    ..
                }
            )),
            0
        );
    }
}

#[test]
fn placements_and_backtracks_are_consistent() {
    let puzzle = grid(famous::INKALA);
    let stats = Dlx.solve(&puzzle, &Limits::first_solution()).stats;
    let empty = 81 - puzzle.givens() as u64;
    // Every placement enters a node; the root is entered without one.
    assert_eq!(stats.nodes, stats.placements + 1);
    // Every placement is on the solution path or undone.
    assert_eq!(stats.placements - stats.backtracks, empty);
    assert_eq!(stats.max_depth, empty);
    // Most placements are forced (a column with one row left).
    assert!(
        stats.guesses > 0 && stats.guesses * 2 < stats.placements,
        "{stats:?}"
    );
    assert_eq!(stats.peak_states, 1);
    assert!(stats.peak_bytes > 0);
}

#[test]
fn an_empty_constraint_is_a_dead_end_at_the_root() {
    // Row 1 holds 1..8 in columns 2..9 and column 1 holds 9 further down:
    // cell 0 has no digit left, and the search sees it at the root.
    let mut puzzle =
        grid("012345678000000000000000000900000000000000000000000000000000000000000000000000000");
    assert!(puzzle.conflicts().is_empty());
    let mut recorder = Recorder::default();
    let outcome = Dlx.solve_traced(&puzzle, &Limits::default(), &mut recorder);
    assert_eq!(outcome.verdict(), Verdict::None);
    assert_eq!(outcome.stats.nodes, 1);
    let dead = DeadEnd::Constraint(Constraint::Cell(0));
    assert_eq!(
        recorder.events,
        vec![
            Event::Enter { depth: 0 },
            Event::DeadEnd {
                depth: 0,
                reason: dead
            }
        ]
    );

    // Row 1 holds 1..7; the 9 in box 3 keeps 9 out of its last two cells,
    // which can both still take 8: no cell is stuck, but digit 9 has no
    // place left in row 1.
    puzzle =
        grid("123456700000000090000000000000000000000000000000000000000000000000000000000000000");
    let mut recorder = Recorder::default();
    let outcome = Dlx.solve_traced(&puzzle, &Limits::default(), &mut recorder);
    assert_eq!(outcome.verdict(), Verdict::None);
    assert_eq!(outcome.stats.nodes, 1);
    let dead = DeadEnd::Constraint(Constraint::RowDigit(0, 9));
    assert_eq!(
        recorder.events,
        vec![
            Event::Enter { depth: 0 },
            Event::DeadEnd {
                depth: 0,
                reason: dead
            }
        ]
    );
}

#[test]
fn node_budget_gives_unknown_not_a_wrong_verdict() {
    sudoku_testkit::assert_node_budget_stops(&Dlx, &grid(famous::INKALA), 100);
}

#[test]
fn time_budget_stops_the_search() {
    sudoku_testkit::assert_time_budget_stops(&Dlx);
}

#[test]
fn the_matrix_is_restored_between_puzzles() {
    let a = grid(famous::INKALA);
    let b = grid(famous::COMPETITION);
    let (loose, wrong) = bad_puzzles();
    let solve = |p: &Grid| Dlx.solve(p, &Limits::default());
    let first: Outcome = solve(&a);
    // Searches that end every way: unique, multiple, none, stopped by the node
    // budget, invalid givens, another shape; then A again, counted alike.
    assert_eq!(solve(&b).verdict(), Verdict::Unique);
    assert_eq!(solve(&a), first);
    assert_eq!(solve(&loose).verdict(), Verdict::Multiple);
    assert_eq!(solve(&a), first);
    assert_eq!(solve(&wrong).verdict(), Verdict::None);
    assert_eq!(solve(&a), first);
    let stopped = Dlx.solve(
        &b,
        &Limits {
            node_budget: Some(10),
            ..Limits::default()
        },
    );
    assert_eq!(stopped.stop, Stop::NodeBudget);
    assert_eq!(solve(&a), first);
    let mut bad = a.clone();
    bad.set(1, 8);
    assert_eq!(solve(&bad).verdict(), Verdict::Invalid);
    assert_eq!(solve(&a), first);
    assert_eq!(
        Dlx.solve(
            &Grid::empty(Shape::new(2, 2).unwrap()),
            &Limits::count_all()
        )
        .count,
        288
    );
    assert_eq!(solve(&a), first);
}

#[test]
fn every_thread_has_its_own_matrix() {
    let puzzles = shared_set("top95.txt", 8);
    let alone: Vec<Outcome> = puzzles
        .iter()
        .map(|p| Dlx.solve(p, &Limits::default()))
        .collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    puzzles
                        .iter()
                        .map(|p| Dlx.solve(p, &Limits::default()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), alone);
        }
    });
}

#[test]
fn node_counts_are_pinned() {
    // Deterministic: the smallest column first, ties to the first column
    // (cell columns come first). A change here changes the algorithm.
    let stats = Dlx
        .solve(&grid(famous::INKALA), &Limits::first_solution())
        .stats;
    assert_eq!(
        (
            stats.nodes,
            stats.guesses,
            stats.backtracks,
            stats.max_depth
        ),
        (1472, 172, 1411, 60)
    );
    let unique = Dlx.solve(&grid(famous::INKALA), &Limits::default()).stats;
    // Proving uniqueness walks the whole tree; the 60 placements of the
    // solution path are taken back too, but a solution lay below them, so
    // they are not backtracks (2,719 placements undone, 2,659 backtracks).
    assert_eq!(
        (unique.nodes, unique.guesses, unique.backtracks),
        (2720, 320, 2659)
    );
    let sample: u64 = shared_set("17clue.txt", 100)
        .iter()
        .map(|p| Dlx.solve(p, &Limits::default()).stats.nodes)
        .sum();
    assert_eq!(sample, 11_443);
}
