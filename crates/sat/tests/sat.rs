//! The four SAT strategies against dlx: verdicts, counts and solutions on the
//! seeds, top95, the multiple- and no-solution sets and random puzzles of
//! several shapes; budgets; the clause counts of the 9x9 encodings.

use sudoku_core::{Grid, Limits, Shape, Solver, Stop, Verdict};
use sudoku_dlx::Dlx;
use sudoku_sat::{encoding_size, Encoding, SAT_AUGMENTED, SAT_COMPLETE, SAT_MINIMAL, SAT_NATURAL};
use sudoku_testkit::{assert_agree, famous, grid, puzzle_path, read_entries, seeds, shared_set};

const ALL: [&dyn Solver; 4] = [&SAT_MINIMAL, &SAT_NATURAL, &SAT_COMPLETE, &SAT_AUGMENTED];

fn agree_with_dlx(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> Verdict {
    assert_agree(&[&Dlx, solver], puzzle, limits)
}

#[test]
fn clause_counts_of_the_9x9_encodings() {
    let size = |e| encoding_size(Shape::CLASSIC, e);
    // 81 cell clauses + 3·9·9·36 unit at-most-one pairs.
    assert_eq!(size(Encoding::Minimal), (729, 8_829));
    // + 81·36 cell at-most-one pairs.
    assert_eq!(size(Encoding::Natural), (729, 11_745));
    // + 243 unit at-least-one clauses.
    assert_eq!(size(Encoding::Complete), (729, 11_988));
    // + 486 triad variables, their definitions and one-of-three clauses.
    assert_eq!(size(Encoding::Augmented), (1_215, 16_686));
}

#[test]
fn seeds_get_their_published_solutions() {
    for solver in ALL {
        for (puzzle, solution) in seeds() {
            let outcome = solver.solve(&puzzle, &Limits::default());
            assert_eq!(
                outcome.verdict(),
                Verdict::Unique,
                "{} {puzzle}",
                solver.id()
            );
            assert_eq!(outcome.solutions, vec![solution], "{}", solver.id());
        }
    }
}

#[test]
fn top95_agrees_with_dlx() {
    for solver in ALL {
        // The slower encodings on a sample, the complete ones on all 95.
        let limit = match solver.id() {
            "sat-minimal" | "sat-natural" => 20,
            _ => 95,
        };
        for puzzle in shared_set("top95.txt", limit) {
            let v = agree_with_dlx(solver, &puzzle, &Limits::default());
            assert_eq!(v, Verdict::Unique);
        }
    }
}

#[test]
fn multiple_and_no_solution_sets_agree_with_dlx() {
    let up_to_50 = Limits {
        max_solutions: Some(50),
        keep_solutions: 50,
        ..Limits::default()
    };
    for name in ["multiple.txt", "no-solution.txt"] {
        for entry in read_entries(&puzzle_path(name)) {
            for solver in ALL {
                agree_with_dlx(solver, &entry.puzzle, &up_to_50);
            }
        }
    }
}

#[test]
fn random_puzzles_of_every_shape_agree_with_dlx() {
    let limits = Limits {
        max_solutions: Some(20),
        keep_solutions: 20,
        ..Limits::default()
    };
    for (r, c) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (3, 4),
    ] {
        let shape = Shape::new(r, c).unwrap();
        // The weak encodings are slow to count many solutions of big sparse
        // grids (debug build): they get the small shapes.
        let solvers: &[&dyn Solver] = if shape.side() <= 8 { &ALL } else { &ALL[2..] };
        for keep in [0.1, 0.3, 0.5, 0.7] {
            let (puzzle, _) = sudoku_testkit::patterned_puzzle(shape, keep);
            for &solver in solvers {
                agree_with_dlx(solver, &puzzle, &limits);
            }
        }
        if shape.side() >= 4 {
            let (puzzle, solution) = sudoku_testkit::unique_puzzle(shape, 0.4, &Dlx);
            for &solver in solvers {
                let outcome = solver.solve(&puzzle, &Limits::default());
                assert_eq!(
                    outcome.verdict(),
                    Verdict::Unique,
                    "{} {shape}",
                    solver.id()
                );
                assert_eq!(outcome.solutions, vec![solution.clone()]);
            }
        }
    }
}

