//! The one contract suite every strategy crate runs on itself.
//!
//! `sudoku_core::Stats` defines each statistic once; this module checks that a
//! strategy keeps to those definitions, the same way for every strategy, so no
//! suite re-implements the checks at its own strength:
//!
//! * **invariants between the statistics**: `placements >= guesses`,
//!   `backtracks <= placements`, no guess means no backtrack, at least the
//!   root is entered, and for a search that enters one state per placement
//!   (naive, mrv, dlx, dfs, bfs: [`one_node_per_placement`])
//!   `nodes = placements + 1`;
//! * **the trace equals the statistics**: one `Enter` per node, one `Place`
//!   per placement, one guess reason per guess, one `Undo { backtrack: true }`
//!   per backtrack, one `Solution` per solution counted, and a traced solve
//!   returns exactly the untraced outcome (counts are deterministic);
//! * **verdicts against an oracle**: seeds, bad puzzles, the bundled
//!   multiple- and no-solution sets and small shapes, every solution verified;
//! * **budgets**: a node budget stops at exactly that many nodes and a time
//!   budget stops counting the empty 9x9, both with an `unknown` verdict.
//!
//! Statistics a strategy does not measure ([`Info::reports`]) are skipped.
//!
//! ```no_run
//! // tests/contract.rs of a strategy crate:
//! #[test]
//! fn keeps_the_contract() {
//!     sudoku_testkit::contract::check(&sudoku_naive::Naive, &sudoku_naive::Naive);
//! }
//! ```

use crate::{bad_puzzles, grid, patterned_puzzle, puzzle_path, read_entries, seeds};
use sudoku_core::{Event, Grid, Info, Limits, Outcome, Recorder, Shape, Solver, Stop, Verdict};

/// Every check below, on the fixtures every strategy can afford: `oracle`
/// decides the expected verdicts (another strategy, already trusted).
pub fn check(solver: &dyn Solver, oracle: &dyn Solver) {
    let puzzles = fixtures(oracle);
    // Budgets keep the suite fast for every strategy (and bfs's frontier
    // small); answers are compared only where both searches settled.
    let bounded = |limits: Limits| Limits {
        node_budget: Some(200_000),
        memory_budget: Some(64 << 20),
        ..limits
    };
    for puzzle in &puzzles {
        for limits in [Limits::first_solution(), Limits::default()].map(bounded) {
            let outcome = check_trace_and_invariants(solver, puzzle, &limits);
            let expected = oracle.solve(puzzle, &limits);
            check_same_answer(solver, oracle, puzzle, &outcome, &expected);
        }
    }
    check_budgets(solver);
}

/// `true` for strategies whose every placement enters a new state, so that
/// stopping at the first solution gives `nodes = placements + 1`. Propagating
/// strategies place forced digits inside a node; SAT solvers do not count
/// placements that way.
///
/// A breadth-first search counts placements as it creates children, before
/// entering them, and for the same reason (it interleaves subtrees) cannot
/// count backtracks: strategies that do not report backtracks are left out.
pub fn one_node_per_placement(info: &Info) -> bool {
    info.capabilities.one_node_per_placement && info.reports.backtracks
}

/// The puzzles of the contract: the seeds, the two bad puzzles, the bundled
/// multiple- and no-solution sets (9x9 and 4x4 ones), and patterned puzzles
/// of small shapes, rectangular boxes included.
pub fn fixtures(oracle: &dyn Solver) -> Vec<Grid> {
    let mut puzzles: Vec<Grid> = seeds().into_iter().map(|(p, _)| p).collect();
    let (loose, wrong) = bad_puzzles(oracle);
    puzzles.extend([loose, wrong]);
    for set in ["multiple.txt", "no-solution.txt"] {
        puzzles.extend(
            read_entries(&puzzle_path(set))
                .into_iter()
                .map(|e| e.puzzle)
                .filter(|p| p.shape().side() <= 9),
        );
    }
    for (rows, cols, keep) in [
        (1, 1, 0.0),
        (1, 2, 0.3),
        (2, 2, 0.3),
        (2, 3, 0.4),
        (3, 2, 0.4),
    ] {
        let shape = Shape::new(rows, cols).unwrap();
        puzzles.push(patterned_puzzle(shape, keep).0);
        puzzles.push(Grid::empty(shape));
    }
    puzzles.push(grid(crate::famous::INKALA));
    puzzles
}

