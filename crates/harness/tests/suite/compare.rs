//! `sudoku-lab compare`: tables, the JSON/CSV schema, verdict counts, and the
//! trust machinery (verification, cross-checks, crashes, budgets).
//!
//! The CLI tests run whatever the registry holds; the library tests pass
//! test-only broken solvers to `compare` next to real ones.

use serde_json::Value;
use std::path::{Path, PathBuf};
use sudoku_core::{
    Family, Grid, Info, Limits, Outcome, Reports, Shapes, Solver, Stats, Stop, Trace,
};
use sudoku_engine::results::Line;
use sudoku_harness::compare::{compare, ProblemKind, PuzzleSet, Report, RunConfig};
use sudoku_harness::Status;
use sudoku_naive::Naive;
#[cfg(feature = "reference")]
use sudoku_reference::Reference;

use crate::common::lab;

use crate::common::data;

fn data_str(name: &str) -> String {
    data(name).display().to_string()
}

#[cfg(feature = "reference")] // used only by the tests that name the reference
/// The registered strategy ids, from `sudoku-lab list`.
fn registered() -> Vec<String> {
    let out = lab().arg("list").output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(String::from)
        .collect()
}

/// Runs `compare ... --format json` and parses stdout; returns it with the exit code.
fn compare_json(args: &[&str]) -> (Value, i32) {
    let out = lab()
        .arg("compare")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let json: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (json, out.status.code().unwrap())
}

