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
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sudoku-lab-lost-{}-{name}", std::process::id()));
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
    // The empty stdout shows the run did not start; the clock only catches
    // a refusal that waited for the whole default run (minutes), with room
    // for a loaded machine.
    assert!(started.elapsed() < Duration::from_secs(30));
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

// ---------------------------------------------------------------------------
// Long runs: --results, --resume, --shard, merge, interrupts

/// The counts of a report (times left out: they differ from run to run).
fn counts(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).expect("a JSON report");
    let mut rows: Vec<String> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let f = |k: &str| r[k].to_string();
            format!(
                "{} {}: attempted {} decided {} solved {} unique {} multiple {} none {} invalid {} \
                 budget {} wrong {} nodes {} guesses {}",
                r["set"].as_str().unwrap(),
                r["strategy"].as_str().unwrap(),
                f("attempted"),
                f("decided"),
                f("solved"),
                f("unique"),
                f("multiple"),
                f("none"),
                f("invalid"),
                f("budget_hit"),
                f("wrong"),
                f("nodes_mean"),
                f("guesses_mean"),
            )
        })
        .collect();
    rows.sort();
    let sets: Vec<String> = v["sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{} {} {}", s["name"], s["puzzles"], s["parse_errors"]))
        .collect();
    rows.extend(sets);
    rows
}

fn run_json(args: &[&str]) -> (Option<i32>, String, String) {
    let out = lab(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A small comparison whose counts are the same on every run: bfs runs out
/// of budget on one of multiple.txt's puzzles, and a node budget (unlike the
/// default time budget) stops it at the same node whatever the machine's load.
const SMALL: [&str; 12] = [
    "compare",
    "--no-progress",
    "--node-budget",
    "200000",
    "--repeat",
    "1",
    "--format",
    "json",
    "--set",
    "puzzles/4x4.txt",
    "puzzles/invalid.txt",
    "puzzles/multiple.txt",
];

#[test]
fn shards_merged_count_as_one_run() {
    let dir = scratch("shards");
    let (code, whole, err) = run_json(&SMALL);
    assert_eq!(code, Some(0), "{err}");
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("shard-{k}.jsonl"));
        let shard = format!("{k}/3");
        let mut args = SMALL.to_vec();
        args.extend(["--shard", &shard, "--results", file.to_str().unwrap()]);
        let (code, _, err) = run_json(&args);
        assert_eq!(code, Some(0), "{err}");
        files.push(file.to_str().unwrap().to_string());
    }
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().map(String::as_str));
    let (code, merged, err) = run_json(&merge);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&merged), counts(&whole));
    // A puzzle held twice counts once.
    merge.push(&files[0]);
    let (_, twice, _) = run_json(&merge);
    assert_eq!(counts(&twice), counts(&whole));
}

#[test]
fn a_results_file_is_not_overwritten_without_resume() {
    let dir = scratch("no-clobber");
    let file = dir.join("r.jsonl");
    std::fs::write(&file, "{}\n").unwrap();
    let mut args = SMALL.to_vec();
    args.extend(["--results", file.to_str().unwrap()]);
    let (code, out, err) = run_json(&args);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("--resume"), "{err}");
}

/// A run long enough to stop part way: naive on top95, bounded by nodes
/// (deterministic), one run per solve.
const LONG: [&str; 14] = [
    "compare",
    "--no-progress",
    "--repeat",
    "1",
    "--format",
    "json",
    "--strategies",
    "naive,dlx",
    "--node-budget",
    "4000000",
    "--set",
    "puzzles/top95.txt",
    "--limit-puzzles",
    "60",
];

fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.matches('\n').count())
        .unwrap_or(0)
}

