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
    let dir =
        std::env::temp_dir().join(format!("sudoku-lab-settings-{}-{name}", std::process::id()));
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