fn record<'a>(json: &'a Value, strategy: &str) -> &'a Value {
    json["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["strategy"] == strategy)
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path(&format!("sudoku-lab-compare-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------------------------------------------------------------- CLI

#[cfg(feature = "reference")]
#[test]
fn table_has_a_row_per_strategy() {
    let ids = registered();
    assert!(ids.contains(&"naive".to_string()) && ids.contains(&"reference".to_string()));
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "all",
            "--set",
            &data_str("tiny.txt"),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("tiny.txt: 2 puzzles (9x9)"), "{stdout}");
    for id in &ids {
        let rows = stdout
            .lines()
            .filter(|l| l.contains('|') && l.trim_start().starts_with(&format!("{id} ")))
            .count();
        assert_eq!(rows, 1, "one row for {id} in\n{stdout}");
    }
    assert!(
        stdout.contains("reference †"),
        "the reference row is marked"
    );
    assert!(
        stdout.contains("reference, not one of ours"),
        "and the mark explained"
    );
    assert!(
        !stdout.contains("parallel run"),
        "jobs 1 is not a parallel run"
    );
}

#[cfg(feature = "reference")]
#[test]
fn without_strategies_the_headline_ones_run() {
    let (json, code) = compare_json(&["--set", &data_str("tiny.txt")]);
    assert_eq!(code, 0);
    let ran: Vec<&str> = json["strategies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    let headline: Vec<&str> = sudoku_harness::registry::strategies()
        .into_iter()
        .filter(|s| s.info().headline)
        .map(|s| s.id())
        .collect();
    assert_eq!(ran, headline);
    assert!(ran.contains(&"dlx") && ran.contains(&"reference"));
}

#[cfg(feature = "reference")] // used only by the tests that name the reference
/// Every field reports/README.md documents for a result record (its
/// `results[]` table), so a new column is documented or this test fails.
fn result_fields() -> Vec<String> {
    let readme = std::fs::read_to_string(crate::common::root().join("reports/README.md")).unwrap();
    let table = readme
        .split("### `results[]`")
        .nth(1)
        .expect("reports/README.md documents results[]");
    let table = table.split("\n#").next().unwrap();
    let mut fields = Vec::new();
    for row in table.lines().filter(|l| l.starts_with("| `")) {
        let first_cell = row.split('|').nth(1).unwrap();
        fields.extend(
            first_cell
                .split(',')
                .map(|f| f.trim().trim_matches('`').to_string()),
        );
    }
    fields
}

#[cfg(feature = "reference")] // used only by the tests that name the reference
const MACHINE_FIELDS: [&str; 30] = [
    "cpu",
    "cores",
    "os",
    "load_avg",
    "rustc",
    "profile",
    "sudoku_lab_version",
    "git_commit",
    "git_dirty",
    "build_commit",
    "build_dirty",
    "date",
    "command",
    "jobs",
    "limit_puzzles",
    "max_solutions",
    "time_budget_ms",
    "node_budget",
    "memory_budget_bytes",
    "warmup_puzzles",
    "rounds",
    "seed",
    "block",
    "order",
    "repeat_cutoff_ms",
    "pinned",
    "target_features",
    "cargo_features",
    "binary_hash",
    "load_avg_end",
];

#[cfg(feature = "reference")]
#[test]
fn json_has_the_documented_fields() {
    let (json, code) = compare_json(&[
        "--strategies",
        "naive,reference",
        "--set",
        &data_str("tiny.txt"),
    ]);
    assert_eq!(code, 0);
    let machine = json["machine"].as_object().unwrap();
    for field in MACHINE_FIELDS {
        assert!(machine.contains_key(field), "machine.{field} missing");
    }
    assert_eq!(json["machine"]["jobs"], 1);
    assert_eq!(json["machine"]["time_budget_ms"], 2000.0);
    assert_eq!(json["machine"]["memory_budget_bytes"], 256_000_000);
    assert!(json["machine"]["date"].as_str().unwrap().ends_with('Z'));
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let fields = result_fields();
    for r in results {
        let r = r.as_object().unwrap();
        for field in &fields {
            assert!(r.contains_key(field), "results[].{field} missing");
        }
        assert_eq!(r.len(), fields.len(), "undocumented fields in {r:?}");
    }
    let naive = record(&json, "naive");
    assert_eq!(naive["attempted"], 2);
    assert_eq!(naive["solved"], 2);
    assert_eq!(naive["unique"], 2);
    assert!(naive["nodes_mean"].as_f64().unwrap() > 0.0);
    assert!(naive["peak_bytes"].as_u64().unwrap() > 0);
    let reference = record(&json, "reference");
    assert_eq!(reference["reference"], true);
    assert_eq!(reference["unique"], 2);
    for field in [
        "nodes_mean",
        "nodes_max",
        "guesses_mean",
        "backtracks_mean",
        "no_guess_pct",
        "peak_bytes",
    ] {
        assert!(
            reference[field].is_null(),
            "the reference cannot report {field}"
        );
    }
    // Both decided every puzzle, so rows are sorted by mean time, and the
    // first is the fastest.
    let means: Vec<f64> = results
        .iter()
        .map(|r| r["mean_us"].as_f64().unwrap())
        .collect();
    assert!(means[0] <= means[1]);
    assert_eq!(results[0]["ratio_to_fastest"], 1.0);
    assert_eq!(json["sets"][0]["puzzles"], 2);
    assert!(json["problems"].as_array().unwrap().is_empty());
}

#[test]
fn verdict_counts_for_unique_multiple_none_and_invalid() {
    let (json, code) = compare_json(&["--set", &data_str("verdicts.txt")]);
    assert_eq!(
        code, 0,
        "invalid, unsolvable and multiple-solution puzzles are results, not failures"
    );
    assert_eq!(json["sets"][0]["puzzles"], 4);
    assert_eq!(json["sets"][0]["parse_errors"], 1);
    for r in json["results"].as_array().unwrap() {
        let id = r["strategy"].as_str().unwrap();
        // 4 puzzles and 1 unparseable line, counted invalid for everyone.
        let expect = [
            ("attempted", 5),
            ("unique", 1),
            ("multiple", 1),
            ("none", 1),
            ("invalid", 2),
            ("wrong", 0),
        ];
        for (field, n) in expect {
            assert_eq!(r[field], n, "{id}: {field}");
        }
        assert_eq!(
            r["solved"], 2,
            "{id}: the unique and the multiple puzzle have verified solutions"
        );
    }
    let problems = json["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0]["kind"], "parse_error");
    assert_eq!(problems[0]["line"], 11);
}

#[test]
fn a_parse_error_is_reported_once_with_file_and_line() {
    let out = lab()
        .args(["compare", "--set", &data_str("verdicts.txt")])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let mentions = stderr.matches("verdicts.txt:11:").count();
    assert_eq!(mentions, 1, "{stderr}");
    assert!(stderr.contains("wrong length"));
}

#[test]
fn a_budget_hit_is_counted_not_fatal() {
    let (json, code) = compare_json(&[
        "--strategies",
        "naive",
        "--node-budget",
        "100",
        "--set",
        &data_str("hard.txt"),
    ]);
    assert_eq!(code, 0);
    let naive = record(&json, "naive");
    assert_eq!(naive["budget_hit"], 1);
    assert_eq!(naive["unique"], 0);
    assert_eq!(naive["wrong"], 0);
    assert_eq!(naive["attempted"], 1);
    assert_eq!(naive["nodes_max"], 100, "stopped at the node budget");
    assert_eq!(json["machine"]["node_budget"], 100);
}

#[test]
fn budget_hits_rank_below_and_their_figures_are_lower_bounds() {
    // hard.txt's puzzle costs naive 2 million nodes, dlx under 3,000.
    let args = [
        "--strategies",
        "naive,dlx",
        "--node-budget",
        "5000",
        "--set",
        &data_str("hard.txt"),
        &data_str("tiny.txt"),
    ];
    let (json, code) = compare_json(&args);
    assert_eq!(code, 0);
    let hard: Vec<&Value> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["set"].as_str().unwrap().ends_with("hard.txt"))
        .collect();
    assert_eq!(
        hard[0]["strategy"], "dlx",
        "the strategy that decided ranks first"
    );
    assert_eq!(
        (hard[0]["decided"].as_u64(), hard[1]["decided"].as_u64()),
        (Some(1), Some(0))
    );
    let naive = hard[1];
    assert_eq!(naive["lower_bound"], true);
    assert_eq!(
        naive["median_lower_bound"], true,
        "the only puzzle was stopped"
    );
    assert_eq!(naive["nodes_median_lower_bound"], true);
    assert_eq!(hard[0]["lower_bound"], false);
    assert_eq!(hard[0]["ratio_to_fastest"], 1.0);
    // Everywhere, the flag follows the budget hits.
    for r in json["results"].as_array().unwrap() {
        assert_eq!(
            r["lower_bound"].as_bool().unwrap(),
            r["budget_hit"].as_u64().unwrap() > 0,
            "{r}"
        );
    }
    let out = lab().arg("compare").args(args).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let row = stdout
        .lines()
        .skip_while(|l| !l.contains("hard.txt"))
        .find(|l| l.trim_start().starts_with("naive"))
        .unwrap();
    assert!(row.contains(">= "), "lower bounds are marked: {row}");
    assert!(
        stdout.contains(">= : a lower bound"),
        "and the mark explained:\n{stdout}"
    );
    // The wide table also shows the throughput, an upper bound.
    let out = lab()
        .arg("compare")
        .arg("--wide")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let row = stdout
        .lines()
        .skip_while(|l| !l.contains("hard.txt"))
        .find(|l| l.trim_start().starts_with("naive"))
        .unwrap();
    assert!(row.contains(">= "), "lower bounds are marked: {row}");
    assert!(
        row.contains("<= "),
        "the throughput is an upper bound: {row}"
    );
}

#[test]
fn rounds_time_every_solve_again_and_keep_the_spread() {
    let set = data_str("tiny.txt");
    let (json, code) = compare_json(&["--strategies", "dlx", "--rounds", "5", "--set", &set]);
    assert_eq!(code, 0);
    assert_eq!(json["machine"]["rounds"], 5);
    assert_eq!(json["machine"]["seed"], 1);
    assert!(json["machine"]["order"]
        .as_str()
        .unwrap()
        .contains("file order"));
    // One block, the whole chunk read (2,048 puzzles): each strategy makes
    // its passes over the set back to back.
    assert_eq!(json["machine"]["block"], 2048);
    let dlx = record(&json, "dlx");
    assert_eq!(
        dlx["repeated"], 2,
        "both puzzles are fast, so both are timed in every round"
    );
    let (median, max) = (
        dlx["repeat_spread_median_pct"].as_f64().unwrap(),
        dlx["repeat_spread_max_pct"].as_f64().unwrap(),
    );
    assert!(0.0 <= median && median <= max, "{median} {max}");

    let (json, _) = compare_json(&["--strategies", "dlx", "--rounds", "1", "--set", &set]);
    let dlx = record(&json, "dlx");
    assert_eq!(dlx["repeated"], 0);
    assert!(dlx["repeat_spread_median_pct"].is_null());
    // `--repeat`, the older name, still sets the rounds.
    let (json, _) = compare_json(&["--strategies", "dlx", "--repeat", "2", "--set", &set]);
    assert_eq!(json["machine"]["rounds"], 2);

    // A budget hit is timed once.
    let (json, _) = compare_json(&[
        "--strategies",
        "naive",
        "--node-budget",
        "100",
        "--set",
        &data_str("hard.txt"),
    ]);
    assert_eq!(record(&json, "naive")["repeated"], 0);
    assert_eq!(
        json["machine"]["rounds"], 7,
        "the default: as many as a solver's own benchmark's passes"
    );
    lab()
        .args(["compare", "--rounds", "0", "--set", &set])
        .assert()
        .code(2);
}

#[test]
fn results_lines_keep_every_round_in_a_typed_record() {
    let file = temp_dir("rounds").join("r.jsonl");
    lab()
        .args([
            "compare",
            "--strategies",
            "dlx,naive",
            "--rounds",
            "3",
            "--no-progress",
        ])
        .args(["--set", &data_str("tiny.txt"), "--results"])
        .arg(&file)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|l: &serde_json::Value| l.get("strategy").is_some())
        .collect();
    assert_eq!(lines.len(), 4);
    for l in &lines {
        // The first round counted mems: its time is replaced by the plain
        // rounds' (the results keep the plain times only).
        let plain = if l["mems"].is_null() { 3 } else { 2 };
        assert_eq!(l["times_ns"].as_array().unwrap().len(), plain, "{l}");
        assert_eq!(l["verdict"], "unique");
        assert_eq!(l["shape"]["box_rows"], 3, "{l}");
        assert!(l["version"].as_u64().unwrap() >= 2);
    }
}

#[cfg(feature = "reference")]
#[test]
fn reference_shows_na_on_a_4x4_set() {
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "naive,reference",
            "--set",
            &data_str("four.txt"),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "an unsupported shape is not a failure"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("reference"))
        .unwrap();
    assert_eq!(row.matches("n/a").count(), 8, "every compact cell: {row}");

    let (json, _) = compare_json(&[
        "--strategies",
        "naive,reference",
        "--set",
        &data_str("four.txt"),
    ]);
    let reference = record(&json, "reference");
    assert_eq!(reference["supported"], false);
    assert_eq!(reference["unsupported"], 2);
    assert_eq!(reference["attempted"], 0);
    assert!(reference["mean_us"].is_null());
    assert!(reference["ratio_to_fastest"].is_null());
    let naive = record(&json, "naive");
    assert_eq!(naive["unique"], 2);
    assert_eq!(
        json["results"][0]["strategy"], "naive",
        "n/a rows come last"
    );
}

/// Issue 29 row 3: a listed solution that contradicts its puzzle's givens
/// is invalid input (the reader refuses the line), so no strategy is counted
/// wrong for disagreeing with it.
#[test]
fn a_listed_solution_contradicting_the_givens_is_invalid_input() {
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "naive",
            "--set",
            &data_str("wrong-expected.csv"),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("wrong-expected.csv:2: solution field contradicts the givens"),
        "{stderr}"
    );
    assert!(!stderr.contains("naive found"), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("naive"))
        .unwrap();
    assert!(!row.contains("!!"), "no wrong answer:\n{stdout}");
}