#[test]
fn bad_puzzles_agree_with_dlx() {
    let (loose, wrong) = sudoku_testkit::bad_puzzles(&Dlx);
    let up_to_1000 = Limits {
        max_solutions: Some(1000),
        keep_solutions: 0,
        ..Limits::default()
    };
    for solver in ALL {
        agree_with_dlx(solver, &loose, &up_to_1000);
        assert_eq!(
            solver.solve(&wrong, &Limits::default()).verdict(),
            Verdict::None
        );
    }
}

#[test]
fn empty_grids_count_their_solutions() {
    for solver in ALL {
        let count = |shape: Shape| {
            solver
                .solve(&Grid::empty(shape), &Limits::count_all())
                .count
        };
        assert_eq!(count(Shape::new(2, 2).unwrap()), 288, "{}", solver.id());
        assert_eq!(count(Shape::new(1, 1).unwrap()), 1);
        assert_eq!(count(Shape::new(1, 2).unwrap()), 2);
        assert_eq!(count(Shape::new(2, 1).unwrap()), 2);
    }
}

#[test]
fn big_shapes_are_decided() {
    for (puzzle, solution) in [
        sudoku_testkit::puzzle_16x16(&Dlx),
        sudoku_testkit::puzzle_25x25(&Dlx),
    ] {
        let outcome = SAT_COMPLETE.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique);
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

#[test]
fn node_budget_gives_unknown() {
    for solver in ALL {
        let outcome = sudoku_testkit::assert_node_budget_stops(solver, &grid(famous::INKALA), 5);
        assert!(outcome.stats.guesses <= 4);
    }
}

#[test]
fn time_budget_stops_the_count() {
    // The complete encodings: the shared check (the budget stops the count,
    // the verdict is what the solutions found by then prove).
    sudoku_testkit::assert_time_budget_stops(&SAT_COMPLETE);
    sudoku_testkit::assert_time_budget_stops(&SAT_AUGMENTED);
    // The weak encodings may not (debug build): the budget still stops them.
    for solver in [&SAT_MINIMAL, &SAT_NATURAL] {
        let limits = Limits {
            time_budget: Some(std::time::Duration::from_millis(20)),
            ..Limits::count_all()
        };
        let started = std::time::Instant::now();
        let outcome = solver.solve(&Grid::empty(Shape::new(4, 4).unwrap()), &limits);
        assert_eq!(outcome.stop, Stop::TimeBudget);
        assert!(!outcome.verdict().is_definite() || outcome.verdict() == Verdict::Multiple);
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }
}

#[test]
fn statistics_follow_the_mapping() {
    let puzzle = grid(famous::INKALA);
    let mut recorder = sudoku_core::Recorder::default();
    let traced = SAT_COMPLETE.solve_traced(&puzzle, &Limits::default(), &mut recorder);
    let plain = SAT_COMPLETE.solve(&puzzle, &Limits::default());
    assert_eq!(
        traced, plain,
        "tracing changes nothing, counts are deterministic"
    );
    use sudoku_core::Event::*;
    let s = plain.stats;
    // The root, then one node per decision; every decision writes a digit.
    assert_eq!(recorder.count(|e| matches!(e, Enter { .. })), s.nodes);
    assert_eq!(s.guesses, s.nodes - 1);
    // Decisions refuted by their own propagation have no Place event.
    let shown = recorder.count(|e| matches!(e, Place { .. }));
    assert!(shown <= s.placements && s.placements - shown <= s.guesses);
    assert!(s.placements >= 81 - 21);
    assert_eq!(s.max_depth, 60, "the solution's 60 digits");
    assert_eq!(recorder.count(|e| matches!(e, Solution { .. })), 1);
    // Every placement is taken back in the end: the trail returns to level 0
    // (level-0 placements stay).
    let undos = recorder.count(|e| matches!(e, Undo { .. }));
    assert!(undos <= s.placements);
    assert_eq!(plain.stop, Stop::Exhausted);
}
