//! `generate` refuses what it cannot honour, up front, and says when a puzzle
//! is not what was asked.

use assert_cmd::Command;

fn generate(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sudoku-lab")
        .unwrap()
        .arg("generate")
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

#[test]
fn requests_that_cannot_be_honoured_are_refused_up_front() {
    let cases: [(&[&str], &str); 2] = [
        (
            &[
                "--rate-with",
                "mrv",
                "--min-nodes",
                "100",
                "--max-nodes",
                "10",
            ],
            "no puzzle can be in that window",
        ),
        (&["--jobs", "0"], "0 is not in 1.."),
    ];
    for (args, says) in cases {
        let (code, out, err) = generate(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: nothing is printed: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_strategy_without_node_counts_cannot_rate() {
    let silent = sudoku_harness::registry::strategies()
        .into_iter()
        .filter(|s| !s.info().reports.nodes);
    for solver in silent {
        let (code, out, err) = generate(&["--rate-with", solver.id()]);
        assert_eq!(code, 2, "{}: {err}", solver.id());
        assert!(out.is_empty());
        assert!(err.contains("reports no node counts"), "{err}");
    }
}

#[test]
fn a_strategy_that_cannot_check_the_shape_is_refused() {
    // Every registered strategy that declines 2x2 is refused as a checker.
    for solver in sudoku_harness::registry::strategies() {
        let shape = "2x2".parse().unwrap();
        if solver.supports(shape).is_ok() {
            continue;
        }
        let (code, out, err) = generate(&["--shape", "2x2", "--solver", solver.id()]);
        assert_eq!(code, 2, "{}: {err}", solver.id());
        assert!(out.is_empty());
        assert!(err.contains("cannot check 2x2 puzzles"), "{err}");
    }
}

#[test]
fn a_puzzle_whose_checks_ran_out_is_not_called_minimal() {
    let (code, out, err) = generate(&["--count", "2", "--check-budget", "1"]);
    assert_eq!(code, 0, "{err}");
    let header = out.lines().next().unwrap();
    assert!(header.ends_with("--check-budget 1"), "{header}");
    let puzzles: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(puzzles.len(), 2);
    for line in puzzles {
        assert!(line.contains("not-proven-minimal"), "{line}");
    }
    // With a budget the checks can meet, the puzzles are proven minimal.
    let (_, out, _) = generate(&["--shape", "2x2", "--count", "3"]);
    assert!(!out.contains("not-proven-minimal"), "{out}");
}

#[test]
fn large_shapes_stop_at_a_clue_count_unless_minimal_is_asked() {
    let (code, out, err) = generate(&["--shape", "4x4", "--count", "1", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    let header = out.lines().next().unwrap();
    assert!(
        header.ends_with("--clues 153"),
        "60% of 256 cells: {header}"
    );
    let puzzle = out.lines().nth(1).unwrap();
    assert!(puzzle.contains("# clues=153"), "{puzzle}");
}

use sudoku_core::{Grid, Limits, Shape, Solver, Verdict};
use sudoku_harness::generate::{generate_one, Generated, Recipe, Symmetry};
use sudoku_harness::registry;

/// A strategy other than `checker` that counts to two on `shape`: the
/// generator's verdicts are checked by code that did not make them.
fn independent(checker: &dyn Solver, shape: Shape) -> &'static dyn Solver {
    ["bitboard", "mrv", "dlx"]
        .into_iter()
        .filter_map(registry::find)
        .find(|s| s.id() != checker.id() && s.supports(shape).is_ok())
        .expect("a second strategy")
}

fn verdict(solver: &dyn Solver, puzzle: &Grid) -> Verdict {
    let limits = Limits {
        node_budget: Some(20_000_000),
        ..Limits::default()
    };
    solver.solve(puzzle, &limits).verdict()
}

fn made(
    shape: Shape,
    symmetry: Symmetry,
    budget: u64,
    index: u64,
) -> (Generated, &'static dyn Solver) {
    let checker = registry::uniqueness_checker(shape);
    let recipe = Recipe {
        shape,
        clues: None,
        symmetry,
        solver: checker,
        check_budget: budget,
        rating: None,
        max_attempts: 1,
    };
    (generate_one(&recipe, 1, index).unwrap(), checker)
}

#[test]
fn the_default_checker_supports_every_shape() {
    for shape in ["1x1", "2x2", "2x3", "3x3", "3x4", "4x4", "4x5", "5x5"] {
        let shape: Shape = shape.parse().unwrap();
        let checker = registry::uniqueness_checker(shape);
        assert!(checker.supports(shape).is_ok(), "{shape}: {}", checker.id());
    }
}

#[test]
fn minimal_25x25_finishes_under_a_node_budget_and_is_unique() {
    // The late checks of a 25x25 dig are searches no checker finishes in a
    // small budget: they run out, keep their givens and are counted; the
    // total stays bounded (625 checks of at most 1,000 nodes each).
    let shape: Shape = "5x5".parse().unwrap();
    for index in 0..2 {
        let (g, checker) = made(shape, Symmetry::None, 1_000, index);
        assert!(g.solution.is_solution_of(&g.puzzle));
        assert!(
            g.puzzle.givens() < shape.cells() * 3 / 5,
            "{}",
            g.puzzle.givens()
        );
        assert!(
            g.inconclusive > 0,
            "1,000 nodes cannot settle every late check"
        );
        let other = independent(checker, shape);
        assert_eq!(verdict(other, &g.puzzle), Verdict::Unique, "{}", other.id());
    }
}

#[test]
fn a_minimal_puzzle_loses_uniqueness_without_any_given() {
    // Cells removed one by one and in symmetric pairs: no given (group of
    // givens) can go, by a strategy that is not the generator's checker.
    for (shape, symmetry) in [
        ("2x3", Symmetry::None),
        ("3x3", Symmetry::None),
        ("3x3", Symmetry::Rotate180),
        ("2x4", Symmetry::Mirror),
    ] {
        let shape: Shape = shape.parse().unwrap();
        for index in 0..3 {
            let (g, checker) = made(shape, symmetry, 2_000_000, index);
            let other = independent(checker, shape);
            let what = format!("{shape} {symmetry} #{index}: {}", g.puzzle.to_line());
            assert_eq!(g.inconclusive, 0, "{what}");
            assert_eq!(verdict(other, &g.puzzle), Verdict::Unique, "{what}");
            let n = shape.side();
            for cell in (0..shape.cells()).filter(|&c| g.puzzle.get(c) != 0) {
                let (r, c) = (cell / n, cell % n);
                let image = match symmetry {
                    Symmetry::None => cell,
                    Symmetry::Rotate180 => (n - 1 - r) * n + (n - 1 - c),
                    Symmetry::Mirror => r * n + (n - 1 - c),
                };
                let mut fewer = g.puzzle.clone();
                fewer.set(cell, 0);
                fewer.set(image, 0);
                assert_eq!(
                    verdict(other, &fewer),
                    Verdict::Multiple,
                    "{what}: cell {cell}"
                );
            }
        }
    }
}
