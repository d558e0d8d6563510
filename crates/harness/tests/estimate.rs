//! `sudoku-lab estimate`: Knuth's random probes of a whole search tree.

use std::process::Command;
use sudoku_core::{Limits, Solver};
use sudoku_testkit::seeds;

fn lab(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The estimate's nodes, from its line.
fn nodes(line: &str) -> f64 {
    let after = line.split("about ").nth(1).expect("an estimate");
    after.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn estimates_follow_the_tree_and_repeat_with_the_seed() {
    let (puzzle, _) = &seeds()[1];
    let text = puzzle.to_string();
    let exact = sudoku_dlx::Dlx
        .solve(puzzle, &Limits::count_all())
        .stats
        .nodes as f64;
    let (out, err, code) = lab(&["estimate", "--strategy", "dlx", "--probes", "2000", &text]);
    assert_eq!(code, 0, "{err}");
    let estimate = nodes(&out);
    assert!(
        (estimate / exact - 1.0).abs() < 0.25,
        "{estimate} vs {exact}"
    );
    assert!(out.contains("2000 probes, seed 1"), "{out}");
    // Same seed, same figures; dcells probes the same tree.
    let (again, _, _) = lab(&[
        "estimate",
        "--strategy",
        "dcells",
        "--probes",
        "2000",
        &text,
    ]);
    assert_eq!(
        again.split_once(':').unwrap().1,
        out.split_once(':').unwrap().1
    );
}

#[test]
fn strategies_that_cannot_be_probed_are_refused_with_the_reason() {
    let (_, err, code) = lab(&["estimate", "--strategy", "naive", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("naive cannot be probed yet"), "{err}");
    assert!(err.contains("dlx, dcells"), "{err}");
}
