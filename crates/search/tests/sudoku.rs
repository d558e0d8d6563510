//! The `dfs` and `bfs` strategies: solutions, verdicts, the node counts they
//! share with `naive`, budgets, and traces.
//!
//! Sized for debug builds. The slow checks (the anti-brute-force puzzle's 69
//! million states, all of top95) are `#[ignore]`d; run them with
//! `cargo test --release -p sudoku-search --test sudoku -- --include-ignored`.

use sudoku_core::{Event, Grid, Limits, Outcome, Recorder, Shape, Solver, Stop, Verdict};
use sudoku_naive::Naive;
use sudoku_search::{state_bytes, Bfs, Dfs};
use sudoku_testkit::{assert_agree, famous, grid, seeds, shared_set};

const MB: u64 = 1 << 20;

/// The harness's default memory budget.
fn default_budget() -> Limits {
    Limits {
        memory_budget: Some(256 * MB),
        ..Limits::default()
    }
}

/// The seeds naive solves within 100,000 states (competition, Inkala, the
/// 7,844-placement example); the 17-clue MRV example (6.9 million states)
/// and the anti-brute-force puzzle (69 million) are for release builds.
fn light_seeds() -> Vec<(Grid, Grid)> {
    let budget = Limits {
        node_budget: Some(100_000),
        ..Limits::first_solution()
    };
    let light: Vec<_> = seeds()
        .into_iter()
        .filter(|(p, _)| Naive.solve(p, &budget).stop != Stop::NodeBudget)
        .collect();
    assert_eq!(light.len(), 3);
    light
}

fn is_anti(puzzle: &Grid) -> bool {
    *puzzle == grid(famous::ANTI_BRUTE_FORCE)
}

fn check_solutions(outcome: &Outcome, puzzle: &Grid) {
    for solution in &outcome.solutions {
        if let Err(e) = solution.verify_solution_of(puzzle) {
            panic!("wrong solution for {puzzle}: {e}");
        }
    }
}

#[test]
fn dfs_solves_the_seed_puzzles() {
    for (puzzle, solution) in light_seeds() {
        let outcome = Dfs.solve(&puzzle, &default_budget());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
    }
}

#[test]
fn bfs_solves_the_seed_puzzles() {
    for (puzzle, solution) in light_seeds() {
        let outcome = Bfs.solve(&puzzle, &default_budget());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(outcome.solutions, vec![solution]);
        assert!(outcome.stats.peak_bytes <= 64 * MB, "{:?}", outcome.stats);
    }
}

/// All five seeds, the heavy two included. Under the harness's default
/// 256 MB, BFS proves four of them unique (the 17-clue MRV example peaks at
/// 1.8 million states, 235 MB); on the anti-brute-force puzzle its frontier
/// would need ~12.5 million states (1.4 GB at 112 bytes each), so it stops
/// and says "unknown (memory budget)", never a wrong verdict, having held
/// no more than the budget. DFS solves all five on naive's very tree.
#[test]
#[ignore = "76 million DFS states and 15 million BFS states: run in release (a few seconds)"]
fn all_seed_puzzles_in_release() {
    for (puzzle, solution) in seeds() {
        let dfs = Dfs.solve(&puzzle, &default_budget());
        assert_eq!(dfs.verdict(), Verdict::Unique, "{puzzle}");
        assert_eq!(dfs.solutions, vec![solution.clone()]);
        let naive = Naive.solve(&puzzle, &Limits::first_solution());
        assert_eq!(
            Dfs.solve(&puzzle, &Limits::first_solution()).stats.nodes,
            naive.stats.nodes
        );

        let bfs = Bfs.solve(&puzzle, &default_budget());
        assert!(bfs.stats.peak_bytes <= 256 * MB, "{:?}", bfs.stats);
        if is_anti(&puzzle) {
            assert_eq!(bfs.verdict(), Verdict::Unknown(Stop::MemoryBudget));
            assert_eq!(bfs.count, 0);
            assert!(bfs.solutions.is_empty());
            // The budget was used, not given up early: over half of it held.
            assert!(bfs.stats.peak_bytes > 128 * MB, "{:?}", bfs.stats);
        } else {
            assert_eq!(bfs.verdict(), Verdict::Unique, "{puzzle}");
            assert_eq!(bfs.solutions, vec![solution]);
        }
    }
}

#[test]
fn dfs_walks_exactly_naives_tree_on_the_seeds() {
    for (puzzle, _) in light_seeds() {
        for limits in [Limits::first_solution(), Limits::default()] {
            let naive = Naive.solve(&puzzle, &limits);
            let dfs = Dfs.solve(&puzzle, &limits);
            assert_eq!(dfs.stats.nodes, naive.stats.nodes, "{puzzle} {limits:?}");
            assert_eq!(dfs.stats.max_depth, naive.stats.max_depth, "{puzzle}");
            assert_eq!(
                (dfs.count, dfs.stop, &dfs.solutions),
                (naive.count, naive.stop, &naive.solutions)
            );
        }
    }
}

