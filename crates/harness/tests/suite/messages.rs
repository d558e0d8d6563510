//! Issue 13, defect 8: messages that say what is true, and inputs read the
//! same way by every command.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, run};

#[cfg(feature = "reference")]
#[test]
fn counting_with_the_reference_explains_its_cap() {
    let empty = ".".repeat(81);
    let (code, out, err) = run(&["count", "--strategy", "reference", &empty], b"");
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("at most 10,000 solutions"), "{err}");
    assert!(err.contains("--limit 10000"), "{err}");
    for wrong in ["unsupported", "not supported"] {
        assert!(!(out.clone() + &err).contains(wrong), "{out}{err}");
    }
    // Within the cap it counts.
    let (code, out, _) = run(
        &["count", "--strategy", "reference", "--limit", "5", &empty],
        b"",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("5 at least"), "{out}");
}

#[test]
fn a_letter_in_a_9x9_is_an_unknown_symbol() {
    let mut puzzle = "x".to_string();
    puzzle.push_str(&".".repeat(80));
    let (code, _, err) = run(&["solve", &puzzle], b"");
    assert_eq!(code, 1);
    assert!(err.contains("unknown symbol 'x' at column 1"), "{err}");
    assert!(!err.contains("33"), "{err}");
}

#[test]
fn errors_in_a_block_name_the_bad_line() {
    let block = b"# a 4x4 block\n1.3.\n..1.\n.1x.\n...4\n";
    let (code, _, err) = run(&["solve", "-"], block);
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:4: unknown symbol 'x'"), "{err}");
}

#[test]
fn endless_input_stops_at_the_line_cap() {
    let start = Instant::now();
    let mut child = Command::new(bin())
        .args(["solve", "-"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("`solve - < /dev/zero` runs for ever");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no line break"), "{err}");
    assert_ne!(out.status.code(), Some(0));
}

#[test]
fn empty_input_exits_the_same_in_solve_and_compare() {
    let dir = crate::common::scratch_path("sudoku-lab-messages");
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let empty = empty.to_str().unwrap();
    let (solve, _, _) = run(&["solve", empty], b"");
    let (compare, _, _) = run(&["compare", "--strategies", "naive", "--set", empty], b"");
    let (stdin, _, err) = run(&["solve", "-"], b"");
    assert_eq!(solve, 2);
    assert_eq!(compare, solve);
    assert_eq!(stdin, solve, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_reads_standard_input_like_solve() {
    let (code, out, err) = run(
        &["compare", "--strategies", "naive", "--set", "-"],
        b"..3..4.221......\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("<stdin>: 1 puzzle"), "{out}");
    let (code, _, err) = run(&["compare", "--strategies", "naive", "--set", "-"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no puzzles found"), "{err}");
}

/// Standard input is kept in a file while the run reads it (the passes
/// protocol's children open it by path); the file goes with the run.
#[test]
fn standard_input_leaves_no_file_behind() {
    for protocol in ["rounds", "passes"] {
        let mut child = Command::new(bin())
            .args(["compare", "--strategies", "naive", "--protocol", protocol])
            .args(["--no-progress", "--set", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let spool = std::env::temp_dir().join(format!("sudoku-lab-stdin-{}", child.id()));
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"..3..4.221......\n").unwrap();
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{protocol}: {text}");
        assert!(text.contains("<stdin>: 1 puzzle"), "{protocol}: {text}");
        assert!(
            !spool.exists(),
            "{protocol}: {} is left behind",
            spool.display()
        );
    }
}
