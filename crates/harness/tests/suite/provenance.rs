//! Where a report says its binary came from: `machine.build_commit` and
//! `build_dirty` are the commit the binary was built from (recorded by
//! `crates/harness/build.rs`), whatever directory it runs in; `git_commit`
//! and `git_dirty` are the checkout the run was started in. Reports written
//! before the build fields still parse.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_harness::compare::machine::Machine;
use sudoku_harness::compare::Report;

/// The workspace root: where build.rs asked git.
use crate::common::root;

/// `git -C dir args`, trimmed, when git runs and succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// HEAD of the workspace (full hash) and whether the binary's sources have
/// uncommitted changes, as build.rs sees them; None when the workspace is
/// not a git checkout of sudoku-lab (a source tarball) or git is missing.
fn workspace_head() -> Option<(String, bool)> {
    let root = root();
    git(
        &root,
        &[
            "ls-files",
            "--error-unmatch",
            "--",
            "crates/harness/Cargo.toml",
        ],
    )?;
    let head = git(&root, &["rev-parse", "HEAD"])?;
    let status = git(
        &root,
        &[
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            "crates",
            "Cargo.toml",
            "Cargo.lock",
            ".cargo",
        ],
    )?;
    Some((head, !status.is_empty()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path(&format!("sudoku-lab-provenance-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small compare run started in `dir`, with a report in `dir/report`:
/// its results.json and report.md.
fn compare_in(dir: &Path) -> (Value, String) {
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tiny.txt");
    let report = dir.join("report");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args([
            "compare",
            "--no-progress",
            "--strategies",
            "dlx",
            "--rounds",
            "1",
        ])
        .arg("--set")
        .arg(&tiny)
        .arg("--report")
        .arg(&report)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(report.join("results.json")).unwrap();
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    (serde_json::from_str(&json).unwrap(), md)
}

/// The build fields are the workspace's HEAD (the commit at build time,
/// which `cargo test` has just rebuilt against) when the workspace is a git
/// checkout, and null when it is not: checked both ways, never skipped.
#[test]
fn build_commit_is_the_workspace_head() {
    let machine = Machine::collect();
    match workspace_head() {
        Some((head, dirty)) => {
            let built = machine
                .build_commit
                .as_deref()
                .expect("built in a git checkout, yet no build_commit");
            assert!(
                built.len() >= 7 && head.starts_with(built),
                "build_commit {built}, but HEAD is {head}: \
                 build.rs did not rerun when HEAD moved?"
            );
            assert_eq!(
                Some(built),
                git(&root(), &["rev-parse", "--short", "HEAD"]).as_deref(),
                "the same abbreviation as git_commit"
            );
            assert_eq!(
                machine.build_dirty,
                Some(dirty),
                "build_dirty against `git status` of the sources now: \
                 build.rs did not rerun when they changed?"
            );
        }
        None => {
            assert_eq!(machine.build_commit, None);
            assert_eq!(machine.build_dirty, None);
        }
    }
}

/// The bug this field fixes: a binary run outside its checkout still says
/// where it was built from, and the run-time fields say where it ran.
#[test]
fn a_run_outside_the_checkout_names_the_build() {
    let dir = scratch("outside");
    let (json, md) = compare_in(&dir);
    let machine = &json["machine"];
    let here = git(&dir, &["rev-parse", "--short", "HEAD"]);
    assert_eq!(machine["git_commit"].as_str(), here.as_deref());
    match workspace_head() {
        Some((head, dirty)) => {
            let built = machine["build_commit"].as_str().unwrap();
            assert!(head.starts_with(built), "{built} against {head}");
            assert_eq!(machine["build_dirty"], dirty);
            assert!(md.contains(&format!("built from `{built}`")), "{md}");
        }
        None => {
            assert!(machine["build_commit"].is_null());
            assert!(machine["build_dirty"].is_null());
        }
    }
}

/// Run in a checkout at another commit, the report says both, visibly.
#[test]
fn a_run_in_another_checkout_says_so() {
    let dir = scratch("elsewhere");
    let git_in = |args: &[&str]| {
        git(&dir, args).unwrap_or_else(|| panic!("git {args:?} failed: is git installed?"))
    };
    git_in(&["init", "--quiet"]);
    git_in(&[
        "-c",
        "user.name=test",
        "-c",
        "user.email=test@example.invalid",
        "-c",
        "commit.gpgsign=false",
        "commit",
        "--quiet",
        "--allow-empty",
        "--no-verify",
        "-m",
        "another project",
    ]);
    let other = git_in(&["rev-parse", "--short", "HEAD"]);
    let (json, md) = compare_in(&dir);
    let machine = &json["machine"];
    assert_eq!(machine["git_commit"], other.as_str());
    let machine: Machine = serde_json::from_value(machine.clone()).unwrap();
    let row = machine.commit_words(|h| h.to_string());
    match &machine.build_commit {
        Some(built) => {
            assert!(machine.ran_elsewhere());
            assert!(
                row.starts_with(&format!("built from {built}"))
                    && row.contains(&format!("run in a checkout at {other}")),
                "{row}"
            );
            assert!(
                md.contains(&format!("run in a checkout at `{other}`")),
                "{md}"
            );
            let page = std::fs::read_to_string(dir.join("report/index.html")).unwrap();
            assert!(
                page.contains(&format!("run in a checkout at {other}")),
                "the HTML page shows it too"
            );
        }
        None => assert_eq!(row, format!("unknown build, run in a checkout at {other}")),
    }
}

/// The `machine` section of reports/top95/results.json as written before
/// `build_commit` and `build_dirty` existed.
const OLD_MACHINE: &str = r#"{
  "cpu": "AMD EPYC", "cores": 2, "os": "linux x86_64",
  "load_avg": [0.99, 1.63, 3.78],
  "rustc": "rustc 1.95.0 (59807616e 2026-04-14)", "profile": "release",
  "sudoku_lab_version": "0.1.0", "git_commit": "fb20a30", "git_dirty": false,
  "date": "2026-11-25T14:34:48Z",
  "command": "sudoku-lab compare --no-progress --set puzzles/top95.txt --report reports/top95",
  "jobs": 1, "limit_puzzles": null, "max_solutions": 2, "time_budget_ms": 2000.0,
  "node_budget": null, "memory_budget_bytes": 256000000, "warmup_puzzles": 8,
  "rounds": 5, "seed": 1, "block": 8, "order": "a warm-up pass, then each round",
  "repeat_cutoff_ms": 100.0, "pinned": false,
  "target_features": ["sse2", "popcnt", "avx2"], "cargo_features": ["reference"],
  "binary_hash": "9fdd67903a559d40", "load_avg_end": [1.0, 1.44, 3.48]
}"#;

#[test]
fn an_old_machine_section_still_parses() {
    let machine: Machine = serde_json::from_str(OLD_MACHINE).unwrap();
    assert_eq!(machine.git_commit.as_deref(), Some("fb20a30"));
    assert_eq!(machine.build_commit, None);
    assert_eq!(machine.build_dirty, None);
    assert!(!machine.ran_elsewhere());
    assert_eq!(
        machine.commit_words(|h| h.to_string()),
        "unknown build, run in a checkout at fb20a30"
    );
    // And a whole report around it.
    let report = format!(
        r#"{{"machine": {OLD_MACHINE}, "strategies": [], "sets": [], "results": [],
            "problems": [], "notes": []}}"#
    );
    let report: Report = serde_json::from_str(&report).unwrap();
    assert_eq!(report.machine, machine);
}

/// Every committed report parses, whether it has the build fields or not.
#[test]
fn the_committed_reports_parse() {
    let reports = root().join("reports");
    let mut parsed = 0;
    for entry in std::fs::read_dir(&reports).unwrap() {
        let file = entry.unwrap().path().join("results.json");
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let report: Report =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let raw: Value = serde_json::from_str(&text).unwrap();
        if raw["machine"].get("build_commit").is_none() {
            assert_eq!(report.machine.build_commit, None);
        }
        parsed += 1;
    }
    assert!(parsed > 0, "no reports/*/results.json");
}
