//! Issue 29, "a run is one thing": results files record their settings;
//! `--resume` and `merge` refuse lines of other settings; `merge` reports
//! conflicting lines and disagreeing verdicts; an unwritable results file is
//! an I/O error (rows 4, 5, 6 and 7).

use std::path::{Path, PathBuf};
use std::process::Command;

fn lab(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"));
    cmd.args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"));
    cmd
}

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path(&format!("sudoku-lab-settings-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = lab(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A compare run into `file` with extra options.
fn results(file: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec![
        "compare",
        "--no-progress",
        "--rounds",
        "1",
        "--set",
        "tiny.txt",
        "--results",
    ];
    let file = file.to_str().unwrap();
    args.push(file);
    args.extend(extra);
    if !extra.contains(&"--strategies") {
        args.extend(["--strategies", "naive,dlx"]);
    }
    run(&args)
}

#[test]
fn a_results_file_opens_with_its_settings() {
    let dir = scratch("header");
    let file = dir.join("r.jsonl");
    let (code, _, err) = results(&file, &[]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let settings = &header["settings"];
    assert_eq!(settings["strategies"], serde_json::json!(["naive", "dlx"]));
    assert_eq!(settings["sets"][0]["name"], "tiny.txt");
    assert!(settings["sets"][0]["hash"].as_str().unwrap().len() == 16);
    assert_eq!(settings["rounds"], 1);
    assert!(settings["binary_hash"].is_string());
}

/// Row 7: `--resume` with other settings is refused, naming the difference.
#[test]
fn resume_refuses_other_settings_and_names_them() {
    let dir = scratch("resume");
    let file = dir.join("r.jsonl");
    assert_eq!(results(&file, &[]).0, Some(0));
    let before = std::fs::read_to_string(&file).unwrap();
    for (extra, named) in [
        (vec!["--resume", "--node-budget", "100"], "node budget"),
        (vec!["--resume", "--strategies", "dlx"], "strategies"),
        (vec!["--resume", "--time-budget", "1s"], "time budget"),
        (vec!["--resume", "--limit-puzzles", "1"], "--limit-puzzles"),
    ] {
        let (code, out, err) = results(&file, &extra);
        assert_eq!(code, Some(2), "{extra:?}: {err}");
        assert!(err.contains(named), "{extra:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            before,
            "nothing appended"
        );
    }
    // The same settings resume (nothing left to do).
    let (code, _, err) = results(&file, &["--resume"]);
    assert_eq!(code, Some(0), "{err}");
}

/// Row 6: shards of different settings are refused unless --allow-mixed, and
/// then the report says per row what was mixed.
#[test]
fn merge_refuses_mixed_settings_unless_told() {
    let dir = scratch("mixed");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    assert_eq!(results(&a, &["--shard", "1/2"]).0, Some(0));
    assert_eq!(
        results(&b, &["--shard", "2/2", "--node-budget", "100000"]).0,
        Some(0)
    );
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (code, out, err) = run(&["merge", a, b]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("node budget") && err.contains("--allow-mixed"),
        "{err}"
    );
    let (code, out, err) = run(&["merge", "--allow-mixed", a, b]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("MIXED SETTINGS"), "{out}");
    assert!(out.contains("naive on tiny.txt: mixed"), "{out}");
    // Shards of one run merge without a word.
    let (c, d) = (dir.join("c.jsonl"), dir.join("d.jsonl"));
    assert_eq!(results(&c, &["--shard", "1/2"]).0, Some(0));
    assert_eq!(results(&d, &["--shard", "2/2"]).0, Some(0));
    let (code, out, err) = run(&["merge", c.to_str().unwrap(), d.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains("MIXED"), "{out}");
}

/// Row 4: conflicting lines of one (puzzle, strategy), and verdicts that
/// disagree across strategies, are reported by merge.
#[test]
fn merge_reports_conflicting_lines_and_disagreeing_verdicts() {
    let dir = scratch("conflict");
    let file = dir.join("r.jsonl");
    assert_eq!(results(&file, &[]).0, Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    // A second file whose naive line for puzzle 0 says `none`.
    let changed: Vec<String> = text
        .lines()
        .map(|l| {
            if l.contains(r#""strategy":"naive""#) && l.contains(r#""index":0,"#) {
                l.replace(r#""verdict":"unique""#, r#""verdict":"none""#)
            } else {
                l.to_string()
            }
        })
        .collect();
    assert_ne!(changed.join("\n"), text.trim_end(), "the edit took");
    let other = dir.join("other.jsonl");
    std::fs::write(&other, changed.join("\n") + "\n").unwrap();
    let (code, _, err) = run(&["merge", file.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("two lines of naive on puzzle 0 disagree"),
        "{err}"
    );
    // Alone, the edited file disagrees across strategies.
    let (code, out, err) = run(&["merge", other.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("disagree on puzzle 0"), "{err}");
    assert!(
        err.contains("naive says none") && err.contains("dlx says unique"),
        "{err}"
    );
    assert!(!out.contains("disagreements 0"), "{out}");
}

/// Row 5: a results file that cannot be written is an I/O error (exit 2),
/// not an interruption, and refused before the work.
#[test]
fn an_unwritable_results_file_is_an_io_error() {
    assert!(
        Path::new("/dev/full").exists(),
        "the check needs /dev/full (Linux)"
    );
    let (code, out, err) = results(Path::new("/dev/full"), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot write"), "{err}");
    assert!(!err.contains("interrupted"), "{err}");
    assert!(out.is_empty(), "no table of puzzles never written: {out}");
}

// ---------------------------------------------------------------------------
// Issue 43: a run checks every record, not only its header.

fn lines_of(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn write_lines(file: &Path, lines: &[String]) {
    std::fs::write(file, lines.join("\n") + "\n").unwrap();
}

/// The nodes of each row of a JSON report, by strategy.
fn nodes(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).expect("a JSON report");
    let mut rows: Vec<String> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {} {}", r["strategy"], r["attempted"], r["nodes_mean"]))
        .collect();
    rows.sort();
    rows
}

/// Row 4: the puzzle in flight when a run stopped (one of its lines
/// written, the other not) is run again by --resume, and its stale line is
/// replaced: compare reports the fresh one, and merge sees no conflict.
#[test]
fn a_resumed_puzzle_replaces_its_stale_line() {
    let dir = scratch("stale");
    let file = dir.join("r.jsonl");
    let (code, fresh, err) = results(&file, &["--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let mut lines = lines_of(&file);
    // Puzzle 1's dlx line never written; its naive line says other counts.
    lines.retain(|l| !(l.contains(r#""index":1,"#) && l.contains(r#""strategy":"dlx""#)));
    let stale = lines
        .iter()
        .position(|l| l.contains(r#""index":1,"#) && l.contains(r#""strategy":"naive""#))
        .unwrap();
    let edited = regex_like_replace_nodes(&lines[stale], 987654);
    assert_ne!(edited, lines[stale]);
    lines[stale] = edited;
    write_lines(&file, &lines);
    let (code, resumed, err) = results(&file, &["--resume", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        nodes(&resumed),
        nodes(&fresh),
        "the stale line was reported"
    );
    let (code, merged, err) = run(&["merge", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("disagree"), "{err}");
    assert_eq!(nodes(&merged), nodes(&fresh));
}

/// `"nodes":N` in a record set to `to`.
fn regex_like_replace_nodes(line: &str, to: u64) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["nodes"] = to.into();
    v.to_string()
}

/// Row 5: records appended under another run's header are refused by
/// merge and by --resume, naming the line: another budget, a strategy the
/// header lacks, an altered puzzle.
#[test]
fn every_record_is_checked_against_its_header() {
    let dir = scratch("records");
    let plain = dir.join("plain.jsonl");
    assert_eq!(results(&plain, &["--strategies", "naive"]).0, Some(0));
    let budget = dir.join("budget.jsonl");
    assert_eq!(
        results(&budget, &["--strategies", "naive", "--node-budget", "1000"]).0,
        Some(0)
    );
    let both = dir.join("both.jsonl");
    assert_eq!(results(&both, &["--strategies", "naive,dlx"]).0, Some(0));
    let header = lines_of(&plain)[0].clone();
    let cases: Vec<(&str, &str, Vec<String>)> = vec![
        // A --node-budget 1000 run's records under a no-budget header.
        ("budget", "line 2", {
            let mut l = vec![header.clone()];
            l.extend(lines_of(&budget).into_iter().skip(1));
            l
        }),
        // A dlx record under a naive-only header (after the two naive ones).
        ("strategy", "line 4", {
            let mut l = lines_of(&plain);
            l.extend(
                lines_of(&both)
                    .into_iter()
                    .filter(|l| l.contains(r#""strategy":"dlx""#)),
            );
            l
        }),
        // A record whose puzzle text was altered.
        ("puzzle", "line 2", {
            let mut l = lines_of(&plain);
            l[1] = l[1].replacen("53..7", "53..8", 1);
            l
        }),
    ];
    for (what, at, lines) in cases {
        let file = dir.join(format!("{what}.mixed.jsonl"));
        write_lines(&file, &lines);
        let (code, _, err) = run(&["merge", file.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{what}: {err}");
        assert!(err.contains(at), "{what}: {err}");
        let extra = ["--resume", "--strategies", "naive"];
        let (code, _, err) = results(&file, &extra);
        assert_eq!(code, Some(2), "{what}: resume: {err}");
    }
    // A record of an old format (no fingerprint) stopped by a budget the
    // header lacks is refused too.
    let mut l = vec![header];
    l.extend(lines_of(&budget).into_iter().skip(1).map(|line| {
        let mut v: serde_json::Value = serde_json::from_str(&line).unwrap();
        v.as_object_mut().unwrap().remove("run");
        v["stop"] = "node-budget".into();
        v["verdict"] = "budget hit".into();
        v.to_string()
    }));
    let file = dir.join("old.jsonl");
    write_lines(&file, &l);
    let (code, _, err) = run(&["merge", file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("node budget"), "{err}");
}

/// Row 6: --jobs and --pin are settings: recorded, checked on resume, and
/// merge reports the jobs the run had (and that its timings were disturbed).
#[test]
fn jobs_and_pin_are_recorded_and_checked() {
    let dir = scratch("jobs");
    let file = dir.join("r.jsonl");
    assert_eq!(results(&file, &["--jobs", "2"]).0, Some(0));
    let header: serde_json::Value = serde_json::from_str(&lines_of(&file)[0]).unwrap();
    assert_eq!(header["settings"]["jobs"], 2, "{header}");
    assert_eq!(header["settings"]["pin"], false, "{header}");
    let (code, _, err) = results(&file, &["--resume", "--jobs", "1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--jobs: 2 against 1"), "{err}");
    let (code, _, err) = results(&file, &["--resume", "--jobs", "2", "--pin"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--pin"), "{err}");
    let (code, out, err) = run(&["merge", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("--jobs 2"), "{out}");
    assert!(out.contains("timings disturbed"), "{out}");
}

/// Row 7: a set of shards with one missing is named, not merged as whole;
/// a shard's file resumed as another shard is refused.
#[test]
fn a_shard_set_names_what_is_missing() {
    let dir = scratch("shards");
    let mut files = Vec::new();
    for k in 1..=2 {
        let file = dir.join(format!("s{k}.jsonl"));
        assert_eq!(results(&file, &["--shard", &format!("{k}/3")]).0, Some(0));
        files.push(file.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("shard 3/3 is missing"), "{err}");
    assert!(out.is_empty());
    args.insert(1, "--allow-partial");
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("PARTIAL"), "{out}");
    let (code, _, err) = results(Path::new(&files[0]), &["--resume", "--shard", "2/3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("shard 1/3") && err.contains("shard 2/3"),
        "{err}"
    );
}

/// Row 15: while a run appends to a results file, a second run on it is
/// refused at once, and the file holds each line once.
#[test]
fn a_results_file_is_locked_while_a_run_appends() {
    let dir = scratch("lock");
    let file = dir.join("r.jsonl");
    let holder = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&file)
        .unwrap();
    holder.lock().unwrap();
    let (code, _, err) = results(&file, &["--resume"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("another sudoku-lab run"), "{err}");
    drop(holder);
    let (code, _, err) = results(&file, &["--resume"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        lines_of(&file).len(),
        1 + 2 * 2,
        "a header and 2 puzzles x 2 strategies"
    );
}

/// Row 16: what differs is said in words, not Rust's Debug text.
#[test]
fn differences_are_said_in_words() {
    let dir = scratch("words");
    let file = dir.join("r.jsonl");
    assert_eq!(results(&file, &[]).0, Some(0));
    let (code, _, err) = results(&file, &["--resume", "--node-budget", "1000"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("node budget: none against 1000"), "{err}");
    assert!(!err.contains("Some(") && !err.contains("None"), "{err}");
    // Two files whose lines disagree: their statistics in words.
    let text = lines_of(&file);
    let changed: Vec<String> = text
        .iter()
        .map(|l| {
            if l.contains(r#""strategy":"naive""#) && l.contains(r#""index":0,"#) {
                regex_like_replace_nodes(l, 5)
            } else {
                l.clone()
            }
        })
        .collect();
    let other = dir.join("other.jsonl");
    write_lines(&other, &changed);
    let (_, _, err) = run(&["merge", file.to_str().unwrap(), other.to_str().unwrap()]);
    assert!(err.contains("nodes 5"), "{err}");
    assert!(!err.contains("LineStats"), "{err}");
}
