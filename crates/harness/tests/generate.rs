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