/// Solves `puzzle` with and without a trace, checks that both give the same
/// outcome, that the trace's events count the statistics, that the
/// statistics keep their invariants, and that every solution verifies.
pub fn check_trace_and_invariants(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> Outcome {
    let id = solver.id();
    let info = solver.info();
    let mut recorder = Recorder::default();
    let traced = solver.solve_traced(puzzle, limits, &mut recorder);
    let plain = solver.solve(puzzle, limits);
    assert_eq!(
        traced, plain,
        "{id}: traced and untraced solves differ on {puzzle}"
    );
    for solution in &plain.solutions {
        if let Err(e) = solution.verify_solution_of(puzzle) {
            panic!("{id} reported a wrong solution for {puzzle}: {e}");
        }
    }
    if plain.stop == Stop::InvalidGivens || plain.stop == Stop::Unsupported {
        assert_eq!(plain.stats, Default::default(), "{id}: {puzzle}");
        return plain;
    }
    let s = plain.stats;
    let r = info.reports;
    let count = |f: fn(&Event) -> bool| recorder.count(f);
    let at = |what: &str| format!("{id}: {what} on {puzzle} ({limits:?}): {s:?}");
    if r.nodes {
        assert!(s.nodes >= 1, "{}", at("the root is a node"));
        assert_eq!(
            count(|e| matches!(e, Event::Enter { .. })),
            s.nodes,
            "{}",
            at("Enter events = nodes")
        );
    }
    if r.placements {
        assert_eq!(
            count(|e| matches!(e, Event::Place { .. })),
            s.placements,
            "{}",
            at("Place events = placements")
        );
    }
    if r.guesses {
        assert_eq!(
            count(|e| matches!(e, Event::Place { reason, .. } if reason.is_guess())),
            s.guesses,
            "{}",
            at("guess reasons = guesses")
        );
    }
    if r.backtracks {
        assert_eq!(
            count(|e| matches!(
                e,
                Event::Undo {
                    backtrack: true,
                    ..
                }
            )),
            s.backtracks,
            "{}",
            at("backtracking Undo events = backtracks")
        );
    }
    if r.placements && r.guesses {
        assert!(s.placements >= s.guesses, "{}", at("placements >= guesses"));
    }
    if r.placements && r.backtracks {
        assert!(
            s.backtracks <= s.placements,
            "{}",
            at("backtracks <= placements")
        );
    }
    // A branch that places no digit (bitboard's configurations) is a branch
    // point without a guess: only a search with neither has no backtrack.
    let branches_without_digit =
        count(|e| matches!(e, Event::Eliminate { rule, .. } if rule.is_branch()));
    if r.guesses && r.backtracks && s.guesses == 0 && branches_without_digit == 0 {
        assert_eq!(
            s.backtracks,
            0,
            "{}",
            at("a search with no guess has no backtrack")
        );
    }
    if one_node_per_placement(info)
        && plain.stop == Stop::SolutionLimit
        && limits.max_solutions == Some(1)
    {
        assert_eq!(
            s.nodes,
            s.placements + 1,
            "{}",
            at("nodes = placements + 1 at the first solution")
        );
    }
    assert_eq!(
        count(|e| matches!(e, Event::Solution { .. })) * r.nodes as u64,
        plain.count * r.nodes as u64,
        "{}",
        at("Solution events = solutions")
    );
    plain
}

/// The verdict and the number of solutions must equal the oracle's whenever
/// both searches settled the question.
pub fn check_same_answer(
    solver: &dyn Solver,
    oracle: &dyn Solver,
    puzzle: &Grid,
    outcome: &Outcome,
    expected: &Outcome,
) {
    let (v, e) = (outcome.verdict(), expected.verdict());
    let settled = |v: Verdict| !matches!(v, Verdict::Unknown(_));
    if settled(v) && settled(e) {
        assert_eq!(
            (v, outcome.count),
            (e, expected.count),
            "{} and {} disagree on {puzzle}",
            solver.id(),
            oracle.id()
        );
    }
}

/// Budgets: counting the solutions of the empty 9x9 with a node budget of 50
/// stops at exactly 50 nodes (for strategies that count nodes), and a time
/// budget stops the same count.
pub fn check_budgets(solver: &dyn Solver) {
    if solver.info().reports.nodes && solver.supports(Shape::CLASSIC).is_ok() {
        let limits = Limits {
            node_budget: Some(50),
            ..Limits::count_all()
        };
        let outcome = solver.solve(&Grid::empty(Shape::CLASSIC), &limits);
        assert_eq!(outcome.stop, Stop::NodeBudget, "{}", solver.id());
        assert_eq!(outcome.stats.nodes, 50, "{}", solver.id());
    }
    if solver.supports(Shape::CLASSIC).is_ok() && solver.info().capabilities.interruptible {
        // A copying search may meet the memory budget first.
        let outcome = crate::count_empty_9x9_under_budget(solver, Some(64 << 20));
        let id = solver.id();
        assert!(
            matches!(outcome.stop, Stop::TimeBudget | Stop::MemoryBudget),
            "{id}: {:?}",
            outcome.stop
        );
        // Solutions found before the budget prove "multiple"; none, "unknown".
        let expected = if outcome.count >= 2 {
            Verdict::Multiple
        } else {
            Verdict::Unknown(outcome.stop)
        };
        assert_eq!(outcome.verdict(), expected, "{id}");
    }
}