#[cfg(feature = "reference")]
#[test]
fn csv_has_a_header_and_a_record_per_set_and_strategy() {
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "naive,reference",
            "--format",
            "csv",
        ])
        .args(["--set", &data_str("tiny.txt"), &data_str("four.txt")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let mut header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let fields = result_fields();
    let mut documented: Vec<&str> = fields.iter().map(String::as_str).collect();
    header.sort_unstable();
    documented.sort_unstable();
    assert_eq!(
        header, documented,
        "the CSV's columns are the documented fields"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 4);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let reader_headers = reader.headers().unwrap().clone();
    for record in reader.records() {
        let record = record.unwrap();
        assert_eq!(record.len(), fields.len());
        // An interval is one cell, `[lo, hi]`, or empty.
        let ci = &record[reader_headers
            .iter()
            .position(|f| f == "mean_us_ci95")
            .unwrap()];
        assert!(
            ci.is_empty() || (ci.starts_with('[') && ci.contains(", ")),
            "{ci}"
        );
    }
    let na = rows
        .iter()
        .find(|r| r.contains("four.txt,reference"))
        .unwrap();
    assert!(na.contains(",,,"), "null fields are empty: {na}");
}

#[test]
fn markdown_format() {
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "naive",
            "--format",
            "md",
            "--set",
            &data_str("tiny.txt"),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let md = String::from_utf8(out.stdout).unwrap();
    assert!(md.contains("### "), "{md}");
    assert!(
        md.contains("| strategy |") || md.contains("|  strategy"),
        "{md}"
    );
    assert!(
        md.lines()
            .any(|l| l.starts_with("|") && l.contains("naive")),
        "{md}"
    );
}

#[cfg(feature = "reference")]
#[test]
fn report_dir_holds_every_file() {
    let dir = temp_dir("report");
    let out = lab()
        .args(["compare", "--strategies", "naive,reference", "--report"])
        .arg(&dir)
        .args(["--set", &data_str("tiny.txt"), &data_str("four.txt")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        "report.md",
        "results.json",
        "results.csv",
        "time_per_puzzle.svg",
        "nodes_per_puzzle.svg",
        "cactus.svg",
    ] {
        assert!(dir.join(file).exists(), "{file} missing");
    }
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    assert_eq!(json["results"].as_array().unwrap().len(), 4);
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        md.contains("## Machine") && md.contains("time_per_puzzle.svg"),
        "{md}"
    );
    let svg = std::fs::read_to_string(dir.join("time_per_puzzle.svg")).unwrap();
    assert!(
        svg.contains("<svg") && svg.contains("<text") && svg.contains("tiny"),
        "labels are drawn"
    );
    assert!(
        svg.contains("naive") && svg.contains("reference"),
        "the legend names the strategies"
    );
    let nodes = std::fs::read_to_string(dir.join("nodes_per_puzzle.svg")).unwrap();
    assert!(
        !nodes.contains(">reference<"),
        "the reference counts no nodes"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "reference")]
#[test]
fn parallel_runs_count_the_same_and_say_so() {
    let args = [
        "--strategies",
        "naive,reference",
        "--set",
        &data_str("verdicts.txt"),
        &data_str("tiny.txt"),
    ];
    let (serial, _) = compare_json(&args);
    let (parallel, code) = compare_json(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(code, 0);
    assert_eq!(parallel["machine"]["jobs"], 2);
    for (a, b) in serial["results"]
        .as_array()
        .unwrap()
        .iter()
        .zip(parallel["results"].as_array().unwrap())
    {
        for field in [
            "set",
            "attempted",
            "solved",
            "unique",
            "multiple",
            "none",
            "invalid",
            "nodes_max",
        ] {
            assert_eq!(a[field], b[field], "{field}");
        }
    }
    let out = lab()
        .arg("compare")
        .args(args)
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("parallel run (--jobs 2): timings disturbed"));
}

#[test]
fn usage_and_io_errors_exit_2() {
    lab()
        .args([
            "compare",
            "--strategies",
            "nosuch",
            "--set",
            &data_str("tiny.txt"),
        ])
        .assert()
        .code(2);
    lab()
        .args(["compare", "--set", "no/such/file.txt"])
        .assert()
        .code(2);
    lab()
        .args([
            "compare",
            "--set",
            &data_str("tiny.txt"),
            "--limit-puzzles",
            "0",
        ])
        .assert()
        .code(2);
}

#[test]
fn limit_puzzles_and_directories() {
    let dir = temp_dir("sets");
    std::fs::copy(data("tiny.txt"), dir.join("b.txt")).unwrap();
    std::fs::copy(data("four.txt"), dir.join("a.sdk")).unwrap();
    std::fs::write(dir.join("README.md"), "not a puzzle file").unwrap();
    let (json, code) = compare_json(&[
        "--strategies",
        "naive",
        "--limit-puzzles",
        "1",
        "--set",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let sets = json["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 2, "README.md is not a set");
    assert!(
        sets[0]["name"].as_str().unwrap().ends_with("a.sdk"),
        "sorted by name"
    );
    assert!(sets
        .iter()
        .all(|s| s["puzzles"] == 1 && s["truncated"] == true));
    assert_eq!(json["machine"]["limit_puzzles"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn default_sets_come_from_puzzles_and_say_which() {
    let dir = temp_dir("default");
    std::fs::create_dir(dir.join("puzzles")).unwrap();
    std::fs::copy(data("tiny.txt"), dir.join("puzzles/b-small.txt")).unwrap();
    std::fs::copy(data("four.txt"), dir.join("puzzles/a-four.txt")).unwrap();
    std::fs::write(dir.join("puzzles/README.md"), "# not a set\n").unwrap();
    let out = lab()
        .current_dir(&dir)
        .args(["compare", "--strategies", "naive", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("default sets")
            && stderr.contains("puzzles/a-four.txt, puzzles/b-small.txt"),
        "{stderr}"
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sets"].as_array().unwrap().len(), 2);
    assert_eq!(json["machine"]["limit_puzzles"], 100, "the default cap");
    assert!(json["notes"][0].as_str().unwrap().contains("b-small.txt"));

    let table = lab()
        .current_dir(&dir)
        .args(["compare", "--strategies", "naive"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(table.stdout).unwrap();
    assert!(
        stdout.contains("default sets"),
        "the table says which sets: {stdout}"
    );

    let empty = temp_dir("nodefault");
    lab().current_dir(&empty).args(["compare"]).assert().code(2);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&empty).unwrap();
}

// ---------------------------------------------------------------- library

/// A test-only strategy's [`Info`]: every shape, every statistic, no headline.
macro_rules! test_info {
    ($id:expr, $summary:expr) => {{
        static INFO: Info = Info {
            id: $id,
            summary: $summary,
            family: Family::Backtracking,
            outside: false,
            reports: Reports::ALL,
            shapes: Shapes::All,
            prunes_by: "test only",
            headline: false,
            brute_force: true,
            capabilities: sudoku_core::Capabilities::TREE,
        };
        &INFO
    }};
}

/// Test-only: naive's answer with one digit of the solution changed.
struct Liar;

impl Solver for Liar {
    fn info(&self) -> &'static Info {
        test_info!(
            "liar",
            "test only: naive's solution with its first blank cell changed"
        )
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        let mut outcome = Naive.solve(puzzle, limits);
        if let Some(solution) = outcome.solutions.first_mut() {
            let cell = (0..puzzle.cells().len())
                .find(|&c| puzzle.get(c) == 0)
                .unwrap();
            let n = puzzle.shape().side() as u8;
            solution.set(cell, solution.get(cell) % n + 1);
        }
        outcome
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

/// Test-only: always says "multiple", with naive's (valid) first solution.
struct Doubter;

impl Solver for Doubter {
    fn info(&self) -> &'static Info {
        test_info!(
            "doubter",
            "test only: claims two solutions wherever naive finds one"
        )
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        let mut outcome = Naive.solve(puzzle, limits);
        if outcome.count == 1 {
            outcome.count = 2;
            outcome.stop = Stop::SolutionLimit;
        }
        outcome
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

/// Test-only: says "no solution" without searching.
struct Pessimist;

impl Solver for Pessimist {
    fn info(&self) -> &'static Info {
        test_info!("pessimist", "test only: says every puzzle has no solution")
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        Outcome {
            solutions: vec![],
            count: 0,
            stop: Stop::Exhausted,
            stats: Stats::default(),
            conflict: None,
        }
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

/// Test-only: panics on every puzzle whose first cell is blank.
struct Panicker;

impl Solver for Panicker {
    fn info(&self) -> &'static Info {
        test_info!("panicker", "test only: panics when the first cell is blank")
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        assert!(puzzle.get(0) != 0, "test panic: first cell blank");
        Naive.solve(puzzle, limits)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

fn run(strategies: &[&dyn Solver], sets: &[&str]) -> Report {
    let sets: Vec<PuzzleSet> = sets.iter().map(|s| PuzzleSet::new(data(s))).collect();
    let config = RunConfig {
        warmup: false,
        ..RunConfig::default()
    };
    compare(strategies, &sets, &config)
}

fn row<'a>(
    report: &'a Report,
    set: &str,
    strategy: &str,
) -> &'a sudoku_harness::compare::ResultRecord {
    report
        .results
        .iter()
        .find(|r| r.set.ends_with(set) && r.strategy == strategy)
        .unwrap()
}

#[test]
fn a_wrong_solution_is_caught_by_verification() {
    let report = run(&[&Naive, &Liar], &["tiny.txt"]);
    let liar = row(&report, "tiny.txt", "liar");
    assert_eq!(liar.wrong, 2);
    assert_eq!(
        liar.solved, 0,
        "a solution that fails verification does not count as solved"
    );
    assert_eq!(row(&report, "tiny.txt", "naive").wrong, 0);
    let kinds: Vec<ProblemKind> = report.problems.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, vec![ProblemKind::WrongSolution; 2]);
    assert!(report.problems[0].message.contains("fails verification"));
    assert_eq!(report.problems[0].strategies, vec!["liar".to_string()]);
    assert_eq!(report.status(), Status::Failed);
}

#[cfg(feature = "reference")]
#[test]
fn a_disagreement_goes_by_majority_and_fails_the_run() {
    let report = run(&[&Naive, &Reference, &Doubter], &["tiny.txt"]);
    assert_eq!(row(&report, "tiny.txt", "doubter").wrong, 2);
    assert_eq!(row(&report, "tiny.txt", "doubter").multiple, 2);
    assert_eq!(row(&report, "tiny.txt", "naive").wrong, 0);
    assert_eq!(row(&report, "tiny.txt", "reference").wrong, 0);
    assert_eq!(report.sets[0].disagreements, 2);
    let p = &report.problems[0];
    assert_eq!(p.kind, ProblemKind::Disagreement);
    assert_eq!(p.line, Some(3));
    assert_eq!(p.strategies, vec!["doubter".to_string()]);
    assert!(
        p.message.contains("naive says unique") && p.message.contains("doubter says multiple"),
        "{}",
        p.message
    );
    assert!(p.message.contains("majority"), "{}", p.message);
    assert_eq!(report.status(), Status::Failed);
}

#[test]
fn a_tie_counts_everyone_involved_wrong() {
    let report = run(&[&Naive, &Doubter], &["tiny.txt"]);
    assert_eq!(row(&report, "tiny.txt", "naive").wrong, 2);
    assert_eq!(row(&report, "tiny.txt", "doubter").wrong, 2);
    assert!(report.problems.iter().all(|p| p.message.contains("tie")));
    assert_eq!(report.status(), Status::Failed);
}

#[test]
fn what_can_be_proven_beats_the_majority() {
    // Two pessimists outvote naive, but naive's verified solution proves them wrong.
    struct Pessimist2;
    impl Solver for Pessimist2 {
        fn info(&self) -> &'static Info {
            test_info!("pessimist2", "test only: a second pessimist")
        }
        fn solve(&self, p: &Grid, l: &Limits) -> Outcome {
            Pessimist.solve(p, l)
        }
        fn solve_traced(&self, p: &Grid, l: &Limits, _: &mut dyn Trace) -> Outcome {
            Pessimist.solve(p, l)
        }
    }
    let report = run(&[&Naive, &Pessimist, &Pessimist2], &["verdicts.txt"]);
    assert_eq!(row(&report, "verdicts.txt", "naive").wrong, 0);
    // Wrong on the unique and the multiple puzzle; right on the unsolvable one;
    // the invalid one is proven by its conflicting givens.
    assert_eq!(row(&report, "verdicts.txt", "pessimist").wrong, 3);
    assert_eq!(row(&report, "verdicts.txt", "pessimist2").wrong, 3);
    assert!(report.problems.iter().any(|p| p.message.contains("proven")));
}

#[test]
fn a_panic_is_reported_as_crashed_and_the_run_goes_on() {
    // four.txt: the first puzzle starts with a blank, the second with a given.
    let report = run(&[&Panicker, &Naive], &["four.txt", "tiny.txt"]);
    let panicker = row(&report, "four.txt", "panicker");
    assert_eq!(
        (panicker.crashed, panicker.unique, panicker.wrong),
        (1, 1, 0)
    );
    assert_eq!(panicker.timed, 1, "a crash is not timed");
    assert_eq!(
        row(&report, "four.txt", "naive").unique,
        2,
        "the other strategy is unaffected"
    );
    assert_eq!(
        row(&report, "tiny.txt", "panicker").unique,
        2,
        "and the run went on to the next set"
    );
    assert_eq!(report.problems.len(), 1);
    let p = &report.problems[0];
    assert_eq!((p.kind, p.line), (ProblemKind::Crashed, Some(2)));
    assert!(
        p.message.contains("test panic: first cell blank"),
        "{}",
        p.message
    );
    assert_eq!(report.status(), Status::Failed);
}

/// Test-only: naive, but every call reports one node more than the last.
struct Drifter(std::sync::atomic::AtomicU64);

impl Solver for Drifter {
    fn info(&self) -> &'static Info {
        test_info!(
            "drifter",
            "test only: its node count changes from call to call"
        )
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        let mut outcome = Naive.solve(puzzle, limits);
        outcome.stats.nodes += self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        outcome
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, _: &mut dyn Trace) -> Outcome {
        self.solve(puzzle, limits)
    }
}

#[test]
fn counts_that_change_between_repeats_are_a_loud_error() {
    let sets = [PuzzleSet::new(data("tiny.txt"))];
    let drifter = Drifter(Default::default());
    let config = RunConfig {
        warmup: false,
        loud: false,
        rounds: 3,
        ..RunConfig::default()
    };
    let report = compare(&[&Naive, &drifter], &sets, &config);
    let kinds: Vec<ProblemKind> = report.problems.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, vec![ProblemKind::Nondeterministic; 2]);
    assert!(
        report.problems[0].message.contains("different counts"),
        "{}",
        report.problems[0].message
    );
    assert_eq!(row(&report, "tiny.txt", "drifter").wrong, 2);
    assert_eq!(row(&report, "tiny.txt", "naive").wrong, 0);
    assert_eq!(report.status(), Status::Failed);
    // One round: a strategy that counts mems solves once more, plainly, for
    // its time, and that solve must give the same counts too.
    let once = RunConfig {
        rounds: 1,
        ..config
    };
    assert_eq!(compare(&[&drifter], &sets, &once).status(), Status::Failed);
}

#[test]
fn a_load_above_the_cores_is_a_warning_in_the_table() {
    use sudoku_harness::compare::table::{render, Flavor};
    let mut report = run(&[&Naive], &["tiny.txt"]);
    report.machine.cores = 2;
    report.machine.load_avg = Some([1.5, 1.0, 1.0]);
    report.machine.load_avg_end = Some([1.9, 1.0, 1.0]);
    assert!(!render(&report, Flavor::Terminal).contains("load average"));
    report.machine.load_avg_end = Some([2.5, 1.0, 1.0]);
    let text = render(&report, Flavor::Terminal);
    let warning = text
        .lines()
        .find(|l| l.starts_with("WARNING: load average"))
        .unwrap();
    assert!(
        warning.contains("2.50 exceeds the 2 logical cores"),
        "{warning}"
    );
    assert!(render(&report, Flavor::Markdown).contains("**load average 2.50"));
}

#[cfg(feature = "reference")]
#[test]
fn library_counts_match_the_cli() {
    let report = run(&[&Naive, &Reference], &["verdicts.txt", "four.txt"]);
    assert_eq!(report.status(), Status::Ok);
    let reference = row(&report, "four.txt", "reference");
    assert!(!reference.supported);
    assert_eq!(reference.unsupported, 2);
    let naive = row(&report, "verdicts.txt", "naive");
    assert_eq!((naive.attempted, naive.solved, naive.timed), (5, 2, 4));
    assert!(naive.no_guess_pct.is_some());
    let reference = row(&report, "verdicts.txt", "reference");
    assert_eq!(
        (
            reference.unique,
            reference.multiple,
            reference.none,
            reference.invalid
        ),
        (1, 1, 1, 2)
    );
    assert_eq!(reference.nodes_mean, None);
}

#[test]
fn directories_sort_numbers_as_numbers() {
    use sudoku_harness::compare::natural_cmp;
    let mut names = vec![
        "25x25.txt",
        "9x9-hard.txt",
        "12x12.txt",
        "4x4.txt",
        "9x9-easy.txt",
        "classic.txt",
    ];
    names.sort_by(|a, b| natural_cmp(a, b));
    assert_eq!(
        names,
        [
            "4x4.txt",
            "9x9-easy.txt",
            "9x9-hard.txt",
            "12x12.txt",
            "25x25.txt",
            "classic.txt"
        ]
    );
}

// ---------------------------------------------------------------- layout

/// The widest line of a text, in characters (µ and † take one column).
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn the_default_table_fits_the_width_and_wide_shows_every_column() {
    // Sets named relative to their directory: a set's heading is its path, and
    // the checkout's own path (a fresh clone in a temporary directory) must
    // not decide whether a line fits.
    let sets = ["tiny.txt".to_string(), "four.txt".into(), "hard.txt".into()];
    let run = |columns: &str, extra: &[&str], sets: &[String]| -> String {
        let out = lab()
            .current_dir(data(""))
            .env("COLUMNS", columns)
            .args(["compare", "--strategies", "all", "--node-budget", "5000"])
            .args(["--repeat", "1", "--no-progress", "--set"])
            .args(sets)
            .args(extra)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    for width in [80, 100, 120] {
        let text = run(&width.to_string(), &[], &sets);
        assert!(widest(&text) <= width, "wider than {width}:\n{text}");
        assert!(
            text.contains("All sets: median time per puzzle"),
            "a summary across sets:\n{text}"
        );
    }
    let text = run("100", &[], &sets);
    let header = text.lines().find(|l| l.contains("strategy")).unwrap();
    for column in [
        "decided", "budget", "median", "mean", "ratio", "nodes", "mems",
    ] {
        assert!(header.contains(column), "{column} in 100 columns: {header}");
    }
    // 22-character rung ids and lower bounds (`>= 4.82k`) leave no room for
    // guesses beside mems: the note says it is left out.
    let note = text.replace("\n  ", " ");
    assert!(
        header.contains("guesses") || note.contains("left out to fit 100 columns: guesses"),
        "{text}"
    );
    // Nor for the intervals in the cells: they go on lines under the
    // table, never out of it.
    assert!(
        !note.contains("intervals;") && !note.ends_with("intervals"),
        "{text}"
    );
    assert!(
        text.contains("95% intervals (mean, and ratio to the fastest):"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("  ") && l.contains(" ±") && l.contains("x [")),
        "compact intervals under the table: {text}"
    );
    let out = lab()
        .current_dir(data(""))
        .env("COLUMNS", "100")
        .args([
            "compare",
            "--strategies",
            "naive,dlx,bitboard",
            "--node-budget",
            "5000",
        ])
        .args(["--no-progress", "--set"])
        .args(&sets)
        .output()
        .unwrap();
    let headline = String::from_utf8(out.stdout).unwrap();
    assert!(!headline.contains("left out to fit"), "{headline}");
    assert!(headline.contains(" ±"), "the mean's interval: {headline}");
    let narrow = run("50", &[], &sets);
    assert!(widest(&narrow) <= 50, "{narrow}");
    assert!(
        narrow.replace("\n  ", " ").contains(
            "left out to fit 50 columns: budget, mean, ratio, nodes, mems, guesses, intervals"
        ),
        "prose wraps, and says which columns are left out:\n{narrow}"
    );
    let wide = run("100", &["--wide"], &sets);
    assert!(widest(&wide) > 150, "every column");
    let header = wide.lines().find(|l| l.contains("strategy")).unwrap();
    for column in [
        "attempted",
        "p90",
        "max",
        "backtracks",
        "no-guess",
        "peak",
        "mems",
    ] {
        assert!(header.contains(column), "{column} in --wide: {header}");
    }
    let one = run("100", &[], &sets[..1]);
    assert!(!one.contains("All sets"), "no summary for one set:\n{one}");
}

#[test]
fn charts_are_legible_share_one_palette_and_read_in_units() {
    use sudoku_harness::compare::palette;
    let dir = temp_dir("charts");
    let out = lab()
        .args([
            "compare",
            "--strategies",
            "naive,dlx",
            "--node-budget",
            "5000",
        ])
        .args(["--repeat", "1", "--no-progress", "--report"])
        .arg(&dir)
        .args(["--set", &data_str("tiny.txt"), &data_str("hard.txt")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let number = |text: &str, attribute: &str| -> Vec<f64> {
        text.split(&format!("{attribute}=\""))
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    };
    for name in ["time_per_puzzle.svg", "nodes_per_puzzle.svg", "cactus.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        let width = number(&svg, "width")[0];
        // A README or a page shows a chart at most 880 px wide.
        let scale = 880f64.min(width) / width;
        let smallest = number(&svg, "font-size")
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        assert!(
            smallest * scale >= 14.0,
            "{name}: {smallest} px text in a {width} px chart"
        );
        for id in ["naive", "dlx"] {
            let color = palette::css(id).to_uppercase();
            assert!(svg.contains(&color), "{name}: {id} is {color}");
        }
        assert!(!svg.contains("M µs") && !svg.contains("k µs"), "{name}");
    }
    let cactus = std::fs::read_to_string(dir.join("cactus.svg")).unwrap();
    assert!(cactus.contains("puzzles decided") && cactus.contains(" µs"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Test-only: naive, counting its solves: plain, traced, counting mems.
struct Counter(
    std::sync::atomic::AtomicU64,
    std::sync::atomic::AtomicU64,
    std::sync::atomic::AtomicU64,
);

impl Solver for Counter {
    fn info(&self) -> &'static Info {
        test_info!("counter", "test only: counts its solves")
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Naive.solve(puzzle, limits)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        self.1.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Naive.solve_traced(puzzle, limits, trace)
    }
    fn solve_counting_mems(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.2.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Naive.solve_counting_mems(puzzle, limits)
    }
}

/// (plain, traced, counting mems) solves a counter made.
fn solves(counter: &Counter) -> (u64, u64, u64) {
    let load = |c: &std::sync::atomic::AtomicU64| c.load(std::sync::atomic::Ordering::Relaxed);
    (load(&counter.0), load(&counter.1), load(&counter.2))
}

fn new_counter() -> Counter {
    Counter(Default::default(), Default::default(), Default::default())
}

/// Issue 29, row 12: counting placements by rule (`ladder`'s follow-up)
/// traces the first round instead of solving each puzzle a second time; the
/// time comes from plain solves only (with one round, one plain solve more),
/// and the counts are each line's follow-up record.
#[test]
fn counting_rules_solves_each_puzzle_once_per_round() {
    let sets = [PuzzleSet::new(data("tiny.txt"))];
    let counter = new_counter();
    let config = RunConfig {
        warmup: false,
        loud: false,
        follow_up: Some(std::sync::Arc::new(sudoku_harness::ladder::RuleCounter)),
        rounds: 1,
        ..RunConfig::default()
    };
    let mut lines = Vec::new();
    sudoku_engine::runner::run(&[&counter], &sets, &config, &mut |l: &[Line]| {
        lines.extend_from_slice(l)
    });
    assert_eq!(lines.len(), 2);
    for line in &lines {
        let counts = sudoku_reports::ladder::RuleCounts::of(line).expect("a follow-up record");
        let placed = counts.naked_singles + counts.hidden_singles + counts.guesses;
        assert!(
            placed > 0 && Some(placed) <= line.stats.placements,
            "{line:?}"
        );
    }
    let counter = new_counter();
    let report = compare(&[&counter], &sets, &config);
    assert_eq!(report.status(), Status::Ok);
    assert_eq!(
        solves(&counter),
        (2, 2, 0),
        "two puzzles, one traced solve each, and a plain one to time"
    );
    // With three rounds, the later two are untraced, and they set the time.
    let counter = new_counter();
    let config = RunConfig {
        rounds: 3,
        ..config
    };
    compare(&[&counter], &sets, &config);
    assert_eq!(solves(&counter), (4, 2, 0));
}

/// Issue 28: mems are counted in the first round by the counting
/// instantiation, and never in a timed round.
#[test]
fn mems_are_counted_once_and_never_timed() {
    let sets = [PuzzleSet::new(data("tiny.txt"))];
    for (rounds, plain) in [(1, 2), (3, 4)] {
        let counter = new_counter();
        let config = RunConfig {
            warmup: false,
            loud: false,
            rounds,
            ..RunConfig::default()
        };
        let report = compare(&[&counter], &sets, &config);
        assert_eq!(report.status(), Status::Ok);
        assert_eq!(solves(&counter), (plain, 0, 2), "{rounds} rounds");
        let row = &report.results[0];
        let mems = row.mems_mean.expect("naive counts mems");
        assert!(mems > row.nodes_mean.unwrap(), "{mems}");
        assert_eq!(row.mems_ratio, Some(1.0));
    }
}

/// Issue 28: a seed puzzle's mems through compare's JSON, its results line
/// and its table are the strategy's own count, pinned (as
/// `tests/mems.rs` pins them), and n/a for the reference.
#[test]
fn mems_reach_the_json_the_results_lines_and_the_tables() {
    let dir = temp_dir("mems");
    // The first seed of puzzles/seeds.csv, with its solution.
    let seeds = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/seeds.csv"),
    )
    .unwrap();
    let set = dir.join("seed.csv");
    let first: Vec<&str> = seeds.lines().take(2).collect();
    std::fs::write(&set, first.join("\n") + "\n").unwrap();
    let set = set.to_string_lossy().into_owned();
    let puzzle: Grid = first[1].split(',').next().unwrap().parse().unwrap();
    let mut ids = vec!["mrv", "dlx"];
    if cfg!(feature = "reference") {
        ids.push("reference");
    }
    let strategies = ids.join(",");
    let lines = dir.join("lines.jsonl");
    let (json, code) = compare_json(&[
        "--strategies",
        &strategies,
        "--set",
        &set,
        "--rounds",
        "2",
        "--no-progress",
        "--results",
        &lines.to_string_lossy(),
    ]);
    assert_eq!(code, 0);
    let limits = Limits {
        max_solutions: Some(2),
        keep_solutions: 1,
        ..Limits::default()
    };
    // Pinned: the mems of proving this seed unique (tests/mems.rs, seed 1).
    for (id, pinned) in [("mrv", 216_506u64), ("dlx", 240_160)] {
        let solver = sudoku_harness::registry::pick_list(&[id.to_string()]).unwrap()[0];
        let own = solver.solve_counting_mems(&puzzle, &limits).stats.mems;
        assert_eq!(own, Some(pinned), "{id}'s own count");
        let row = record(&json, id);
        assert_eq!(row["mems_mean"], pinned as f64, "{id}: {row}");
        assert_eq!(row["mems_max"], pinned, "{id}");
        let strategy = json["strategies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap();
        assert_eq!(strategy["counts_mems"], true);
    }
    // The ratio of mems between rows: to the fewest (mrv's here).
    assert_eq!(record(&json, "mrv")["mems_ratio"], 1.0);
    let ratio = record(&json, "dlx")["mems_ratio"].as_f64().unwrap();
    assert!((ratio - 240_160.0 / 216_506.0).abs() < 1e-3, "{ratio}");
    let text = std::fs::read_to_string(&lines).unwrap();
    for line in text.lines().filter(|l| l.contains("\"strategy\"")) {
        let l: Value = serde_json::from_str(line).unwrap();
        match l["strategy"].as_str().unwrap() {
            "mrv" => assert_eq!(l["mems"], 216_506, "{l}"),
            "dlx" => assert_eq!(l["mems"], 240_160, "{l}"),
            _ => assert!(l["mems"].is_null(), "the reference counts none: {l}"),
        }
    }
    if ids.contains(&"reference") {
        assert!(record(&json, "reference")["mems_mean"].is_null());
        assert!(record(&json, "reference")["mems_ratio"].is_null());
    }
    // The compact table has the column; the footnote says why n/a.
    let out = lab()
        .args(["compare", "--strategies", &strategies, "--set", &set])
        .args(["--rounds", "1", "--no-progress"])
        .output()
        .unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("mems"), "{table}");
    assert!(table.contains("217k") && table.contains("240k"), "{table}");
    // Markdown (and the report) show the ratio column too.
    let out = lab()
        .args(["compare", "--strategies", &strategies, "--set", &set])
        .args(["--rounds", "1", "--no-progress", "--format", "md"])
        .output()
        .unwrap();
    let md = String::from_utf8(out.stdout).unwrap();
    assert!(
        md.contains("mems mean") && md.contains("mems ratio"),
        "{md}"
    );
    let ratio = ((240_160.0f64 / 216_506.0) * 1000.0).round() / 1000.0;
    assert!(md.contains(&format!("{ratio:.2}x")), "{md}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every solve a recorder saw: which recorder, and the puzzle's cells.
type SolveLog = std::sync::Arc<std::sync::Mutex<Vec<(bool, Vec<u8>)>>>;

/// Test-only: naive, writing down every puzzle it is given, in order.
struct Recorder {
    first: bool,
    log: SolveLog,
}

impl Recorder {
    fn write_down(&self, puzzle: &Grid) {
        let mut log = self.log.lock().unwrap();
        log.push((self.first, puzzle.cells().to_vec()));
    }
}

impl Solver for Recorder {
    fn info(&self) -> &'static Info {
        if self.first {
            test_info!("recorder-a", "test only: writes down its puzzles")
        } else {
            test_info!("recorder-b", "test only: writes down its puzzles")
        }
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.write_down(puzzle);
        Naive.solve(puzzle, limits)
    }
    fn solve_traced(&self, puzzle: &Grid, limits: &Limits, trace: &mut dyn Trace) -> Outcome {
        self.write_down(puzzle);
        Naive.solve_traced(puzzle, limits, trace)
    }
    fn solve_counting_mems(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.write_down(puzzle);
        Naive.solve_counting_mems(puzzle, limits)
    }
}

/// Issue 39: the rounds protocol makes each strategy's passes back to back,
/// as a solver's own benchmark does: a strategy takes a block through its
/// warm-up pass and every round in file order before the next strategy
/// takes the same block, and the strategies' order turns block by block.
#[test]
fn each_strategy_takes_a_block_through_warm_up_and_rounds_back_to_back() {
    let sets = [PuzzleSet::new(
        crate::common::root().join("puzzles/9x9-easy.txt"),
    )];
    let log = SolveLog::default();
    let a = Recorder {
        first: true,
        log: log.clone(),
    };
    let b = Recorder {
        first: false,
        log: log.clone(),
    };
    let (rounds, block, puzzles) = (3, 4, 6);
    let config = RunConfig {
        loud: false,
        rounds,
        block,
        limit_puzzles: Some(puzzles),
        ..RunConfig::default()
    };
    let mut lines = Vec::new();
    sudoku_engine::runner::run(&[&a, &b], &sets, &config, &mut |l: &[Line]| {
        lines.extend_from_slice(l)
    });
    assert_eq!(lines.len(), 2 * puzzles);
    let log = log.lock().unwrap();
    // The puzzles in file order, by their first sighting.
    let mut order: Vec<&Vec<u8>> = Vec::new();
    for (_, cells) in log.iter() {
        if !order.contains(&cells) {
            order.push(cells);
        }
    }
    assert_eq!(order.len(), puzzles);
    let mut expected = Vec::new();
    for (k, block_puzzles) in order.chunks(block).enumerate() {
        let turn = if k % 2 == 0 {
            [true, false]
        } else {
            [false, true]
        };
        for first in turn {
            // The warm-up pass, then every round.
            for _ in 0..1 + rounds {
                expected.extend(block_puzzles.iter().map(|c| (first, (*c).clone())));
            }
        }
    }
    assert_eq!(*log, expected, "solves in the order the protocol promises");
}

/// Plain `compare` stays a quick tour: every SE-rated set (hard puzzles
/// cost the textbook rows their budgets, the human row seconds) is left
/// out of the default run, as each new one must be.
#[test]
fn the_default_run_leaves_out_every_rated_set() {
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    let mut rated = 0;
    for entry in std::fs::read_dir(puzzles).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if name.starts_with("se-rated") {
            rated += 1;
            assert!(
                sudoku_engine::sets::NOT_IN_DEFAULT_RUN.contains(&name.as_str()),
                "{name} is in plain compare's run"
            );
        }
    }
    assert!(rated >= 4, "the rated sets are where they were: {rated}");
}
