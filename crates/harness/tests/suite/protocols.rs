//! Issue 39, "the lab's figures agree with each solver's own benchmark":
//! `compare --protocol rounds|passes|both`, the child processes of the
//! passes protocol, the protocol recorded in reports and results files and
//! never mixed, and the harness-floor row `null`. Nothing here times
//! anything: the agreement itself is measured by the `alone` example (see
//! README.md, "Protocols").

use serde_json::Value;
use std::path::{Path, PathBuf};

use crate::common::lab;

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path("sudoku-lab-protocols");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn json(args: &[&str]) -> (Option<i32>, Value, String) {
    let out = lab()
        .arg("compare")
        .args(args)
        .args(["--format", "json", "--no-progress"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{stderr}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code(), report, stderr)
}

fn row<'a>(report: &'a Value, strategy: &str) -> &'a Value {
    report["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["strategy"] == strategy)
        .unwrap_or_else(|| panic!("no {strategy} row"))
}

#[test]
fn the_floor_row_is_hidden_from_list_and_all_but_runs_when_named() {
    let listed = String::from_utf8(lab().arg("list").output().unwrap().stdout).unwrap();
    assert!(!listed.lines().any(|l| l.starts_with("null ")), "{listed}");
    let hidden =
        String::from_utf8(lab().args(["list", "--hidden"]).output().unwrap().stdout).unwrap();
    assert!(hidden.lines().any(|l| l.starts_with("null ")), "{hidden}");
    assert_eq!(hidden.lines().count(), listed.lines().count() + 1);

    let (code, report, stderr) = json(&[
        "--strategies",
        "null,naive",
        "--set",
        &data("tiny.txt"),
        "--rounds",
        "2",
    ]);
    assert_eq!(
        code,
        Some(0),
        "no verdict is not a broken contract for null: {stderr}"
    );
    let null = row(&report, "null");
    assert_eq!(null["wrong"], 0);
    assert_eq!(null["decided"], 0);
    assert_eq!(null["timed"], 2, "{null}");
    assert_eq!(row(&report, "naive")["unique"], 2);
    assert_eq!(report["machine"]["protocol"], "rounds");
    assert!(report.get("passes").is_none(), "no passes under rounds");
}

#[test]
fn passes_run_each_strategy_in_its_own_processes_and_check_the_verdicts() {
    let (code, report, stderr) = json(&[
        "--strategies",
        "naive,mrv,null",
        "--set",
        &data("verdicts.txt"),
        "--protocol",
        "passes",
        "--passes",
        "3",
        "--processes",
        "2",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(report["machine"]["protocol"], "passes");
    assert_eq!(report["machine"]["passes"], 3);
    assert_eq!(report["machine"]["processes"], 2);
    assert_eq!(report["machine"]["rounds"], 1, "one checked pass");
    // The checked pass: the verdicts of the set, verified and cross-checked.
    for id in ["naive", "mrv"] {
        let r = row(&report, id);
        assert_eq!(
            (
                &r["unique"],
                &r["multiple"],
                &r["none"],
                &r["invalid"],
                &r["wrong"]
            ),
            (&1.into(), &1.into(), &1.into(), &2.into(), &0.into()),
            "{id}: {r}"
        );
    }
    let passes = report["passes"].as_array().unwrap();
    assert_eq!(passes.len(), 3, "{passes:?}");
    for p in passes {
        // Four puzzles parse (the fifth line does not).
        assert_eq!(p["puzzles"], 4, "{p}");
        let processes = p["passes_us"].as_array().unwrap();
        assert_eq!(processes.len(), 2, "{p}");
        assert!(processes.iter().all(|x| x.as_array().unwrap().len() == 3));
        let (lo, hi) = (
            p["interval"][0].as_f64().unwrap(),
            p["interval"][1].as_f64().unwrap(),
        );
        let median = p["median_us"].as_f64().unwrap();
        assert!(lo <= median && median <= hi, "{p}");
        assert!(p["spread"][0].as_f64().unwrap() <= p["spread"][1].as_f64().unwrap());
    }
    let strategies: Vec<&str> = passes
        .iter()
        .map(|p| p["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(strategies, ["naive", "mrv", "null"]);
}

#[test]
fn the_tables_of_both_protocols_set_the_two_figures_side_by_side() {
    let out = lab()
        .args(["compare", "--strategies", "naive,mrv", "--set"])
        .arg(data("tiny.txt"))
        .args(["--protocol", "both", "--passes", "2", "--processes", "1"])
        .args(["--rounds", "2", "--no-progress", "--format", "md"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("### Passes: each strategy alone"), "{text}");
    assert!(text.contains("| rounds µs | rounds/best |"), "{text}");
    let naive = text.lines().rfind(|l| l.starts_with("| naive |")).unwrap();
    assert_eq!(naive.matches('|').count(), 11, "ten cells: {naive}");
}

#[test]
fn a_child_reads_the_set_as_the_parent_does() {
    let out = lab()
        .args(["pass-child", "--strategy", "naive", "--set"])
        .arg(data("verdicts.txt"))
        .args(["--passes", "2", "--limit-puzzles", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["puzzles"], 3);
    assert_eq!(report["pass_ns"].as_array().unwrap().len(), 2);
    let out = lab()
        .args(["pass-child", "--strategy", "nope", "--set"])
        .arg(data("verdicts.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

fn results(file: &Path, protocol: &str, extra: &[&str]) -> (Option<i32>, String) {
    let out = lab()
        .args(["compare", "--strategies", "naive", "--set"])
        .arg(data("tiny.txt"))
        .args(["--protocol", protocol, "--passes", "1", "--processes", "1"])
        .args([
            "--rounds",
            "1",
            "--no-progress",
            "--format",
            "json",
            "--results",
        ])
        .arg(file)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn results_files_name_their_protocol_and_are_never_mixed() {
    let rounds = scratch("rounds.jsonl");
    let passes = scratch("passes.jsonl");
    assert_eq!(results(&rounds, "rounds", &[]).0, Some(0));
    assert_eq!(results(&passes, "passes", &[]).0, Some(0));
    let first = |p: &Path| -> Value {
        let text = std::fs::read_to_string(p).unwrap();
        serde_json::from_str(text.lines().next().unwrap()).unwrap()
    };
    assert_eq!(first(&rounds)["settings"]["protocol"], "rounds");
    assert_eq!(first(&passes)["settings"]["protocol"], "passes");

    // --resume under another protocol is refused, naming it.
    let (code, err) = results(&rounds, "passes", &["--resume"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--protocol: rounds against passes"), "{err}");

    // merge refuses, even with --allow-mixed.
    for extra in [&[][..], &["--allow-mixed"][..]] {
        let out = lab()
            .arg("merge")
            .arg(&rounds)
            .arg(&passes)
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("different protocols"), "{err}");
        assert!(err.contains("--protocol passes"), "{err}");
    }
    // One protocol merges, and the report names it.
    let out = lab()
        .arg("merge")
        .arg(&passes)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["machine"]["protocol"], "passes");
}

#[test]
fn help_teaches_the_protocols() {
    let out = lab().args(["compare", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for word in ["--protocol", "--passes", "--processes", "Protocols", "null"] {
        assert!(help.contains(word), "{word}: {help}");
    }
}