/// Every top95 puzzle that naive solves within 25,000 states (13 of the 95;
/// the others take up to 116 million, too many for a debug build).
#[test]
fn dfs_walks_exactly_naives_tree_on_the_easier_top95() {
    let budget = Limits {
        node_budget: Some(25_000),
        ..Limits::first_solution()
    };
    let mut compared = 0;
    for puzzle in shared_set("top95.txt", 95) {
        let naive = Naive.solve(&puzzle, &budget);
        if naive.stop == Stop::NodeBudget {
            continue;
        }
        let dfs = Dfs.solve(&puzzle, &Limits::first_solution());
        assert_eq!(dfs.stats.nodes, naive.stats.nodes, "{puzzle}");
        assert_eq!(dfs.solutions, naive.solutions);
        compared += 1;
    }
    assert_eq!(compared, 13);
}

#[test]
#[ignore = "393 million states for each strategy: run in release (about 15 s)"]
fn dfs_walks_exactly_naives_tree_on_all_of_top95() {
    for puzzle in shared_set("top95.txt", 95) {
        let naive = Naive.solve(&puzzle, &Limits::first_solution());
        let dfs = Dfs.solve(&puzzle, &Limits::first_solution());
        assert_eq!(dfs.stats.nodes, naive.stats.nodes, "{puzzle}");
        assert_eq!(dfs.solutions, naive.solutions);
    }
}

#[test]
#[ignore = "69 million states: run in release (a few seconds)"]
fn anti_brute_force_dfs_walks_naives_69_million_states() {
    let puzzle = grid(famous::ANTI_BRUTE_FORCE);
    let outcome = Dfs.solve(&puzzle, &Limits::first_solution());
    assert_eq!(outcome.stats.nodes, 69_175_317);
    assert_eq!(outcome.stats.max_depth, 64);
    assert_eq!(outcome.solutions[0].to_line()[..9], *"987654321");
    // The stack never holds more than depth x branching states.
    assert!(
        outcome.stats.peak_states <= 1 + 64 * 9,
        "{:?}",
        outcome.stats
    );
}

/// A search that runs to the end enters every state of the tree, whatever
/// the order: DFS, BFS and naive count the same nodes, and BFS (which enters
/// every child it creates) makes one placement per state but the root.
#[test]
fn whole_trees_have_the_same_size_in_every_order() {
    let puzzles = [
        grid(famous::COMPETITION),
        grid(famous::EASY_7844),
        Grid::empty(Shape::new(2, 2).unwrap()),
    ];
    for puzzle in &puzzles {
        let limits = Limits::count_all();
        let naive = Naive.solve(puzzle, &limits);
        let dfs = Dfs.solve(puzzle, &limits);
        let bfs = Bfs.solve(puzzle, &limits);
        assert_eq!(naive.stop, Stop::Exhausted);
        for outcome in [&dfs, &bfs] {
            assert_eq!(outcome.stop, Stop::Exhausted);
            assert_eq!(outcome.count, naive.count);
            assert_eq!(outcome.stats.nodes, naive.stats.nodes, "{puzzle}");
            assert_eq!(outcome.stats.placements, naive.stats.placements, "{puzzle}");
            assert_eq!(outcome.stats.guesses, naive.stats.guesses, "{puzzle}");
            assert_eq!(outcome.stats.max_depth, naive.stats.max_depth, "{puzzle}");
        }
        assert_eq!(bfs.stats.placements, bfs.stats.nodes - 1);
        // dfs undoes placements as naive does; a queue cannot tell which
        // placements had no solution below, so bfs reports none (n/a).
        assert_eq!(dfs.stats.backtracks, naive.stats.backtracks, "{puzzle}");
        assert!(!Bfs.info().reports.backtracks);
        assert_eq!(bfs.stats.backtracks, 0);
    }
}

#[test]
fn empty_grids_count_their_solutions() {
    for solver in [&Dfs as &dyn Solver, &Bfs] {
        let count = |shape: Shape| {
            solver
                .solve(&Grid::empty(shape), &Limits::count_all())
                .count
        };
        assert_eq!(count(Shape::new(2, 2).unwrap()), 288, "{}", solver.id());
        assert_eq!(count(Shape::new(1, 1).unwrap()), 1);
        assert_eq!(count(Shape::new(1, 2).unwrap()), 2);
        // 3x3 Latin squares.
        assert_eq!(count(Shape::new(1, 3).unwrap()), 12);
    }
}