/// Starts a `--results` run, waits until it has written `at_least` lines,
/// then sends `signal`; returns the exit code and stdout.
fn stop_part_way(file: &Path, signal: &str, at_least: usize) -> (Option<i32>, String) {
    let mut args = LONG.to_vec();
    args.extend(["--checkpoint", "16", "--results", file.to_str().unwrap()]);
    let mut child = lab(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while lines_in(file) < at_least {
        assert!(started.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let code = child.wait().unwrap().code();
    (code, out)
}

#[test]
fn interrupted_runs_resume_to_the_counts_of_one_run() {
    let dir = scratch("resume");
    let (code, whole, err) = run_json(&LONG);
    assert_eq!(code, Some(0), "{err}");
    let total = 60 * 2;

    // SIGINT: the run stops starting puzzles and reports what finished.
    let file = dir.join("int.jsonl");
    let (code, partial) = stop_part_way(&file, "-INT", 20);
    assert_eq!(code, Some(130), "{partial}");
    assert!(partial.contains("interrupted: "), "{partial}");
    let held = lines_in(&file);
    assert!(held < total, "stopped part way: {held} lines");
    let mut args = LONG.to_vec();
    args.extend([
        "--checkpoint",
        "16",
        "--results",
        file.to_str().unwrap(),
        "--resume",
    ]);
    let (code, resumed, err) = run_json(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(resumed.contains("resumed: "), "{resumed}");
    assert_eq!(
        lines_in(&file),
        total + 1,
        "the settings record and a line per solve"
    );
    assert_eq!(counts(&resumed), counts(&whole));

    // SIGKILL: nothing runs at the end, the file keeps what was flushed.
    let file = dir.join("kill.jsonl");
    let (code, _) = stop_part_way(&file, "-KILL", 20);
    assert_eq!(code, None);
    assert!(lines_in(&file) < total);
    let mut args = LONG.to_vec();
    args.extend([
        "--checkpoint",
        "16",
        "--results",
        file.to_str().unwrap(),
        "--resume",
    ]);
    let (code, resumed, err) = run_json(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        lines_in(&file),
        total + 1,
        "the settings record and a line per solve"
    );
    assert_eq!(counts(&resumed), counts(&whole));
    // And merging the file gives the same report again.
    let (_, merged, _) = run_json(&["merge", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(counts(&merged), counts(&whole));
}

#[test]
fn a_cut_last_line_is_dropped_on_resume() {
    let dir = scratch("cut");
    let file = dir.join("r.jsonl");
    let mut args = SMALL.to_vec();
    args.extend(["--checkpoint", "16", "--results", file.to_str().unwrap()]);
    let (code, whole, err) = run_json(&args);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let keep: Vec<&str> = text.lines().collect();
    let cut = format!(
        "{}\n{}",
        keep[..keep.len() - 4].join("\n"),
        &keep[keep.len() - 4][..30]
    );
    std::fs::write(&file, cut).unwrap();
    args.push("--resume");
    let (code, resumed, err) = run_json(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&resumed), counts(&whole));
    // The cut line is gone; the puzzle it belonged to ran again (its whole
    // lines held twice count once).
    for line in std::fs::read_to_string(&file).unwrap().lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("whole lines only");
    }
}

/// Issue 43 row 9: `explain --report` into a file or an unwritable place is
/// refused before the comparison, naming --report.
#[test]
fn explain_checks_its_report_target_before_the_work() {
    let dir = scratch("explain-report");
    let file = dir.join("taken");
    std::fs::write(&file, "mine\n").unwrap();
    let out = lab(&[
        "explain",
        "--report",
        file.to_str().unwrap(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ])
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--report") && stderr.contains("not a directory"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "the comparison must not run");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
}

/// Issue 43 rows 10 and 11: report.md escapes what comes from outside (a set
/// named like HTML, a file name holding a newline), and a dangling symbolic
/// link in a --set directory is named, not skipped silently.
#[test]
fn report_md_is_escaped_and_dangling_links_are_named() {
    let dir = scratch("escape");
    let sets = dir.join("sets");
    std::fs::create_dir_all(&sets).unwrap();
    let puzzle = "12.4..1..1....42\n";
    std::fs::write(sets.join("<img src=x onerror=alert(1)>.txt"), puzzle).unwrap();
    std::fs::write(sets.join("two\n# injected.txt"), puzzle).unwrap();
    std::os::unix::fs::symlink(dir.join("gone.txt"), sets.join("lost.txt")).unwrap();
    let report = dir.join("report");
    let out = lab(&[
        "compare",
        "--no-progress",
        "--strategies",
        "dlx",
        "--rounds",
        "1",
        "--set",
        sets.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("lost.txt") && stderr.contains("does not exist"),
        "{stderr}"
    );
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    assert!(!md.contains("<img"), "{md}");
    assert!(md.contains("&lt;img"), "{md}");
    assert!(!md.lines().any(|l| l.starts_with("# injected")), "{md}");
}

/// The records of a results file that do not depend on the machine, keyed
/// and sorted: (set, index, strategy) with the puzzle, verdict, stop, count
/// and every statistic.
fn records(files: &[PathBuf]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).unwrap().lines().skip(1) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let f = |k: &str| v[k].to_string();
            out.push(
                [
                    "set",
                    "index",
                    "strategy",
                    "puzzle",
                    "verdict",
                    "stop",
                    "count",
                    "nodes",
                    "placements",
                    "guesses",
                    "backtracks",
                    "max_depth",
                    "mems",
                    "solved",
                    "wrong",
                ]
                .map(f)
                .join(" "),
            );
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The guide's recipe (guide/src/using.md, "Long runs") with Debian's GNU
/// parallel: the shards, merged, equal one single-process run record for
/// record, also after one shard is killed part way and finished by the
/// recipe's --resume. Needs `parallel` on the PATH (.ci/run installs it).
#[test]
#[ignore]
fn the_guide_s_gnu_parallel_recipe_equals_one_run() {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "this test needs GNU parallel (apt-get install parallel)"
    );
    let dir = scratch("parallel");
    let single = dir.join("single.jsonl");
    let mut args = LONG.to_vec();
    args.extend(["--checkpoint", "16", "--results", single.to_str().unwrap()]);
    let (code, whole, err) = run_json(&args);
    assert_eq!(code, Some(0), "{err}");
    // Two shards of 30 puzzles: results are written 16 puzzles at a time
    // (--checkpoint 16), so a shard can be killed between its two writes.
    let shards = 2;
    let shard = |k: usize| dir.join(format!("shard-{k}.jsonl"));
    // The recipe, as the guide writes it, with this test's set and budget.
    let recipe = format!(
        "{bin} compare --no-progress --repeat 1 --strategies naive,dlx --node-budget 4000000 \
         --set puzzles/top95.txt --limit-puzzles 60 --shard {{}}/{shards} \
         --checkpoint 16 --results {dir}/shard-{{}}.jsonl --resume --format csv > /dev/null",
        bin = bin().display(),
        dir = dir.display()
    );
    let parallel = |recipe: &str| {
        let seq: Vec<String> = (1..=shards).map(|k| k.to_string()).collect();
        let mut cmd = Command::new("parallel");
        cmd.args(["--will-cite", "-j2", recipe, ":::"])
            .args(&seq)
            .current_dir(root());
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "parallel: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    // Shard 2 killed part way first, as a preempted job would be.
    let two = shard(2);
    let mut killed = LONG.to_vec();
    let spec = format!("2/{shards}");
    killed.extend([
        "--shard",
        &spec,
        "--checkpoint",
        "16",
        "--results",
        two.to_str().unwrap(),
    ]);
    let mut child = lab(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while lines_in(&two) < 6 {
        assert!(started.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let cut = lines_in(&two);
    assert!(cut < 1 + 2 * 30, "killed part way: {cut} lines");
    parallel(&recipe);
    let files: Vec<PathBuf> = (1..=shards).map(shard).collect();
    assert_eq!(
        records(&files),
        records(std::slice::from_ref(&single)),
        "record for record"
    );
    let mut merge = vec!["merge".to_string(), "--format".into(), "json".into()];
    merge.extend(files.iter().map(|f| f.display().to_string()));
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    let (code, merged, err) = run_json(&merge);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&merged), counts(&whole));
    // Run again, the recipe finds every shard done and changes nothing.
    let before = records(&files);
    parallel(&recipe);
    assert_eq!(records(&files), before);
}
