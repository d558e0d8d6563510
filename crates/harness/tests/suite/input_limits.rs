//! Issue 29, the input and limits rows: input that was read as a different
//! puzzle is refused naming file, line and column; every stream error is an
//! exit status, never a panic; `--jobs` is capped the same way everywhere; a
//! long line is skipped and the rest of the input read.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, run};

/// A scratch directory for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path(&format!("sudoku-lab-input-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A bundled puzzle set, by its path in the repository.
fn bundled(name: &str) -> String {
    format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn file_with(name: &str, text: &str) -> PathBuf {
    let path = scratch(name).join("puzzles.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// Row 1: `-3` or `+3` as a given is an error with file, line and column,
/// not the puzzle with 3.
#[test]
fn row_1_a_signed_given_is_an_error() {
    for sign in ["-", "+"] {
        let path = file_with(
            &format!("sign{sign}"),
            &format!("1 {sign}3 . .\n. . . .\n. . . .\n. . . .\n"),
        );
        let file = path.to_str().unwrap();
        let (code, out, err) = run(&["solve", "--format", "line", file], b"");
        assert_eq!(code, 1, "{out}{err}");
        assert_eq!(out, "- invalid\n", "one puzzle, refused: {err}");
        assert!(
            err.contains(&format!("{file}:1: signed number {sign}3 at column 3")),
            "{err}"
        );
    }
}

/// Row 2: 36 rows of 36 zeros (and 64 of 64) are one grid past 25x25:
/// refused once, saying so; never 36 6x6 puzzles.
#[test]
fn row_2_a_whitespace_grid_past_side_25_is_refused() {
    for side in [36, 64] {
        let row = vec!["0"; side].join(" ");
        let text: String = (0..side).map(|_| format!("{row}\n")).collect();
        let path = file_with(&format!("big{side}"), &text);
        let file = path.to_str().unwrap();
        let (code, out, err) = run(&["solve", "--format", "line", file], b"");
        assert_eq!(code, 1, "{err}");
        assert_eq!(out, "- invalid\n", "{err}");
        assert!(
            err.contains(&format!("side {side} is larger than 25")),
            "{err}"
        );
        let (code, out, err) = run(
            &[
                "compare",
                "--strategies",
                "dlx",
                "--set",
                file,
                "--format",
                "csv",
            ],
            b"",
        );
        // compare counts it as one invalid puzzle, saying why.
        let _ = code;
        assert!(
            err.contains(&format!("side {side} is larger than 25")),
            "{err}"
        );
        assert!(!out.contains("6x6") && !out.contains("8x8"), "{out}");
    }
    // Sixteen lines of 16 read as one 16x16 say so on stderr.
    let row = vec!["0"; 16].join(" ");
    let text: String = (0..16).map(|_| format!("{row}\n")).collect();
    let path = file_with("sixteen", &text);
    let (code, out, err) = run(&["count", "--limit", "2", path.to_str().unwrap()], b"");
    assert_eq!(
        (code, out.as_str()),
        (0, "2 at least (solution limit)\n"),
        "{err}"
    );
    assert!(err.contains("read as one 16x16 grid"), "{err}");
}

/// Row 3: a CSV solution that contradicts its givens is invalid input, and
/// no strategy is marked wrong for disagreeing with it.
#[test]
fn row_3_a_solution_contradicting_its_givens_is_invalid_input() {
    let path = file_with("contradiction", "....3..22..31...,1234341221434321\n");
    let file = path.to_str().unwrap();
    let (code, out, err) = run(
        &[
            "compare",
            "--strategies",
            "dlx,naive",
            "--set",
            file,
            "--format",
            "csv",
        ],
        b"",
    );
    assert!(
        err.contains(&format!("{file}:1: solution field contradicts the givens")),
        "{err}"
    );
    assert!(err.contains("column 30"), "{err}");
    // Every strategy: the puzzle counted invalid, none wrong.
    let table: Vec<Vec<&str>> = out.lines().map(|l| l.split(',').collect()).collect();
    let column = |name: &str| table[0].iter().position(|c| *c == name).unwrap();
    assert_eq!(table.len(), 3, "{out}");
    for row in &table[1..] {
        assert_eq!(row[column("wrong")], "0", "{out}");
        assert_eq!(row[column("invalid")], "1", "{out}");
    }
    assert!(!err.contains("wrong"), "{err}");
    let _ = code;
    let (code, out, err) = run(&["solve", "--format", "line", file], b"");
    assert_eq!((code, out.as_str()), (1, "- invalid\n"), "{err}");
}

/// Row 10: a message that cannot be written to stderr is exit 2, not a panic.
#[test]
fn row_10_a_full_stderr_is_an_io_error_not_a_panic() {
    for args in [
        &["solve", "no-such-file.txt"][..],
        &[
            "scaling",
            "--puzzles",
            "no-such-dir",
            "--report",
            "/nonexistent/x",
        ][..],
        &["count", "11.............."][..],
    ] {
        let out = Command::new(bin())
            .args(args)
            .stdout(Stdio::null())
            .stderr(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// Row 11: `--jobs 100000` is capped at the cores and the work, with a
/// warning, and finishes at once; the same in `compare`.
#[test]
fn row_11_jobs_are_capped_with_a_warning() {
    let four = bundled("4x4.txt");
    let start = Instant::now();
    let (code, out, err) = run(
        &[
            "generate", "--shape", "3x3", "--count", "1", "--seed", "1", "--jobs", "100000",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(out.lines().filter(|l| !l.starts_with('#')).count(), 1);
    assert!(err.contains("warning: --jobs 100000 capped at 1"), "{err}");
    // The output does not depend on it.
    let (_, one, _) = run(
        &["generate", "--shape", "3x3", "--count", "1", "--seed", "1"],
        b"",
    );
    assert_eq!(out, one);
    let (code, _, err) = run(
        &[
            "compare",
            "--strategies",
            "dlx",
            "--set",
            &four,
            "--limit-puzzles",
            "3",
            "--jobs",
            "100000",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: --jobs 100000 capped at"), "{err}");
}

/// Row 13: a 100 MB line is reported and skipped, and the puzzle after it solved.
#[test]
fn row_13_a_100_mb_line_is_skipped_and_the_rest_solved() {
    let mut input = vec![b'7'; 100 << 20];
    input.extend_from_slice(b"\n..3..4.221......\n");
    let (code, out, err) = run(&["solve", "--format", "line", "-"], &input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "- invalid\n1234341221434321 unique\n", "{err}");
    assert!(err.contains("<stdin>:1: line longer than"), "{err}");
}

/// Row 14: `count` of conflicting givens names file, line and the conflict.
#[test]
fn row_14_count_names_the_conflict() {
    let (code, out, err) = run(&["count", "11.............."], b"");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "0 invalid (conflicting givens: digit 1 appears twice in row 1)\n"
    );
    assert!(
        err.contains("<argument>:1: conflicting givens: digit 1 appears twice in row 1"),
        "{err}"
    );
}

/// Row 15: a number too large is quoted as written.
#[test]
fn row_15_an_overflowing_number_is_quoted_as_written() {
    let text = "99999999999999999999999 1 . .\n. . . .\n. . . .\n. . . .\n";
    let (code, _, err) = run(&["solve", "--format", "line", "-"], text.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("<stdin>:1: digit 99999999999999999999999 at column 1 is out of range"),
        "{err}"
    );
    assert!(!err.contains("18446744073709551615"), "{err}");
}

/// Row 16: a directory as input is an I/O error, exit 2, in `solve` (on
/// stdin) and in `ladder`.
#[test]
fn row_16_a_directory_is_an_io_error() {
    let dir = scratch("dir");
    let out = Command::new(bin())
        .args(["solve", "--format", "line", "-"])
        .stdin(std::fs::File::open(&dir).unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("<stdin>:1: read error"), "{err}");
    assert!(out.stdout.is_empty());
    // ladder reads sets as compare does: a directory is a set of puzzle
    // files, and one with none is refused up front, naming it.
    let (code, _, err) = run(&["ladder", "--set", dir.to_str().unwrap()], b"");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(dir.to_str().unwrap()) && err.contains("no puzzle files"),
        "{err}"
    );
}

/// Row 17: clear, specific messages.
#[test]
fn row_17_messages_say_what_is_wrong() {
    // --results names a directory.
    let dir = scratch("results");
    let four = bundled("4x4.txt");
    let (code, _, err) = run(
        &[
            "compare",
            "--strategies",
            "dlx",
            "--set",
            &four,
            "--results",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("is a directory"), "{err}");
    assert!(!err.contains("--resume"), "{err}");
    // A puzzle argument of a small forced shape is a puzzle.
    let (code, out, err) = run(
        &["solve", "--format", "line", "--shape", "1x2", "1..."],
        b"",
    );
    // Its output names the boxes, so it reads back as 1x2 (issue 43).
    assert_eq!(
        (code, out.as_str()),
        (0, "# shape: 1x2\n1221 unique\n"),
        "{err}"
    );
    // trace and explain read their argument with the same shape.
    for (command, flag) in [("trace", "--strategy"), ("explain", "--strategies")] {
        let (code, out, err) = run(&[command, flag, "naive", "--shape", "1x2", "1..."], b"");
        assert_eq!(code, 0, "{command}: {err}");
        assert!(out.contains("2x2"), "{command}: {out}");
    }
    // A binary file given to merge: the line is named.
    let binary = scratch("merge").join("results.jsonl");
    std::fs::write(&binary, b"\xff\xfe\x00garbage\n").unwrap();
    let (code, _, err) = run(&["merge", binary.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(err.contains("line 1"), "{err}");
}

/// Row 17: a count the reference cannot stop is refused with the reason,
/// in `solve --count` as in `count`, not answered "- unknown".
#[cfg(feature = "reference")]
#[test]
fn row_17_solve_count_with_the_reference_gives_the_reason() {
    let puzzle = ".".repeat(81);
    let (code, out, err) = run(
        &[
            "solve",
            "--strategy",
            "reference",
            "--count",
            "--format",
            "line",
            &puzzle,
        ],
        b"",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("counts at most 10,000 solutions"), "{err}");
    assert!(!out.contains("unknown"), "{out}");
}

/// A budget that runs out says so on stderr beside `- unknown`.
#[test]
fn an_unknown_verdict_says_why() {
    let puzzle = ".".repeat(81);
    let (code, out, err) = run(
        &[
            "solve",
            "--strategy",
            "naive",
            "--count",
            "--node-budget",
            "100",
            "--format",
            "line",
            &puzzle,
        ],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    assert!(out.trim_end().ends_with(" unknown"), "{out}");
    assert!(
        err.contains("<argument>:1: unknown: stopped by the node budget"),
        "{err}"
    );
}