#[test]
fn larger_shapes_solve_and_verify() {
    for (rows, cols) in [(2, 3), (4, 4), (4, 5), (5, 5)] {
        // Dense enough that proving uniqueness takes at most a few thousand
        // states (the testkit's sparser fixtures are in the ignored test below).
        let shape = Shape::new(rows, cols).unwrap();
        let (puzzle, solution) = sudoku_testkit::unique_puzzle(shape, 0.7, &Dfs);
        for solver in [&Dfs as &dyn Solver, &Bfs] {
            let outcome = solver.solve(&puzzle, &default_budget());
            assert_eq!(
                outcome.verdict(),
                Verdict::Unique,
                "{} {shape}",
                solver.id()
            );
            assert_eq!(outcome.solutions, vec![solution.clone()]);
        }
        let naive = Naive.solve(&puzzle, &Limits::default());
        assert_eq!(
            Dfs.solve(&puzzle, &Limits::default()).stats.nodes,
            naive.stats.nodes,
            "{shape}"
        );
    }
}

/// The testkit's shared 6x6, 16x16 and 25x25 fixtures. Settling them takes
/// many searches, and the 25x25 one needs 101 million states to prove unique
/// in row-major order: BFS runs out of its 256 MB long before.
#[test]
#[ignore = "about 30 s in release"]
fn testkit_fixtures_solve_and_verify() {
    let fixtures = [
        sudoku_testkit::puzzle_6x6(&Dfs),
        sudoku_testkit::puzzle_16x16(&Dfs),
        sudoku_testkit::puzzle_25x25(&Dfs),
    ];
    for (puzzle, solution) in fixtures {
        let outcome = Dfs.solve(&puzzle, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Unique, "{}", puzzle.shape());
        assert_eq!(outcome.solutions, vec![solution.clone()]);
        let bfs = Bfs.solve(&puzzle, &default_budget());
        assert!(bfs.stats.peak_bytes <= 256 * MB);
        if puzzle.shape().side() < 25 {
            assert_eq!(bfs.verdict(), Verdict::Unique, "{}", puzzle.shape());
            assert_eq!(bfs.solutions, vec![solution]);
        } else {
            assert_eq!(bfs.verdict(), Verdict::Unknown(Stop::MemoryBudget));
        }
    }
}

#[test]
fn rectangular_boxes_agree_with_naive() {
    for (rows, cols) in [(2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (2, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        let (puzzle, _) = sudoku_testkit::patterned_puzzle(shape, 0.55);
        let limits = Limits {
            memory_budget: Some(64 * MB),
            ..Limits::default()
        };
        let verdict = assert_agree(&[&Naive, &Dfs, &Bfs], &puzzle, &limits);
        assert!(verdict.is_definite(), "{shape}: {verdict:?}");
    }
}

#[test]
fn bad_puzzles_get_the_same_verdicts_as_naive() {
    // Several solutions, and a wrong clue that breaks no rule (no solution).
    let (loose, wrong) = sudoku_testkit::bad_puzzles(&Naive);

    let limits = Limits {
        keep_solutions: 2,
        ..default_budget()
    };
    assert_eq!(
        assert_agree(&[&Naive, &Dfs, &Bfs], &loose, &limits),
        Verdict::Multiple
    );
    assert_eq!(
        assert_agree(&[&Naive, &Dfs, &Bfs], &wrong, &limits),
        Verdict::None
    );

    // Conflicting givens: invalid before any search.
    let mut bad = grid(famous::COMPETITION);
    bad.set(0, 3);
    for solver in [&Dfs as &dyn Solver, &Bfs] {
        let outcome = solver.solve(&bad, &Limits::default());
        assert_eq!(outcome.verdict(), Verdict::Invalid);
        assert_eq!(outcome.stats.nodes, 0);
        assert!(outcome.conflict.is_some());
    }
}

#[test]
fn a_full_grid_is_its_own_solution() {
    for (_, solution) in seeds().into_iter().take(1) {
        for solver in [&Dfs as &dyn Solver, &Bfs] {
            let outcome = solver.solve(&solution, &Limits::default());
            assert_eq!(outcome.verdict(), Verdict::Unique);
            assert_eq!(outcome.solutions, vec![solution.clone()]);
            assert_eq!(outcome.stats.nodes, 1);
            assert_eq!(outcome.stats.placements, 0);
        }
    }
}

#[test]
fn traced_and_untraced_solves_count_alike() {
    let puzzles = [
        grid(famous::COMPETITION),
        Grid::empty(Shape::new(2, 2).unwrap()),
    ];
    for puzzle in &puzzles {
        for solver in [&Dfs as &dyn Solver, &Bfs] {
            for limits in [Limits::first_solution(), Limits::count_all()] {
                let mut recorder = Recorder::default();
                let traced = solver.solve_traced(puzzle, &limits, &mut recorder);
                let plain = solver.solve(puzzle, &limits);
                assert_eq!(traced, plain, "{}", solver.id());
                check_solutions(&plain, puzzle);
                let count = |f: fn(&Event) -> bool| recorder.count(f);
                let stats = plain.stats;
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
                let deepest = recorder.events.iter().filter_map(|e| match e {
                    Event::Enter { depth } => Some(*depth as u64),
                    _ => None,
                });
                assert_eq!(deepest.max(), Some(stats.max_depth));
            }
        }
    }
}

/// DFS enters a child right after its parent; the events say so.
#[test]
fn dfs_trace_goes_deep_first_and_bfs_trace_level_by_level() {
    let puzzle = grid(famous::EASY_7844);
    let depths = |solver: &dyn Solver| {
        let mut recorder = Recorder::with_cap(2_000);
        solver.solve_traced(&puzzle, &Limits::first_solution(), &mut recorder);
        let depths: Vec<u32> = recorder
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Enter { depth } => Some(*depth),
                _ => None,
            })
            .collect();
        depths
    };
    let dfs = depths(&Dfs);
    assert_eq!(dfs[..4], [0, 1, 2, 3]);
    let bfs = depths(&Bfs);
    assert!(
        bfs.windows(2).all(|w| w[0] <= w[1]),
        "BFS enters states level by level"
    );
}

