//! The `solve`, `count` and `list` contract that scripts build on.

use predicates::prelude::*;
use std::io::Write;

const INKALA: &str =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
const FOUR: &str = "..3..4.221......";

use crate::common::lab;

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = crate::common::scratch_path("sudoku-lab-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    path
}

#[test]
fn line_format_prints_solution_and_verdict() {
    lab()
        .args(["solve", "--strategy", "naive", "--format", "line", INKALA])
        .assert()
        .success()
        .stdout(format!("{INKALA_SOLUTION} unique\n"));
}

#[test]
fn stats_are_plain_name_value_lines() {
    let out = lab()
        .args([
            "solve",
            "--strategy",
            "naive",
            "--format",
            "line",
            "--limit",
            "1",
            "--stats",
            INKALA,
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!("{INKALA_SOLUTION} unknown"),
        "--limit 1 cannot prove uniqueness"
    );
    assert!(lines.contains(&"nodes: 49559"), "{text}");
    assert!(lines.contains(&"placements: 49558"), "{text}");
    assert!(lines.contains(&"solutions: 1"), "{text}");
    assert!(lines.contains(&"stopped: solution-limit"), "{text}");
    assert!(lines.iter().skip(1).all(|l| l
        .split_once(": ")
        .is_some_and(|(_, v)| v.parse::<u64>().is_ok()
            || v.chars().all(|c| c.is_ascii_lowercase() || c == '-'))));
}

#[test]
fn one_bad_line_does_not_stop_the_file() {
    let bad = format!("{FOUR}\n{}\n{INKALA}\n11{}\n", &INKALA[..80], &INKALA[2..]);
    let path = temp_file("mixed.txt", &bad);
    lab()
        .args(["solve", "--strategy", "naive", "--format", "line"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!(
            "1234341221434321 unique\n- invalid\n{INKALA_SOLUTION} unique\n- invalid\n"
        ))
        .stderr(predicate::str::contains(
            "mixed.txt:2: wrong length: 80 symbols",
        ))
        .stderr(predicate::str::contains(
            "mixed.txt:4: conflicting givens: digit 1 appears twice in row 1",
        ));
}

#[test]
fn stdin_and_multiple_solutions() {
    lab()
        .args(["solve", "--format", "line", "--strategy", "naive", "-"])
        .write_stdin("................\n")
        .assert()
        .success()
        .stdout(predicate::str::ends_with(" multiple\n"));
}

#[test]
fn node_budget_gives_unknown_and_status_1() {
    lab()
        .args([
            "solve",
            "--strategy",
            "naive",
            "--format",
            "line",
            "--node-budget",
            "1000",
            INKALA,
        ])
        .assert()
        .code(1)
        .stdout("- unknown\n");
}

#[test]
fn pretty_format_draws_the_grid_and_says_the_verdict() {
    lab()
        .args(["solve", "--strategy", "naive", "--format", "pretty", FOUR])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n",
        ))
        .stdout(predicate::str::contains("unique solution"));
}

#[test]
fn count_counts_all_solutions() {
    lab()
        .args(["count", "--strategy", "naive", "................"])
        .assert()
        .success()
        .stdout("288 exactly\n");
    lab()
        .args([
            "count",
            "--strategy",
            "naive",
            "--limit",
            "10",
            "................",
        ])
        .assert()
        .success()
        .stdout("10 at least (solution limit)\n");
}

#[test]
fn usage_and_io_errors_exit_2() {
    lab()
        .args(["solve", "--strategy", "nosuch", INKALA])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("naive"));
    lab()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no such file"));
    lab()
        .args(["solve", "--time-budget", "soon", INKALA])
        .assert()
        .code(2);
    lab().args(["frobnicate"]).assert().code(2);
}

#[test]
fn empty_file_is_an_error_naming_the_file() {
    let path = temp_file("empty.txt", "# nothing here\n");
    lab()
        .args(["solve", "--format", "line"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty.txt: no puzzles found"));
}

#[test]
fn binary_garbage_is_reported_not_a_crash() {
    let dir = crate::common::scratch_path("sudoku-lab-cli-bin");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("garbage.bin");
    let bytes: Vec<u8> = (0..2000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    std::fs::write(&path, bytes).unwrap();
    let out = lab()
        .args(["solve", "--format", "line"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).contains("garbage.bin:1:"));
}

#[test]
fn list_names_every_strategy() {
    lab()
        .arg("list")
        .assert()
        .success()
        .stdout(predicate::str::contains("naive"));
}

/// `--format json` on the three commands scripts read: one object per puzzle
/// (JSON Lines) for `solve` and `count`, an array for `list`; a bad line is a
/// record of its own and the exit status still says so.
#[test]
fn json_formats_are_records_a_script_can_read() {
    let file = temp_file("json.txt", &format!("{INKALA}\nnot a puzzle\n{FOUR}\n"));
    let out = lab()
        .args(["solve", "--strategy", "dlx", "--format", "json", "--stats"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "the bad line fails the run");
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["verdict"], "unique");
    assert_eq!(records[0]["solution"], INKALA_SOLUTION);
    assert_eq!(records[0]["line"], 1);
    assert!(records[0]["stats"]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(records[1]["verdict"], "invalid");
    assert_eq!(records[1]["line"], 2);
    assert_eq!(
        records[2]["givens"], 5,
        "..3..4.221...... holds five digits"
    );

    let out = lab()
        .args([
            "count",
            "--strategy",
            "naive",
            "--format",
            "json",
            "--limit",
            "10",
        ])
        .args(["................", FOUR])
        .output()
        .unwrap();
    assert!(out.status.success());
    let counts: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(counts[0]["count"], 10);
    assert_eq!(counts[0]["exact"], false);
    assert_eq!(counts[1]["count"], 1);
    assert_eq!(counts[1]["exact"], true);

    let out = lab().args(["list", "--format", "json"]).output().unwrap();
    let listed: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let text = lab().arg("list").output().unwrap().stdout;
    assert_eq!(
        listed.len(),
        String::from_utf8(text).unwrap().lines().count()
    );
    let dlx = listed.iter().find(|s| s["id"] == "dlx").unwrap();
    assert_eq!(dlx["exact_cover"], true);
    assert!(listed.iter().all(|s| s["floor"] == false), "null is hidden");
}
