//! Streaming and bounded memory: reading and solving a very long input keeps
//! the process's memory flat. Each test watches a `sudoku-lab` child process's
//! peak resident set (VmHWM in /proc), so it measures the real program.
//!
//! The soak test (the whole 17-clue set through `compare --jobs 2` with every
//! strategy) is behind `--ignored`:
//! `cargo test --release -p sudoku-harness --test suite -- --ignored streaming:: --nocapture`

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const PUZZLE: &str = "..3..4.221......";

/// The child's peak resident set in kB, read from /proc while it runs.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `sudoku-lab args`, feeding `lines` copies of `line` on stdin, and
/// returns (exit code, output lines, peak kB).
fn run_streaming(args: &[&str], line: &str, lines: usize) -> (i32, usize, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let line = format!("{line}\n");
    let writer = std::thread::spawn(move || {
        // Whole chunks of 1,000 lines, then the rest (a single line too).
        let chunk = line.repeat(1000);
        let rest = line.repeat(lines % 1000);
        for _ in 0..lines / 1000 {
            if stdin.write_all(chunk.as_bytes()).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(rest.as_bytes());
    });
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        std::io::BufReader::new(stdout).lines().count()
    });
    let mut peak = 0;
    loop {
        if let Some(kb) = peak_kb(pid) {
            peak = peak.max(kb);
        }
        if let Some(status) = child.try_wait().unwrap() {
            writer.join().unwrap();
            return (status.code().unwrap_or(-1), reader.join().unwrap(), peak);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn solving_a_long_stream_keeps_memory_flat() {
    let small = run_streaming(&["solve", "--format", "line", "-"], PUZZLE, 2_000);
    let large = run_streaming(&["solve", "--format", "line", "-"], PUZZLE, 200_000);
    assert_eq!((small.0, small.1), (0, 2_000));
    assert_eq!((large.0, large.1), (0, 200_000));
    // 100 times the input, the same memory (give or take allocator noise).
    assert!(
        large.2 < small.2 + 8 * 1024,
        "peak {} kB for 200,000 puzzles vs {} kB for 2,000",
        large.2,
        small.2
    );
}

#[test]
fn a_huge_line_is_refused_in_bounded_memory() {
    // One 200 MB "line": the reader keeps at most 64 kB of it.
    let (code, lines, peak) = run_streaming(
        &["solve", "--format", "line", "-"],
        &"7".repeat(200_000),
        1_000,
    );
    assert_eq!(code, 1);
    assert_eq!(lines, 1_000, "one `- invalid` line per bad input line");
    assert!(peak < 64 * 1024, "peak {peak} kB");
}

#[test]
fn bfs_on_an_empty_grid_respects_its_memory_budget() {
    let (code, _, peak) = run_streaming(
        &[
            "count",
            "--strategy",
            "bfs",
            "--memory-budget",
            "64MB",
            "--time-budget",
            "30s",
            "-",
        ],
        &".".repeat(81),
        1,
    );
    assert_eq!(code, 1, "a budget hit is status 1 for count");
    assert!(peak < 160 * 1024, "peak {peak} kB with a 64 MB budget");
}

/// The soak test: every puzzle of puzzles/17clue.txt through
/// `compare --jobs 2` with every strategy, under budgets. Checks that no
/// verdict disagrees (exit status 0) and that memory stays flat.
/// Takes hours with the textbook strategies; SOAK_LIMIT=5000 shortens it.
#[test]
#[ignore]
fn soak_17clue_compare() {
    let limit = std::env::var("SOAK_LIMIT").unwrap_or_else(|_| "all".into());
    let set = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/17clue.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args([
            "compare",
            "--jobs",
            "2",
            "--time-budget",
            "100ms",
            "--format",
            "csv",
            "--no-progress",
        ])
        .args(["--limit-puzzles", &limit, "--set", set])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut peak = 0;
    let status = loop {
        if let Some(kb) = peak_kb(pid) {
            peak = peak.max(kb);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    eprintln!("soak: peak resident set {peak} kB");
    assert!(
        status.success(),
        "compare reported a wrong answer, a crash or a disagreement"
    );
    assert!(peak < 1024 * 1024, "peak {peak} kB");
}
