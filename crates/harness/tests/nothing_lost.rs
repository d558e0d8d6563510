//! Issue 13, "nothing lost": output errors, closed pipes, report paths,
//! interrupted and sharded long runs.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const INKALA: &str =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoku-lab"))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn lab(args: &[&str]) -> Command {
    let mut cmd = Command::new(bin());
    cmd.args(args).current_dir(root());
    cmd
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-lab-lost-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs with standard output on /dev/full: every write fails with ENOSPC.
fn to_dev_full(args: &[&str]) -> std::process::Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    lab(args)
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_full_disk_is_an_error_not_a_quiet_stop() {
    let cases: [&[&str]; 8] = [
        &["solve", "--format", "line", "puzzles/classic.txt"],
        &["count", "--limit", "5", INKALA],
        &["generate", "--shape", "2x2", "--count", "3", "--seed", "1"],
        &[
            "compare",
            "--format",
            "json",
            "--set",
            "puzzles/4x4.txt",
            "--limit-puzzles",
            "3",
            "--no-progress",
        ],
        &["list"],
        &["explain", INKALA],
        &["trace", "--max-steps", "5", INKALA],
        &["trace", "--format", "json", "--max-steps", "5", INKALA],
    ];
    for args in cases {
        let out = to_dev_full(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("error: writing to standard output") && stderr.contains("No space"),
            "{args:?}: {stderr}"
        );
    }
}

/// Runs with a standard output whose reader has gone: the first write fails
/// with a broken pipe.
fn to_closed_pipe(args: &[&str]) -> std::process::Output {
    let mut child = lab(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    std::process::Output {
        status,
        stdout: Vec::new(),
        stderr: stderr.into_bytes(),
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_stop_never_a_panic() {
    let cases: [&[&str]; 5] = [
        &["list"],
        &["explain", INKALA],
        &["solve", "--format", "line", "puzzles/classic.txt"],
        &["generate", "--shape", "2x2", "--count", "3", "--seed", "1"],
        &[
            "compare",
            "--set",
            "puzzles/4x4.txt",
            "--limit-puzzles",
            "3",
            "--no-progress",
        ],
    ];
    for args in cases {
        let out = to_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("writing to standard output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn scaling_keeps_its_report_when_the_pipe_closes() {
    let dir = scratch("scaling");
    let report = dir.join("report");
    let out = to_closed_pipe(&[
        "scaling",
        "--limit-puzzles",
        "1",
        "--node-budget",
        "2000",
        "--report",
        report.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(report.join("scaling.json").is_file(), "{stderr}");
    assert!(report.join("scaling.svg").is_file(), "{stderr}");
}

#[test]
fn a_report_path_that_is_a_file_is_refused_before_the_run() {
    let dir = scratch("report-file");
    let file = dir.join("taken");
    std::fs::write(&file, "mine\n").unwrap();
    let started = Instant::now();
    let out = lab(&[
        "compare",
        "--no-progress",
        "--report",
        file.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not a directory"), "{stderr}");
    assert!(out.stdout.is_empty(), "the run must not start");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
}

#[test]
fn report_files_are_written_whole_with_no_temporary_left() {
    let dir = scratch("report-atomic");
    let report = dir.join("r");
    let out = lab(&[
        "compare",
        "--no-progress",
        "--set",
        "puzzles/4x4.txt",
        "--limit-puzzles",
        "3",
        "--report",
        report.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&report)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
    assert!(names.contains(&"report.md".to_string()), "{names:?}");
    let json = std::fs::read_to_string(report.join("results.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&json).expect("whole JSON");
    let _ = std::io::stdout().flush();
}
