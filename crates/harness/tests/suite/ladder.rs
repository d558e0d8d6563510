//! `sudoku-lab ladder` goes through compare's pipeline (issue 24) and
//! follows the output rule (issue 29, rows 8, 9 and 12).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn lab() -> Command {
    Command::cargo_bin("sudoku-lab").unwrap()
}

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = crate::common::scratch_path(&format!("sudoku-lab-ladder-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `ladder` with the quick rungs, `args`, and `--report dir`: its stdout,
/// after checking it succeeded.
fn ladder_report(args: &[&str], dir: &Path) -> String {
    let out = lab()
        .arg("ladder")
        .args(QUICK)
        .args(args)
        .arg("--report")
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const QUICK: [&str; 6] = [
    "--branching",
    "mrv",
    "--rules",
    "hidden,locked",
    "--no-progress",
    "--rounds",
];

#[test]
fn ladder_measures_with_rounds_and_intervals_and_counts_rules() {
    let dir = temp_dir("report");
    let text = ladder_report(&["3", "--set", &data("tiny.txt"), &data("hard.txt")], &dir);
    assert!(
        text.contains("prop:mrv/hidden") && text.contains("prop:mrv/locked"),
        "{text}"
    );
    assert!(text.contains("3 rounds (seed 1)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("ladder.json")).unwrap()).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 4, "two rungs on two sets");
    for row in rows {
        let ci = row["us_per_puzzle_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= ci[1].as_f64().unwrap(), "{row}");
        // Every placement is counted by some rule, from the one traced round.
        let by_rule = row["naked_singles"].as_f64().unwrap()
            + row["hidden_singles"].as_f64().unwrap()
            + row["guesses"].as_f64().unwrap();
        assert!(by_rule > 0.0, "{row}");
    }
    for file in ["ladder.md", "ladder.csv", "ladder.svg"] {
        assert!(dir.join(file).exists(), "{file}");
    }
    // No temporary file is left beside them.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn ladder_reads_sets_as_compare_does_shape_included() {
    // The 4x4 set with --shape 2x2 reads; with a 3x3 shape every line is
    // a parse error, counted, not a crash.
    let out = lab()
        .arg("ladder")
        .args(QUICK)
        .args(["1", "--set", &data("four.txt"), "--shape", "3x3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("0 puzzles"), "{text}");
}

/// Issue 29, row 8: a closed pipe is quiet, a full disk is exit 2.
#[test]
fn ladder_follows_the_output_rule() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .arg("ladder")
        .args(QUICK)
        .args(["1", "--set", &data("tiny.txt")])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader went away, as `| head -0` does
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    {
        assert!(
            Path::new("/dev/full").exists(),
            "the check needs /dev/full (Linux)"
        );
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
            .arg("ladder")
            .args(QUICK)
            .args(["1", "--set", &data("tiny.txt")])
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("writing to standard output"));
    }
}

/// Issue 29, row 9: an unwritable report or a missing set is refused before
/// the work.
#[test]
fn ladder_checks_its_report_and_sets_up_front() {
    let dir = temp_dir("upfront");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = lab()
        .arg("ladder")
        .args(QUICK)
        .args(["1", "--set", &data("tiny.txt"), "--report"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no work done before the refusal");
    let out = lab()
        .arg("ladder")
        .args(QUICK)
        .args(["1", "--set", &data("tiny.txt"), &data("missing.txt")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
}

/// A ratio that does not exist is n/a in the tables and null in the JSON,
/// as compare writes it, not `0.00x` and 0: with a budget of one node every
/// rung stops on the hard puzzle, every mean is a lower bound, and there is
/// no fastest rung to divide by.
#[test]
fn ladder_writes_a_missing_ratio_as_n_a_and_null() {
    let dir = temp_dir("no-ratio");
    let text = ladder_report(
        &["1", "--node-budget", "1", "--set", &data("hard.txt")],
        &dir,
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("ladder.json")).unwrap()).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 2, "two rungs on one set");
    for row in rows {
        assert_eq!(row["lower_bound"], true, "{row}");
        assert!(row["ratio_to_fastest"].is_null(), "{row}");
    }
    // An empty CSV field, as a null is.
    let mut csv = csv::Reader::from_path(dir.join("ladder.csv")).unwrap();
    let ratio = csv
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "ratio_to_fastest")
        .expect("a ratio_to_fastest column");
    for record in csv.records() {
        let record = record.unwrap();
        assert_eq!(&record[ratio], "", "{record:?}");
    }
    let md = std::fs::read_to_string(dir.join("ladder.md")).unwrap();
    for table in [&text, &md] {
        assert!(!table.contains("0.00x"), "{table}");
        let rungs: Vec<&str> = table.lines().filter(|l| l.contains("prop:mrv/")).collect();
        assert_eq!(rungs.len(), 2, "{table}");
        for line in rungs {
            // The ratio is the last column.
            let cells: Vec<&str> = line
                .split('|')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            assert_eq!(cells.last(), Some(&"n/a"), "{line}");
        }
    }
}

#[test]
fn ladder_tables_and_chart_keep_rung_order_and_labels_apart() {
    let dir = temp_dir("order");
    // Rules named out of order: the tables and the lines follow the ladder.
    let out = lab()
        .args(["ladder", "--branching", "fewest,mrv", "--rules"])
        .args(["subsets,none,hidden,fc", "--no-progress", "--rounds", "1"])
        .arg("--set")
        .args([data("tiny.txt"), data("hard.txt")])
        .arg("--report")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let ladder = [
        "prop:mrv/none",
        "prop:mrv/fc",
        "prop:mrv/hidden",
        "prop:mrv/subsets",
        "prop:fewest/none",
        "prop:fewest/fc",
        "prop:fewest/hidden",
        "prop:fewest/subsets",
    ];
    for table in text.split(" puzzles\n").skip(1) {
        let at: Vec<usize> = ladder
            .iter()
            .map(|r| table.find(&format!(" {r} ")).unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{table}");
    }
    // The chart, laid out again from the JSON rows it was drawn from.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("ladder.json")).unwrap()).unwrap();
    let points: Vec<sudoku_reports::ladder_chart::Point> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|r| sudoku_reports::ladder_chart::Point {
            set: r["set"].as_str().unwrap().into(),
            branching: r["branching"].as_str().unwrap().into(),
            branching_rank: r["branching_rank"].as_u64().unwrap() as usize,
            rule: r["rules"].as_str().unwrap().into(),
            rule_rank: r["rules_rank"].as_u64().unwrap() as usize,
            guesses: r["guesses_per_puzzle"].as_f64().unwrap(),
            us: r["us_per_puzzle"].as_f64().unwrap(),
            us_interval: r["us_per_puzzle_ci95"]
                .as_array()
                .map(|c| (c[0].as_f64().unwrap(), c[1].as_f64().unwrap())),
        })
        .collect();
    let layout = sudoku_reports::ladder_chart::layout("The pruning ladder", &points);
    let svg = std::fs::read_to_string(dir.join("ladder.svg")).unwrap();
    assert_eq!(svg, sudoku_reports::ladder_chart::draw(&layout));
    assert_eq!(layout.panels.len(), 2, "one panel per set");
    for panel in &layout.panels {
        let branchings: Vec<&str> = panel.lines.iter().map(|l| l.branching.as_str()).collect();
        assert_eq!(branchings, ["mrv", "fewest"]);
        let marks: Vec<_> = panel.lines.iter().flat_map(|l| &l.marks).collect();
        for line in &panel.lines {
            let rules: Vec<&str> = line.marks.iter().map(|m| m.rule.as_str()).collect();
            assert_eq!(rules, ["none", "fc", "hidden", "subsets"], "{}", panel.set);
        }
        for (i, a) in marks.iter().enumerate() {
            assert!(a.label.inside(&panel.plot), "{}", a.rule);
            for (j, b) in marks.iter().enumerate() {
                assert!(!a.label.overlaps(&b.dot), "label {i} covers point {j}");
                assert!(
                    b.bar.is_none_or(|bar| !a.label.overlaps(&bar)),
                    "label {i} covers bar {j}"
                );
                assert!(i == j || !a.label.overlaps(&b.label), "labels {i} and {j}");
            }
        }
    }
}

/// The lecture's rule (issue 41): `ladder`'s default text fits 80 columns
/// where the terminal's width cannot be known, on a real run of every rung
/// (the longest ids) with budget hits (cells marked as lower bounds);
/// `--wide` shows every column.
#[test]
fn ladder_fits_80_columns_by_default() {
    // As a user types it, from the repository's root (the path is echoed).
    let top95 = "puzzles/top95.txt";
    let run = |wide: bool| {
        let mut cmd = lab();
        cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."));
        cmd.args(["ladder", "--no-progress", "--rounds", "1"])
            .args(["--limit-puzzles", "3", "--node-budget", "300", "--set"])
            .arg(top95);
        if wide {
            cmd.arg("--wide");
        }
        let out = cmd.env_remove("COLUMNS").output().unwrap();
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(false);
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "wider than 80 columns: {line}\n{text}"
        );
    }
    assert!(text.contains("prop:fewest/subsets"), "{text}");
    assert!(text.contains(">= "), "some rung hit its budget: {text}");
    assert!(text.contains("--wide shows every column"), "{text}");
    let wide = run(true);
    assert!(wide.lines().any(|l| l.chars().count() > 80), "{wide}");
    assert!(
        wide.contains("naked singles") && wide.contains("eliminated"),
        "{wide}"
    );
}

/// One convention for every command (issue 44): `--format json` and `csv`
/// print the rows `--report` writes, so a program reads them from a pipe.
#[test]
fn ladder_prints_its_rows_as_json_or_csv() {
    let dir = temp_dir("format");
    let printed = ladder_report(&["1", "--set", &data("tiny.txt"), "--format", "json"], &dir);
    assert_eq!(
        printed,
        std::fs::read_to_string(dir.join("ladder.json")).unwrap()
    );
    let rows: serde_json::Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 2, "two rungs on one set");
    let printed = ladder_report(&["1", "--set", &data("tiny.txt"), "--format", "csv"], &dir);
    assert_eq!(
        printed,
        std::fs::read_to_string(dir.join("ladder.csv")).unwrap()
    );
    let lines: Vec<&str> = printed.lines().collect();
    assert!(lines[0].starts_with("set,"), "{printed}");
    assert_eq!(lines.len(), 3, "a header and two rows: {printed}");
}

/// `scaling` follows the same convention: its points as JSON (the
/// `scaling.json` it writes) or CSV, one line per strategy and side.
#[test]
fn scaling_prints_its_points_as_json_or_csv() {
    let dir = temp_dir("scaling");
    let puzzles = crate::common::root().join("puzzles");
    let scaling = |format: &str| {
        let (code, out, err) = crate::common::run(
            &[
                "scaling",
                "--strategies",
                "dlx",
                "--limit-puzzles",
                "1",
                "--rounds",
                "1",
                "--no-progress",
                "--format",
                format,
                "--puzzles",
                puzzles.to_str().unwrap(),
                "--report",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        out
    };
    let printed = scaling("json");
    assert_eq!(
        printed,
        std::fs::read_to_string(dir.join("scaling.json")).unwrap()
    );
    let json: serde_json::Value = serde_json::from_str(&printed).unwrap();
    let sides: Vec<u64> = json["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["side"].as_u64().unwrap())
        .collect();
    assert_eq!(sides, [4, 6, 8, 9, 12, 16, 20, 25]);
    let printed = scaling("csv");
    let lines: Vec<&str> = printed.lines().collect();
    assert!(lines[0].starts_with("side,set,strategy,"), "{printed}");
    assert_eq!(lines.len(), 9, "a header and one line per side: {printed}");
}