#[test]
fn node_budget_gives_unknown_not_a_wrong_verdict() {
    for solver in [&Dfs as &dyn Solver, &Bfs] {
        let limits = Limits {
            node_budget: Some(100_000),
            ..default_budget()
        };
        let outcome = solver.solve(&grid(famous::ANTI_BRUTE_FORCE), &limits);
        assert_eq!(outcome.stop, Stop::NodeBudget, "{}", solver.id());
        assert_eq!(outcome.verdict(), Verdict::Unknown(Stop::NodeBudget));
        assert_eq!(outcome.stats.nodes, 100_000);
        assert!(outcome.solutions.is_empty());
    }
    // The budget counts exactly: naive and dfs stop at the same state.
    let limits = Limits {
        node_budget: Some(1_234),
        ..Limits::count_all()
    };
    let naive = Naive.solve(&Grid::empty(Shape::CLASSIC), &limits);
    let dfs = Dfs.solve(&Grid::empty(Shape::CLASSIC), &limits);
    assert_eq!(
        (dfs.count, dfs.stats.nodes, dfs.stats.max_depth),
        (naive.count, 1_234, naive.stats.max_depth)
    );
}

#[test]
fn time_budget_stops_the_search() {
    // A zero budget is over at the first check, a few thousand states in.
    let limits = Limits {
        time_budget: Some(std::time::Duration::ZERO),
        ..Limits::count_all()
    };
    for solver in [&Dfs as &dyn Solver, &Bfs] {
        let outcome = solver.solve(
            &Grid::empty(Shape::CLASSIC),
            &Limits {
                memory_budget: Some(64 * MB),
                ..limits.clone()
            },
        );
        assert_eq!(outcome.stop, Stop::TimeBudget, "{}", solver.id());
        assert!(
            outcome.stats.nodes <= sudoku_core::TIME_CHECK_INTERVAL as u64,
            "{:?}",
            outcome.stats
        );
    }
    // Solutions found before a budget runs out still prove "multiple".
    sudoku_testkit::assert_time_budget_stops(&Dfs);
}

#[test]
fn dfs_memory_stays_at_depth_times_branching() {
    let outcome = Dfs.solve(&grid(famous::INKALA), &Limits::first_solution());
    let stats = outcome.stats;
    assert!(stats.peak_states <= 1 + 60 * 9, "{stats:?}");
    assert!(stats.peak_bytes < 100_000, "{stats:?}");
    // A budget smaller than the stack needs stops DFS too, and says so.
    let tight = Limits {
        memory_budget: Some(4_000),
        ..Limits::first_solution()
    };
    let outcome = Dfs.solve(&grid(famous::INKALA), &tight);
    assert_eq!(outcome.verdict(), Verdict::Unknown(Stop::MemoryBudget));
    assert!(outcome.stats.peak_bytes <= 4_000);
}

#[test]
fn states_are_compact() {
    // 41 bytes of digits, 27 masks, the next empty cell, a depth and a pointer.
    assert_eq!(state_bytes(Shape::CLASSIC), 112);
    assert_eq!(state_bytes(Shape::new(2, 2).unwrap()), 112);
    assert!(state_bytes(Shape::new(4, 4).unwrap()) <= 8 + 256 + 96 + 8);
    assert!(state_bytes(Shape::new(5, 5).unwrap()) <= 8 + 625 + 300 + 16);
}
